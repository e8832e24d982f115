/* bridge-laws service worker: the site keeps working at a venue with no network.
 *
 * Written to the site root by bridgelaws.offline after every build, with VERSION set to a hash
 * of every file it may cache, so a rebuilt site is a new worker and a new cache.
 *
 *  - A page asks (postMessage {type: "keep-offline", lang}) for its language to be kept: the
 *    worker reads offline/<lang>.json (every page of that language, the compare views, the
 *    shared pages, the assets and that language's search index) and stores each file.  Files
 *    whose hash has not changed since the last version are copied from the old cache, not
 *    downloaded again.  The languages asked for are remembered, so a new version fetches them
 *    again by itself.
 *  - Requests are answered from the cache of this version first (its files are exactly this
 *    build's), else from the network (kept only when final: successful and not redirected, so
 *    /fi/2007/13 redirected to /fi/2007/13/ is never stored under the URL without the slash),
 *    else, for a page asked for without its slash, a redirect to the kept folder, else, for a
 *    page, the cached 404 page: "not saved for offline reading" for a page the site has (the
 *    list offline/pages.json), "not found" for one it does not have.
 *    The query string is ignored: the server ignores it too (?c= of compare views, ?q= of
 *    search, Pagefind's ?ts= cache-buster on pagefind-entry.json).
 */
"use strict";

const VERSION = "__VERSION__";
const PREFIX = "bridgelaws-";
const CACHE = PREFIX + VERSION;
const SETTINGS = PREFIX + "settings";           // not versioned: the languages kept offline
const LANGUAGES_KEY = "languages.json";
const HASH_HEADER = "x-bridgelaws-hash";
const PARALLEL = 3;                             // a background download: leave room for the reader's own requests
const ROOT = new URL("./", self.location.href);  // the site root (the site may live under a sub-path)
const MISSING = 'data-reason="missing"';         // the 404 page's mark (stage4_render/notfound.py) …
const NOT_SAVED = 'data-reason="not-saved"';     // … and the one it gets for a page not kept

const running = new Map();                       // lang -> Promise of its precache

self.addEventListener("install", (event) => {
  event.waitUntil(self.skipWaiting());
});

/* The pages open when this version takes over from an older one: each was answered by the older
 * version (its text may be the old one), so when this version has kept their language they are
 * told a newer version is ready (offline-ready's `reload`), and offer a reload.  A first visit
 * (no older version) offers none: its pages came from the network. */
const olderPages = new Set();                    // client ids

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    if ((await olderCaches()).length) {
      for (const client of await self.clients.matchAll({ type: "window" })) {
        olderPages.add(client.id);
      }
    }
    await self.clients.claim();
    for (const lang of await keptLanguages()) {
      await keep(lang);
    }
    await dropOldCaches();
  })());
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "keep-offline" && typeof data.lang === "string" && /^[a-z]{2}$/.test(data.lang)) {
    event.waitUntil(keep(data.lang).then(
      (summary) => reply(event.source, {
        type: "offline-ready", lang: data.lang, version: VERSION, reload: olderPages.has(event.source && event.source.id), ...summary,
      }),
      (error) => reply(event.source, { type: "offline-failed", lang: data.lang, message: String(error) }),
    ));
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== ROOT.origin || !url.href.startsWith(ROOT.href)) {
    return;
  }
  event.respondWith(answer(request, url));
});

function reply(client, message) {
  if (client && typeof client.postMessage === "function") {
    client.postMessage(message);
  }
}

/* The cache key of a URL: no query, no fragment, index.html as its folder (what pages link to). */
function key(url) {
  const clean = new URL(url.pathname.replace(/\/index\.html$/, "/"), url.origin);
  return clean.href;
}

async function answer(request, url) {
  const cached = await caches.match(key(url), { cacheName: CACHE });
  if (cached) {
    return cached;
  }
  try {
    const response = await fetch(request);
    // keep what was read, but never re-create a cache a newer worker has dropped
    if (final(response) && !url.search && (await caches.has(CACHE))) {
      (await caches.open(CACHE)).put(key(url), await storable(response.clone(), ""));
    }
    return response;
  } catch (offline) {
    if (request.mode === "navigate" && !url.pathname.endsWith("/")) {
      // what the server would do: a folder asked for without its slash is sent on to it
      const folder = new URL(url.pathname + "/", url.origin);
      if (await caches.match(folder.href, { cacheName: CACHE })) {
        return Response.redirect(folder.href + url.search + url.hash, 301);
      }
    }
    if (request.mode === "navigate") {
      const missing = await missingPage(url, request.referrer);
      if (missing) {
        return missing;
      }
    }
    throw offline;
  }
}

/* A page the network cannot give and the cache does not hold: the site's 404 page, which either
 * says there is no such page (not in the site's list of pages, offline/pages.json, kept with
 * every language) or, for a page that exists but was not kept, says it is not saved for offline
 * reading (the page's data-reason, which notfound.js reads, with the language of the page the
 * reader came from, data-reader; status 503: the page is there, only not here).  Without the
 * list, "not saved": never "not found" for a page that may exist.  The 404 page is the one of the
 * language it will speak (every language's is kept with each): the reader's for "not saved", the
 * path's for "not found", so its header and footer say it in the same words (/tr/404.html; the
 * root one, English, for the rest). */
