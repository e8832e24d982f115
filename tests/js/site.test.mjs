/* The engine on a built site ($BRIDGELAWS_SITE, else site/; skipped when there is none): provision
 * queries read with each language's data, and first pages through Pagefind's own index. */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { provisionReader } from "../../overrides/assets/javascripts/search/engine/provision.js";
import { folder } from "../../overrides/assets/javascripts/search/engine/text.js";
import { engineOf, firstPageLinks, pageData, siteFolder } from "../../tools/bench/js/engine.mjs";

const SITE = siteFolder();
const skip = existsSync(path.join(SITE, "pagefind", "pagefind.js")) ? false : `no built site in ${SITE}`;

async function provisions(lang) {
  const data = await pageData(SITE, lang);
  return provisionReader(data, folder(lang, data.fold), new URL("http://localhost/"));
}

test("provision queries are read in each language's words", { skip }, async () => {
  const cases = {
    fi: [["12C1(b)", { law: "12C1b" }], ["12 C 1 b", { law: "12C1b" }], ["pykälä 13", { law: "13" }], ["16 §", { law: "16" }], ["12C1(b):ssä", { law: "12C1b" }], ["12 1", null], ["revokki", null]],
    sv: [["lag 16", { law: "16" }], ["tävlingsledare", null]],
    tr: [["Yasa 45", { law: "45" }], ["Yasa 45’e", { law: "45" }]],
    pl: [["przepis 16B2", { law: "16B2" }], ["3.1", { point: ["3", "1"], doc: null }], ["25.1.a(ii)", { point: ["25", "1", "A", "ii"], doc: null }]],
  };
  for (const [lang, queries] of Object.entries(cases)) {
    const { parseProvision } = await provisions(lang);
    for (const [query, cited] of queries) assert.deepEqual(parseProvision(query), cited, `${lang} ${query}`);
  }
});

test("a law's provision is found in each text, at the provision or its nearest ancestor", { skip }, async () => {
  const { lawHits } = await provisions("fi");
  const hits = lawHits("12C1b", "", "provision");
  assert.ok(hits.length >= 1 && hits.every((hit) => hit.url.startsWith("/fi/")));
  assert.equal(hits[0].rank, 0);
});

test("first pages through Pagefind under Node", { skip }, async () => {
  assert.deepEqual(await firstPageLinks(await engineOf("fi", SITE), "12C1(b)"), ["/fi/2007/12/#12C1b"]);
  assert.deepEqual(await firstPageLinks(await engineOf("tr", SITE), "Yasa 45"), ["/tr/2017/45/#45"]);
  const revoke = await firstPageLinks(await engineOf("fi", SITE), "revokki");
  assert.equal(revoke[0], "/fi/1997/61/#61"); // the law that governs the concept first
  assert.ok(revoke.length >= 5);
});
