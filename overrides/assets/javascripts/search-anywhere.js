/* bridge-laws search from /search/ (the English interface, and the header box of English
 * pages): a query in any language.  Its language is told from its letters, its provision form
 * and its words (search/engine/detect.js; letters and weights from content/search.toml [detect],
 * words from the corpus, all in the page's data, written by bridgelaws/search/detection.py): when
 * one language leads it opens that language's search page; else each likely language's best
 * results show side by side in #search-by-language (one after another on phones), each with a
 * link to all its results, the likeliest language's first, each shown as it comes, and once all are
 * shown #search-by-language carries data-query="<the query>".  An
 * English query ("revoke") is said to be English, the site having no English text of the Laws,
 * beside every language's best results: its concepts' laws in each.
 * The search itself is the engine a language's page runs (search/engine/), one per language
 * shown.  search-start.js imports this module when the page needs it. */
import { detector } from "./search/engine/detect.js";
import { searchEngine } from "./search/engine/engine.js";
import { laterThanEarly, nextRound, placeEarly, placeLater, resultGroups } from "./search/engine/placement.js";
import { format, searchable } from "./search/engine/text.js";
import { form, input, io, pageData, statusLine, strings, syncUrl } from "./search/page/page-data.js";
import { addEditions, element, filledHit, renderHit } from "./search/page/render.js";

// -- /search/: to the query's language, or each likely language side by side ------------------------

const engines = new Map();

/** A language's engine, from its search page's data (the file beside the page, fetched once;
 * kept offline with the language). */
async function engineFor(lang, detect) {
  if (!engines.has(lang)) {
    engines.set(
      lang,
      (async () => {
        const response = await fetch(new URL(detect.dataUrls[lang], location.href));
        if (!response.ok) throw new Error(`${response.status} ${detect.dataUrls[lang]}`);
        return searchEngine(await response.json(), io);
      })(),
    );
  }
  return engines.get(lang);
}

/** A language's first Pagefind files (its script, WebAssembly, entry and meta files) asked for
 * at once, as its search page has them in its <head>, where Pagefind would ask for its script,
 * then for them, one round trip after the other (the data's `pagefind`: bridgelaws/search/
 * pagefind.py name_first_files); each once.  Once the language's data has come: a provision
 * ("12C1(b)") is answered from it, without Pagefind. */
function preloadPagefind(lang, detect) {
  if (detect.pagefind && detect.pagefind[lang]) io.preloadPagefind(lang, detect.pagefind[lang]);
}

function fullResults(lang, query, detect) {
  const url = new URL(detect.searchUrls[lang], location.href);
  url.searchParams.set("q", query);
  return url.pathname + url.search;
}

/** Reads `ranked` (Pagefind's pages) into the block's results until it has as many as it shows:
 * each page read is a fragment fetched on the first search.  A first round of side_by_side_pages
 * pages per result still wanted (a law's editions are one result), then as many as nextRound
 * says; never more than fragments_per_round pages in all, the one round it read before, and no
 * round after one that found nothing (the pages ranked below it are likelier still to hold none,
 * as on a language's first page: session.js).  An English query's words are rarely in the
 * texts, so a fixed round would read many pages that hold none of them. */
async function readPages(engine, ranked, forms, order, add) {
  const { fragments_per_round: most, side_by_side: SHOWN, side_by_side_pages: PER_RESULT, min_round: fewest } = engine.rules;
  const last = Math.min(most, ranked.length);
  let from = 0;
  let count = Math.min(most, Math.max(fewest, PER_RESULT * (SHOWN - order.length)));
  while (order.length < SHOWN && from < last) {
    const before = order.length;
    const batch = await engine.textHits(ranked, from, Math.min(count, last - from), forms);
    from += count;
    batch.forEach((hit) => add(hit));
    if (!batch.length) break;
    count = nextRound(count, order.length - before, SHOWN - order.length, engine.rules);
  }
}

/** One language's block: its name, its best results, a link to all of them.  `show(section)`
 * puts it on the page before its texts are read when a concept or situation answers the whole
 * query: its governing laws come with the language's concepts' files and their snippets.json,
 * while Pagefind (its WebAssembly, index and fragments) loads; the texts come under them, and
 * nothing shown moves (as on a language's page: session.js).  `english`: the query was said to
 * be English, and the concepts' English words are asked for with the concepts' files. */
