/* bridge-laws search: which language a query of /search/ is written in (search-anywhere.js asks
 * a detector).  The data is /search/'s data.json, written by bridgelaws/search/detection.py:
 * each language's letters and provision forms, the weights and margin of content/search.toml
 * [detect], and where the rest is: the words of each language and the term base's English in
 * files by their first letters (a query reads its words' files only), and the letter model
 * learned at build time (read only when it can change the answer).  Pure but for the files a
 * detector reads through the function it is given: no DOM; the one implementation of the rule
 * (tests run it under Node). */
import { fileKeyer, folder, sharedStart, unpackKeys } from "./text.js";

// a query of any language is folded as the English interface's text is (text.js folder), once
// per data
const folds = new WeakMap();
function foldAny(text, detect) {
  if (!folds.has(detect)) folds.set(detect, folder("en", detect.fold));
  return folds.get(detect)(text);
}

/** Each language's score for a query, with the weights of the data (content/search.toml
 * [detect]): a letter of that language only ("å") or one it shares ("ä"); its provision form
 * ("lag 16", "Yasa 45", "12 §"); each word of its texts or terms, or else, for the language
 * whose word shares the longest start (at least `prefix` letters) with it, an inflected form
 * ("deklarasyon": Turkish "deklarasyonu" shares 11 letters, Polish "deklaracji" 7); and, for
 * a word no list carries, the letter model's likeliest language when it leads the next by
 * `model.sure` nats ("trumfa" → sv; an English word it tells, as "hesitation", counts for
 * scores.en).  A word of the term base's English ("penalty", "revoke") counts for no language,
 * every one's search knows it, but for English (`english_word`).
 * "tavlingsledaren" → sv; "12C1(b)" → nothing for anyone. */
function languageScores(query, detect) {
  const weight = detect.weights;
  let modelAsked = false; // a word only the letter model can tell, and the data has no model
  const scores = Object.fromEntries(detect.languages.map((lang) => [lang, 0]));
  const owners = (letter) => detect.languages.filter((lang) => detect.letters[lang].includes(letter));
  for (const letter of new Set([...query, ...query.toLowerCase()])) {
    const those = owners(letter);
    for (const lang of those) scores[lang] += those.length === 1 ? weight.own_letter : weight.shared_letter;
  }
  const tokens = foldAny(query, detect).split(/[^\p{L}\p{N}§]+/u).filter(Boolean);
  for (const lang of detect.languages) {
    if (tokens.some((token) => detect.forms[lang].includes(token))) scores[lang] += weight.form;
  }
  const english = wordSet(ENGLISH, detect);
  scores[ENGLISH] = 0;
  for (const token of tokens) {
    if (!/^\p{L}{3,}$/u.test(token)) continue;
    if (english.has(token)) {
      scores[ENGLISH] += weight.english_word;
      continue;
    }
    const exact = detect.languages.filter((lang) => wordSet(lang, detect).has(token));
    exact.forEach((lang) => (scores[lang] += weight.word));
    if (exact.length) continue;
    if (token.length >= detect.prefix) {
      const shared = Object.fromEntries(detect.languages.map((lang) => [lang, longestStart(token, detect.words[lang] || [])]));
      const longest = Math.max(...Object.values(shared));
      if (longest >= detect.prefix) for (const lang of detect.languages) if (shared[lang] === longest) scores[lang] += weight.word_start;
    }
    if (!detect.model) {
      modelAsked = true;
      continue;
    }
    const likely = modelScores(token, detect.model);
    const ranked = Object.keys(likely).sort((a, b) => likely[b] - likely[a]);
    if (ranked.length > 1 && likely[ranked[0]] - likely[ranked[1]] >= detect.model.sure) scores[ranked[0]] += weight.model;
  }
  return { scores, modelAsked };
}

// the English model's language: words every language's search knows (the term base's English)
const ENGLISH = "en";

