/* Pagefind's files unpacked by the browser's inflate (page/unpack.js; node --test tests/js/):
 * a packed file of Pagefind's folder comes back as the bytes that were packed, whatever they
 * are; a file that is no gzip, an error, and every other request come back as they were. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { gzipSync } from "node:zlib";
import { unpackPagefindFiles } from "../../overrides/assets/javascripts/search/page/unpack.js";
import { seeded } from "./seeded.mjs";

const SITE = "https://laws.example/";
const BASE = `${SITE}pagefind/`;
const served = new Map(); // URL → Response of the page's own fetch (the network, here)
globalThis.location = new URL(`${SITE}fi/search/`);
globalThis.fetch = async (input) => {
  const url = input instanceof Request ? input.url : new URL(String(input), location.href).href;
  return served.get(url)?.() ?? new Response("not found", { status: 404 });
};
unpackPagefindFiles(BASE);
unpackPagefindFiles(BASE); // a second call changes nothing (the page makes one browserIo)

/** Serves `bytes` at `path` of the site; its URL. */
function serve(path, bytes, status = 200) {
  const url = new URL(path, SITE).href;
  const headers = { "content-type": "application/octet-stream", "content-length": String(bytes.length) };
  served.set(url, () => new Response(bytes, { status, headers }));
  return url;
}

const bytesOf = async (response) => new Uint8Array(await response.arrayBuffer());

test("each kind of Pagefind's packed files comes back unpacked", async () => {
  const draw = seeded(42);
  const kinds = ["wasm.fi.pagefind", "fragment/fi_1a2b.pf_fragment", "index/fi_3c.pf_index", "pagefind.fi_9.pf_meta", "filter/fi_7.pf_filter"];
  for (let round = 0; round < 60; round++) {
    // Pagefind's signature and drawn bytes, some long enough to span several chunks of a stream
    const size = draw(3) === 0 ? 70000 + draw(90000) : draw(400);
    const plain = new Uint8Array([...new TextEncoder().encode("pagefind_dcd"), ...Array.from({ length: size }, () => draw(256))]);
    const url = serve(`pagefind/${kinds[round % kinds.length]}`, gzipSync(plain));
    const response = await fetch(url);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "application/octet-stream");
    assert.equal(response.headers.get("content-length"), null, url); // the packed file's size is not these bytes'
    assert.deepEqual(await bytesOf(response), plain, url);
  }
});

test("a relative address and a Request are answered the same", async () => {
  const plain = new TextEncoder().encode("pagefind_dcd{}");
  serve("pagefind/fragment/fi_rel.pf_fragment", gzipSync(plain));
  assert.deepEqual(await bytesOf(await fetch("../../pagefind/fragment/fi_rel.pf_fragment")), plain);
  assert.deepEqual(await bytesOf(await fetch(new Request(`${BASE}fragment/fi_rel.pf_fragment`))), plain);
});

test("what is not a packed file of Pagefind's comes back as it was", async () => {
  const gz = new Uint8Array(gzipSync(new TextEncoder().encode("pagefind_dcd{}")));
  const plain = new TextEncoder().encode("pagefind_dcd already unpacked by the server");
  const cases = [
    ["a file unpacked already", serve("pagefind/fragment/fi_done.pf_fragment", plain), plain, 200],
    ["an empty file", serve("pagefind/index/fi_empty.pf_index", new Uint8Array()), new Uint8Array(), 200],
    ["an error", serve("pagefind/fragment/fi_gone.pf_fragment", gz, 500), gz, 500],
    ["Pagefind's entry file", serve("pagefind/pagefind-entry.json", gz), gz, 200],
    ["Pagefind's script", serve("pagefind/pagefind.js", gz), gz, 200],
    ["a packed name outside Pagefind's folder", serve("fi/search/wasm.fi.pagefind", gz), gz, 200],
    ["a packed name in the query only", serve("fi/search/data.json?x=.pf_fragment", gz), gz, 200],
  ];
  for (const [kind, url, expected, status] of cases) {
    const response = await fetch(url);
    assert.equal(response.status, status, kind);
    assert.deepEqual(await bytesOf(response), expected, kind);
  }
});

test("a broken packed file fails where Pagefind reads it", async () => {
  const gz = new Uint8Array(gzipSync(new TextEncoder().encode("pagefind_dcd{}")));
  const url = serve("pagefind/fragment/fi_cut.pf_fragment", gz.slice(0, gz.length - 9));
  const response = await fetch(url);
  await assert.rejects(response.arrayBuffer());
});
