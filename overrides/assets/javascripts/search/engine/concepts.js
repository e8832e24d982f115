/* bridge-laws search engine: which concepts of the term base and which situations a query names
 * (conceptsNamed), what a lone word no page holds leads to (conceptsOfLoneWord), and a law two
 * named concepts share (withSharedLaws).  A vocabulary is the concepts and situations a query is
 * matched against (vocabularyOf; the files it is made of are vocabulary.js's business).  Pure:
 * the language's data, its rewrites (rewrites.js) and the fits (fit.js) in, matches out. */
import { fitRules } from "./fit.js";
import { ranked } from "./ranking.js";
import { fileKeyer, unpackKeys } from "./text.js";

/** The concept matching of one language: its data (data.json), fold, rewrites
 * (queryRewrites) and the law of a reference (referenceRules' lawOf).  `observe(candidates,
 * choose)`, when given, sees each query's candidates and a function choosing among them under
 * other weights (the ranking's fitting tool: tools/bench/js/fit-ranking.mjs). */
export function conceptMatcher(data, fold, rewrites, lawOf, observe = () => {}) {
  const { FUNCTION_WORDS, TYPED_BID, saidAsFirst, foldedWords, carries, cardForms, termForms, carryingIndexes, typedWords, typedAt } = rewrites;
  const englishKey = fileKeyer(data.fileKeys.english); // the file of a word's English concepts
  const ENGLISH_LENGTH = data.fileKeys.english.length;
  const ENGLISH_KEYS = data.english ? unpackKeys(data.english.keys, ENGLISH_LENGTH) : new Set(); // the files there are
  const { bagPlaces, situationBag, situationFit, spelledFit, stemFit, termFit, termPlaces, fitKey, keyPrefixes } = fitRules(data.engine);
  const { carrying_length: CARRYING_LENGTH, situation_missed: SITUATION_MISSED, lone_word: LONE_WORD, ranking: RANKING } = data.engine;

  /* Words that stand for each other inside a term of two words or more, though not alone
   * (search.toml kin_words: Turkish "deklarasyon" is a call in "deklarasyon değişikliği", the
   * term "konuşma değişikliği", but the auction by itself): a term's word fitting one of a group
   * (termFit: "konuşması" ~ "konuşma") is also fitted by the others, never as written. */
  const KIN_WORDS = (data.kinWords || []).map((group) => group.map((word) => fold(word)));

  /** The kin of a term's (folded) word: the other words of each group one of whose words it fits;
   * once per word (the term base repeats its words: "kortti" in dozens of terms). */
  const kinOfWord = new Map();
  function kinOf(part) {
    if (part.endsWith("*")) return [];
    if (!kinOfWord.has(part)) {
      kinOfWord.set(part, KIN_WORDS.flatMap((group) => (group.some((word) => termFit(word, part)) ? group.filter((word) => !termFit(word, part)) : [])));
    }
    return kinOfWord.get(part);
  }

  /** A concept's terms as folded words (and the kin of each word of a term of two words or more),
   * its vocabulary as a whole (search.toml bag), and the words each term is found by
   * (`anchors`, anchorOf's): made once, not per query. */
  function wordsOf(synonym) {
    const terms = synonym.words.map(termWords);
    const patterns = terms.map((term) => term.pattern);
    const kin = KIN_WORDS.length ? terms.map((term) => term.kin) : [];
    const anchors = terms.map((term) => term.anchor);
    return { patterns, kin, vocabulary: patterns.flat().filter((part) => part.length >= CARRYING_LENGTH), anchors };
  }

  /** One term's folded words (`pattern`), their kin (a term of two words or more; else null) and
   * the words it is found by (`anchor`, anchorOf's): once per term, read only after, as a concept
   * with its English words added repeats its own terms. */
  const wordsOfTerm = new Map();
  function termWords(term) {
    if (!wordsOfTerm.has(term)) {
      const pattern = saidAsFirst(fold(term)).split(/[^\p{L}\p{N}*]+/u).filter(Boolean);
      const kin = KIN_WORDS.length > 0 && pattern.length >= 2 ? pattern.map(kinOf) : null;
      wordsOfTerm.set(term, { pattern, kin, anchor: anchorOf(pattern, kin) });
    }
    return wordsOfTerm.get(term);
  }

  /** The words a term (`pattern`, its words' `kin`) is found by: a term is placed only when each of
   * its words fits a query word, itself or by one of its kin (termPlaces), so one of its words
   * with its kin is enough to find it by; the one whose keys (fitKey) are longest, the fewest
   * query words starting so. */
  function anchorOf(pattern, kin) {
    let best = [];
    let bestLength = -1;
    for (const [at, part] of pattern.entries()) {
      const words = [part, ...((kin && kin[at]) || [])];
      const length = Math.min(...words.map((word) => fitKey(word).length));
      if (length > bestLength) [best, bestLength] = [words, length];
    }
    return best;
  }

  /** A vocabulary: `concepts` and their words (`conceptWords`), the situations at the end
   * (`situationCount` of them), the files it is made of (`files`: the concepts' `conceptKeys`,
   * the English `letters`, the situations' `keys`), and its words by key (`index`, indexOf's);
   * `keyed: false` puts every word under the empty key, which every query word has: the same
   * matching without the index, every word tried (tests/js/shards.test.mjs compares the two). */
  function vocabularyOf(concepts, conceptWords, situationCount, { conceptKeys, letters, keys }, { keyed = true } = {}) {
    const singleTerms = conceptWords.map(({ patterns }, order) =>
      concepts[order].situation ? [] : patterns.filter((pattern) => pattern.length === 1).map(([word]) => word),
    );
    const index = indexOf(conceptWords, singleTerms, keyed ? fitKey : () => "");
    return { concepts, conceptWords, situationCount, conceptKeys, letters, keys, singleTerms, index, synonymsOfWord: new Map() };
  }

  /** A vocabulary's words by their key (`key`: fitKey), each with its concept's or situation's
   * order in it: `parts`, [order, word] of each one's vocabulary as a whole; `terms`, [order, the
   * term's index] under the keys of each term's anchor words (anchorOf); `single`, [order, term]
   * of the concepts' one-word terms; and `key` itself.  Made once per vocabulary: a walk over its
   * words, no fit. */
  function indexOf(conceptWords, singleTerms, key) {
    const index = { key, parts: new Map(), terms: new Map(), single: new Map() };
    const add = (map, word, entry) => {
      const at = key(word);
      if (map.has(at)) map.get(at).push(entry);
      else map.set(at, [entry]);
    };
    conceptWords.forEach(({ vocabulary, anchors }, order) => {
      for (const part of new Set(vocabulary)) add(index.parts, part, [order, part]);
      anchors.forEach((words, at) => new Set(words.map(key)).forEach((wordKey) => add(index.terms, wordKey, [order, at])));
      for (const term of singleTerms[order]) add(index.single, term, [order, term]);
    });
    return index;
  }

  /** The entries of an index's `map` whose words the query word forms `forms` may fit (fit.js
   * fitKey): those under each form's keyPrefixes, each key once. */
  function near(map, forms) {
    const found = [];
    const asked = new Set();
    for (const form of forms) {
      for (const prefix of keyPrefixes(form)) {
        if (asked.has(prefix)) continue;
        asked.add(prefix);
        const entries = map.get(prefix);
        if (entries) for (const entry of entries) found.push(entry);
      }
    }
    return found;
  }

  /** The orders of `entries` (near's) passing `test`, once each, in order. */
  function ordersOf(entries, test) {
    return [...new Set(entries.filter(test).map(([order]) => order))].sort((a, b) => a - b);
  }

  /** The keys of the English words' files (their first letters, folded, as the concepts' files
   * are keyed) of the words no concept (`named`, conceptsNamed's) places, whose English words are
   * not in `vocabulary` yet: the words that carry the query, and the short ones no function word
   * ("td", "ub"); of each spelling (a word's spelling rules may change its start), with the
   * shorter keys of a shorter English word or a word* ("ab*"), those that have a file. */
  function unnamedKeys(query, named, vocabulary) {
    if (!data.english) return [];
    const words = foldedWords(query);
    const wordy = (word) => /^\p{L}/u.test(word) && !FUNCTION_WORDS.has(word) && !(TYPED_BID && TYPED_BID.test(word));
    const keys = words
      .filter((word, index) => wordy(word) && !named.some((match) => match.places.includes(index)))
      .flatMap(termForms)
      .flatMap((form) => [...form].slice(0, ENGLISH_LENGTH).map((_, at, letters) => englishKey(letters.slice(0, at + 1).join(""))));
    return [...new Set(keys)].filter((key) => ENGLISH_KEYS.has(key) && !vocabulary.letters.includes(key));
  }

  /** Whether a query could name a situation: two carrying words or more, not all of them named by
   * a concept (`named`, conceptsNamed's: "yetkisiz bilgi" is the concept; a situation would name
   * no more of it). */
  function mayNameSituation(query, named) {
    if (!data.situations || foldedWords(query).filter(carries).length < 2) return false;
    return !named.some((match) => match.everyWord);
  }

  /* A query word naming a concept by one of its one-word terms stands for the concept's other
   * one-word terms too, when a situation is matched: a situation is written in one wording of
   * the concept and typed in another (Polish "claim" for the "deklaracja" of "obrońcy przyjęli
   * deklarację", Turkish "ölü" for "yer").  Each vocabulary lists its concepts' one-word terms. */

  /** The other one-word terms of the concepts (not situations) a query word (its spellings) names
   * by a one-word term, their prefix marks (word*) left out; once per word and vocabulary. */
  function conceptSynonyms(spelled, vocabulary) {
    const key = spelled.join(" ");
    const known = vocabulary.synonymsOfWord;
    if (known.has(key)) return known.get(key);
    const found = new Set();
    for (const order of ordersOf(near(vocabulary.index.single, spelled), ([, term]) => spelledFit(term, spelled) > 0)) {
      vocabulary.singleTerms[order].forEach((term) => found.add(term.replace(/\*$/, "")));
    }
    known.set(key, [...found]);
    return known.get(key);
  }

  /** The largest share of one phrase's carrying words that `fits` (a query word fits them). */
  function phraseCover(patterns, fits) {
    let best = 0;
    for (const pattern of patterns) {
      const parts = pattern.filter(carries);
      if (parts.length) best = Math.max(best, parts.filter(fits).length / parts.length);
    }
    return best;
  }

  /** The concepts a query names (`concepts`, from content/terms): where each term (a word or
   * a phrase, its words in any order) stands in the query, or else where the concept's
   * vocabulary as a whole does (search.toml bag).  Each is a candidate with its features, ranked
   * by their score (ranking.js); the best candidate wins its words: "wyjście poza kolejnością"
   * names the lead out of turn, and its "kolejność" names nothing else (chosen).  In that order
   * they come first. */
  function conceptsNamed(query, vocabulary) {
    const { concepts, conceptWords, index: byKey } = vocabulary;
    const words = foldedWords(query);
    const typed = typedWords(query, words);
    // the words that carry the query: a concept naming all of them is what the query asks for
    const meaningful = carryingIndexes(words);
    const spelled = words.map(termForms);
    // only once the situations are there: the concepts need no other words
    const situations = vocabulary.situationCount > 0;
    const standsFor = words.map((_, index) => (situations && meaningful.includes(index) ? conceptSynonyms(spelled[index], vocabulary) : []));
    // per concept, the carrying words its vocabulary fits: for the bag, and for how rare each word is;
    // a situation's also by the words they stand for
    const situationForms = words.map((_, index) => [...spelled[index], ...standsFor[index], ...cardForms(words[index])]);
    // a word that is a concept's one-word term as written ("korjausaika", 79's correction period)
    // is that term: a situation holds it by a shared stem or an ending, not by sharing only the
    // start of another word ("korjattu": "pistetuloksen korjausaika" was 12's adjusted score,
    // one word and a half against the term's one)
    const isTerm = words.map((_, index) => near(byKey.single, spelled[index]).some(([, term]) => spelledFit(term, spelled[index]) === 2));
    const fitsWord = (order, index, part) => {
      if (!concepts[order].situation) return spelled[index].some((word) => stemFit(part, word));
      return situationForms[index].some((word) => situationFit(part, word, !isTerm[index]));
    };
    // per concept, the indexes of the carrying words its vocabulary fits, in order: each word
    // tried against the vocabulary's words of its forms' keys, the only ones it may fit (fitKey;
    // a concept's spellings are among a situation's forms)
    const fitting = conceptWords.map(() => []);
    for (const index of meaningful) {
      for (const [order, part] of near(byKey.parts, situationForms[index])) {
        // a concept found to fit the word already needs no other try
        if (fitting[order].at(-1) !== index && fitsWord(order, index, part)) fitting[order].push(index);
      }
    }
    // a situation's word held by a shared stem (stemFit), not only by the start of a compound
    const firmly = (match, index) =>
      !match.synonym.situation || conceptWords[match.order].vocabulary.some((part) => situationForms[index].some((word) => stemFit(part, word)));
    // the keys the carrying words' forms start with: a word of the term base whose key is none
    // of them fits none of the carrying words (fitKey)
    const starts = new Set(meaningful.flatMap((index) => situationForms[index].flatMap(keyPrefixes)));
    const fitsSome = (order) => (part) => starts.has(byKey.key(part)) && meaningful.some((index) => fitsWord(order, index, part));
    const holders = words.map(() => 0);
    for (const fits of fitting) for (const index of fits) holders[index]++;
    // the terms that may be placed: those a query word's forms may fit by an anchor (anchorOf),
    // by concept; a concept no carrying word fits and no term of which may be placed names
    // nothing (its vocabulary as a whole holds no word: bagPlaces and situationBag need one)
    const placeable = new Map(); // order → the indexes of its terms
    for (const [order, at] of near(byKey.terms, spelled.flat())) placeable.set(order, [...(placeable.get(order) || []), at]);
    const tried = [...new Set([...placeable.keys(), ...fitting.flatMap((fits, order) => (fits.length ? [order] : []))])].sort((a, b) => a - b);
    const found = [];
    for (const order of tried) {
      const synonym = concepts[order];
      let most = 0; // the most carrying words a whole term of it places
      const { patterns, kin } = conceptWords[order];
      const terms = placeable.get(order) || [];
      for (const [at, pattern] of patterns.entries()) {
        if (!terms.includes(at)) continue;
        const placed = pattern.length ? termPlaces(pattern, spelled, kin[at]) : null;
        if (!placed) continue;
        most = Math.max(most, placed.places.filter((index) => meaningful.includes(index)).length);
        found.push({ synonym, order, places: placed.places, exact: placed.exact, whole: true });
      }
      // its vocabulary as a whole, when it holds more of the query than a term: "medgivande
      // sticken" is the claim's "medgivande" and "resten av sticken", not a situation of 71
      const bag = synonym.situation ? situationBag(fitting[order], meaningful, words, holders) : bagPlaces(fitting[order], meaningful, words);
      if (bag && bag.length > most) found.push({ synonym, order, places: bag, exact: false, whole: false });
    }
    for (const match of found) {
      // only the words that carry the query count: "i fel tur" names two of "dubbling i fel tur"
      match.carried = match.places.filter((index) => meaningful.includes(index));
      const firm = match.carried.filter((index) => firmly(match, index)).length;
      match.at = match.places[0];
      match.features = {
        firm,
        loose: match.carried.length - firm,
        // the rarer words weigh more (1 / the concepts whose vocabulary fits each): "dubbling" names few, "tur" many
        rare: match.carried.reduce((sum, index) => sum + (holders[index] ? 1 / holders[index] : 0), 0),
        whole: Number(match.whole),
        exact: Number(match.exact),
        // a law's title: "odsłonięcie kart obrońcy" is Law 49's title, and a word of the
        // exposed-cards concept (governed by 48) too
        title: Number(Boolean(match.synonym.title)),
        // a concept before a situation naming the same words: the concept's term is the name
        concept: Number(!match.synonym.situation),
        // the phrase the query says most of: "motspelare spelade före partnern" is 57's
        // "spelade före sin partner" whole, 54's "fel motspelare spelade ut först" by half
        cover: phraseCover(conceptWords[match.order].patterns, fitsSome(match.order)),
      };
    }
    const choose = (weights) => chosen(ranked(found, weights), words, typed, meaningful);
    observe(found, choose);
    return choose(RANKING);
  }

  /** The candidates (conceptsNamed's, ranked) that name the query: each in turn while it brings a
   * word of its own ("dubbling" beside another concept's "i fel tur"), once per concept;
   * candidates placing the same words alike (one word for two concepts) share them. */
  function chosen(candidates, words, typed, meaningful) {
    const owner = new Array(words.length).fill(null); // the match that took each word
    const named = [];
    for (const candidate of candidates) {
      // a situation naming the same words as a concept is no tie: the concept's term is the name
      const key = `${candidate.places.join(",")}-${candidate.whole}-${candidate.exact}-${candidate.features.title}-${candidate.features.concept}`;
      // named while it brings a word of its own: "dubbling" beside another concept's "i fel tur"
      const free = (index) => owner[index] === null || owner[index] === key;
      const own = candidate.carried.some(free) || (!candidate.carried.length && candidate.places.every(free));
      if (!own || named.some((other) => other.synonym === candidate.synonym)) continue;
      candidate.places.filter(free).forEach((index) => (owner[index] = key));
      const missed = meaningful.filter((index) => !candidate.places.includes(index)).length;
      const everyWord = missed === 0;
      // the query's answer: a concept naming every word, or a situation holding all but one
      // ("dwóch obrońców zagrało jednocześnie": not "dwóch"): its law's page first, before texts
      // with some of the words
      const answers = everyWord || (Boolean(candidate.synonym.situation) && missed <= SITUATION_MISSED);
      const used = candidate.places.map((index) => words[index]).join(" ");
      named.push({ ...candidate, everyWord, answers, used, shown: typedAt(typed, candidate.places) });
    }
    return named;
  }

  /* A lone word no page holds ("upprepning", "zrzeczenie", "przepasowanie", "ersättare"): the
   * concepts and situations whose words hold it lead to their laws, when they are of at most
   * `lone_word.laws` laws (a word of many is no answer; search.toml [engine]); only then (nothing
   * found, or only pages with a shorter word), so a word the texts hold finds the texts first, and
   * the situations' file is fetched only for such a word. */
  function conceptsOfLoneWord(query, vocabulary) {
    const { concepts } = vocabulary;
    const words = foldedWords(query);
    const meaningful = carryingIndexes(words);
    if (meaningful.length !== 1 || words[meaningful[0]].length < LONE_WORD.long) return [];
    const [index] = meaningful;
    const spelled = termForms(words[index]);
    // a shared stem with short endings (stemFit), for situations too: their looser fit would take
    // "przepis" for "przepasowanie"
    const holding = ordersOf(near(vocabulary.index.parts, spelled), ([, part]) => spelled.some((word) => stemFit(part, word)));
    const byLaw = new Map(); // each law's concepts and situations holding the word, in order
    for (const order of holding) {
      const law = concepts[order].refs[0];
      byLaw.set(law, [...(byLaw.get(law) || []), order]);
    }
    if (byLaw.size > LONE_WORD.laws) return [];
    const typed = typedWords(query, words);
    // the law with most of them first ("zrzeczenie": 68's claim and its situation, then 69, 71)
    const laws = [...byLaw.values()].sort((a, b) => b.length - a.length || a[0] - b[0]);
    return laws.map(([order]) => ({
      synonym: concepts[order],
      order,
      places: [index],
      everyWord: true,
      answers: true,
      used: words[index],
      shown: typedAt(typed, [index]),
    }));
  }

  /** The named concepts, after a law two of them govern both, first: two concepts naming different
   * words of the query ("passade" the pass, "i fel tur" a call out of rotation) ask for the law
   * where they meet (30, the pass out of rotation), not for each one's own law.  Only concepts,
   * not situations (a situation's law is its own answer), and only the first two that share one. */
  function withSharedLaws(named, query) {
    const ofConcepts = named.filter((match) => !match.synonym.situation);
    for (const [i, a] of ofConcepts.entries()) {
      for (const b of ofConcepts.slice(i + 1)) {
        if (a.carried.some((index) => b.carried.includes(index)) || !a.carried.length || !b.carried.length) continue;
        const theirs = new Set(b.synonym.refs.map(lawOf));
        const shared = a.synonym.refs.filter((ref) => theirs.has(lawOf(ref)));
        if (!shared.length) continue;
        const places = [...new Set([...a.places, ...b.places])].sort((x, y) => x - y);
        const words = foldedWords(query);
        const typed = typedWords(query, words);
        const everyWord = carryingIndexes(words).every((index) => places.includes(index));
        const both = {
          synonym: { words: [...a.synonym.words, ...b.synonym.words], refs: shared, note: `${a.synonym.note ?? a.synonym.words[0]}, ${b.synonym.note ?? b.synonym.words[0]}` },
          places,
          carried: [...a.carried, ...b.carried],
          everyWord,
          answers: everyWord,
          used: places.map((index) => words[index]).join(" "),
          shown: typedAt(typed, places),
        };
        return [both, ...named];
      }
    }
    return named;
  }

  return { wordsOf, vocabularyOf, unnamedKeys, mayNameSituation, conceptSynonyms, conceptsNamed, conceptsOfLoneWord, withSharedLaws };
}
