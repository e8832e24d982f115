/* The held-out query sets (tests/fixtures/concepts_heldout.toml, tests/fixtures/spent/*.toml)
 * asked of the search engine under Node on a built site ($BRIDGELAWS_SITE, else site/): how long a
 * query takes, where its time goes, and what it answers.
 *
 *   node tools/bench/js/heldout-time.mjs time [runs]   ms per query to the first page: of one engine
 *                                                       per language kept between queries, and of a
 *                                                       new engine per query (median of the runs)
 *   node tools/bench/js/heldout-time.mjs profile [fresh]  the share of the kept engines' (or new
 *                                                       engines') time in each of the engine's
 *                                                       functions and each script (Node's inspector)
 *   node tools/bench/js/heldout-time.mjs record FILE   every query's first page and every result,
 *                                                       kept and fresh, and /search/'s detected
 *                                                       language, as JSON: two records of the same
 *                                                       site compared tell whether a change of the
 *                                                       engine changed an answer */
import { readFile, readdir, writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { engineOf, everyHit, firstPageHits, newEngine, siteFolder } from "./engine.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "../../..");
const FIXTURES = path.join(ROOT, "tests", "fixtures");
const ENGINE = path.join(ROOT, "overrides", "assets", "javascripts", "search", "engine");

/** The held-out sets' queries, in the sets' order: [{lang, query}].  The sets are TOML written
 * one key a line (`lang = "fi"`, `query = "..."` under each `[[query]]`), and a basic string
 * is JSON's string. */
export async function heldoutQueries() {
  const spent = (await readdir(path.join(FIXTURES, "spent"))).filter((name) => name.endsWith(".toml")).sort();
  const files = [path.join(FIXTURES, "concepts_heldout.toml"), ...spent.map((name) => path.join(FIXTURES, "spent", name))];
  const queries = [];
  for (const file of files) {
    let entry = null;
    for (const line of (await readFile(file, "utf8")).split("\n")) {
      if (line.trim() === "[[query]]") queries.push((entry = {}));
      const pair = /^(lang|query)\s*=\s*(".*")\s*$/.exec(line);
      if (entry && pair) entry[pair[1]] = JSON.parse(pair[2]);
    }
  }
  return queries;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Each query's ms to its first page: of the kept engines (made before, not counted), or of a
 * new engine each (its making counted, as a page opened with the query makes it); and the
 * processor ms of the whole pass (this process's: on a shared machine the wall clock counts the
 * other processes' turns too). */
async function timed(queries, site, fresh) {
  const times = [];
  let cpu = 0;
  for (const { lang, query } of queries) {
    if (!fresh) await engineOf(lang, site);
    const start = performance.now();
    const used = process.cpuUsage();
    await firstPageHits(fresh ? await newEngine(lang, site) : await engineOf(lang, site), query);
    const { user, system } = process.cpuUsage(used);
    cpu += (user + system) / 1000;
    times.push(performance.now() - start);
  }
  return { times, cpu };
}

async function time(queries, site, runs) {
  // one untimed pass: the site's files read and Pagefind's modules compiled once, as a warm page has
  await timed(queries, site, false);
  const totals = { kept: [], fresh: [] };
  const processor = { kept: [], fresh: [] };
  for (let run = 0; run < runs; run++) {
    for (const kind of run % 2 ? ["fresh", "kept"] : ["kept", "fresh"]) {
      const { times, cpu } = await timed(queries, site, kind === "fresh");
      totals[kind].push(times.reduce((a, b) => a + b, 0) / times.length);
      processor[kind].push(cpu / times.length);
      process.stderr.write(`run ${run + 1} ${kind}: ${totals[kind].at(-1).toFixed(2)} ms/query, ${processor[kind].at(-1).toFixed(2)} processor ms\n`);
    }
  }
  const summary = (measured) => Object.fromEntries(Object.entries(measured).map(([kind, means]) => [kind, { median: median(means), runs: means }]));
  process.stdout.write(`${JSON.stringify({ queries: queries.length, ms_per_query: summary(totals), processor_ms_per_query: summary(processor) }, null, 1)}\n`);
}

/** The profile's time in each function of the engine, itself and with what it calls: the share
 * of the samples whose stack holds it. */
async function profile(queries, site, fresh) {
  await timed(queries, site, false);
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
  const start = performance.now();
  await timed(queries, site, fresh);
  const elapsed = performance.now() - start;
  const { profile: cpu } = await session.post("Profiler.stop");
  session.disconnect();
  const nodes = new Map(cpu.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of cpu.nodes) for (const child of node.children || []) parent.set(child, node.id);
  const engineUrl = pathToFileURL(ENGINE).href;
  const name = (node) => `${node.callFrame.functionName || "(anonymous)"} ${path.basename(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
  const inclusive = new Map();
  const self = new Map();
  let total = 0;
  for (const [at, id] of cpu.samples.entries()) {
    const delta = cpu.timeDeltas[at] || 0;
    total += delta;
    const leaf = nodes.get(id);
    self.set(name(leaf), (self.get(name(leaf)) || 0) + delta);
    const seen = new Set();
    for (let node = leaf; node; node = nodes.get(parent.get(node.id))) {
      if (!node.callFrame.url.startsWith(engineUrl) || seen.has(name(node))) continue;
      seen.add(name(node));
      inclusive.set(name(node), (inclusive.get(name(node)) || 0) + delta);
    }
  }
  const top = (map, count) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([fn, us]) => `${((100 * us) / total).toFixed(1).padStart(5)}%  ${fn}`);
  process.stdout.write(`${queries.length} queries, ${(elapsed / queries.length).toFixed(2)} ms/query (profiled)\n`);
  process.stdout.write(`engine functions, with what they call:\n${top(inclusive, 25).join("\n")}\n`);
  process.stdout.write(`self time, any function:\n${top(self, 25).join("\n")}\n`);
  const byFile = new Map();
  for (const [fn, us] of self.entries()) {
    const file = fn.split(" ").at(-1).replace(/(\?.*)?:\d+$/, "");
    byFile.set(file, (byFile.get(file) || 0) + us);
  }
  process.stdout.write(`self time by script:\n${top(byFile, 15).join("\n")}\n`);
}

/** A hit as recorded: all it carries. */
const recordedHits = (hits) => hits.map((hit) => JSON.parse(JSON.stringify(hit)));

async function record(queries, site, file) {
  const { detector } = await import(pathToFileURL(path.join(ENGINE, "detect.js")).href);
  const chooser = JSON.parse(await readFile(path.join(site, "search", "data.json"), "utf8"));
  // as /search/ reads them: the files the page's data names, relative to the page
  const detect = detector(chooser, (file) => readFile(path.join(site, "search", file), "utf8").then(JSON.parse, () => null));
  const answers = [];
  for (const { lang, query } of queries) answers.push({ lang, query, detected: await detect(query) });
  for (const [at, { lang, query }] of queries.entries()) answers[at].kept = recordedHits(await firstPageHits(await engineOf(lang, site), query));
  for (const [at, { lang, query }] of queries.entries()) answers[at].keptEvery = recordedHits(await everyHit(await engineOf(lang, site), query));
  for (const [at, { lang, query }] of queries.entries()) {
    answers[at].fresh = recordedHits(await firstPageHits(await newEngine(lang, site), query));
    answers[at].freshEvery = recordedHits(await everyHit(await newEngine(lang, site), query));
  }
  await writeFile(file, `${JSON.stringify(answers, null, 1)}\n`);
  process.stderr.write(`${answers.length} queries recorded in ${file}\n`);
}

const [command = "time", argument] = process.argv.slice(2);
const queries = await heldoutQueries();
const site = siteFolder();
if (command === "time") await time(queries, site, Number(argument || 3));
else if (command === "profile") await profile(queries, site, argument === "fresh");
else if (command === "record") await record(queries, site, argument);
else throw new Error(`unknown command ${command}: time, profile or record`);
