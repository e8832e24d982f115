/* bridge-laws search page: what the page gives the search.  The page's data (a language's search
 * data on /<lang>/search/, what tells a query's language on /search/, written by
 * bridgelaws/search/engine_data.py and detection.py) is the JSON file beside the page, named by
 * the page's <template id="search-engine"> (data-json), whose preload search-start.js started
 * with this script: fetched once, before any module that reads it runs (a top-level await).  Its
 * interface strings, the page's form and address, and the I/O the engine reads through on the
 * page (browserIo). */
import { searchable } from "../engine/text.js";
import { browserIo } from "./browser-io.js";

/** The page's data; rejected (and the engine with it) when it cannot be had (offline, not kept). */
async function fetchPageData() {
  const url = new URL(document.getElementById("search-engine").dataset.json, document.baseURI);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${response.status} ${url.pathname}`);
  return response.json();
}

export const pageData = await fetchPageData();
const root = new URL("../../../../", import.meta.url); // this script is <root>/assets/javascripts/search/page/
export const strings = pageData.strings; // the page's interface language
export const form = document.querySelector(".search-page-form");
export const input = document.getElementById("search-input");
export const statusLine = document.getElementById("search-status");
/** The engine's I/O on the page: the site's files by fetch, Pagefind from the site. */
export const io = browserIo(root, strings);

/** The page's address says what was searched: the query as searched (`searchable`), not all that
 * was typed, since a pasted page would make an address of megabytes, which Chromium carries into
 * every later request of the page (a 400,000-character Turkish query: a second each search). */
export function syncUrl(query, edition, most) {
  const url = new URL(location.href);
  url.searchParams.set("q", searchable(query, most));
  if (edition) url.searchParams.set("edition", edition);
  else url.searchParams.delete("edition");
  // the address unchanged (a page opened with its query) is not written again: a replaceState is
  // a round trip to the browser process, several milliseconds of the first search's task
  if (url.href !== location.href) history.replaceState(null, "", url);
}
