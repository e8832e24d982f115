/* bridge-laws search page: a hit rendered as a result (its law, section, edition and snippet),
 * and the snippet of a provision or concept hit, from the page's snippets.json or the page.
 * Source text reaches the page only through textContent: snippets are built from Pagefind's
 * plain-text content as text nodes and <mark> elements, so no source markup can become HTML. */
import { referenceRules } from "../../refs.js";
import { format } from "../engine/text.js";
import { pageData, strings } from "./page-data.js";

const { displayAnchor } = referenceRules(pageData.refs); // the same syntax in every language

// a marked part: the punctuation before its word, the word (from its first letter or digit to
// its last), and what follows it (punctuation, the space after)
const MARKED = /^([^\p{L}\p{N}]*)([\s\S]*?)([^\p{L}\p{N}]*)$/u;

/** Snippet parts as DOM: text nodes and <mark>s, never parsed as HTML.  A mark holds the word
 * only: "tarjouksia," marks "tarjouksia", not its comma. */
function snippetNodes(parts) {
  const nodes = [];
  for (const [text, marked] of parts) {
    const [, before, word, after] = marked ? MARKED.exec(text) : [text, text, "", ""];
    if (!word) {
      nodes.push(document.createTextNode(text));
      continue;
    }
    const mark = document.createElement("mark");
    mark.textContent = word;
    nodes.push(document.createTextNode(before), mark, document.createTextNode(after));
  }
  return nodes;
}

export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

function lawLabel(hit) {
  if (!hit.label) return "";
  return /^\d+$/.test(hit.label) ? format(strings.law, { n: hit.label }) : hit.label;
}

/** A hit's item; a provision's or concept's snippet comes from snippets.json after it, the
 * query's words marked in it (`mark`, the engine's marker), as in what was shown early. */
export function renderHit(hit, others, mark = null) {
  const item = hitItem(hit, others);
  if (!hit.snippet && !hit.missing) fillSnippet(item.querySelector(".search-result__snippet"), hit.url, hit.anchor, mark);
  return item;
}

/** A hit's item with its snippet already in it, the query's words marked (`mark`, the engine's
 * marker): what is shown before the texts are searched comes whole, so nothing under it moves
 * when a snippet arrives. */
export async function filledHit(hit, others, mark) {
  const item = hitItem(hit, others);
  if (!hit.snippet && !hit.missing) await fillSnippet(item.querySelector(".search-result__snippet"), hit.url, hit.anchor, mark);
  return item;
}

/** The editions a result's law is found in, in the order the site lists editions everywhere
 * (the page data's `editions`, oldest first: the edition switcher, "where to read", the laws
 * index), the one its link opens in bold when there are several: "1997 · **2007**". */
function editionNodes(hit, others) {
  const order = pageData.editions || [];
  const place = (edition) => (order.includes(edition) ? order.indexOf(edition) : order.length);
  const editions = [hit.edition, ...others].sort((a, b) => place(a) - place(b) || a.localeCompare(b));
  return editions.flatMap((edition, at) => {
    const node = editions.length > 1 && edition === hit.edition ? element("strong", "", edition) : document.createTextNode(edition);
    return at ? [document.createTextNode(" · "), node] : [node];
  });
}

/** A result shown before the texts whose law was found in another edition's text too (a
 * result group's `others`): that edition in its line. */
export function addEditions(item, { hit, others }) {
  const line = item.querySelector(".search-result__edition");
  if (line && others.length) line.replaceChildren(...editionNodes(hit, others));
}

function hitItem(hit, others) {
  const item = element("li", "search-result search-result--" + hit.origin);
  const link = element("a", "search-result__link");
  link.href = hit.url;
  const head = element("span", "search-result__head");
  const label = lawLabel(hit);
  if (label) head.append(element("span", "search-result__law", label));
  if (hit.title) head.append(element("span", "search-result__title", hit.title));
  link.append(head);
  const where = element("span", "search-result__where");
  const ref = displayAnchor(hit.anchor);
  if (/\D/.test(ref)) where.append(element("span", "search-result__ref", ref)); // not the law's own top: "13"
  if (hit.missing) {
    const missing = hit.newer ? format(strings.search_law_newer, { edition: hit.newer }) : strings.search_law_missing;
    where.append(element("span", "search-result__missing", missing));
  }
  if (hit.edition) {
    const line = element("span", "search-result__edition");
    line.append(...editionNodes(hit, others));
    where.append(line);
  }
  if (hit.synonym) where.append(element("span", "search-result__synonym", hit.synonym));
  if (hit.concerns) where.append(element("span", "search-result__ref", hit.concerns.join(", ")));
  if (where.childNodes.length) link.append(where);
  item.append(link);
  const snippet = element("p", "search-result__snippet");
  if (hit.snippet) snippet.append(...snippetNodes(hit.snippet));
  item.append(snippet);
  return item;
}

/** The provision's own text as the snippet of a provision or concept hit, from the small
 * snippets.json beside the page (bridgelaws/search/snippets.py, the one place a page's text is
 * cut); none when that cannot be had (offline and not cached): the result still says which law
 * and provision it is.  `mark`: the query's words marked in it (the engine's marker), or the
 * text as it is. */
async function fillSnippet(snippet, href, anchor, mark = null) {
  const page = new URL(href, location.href).href.split("#")[0];
  let text;
  try {
    const response = await fetch(new URL("snippets.json", page));
    if (!response.ok) throw new Error(response.status);
    const snippets = await response.json();
    text = snippets[anchor] ?? snippets[""] ?? "";
  } catch (error) {
    return;
  }
  if (mark) snippet.replaceChildren(...snippetNodes(mark(text)));
  else snippet.textContent = text;
}
