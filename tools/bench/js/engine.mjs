/* The search engine the search pages run (overrides/assets/javascripts/search/engine/), under Node
 * on a built site: the search page's data from its data.json, the site's files
 * read from its folder, and Pagefind's own pagefind.js from the site with a `fetch` that reads
 * the folder too.  No mock: the same index, the same WebAssembly, the same engine. */
import { readFile } from "node:fs/promises";
import { gunzipSync } from "node:zlib";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ENGINE = path.resolve(HERE, "../../../overrides/assets/javascripts/search/engine");
const { searchEngine } = await import(pathToFileURL(path.join(ENGINE, "engine.js")).href);
const { searchSession } = await import(pathToFileURL(path.join(ENGINE, "session.js")).href);
export { searchSession };

// the site served at the host's root, as the tests serve it
const ROOT = new URL("http://localhost/");

/** The built site's folder: $BRIDGELAWS_SITE, else site/ beside the repository's root. */
export function siteFolder() {
  return process.env.BRIDGELAWS_SITE || path.resolve(HERE, "../../../site");
}

/** The file of the site a URL (or a path from the host) names; its query string left out. */
function fileOf(site, url) {
  const { pathname } = new URL(String(url), ROOT);
  return path.join(site, decodeURIComponent(pathname.slice(ROOT.pathname.length)));
}

// each file of a site as read the first time (null: missing), by its path: a built site does not
// change while it is searched, and every new Pagefind instance fetches the same index files again,
// as a page's do from the browser's cache
const siteFiles = new Map();

/** A file's bytes, or null where a static server answers 404.  Pagefind's own files (gzip holding
 * its "pagefind_dcd" signature) are kept decompressed, as a server sending them with
 * Content-Encoding: gzip hands them to the page: Pagefind's `decompress` takes such bytes as they
 * are, so each instance works on the same bytes without gunzipping the index, the metadata and
 * the WebAssembly again. */
async function siteFile(file) {
  if (!siteFiles.has(file)) {
    siteFiles.set(
      file,
      readFile(file).then(decompressed, (error) => {
        if (error.code === "ENOENT" || error.code === "EISDIR") return null;
        siteFiles.delete(file);
        throw error;
      }),
    );
  }
  return siteFiles.get(file);
}

const SIGNATURE = Buffer.from("pagefind_dcd");

/** A gzipped file's bytes decompressed when they are Pagefind's (they start with its signature);
 * any other file's as read. */
function decompressed(bytes) {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const plain = gunzipSync(bytes);
  return plain.subarray(0, SIGNATURE.length).equals(SIGNATURE) ? plain : bytes;
}

/** A fetch of the site's files, as a static server answers: 404 for a missing file.  Each
 * response has a copy of the bytes of its own.  What Pagefind reads of a response (its status,
 * arrayBuffer(), json()), without a stream behind it. */
function siteFetch(site) {
  return async (url) => {
    const bytes = await siteFile(fileOf(site, url));
    const body = bytes || new Uint8Array(0);
    return {
      ok: bytes !== null,
      status: bytes === null ? 404 : 200,
      arrayBuffer: async () => body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength),
      json: async () => JSON.parse(new TextDecoder().decode(body)),
    };
  };
}

// each JSON file of a site parsed the first time (null: missing), by its path, and deep-frozen:
// every engine made on the site is given the same parsed data, which no engine can change (a
// change throws), so an engine made later reads exactly what a page loading the file reads
const siteJsons = new Map();

/** A site file's JSON, parsed once and frozen, or null where a static server answers 404. */
function siteJson(file) {
  if (!siteJsons.has(file)) {
    siteJsons.set(
      file,
      readFile(file, "utf8").then(
        (text) => deepFrozen(JSON.parse(text)),
        (error) => {
          siteJsons.delete(file);
          if (error.code === "ENOENT" || error.code === "EISDIR") return null;
          throw error;
        },
      ),
    );
  }
  return siteJsons.get(file);
}

/** `value` with every object and array in it frozen. */
export function deepFrozen(value) {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFrozen(inner);
  }
  return value;
}

const pagefindModules = new Map(); // site and language → pagefind.js's module

/** A new main-thread Pagefind instance of `lang`'s index from `module` (a pagefind.js), its files
 * under `basePath`.  Pagefind takes the index's language from <html lang> when an instance is
 * made: for that moment, a document that says only that. */
