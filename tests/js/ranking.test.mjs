/* The ranking (ranking.js) on its own (node --test tests/js/): a score is each feature times its
 * weight, the order follows the scores, and equal scores keep one order whatever the input's. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { FEATURES, ranked, scoreOf } from "../../overrides/assets/javascripts/search/engine/ranking.js";

const WEIGHTS = { firm: 8, loose: 3, rare: 2, whole: 1, exact: 0.5, title: 0.25, concept: 0.125, cover: 0.0625 };
const candidate = (order, at, features) => ({ order, at, features });

test("a score sums each feature times its weight, a feature left out counting nothing", () => {
  const cases = [
    [{}, 0],
    [{ firm: 2 }, 16],
    [{ firm: 1, loose: 1, whole: 1 }, 12],
    [{ rare: 0.5, cover: 1 }, 1.0625],
    [Object.fromEntries(FEATURES.map((name) => [name, 1])), Object.values(WEIGHTS).reduce((a, b) => a + b, 0)],
  ];
  for (const [features, score] of cases) assert.equal(scoreOf(features, WEIGHTS), score, JSON.stringify(features));
});

test("a weight of no feature the ranking reads counts nothing", () => {
  assert.equal(scoreOf({ unknown: 100 }, { ...WEIGHTS, unknown: 1 }), 0);
});

test("the highest score comes first; equal scores by their place in the query, then term-base order", () => {
  const cases = [
    // [candidates, expected order of `order`]
    [[candidate(0, 0, { firm: 1 }), candidate(1, 0, { firm: 2 })], [1, 0]],
    [[candidate(0, 0, { loose: 2 }), candidate(1, 0, { firm: 1 })], [1, 0]],
    [[candidate(0, 2, { firm: 1 }), candidate(1, 0, { firm: 1 })], [1, 0]],
    [[candidate(3, 1, { firm: 1 }), candidate(2, 1, { firm: 1 })], [2, 3]],
    [[candidate(0, 0, { firm: 1, concept: 0 }), candidate(1, 0, { firm: 1, concept: 1 })], [1, 0]],
  ];
  for (const [candidates, order] of cases) {
    assert.deepEqual(ranked(candidates, WEIGHTS).map((c) => c.order), order);
    assert.deepEqual(ranked([...candidates].reverse(), WEIGHTS).map((c) => c.order), order, "the input's order does not matter");
  }
});

test("weights scaled alike rank alike", () => {
  const candidates = [0, 1, 2, 3, 4, 5].map((order) =>
    candidate(order, order % 2, Object.fromEntries(FEATURES.map((name, index) => [name, ((order + 1) * (index + 3)) % 4]))),
  );
  const order = ranked(candidates, WEIGHTS).map((c) => c.order);
  for (const factor of [0.001, 3, 1000]) {
    const scaled = Object.fromEntries(Object.entries(WEIGHTS).map(([name, weight]) => [name, weight * factor]));
    assert.deepEqual(ranked(candidates, scaled).map((c) => c.order), order, String(factor));
  }
});
