/* Queries through the search engine under Node, a line of JSON each on stdin:
 *   {"lang": "fi", "query": "revokki", "edition": "", "fresh": false, "every": false}
 * answered in order, a line of JSON each on stdout: {"hrefs": [...], "origins": [...],
 * "notes": [...]}, the links of the first page a search page shows (`every`: of every result,
 * "More results" pressed until it is gone), each result's origin ("text", "concept" …: its class
 * on the page) and the words it shows as .search-result__synonym ("" for none), or
 * {"error": "..."}.  A language's engine is made once and asked every
 * query after, as a search page asks it for each query typed on it; `fresh`: a new engine for
 * this query alone, as a search page opened with the query has.
 * The site is $BRIDGELAWS_SITE (else site/).  tests/search_node.py runs it for pytest. */
import { createInterface } from "node:readline";
import { engineOf, everyHit, firstPageHits, newEngine } from "../../tools/bench/js/engine.mjs";

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (!line.trim()) continue;
  let answer;
  try {
    const { lang, query, edition = "", fresh = false, every = false } = JSON.parse(line);
    const engine = fresh ? await newEngine(lang) : await engineOf(lang);
    const hits = await (every ? everyHit : firstPageHits)(engine, query, edition);
    if (!fresh) engine.prepare(); // as the page does when the reader types the next query
    answer = {
      hrefs: hits.map((hit) => hit.url),
      origins: hits.map((hit) => hit.origin),
      notes: hits.map((hit) => hit.synonym || ""),
    };
  } catch (error) {
    answer = { error: String((error && error.stack) || error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