async function missingPage(url, referrer) {
  const listed = await caches.match(new URL("offline/pages.json", ROOT).href, { cacheName: CACHE });
  const pages = listed ? await listed.json() : null;
  const path = key(url).slice(ROOT.href.length);
  const missing = pages && !pages.includes(path) && !pages.includes(path + "/");
  const reader = readerLanguage(referrer);
  const notFound = await notFoundPage(missing ? pathLanguage(path) : reader || pathLanguage(path));
  if (!notFound) {
    return null;
  }
  if (missing) {
    return new Response(await notFound.blob(), { status: 404, statusText: "Not Found", headers: notFound.headers });
  }
  const body = (await notFound.text()).replace(MISSING, `${NOT_SAVED} data-reader="${reader}"`);
  return new Response(body, { status: 503, statusText: "Not Saved", headers: notFound.headers });
}

/* The kept 404 page of a language (/tr/404.html), else the site's root one. */
async function notFoundPage(lang) {
  const own = lang && await caches.match(new URL(`${lang}/404.html`, ROOT).href, { cacheName: CACHE });
  return own || caches.match(new URL("404.html", ROOT).href, { cacheName: CACHE });
}

/* The language folder a site path is in (fi/compare/16/ → "fi"), or "" (compare/16/: the root's). */
function pathLanguage(path) {
  const first = path.split("/")[0];
  return /^[a-z]{2}$/.test(first) ? first : "";
}

/* The language of the page the reader came from (/sv/2007/16/ → "sv"; the site's root → ""):
 * the language they read, which the page says "not saved" in. */
function readerLanguage(referrer) {
  try {
    const from = new URL(referrer);
    if (from.origin !== ROOT.origin || !from.href.startsWith(ROOT.href)) {
      return "";
    }
    const first = from.pathname.slice(ROOT.pathname.length).split("/")[0];
    return /^[a-z]{2}$/.test(first) ? first : "";
  } catch (error) {
    return "";  // no referrer: a typed address, a bookmark
  }
}

/* Only a final answer is kept: successful, from this site, and not reached by a redirect.  A
 * redirected one (the server sends /fi/2007/13 on to /fi/2007/13/) is the page of another URL:
 * kept under the URL asked for, it would later be served at the wrong base, and every relative
 * link on it would miss. */
function final(response) {
  return response.ok && !response.redirected && response.type === "basic";
}

/* A response rebuilt from its body: a redirected response cannot answer a navigation. */
async function storable(response, hash) {
  const headers = new Headers(response.headers);
  headers.set(HASH_HEADER, hash);
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

function keep(lang) {
  if (!running.has(lang)) {
    const job = precache(lang).finally(() => running.delete(lang));
    running.set(lang, job);
  }
  return running.get(lang);
}

async function precache(lang) {
  const listUrl = new URL(`offline/${lang}.json`, ROOT);
  const list = await (await fetch(listUrl, { cache: "no-store" })).json();
  if (list.version !== VERSION) {
    throw new Error(`offline list ${list.version} is not this worker's version ${VERSION}`);
  }
  await rememberLanguage(lang);
  const cache = await caches.open(CACHE);
  const older = await olderCaches();
  const queue = list.files.slice();
  let fetched = 0;
  let copied = 0;
  async function worker() {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const [path, hash] = item;
      const where = key(new URL(path, ROOT));
      const present = await cache.match(where);
      if (present && present.headers.get(HASH_HEADER) === hash) {
        continue;
      }
      const old = await findInOlder(older, where, hash);
      if (old) {
        await cache.put(where, old);
        copied += 1;
        continue;
      }
      const response = await fetch(where, { cache: "no-cache" });
      if (!final(response)) {
        throw new Error(`${where}: HTTP ${response.status}${response.redirected ? ", redirected to " + response.url : ""}`);
      }
      await cache.put(where, await storable(response, hash));
      fetched += 1;
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  if (running.size === 1) {  // no other language is still copying from the old caches
    await dropOldCaches();
  }
  return { files: list.files.length, fetched, copied };
}

async function olderCaches() {
  const names = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE && name !== SETTINGS);
  return Promise.all(names.map((name) => caches.open(name)));
}

async function findInOlder(older, where, hash) {
  for (const cache of older) {
    const response = await cache.match(where);
    if (response && response.headers.get(HASH_HEADER) === hash) {
      return response;
    }
  }
  return null;
}

async function dropOldCaches() {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== CACHE && name !== SETTINGS) {
      await caches.delete(name);
    }
  }
}

async function keptLanguages() {
  const response = await (await caches.open(SETTINGS)).match(new URL(LANGUAGES_KEY, ROOT).href);
  return response ? response.json() : [];
}

async function rememberLanguage(lang) {
  const languages = await keptLanguages();
  if (!languages.includes(lang)) {
    const settings = await caches.open(SETTINGS);
    await settings.put(new URL(LANGUAGES_KEY, ROOT).href, Response.json([...languages, lang]));
  }
}