export function pagefindInstance(module, lang, basePath) {
  const had = Object.getOwnPropertyDescriptor(globalThis, "document");
  globalThis.document = { querySelector: (selector) => (selector === "html" ? { getAttribute: () => lang } : null) };
  try {
    return module.createInstance({ basePath, baseUrl: ROOT.pathname, noWorker: true });
  } finally {
    if (had) Object.defineProperty(globalThis, "document", had);
    else delete globalThis.document;
  }
}

/** A new Pagefind instance of a language's index on a built site.  Each language has a
 * pagefind.js module of its own, as each language's search page has: the instances of one module
 * share its WebAssembly, the first language's stemmer. */
async function pagefindOf(site, lang) {
  globalThis.fetch = siteFetch(site); // what Pagefind fetches its files with
  const key = `${site}\n${lang}`;
  const url = pathToFileURL(path.join(site, "pagefind/pagefind.js"));
  url.searchParams.set("lang", lang);
  if (!pagefindModules.has(key)) pagefindModules.set(key, import(url.href));
  const instance = pagefindInstance(await pagefindModules.get(key), lang, new URL("pagefind/", ROOT).pathname);
  await instance.init();
  await loaded(instance);
  return instance;
}

/** Resolves once a Pagefind instance has loaded its index and WebAssembly.  Its `init()` resolves
 * before that, and a search asked meanwhile waits in steps of 50 ms: on a page the instance made
 * as the reader types has loaded by the time the query is searched; here, with no typing between
 * queries, each search would wait a step.  This waits for the same moment, checked at every turn
 * of the event loop; it changes nothing the instance answers. */
async function loaded(instance) {
  const primary = instance.fallback?.primary; // pagefind.js's main-thread instance (noWorker)
  if (!primary || !("raw_ptr" in primary)) return; // another Pagefind: its search waits itself
  while (primary.raw_ptr === null && !primary.initError) await new Promise((resolve) => setImmediate(resolve));
}

/** The engine's I/O on a built site's folder (engine.js says what `io` is). */
export function siteIo(site, strings) {
  return {
    root: ROOT,
    strings,
    fetchJson: async (url, fallback) => {
      const parsed = await siteJson(fileOf(site, url));
      return parsed === null ? fallback : parsed;
    },
    pagefind: (lang) => pagefindOf(site, lang),
  };
}

/** A language's search page's data (the file beside the page, urls.search_data) in a built site. */
export function pageData(site, lang) {
  return siteJson(path.join(site, lang, "search", "data.json"));
}

/** A new engine of a language's search page on a built site, as a page load makes it;
 * `observe`: the engine's io.observe (engine.js); `ranking`: weights to rank by instead of the
 * data's (search.toml [engine] ranking), for the ranking's fitting tool. */
export async function newEngine(lang, site = siteFolder(), { observe, ranking } = {}) {
  const read = await pageData(site, lang);
  const data = ranking ? { ...read, engine: { ...read.engine, ranking } } : read;
  return searchEngine(data, { ...siteIo(site, data.strings), observe });
}

const engines = new Map();

/** The engine of a language's search page on a built site, made once and kept. */
export async function engineOf(lang, site = siteFolder()) {
  const key = `${site}\n${lang}`;
  if (!engines.has(key)) engines.set(key, newEngine(lang, site));
  return engines.get(key);
}

/** A search run to its first page as a fresh search page runs it (language-page.js runs the
 * same steps, rendering each): its session, the first page shown. */
async function searchedToFirstPage(engine, query, edition) {
  const session = searchSession(engine, query, edition);
  await session.named();
  session.showEarly();
  await session.words();
  await session.firstPage();
  session.reveal();
  return session;
}

/** The first page of a search: each shown result's hit, in order. */
export async function firstPageHits(engine, query, edition = "") {
  const session = await searchedToFirstPage(engine, query, edition);
  return session.state.shown.map((entry) => entry.hit);
}

/** Every result of a search, in order, as a page shows them once "More results" has been pressed
 * until it is gone (language-page.js: each press runs session.more(), then shows what is new). */
export async function everyHit(engine, query, edition = "") {
  const session = await searchedToFirstPage(engine, query, edition);
  while (session.hasMore()) {
    await session.more();
    session.reveal();
  }
  return session.state.shown.map((entry) => entry.hit);
}

/** The links of a search's first page, in order. */
export async function firstPageLinks(engine, query, edition = "") {
  return (await firstPageHits(engine, query, edition)).map((hit) => hit.url);
}
