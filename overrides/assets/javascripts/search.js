/* bridge-laws search: /<lang>/search/?q=QUERY[&edition=2007], and /search/?q=QUERY
 *
 * The engine a language's search page loads (search-start.js imports it when the page needs it:
 * a query in its address, or the reader's first sign of intent).  The search is ES modules
 * under search/, by what they do:
 *  - search/engine/: the search of one language's texts (engine.js's searchEngine(data, io)):
 *    provision queries, the term base's concepts and situations, Pagefind's word results, where
 *    each goes.  They touch no DOM and fetch nothing themselves: their I/O is `io`, so the same
 *    engine runs on the page and under Node (tests/js/).
 *  - search/page/: the page: its data and form (page-data.js), the browser's I/O
 *    (browser-io.js), results as DOM (render.js) and a language's search page (language-page.js).
 * /search/ runs search-anywhere.js, which imports the engine, the rendering and
 * the language detection (search/engine/detect.js) from here: the query's language, or each
 * likely language side by side.
 *
 * The rules of references (their syntax, ancestors, printed form), result keys and labels, the
 * number of laws and URLs are Python's: the data gives them, these scripts copy none of them. */
import { searchEngine as engineOf } from "./search/engine/engine.js";
import { yieldToMain } from "./search/engine/tasks.js";
import { languagePage } from "./search/page/language-page.js";
import { io, pageData } from "./search/page/page-data.js";

export { detector } from "./search/engine/detect.js";
export { laterThanEarly, nextRound, placeEarly, placeLater, resultGroups } from "./search/engine/placement.js";
export { format, searchable } from "./search/engine/text.js";
export { syncUrl } from "./search/page/language-page.js";
export { form, input, io, pageData, statusLine, strings } from "./search/page/page-data.js";
export { addEditions, element, filledHit, renderHit } from "./search/page/render.js";

/** The search of one language's texts from its search page's data, reading through the page. */
export function searchEngine(data) {
  return engineOf(data, io);
}

/** A language's search page opened: its engine made from the page's data, the form wired to it,
 * what the box holds searched (search-start.js calls it once this has loaded, and waits for it;
 * /search/ imports this module for its parts).  The engine is made in a task of its own, not in
 * the one that evaluated these modules (search/engine/tasks.js). */
export async function openLanguagePage() {
  await yieldToMain();
  languagePage(searchEngine(pageData));
}
