/* bridge-laws search page: a language's search page (/<lang>/search/?q=QUERY[&edition=2007]).
 * Results, best first, are links in #search-results: one per law (or regulation point), to the
 * best-matching section's anchor, with law, section, edition and a snippet.  A concept or
 * situation answering the whole query shows its governing laws (with their snippets.json words)
 * before Pagefind has answered; the texts come under them, and nothing shown moves.  When a
 * search has finished, #search-results carries data-query="<the query>". */
import { FRAGMENTS_PER_ROUND, PAGE_SIZE, nextRound, placeLater, resultGroups } from "../engine/placement.js";
import { MAX_QUERY, format, searchable } from "../engine/text.js";
import { form, input, statusLine, strings } from "./page-data.js";
import { editionLine, element, filledHit, renderHit } from "./render.js";

/* "1 träff", "2 träffar"; Polish "1 wynik", "3 wyniki", "5 wyników": the plural form of the
 * page's language (Intl.PluralRules), "other" when more results are still to come ("10+"). */
function resultsFor(count, more) {
  const form = more ? "other" : new Intl.PluralRules(document.documentElement.lang).select(count);
  return strings["search_results_for_" + form] || strings.search_results_for;
}

let current = 0; // the latest search: an older one that finishes later shows nothing
let pending = null;

