/* bridge-laws search pages: what a search page runs first (overrides/main.html), and all it runs
 * until the page needs the engine.
 *
 * A search page opened to type in (no ?q=) shows its form and loads nothing more: the engine
 * (search.js, or search-anywhere.js on /search/), Pagefind's script and WebAssembly and the
 * page's data (data.json beside it) are more than the page itself.  They start to load at the
 * reader's first sign of intent on the form (a focus, a touch or click, a key, any input), a
 * second or so before a first word is typed, and all at once: the <template id="search-engine">
 * in <head> holds their preloads, inert until put in the head here.  A page opened with a query
 * (?q=: a link, a header box, a reload) loads everything at once: an inline script of the page
 * has put the preloads in the head already.
 *
 * Nothing typed meanwhile is lost: the box keeps it, the status line says the search is loading,
 * and a submit waits for the engine.  When the engine arrives it is opened on the page: a
 * language's page searches what the box holds, as it searches while the reader types
 * (language-page.js); /search/ sends a query asked for (the address's, or submitted) to its
 * language (search-anywhere.js).  Without script the form submits to the page. */

const form = document.querySelector(".search-page-form");
const input = document.getElementById("search-input");
const statusLine = document.getElementById("search-status");
const files = document.getElementById("search-engine");
const INTENT = ["focusin", "pointerdown", "keydown", "input"];
const anywhere = Boolean(document.getElementById("search-by-language")); // /search/: a query asked for only

let state = "waiting"; // then "loading", and "ready" (the page is the engine's) or "failed"
let asked = false; // the box's query is to be searched when the engine arrives: the address's, or submitted

/** The engine, loading from the first call on: the template's preloads put in the head, then
 * the page's module imported (what it imports is among the preloads). */
function load() {
  if (state !== "waiting") return;
  state = "loading";
  INTENT.forEach((type) => form.removeEventListener(type, load));
  // put in the head by the page itself when opened with a query (partials/search-engine-now.html)
  if (!("placed" in files.dataset)) document.head.append(files.content.cloneNode(true));
  const engine = anywhere
    ? import("./search-anywhere.js").then((module) => module.openRootPage)
    : import("./search.js").then((module) => module.openLanguagePage);
  engine.then(
    // ready once the page is the engine's (search.js opens it in a task of its own): until then a
    // submit waits for it, as it waits for the engine
    (open) =>
      Promise.resolve(open(asked)).finally(() => {
        state = "ready";
      }),
    (error) => {
      // offline and never fetched: say so; the form then submits as without script (a reload)
      state = "failed";
      statusLine.textContent = statusLine.dataset.failed.replace("{error}", () => error.message || error);
    },
  );
}

/** While the engine loads, the status line says when a search is coming for what the box holds:
 * on a language's page for anything typed, on /search/ for a query asked for. */
function sayLoading() {
  if (state !== "waiting" && state !== "loading") return;
  const coming = input.value.trim() && (asked || !anywhere);
  statusLine.textContent = coming ? statusLine.dataset.loading : "";
}

form.addEventListener("input", sayLoading);
form.addEventListener("submit", (event) => {
  // a language chosen by hand on /search/ goes where its button says, engine or not
  if (state === "ready" || state === "failed" || (event.submitter && event.submitter.hasAttribute("formaction"))) return;
  event.preventDefault(); // the engine searches the box when it arrives
  asked = true;
  load();
  sayLoading();
});

// the form as the address asks (?q=…&edition=…), before the engine: what the reader changes
// meanwhile is theirs
const address = new URLSearchParams(location.search);
const edition = address.get("edition");
const radio = edition && form.querySelector(`input[name=edition][value="${CSS.escape(edition)}"]`);
if (radio) radio.checked = true;
const query = address.get("q");
if (query) {
  input.value = query;
  asked = true;
  sayLoading();
  load();
} else {
  input.focus(); // the page is for typing in: not yet the reader's intent
  INTENT.forEach((type) => form.addEventListener(type, load));
}
