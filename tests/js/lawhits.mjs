/* The browser's law hits (overrides/assets/javascripts/search/engine/provision.js, lawHits)
 * under Node, for pytest (tests/test_search_law_rules.py): one JSON object on stdin,
 *   {"pages": [{"data": <a search page's data>, "asks": [[ref, edition, origin], ...]}, ...]}
 * and on stdout [[each ask's hits, as lawHits returns them], ...], a list per page. */
import { engineModule, stdinJson } from "./stdio.mjs";

const { provisionReader } = await engineModule("provision.js");
const { folder } = await engineModule("text.js");
const { pages } = await stdinJson();
const answers = pages.map(({ data, asks }) => {
  const { lawHits } = provisionReader(data, folder(data.lang, data.fold), new URL("http://localhost/"));
  return asks.map(([ref, edition, origin]) => lawHits(ref, edition, origin));
});
process.stdout.write(JSON.stringify(answers));
