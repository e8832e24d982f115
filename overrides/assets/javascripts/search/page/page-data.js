/* bridge-laws search page: what the page gives the search, read once from the DOM.  The page's
 * data (#search-data on a language's page, #search-detect on /search/, written by
 * bridgelaws/search/engine_data.py), its interface strings and form, and the I/O the engine
 * reads through on the page (browserIo). */
import { browserIo } from "./browser-io.js";

export const pageData = JSON.parse((document.getElementById("search-data") || document.getElementById("search-detect")).textContent);
const root = new URL("../../../../", import.meta.url); // this script is <root>/assets/javascripts/search/page/
export const strings = pageData.strings; // the page's interface language
export const form = document.querySelector(".search-page-form");
export const input = document.getElementById("search-input");
export const statusLine = document.getElementById("search-status");
/** The engine's I/O on the page: the site's files by fetch, Pagefind from the site. */
export const io = browserIo(root, strings);
