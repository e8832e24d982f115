/* bridge-laws search engine: where a Pagefind page sends the reader and the snippet cut around
 * it.  A compound's parts are indexed beside it as words starting with data.partMark
 * (kilpailunjohtajalle ⁘johtaja): they are found, never shown; a matched part marks its compound.
 * Pure: a loaded page's words and locations in, an anchor and [[text, marked], …] out. */

/** The snippets of one language's pages: its data (data.json) and its forms (queryForms). */
export function snippetCutter(data, forms) {
  const { wordFit, bare } = forms;

  function bestSubResult(result) {
    let best = null;
    let bestScore = -1;
    for (const sub of result.sub_results || []) {
      const score = (sub.weighted_locations || []).reduce((sum, spot) => sum + spot.balanced_score, 0);
      if (score > bestScore) {
        best = sub;
        bestScore = score;
      }
    }
    return best;
  }

  /** Where to send the reader: the best-fitting match inside the best section, and the
   * innermost element with an id that holds it (a provision #13D2a, a term #def-alert). */
  function bestLocation(page, forms) {
    const words = page.content.split(/\s+/);
    const sub = bestSubResult(page);
    const inSub = sub && sub.locations && sub.locations.length ? sub.locations : [];
    // the best section's matches, or the page's when none of those fits (its matches are the
    // first query's; another query's fit elsewhere: withAlso)
    let best = (inSub[0] ?? (page.locations || [])[0]) ?? 0;
    let bestFit = -1;
    for (const candidates of [inSub, page.locations || []]) {
      for (const at of candidates) {
        const fit = Math.max(0, ...forms.map((variants) => wordFit(bare(words[at]), variants)));
        if (fit > bestFit) {
          best = at;
          bestFit = fit;
        }
      }
      if (bestFit > 0) break;
    }
    best = shownAt(words, best);
    const holder = (page.anchors || []).filter((anchor) => anchor.location <= best && anchor.id).pop();
    return { at: best, anchor: holder ? holder.id : "", words };
  }

  const PART = data.partMark || "\u2058";
  const isPart = (word) => word.startsWith(PART);

  /** The shown word a location stands for: a hidden part's compound (the word before the parts). */
  function shownAt(words, at) {
    while (at > 0 && isPart(words[at])) at--;
    return at;
  }

  /** A snippet around the chosen match, matched words marked: [[text, marked], …]; only the
   * page's own words (no hidden part).  Marked: the words at `locations` (a hidden part's, its
   * compound), and those `printed(word)` says are the query's. */
  const CLOSING = /^[.,;:!?)\]”’»]+$/u; // punctuation printed after a word, no space between

  const BEFORE = 12; // shown words before the match
  const FROM_MATCH = 16; // shown words from the match on

  /** The indexes of the shown words around `at` (BEFORE before it, FROM_MATCH from it), found
   * by walking out from it, not by listing a whole page's words (a law's page has thousands, and
   * each of a first page's twelve is cut); whether there are more before and after them. */
  function windowAround(words, at) {
    const centre = shownAt(words, at);
    const before = [];
    for (let index = centre - 1; index >= 0 && before.length <= BEFORE; index--) if (!isPart(words[index])) before.push(index);
    const after = [];
    for (let index = centre; index < words.length && after.length <= FROM_MATCH; index++) if (!isPart(words[index])) after.push(index);
    const shown = [...before.slice(0, BEFORE).reverse(), ...after.slice(0, FROM_MATCH)];
    return { shown, earlier: before.length > BEFORE, later: after.length > FROM_MATCH };
  }

  function snippetAround(words, at, locations, printed = () => false) {
    const marked = new Set((locations || []).map((spot) => shownAt(words, spot)));
    const { shown, earlier, later } = windowAround(words, at);
    const to = shown.length;
    const parts = [];
    if (earlier) parts.push(["… ", false]);
    // a hidden part stood between a word and the punctuation after it ("pelitavalla ⁘tapa ."):
    // the page prints them together, so the snippet does
    const glued = (i) => i + 1 < to && shown[i + 1] > shown[i] + 1 && CLOSING.test(words[shown[i + 1]]);
    for (let i = 0; i < to; i++) parts.push([words[shown[i]] + (i + 1 < to && !glued(i) ? " " : ""), marked.has(shown[i]) || printed(words[shown[i]])]);
    if (later) parts.push([" …", false]);
    return parts;
  }

  return { bestLocation, isPart, shownAt, snippetAround };
}
