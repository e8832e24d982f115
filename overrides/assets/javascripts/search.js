/* bridge-laws search: /<lang>/search/?q=QUERY[&edition=2007]
 *
 * The engine a language's search page loads (search-start.js imports it when the page needs it:
 * a query in its address, or the reader's first sign of intent).  The search is ES modules
 * under search/, by what they do:
 *  - search/engine/: the search of one language's texts (engine.js's searchEngine(data, io)):
 *    provision queries, the term base's concepts and situations, Pagefind's word results, where
 *    each goes.  They touch no DOM and fetch nothing themselves: their I/O is `io`, so the same
 *    engine runs on the page and under Node (tests/js/).
 *  - search/page/: the page: its data, form and address (page-data.js), the browser's I/O
 *    (browser-io.js), results as DOM (render.js) and a language's search page (language-page.js).
 * /search/ runs search-anywhere.js instead, which imports the engine, the rendering and the
 * language detection (search/engine/detect.js) from there: each page's script is built with
 * what it imports inside it (stage5_site/bundle.py), and neither carries the other's page.
 *
 * The rules of references (their syntax, ancestors, printed form), result keys and labels, the
 * number of laws and URLs are Python's: the data gives them, these scripts copy none of them. */
import { searchEngine } from "./search/engine/engine.js";
import { yieldToMain } from "./search/engine/tasks.js";
import { languagePage } from "./search/page/language-page.js";
import { io, pageData } from "./search/page/page-data.js";

/** A language's search page opened: its engine made from the page's data, the form wired to it,
 * what the box holds searched (search-start.js calls it once this has loaded, and waits for
 * it).  The engine is made in a task of its own, not in the one that evaluated these modules
 * (search/engine/tasks.js). */
export async function openLanguagePage() {
  await yieldToMain();
  languagePage(searchEngine(pageData, io));
}
