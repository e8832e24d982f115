/* /search/'s language detection (overrides/assets/javascripts/search/engine/detect.js) under Node,
 * for pytest (tests/search_node.py detect_in_node): one JSON object on stdin,
 *   {"data": </search/'s data.json>, "queries": [...], "words": [...]}
 * and one on stdout: {"detected": [lang, "en" (English: every language side by side) or [candidates], ...], "scores": [{lang: score}, ...],
 * "models": [modelScores of each folded word, ...]}. */
import { engineModule, stdinJson } from "./stdio.mjs";

const { detectLanguage, modelScores } = await engineModule("detect.js");
const { data, queries = [], words = [] } = await stdinJson();
const found = queries.map((query) => detectLanguage(query, data));
process.stdout.write(
  JSON.stringify({
    detected: found.map((result) => result.lang || (result.english ? "en" : result.candidates)),
    scores: found.map((result) => result.scores),
    models: words.map((word) => modelScores(word, data.model)),
  }),
);
