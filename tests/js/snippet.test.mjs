/* A text's snippet (snippet.js snippetAround) on its own (node --test tests/js/): the shown words
 * around the match, walked out to from it, are those of the page's shown words listed whole:
 * twelve before the match and sixteen from it, an ellipsis where the page has more, a hidden
 * compound part never shown and its compound marked, whatever the page. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { snippetCutter } from "../../overrides/assets/javascripts/search/engine/snippet.js";
import { seeded } from "./seeded.mjs";

const PART = "\u2058";
const forms = { wordFit: () => 0, bare: (word) => word };
const { snippetAround } = snippetCutter({ partMark: PART }, forms);

/** The snippet by its definition: the page's shown words listed, the window cut from the list. */
function listed(words, at, locations) {
  const shownAt = (spot) => {
    while (spot > 0 && words[spot].startsWith(PART)) spot--;
    return spot;
  };
  const marked = new Set(locations.map(shownAt));
  const shown = words.flatMap((word, index) => (word.startsWith(PART) ? [] : [index]));
  const centre = Math.max(0, shown.indexOf(shownAt(at)));
  const from = Math.max(0, centre - 12);
  const to = Math.min(shown.length, centre + 16);
  const parts = from > 0 ? [["… ", false]] : [];
  for (let i = from; i < to; i++) {
    const glued = i + 1 < to && shown[i + 1] > shown[i] + 1 && /^[.,;:!?)\]”’»]+$/u.test(words[shown[i + 1]]);
    parts.push([words[shown[i]] + (i + 1 < to && !glued ? " " : ""), marked.has(shown[i])]);
  }
  if (to < shown.length) parts.push([" …", false]);
  return parts;
}

/** A page of 1–80 words: words, hidden parts after a word, punctuation after a part. */
function pageOf(draw) {
  const words = [`w0`];
  const length = 1 + draw(80);
  while (words.length < length) {
    const kind = draw(6);
    if (kind === 0) words.push(`${PART}p${words.length}`);
    else if (kind === 1 && words.at(-1).startsWith(PART)) words.push(".");
    else words.push(`w${words.length}`);
  }
  return words;
}

test("the snippet walked out to from the match is the one cut from all the page's words", () => {
  const draw = seeded(60);
  let ellipses = 0;
  for (let pageCase = 0; pageCase < 3000; pageCase++) {
    const words = pageOf(draw);
    const at = draw(words.length);
    const locations = Array.from({ length: draw(4) }, () => draw(words.length));
    const expected = listed(words, at, locations);
    assert.deepEqual(snippetAround(words, at, locations), expected, JSON.stringify({ words, at, locations }));
    if (expected[0][0] === "… " && expected.at(-1)[0] === " …") ellipses++;
  }
  assert.ok(ellipses > 100, `pages long enough for both ellipses: ${ellipses}`);
});

test("a word the printed rule says is the query's is marked where it is shown", () => {
  const words = ["a", "tarjousta", `${PART}tarjous`, "b", "tarjous", "c"];
  const parts = snippetAround(words, 4, [], (word) => word.startsWith("tarjous"));
  assert.deepEqual(
    parts.map(([text, marked]) => [text.trim(), marked]),
    [
      ["a", false],
      ["tarjousta", true],
      ["b", false],
      ["tarjous", true],
      ["c", false],
    ],
  );
});