export function languagePage(engine) {
  const list = document.getElementById("search-results");

  async function run(typed, edition) {
    const token = ++current;
    list.replaceChildren();
    list.setAttribute("aria-busy", "true");
    delete list.dataset.query;
    if (!typed.trim()) {
      statusLine.textContent = "";
      list.removeAttribute("aria-busy");
      return;
    }
    const query = searchable(typed);
    const cut = query === typed ? "" : format(strings.search_too_long, { count: MAX_QUERY }) + " ";
    statusLine.textContent = strings.search_loading;
    const named = await engine.namedResults(query, edition);
    if (token !== current) return;
    const { hits, later } = named;
    const { groups, order, add } = resultGroups();
    hits.forEach((hit) => add(hit));
    const items = []; // the rendered results, in order
    const keys = []; // their keys
    // a concept or situation answering the whole query: its governing laws are shown now, while
    // Pagefind loads (seconds of a phone's first search), each with its snippet; what comes later
    // goes under them (up to the first law whose next laws follow it: those come with the texts,
    // at the words where a text holds them)
    let early = 0;
    if (named.answered) {
      placeLater({ ...later, next: [], after: [] }, add, order);
      const followed = new Set(later.next.map((hit) => hit.follows));
      const last = order.findIndex((key) => followed.has(key));
      early = last < 0 ? order.length : last + 1;
    }
    const words = engine.wordResults(query, edition, named); // searched while the snippets arrive
    if (early) {
      const mark = engine.marker(query);
      const shown = await Promise.all(order.slice(0, early).map((key) => filledHit(groups.get(key).hit, groups.get(key).others, mark)));
      if (token !== current) return;
      list.append(...shown);
      items.push(...shown);
      keys.push(...order.slice(0, early));
    }
    let { ranked, forms, partial } = await words;
    const { approximate, failure } = await words;
    if (token !== current) return;
    let from = 0;
    let first = true;
    let stoppedEmpty = false; // the first page stopped at a round that found nothing
    async function more() {
      // the first page: PAGE_SIZE results counting the concepts' laws already there (the first ten
      // are what a reader weighs; texts at least half of them), each Pagefind page read a
      // download of a phone's first search; then PAGE_SIZE more at a time
      const target = first ? Math.max(PAGE_SIZE, order.length + PAGE_SIZE / 2) : order.length + PAGE_SIZE;
      // the first page reads a whole round: a law's editions are one result, so fewer pages than
      // laws wanted left a second round of 2-3 pages, one more round trip before the first results
      // (fi "revokki": 9 pages, then 2); later pages read as many as laws wanted (each page is at
      // most one law); then what nextRound says
      let round = first ? FRAGMENTS_PER_ROUND : Math.min(target - order.length, FRAGMENTS_PER_ROUND);
      const firstPage = first;
      first = false;
      while (order.length < target && from < ranked.length) {
        const before = order.length;
        const batch = await engine.textHits(ranked, from, round, forms);
        if (token !== current) return;
        from += round;
        batch.forEach((hit) => add(hit));
        // the first page stops at a round none of whose pages held the words once read: the
        // pages ranked below it are likelier still to hold none, and each is a download
        // ("claimin kiistäminen" read all 66 pages found, 92 KB, for the 2 laws of its first
        // round); "More results" reads on
        if (firstPage && !batch.length) {
          stoppedEmpty = true;
          break;
        }
        round = nextRound(round, order.length - before, target - order.length);
      }
    }
    function renderNew() {
      if (keys.some((key, index) => order[index] !== key)) {
        // something went above what was shown (no rule places it there today): shown again whole
        list.replaceChildren();
        items.length = keys.length = 0;
      }
      // a law shown early, found in another edition's text too: that edition in its line
      items.forEach((item, index) => {
        const group = groups.get(keys[index]);
        const line = item.querySelector(".search-result__edition");
        if (line && group.others.length) line.textContent = editionLine(group.hit, group.others);
      });
      while (items.length < order.length) {
        const group = groups.get(order[items.length]);
        keys.push(order[items.length]);
        items.push(renderHit(group.hit, group.others));
        list.append(items.at(-1));
      }
      document.querySelectorAll(".search-more").forEach((button) => button.remove());
      if (from < ranked.length) {
        const button = element("button", "search-more md-button", strings.search_more);
        button.type = "button";
        button.addEventListener("click", async () => {
          await more();
          if (token === current) renderNew();
        });
        list.after(button);
      }
    }
    await more();
    if (token !== current) return;
    if (!order.length && ranked.length && (from >= ranked.length || stoppedEmpty) && !approximate) {
      // every page found (or read) fit none of the words once read: the pages with some of them
      ({ ranked, forms } = await engine.someWordResults(query, edition, ranked, named.pagefind));
      if (token !== current) return;
      partial = ranked.length > 0;
      [from, first] = [0, true];
      await more();
      if (token !== current) return;
    }
    // nothing found, or only pages with a shorter word ("ersättare" → "ersättar": ersättning):
    // a lone word no page holds may still be a concept's or a situation's word, and its laws
    // come first (not when a concept answered the query: its laws are shown, and nothing goes
    // above them)
    const nothing = !order.length || Boolean(approximate);
    const lone = nothing && !failure && !early ? await engine.loneWordHits(query, edition, named.vocabulary) : null;
    if (token !== current) return;
    if (lone) {
      lone.first.forEach((hit, index) => add(hit, index, true));
      for (const place of Object.keys(later)) later[place] = later[place].concat(lone[place]);
    }
    // the concepts' laws not placed yet: all of them, or those of a query answered early (its
    // next laws, after their governing law, and the rest at the end)
    placeLater(early ? { third: [], next: later.next, after: later.after } : later, add, order, partial);
    renderNew();
    if (failure) statusLine.textContent = failure;
    else if (!order.length) statusLine.textContent = cut + format(strings.search_no_results, { q: query });
    else
      statusLine.textContent =
        cut +
        (approximate ? format(strings.search_approximate, { q: approximate }) + " " : "") +
        (partial ? strings.search_some_words + " " : "") +
        format(resultsFor(order.length, from < ranked.length), { count: order.length + (from < ranked.length ? "+" : ""), q: query });
    // finished: scripts and tests wait for data-query to equal the query they typed
    list.removeAttribute("aria-busy");
    list.dataset.query = typed;
  }

  function chosenEdition() {
    const checked = form.querySelector("input[name=edition]:checked");
    return checked ? checked.value : "";
  }

  function start() {
    document.querySelectorAll(".search-more").forEach((button) => button.remove());
    clearTimeout(pending);
    const query = input.value;
    const edition = chosenEdition();
    syncUrl(query, edition);
    return run(query, edition);
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    start();
  });
  input.addEventListener("input", () => {
    clearTimeout(pending);
    pending = setTimeout(start, 180);
  });
  form.querySelectorAll("input[name=edition]").forEach((radio) => radio.addEventListener("change", start));

  const params = new URLSearchParams(location.search);
  input.value = params.get("q") || "";
  const wantedEdition = params.get("edition");
  if (wantedEdition) {
    const radio = form.querySelector(`input[name=edition][value="${CSS.escape(wantedEdition)}"]`);
    if (radio) radio.checked = true;
  }
  // the first search in a task of its own: the engine's setup above (the term base's words folded
  // once) and the search are each a shorter task than both together, which a phone's main thread
  // spent blocked (Lighthouse's Total Blocking Time)
  if (input.value) setTimeout(start, 0);
  else input.focus();
}

export function syncUrl(query, edition) {
  const url = new URL(location.href);
  url.searchParams.set("q", query);
  if (edition) url.searchParams.set("edition", edition);
  else url.searchParams.delete("edition");
  history.replaceState(null, "", url);
}

