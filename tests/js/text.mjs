/* The browser's text rules (overrides/assets/javascripts/search/engine/text.js) under Node, for
 * pytest (tests/test_text_rules.py): one JSON object on stdin,
 *   {"fold": <fold_data>, "texts": [[lang, text], ...], "keys": [[<FileKey data>, word], ...]}
 * and on stdout {"folded": [each text folded], "keyed": [each word's file key]}. */
import { engineModule, stdinJson } from "./stdio.mjs";

const { fileKeyer, folder } = await engineModule("text.js");
const { fold, texts = [], keys = [] } = await stdinJson();
const folders = new Map();
const folded = texts.map(([lang, text]) => {
  if (!folders.has(lang)) folders.set(lang, folder(lang, fold));
  return folders.get(lang)(text);
});
const keyed = keys.map(([spec, word]) => fileKeyer(spec)(word));
process.stdout.write(JSON.stringify({ folded, keyed }));
