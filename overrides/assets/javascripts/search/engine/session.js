/* bridge-laws search engine: one search of a language's page, step by step, and the results it
 * shows in order.  The page renders what each step gives (language-page.js); under Node the same
 * steps give the same first page (tests/js/).  A step resolves false when the search was given
 * up meanwhile (`alive()` false: a newer search started), and does no more work then. */
import { laterThanEarly, nextRound, placeEarly, placeLater, resultGroups } from "./placement.js";

/** A search of `query` (as searched: searchable's) in `edition` ("" for all) by `engine`
 * (searchEngine's).  Its steps, in order: named(), words(), firstPage(); then more() for each
 * further page.  `shown` is what is shown, in order ({key, hit, others}); reveal() adds what is
 * new to it. */
export function searchSession(engine, query, edition, alive = () => true) {
  const { page_size: PAGE_SIZE, fragments_per_round: FRAGMENTS_PER_ROUND } = engine.rules; // search.toml [engine]
  const { groups, order, add } = resultGroups();
  const state = {
    groups,
    order,
    shown: [], // what is shown, in order: {key, hit, others}
    early: 0, // how many results named() shows before the texts are searched
    ranked: [],
    forms: [],
    partial: false,
    approximate: null,
    failure: null,
    from: 0, // how many of `ranked` were read
  };
  let named = null;
  let words = null;
  let later = null;
  let first = true;
  let stoppedEmpty = false; // the first page stopped at a round that found nothing

  /** What the query names (a provision, concepts, situations): their hits in order, and `early`,
   * how many of them are shown before the texts are searched; the word results start. */
  async function namedStep() {
    named = await engine.namedResults(query, edition);
    if (!alive()) return false;
    later = named.later;
    named.hits.forEach((hit) => add(hit));
    // a concept or situation answering the whole query: its governing laws are shown now
    if (named.answered) state.early = placeEarly(later, add, order);
    words = engine.wordResults(query, edition, named); // searched while the snippets arrive
    return true;
  }

  /** The results shown early (named's), now shown. */
  function showEarly() {
    const entries = order.slice(0, state.early).map((key) => ({ key, hit: groups.get(key).hit, others: groups.get(key).others }));
    state.shown.push(...entries);
    return entries;
  }

  /** Pagefind's ranked pages for the query (none for a provision). */
  async function wordsStep() {
    const found = await words;
    if (!alive()) return false;
    ({ ranked: state.ranked, forms: state.forms, partial: state.partial, approximate: state.approximate, failure: state.failure } = found);
    return true;
  }

  /** The next page of results: texts read a round of Pagefind pages at a time. */
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
    while (order.length < target && state.from < state.ranked.length) {
      const before = order.length;
      const batch = await engine.textHits(state.ranked, state.from, round, state.forms);
      if (!alive()) return false;
      state.from += round;
      batch.forEach((hit) => add(hit));
      // the first page stops at a round none of whose pages held the words once read: the
      // pages ranked below it are likelier still to hold none, and each is a download
      // ("claimin kiistäminen" read all 66 pages found, 92 KB, for the 2 laws of its first
      // round); "More results" reads on
      if (firstPage && !batch.length) {
        stoppedEmpty = true;
        break;
      }
      round = nextRound(round, order.length - before, target - order.length, engine.rules);
    }
    return true;
  }

  /** The first page: the texts, the pages with some of the words when none fit all, a lone
   * word's concepts, and the concepts' hits that waited for the texts. */
  async function firstPageStep() {
    if (!(await more())) return false;
    const { approximate, failure } = state;
    if (!order.length && state.ranked.length && (state.from >= state.ranked.length || stoppedEmpty) && !approximate) {
      // every page found (or read) fit none of the words once read: the pages with some of them
      ({ ranked: state.ranked, forms: state.forms } = await engine.someWordResults(query, edition, state.ranked, named.pagefind));
      if (!alive()) return false;
      state.partial = state.ranked.length > 0;
      [state.from, first] = [0, true];
      if (!(await more())) return false;
    }
    // nothing found, or only pages with a shorter word ("ersättare" → "ersättar": ersättning):
    // a lone word no page holds may still be a concept's or a situation's word, and its laws
    // come first (not when a concept answered the query: its laws are shown, and nothing goes
    // above them)
    const early = state.early;
    const nothing = !order.length || Boolean(approximate);
    const lone = nothing && !failure && !early ? await engine.loneWordHits(query, edition, named.vocabulary) : null;
    if (!alive()) return false;
    if (lone) {
      lone.first.forEach((hit, index) => add(hit, index, true));
      for (const place of Object.keys(later)) later[place] = later[place].concat(lone[place]);
    }
    // the concepts' laws not placed yet: all of them, or those of a query answered early (its
    // next laws, after their governing law, and the rest at the end)
    placeLater(laterThanEarly(later, early), add, order, state.partial);
    return true;
  }

  /** What to show now: `restart` when something went above what was shown (no rule places it
   * there today: all is shown again), and the entries new to `shown`, in order. */
  function reveal() {
    const restart = state.shown.some((entry, index) => order[index] !== entry.key);
    if (restart) state.shown.length = 0;
    const fresh = [];
    while (state.shown.length < order.length) {
      const key = order[state.shown.length];
      const entry = { key, hit: groups.get(key).hit, others: groups.get(key).others };
      state.shown.push(entry);
      fresh.push(entry);
    }
    return { restart, fresh };
  }

  /** Whether Pagefind found pages not read yet ("More results"). */
  function hasMore() {
    return state.from < state.ranked.length;
  }

  return { state, named: namedStep, showEarly, words: wordsStep, firstPage: firstPageStep, more, reveal, hasMore };
}
