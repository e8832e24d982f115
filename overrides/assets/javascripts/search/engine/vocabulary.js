/* bridge-laws search engine: the vocabulary a query is matched against, and the files it is made
 * of: the page's concepts, the English words of the letters the query needs (english-<l>.json)
 * and the situations of the keys its words are in (situations-<key>.json, their keys in
 * situations-index.json), fetched through `io.fetchJson` (the page's fetch, or the built site's
 * files under Node), each file once. */
import { fileKeyer, siteUrl as siteUrlOf, unpackKeys } from "./text.js";

/** The vocabularies of one language's search: its data (#search-data), the I/O (`io.root`, the
 * site's root URL; `io.fetchJson(path, fallback)`, a file's JSON, `fallback` when the server
 * has none, rejected when it cannot be reached), its rewrites (queryRewrites) and its concept
 * matcher (conceptMatcher). */
export function vocabularyFiles(data, io, rewrites, matcher) {
  const { foldedWords, carries, cardForms, termForms } = rewrites;
  const { wordsOf, vocabularyOf, conceptSynonyms } = matcher;

  function siteUrl(path) {
    return siteUrlOf(path, io.root);
  }

  const situationKey = fileKeyer(data.fileKeys.words);

  /* The concepts (data.synonyms), and after them the situations: a language's phrases for what
   * happens at the table ("son löveye bakmak" → 66), matched as concepts are.  They are in files
   * by their words' first letters (data.situations, data.fileKeys.words, engine_data.py situation_files), of
   * which a query of two words or more fetches its own words' (a situation is two words or more,
   * and a query word fits a situation's word only when both start alike that far); a one-word
   * first search fetches none, nor one a concept names whole.
   *
   * A query is matched against a vocabulary of its own: the page's concepts, the English words
   * of the letters it needed and the situations of the keys it needed, in one order whichever
   * file came first.  Files are fetched once and kept, but what an earlier query fetched is not
   * in a later query's vocabulary, so a query answers the same typed after others as on a fresh
   * page (the words' rarity counts the same concepts and situations either way). */
  let situationKeys = null; // the keys' file's promise: a Set of the keys
  const situationFiles = new Map(); // key → its file's promise: [[place, situation, its words]]
  const englishFiles = new Map(); // letter → its file's promise: { more, whole }

  const PAGE_VOCABULARY = vocabularyOf(data.synonyms, data.synonyms.map(wordsOf), 0, [], []);
  const vocabularies = new Map(); // "letters|keys" → the vocabulary, made once

  /** The page's vocabulary with the English words of `letters` and the situations of `keys`
   * (those whose files could be read: offline and not cached, the rest still answers). */
  async function vocabularyWith(letters, keys) {
    letters = [...new Set(letters)].sort();
    keys = [...new Set(keys)].sort();
    const [english, situations] = await Promise.all([Promise.all(letters.map(englishFile)), Promise.all(keys.map(situationFile))]);
    const read = { letters: letters.filter((_, at) => english[at]), keys: keys.filter((_, at) => situations[at]) };
    const id = `${read.letters.join("")}|${read.keys.join(" ")}`;
    if (vocabularies.has(id)) return vocabularies.get(id);
    const concepts = [...data.synonyms];
    const conceptWords = [...PAGE_VOCABULARY.conceptWords];
    const whole = new Set(); // a concept with no word in the language is in each of its letters' files
    for (const file of english.filter(Boolean)) {
      for (const [index, words] of file.more) {
        concepts[index] = { ...concepts[index], words: [...concepts[index].words, ...words] };
        conceptWords[index] = wordsOf(concepts[index]);
      }
      for (const [conceptId, concept] of file.whole) {
        if (whole.has(conceptId)) continue;
        whole.add(conceptId);
        concepts.push(concept);
        conceptWords.push(wordsOf(concept));
      }
    }
    const placed = new Map(); // a situation's place among all of them → [it, its words]
    for (const entries of situations.filter(Boolean)) for (const [place, situation, words] of entries) placed.set(place, [situation, words]);
    const ordered = [...placed.keys()].sort((a, b) => a - b).map((place) => placed.get(place));
    concepts.push(...ordered.map(([situation]) => situation));
    conceptWords.push(...ordered.map(([, words]) => words));
    const made = vocabularyOf(concepts, conceptWords, ordered.length, read.letters, read.keys);
    vocabularies.set(id, made);
    return made;
  }

  /** A situations' file: [[place, situation, its words]], or null where it cannot be read (then
   * asked again next time). */
  function situationFile(key) {
    if (!situationFiles.has(key)) {
      const file = io.fetchJson(siteUrl(data.situations.url.replace("{k}", key)), [])
        .then((entries) => entries.map(([place, situation]) => [place, { ...situation, situation: true }, wordsOf(situation)]))
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
      .then(unpackKeys)
      .catch(() => {
        situationKeys = null; // offline and not cached: the concepts still answer; asked again next time
        return new Set();
      });
    const keys = await situationKeys;
    return [...new Set(forms.map(situationKey))].filter((key) => keys.has(key));
  }

  /** `vocabulary` with the situations of a query's words added. */
  async function withSituations(query, vocabulary) {
    const keys = await situationKeysOf(query, vocabulary);
    return vocabularyWith(vocabulary.letters, [...vocabulary.keys, ...keys]);
  }

  /* The concepts' English words ("revoke", "penalty card": directors type them in every
   * language) are not on the page, where they were a third of its data: a file per first letter
   * (data.english) is fetched for a query word of that letter the language's own words leave
   * unnamed.  It adds words to the concepts on the page (`more`: [index, words]) and the concepts
   * with no word in the language (`whole`: [id, concept], in each of its letters' files). */
  function englishFile(letter) {
    if (!englishFiles.has(letter)) {
      const file = io.fetchJson(siteUrl(data.english.url.replace("{l}", letter)), {})
        .then(({ more = [], whole = [] }) => ({ more, whole }))
        .catch(() => {
          englishFiles.delete(letter); // offline and not cached: the language's own words still answer
          return null;
        });
      englishFiles.set(letter, file);
    }
    return englishFiles.get(letter);
  }

  return { PAGE_VOCABULARY, vocabularyWith, situationKeysOf, situationFile, withSituations };
}
