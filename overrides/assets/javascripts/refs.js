/* bridge-laws: the rules of references, built from the syntax Python gives (data.refs, written
 * by bridgelaws.core.refs syntax_for_script): the provision path's segments in order, each
 * {name, pattern, printed}, and how a regulation's point is written as a reference and as an
 * id.  Only the mechanics are here; search.js and provisions.js import them, and
 * tests/test_refs.py runs this module in Chromium against refs.py. */
export function referenceRules(syntax) {
  const point = syntax.point;
  const pathSource = "^" + syntax.segments.map((segment, i) => `(${segment.pattern})` + (i ? "?" : "")).join("") + "$";
  const path = new RegExp(pathSource);
  const citation = new RegExp(pathSource, "i"); // as a folded query writes it: "12c1b"
  const whole = (pattern) => new RegExp(`^(?:${pattern})$`);
  const head = whole(point.head);
  const part = whole(point.part);

  /** The segments `regex` (path or citation) finds in `text`, "" for a level it lacks; or null. */
  function matched(regex, text) {
    const match = regex.exec(text);
    return match ? match.slice(1).map((value) => value || "") : null;
  }

  /** A law reference's segments: "12C1b" → ["12","C","1","b",""]; or null. */
  function segments(ref) {
    return matched(path, ref);
  }

  /** A citation's segments in any case, as a folded query writes it: "12c1b" → ["12","c","1","b",""]; or null. */
  function citedSegments(text) {
    return matched(citation, text);
  }

  /** The law a provision belongs to, as the data's keys write it: "12C1b" → "12"; or null. */
  function lawOf(ref) {
    const parts = segments(ref);
    return parts ? String(Number(parts[0])) : null;
  }

  /** "12C1eii" → ["12C1eii", "12C1e", "12C1", "12C", "12"]; "point:25.1.A" → [… "point:25"]. */
  function ancestors(ref) {
    if (ref.startsWith(point.prefix)) {
      const steps = ref.slice(point.prefix.length).split(point.separator);
      return steps.map((_, i) => point.prefix + steps.slice(0, steps.length - i).join(point.separator));
    }
    const parts = segments(ref);
    if (!parts) return [ref];
    const chain = [];
    for (let n = parts.length; n > 0; n--) if (parts[n - 1]) chain.push(parts.slice(0, n).join(""));
    return chain;
  }

  /** The id on the page: "point:3.1.A" → "p3-1-A"; a law reference is its own id. */
  function anchorOf(ref) {
    if (!ref.startsWith(point.prefix)) return ref;
    return point.anchorPrefix + ref.slice(point.prefix.length).split(point.separator).join(point.anchorSeparator);
  }

  /** What an id on a page refers to: "p3-1-A" → "point:3.1.A", "13A1" → "13A1"; else null. */
  function refOf(anchor) {
    if (anchor.startsWith(point.anchorPrefix)) {
      const steps = anchor.slice(point.anchorPrefix.length).split(point.anchorSeparator);
      if (head.test(steps[0]) && steps.slice(1).every((step) => part.test(step))) return point.prefix + steps.join(point.separator);
    }
    return path.test(anchor) ? anchor : null;
  }

  /** As the books print it: "12C1b" → "12C1(b)", "point:3.1.A" → "3.1.A". */
  function display(ref) {
    if (ref.startsWith(point.prefix)) return ref.slice(point.prefix.length);
    const parts = segments(ref);
    if (!parts) return ref;
    return parts.map((value, i) => (value ? syntax.segments[i].printed.replace("{}", value) : "")).join("");
  }

  /** An id as readers write its reference: "12C1b" → "12C1(b)", "p3-1-A" → "3.1.A"; "" for other ids. */
  function displayAnchor(anchor) {
    const ref = refOf(anchor);
    return ref === null ? "" : display(ref);
  }

  return { lawOf, citedSegments, ancestors, anchorOf, refOf, display, displayAnchor };
}
// -- end of referenceRules
