/* bridge-laws search engine: where results go.  The concepts' hits in their places
 * (conceptHits), hits grouped by law in order (resultGroups), the concepts' hits that wait for
 * the word results (placeLater), those shown before the texts (placeEarly), and how many Pagefind
 * pages a round reads (nextRound).  Pure:
 * hits in, order out. */
import { format } from "./text.js";

/** How many Pagefind pages the next round reads (each a fragment fetched): about as many as the
 * laws still wanted need, at the rate the last round gave them (a law's editions are one result,
 * so 12 pages of a broad Finnish word gave 7 laws), never fewer than the rules' `min_round` nor
 * more than their `fragments_per_round` (search.toml [engine]). */
export function nextRound(read, gained, wanted, rules) {
  const perPage = Math.max(gained, 1) / read;
  return Math.min(rules.fragments_per_round, Math.max(rules.min_round, Math.ceil(wanted / perPage)));
}

/** The concepts' hits of one language's search: its data (data.json), fold and provisions
 * (provisionReader). */
export function conceptPlacer(data, fold, provisions) {
  const { lawOf, lawHits, PART_POINT } = provisions;

  /** What the concepts a query names add, in three places:
   *  - first: the texts of each concept's governing law (the law that defines it or is titled
   *    by it), before the laws that merely mention the word (revokki → 61 before 64B3);
   *  - hubs: that law's "where to read it" page, when no text of this language has it: first
   *    when the concept is all the query asks ("straffkort", "zawieszenie zawodnika"), else
   *    second, after the language's own best text (each further concept's next);
   *  - next: when the concept is all the query asks, its next laws right after the governing
   *    one, before the laws that merely mention its words ("dziadek" → 42, then 43);
   *  - after the first page of word results: the concept's other laws (or their pages).
   * Under an edition filter no "where to read" page is added: it is no text of that edition. */
  // with the governing law, NEXT_LAWS (search.toml [engine] next_laws) more of the first three
  // results: the third is left to the best text of the language that uses the words
  // ("träkarlen": 42, 43, then the Swedish 9A4)
  const NEXT_LAWS = data.engine.next_laws;
  function conceptHits(named, edition) {
    const first = [];
    const third = [];
    const next = [];
    const after = [];
    for (const { synonym, shown, answers } of named) {
      let governing = null; // the key of the concept's governing law's first result
      const textsBefore = first.length; // the texts of the concepts named before this one
      // "tveka → tvekan" says why an unexpected law came first; not when the words typed are
      // the name ("i fel tur" is said as "i otur" to the term base, but the reader typed it)
      const note = synonym.note ?? synonym.words[0]; // search.py leaves out a note that is the first word
      const why = fold(note) === fold(shown) ? "" : format(data.strings.search_synonym, { word: shown, note });
      synonym.refs.forEach((ref, index) => {
        const refIn = (docEdition) => (synonym.refsIn && synonym.refsIn[docEdition] ? synonym.refsIn[docEdition][index] : ref);
        for (const hit of lawHits(ref, edition, "synonym", refIn)) {
          // a situation's law is its own answer, no word to explain; where the language has no
          // title for the law, its first phrase says what the result is about ("Lag 65 · kort
          // vänt åt fel håll")
          if (synonym.situation) hit.synonym = hit.title ? "" : synonym.words[0];
          else hit.synonym = why;
          if (hit.missing && edition) continue;
          if (hit.missing) hit.answers = answers;
          if (index === 0 && hit.rank === PART_POINT && lawOf(ref) === ref) {
            // a regulation's points on the parts of a whole law the concept names ("alertowania",
            // Law 40: PZBS 9–18 on 40A … 40B2d) are each about a part of it: those printing the
            // words typed are found as texts, and the law's page lists them all (its national
            // rules); the others filled a first page with points that do not say the word
            continue;
          }
          if (index === 0) {
            governing ??= hit.key;
            // a "where to read" page goes after the texts of the concepts named before its own
            // (placeLater): "elimde 14 kartla" is Law 13's text first, then the situations'
            // pages that hold "elimde" and a word for cards
            if (hit.missing) hit.before = textsBefore;
            (hit.missing ? third : first).push(hit);
          } else if (answers && index <= NEXT_LAWS && governing) next.push({ ...hit, follows: governing });
          else after.push(hit);
        }
      });
    }
    return { first, third, next, after };
  }

  return conceptHits;
}

