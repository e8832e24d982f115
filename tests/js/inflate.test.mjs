/* Pagefind's script in the built site ($BRIDGELAWS_SITE, else site/; skipped when there is none),
 * its inflate set up when first used (bridgelaws/search/pagefind_script.py): evaluating the
 * script builds none of the inflate's tables, and a browser that hands Pagefind its files packed,
 * as they are stored (one without DecompressionStream: search/page/unpack.js then leaves them),
 * gets the same results and the same texts as one that hands them unpacked. */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";
import { pagefindInstance, siteFolder } from "../../tools/bench/js/engine.mjs";

const SITE = siteFolder();
const SCRIPT = path.join(SITE, "pagefind", "pagefind.js");
const skip = existsSync(SCRIPT) ? false : `no built site in ${SITE}`;

// the inflate's tables are typed arrays of 32,768 entries (fflate's bit reversal, its length and
// distance codes): counted as they are made, wherever the script makes them
const TABLE = 32768;
let tables = 0;
for (const name of ["Uint8Array", "Uint16Array", "Uint32Array"]) {
  const Kind = globalThis[name];
  globalThis[name] = new Proxy(Kind, {
    construct(target, args, newTarget) {
      if (args[0] === TABLE || args[0] === TABLE + 1) tables += 1;
      return Reflect.construct(target, args, newTarget === globalThis[name] ? target : newTarget);
    },
  });
}

// the site's files as stored (packed) under /pagefind/, and under /unpacked/pagefind/ as a server
// sending them with Content-Encoding: gzip hands them over
const UNPACKED = "/unpacked";
globalThis.fetch = async (url) => {
  let { pathname } = new URL(String(url), "http://localhost/");
  const unpacked = pathname.startsWith(`${UNPACKED}/`);
  if (unpacked) pathname = pathname.slice(UNPACKED.length);
  let bytes;
  try {
    bytes = await readFile(path.join(SITE, decodeURIComponent(pathname)));
  } catch {
    return new Response(null, { status: 404 });
  }
  return new Response(unpacked && bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes);
};

/** A Pagefind instance of `lang`'s index from a copy of the script of its own (`key`), fed its
 * files packed or unpacked. */
async function instance(lang, key, unpacked) {
  const url = pathToFileURL(SCRIPT);
  url.searchParams.set("copy", key);
  const made = pagefindInstance(await import(url.href), lang, `${unpacked ? UNPACKED : ""}/pagefind/`);
  await made.init();
  return made;
}

/** A query's results: each page's id and score, and the first pages' addresses and texts. */
async function searched(made, query) {
  const { results } = await made.search(query);
  const read = await Promise.all(results.slice(0, 4).map((result) => result.data()));
  return { pages: results.map((result) => [result.id, result.score]), texts: read.map((data) => [data.url, data.content]) };
}

test("evaluating Pagefind's script builds none of its inflate's tables", { skip }, async () => {
  const before = tables;
  const url = pathToFileURL(SCRIPT);
  url.searchParams.set("copy", "evaluated");
  const module = await import(url.href);
  assert.equal(typeof module.createInstance, "function");
  assert.equal(tables, before);
});

test("Pagefind's files read packed give what they give read unpacked", { skip }, async () => {
  const queries = { fi: ["kortti", "revokki", "tarjous", "pelinjohtaja"], sv: ["kort", "spelare"], tr: ["kart"], pl: ["sędzia", "karta"] };
  for (const [lang, words] of Object.entries(queries)) {
    const packed = await instance(lang, `packed-${lang}`, false);
    const plain = await instance(lang, `unpacked-${lang}`, true);
    for (const query of words) {
      const read = await searched(packed, query);
      assert.ok(read.pages.length > 0, `${lang} ${query}: no results`);
      assert.deepEqual(read, await searched(plain, query), `${lang} ${query}`);
    }
  }
  assert.ok(tables > 0); // the packed files were unpacked by the script's own inflate
});
