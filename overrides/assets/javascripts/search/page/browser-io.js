/* bridge-laws search page: the engine's I/O in the browser (engine.js says what `io` is): the
 * site's JSON files by fetch, and Pagefind's own pagefind.js from the site, an instance per
 * search. */
import { unpackPagefindFiles } from "./unpack.js";

/** The I/O of a page whose site's root is the URL `root`; `strings`: the interface's. */
export function browserIo(root, strings) {
  unpackPagefindFiles(new URL("pagefind/", root).href); // unpack.js: the browser's inflate, not Pagefind's
  /** A site file's JSON (`path` from the host), `fallback` when the server has none; rejected
   * when it cannot be reached (offline and not cached). */
  function fetchJson(path, fallback) {
    return fetch(path).then((response) => (response.ok ? response.json() : fallback));
  }

  /** This build's tag of Pagefind's entry file, from its preload in <head> (added after indexing,
   * bridgelaws.search.pagefind.preload_first_files): given as Pagefind's metaCacheTag, it
   * makes Pagefind ask for the URL the browser is already fetching, not one with a fresh ?ts=. */
  function entryTag() {
    const link = document.querySelector('link[rel="preload"][href*="pagefind-entry.json?ts="]');
    return link ? new URL(link.href).searchParams.get("ts") : null;
  }

  /** Pagefind for a language, on the main thread: the index is small, and without the web
   * worker the WebAssembly preloaded in <head> is used as it is (a worker would fetch it again
   * after starting: one more slow round trip on a phone).  Pagefind takes its index's language
   * from <html lang> when the instance is made (synchronously): /search/ is English and shows
   * several languages, so <html lang> names this language for that moment.  A new instance
   * each time (engine.js: one per search).
   *
   * Pagefind's script holds one WebAssembly module, its language's stemmer, for every instance
   * it makes: the first instance's language.  So a language other than the page's own (on
   * /search/, every language shown) gets the script as a module of its own, by a URL of its
   * own (the query string the server and the service worker ignore); the page's own language
   * keeps the URL <head> preloads. */
  function pagefindScript(lang) {
    const url = new URL("pagefind/pagefind.js", root);
    if (lang !== document.documentElement.lang) url.searchParams.set("lang", lang);
    return url.href;
  }

  async function makePagefind(lang) {
    const module = await import(pagefindScript(lang));
    const html = document.documentElement;
    const pageLang = html.lang;
    html.lang = lang;
    let instance;
    try {
      instance = module.createInstance({
        basePath: new URL("pagefind/", root).pathname,
        baseUrl: root.pathname,
        noWorker: true,
        metaCacheTag: entryTag(),
      });
    } finally {
      html.lang = pageLang;
    }
    await instance.init();
    return instance;
  }

  /** The first files `lang`'s Pagefind reads, asked for at once, as a language's search page has
   * them in its <head> (/search/, starting a language's block: bridgelaws/search/pagefind.py
   * name_first_files): the script as makePagefind imports it, and `files` (its WebAssembly, the
   * entry file at the build's tag, its meta file; relative to the page), where Pagefind would ask
   * for its script, then for them, a round trip after the other.  Each once. */
  function preloadPagefind(lang, files) {
    const links = [["modulepreload", pagefindScript(lang)], ...[files.wasm, files.entry, files.meta].map((href) => ["preload", href])];
    for (const [rel, href] of links) {
      const url = new URL(href, location.href).href;
      if ([...document.head.querySelectorAll("link")].some((link) => link.href === url)) continue;
      const link = document.createElement("link");
      link.rel = rel;
      link.href = url;
      if (rel === "preload") {
        link.as = "fetch";
        link.crossOrigin = "anonymous"; // as Pagefind's fetch asks, or the preload is not used
      }
      document.head.append(link);
    }
  }

  return { root, strings, fetchJson, pagefind: makePagefind, preloadPagefind };
}
