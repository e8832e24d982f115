/* bridge-laws search engine: the texts a query's words find.  Pagefind is asked the query and
 * its variant queries (and, when few pages hold every word, the words that carry it, or each
 * word alone), the pages printing a one-word query's form exactly go first (the printed forms'
 * files, fetched through `io.fetchJson`), and the pages read a round at a time become hits with
 * their anchor and snippet (textHits).  The Pagefind instance is given by the caller. */
import { yieldToMain } from "./tasks.js";
import { fileKeyer, siteUrl as siteUrlOf, unpackKeys } from "./text.js";

/** The word search of one language: its data (data.json), the I/O (vocabularyFiles'), its
 * rewrites (queryRewrites), forms (queryForms) and snippets (snippetCutter). */
export function wordSearch(data, io, rewrites, forms, snippets) {
  const { carries } = rewrites;
  const { variantQueries, wordForms, wordFit, extendsForm, bare, formScore } = forms;
  const { bestLocation, snippetAround } = snippets;

  function siteUrl(path) {
    return siteUrlOf(path, io.root);
  }

  const formKey = fileKeyer(data.fileKeys.words); // the printed forms' files, as the situations'

  // search.toml [engine]: some_words, carried_only, approximate, max_form_files say what each is
  const { some_words: SOME_WORDS, variant: VARIANT, carried_only: CARRIED_ONLY, approximate: APPROXIMATE, max_form_files: MAX_FORM_FILES } = data.engine;

  /** Pagefind's options for an edition ("" for all). */
  function searchOptions(edition) {
    return edition ? { filters: { edition } } : {};
  }

  /** The query's words that carry it, as typed (no function words, none too short). */
  function carriedWords(query) {
    return query.split(/\s+/).filter((word) => word && carries(bare(word)));
  }

  /** Pagefind results for the query and its variants, as one ranked list of raw results. */
  async function textResults(query, edition, pagefind) {
    const pf = await pagefind();
    const options = searchOptions(edition);
    const queries = [query, ...variantQueries(query)];
    // one query at a time, the main thread given back between them: each is a stretch of
    // WebAssembly work, and together they were one long task a tap had to wait for
    const seen = new Map();
    const searchAll = async (list, weight) => {
      for (const [index, q] of list.entries()) {
        await yieldToMain();
        const search = await pf.search(q, options);
        for (const result of search ? search.results : []) {
          const score = result.score * (index === 0 ? weight : VARIANT * weight); // a variant's page below the query's
          const known = seen.get(result.id);
          // a page found by several queries: read as the first found it, ranked by its best
          // score, its matches all of theirs (Turkish "herhangi" and its variant "herhank",
          // which the stemmer cuts to "her": kept alone, the variant's result pointed at the
          // page's "her"s and the page fit the query nowhere)
          if (!known) seen.set(result.id, { result, score, also: [] });
          else {
            known.score = Math.max(known.score, score);
            known.also.push(...result.words);
          }
        }
      }
    };
    await searchAll(queries, 1);
    const withEvery = seen.size; // pages with every word of the query
    const typed = query.split(/\s+/).filter(Boolean);
    const words = carriedWords(query);
    if (seen.size < SOME_WORDS.below && words.length && words.length < typed.length) {
      // few pages have every word, some of them a function word ("dedi", "som") or a short one:
      // the pages with every word that carries the query follow ("hakem dedi" → the texts of
      // "hakem", where only Law 81's page answered)
      const carried = words.join(" ");
      await searchAll([carried, ...variantQueries(carried)], CARRIED_ONLY);
    }
    let ranked = [...seen.values()].sort((a, b) => b.score - a.score);
    let approximate = null;
    if (ranked.length < SOME_WORDS.below && words.length > 1 && words.length <= SOME_WORDS.max_words) {
      // no (or hardly any) page has every word: the pages that have most of them, after those
      // that have all ("kiistanalaiset tosiasiat" → 85, where the text says "tosiasioista")
      ranked = ranked.concat(await someWords(pf, words, options, new Set(ranked.map((entry) => entry.result.id))));
    }
    const partial = !withEvery && ranked.length > 0; // the status line says so only when none has all
    if (!ranked.length) {
      const longest = typed.reduce((a, b) => (b.length > a.length ? b : a), "");
      for (let cut = 1; !ranked.length && longest.length - cut >= APPROXIMATE.shortest && cut <= APPROXIMATE.cut; cut++) {
        const shorter = typed.map((word) => (word === longest ? word.slice(0, -cut) : word)).join(" ");
        const search = await pf.search(shorter, options);
        ranked = (search ? search.results : []).map((result) => ({ result, score: result.score }));
        if (ranked.length) approximate = shorter;
      }
    }
    const used = approximate ? [approximate, ...variantQueries(approximate)] : queries;
    const forms = wordForms(used);
    return { ranked: await printedFirst(ranked.map(withMatches), forms), approximate, partial, forms };
  }

  /** The pages that have some of the query's words, when every page found for all of them fit
   * none once read (`known`): a stemmer that over-joins found them (Turkish "yalancının" → "ya",
   * which many pages hold), so textResults saw enough pages not to look for fewer words. */
  async function someWordResults(query, edition, known, pagefind) {
    const words = carriedWords(query);
    if (words.length < 2 || words.length > SOME_WORDS.max_words) return { ranked: [], forms: [] };
    const found = await someWords(await pagefind(), words, searchOptions(edition), new Set(known.map((result) => result.id)));
    const carried = words.join(" ");
    return { ranked: found.map((entry) => entry.result), forms: wordForms([carried, ...variantQueries(carried)]) };
  }

  /** Pages that have some of the query's words, those with the most words first (then
   * Pagefind's score), leaving out the pages already found (`known`): one search per word and
   * its spelling variants, the main thread given back between them. */
  async function someWords(pf, words, options, known) {
    const found = new Map(); // id → { result, words: Set of word indexes, score }
    for (const [index, word] of words.entries()) {
      for (const form of [word, ...variantQueries(word)].slice(0, SOME_WORDS.variants)) {
        await yieldToMain();
        const search = await pf.search(form, options);
        for (const result of search ? search.results : []) {
          if (known.has(result.id)) continue;
          const entry = found.get(result.id) || { result, words: new Set(), score: 0 };
          entry.words.add(index);
          entry.score = Math.max(entry.score, result.score);
          found.set(result.id, entry);
        }
      }
    }
    return [...found.values()]
      .sort((a, b) => b.words.size - a.words.size || b.score - a.score)
      .map(({ result, score }) => ({ result, score }));
  }

  /** A ranked page as textHits reads it: Pagefind's result, with the matches other queries found
   * on the page (`also`, locations in its words). */
  function withMatches({ result, also = [] }) {
    return also.length ? { ...result, also } : result;
  }

  /* Which pages print a word form exactly (bridgelaws/search/printed_forms.py): Pagefind's index holds
   * stems, so its ranking cannot tell a page printing the typed "samasta" from one printing
   * "samassa", and a first page reads only fragments_per_round of them (each a download).  Files
   * by a form's first letters, as the situations' ("samasta" → sam), each fetched once. */
  const formFiles = new Map(); // key → its file's promise: { form: [page ids] }
  // the keys whose files the build wrote (printed_forms.announce): no other is asked for
  const formKeys = unpackKeys((data.printedForms && data.printedForms.keys) || "", data.fileKeys.words.length);

  function formFile(key) {
    if (!formKeys.has(key)) return Promise.resolve({});
    if (!formFiles.has(key)) {
      const file = io.fetchJson(siteUrl(data.printedForms.url.replace("{k}", key)), {})
        .catch(() => {
          formFiles.delete(key); // offline and not cached: Pagefind's order stands; asked again next time
          return {};
        });
      formFiles.set(key, file);
    }
    return formFiles.get(key);
  }

  /** Pagefind's pages for a one-word query with those that print the word (one of its forms,
   * exactly) first, in Pagefind's order otherwise.  Fetched only when Pagefind found more pages
   * than a first page reads, for only then can it change which pages are read; and not for a
   * query of several words: Pagefind's pages hold them all (few, and each holds the typed words
   * more likely), and each word would be one file more on the heaviest first searches there are
   * (`lähtö väärältä puolelta`). */
  async function printedFirst(ranked, forms) {
    if (!data.printedForms || ranked.length <= data.engine.fragments_per_round || forms.length !== 1) return ranked;
    const variants = [...new Set(forms[0].map(bare))].filter(Boolean);
    const keys = [...new Set(variants.map(formKey))].slice(0, MAX_FORM_FILES);
    const files = new Map(await Promise.all(keys.map(async (key) => [key, await formFile(key)])));
    const printers = new Set(variants.flatMap((form) => (files.get(formKey(form)) || {})[form] || []));
    if (!printers.size) return ranked;
    return [...ranked.filter((result) => printers.has(result.id)), ...ranked.filter((result) => !printers.has(result.id))];
  }

  /** A loaded page with the matches other queries found on it (a copy: Pagefind shares one
   * object per page between its results). */
  function withAlso(page, also) {
    if (!also || !also.length) return page;
    return { ...page, locations: [...new Set([...(page.locations || []), ...also])].sort((a, b) => a - b) };
  }

  async function textHits(ranked, from, count, forms) {
    const slice = ranked.slice(from, from + count);
    const loaded = await Promise.all(slice.map(async (result) => withAlso(await result.data(), result.also)));
    const scored = loaded
      .map((page, index) => ({ page, index, score: formScore(page, forms) }))
      .filter((entry) => entry.score > 0)
      .sort((a, b) => b.score - a.score || a.index - b.index);
    return scored.map(({ page }) => {
      const { at, anchor, words } = bestLocation(page, forms);
      const meta = page.meta || {};
      return {
        key: meta.key || page.url,
        edition: meta.edition,
        url: page.url.split("#")[0] + (anchor ? "#" + anchor : ""),
        anchor,
        label: meta.label || "",
        title: meta.title || "",
        snippet: snippetAround(
          words,
          at,
          (page.locations || []).filter((spot) => forms.some((variants) => wordFit(bare(words[spot]), variants) > 0)),
          (word) => forms.some((variants) => extendsForm(bare(word), variants)),
        ),
        origin: "text",
      };
    });
  }


  return { textResults, someWordResults, textHits };
}
