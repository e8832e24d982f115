/* bridge-laws search from /search/: one language's block of best results (search-anywhere.js
 * places them), and the language's engine it is searched with (search/engine/, as on the
 * language's own page).  search-anywhere.js asks for this module as it runs, and the query's
 * language is told (search/engine/detect.js) while it loads: the built site serves it as a file
 * of its own (bridgelaws/stage5_site/bundle.py), so the query's language is told without
 * waiting for the engine. */
import { searchEngine } from "../engine/engine.js";
import { yieldToMain } from "../engine/tasks.js";
import { laterThanEarly, nextRound, placeEarly, placeLater, resultGroups } from "../engine/placement.js";
import { format } from "../engine/text.js";
import { io, strings } from "./page-data.js";
import { addEditions, element, filledHit, renderHit } from "./render.js";

const engines = new Map();

/** A language's engine, made once from its search page's data (`data(lang)`: search-anywhere.js
 * asks for it as soon as the query's language is told, before this module has come). */
function engineFor(lang, data) {
  if (!engines.has(lang)) engines.set(lang, data(lang).then((json) => searchEngine(json, io)));
  return engines.get(lang);
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

/** One language's block: its name, its best results, a link to all of them (`asked.allUrl(lang)`).
 * `show(section)` puts it on the page (and resolves once it is on the screen: paint.js onScreen)
 * before its texts are read when a concept or situation answers the whole query: its governing
 * laws come with the language's concepts' files and their snippets.json, while Pagefind (its
 * WebAssembly, index and fragments) loads; the texts come under them, and nothing shown moves
 * (as on a language's page: session.js).  `asked.english`: the query was said to be English, and
 * the concepts' English words are asked for with the concepts' files.
 * `asked.detect`: /search/'s data; `asked.data(lang)`: the language's search data;
 * `asked.pagefind(lang)`: its first Pagefind files asked for (each once), at once, or, where
 * `asked.textsLater(lang)` (an English query's first block), once the laws shown before the
 * texts are on the screen (or found to be none): they do not share the network with them. */
export async function languageBlock(lang, asked, show) {
  const { query, detect, english } = asked;
  const section = element("section", "search-by-language__block");
  section.lang = lang;
  const heading = element("h2", "search-by-language__name", detect.names[lang]);
  const list = element("ol", "search-results");
  section.append(heading, list);
  try {
    const engine = await engineFor(lang, asked.data);
    // the engine made (the language's rules read from its data) in a task of its own, the block's
    // first files asked for and its concepts matched in the next: together one long task
    await yieldToMain();
    const texts = !engine.isProvision(query); // a provision needs no Pagefind
    const later = texts && asked.textsLater(lang);
    if (texts && !later) asked.pagefind(lang);
    if (english) engine.prefetchEnglish(query);
    const named = await engine.namedResults(query, "", later);
    const { groups, order, add } = resultGroups();
    const { fragments_per_round: round, side_by_side: SHOWN } = engine.rules; // search.toml [engine]
    named.hits.forEach((hit) => add(hit));
    const shown = []; // the keys shown before the texts, in order
    const items = [];
    const mark = engine.marker(query); // the query's words in a snippet from snippets.json
    if (named.answered) {
      shown.push(...order.slice(0, Math.min(SHOWN, placeEarly(named.later, add, order))));
      items.push(...(await Promise.all(shown.map((key) => filledHit(groups.get(key).hit, groups.get(key).others, mark)))));
      list.append(...items);
      if (items.length) {
        // on the screen before Pagefind's files are asked for (an English query's first block)
        // and before its work (its searches) holds the main thread: on a phone that work would
        // otherwise come first and the laws already known wait
        await show(section);
      }
    }
    if (later) asked.pagefind(lang); // the texts' files, once the laws are on the screen
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
    for (const key of rest) list.append(renderHit(groups.get(key).hit, groups.get(key).others, mark));
    if (failure) section.append(element("p", "search-status", failure));
    else if (!order.length) section.append(element("p", "search-status", format(strings.search_no_results, { q: query })));
  } catch (error) {
    section.append(element("p", "search-status", format(strings.search_offline, { error: error.message || error })));
  }
  const all = element("a", "search-by-language__all", format(strings.search_all_in, { language: detect.names[lang] }));
  all.href = asked.allUrl(lang);
  all.hreflang = lang;
  section.append(all);
  return section;
}
