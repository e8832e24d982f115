/* bridge-laws search engine: how a query word fits a word of the term base (a concept's term,
 * its vocabulary as a whole, a situation's phrases), and how many of a query's words a
 * vocabulary must hold to name it.  Pure: words in, numbers and places out.  The rules' values
 * are search.toml's [engine] (the data's `engine`), which says what each means. */
import { sharedStart } from "./text.js";

/** Whether `count` of `total` is at least a share, [part, whole] (kept whole: 2 of 3 is two thirds). */
export function atLeastShare(count, total, [part, whole]) {
  return count * whole >= part * total;
}

/** The fits under the data's rules (`engine`). */
export function fitRules(rules) {
  const { inflected, bag_stems: bagStems, situation_bag: situationRule, situation_stem: situationStem } = rules;

  /** How a query word fits a term's word: 2 the same (or its start, for "word*"); 1 an
   * inflection the term base does not list (`inflected`); 0 not at all.  Not the other way
   * round: "wyjaśnień" typed is no "wyjaśnienie" of the term base (a word the texts use in
   * passing would name the concept). */
  function termFit(pattern, word) {
    if (pattern.endsWith("*")) return word.startsWith(pattern.slice(0, -1)) ? 2 : 0;
    if (word === pattern) return 2;
    if (pattern.length === inflected.short) return word.startsWith(pattern) && word.length - pattern.length <= inflected.short_ending ? 1 : 0;
    if (pattern.length < inflected.base) return 0;
    if (word.startsWith(pattern)) return word.length - pattern.length <= inflected.ending ? 1 : 0;
    const shared = sharedStart(pattern, word);
    const cut = pattern.length - shared;
    // an ending replaced by one as long or longer: not "wyjaśnień" for "wyjaśnienie" (the
    // genitive the texts use in passing would name the concept)
    const replaced = word.length >= pattern.length && word.length - shared <= inflected.ending + 1;
    return shared >= inflected.base && cut <= inflected.changed && replaced ? 1 : 0;
  }

  /** termFit, or a shared stem (`bag_stems`): how a word fits a concept's vocabulary as a whole. */
  function stemFit(pattern, word) {
    if (termFit(pattern, word)) return true;
    const stem = pattern.replace(/\*$/, "");
    const shared = sharedStart(stem, word);
    return bagStems.some((rule) => shared >= rule.stem && stem.length - shared <= rule.ending && word.length - shared <= rule.ending);
  }

  /** stemFit, or a situation's looser fit (`situation_stem`); `byStart`: a long shared start
   * whatever the endings. */
  function situationFit(pattern, word, byStart = true) {
    if (stemFit(pattern, word)) return true;
    const shared = sharedStart(pattern, word);
    if (byStart && shared >= situationStem.long) return true;
    return shared >= situationStem.short && pattern.length - shared <= situationStem.short_ending && word.length - shared <= situationStem.short_ending;
  }

  /* Every fit of a term base word `part` with a query word `word` (termFit above 0, stemFit,
   * situationFit) needs `word` to start with `part`'s first KEY characters, or with the whole of
   * it (its "*" left out) when it is shorter, KEY being the least of the shared starts below:
   *  - termFit: a "word*" only a word starting with "word"; else the same word; a word of
   *    `inflected.short` letters only a word starting with it; one shorter than `inflected.base`
   *    only itself; a longer one only a word sharing its first `inflected.base` letters;
   *  - stemFit: termFit, or a shared start of a `bag_stems` rule's `stem` letters or more;
   *  - situationFit: stemFit, or a shared start of `situation_stem`'s `long`, or its `short`,
   *    letters or more.
   * So a vocabulary keyed by fitKey finds, under a query word's keyPrefixes, every word of it
   * the query word can fit (concepts.js vocabularyOf, tests/js/shards.test.mjs). */
  const KEY = Math.min(inflected.base, ...bagStems.map((rule) => rule.stem), situationStem.long, situationStem.short);

  /** The key of a term base word: the start any query word fitting it has. */
  function fitKey(part) {
    return part.replace(/\*$/, "").slice(0, KEY);
  }

  /** The keys a query word may fit a term base word under: its starts of up to KEY characters,
   * the empty one included. */
  function keyPrefixes(word) {
    const starts = [];
    for (let length = 0; length <= Math.min(KEY, word.length); length++) starts.push(word.slice(0, length));
    return starts;
  }

  /** The best termFit of a term's word over a query word's spellings. */
  function spelledFit(pattern, spelled) {
    return Math.max(...spelled.map((word) => termFit(pattern, word)));
  }

  /** Where a term's words stand in the query (each word's spellings), in any order, each on a
   * word of its own (or on one of its kin: `kin`, wordsOf's for the term): the query words'
   * indexes and whether every one is as written, or null. */
  function termPlaces(pattern, spelled, kin) {
    const places = [];
    let exact = true;
    for (const [at, part] of pattern.entries()) {
      let best = -1;
      let bestFit = 0;
      const others = (kin && kin[at]) || [];
      spelled.forEach((forms, index) => {
        if (places.includes(index)) return;
        const fit = spelledFit(part, forms) || (others.some((word) => spelledFit(word, forms)) ? 1 : 0);
        if (fit > bestFit) [best, bestFit] = [index, fit];
      });
      if (best < 0) return null;
      places.push(best);
      exact = exact && bestFit === 2;
    }
    return { places: places.sort((a, b) => a - b), exact };
  }

  /** The carrying words a concept's vocabulary as a whole holds (`rule`: `bag`, or
   * `situation_bag`), or null: `fitting`, the indexes of the carrying words (`meaningful`) its
   * vocabulary fits. */
  function bagPlaces(fitting, meaningful, words, rule = rules.bag) {
    const enough = fitting.length >= rule.words && atLeastShare(fitting.length, meaningful.length, rule.share);
    return enough && fitting.some((index) => words[index].length >= rule.long) ? fitting : null;
  }

  /** The carrying words a situation's phrases as a whole hold (`situation_bag`), or the rare
   * ones (`situation_rare`), or null; `holders`: how many concepts and situations fit each word. */
  function situationBag(fitting, meaningful, words, holders) {
    const counted = bagPlaces(fitting, meaningful, words, situationRule);
    if (counted) return counted;
    const weight = (index) => (holders[index] ? 1 / holders[index] : 0);
    const total = meaningful.reduce((sum, index) => sum + weight(index), 0);
    const held = fitting.reduce((sum, index) => sum + weight(index), 0);
    const long = fitting.some((index) => words[index].length >= situationRule.long);
    return fitting.length >= situationRule.words && long && total > 0 && held >= rules.situation_rare * total ? fitting : null;
  }

  return { termFit, stemFit, situationFit, spelledFit, termPlaces, bagPlaces, situationBag, fitKey, keyPrefixes };
}
