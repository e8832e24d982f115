/* bridge-laws search from /search/ (the English interface, and the header box of English
 * pages): a query in any language.  Its language is told from its letters, its provision form
 * and its words (search/engine/detect.js; letters and weights from content/search.toml [detect],
 * words from the corpus, all in the page's data, written by bridgelaws/search/detection.py): when
 * one language leads it opens that language's search page; else each likely language's best
 * results show side by side in #search-by-language (one after another on phones), each with a
 * link to all its results, the likeliest language's first, each shown as it comes, and once all are
 * shown #search-by-language carries data-query="<the query>".  An
 * English query ("revoke") is said to be English, the site having no English text of the Laws,
 * beside every language's best results: its concepts' laws in each, the reader's languages (the
 * browser's) first.
 * The search itself is the engine a language's page runs (search/engine/), one per language
 * shown, in search/page/language-block.js, which loads beside this module (a file of its own in
 * the built site) and is first needed once a query is of no one language.  search-start.js
 * imports this module when the page needs it. */
import { detector, readersLanguages } from "./search/engine/detect.js";
import { format, searchable } from "./search/engine/text.js";
import { form, input, io, pageData, statusLine, strings, syncUrl } from "./search/page/page-data.js";
import { onScreen, painted } from "./search/page/paint.js";

/** The language blocks' module with the engine (search/page/language-block.js), asked for as this
 * module runs: it loads while the query's language is told (the words' files), which needs only
 * this one.  A query of one language goes to its page, where that page's own script searches. */
const blockModule = import("./search/page/language-block.js");
blockModule.catch(() => {}); // offline and never kept: said when a query needs it (route)

// -- /search/: to the query's language, or each likely language side by side ------------------------

/** A language's search data (the file beside its search page), asked for once; kept offline with
 * the language.  Asked for here, as soon as a query is known to be of no one language, while the
 * module that searches with it (search/page/language-block.js) is still loading. */
const languageFiles = new Map();
function languageData(lang, detect) {
  if (!languageFiles.has(lang)) {
    const path = detect.dataUrls[lang];
    languageFiles.set(
      lang,
      fetch(new URL(path, location.href)).then((response) => {
        if (!response.ok) throw new Error(`${response.status} ${path}`);
        return response.json();
      }),
    );
  }
  return languageFiles.get(lang);
}

/** Asks for a language's search data now, for later: its failure is said by the block that reads it. */
function askFor(lang, detect) {
  languageData(lang, detect).catch(() => {});
}

/** A language's first Pagefind files (its script, WebAssembly, entry and meta files) asked for
 * at once, as its search page has them in its <head>, where Pagefind would ask for its script,
 * then for them, one round trip after the other (the data's `pagefind`: bridgelaws/search/
 * pagefind.py name_first_files); each once. */
function preloadPagefind(lang, detect) {
  if (detect.pagefind && detect.pagefind[lang]) io.preloadPagefind(lang, detect.pagefind[lang]);
}

/** The address of a language's search page with the query: where a query of that language goes,
 * and each block's link to all its results. */
function fullResults(lang, query, detect) {
  const url = new URL(detect.searchUrls[lang], location.href);
  url.searchParams.set("q", query);
  return url.pathname + url.search;
}

/** /search/ opened (search-start.js calls it once this has loaded): the form wired to the
 * detection; `asked`: the box's query was asked for (the address's, or submitted while this
 * loaded), and goes to its language now.  A query only typed waits for its submit. */
export function openRootPage(asked) {
  rootPage(pageData, asked);
}