/** A folded word's letter n-grams of 1 to `order` letters, its edges marked "_": the n-grams
 * langmodel.py letter_grams counted when it learned the model (what a table holds must be what
 * is looked up). */
function letterGrams(word, order) {
  const padded = [..."_" + word + "_"];
  const grams = [];
  for (let n = 1; n <= order; n++) {
    for (let at = 0; at + n <= padded.length; at++) {
      const gram = padded.slice(at, at + n).join("");
      if (gram !== "_") grams.push(gram);
    }
  }
  return grams;
}

const modelTables = new WeakMap(); // a model → each language's n-grams and their levels

/** Each model language's log-likelihood of a folded word in whole nats (the letter model of
 * bridgelaws/search/langmodel.py): per n-gram some language keeps, its floor for the n-gram's
 * length plus the n-gram's level; an n-gram no language keeps counts for none. */
export function modelScores(word, model) {
  if (!modelTables.has(model)) {
    const tables = Object.fromEntries(
      Object.entries(model.grams).map(([lang, byLevel]) => {
        const table = new Map();
        byLevel.forEach((joined, at) => joined.split(" ").forEach((gram) => gram && table.set(gram, at + 1)));
        return [lang, table];
      }),
    );
    modelTables.set(model, tables);
  }
  const tables = modelTables.get(model);
  const grams = letterGrams(word, model.order).filter((gram) => Object.values(tables).some((table) => table.has(gram)));
  return Object.fromEntries(
    model.languages.map((lang) => [lang, grams.reduce((sum, gram) => sum + model.floor[lang][[...gram].length - 1] + (tables[lang].get(gram) || 0), 0)]),
  );
}

const wordSets = new WeakMap(); // the data → each language's words as a Set
function wordSet(lang, detect) {
  if (!wordSets.has(detect)) wordSets.set(detect, new Map());
  const sets = wordSets.get(detect);
  if (!sets.has(lang)) sets.set(lang, new Set((lang === ENGLISH ? detect.english : detect.words[lang]) || []));
  return sets.get(lang);
}

/** How many first letters `token` shares with the word of `words` that shares most. */
function longestStart(token, words) {
  return words.reduce((best, word) => Math.max(best, sharedStart(token, word)), 0);
}

/** The query's words the letter model and the word lists weigh: its runs of three letters or
 * more, folded. */
function longWords(query, detect) {
  return foldAny(query, detect)
    .split(/[^\p{L}\p{N}§]+/u)
    .filter((token) => /^\p{L}{3,}$/u.test(token));
}

/** The letter model's log-likelihood of the query's words: what orders languages the other
 * signals tie ("hjärter": sv before fi); none without the model. */
function queryLikelihood(query, detect) {
  const total = {};
  if (!detect.model) return total;
  for (const token of longWords(query, detect)) {
    for (const [lang, score] of Object.entries(modelScores(token, detect.model))) total[lang] = (total[lang] || 0) + score;
  }
  return total;
}

/** {lang} when one language scores `margin` times any other; {english, candidates} when English
 * scores `margin` times the best language ("revoke", "penalty card": the site has no English
 * text, so every language, after any its letters or words speak for, the reader's languages
 * first (`detect.readers`: readersLanguages), then in the data's order);
 * else {candidates}: the languages near the best, best first, or all of them when nothing
 * speaks for any.  `detect` holds at least the words of the query's words' files (withWords);
 * without the letter model, {needsModel} when the model could change the answer: a word no list
 * carries, or candidates the other signals tie (the model orders them). */