async function languageBlock(lang, query, detect, english, show) {
  const section = element("section", "search-by-language__block");
  section.lang = lang;
  const heading = element("h2", "search-by-language__name", detect.names[lang]);
  const list = element("ol", "search-results");
  section.append(heading, list);
  try {
    const engine = await engineFor(lang, detect);
    if (!engine.isProvision(query)) preloadPagefind(lang, detect); // a provision needs no Pagefind
    if (english) engine.prefetchEnglish(query);
    const named = await engine.namedResults(query, "");
    const { groups, order, add } = resultGroups();
    const { fragments_per_round: round, side_by_side: SHOWN } = engine.rules; // search.toml [engine]
    named.hits.forEach((hit) => add(hit));
    const shown = []; // the keys shown before the texts, in order
    const items = [];
    if (named.answered) {
      shown.push(...order.slice(0, Math.min(SHOWN, placeEarly(named.later, add, order))));
      const mark = engine.marker(query);
      items.push(...(await Promise.all(shown.map((key) => filledHit(groups.get(key).hit, groups.get(key).others, mark)))));
      list.append(...items);
      if (items.length) show(section);
    }
    const { ranked, forms, failure, pagefind } = await engine.wordResults(query, "", named);
    if (order.length < SHOWN && ranked.length) await readPages(engine, ranked, forms, order, add);
    if (!order.length && ranked.length && ranked.length <= round) {
      // every page found fit none of the words once read: the pages with some of them, as a
      // language's page reads them (session.js)
      const some = await engine.someWordResults(query, "", ranked, pagefind);
      if (some.ranked.length) await readPages(engine, some.ranked, some.forms, order, add);
    }
    placeLater(laterThanEarly(named.later, shown.length), add, order);
    // a law shown early, found in another edition's text too: that edition in its line
    items.forEach((item, at) => addEditions(item, groups.get(shown[at])));
    // the rest under what is shown, which stays where it is
    const rest = order.filter((key) => !shown.includes(key)).slice(0, SHOWN - shown.length);
    for (const key of rest) list.append(renderHit(groups.get(key).hit, groups.get(key).others));
    if (failure) section.append(element("p", "search-status", failure));
    else if (!order.length) section.append(element("p", "search-status", format(strings.search_no_results, { q: query })));
  } catch (error) {
    section.append(element("p", "search-status", format(strings.search_offline, { error: error.message || error })));
  }
  const all = element("a", "search-by-language__all", format(strings.search_all_in, { language: detect.names[lang] }));
  all.href = fullResults(lang, query, detect);
  all.hreflang = lang;
  section.append(all);
  return section;
}

/** Resolves once what was just put on the page has been painted (the frame after it), or after
 * FRAME_WAIT ms when no frame comes (a page in the background): the next language's Pagefind
 * files are asked for once the block before it is shown, not while the main thread still has to
 * paint it (on a busy phone they would arrive first and hold the paint back). */
const FRAME_WAIT = 100;
function shown() {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, FRAME_WAIT);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}

/** /search/ opened (search-start.js calls it once this has loaded): the form wired to the
 * detection; `asked`: the box's query was asked for (the address's, or submitted while this
 * loaded), and goes to its language now.  A query only typed waits for its submit. */
export function openRootPage(asked) {
  rootPage(pageData, asked);
}

function rootPage(detect, asked) {
  const blocks = document.getElementById("search-by-language");
  // the query's language, from the page's data and the files it names (read once each)
  const detected = detector(detect, (path) => io.fetchJson(new URL(path, location.href).href, null));

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
    const place = (section) => {
      if (token !== current || section.isConnected) return;
      blocks.append(section);
      if (statusLine.textContent !== said) statusLine.textContent = said;
      // once the first block is painted (not while the main thread still has to paint it), the
      // other blocks' data (a few KB each) is asked for, all at once: each of them then waits for
      // its Pagefind files only; languageBlock says a failure
      shown().then(() => found.candidates.forEach((lang) => engineFor(lang, detect).catch(() => {})));
    };
    for (const lang of found.candidates) {
      place(await languageBlock(lang, query, detect, found.english, place));
      if (token !== current) return;
      await shown();
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