function rootPage(detect, asked) {
  const blocks = document.getElementById("search-by-language");
  // the query's language, from the page's data and the files it names (read once each); an
  // English query's blocks in the reader's languages first (the browser's)
  const readers = readersLanguages(navigator.languages || [navigator.language || ""], detect);
  const detected = detector({ ...detect, readers }, (path) => io.fetchJson(new URL(path, location.href).href, null));

  let current = 0; // the latest query: an older one that finishes later shows nothing

  async function route(typed) {
    const token = ++current;
    blocks.replaceChildren();
    blocks.removeAttribute("aria-busy"); // an earlier query's, left busy when this one came
    delete blocks.dataset.query;
    const query = searchable(typed.trim(), detect.maxQuery);
    if (!query) return;
    syncUrl(typed, "", detect.maxQuery);
    const found = await detected(query);
    if (token !== current) return;
    blocks.dataset.detected = found.lang || (found.english ? "en" : found.candidates.join(" "));
    if (found.lang) {
      statusLine.textContent = format(strings.search_going_to, { language: detect.names[found.lang] });
      location.replace(fullResults(found.lang, query, detect));
      return;
    }
    statusLine.textContent = strings.search_loading;
    blocks.setAttribute("aria-busy", "true");
    // the first block's files, all at once: its language's data, and (for a query citing no
    // provision: a provision has a number, and is answered from the data) its Pagefind files, the
    // heaviest, which would otherwise wait for the data and the engine.  An English query's
    // first block asks for them once its concepts' laws are shown (asked.textsLater): they are
    // what it asked for, and Pagefind's 80 KB would share the network with their small files
    const textsLater = (lang) => found.english && lang === found.candidates[0];
    askFor(found.candidates[0], detect);
    if (!/\d/.test(query) && !textsLater(found.candidates[0])) preloadPagefind(found.candidates[0], detect);
    let languageBlock;
    try {
      ({ languageBlock } = await blockModule);
    } catch (error) {
      // offline, and the module never kept: said as a block says a failure
      if (token === current) statusLine.textContent = format(strings.search_offline, { error: error.message || error });
      blocks.removeAttribute("aria-busy");
      return;
    }
    if (token !== current) return;
    // the grid's columns as they will be with every block, set before the first is shown, so
    // that none shown moves when the next comes (laws.css)
    blocks.style.setProperty("--languages", found.candidates.length);
    // one language at a time (Pagefind's instances share its WebAssembly memory), the likeliest
    // first, each block shown as it comes: the first results wait for one language's Pagefind
    // files only, the next language's are asked for once they are shown; the status line says
    // what the blocks are with the first, and stays: written once, not again with each block (a
    // line written again is painted again, and a phone's largest text may be this line: its
    // Largest Contentful Paint would wait for the last language's block)
    const said = format(found.english ? strings.search_english : strings.search_undecided, { q: query });
    // a block put on the page; resolves once it is on the screen (its heading's paint presented)
    const place = (section) => {
      if (token !== current || section.isConnected) return Promise.resolve();
      const shown = onScreen(section.firstElementChild);
      blocks.append(section);
      if (blocks.childElementCount > 1) return shown;
      statusLine.textContent = said;
      // once the first block is on the screen (not while it is still to be painted, nor while
      // that paint is still on its way to the screen), the other blocks' data (a few KB each) is
      // asked for, all at once: each of them then waits for its Pagefind files only
      shown.then(() => found.candidates.forEach((lang) => askFor(lang, detect)));
      return shown;
    };
    const asked = {
      query,
      detect,
      english: found.english,
      textsLater,
      data: (lang) => languageData(lang, detect),
      pagefind: (lang) => preloadPagefind(lang, detect),
      allUrl: (lang) => fullResults(lang, query, detect),
    };
    for (const lang of found.candidates) {
      place(await languageBlock(lang, asked, place));
      if (token !== current) return;
      await painted();
      if (token !== current) return;
    }
    blocks.removeAttribute("aria-busy");
    blocks.dataset.query = typed;
  }

  form.addEventListener("submit", (event) => {
    if (event.submitter && event.submitter.hasAttribute("formaction")) return; // a language chosen by hand
    event.preventDefault();
    route(input.value);
  });
  if (asked && input.value) route(input.value);
}