export function detectLanguage(query, detect) {
  const { scores, modelAsked } = languageScores(query, detect);
  if (modelAsked) return { needsModel: true };
  const likelihood = queryLikelihood(query, detect);
  // best first; a tie by the letter model's likelihood of the whole query, then the data's order
  const ranked = [...detect.languages].sort((a, b) => scores[b] - scores[a] || (likelihood[b] || 0) - (likelihood[a] || 0));
  const best = scores[ranked[0]];
  const second = ranked.length > 1 ? scores[ranked[1]] : 0;
  // English words that no list carries ("trump") weigh against every language: side by side
  if (best > 0 && best >= detect.margin * second && best > second && best > scores[ENGLISH]) return { lang: ranked[0], scores };
  // English: no language's texts are its, and the letter model's likelihood of an English word
  // tells nothing of which language's texts the reader wants
  if (scores[ENGLISH] > 0 && scores[ENGLISH] >= detect.margin * best) {
    const readers = detect.readers || [];
    const rank = (lang) => (readers.indexOf(lang) < 0 ? readers.length : readers.indexOf(lang)); // unlisted: last
    const candidates = [...detect.languages].sort((a, b) => scores[b] - scores[a] || rank(a) - rank(b));
    return { english: true, candidates, scores };
  }
  // best first (a tie in the data's order): the likeliest language's results come first
  const candidates = best > 0 ? ranked.filter((lang) => scores[lang] * detect.margin >= best) : ranked;
  const tied = candidates.some((lang, at) => candidates.some((other, next) => next > at && scores[other] === scores[lang]));
  if (!detect.model && tied && longWords(query, detect).length) return { needsModel: true };
  return { candidates, scores };
}

/** The data's languages a reader's browser asks for, in the reader's order: of each language tag
 * (navigator.languages: "pl-PL", "sv") its language, those the data has.  An English query has
 * no language of its own: its blocks come in this order first. */
export function readersLanguages(tags, detect) {
  const wanted = [...tags].map((tag) => String(tag).toLowerCase().split("-")[0]);
  return [...new Set(wanted)].filter((lang) => detect.languages.includes(lang));
}

/** The keys of the word files a query's words are in (`detect.files`: detection.py
 * detection_files, which keys every word by its first letters, fewer than `prefix`): of each
 * word of three letters or more, those the build wrote.  A word counts for a listed word only
 * when it is that word or starts as it does for `prefix` letters, so its file holds every listed
 * word that can count for it. */
export function detectionKeys(query, detect) {
  const { key, keys } = detect.files;
  const written = unpackKeys(keys, key.length);
  const keyOf = fileKeyer(key);
  return [...new Set(longWords(query, detect).map(keyOf))].filter((found) => written.has(found));
}

/** The page's data with the words of `files` (each {lang: [words], en: [the term base's English
 * words]}, a query's words' files): what detectLanguage weighs for that query. */
export function withWords(detect, files) {
  const words = Object.fromEntries(detect.languages.map((lang) => [lang, files.flatMap((file) => file[lang] || [])]));
  return { ...detect, words, english: files.flatMap((file) => file[ENGLISH] || []) };
}

// a model that tells nothing: what a detector weighs when the model's file cannot be had
const NO_MODEL = { order: 1, languages: [], floor: {}, grams: {}, sure: Infinity };

/** /search/'s detection as the page runs it, on the page's data `detect`: a query's language
 * (detectLanguage's answer) from its words' files, and the letter model when it can change the
 * answer, each file read once by `read(path)` (a promise of its JSON, null when the site has
 * none; `path` as the data gives it, relative to the page).  A file that cannot be read
 * (offline, not kept) counts as empty, and is asked again next time. */
export function detector(detect, read) {
  const files = new Map(); // key → its file's promise
  let model = null;
  function wordFile(key) {
    if (!files.has(key)) {
      const file = read(detect.files.words.replace("{k}", key)).then(
        (words) => words || {},
        () => {
          files.delete(key);
          return {};
        },
      );
      files.set(key, file);
    }
    return files.get(key);
  }
  return async (query) => {
    const data = withWords(detect, await Promise.all(detectionKeys(query, detect).map(wordFile)));
    const found = detectLanguage(query, data);
    if (!found.needsModel) return found;
    model ??= read(detect.files.model).then(
      (loaded) => loaded || NO_MODEL,
      () => {
        model = null;
        return NO_MODEL;
      },
    );
    return detectLanguage(query, { ...data, model: await model });
  };
}
