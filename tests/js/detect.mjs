/* /search/'s language detection (overrides/assets/javascripts/search/engine/detect.js) under Node,
 * for pytest (tests/search_node.py detect_in_node): one JSON object on stdin,
 *   {"data": </search/'s data>, "queries": [...], "words": [...], "site": <a built site's folder>}
 * and one on stdout: {"detected": [lang, "en" (English: every language side by side) or [candidates], ...], "scores": [{lang: score}, ...],
 * "models": [modelScores of each folded word, ...]}.  With a site, `data` is its /search/
 * data.json and each query is detected as the page detects it (a detector reading the files it
 * names from the site); without, `data` is the whole of it (detection.py detection_data). */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { engineModule, stdinJson } from "./stdio.mjs";

const { detectLanguage, detector, modelScores } = await engineModule("detect.js");
const { data, queries = [], words = [], site = null } = await stdinJson();
let found;
if (site) {
  const page = path.join(site, "search"); // /search/: the data's paths are relative to it
  const read = (file) => readFile(path.join(page, file), "utf8").then(JSON.parse, () => null);
  const detect = detector(data, read);
  found = [];
  for (const query of queries) found.push(await detect(query));
} else {
  found = queries.map((query) => detectLanguage(query, data));
}
process.stdout.write(
  JSON.stringify({
    detected: found.map((result) => result.lang || (result.english ? "en" : result.candidates)),
    scores: found.map((result) => result.scores),
    models: words.map((word) => modelScores(word, data.model)),
  }),
);
