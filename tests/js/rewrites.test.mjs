/* The engine's pure modules on their own (node --test tests/js/): a query's length, the
 * ordered rewrites of a query (equivalents, bids, counts) with each word's origin, the fits. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { atLeastShare, fitRules } from "../../overrides/assets/javascripts/search/engine/fit.js";
import { nextRound } from "../../overrides/assets/javascripts/search/engine/placement.js";
import { queryRewrites } from "../../overrides/assets/javascripts/search/engine/rewrites.js";
import { fileKeyer, folder, searchable, unpackKeys } from "../../overrides/assets/javascripts/search/engine/text.js";

// search.toml's kinds of rules, written small: what each rewrite does, not the languages' tables
const DATA = {
  lang: "sv",
  variants: [],
  functionWords: ["som"],
  bids: { words: ["bud", "kontraktsbud"], strains: ["nt", "sang*", "♥"] },
  counts: { cards: ["kort"], numbers: { fjorton: 14 }, hand: 13, near: 2, words: "fel antal kort" },
  equivalents: [["i otur", "i fel tur", "ur tur"]],
  // search.toml [engine]'s kinds of rules (tests/test_engine_rules.py checks the shipped ones)
  engine: {
    carrying_length: 3,
    inflected: { base: 5, ending: 3, changed: 2, short: 4, short_ending: 2 },
    bag: { words: 2, long: 5, share: [2, 3] },
    bag_stems: [{ stem: 5, ending: 4 }, { stem: 4, ending: 2 }],
    situation_stem: { long: 5, short: 4, short_ending: 3 },
  },
};
// the fold's kind (its one rule is langmodel.fold_data; tests/test_text_rules.py holds the two alike)
const FOLD = { marks: "\u0300-\u036f", letters: { ı: "i", ł: "l" } };
const rewrites = queryRewrites(DATA, folder("sv", FOLD));

/** A query's folded words, each with the words typed it comes from and what the reader is shown. */
function read(query) {
  const words = rewrites.foldedWords(query);
  return { words, origins: rewrites.wordOrigins(query, words), typed: rewrites.typedWords(query, words).map(({ text }) => text) };
}

test("a long query is cut at a word", () => {
  const query = "sana ".repeat(60);
  const cut = searchable(query, 200);
  assert.ok(cut.length <= 200 && !cut.endsWith(" ") && cut.endsWith("sana"));
  assert.equal(searchable("revokki", 200), "revokki");
  assert.equal(searchable("sanaton".repeat(40), 200).length, 200); // no space: cut where it must be
});

test("an equivalent phrase is its group's first, its words from the phrase typed", () => {
  const { words, origins, typed } = read("utspel i fel tur");
  assert.deepEqual(words, ["utspel", "i", "otur"]);
  assert.deepEqual(origins, [{ from: 0, to: 1 }, { from: 1, to: 4 }, { from: 1, to: 4 }]);
  assert.deepEqual(typed, ["utspel", "i fel tur", "i fel tur"]);
  assert.equal(rewrites.typedAt(rewrites.typedWords("utspel i fel tur", words), [1, 2]), "i fel tur");
});

test("a bid is the language's word for a bid, shown as typed", () => {
  assert.deepEqual(read("otillräckligt 1NT"), { words: ["otillrackligt", "bud"], origins: [{ from: 0, to: 1 }, { from: 1, to: 2 }], typed: ["otillräckligt", "1nt"] });
  assert.deepEqual(read("2♥ som").words, ["bud", "som"]);
  assert.deepEqual(read("3 sangia").words, ["bud"]);
  assert.deepEqual(rewrites.termForms("bud"), ["bud", "kontraktsbud"]);
});

test("a count of cards near a hand is the wrong number of cards; one further off is not", () => {
  const { words, origins, typed } = read("jag hade 14 kort");
  assert.deepEqual(words, ["jag", "hade", "fel", "antal", "kort"]);
  assert.deepEqual(origins.slice(2), Array(3).fill({ from: 2, to: 4 }));
  assert.deepEqual(typed.slice(2), Array(3).fill("14 kort"));
  assert.deepEqual(read("fjorton kort").words, ["fel", "antal", "kort"]);
  assert.deepEqual(read("spelade 2 kort").words, ["spelade", "2", "kort"]);
});

test("which words carry a query: no function word, bid or short word", () => {
  assert.deepEqual(rewrites.carryingIndexes(read("2♥ som").words), [0]);
  assert.deepEqual(rewrites.carryingIndexes(["utspel", "i", "otur"]), [0, 2]);
  assert.ok(!rewrites.carries("1nt"));
});

test("a case ending after an apostrophe or a colon is no word", () => {
  assert.deepEqual(read("Doğu'daydı TL:s").words, ["dogu", "tl"]);
});

test("a term's word fits a query word as written, inflected, or by a shared stem", () => {
  const { stemFit, termFit } = fitRules(DATA.engine);
  assert.equal(termFit("straffkort", "straffkort"), 2);
  assert.equal(termFit("straffkort", "straffkortet"), 1);
  assert.equal(termFit("straff", "straffkort"), 0); // a compound is no inflection
  assert.equal(termFit("wyjaśnienie", "wyjaśnień"), 0);
  assert.equal(termFit("revok*", "revokki"), 2);
  assert.ok(stemFit("karta", "karty"));
});

test("the situations' files: a word's key, the packed keys", () => {
  const situationKey = fileKeyer({ length: 3, keep: "a-z0-9", other: "_" });
  assert.equal(situationKey("lahti"), "lah");
  assert.equal(situationKey("ölü"), "_l_");
  assert.equal(situationKey("kj"), "kj");
  assert.equal(fileKeyer({ length: 1, keep: "a-z", other: "0" })("2nt"), "0");
  assert.deepEqual([...unpackKeys("aan aiehk =kj", 3)], ["aan", "aie", "aih", "aik", "kj"]);
  assert.deepEqual([...unpackKeys("abc ba =q", 2)], ["ab", "ac", "ba", "q"]); // /search/'s words, two letters
});

test("a share is kept whole: two of three words are two thirds", () => {
  assert.ok(atLeastShare(2, 3, [2, 3]));
  assert.ok(!atLeastShare(1, 2, [2, 3]));
  assert.ok(atLeastShare(1, 2, [1, 2]));
  assert.ok(atLeastShare(0, 0, [1, 2]));
});

test("the next round reads about as many pages as the laws still wanted need", () => {
  const rules = { fragments_per_round: 12, min_round: 3 };
  assert.equal(nextRound(12, 7, 3, rules), 6); // 7 laws of 12 pages, 3 wanted: about 6 pages
  assert.equal(nextRound(12, 0, 10, rules), 12); // nothing gained: a whole round again
  assert.equal(nextRound(12, 12, 1, rules), 3); // never fewer than min_round
  assert.equal(nextRound(6, 2, 8, rules), 12); // never more than a round
});