/** Hits grouped by result key (a law's editions are one result), in order of first appearance,
 * or at the place `at` asks for (placeLater). */
export function resultGroups() {
  const groups = new Map();
  const order = [];
  const add = (hit, at, raise = false) => {
    const group = groups.get(hit.key);
    if (!group) {
      groups.set(hit.key, { hit, others: [] });
      if (at === undefined) order.push(hit.key);
      else order.splice(Math.min(at, order.length), 0, hit.key);
      return;
    }
    const was = order.indexOf(hit.key);
    if (raise && at !== undefined && was > at) {
      // a concept's law already found lower down, as a text mentioning the words: up to its place
      order.splice(was, 1);
      order.splice(at, 0, hit.key);
    }
    if (group.hit.origin === "synonym" && !group.hit.snippet && hit.snippet && hit.edition === group.hit.edition) {
      // a concept's law, found in its text too: the words where it is found, at their provision
      // (and no fetch of the law's page for a snippet)
      group.hit = { ...group.hit, url: hit.url, anchor: hit.anchor, snippet: hit.snippet };
    } else if (hit.edition && hit.edition !== group.hit.edition && !group.others.includes(hit.edition)) {
      group.others.push(hit.edition);
    }
  };
  return { groups, order, add };
}

/** The concept hits that wait for the word results (conceptHits): "where to read" pages first
 * when their concept is the whole query, else from the second place on, in the order the
 * concepts were named, or first too when no text holds every word (`partial`: a page holding
 * some of them is no better an answer than a concept or situation naming them), "first" after
 * the texts of the concepts named before theirs (`before`, conceptHits'); a whole-query
 * concept's next laws right after its governing law (raised there when a text of theirs was found
 * lower down); the concept's other laws after what is already there. */
export function placeLater(later, add, order, partial = false) {
  // raised when a text of the law was found lower down: 2017 Law 72 (the place of the 1997 Law 23's
  // subject) beside the Finnish 1997 Law 72, which mentions the words
  later.third.forEach((hit, index) => add(hit, (hit.answers || partial ? (hit.before ?? 0) : 1) + index, true));
  const placed = new Map(); // per governing law: the keys of its next laws placed after it
  for (const hit of later.next) {
    const at = order.indexOf(hit.follows);
    if (at < 0) continue;
    const keys = placed.get(hit.follows) ?? new Set();
    placed.set(hit.follows, keys);
    add(hit, at + 1 + [...keys].filter((key) => key !== hit.key).length, true);
    keys.add(hit.key);
  }
  later.after.forEach((hit) => add(hit));
}

/** A concept or situation answering the whole query: what is shown before the texts are
 * searched (seconds of a phone's first search, while Pagefind loads), each with its snippet.
 * Its governing laws are placed, and what goes under them (placeLater, without the laws that
 * wait for the texts), up to the first law whose next laws follow it: those come with the
 * texts, at the words where a text holds them.  Returns how many results of `order` that is. */
export function placeEarly(later, add, order) {
  placeLater({ ...later, next: [], after: [] }, add, order);
  const followed = new Set(later.next.map((hit) => hit.follows));
  const last = order.findIndex((key) => followed.has(key));
  return last < 0 ? order.length : last + 1;
}

/** The concepts' hits placeLater still places once the texts are read: all of them, or, when
 * `early` results were shown (placeEarly), the next laws and the rest. */
export function laterThanEarly(later, early) {
  return early ? { third: [], next: later.next, after: later.after } : later;
}
