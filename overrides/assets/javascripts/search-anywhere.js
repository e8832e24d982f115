/* bridge-laws search from /search/ (the English interface, and the header box of English
 * pages): a query in any language.  Its language is told from its letters, its provision form
 * and its words (detectLanguage; letters and weights from content/search.toml [detect], words
 * from the corpus, all in #search-detect, written by bridgelaws/search/detection.py): when
 * one language leads it opens that language's search page; else each likely language's best
 * results show side by side in #search-by-language (one after another on phones), each with a
 * link to all its results, and #search-by-language then carries data-query="<the query>".
 * The search itself is search.js's engine, one per language shown. */
import {
  FRAGMENTS_PER_ROUND,
  element,
  form,
  format,
  input,
  pageData,
  placeLater,
  renderHit,
  resultGroups,
  searchEngine,
  searchable,
  statusLine,
  strings,
  syncUrl,
} from "./search.js";

// -- which language a query is written in (/search/) ------------------------------------------------

/** As Python's search.fold: lower case, accents off, ı and ł as i and l. */
function foldAny(text) {
  return text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/ı/g, "i").replace(/ł/g, "l");
}

/** Each language's score for a query, with the weights of the data (content/search.toml
 * [detect]): a letter of that language only ("å") or one it shares ("ä"); its provision form
 * ("lag 16", "Yasa 45", "12 §"); each word of its texts or terms, or else, for the language
 * whose word shares the longest start (at least `prefix` letters) with it, an inflected form
 * ("deklarasyon": Turkish "deklarasyonu" shares 11 letters, Polish "deklaracji" 7); and, for
 * a word no list carries, the letter model's likeliest language when it leads the next by
 * `model.sure` nats ("trumfa" → sv; an English word it tells, as "hesitation", counts for
 * scores.en).  A word of the term base's English ("penalty", "revoke") counts for no one.
 * "tavlingsledaren" → sv; "12C1(b)" → nothing for anyone. */
function languageScores(query, detect) {
  const weight = detect.weights;
  const scores = Object.fromEntries(detect.languages.map((lang) => [lang, 0]));
  const owners = (letter) => detect.languages.filter((lang) => detect.letters[lang].includes(letter));
  for (const letter of new Set([...query, ...query.toLowerCase()])) {
    const those = owners(letter);
    for (const lang of those) scores[lang] += those.length === 1 ? weight.own_letter : weight.shared_letter;
  }
  const tokens = foldAny(query).split(/[^\p{L}\p{N}§]+/u).filter(Boolean);
  for (const lang of detect.languages) {
    if (tokens.some((token) => detect.forms[lang].includes(token))) scores[lang] += weight.form;
  }
  const english = wordSet(ENGLISH, detect);
  scores[ENGLISH] = 0;
  for (const token of tokens) {
    if (!/^\p{L}{3,}$/u.test(token) || english.has(token)) continue;
    const exact = detect.languages.filter((lang) => wordSet(lang, detect).has(token));
    exact.forEach((lang) => (scores[lang] += weight.word));
    if (exact.length) continue;
    if (token.length >= detect.prefix) {
      const shared = Object.fromEntries(detect.languages.map((lang) => [lang, longestStart(token, detect.words[lang] || [])]));
      const longest = Math.max(...Object.values(shared));
      if (longest >= detect.prefix) for (const lang of detect.languages) if (shared[lang] === longest) scores[lang] += weight.word_start;
    }
    const likely = modelScores(token, detect.model);
    const ranked = Object.keys(likely).sort((a, b) => likely[b] - likely[a]);
    if (ranked.length > 1 && likely[ranked[0]] - likely[ranked[1]] >= detect.model.sure) scores[ranked[0]] += weight.model;
  }
  return scores;
}

// the English model's language: words every language's search knows (the term base's English)
const ENGLISH = "en";

/** A folded word's letter n-grams of 1 to `order` letters, its edges marked "_" (as Python's
 * search.letter_grams). */
function letterGrams(word, order) {
  const padded = [..."_" + word + "_"];
  const grams = [];
  for (let n = 1; n <= order; n++) {
    for (let at = 0; at + n <= padded.length; at++) {
      const gram = padded.slice(at, at + n).join("");
      if (gram !== "_") grams.push(gram);
    }
  }
  return grams;
}

let modelTables = null;
/** Each model language's log-likelihood of a folded word in whole nats (Python's
 * search.model_scores, from the same data): per n-gram some language keeps, its floor for the
 * n-gram's length plus the n-gram's level; an n-gram no language keeps counts for none. */
function modelScores(word, model) {
  if (!modelTables) {
    modelTables = Object.fromEntries(
      Object.entries(model.grams).map(([lang, byLevel]) => {
        const table = new Map();
        byLevel.forEach((joined, at) => joined.split(" ").forEach((gram) => gram && table.set(gram, at + 1)));
        return [lang, table];
      }),
    );
  }
  const grams = letterGrams(word, model.order).filter((gram) => Object.values(modelTables).some((table) => table.has(gram)));
  return Object.fromEntries(
    model.languages.map((lang) => [lang, grams.reduce((sum, gram) => sum + model.floor[lang][[...gram].length - 1] + (modelTables[lang].get(gram) || 0), 0)]),
  );
}

const wordSets = new Map();
function wordSet(lang, detect) {
  if (!wordSets.has(lang)) wordSets.set(lang, new Set((lang === ENGLISH ? detect.english : detect.words[lang]) || []));
  return wordSets.get(lang);
}

/** How many first letters `token` shares with the word of `words` that shares most. */
function longestStart(token, words) {
  let best = 0;
  for (const word of words) {
    let n = 0;
    while (n < token.length && n < word.length && token[n] === word[n]) n++;
    if (n > best) best = n;
  }
  return best;
}

