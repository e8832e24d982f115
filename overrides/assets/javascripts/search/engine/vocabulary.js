/* bridge-laws search engine: the vocabulary a query is matched against, and the files it is made
 * of: the concepts of the keys its words are in (concepts-<key>.json, their keys on the page),
 * the English words of the keys the query needs (english-<key>.json) and the situations of the
 * keys its words are in (situations-<key>.json, their keys in situations-index.json), fetched
 * through `io.fetchJson` (the page's fetch, or the built site's files under Node), each file once. */
import { fileKeyer, siteUrl as siteUrlOf, unpackKeys } from "./text.js";

/** The vocabularies of one language's search: its data (data.json), the I/O (`io.root`, the
 * site's root URL; `io.fetchJson(path, fallback)`, a file's JSON, `fallback` when the server
 * has none, rejected when it cannot be reached), its rewrites (queryRewrites) and its concept
 * matcher (conceptMatcher). */
export function vocabularyFiles(data, io, rewrites, matcher) {
  const { foldedWords, carries, cardForms, termForms } = rewrites;
  const { wordsOf, vocabularyOf, conceptSynonyms } = matcher;

  function siteUrl(path) {
    return siteUrlOf(path, io.root);
  }

  const wordKey = fileKeyer(data.fileKeys.words);
  const KEY_LENGTH = data.fileKeys.words.length;

  /* The concepts of the term base are in files by their words' first letters (data.concepts,
   * data.fileKeys.words; engine_data.py concept_files), each at its place among all of them; the
   * situations, a language's phrases for what happens at the table ("son löveye bakmak" → 66),
   * matched as concepts are and after them, in files keyed alike (data.situations), of which a
   * query of two words or more fetches its own words' (a situation is two words or more); a
   * one-word first search fetches none, nor one a concept names whole.  A query word fits a
   * word of the term base only when both start alike that far (or are the same shorter word),
   * so the files of a query's words hold every concept and situation that can fit one of them.
   *
   * A query is matched against a vocabulary of its own: the concepts of its words' keys, the
   * English words of the letters it needed and the situations of the keys it needed, in one
   * order (their places) whichever file came first.  Files are fetched once and kept, but what an
   * earlier query fetched is not in a later query's vocabulary, and what a query counts over its
   * vocabulary (how many concepts, and situations once its situations are fetched, hold each of
   * its words) is counted over all of them that can hold the word: a query answers the same typed
   * after others as on a fresh page, and a file fetched for another word adds words, never
   * changes a count. */
  const CONCEPT_KEYS = data.concepts ? unpackKeys(data.concepts.keys, KEY_LENGTH) : new Set();
  let situationKeys = null; // the keys' file's promise: a Set of the keys
  const conceptFiles = new Map(); // key → its file's promise: [[place, concept, its words]]
  const situationFiles = new Map(); // key → its file's promise: [[place, situation, its words]]
  const englishFiles = new Map(); // key → its file's promise: { more, whole }
  const vocabularies = new Map(); // "concept keys|letters|keys" → the vocabulary, made once
  const wordsAt = { concepts: new Map(), situations: new Map() }; // a place → its words (wordsOf), made once

  /** The words of the concept or situation at `place` (a file's entry): made once, though it is in
   * the file of each of its words' keys. */
  function placedWords(kind, place, entry) {
    if (!wordsAt[kind].has(place)) wordsAt[kind].set(place, wordsOf(entry));
    return wordsAt[kind].get(place);
  }

  /** The keys of the concepts' files a query's words are in (of each spelling: a word's
   * spelling rules may change its start), with the shorter keys of a term's shorter words ("kj",
   * a word* of two letters), those that exist. */
  function conceptKeysOf(query) {
    const forms = foldedWords(query).flatMap(termForms);
    const keys = forms.flatMap((form) => [...form].slice(0, KEY_LENGTH).map((_, at, letters) => wordKey(letters.slice(0, at + 1).join(""))));
    return [...new Set(keys)].filter((key) => CONCEPT_KEYS.has(key));
  }

  /** The vocabulary of the concepts of `conceptKeys` with the English words of `letters` and the
   * situations of `keys` (those whose files could be read: offline and not cached, the rest still
   * answers). */
  async function vocabularyWith(conceptKeys, letters, keys) {
    [conceptKeys, letters, keys] = [conceptKeys, letters, keys].map((list) => [...new Set(list)].sort());
    const [concepts, english, situations] = await Promise.all([
      Promise.all(conceptKeys.map(conceptFile)),
      Promise.all(letters.map(englishFile)),
      Promise.all(keys.map(situationFile)),
    ]);
    const read = {
      conceptKeys: conceptKeys.filter((_, at) => concepts[at]),
      letters: letters.filter((_, at) => english[at]),
      keys: keys.filter((_, at) => situations[at]),
    };
    const id = `${read.conceptKeys.join(" ")}|${read.letters.join(" ")}|${read.keys.join(" ")}`;
    if (vocabularies.has(id)) return vocabularies.get(id);
    const byPlace = new Map(); // a concept's place among all of them → [it, its words]
    for (const entries of concepts.filter(Boolean)) for (const [place, concept, words] of entries) byPlace.set(place, [concept, words]);
    for (const file of english.filter(Boolean)) {
      // a concept's English words of the letter, after the words it has (the concept may be in
      // no file of the query's keys: the letter's file carries it)
      for (const [place, words, concept] of file.more) {
        const [had] = byPlace.get(place) || [concept];
        const more = { ...had, words: [...had.words, ...words] };
        byPlace.set(place, [more, wordsOf(more)]);
      }
      // a concept with no word in the language is in each of its letters' files, whole
      for (const [place, concept] of file.whole) if (!byPlace.has(place)) byPlace.set(place, [concept, wordsOf(concept)]);
    }
    const places = new Map(); // a situation's place among all of them → [it, its words]
    for (const entries of situations.filter(Boolean)) for (const [place, situation, words] of entries) places.set(place, [situation, words]);
    const ordered = (map) => [...map.keys()].sort((a, b) => a - b).map((place) => map.get(place));
    const all = [...ordered(byPlace), ...ordered(places)];
    const made = vocabularyOf(
      all.map(([concept]) => concept),
      all.map(([, words]) => words),
      places.size,
      read,
    );
    vocabularies.set(id, made);
    return made;
  }

  /** A concepts' file: [[place, concept, its words]], or null where it cannot be read (then
   * asked again next time). */
  function conceptFile(key) {
    if (!conceptFiles.has(key)) {
      const file = io.fetchJson(siteUrl(data.concepts.url.replace("{k}", key)), [])
        .then((entries) => entries.map(([place, concept]) => [place, concept, placedWords("concepts", place, concept)]))
        .catch(() => {
          conceptFiles.delete(key);
          return null;
        });
      conceptFiles.set(key, file);
    }
    return conceptFiles.get(key);
  }

  /** A situations' file: [[place, situation, its words]], or null where it cannot be read (then
   * asked again next time). */
  function situationFile(key) {
    if (!situationFiles.has(key)) {
      const file = io.fetchJson(siteUrl(data.situations.url.replace("{k}", key)), [])
        .then((entries) => entries.map(([place, situation]) => [place, { ...situation, situation: true }, placedWords("situations", place, situation)]))
        .catch(() => {
          situationFiles.delete(key);
          return null;
        });
      situationFiles.set(key, file);
    }
    return situationFiles.get(key);
  }

  /** The keys of the situations' files a query's words are in (of each form a word is matched
   * by: its spellings, and for a carrying word the one-word terms it stands for in `vocabulary`),
   * those that exist. */
  async function situationKeysOf(query, vocabulary) {
    if (!data.situations) return [];
    const forms = foldedWords(query).flatMap((word) => {
      const spelled = termForms(word);
      return carries(word) ? [...spelled, ...conceptSynonyms(spelled, vocabulary), ...cardForms(word)] : spelled;
    });
    situationKeys ??= io.fetchJson(siteUrl(data.situations.keys), "")
      .then((packed) => unpackKeys(packed, KEY_LENGTH))
      .catch(() => {
        situationKeys = null; // offline and not cached: the concepts still answer; asked again next time
        return new Set();
      });
    const keys = await situationKeys;
    return [...new Set(forms.map(wordKey))].filter((key) => keys.has(key));
  }

  /** `vocabulary` with the situations of a query's words added. */
  async function withSituations(query, vocabulary) {
    const keys = await situationKeysOf(query, vocabulary);
    return vocabularyWith(vocabulary.conceptKeys, vocabulary.letters, [...vocabulary.keys, ...keys]);
  }

  /* The concepts' English words ("revoke", "penalty card": directors type them in every
   * language) are not on the page, where they were a third of its data: a file per key, a
   * term's first two letters (data.english, its keys packed), is fetched for a
   * query word of that key the language's own words leave unnamed (unnamedKeys).  It adds
   * words to the concepts with words in the language (`more`: [place, words, the concept]) and
   * the concepts with no word in the language (`whole`: [place, concept], in each of its keys'
   * files). */
  function englishFile(letter) {
    if (!englishFiles.has(letter)) {
      const file = io.fetchJson(siteUrl(data.english.url.replace("{k}", letter)), {})
        .then(({ more = [], whole = [] }) => ({ more, whole }))
        .catch(() => {
          englishFiles.delete(letter); // offline and not cached: the language's own words still answer
          return null;
        });
      englishFiles.set(letter, file);
    }
    return englishFiles.get(letter);
  }

  return { conceptKeysOf, vocabularyWith, situationKeysOf, situationFile, withSituations, englishFile };
}
