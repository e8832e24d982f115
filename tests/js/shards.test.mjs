/* The concepts and situations in files by their words' keys (vocabulary.js, engine_data.py
 * concept_files), on a built site ($BRIDGELAWS_SITE, else site/; skipped when there is none):
 * every concept is in the file of each word the engine matches it by, and a query's own files
 * name what every file would, with the same counts (a word's rarity): a file loaded later adds
 * words, never changes a statistic.  And the index a vocabulary finds its words by (concepts.js
 * vocabularyOf, fit.js fitKey) finds every concept and situation a walk over all its words does. */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { conceptMatcher } from "../../overrides/assets/javascripts/search/engine/concepts.js";
import { provisionReader } from "../../overrides/assets/javascripts/search/engine/provision.js";
import { queryRewrites } from "../../overrides/assets/javascripts/search/engine/rewrites.js";
import { fileKeyer, folder, unpackKeys } from "../../overrides/assets/javascripts/search/engine/text.js";
import { vocabularyFiles } from "../../overrides/assets/javascripts/search/engine/vocabulary.js";
import { pageData, siteFolder, siteIo } from "../../tools/bench/js/engine.mjs";
import { seeded } from "./seeded.mjs";

const SITE = siteFolder();
const skip = existsSync(path.join(SITE, "pagefind", "pagefind.js")) ? false : `no built site in ${SITE}`;
const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures");
const LANGUAGES = ["fi", "sv", "tr", "pl"];
// the held-out queries asked: every other one of a set by default (each costs the matching
// against every file too), each of every set with SHARD_SETS=all
const ALL = process.env.SHARD_SETS === "all";
const SETS = ALL ? null : ["concepts_heldout.toml"];

/** The held-out query sets' queries of a language (their TOML's `lang` and `query` lines). */
async function heldOutQueries(lang) {
  const files = SETS || ["concepts_heldout.toml", ...(await readdir(path.join(FIXTURES, "spent"))).map((name) => path.join("spent", name))];
  const queries = [];
  for (const file of files) {
    const text = await readFile(path.join(FIXTURES, file), "utf8");
    for (const [, language, query] of text.matchAll(/^lang = "(\w+)"\nquery = "([^"]*)"$/gm)) if (language === lang) queries.push(query);
  }
  return ALL ? queries : queries.filter((_, at) => at % 2 === 0);
}

/** A language's engine parts on the built site, as engine.js puts them together. */
async function partsOf(lang) {
  const data = await pageData(SITE, lang);
  const fold = folder(lang, data.fold);
  const rewrites = queryRewrites(data, fold);
  const matcher = conceptMatcher(data, fold, rewrites, provisionReader(data, fold, new URL("http://localhost/")).lawOf);
  const io = siteIo(SITE, data.strings);
  const files = vocabularyFiles(data, io, rewrites, matcher);
  const situationKeys = data.situations ? [...unpackKeys(await io.fetchJson(data.situations.keys, ""), data.fileKeys.words.length)] : [];
  return { data, io, matcher, files, conceptKeys: [...unpackKeys(data.concepts.keys, data.fileKeys.words.length)], situationKeys };
}

/** What conceptsNamed (or conceptsOfLoneWord) says, in terms no vocabulary's order changes. */
function said(named) {
  return named.map((match) => ({
    name: `${match.synonym.refs[0]} ${match.synonym.words[0]}`,
    places: match.places,
    answers: match.answers,
    features: match.features,
  }));
}

test("every concept and situation is in the file of each word it is matched by, once", { skip }, async () => {
  for (const lang of LANGUAGES) {
    const { data, io, matcher, conceptKeys, situationKeys } = await partsOf(lang);
    const key = fileKeyer(data.fileKeys.words);
    for (const [kind, url, fileKeys] of [["concepts", data.concepts.url, conceptKeys], ["situations", data.situations.url, situationKeys]]) {
      const held = new Map(); // a place → [its concept or situation, the keys of the files holding it]
      for (const fileKey of fileKeys) {
        for (const [place, entry] of await io.fetchJson(url.replace("{k}", fileKey), [])) {
          const [had, keys] = held.get(place) || [entry, []];
          assert.deepEqual(entry, had, `${lang} ${kind}: place ${place} holds one`);
          held.set(place, [had, [...keys, fileKey]]);
        }
      }
      assert.deepEqual([...held.keys()].sort((a, b) => a - b), [...held.keys()].map((_, at) => at), `${lang} ${kind}: every place`);
      for (const [entry, keys] of held.values()) {
        // the words of its terms as the engine matches them (folded, equivalents said as their
        // group's first), of three letters or more; of a term of shorter words only, each
        for (const pattern of matcher.wordsOf(entry).patterns) {
          const long = pattern.filter((word) => word.length >= data.engine.carrying_length);
          for (const word of long.length ? long : pattern) {
            assert.ok(keys.includes(key(word.replace(/\*$/, ""))), `${lang} ${kind}: ${entry.words[0]} not in ${key(word)}`);
          }
        }
      }
    }
  }
});

