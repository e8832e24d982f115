/* bridge-laws search page: a hit rendered as a result (its law, section, edition and snippet),
 * and the snippet of a provision or concept hit, from the page's snippets.json or the page.
 * Source text reaches the page only through textContent: snippets are built from Pagefind's
 * plain-text content as text nodes and <mark> elements, so no source markup can become HTML. */
import { referenceRules } from "../../refs.js";
import { format } from "../engine/text.js";
import { pageData, strings } from "./page-data.js";

const { displayAnchor } = referenceRules(pageData.refs); // the same syntax in every language

/** Snippet parts as DOM: text nodes and <mark>s, never parsed as HTML. */
function snippetNodes(parts) {
  const nodes = [];
  for (const [text, marked] of parts) {
    if (!marked) {
      nodes.push(document.createTextNode(text));
      continue;
    }
    const word = text.trimEnd();
    const mark = document.createElement("mark");
    mark.textContent = word;
    nodes.push(mark, document.createTextNode(text.slice(word.length)));
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

export function renderHit(hit, others) {
  const item = hitItem(hit, others);
  if (!hit.snippet && !hit.missing) fillSnippet(item.querySelector(".search-result__snippet"), hit.url, hit.anchor);
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

export function editionLine(hit, others) {
  return hit.edition + (others.length ? " · " + others.join(", ") : "");
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
  if (hit.edition) where.append(element("span", "search-result__edition", editionLine(hit, others)));
  if (hit.synonym) where.append(element("span", "search-result__synonym", hit.synonym));
  if (hit.concerns) where.append(element("span", "search-result__ref", hit.concerns.join(", ")));
  if (where.childNodes.length) link.append(where);
  item.append(link);
  const snippet = element("p", "search-result__snippet");
  if (hit.snippet) snippet.append(...snippetNodes(hit.snippet));
  item.append(snippet);
  return item;
}

/** The provision's own text as the snippet of a provision or concept hit: from the small
 * snippets.json beside the page (bridgelaws/search/snippets.py), or, when that cannot be had (offline,
 * a page cached before it existed), from the page itself, cut the same way (keep the two alike).
 * `mark`: the query's words marked in it (the engine's marker), or the text as it is. */
async function fillSnippet(snippet, href, anchor, mark = null) {
  const page = new URL(href, location.href).href.split("#")[0];
  let text;
  try {
    const response = await fetch(new URL("snippets.json", page));
    if (!response.ok) throw new Error(response.status);
    const snippets = await response.json();
    text = snippets[anchor] ?? snippets[""] ?? "";
  } catch (error) {
    text = await snippetFromPage(page, anchor);
  }
  if (mark) snippet.replaceChildren(...snippetNodes(mark(text)));
  else snippet.textContent = text;
}

const SNIPPET_LENGTH = 220; // snippets.py's LENGTH

async function snippetFromPage(href, anchor) {
  try {
    const response = await fetch(href);
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    page.querySelectorAll(".headerlink, .via, [data-pagefind-ignore]").forEach((node) => node.remove());
    let node = (anchor && page.getElementById(anchor)) || page.querySelector("article h1");
    // an item whose words begin in its first sub-item (<span id="12C1"> inside #12C1a)
    while (node && !node.textContent.trim() && node.parentElement && node.parentElement.tagName !== "DIV") node = node.parentElement;
    let text = node ? node.textContent.replace(/\s+/g, " ").trim() : "";
    if (node && /^H\d$/.test(node.tagName)) {
      // a heading: add the text under it, not the page's own lines (source, switches, notes)
      let next = node.nextElementSibling;
      while (next && !(next.matches("p") && /\b(prov|prov-text|law-text)\b/.test(next.className))) next = next.nextElementSibling;
      // joined as snippets.py joins them: a dash after a heading with no stop of its own
      if (next) text += (/[.:;!?…]$/.test(text) ? " " : " — ") + next.textContent.replace(/\s+/g, " ").trim();
    }
    return text.length > SNIPPET_LENGTH ? text.slice(0, SNIPPET_LENGTH).replace(/\s+\S*$/, "") + " …" : text;
  } catch (error) {
    return "";
  }
}
