/* bridge-laws search page: a language's search page (/<lang>/search/?q=QUERY[&edition=2007]).
 * Results, best first, are links in #search-results: one per law (or regulation point), to the
 * best-matching section's anchor, with law, section, edition and a snippet.  A concept or
 * situation answering the whole query shows its governing laws (with their snippets.json words)
 * before Pagefind has answered; the texts come under them, and nothing shown moves.  When a
 * search has finished, #search-results carries data-query="<the query>". */
import { searchSession } from "../engine/session.js";
import { format, searchable } from "../engine/text.js";
import { form, input, statusLine, strings, syncUrl } from "./page-data.js";
import { addEditions, element, filledHit, renderHit } from "./render.js";

/* "1 träff", "2 träffar"; Polish "1 wynik", "3 wyniki", "5 wyników": the plural form of the
 * page's language (Intl.PluralRules), "other" when more results are still to come ("10+"). */
function resultsFor(count, more) {
  const form = more ? "other" : new Intl.PluralRules(document.documentElement.lang).select(count);
  return strings["search_results_for_" + form] || strings.search_results_for;
}

let current = 0; // the latest search: an older one that finishes later shows nothing
let pending = null;

export function languagePage(engine) {
  const list = document.getElementById("search-results");

  async function run(typed, edition) {
    const token = ++current;
    list.replaceChildren();
    list.setAttribute("aria-busy", "true");
    delete list.dataset.query;
    if (!typed.trim()) {
      statusLine.textContent = "";
      list.removeAttribute("aria-busy");
      return;
    }
    const most = engine.rules.max_query;
    const query = searchable(typed, most);
    const cut = query === typed ? "" : format(strings.search_too_long, { count: most }) + " ";
    statusLine.textContent = strings.search_loading;
    const session = searchSession(engine, query, edition, () => token === current);
    if (!(await session.named())) return;
    const { state } = session;
    const items = []; // the rendered results, in order (session.state.shown's)
    const mark = engine.marker(query); // the query's words in a snippet from snippets.json
    const early = session.showEarly();
    if (early.length) {
      const shown = await Promise.all(early.map(({ hit, others }) => filledHit(hit, others, mark)));
      if (token !== current) return;
      list.append(...shown);
      items.push(...shown);
    }
    if (!(await session.words())) return;
    function renderNew() {
      const { restart, fresh } = session.reveal();
      if (restart) {
        list.replaceChildren();
        items.length = 0;
      }
      // a law shown early, found in another edition's text too: that edition in its line
      items.forEach((item, index) => addEditions(item, state.groups.get(state.shown[index].key)));
      for (const { hit, others } of fresh) {
        items.push(renderHit(hit, others, mark));
        list.append(items.at(-1));
      }
      document.querySelectorAll(".search-more").forEach((button) => button.remove());
      if (session.hasMore()) {
        const button = element("button", "search-more md-button", strings.search_more);
        button.type = "button";
        button.addEventListener("click", async () => {
          await session.more();
          if (token === current) renderNew();
        });
        list.after(button);
      }
    }
    if (!(await session.firstPage())) return;
    renderNew();
    const { order, approximate, partial, failure } = state;
    const more = session.hasMore();
    if (failure) statusLine.textContent = failure;
    else if (!order.length) statusLine.textContent = cut + format(strings.search_no_results, { q: query });
    else
      statusLine.textContent =
        cut +
        (approximate ? format(strings.search_approximate, { q: approximate }) + " " : "") +
        (partial ? strings.search_some_words + " " : "") +
        format(resultsFor(order.length, more), { count: order.length + (more ? "+" : ""), q: query });
    // finished: scripts and tests wait for data-query to equal the query they typed
    list.removeAttribute("aria-busy");
    list.dataset.query = typed;
  }

  function chosenEdition() {
    const checked = form.querySelector("input[name=edition]:checked");
    return checked ? checked.value : "";
  }

  function start() {
    document.querySelectorAll(".search-more").forEach((button) => button.remove());
    clearTimeout(pending);
    const query = input.value;
    const edition = chosenEdition();
    syncUrl(query, edition, engine.rules.max_query);
    return run(query, edition);
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    start();
  });
  input.addEventListener("input", () => {
    engine.prepare(); // the search's Pagefind loads while the reader types
    clearTimeout(pending);
    pending = setTimeout(start, 180);
  });
  form.querySelectorAll("input[name=edition]").forEach((radio) => radio.addEventListener("change", start));

  // the form holds the address's query and edition (search-start.js put them there) or what the
  // reader typed and chose while the engine loaded: searched now.  The first search in a task of
  // its own: the engine's setup above (the term base's words folded once) and the search are each
  // a shorter task than both together, which a phone's main thread spent blocked (Lighthouse's
  // Total Blocking Time).  Nothing typed yet: Pagefind loads for the first word.
  if (input.value) setTimeout(start, 0);
  else engine.prepare();
}
