/* The fits' key (fit.js fitKey, keyPrefixes) on its own (node --test tests/js/): every fit of a
 * term base word with a query word needs the query word to start with the word's key, whatever
 * the rules' values.  The concepts' index (concepts.js vocabularyOf) finds a vocabulary's words
 * by that key alone, so a fit the key missed would be a concept the index drops. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { fitRules } from "../../overrides/assets/javascripts/search/engine/fit.js";
import { seeded } from "./seeded.mjs";

/** The rules a case is fitted under: search.toml [engine]'s kinds of value, each drawn small. */
function rulesOf(draw) {
  const small = (least, most) => least + draw(most - least + 1);
  return {
    inflected: { base: small(2, 7), ending: small(0, 4), changed: small(0, 3), short: small(2, 6), short_ending: small(0, 3) },
    bag_stems: Array.from({ length: small(0, 3) }, () => ({ stem: small(2, 7), ending: small(0, 5) })),
    situation_stem: { long: small(2, 8), short: small(2, 6), short_ending: small(0, 4) },
  };
}

/** A word of two letters (and sometimes a third), 1–10 long: with so few letters, words share
 * long starts often, and every branch of every fit is taken. */
function wordOf(draw, letters = "ab") {
  const alphabet = draw(4) < 1 ? `${letters}c` : letters;
  return Array.from({ length: 1 + draw(10) }, () => alphabet[draw(alphabet.length)]).join("");
}

test("every fit of a word needs the query word to start with the word's key", () => {
  const draw = seeded(38);
  const fits = { term: 0, stem: 0, situation: 0 }; // the pairs each fit takes first: every kind tried
  for (let rulesCase = 0; rulesCase < 100; rulesCase++) {
    const rules = rulesOf(draw);
    const { termFit, stemFit, situationFit, fitKey, keyPrefixes } = fitRules(rules);
    for (let pair = 0; pair < 400; pair++) {
      const part = wordOf(draw) + (draw(5) < 1 ? "*" : "");
      const word = wordOf(draw);
      const kind = termFit(part, word) > 0 ? "term" : stemFit(part, word) ? "stem" : situationFit(part, word, true) || situationFit(part, word, false) ? "situation" : null;
      if (!kind) continue;
      fits[kind]++;
      const key = fitKey(part);
      assert.ok(word.startsWith(key), `${JSON.stringify(rules)}: ${word} fits ${part} (${kind}), key ${key}`);
      assert.ok(keyPrefixes(word).includes(key), `${word}'s prefixes miss ${key}`);
    }
  }
  assert.ok(Object.values(fits).every((count) => count > 100), `too few fits of a kind: ${JSON.stringify(fits)}`);
});

test("a key is the word's start, its * left out, and a query word is looked up under each of its starts", () => {
  const rules = { inflected: { base: 5, ending: 3, changed: 2, short: 4, short_ending: 2 }, bag_stems: [{ stem: 5, ending: 4 }, { stem: 4, ending: 2 }], situation_stem: { long: 5, short: 4, short_ending: 3 } };
  const { fitKey, keyPrefixes } = fitRules(rules);
  const cases = [
    ["revokki", "revo"],
    ["revok*", "revo"],
    ["kj*", "kj"],
    ["td", "td"],
    ["ab*", "ab"],
    ["*", ""],
  ];
  for (const [part, key] of cases) assert.equal(fitKey(part), key, part);
  assert.deepEqual(keyPrefixes("kortti"), ["", "k", "ko", "kor", "kort"]);
  assert.deepEqual(keyPrefixes("kj"), ["", "k", "kj"]);
});
