/* Queries through the search engine under Node, a line of JSON each on stdin:
 *   {"lang": "fi", "query": "revokki", "edition": ""}
 * answered in order, a line of JSON each on stdout: {"hrefs": [...]}, the links of the first page
 * a fresh search page shows (session.js firstPageLinks), or {"error": "..."}.
 * The site is $BRIDGELAWS_SITE (else site/).  tests/search_node.py runs it for pytest. */
import { createInterface } from "node:readline";
import { engineOf, firstPageLinks } from "./engine.mjs";

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (!line.trim()) continue;
  let answer;
  try {
    const { lang, query, edition = "" } = JSON.parse(line);
    answer = { hrefs: await firstPageLinks(await engineOf(lang), query, edition) };
  } catch (error) {
    answer = { error: String((error && error.stack) || error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
