/* What the one-shot Node bridges for pytest share (detect.mjs, text.mjs): a module of the site's
 * search engine, imported by its file name, and the one JSON object read from stdin. */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ENGINE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../overrides/assets/javascripts/search/engine");

/** overrides/assets/javascripts/search/engine/<file> as a module. */
export function engineModule(file) {
  return import(pathToFileURL(path.join(ENGINE, file)).href);
}

/** The JSON object on stdin. */
export async function stdinJson() {
  let input = "";
  for await (const chunk of process.stdin) input += chunk;
  return JSON.parse(input);
}