test("a query's own files name what every file would, with the same rarity", { skip }, async () => {
  for (const lang of LANGUAGES) {
    const { matcher, files, conceptKeys, situationKeys } = await partsOf(lang);
    // the English words are files by letter, fetched as before: not this test's
    const everything = await files.vocabularyWith(conceptKeys, [], situationKeys);
    const concepts = await files.vocabularyWith(conceptKeys, [], []);
    const queries = await heldOutQueries(lang);
    assert.ok(queries.length >= 10, lang);
    for (const query of queries) {
      // as the engine asks: the query's concepts, then with its situations
      const own = await files.vocabularyWith(files.conceptKeysOf(query), [], []);
      assert.deepEqual(said(matcher.conceptsNamed(query, own)), said(matcher.conceptsNamed(query, concepts)), `${lang} ${query}`);
      const withSituations = await files.withSituations(query, own);
      assert.deepEqual(said(matcher.conceptsNamed(query, withSituations)), said(matcher.conceptsNamed(query, everything)), `${lang} ${query}: situations`);
      assert.deepEqual(said(matcher.conceptsOfLoneWord(query, withSituations)), said(matcher.conceptsOfLoneWord(query, everything)), `${lang} ${query}: a lone word`);
    }
  }
});

/** `count` queries of 1–4 words: words of the queries and of the vocabulary's terms, as written,
 * cut short or given another's ending (where fits by a shared start or stem are decided). */
function wordMixes(queries, vocabulary, count, draw) {
  const words = [...new Set([...queries.flatMap((query) => query.split(/\s+/)), ...vocabulary.conceptWords.flatMap(({ patterns }) => patterns.flat())])].filter(Boolean);
  const pick = (list) => list[draw(list.length)];
  const mixed = (word) => {
    const plain = word.replace(/\*$/, "");
    const kind = draw(3);
    if (kind === 0) return plain;
    const cut = plain.slice(0, 2 + draw(Math.max(1, plain.length - 1)));
    return kind === 1 ? cut : cut + pick(words).slice(-1 - draw(4));
  };
  return Array.from({ length: count }, () => Array.from({ length: 1 + draw(4) }, () => mixed(pick(words))).join(" "));
}

test("the index finds every concept and situation the whole vocabulary's walk does", { skip }, async () => {
  const draw = seeded(38);
  for (const lang of LANGUAGES) {
    const { data, matcher, files, conceptKeys, situationKeys } = await partsOf(lang);
    // every concept, with its English words, and every situation: every word the index keys
    const englishKeys = [...unpackKeys(data.english.keys, data.fileKeys.english.length)];
    const everything = await files.vocabularyWith(conceptKeys, englishKeys, situationKeys);
    const walked = (vocabulary) => matcher.vocabularyOf(vocabulary.concepts, vocabulary.conceptWords, vocabulary.situationCount, vocabulary, { keyed: false });
    const queries = await heldOutQueries(lang);
    for (const query of [...queries, ...wordMixes(queries, everything, ALL ? 1000 : 30, draw)]) {
      // and the query's own vocabulary, as the engine asks it (SHARD_SETS=all)
      const own = ALL ? [await files.withSituations(query, await files.vocabularyWith(files.conceptKeysOf(query), [], []))] : [];
      for (const vocabulary of [everything, ...own]) {
        const whole = walked(vocabulary);
        assert.deepEqual(matcher.conceptsNamed(query, vocabulary), matcher.conceptsNamed(query, whole), `${lang} ${query}`);
        assert.deepEqual(matcher.conceptsOfLoneWord(query, vocabulary), matcher.conceptsOfLoneWord(query, whole), `${lang} ${query}: a lone word`);
      }
    }
  }
});