/** The letter model's log-likelihood of the query's words (Python's search.query_likelihood):
 * what orders languages the other signals tie ("hjärter": sv before fi). */
function queryLikelihood(query, detect) {
  const total = {};
  for (const token of foldAny(query).split(/[^\p{L}\p{N}§]+/u)) {
    if (!/^\p{L}{3,}$/u.test(token)) continue;
    for (const [lang, score] of Object.entries(modelScores(token, detect.model))) total[lang] = (total[lang] || 0) + score;
  }
  return total;
}

/** {lang} when one language scores `margin` times any other; else {candidates}: the languages
 * near the best, best first, or all of them when nothing speaks for any. */
function detectLanguage(query, detect) {
  const scores = languageScores(query, detect);
  const likelihood = queryLikelihood(query, detect);
  // best first; a tie by the letter model's likelihood of the whole query, then the data's order
  const ranked = [...detect.languages].sort((a, b) => scores[b] - scores[a] || (likelihood[b] || 0) - (likelihood[a] || 0));
  const best = scores[ranked[0]];
  const second = ranked.length > 1 ? scores[ranked[1]] : 0;
  // English words that no list carries ("trump") weigh against every language: side by side
  if (best > 0 && best >= detect.margin * second && best > second && best > scores[ENGLISH]) return { lang: ranked[0], scores };
  // best first (a tie in the data's order): the likeliest language's results come first
  const candidates = best > 0 ? ranked.filter((lang) => scores[lang] * detect.margin >= best) : ranked;
  return { candidates, scores };
}

// -- /search/: to the query's language, or each likely language side by side ------------------------

const SHOWN_PER_LANGUAGE = 5;
const engines = new Map();

/** A language's engine, from the data on its search page (fetched once; cached for offline). */
async function engineFor(lang, detect) {
  if (!engines.has(lang)) {
    engines.set(
      lang,
      (async () => {
        const response = await fetch(new URL(detect.searchUrls[lang], location.href));
        const html = new DOMParser().parseFromString(await response.text(), "text/html");
        return searchEngine(JSON.parse(html.getElementById("search-data").textContent));
      })(),
    );
  }
  return engines.get(lang);
}

function fullResults(lang, query, detect) {
  const url = new URL(detect.searchUrls[lang], location.href);
  url.searchParams.set("q", query);
  return url.pathname + url.search;
}

/** One language's block: its name, its best results, a link to all of them. */
async function languageBlock(lang, query, detect) {
  const section = element("section", "search-by-language__block");
  section.lang = lang;
  const heading = element("h2", "search-by-language__name", detect.names[lang]);
  const list = element("ol", "search-results");
  section.append(heading, list);
  try {
    const engine = await engineFor(lang, detect);
    const { hits, later, ranked, forms, failure, pagefind } = await engine.search(query, "");
    const { groups, order, add } = resultGroups();
    hits.forEach((hit) => add(hit));
    if (order.length < SHOWN_PER_LANGUAGE && ranked.length) (await engine.textHits(ranked, 0, FRAGMENTS_PER_ROUND, forms)).forEach((hit) => add(hit));
    if (!order.length && ranked.length && ranked.length <= FRAGMENTS_PER_ROUND) {
      // every page found fit none of the words once read: the pages with some of them (search.js)
      const some = await engine.someWordResults(query, "", ranked, pagefind);
      if (some.ranked.length) (await engine.textHits(some.ranked, 0, FRAGMENTS_PER_ROUND, some.forms)).forEach((hit) => add(hit));
    }
    placeLater(later, add, order);
    for (const key of order.slice(0, SHOWN_PER_LANGUAGE)) list.append(renderHit(groups.get(key).hit, groups.get(key).others));
    if (failure) section.append(element("p", "search-status", failure));
    else if (!order.length) section.append(element("p", "search-status", format(strings.search_no_results, { q: query })));
  } catch (error) {
    section.append(element("p", "search-status", format(strings.search_offline, { error: error.message || error })));
  }
  const all = element("a", "search-by-language__all", format(strings.search_all_in, { language: detect.names[lang] }));
  all.href = fullResults(lang, query, detect);
  all.hreflang = lang;
  section.append(all);
  return section;
}

function rootPage(detect) {
  const blocks = document.getElementById("search-by-language");

  let current = 0; // the latest query: an older one that finishes later shows nothing

  async function route(typed) {
    const token = ++current;
    blocks.replaceChildren();
    delete blocks.dataset.query;
    const query = searchable(typed.trim());
    if (!query) return;
    syncUrl(typed, "");
    const found = detectLanguage(query, detect);
    blocks.dataset.detected = found.lang || found.candidates.join(" ");
    if (found.lang) {
      statusLine.textContent = format(strings.search_going_to, { language: detect.names[found.lang] });
      location.replace(fullResults(found.lang, query, detect));
      return;
    }
    statusLine.textContent = strings.search_loading;
    blocks.setAttribute("aria-busy", "true");
    // one language at a time: Pagefind's instances share its WebAssembly memory
    const sections = [];
    for (const lang of found.candidates) {
      sections.push(await languageBlock(lang, query, detect));
      if (token !== current) return;
    }
    blocks.replaceChildren(...sections);
    statusLine.textContent = format(strings.search_undecided, { q: query });
    blocks.removeAttribute("aria-busy");
    blocks.dataset.query = typed;
  }

  form.addEventListener("submit", (event) => {
    if (event.submitter && event.submitter.hasAttribute("formaction")) return; // a language chosen by hand
    event.preventDefault();
    route(input.value);
  });
  input.value = new URLSearchParams(location.search).get("q") || "";
  if (input.value) route(input.value);
  else input.focus();
}

rootPage(pageData);
