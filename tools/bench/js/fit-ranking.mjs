/* Fits the weights of the concept ranking (search.toml [engine] ranking, ranking.js) on
 * development queries, under Node on a built site (tools/bench/fit_ranking.py runs it).
 *
 * stdin: a JSON list of {lang, query, laws}: the laws a director would open first.
 * stdout: a JSON object: `named`, how many queries the shipped weights and the fitted ones
 * answer by what they name (and how many change), the fitted `weights`, and each query's first
 * page under both (`pages`: shipped, fitted), which bench.fit_ranking counts as bench.heldout does.
 *
 * Each query is searched once (the engine's namedResults); what the engine names is recorded with
 * the function that chooses among its candidates under other weights (concepts.js's `observe`), so
 * trying a weight costs no search.  A query is answered when the first concept chosen that answers
 * it whole (else the first chosen) is governed by one of its laws.  Coordinate search from the
 * shipped weights: each weight in turn times each factor, kept when it answers more queries;
 * until a pass changes nothing. */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { firstPageHits, newEngine, siteFolder } from "./engine.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RANKING = path.resolve(HERE, "../../../overrides/assets/javascripts/search/engine/ranking.js");
const { FEATURES } = await import(pathToFileURL(RANKING).href);

const FACTORS = [0.1, 0.5, 2, 10];
const PASSES = 6;

async function stdinText() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

/** Each query's chooser (null when it names nothing) and laws, searched in its language. */
async function recorded(queries, site) {
  let choose = null;
  const engines = new Map();
  const records = [];
  for (const { lang, query, laws } of queries) {
    if (!engines.has(lang)) engines.set(lang, await newEngine(lang, site, { observe: (_, chooser) => (choose = chooser) }));
    const engine = engines.get(lang);
    choose = null;
    await engine.namedResults(query, "");
    if (choose) records.push({ choose, laws: new Set(laws) });
  }
  return { records, shipped: engines.size ? (await engines.values().next().value).rules.ranking : {} };
}

/** Each query's first page (its results' links) under `weights`, a fresh engine per language. */
async function firstPages(queries, site, weights) {
  const engines = new Map();
  const pages = [];
  for (const { lang, query } of queries) {
    if (!engines.has(lang)) engines.set(lang, await newEngine(lang, site, { ranking: weights }));
    pages.push((await firstPageHits(engines.get(lang), query)).map((hit) => hit.url));
  }
  return pages;
}

/** The law governing what a query names under `weights`: the first chosen concept answering it whole, else the first. */
function lawOf(record, weights) {
  const named = record.choose(weights);
  const first = named.find((match) => match.answers) ?? named[0];
  return first ? parseInt(String(first.synonym.refs[0]), 10) : null;
}

function answered(records, weights) {
  return records.filter((record) => record.laws.has(lawOf(record, weights))).length;
}

function fitted(records, shipped) {
  let weights = { ...shipped };
  let best = answered(records, weights);
  for (let pass = 0; pass < PASSES; pass++) {
    let changed = false;
    for (const name of FEATURES) {
      for (const factor of FACTORS) {
        const trial = { ...weights, [name]: weights[name] * factor };
        const count = answered(records, trial);
        if (count > best) [weights, best, changed] = [trial, count, true];
      }
    }
    if (!changed) break;
  }
  return { weights, best };
}

const queries = JSON.parse(await stdinText());
const { records, shipped } = await recorded(queries, siteFolder());
const { weights, best } = fitted(records, shipped);
const moved = records.filter((record) => lawOf(record, weights) !== lawOf(record, shipped)).length;
const pages = { shipped: await firstPages(queries, siteFolder(), shipped), fitted: await firstPages(queries, siteFolder(), weights) };
const named = { queries: queries.length, named: records.length, shipped: answered(records, shipped), fitted: best, moved };
process.stdout.write(JSON.stringify({ named, weights, pages }) + "\n");
