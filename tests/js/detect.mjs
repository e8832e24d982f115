/* /search/'s language detection (overrides/assets/javascripts/search/engine/detect.js) under Node,
 * for pytest (tests/search_node.py detect_in_node): one JSON object on stdin,
 *   {"data": <#search-detect>, "queries": [...], "words": [...]}
 * and one on stdout: {"detected": [lang or [candidates], ...], "scores": [{lang: score}, ...],
 * "models": [modelScores of each folded word, ...]}. */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DETECT = path.resolve(HERE, "../../overrides/assets/javascripts/search/engine/detect.js");
const { detectLanguage, modelScores } = await import(pathToFileURL(DETECT).href);

let input = "";
for await (const chunk of process.stdin) input += chunk;
const { data, queries = [], words = [] } = JSON.parse(input);
const found = queries.map((query) => detectLanguage(query, data));
process.stdout.write(
  JSON.stringify({
    detected: found.map((result) => result.lang || result.candidates),
    scores: found.map((result) => result.scores),
    models: words.map((word) => modelScores(word, data.model)),
  }),
);
