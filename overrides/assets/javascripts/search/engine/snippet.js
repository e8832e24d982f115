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

  function snippetAround(words, at, locations, printed = () => false) {
    const marked = new Set((locations || []).map((spot) => shownAt(words, spot)));
    const shown = [];
    words.forEach((word, index) => {
      if (!isPart(word)) shown.push(index);
    });
    const centre = Math.max(0, shown.indexOf(shownAt(words, at)));
    const from = Math.max(0, centre - 12);
    const to = Math.min(shown.length, centre + 16);
    const parts = [];
    if (from > 0) parts.push(["… ", false]);
    // a hidden part stood between a word and the punctuation after it ("pelitavalla ⁘tapa ."):
    // the page prints them together, so the snippet does
    const glued = (i) => i + 1 < to && shown[i + 1] > shown[i] + 1 && CLOSING.test(words[shown[i + 1]]);
    for (let i = from; i < to; i++) parts.push([words[shown[i]] + (i + 1 < to && !glued(i) ? " " : ""), marked.has(shown[i]) || printed(words[shown[i]])]);
    if (to < shown.length) parts.push([" …", false]);
    return parts;
  }

  return { bestLocation, isPart, shownAt, snippetAround };
}
