/* bridge-laws search engine: a query's forms as Pagefind is asked them and as a page's words are
 * read.  The variant queries (the language's spelling rules, letters Pagefind does not fold, both
 * ways), each query word's folded forms, how well a page's word fits them (wordFit, formScore)
 * and the query's words marked in a text (marker, extendsForm).  Pure: the language's data in, functions out. */
import { markDropper } from "./text.js";

/** The forms of one language's queries: its data (data.json), fold and rewrites
 * (queryRewrites: the spelling rules). */
export function queryForms(data, fold, rewrites) {
  const lang = data.lang;
  const { VARIANT_RULES } = rewrites;
  const dropMarks = markDropper(data.fold.marks); // the spelling rules are written without accents

  const { max_variants: MAX_VARIANTS, marked_start: MARKED_START } = data.engine; // search.toml [engine]

  /** The same word with each ambiguous letter both ways: Turkish "disinda" → "dısında" … */
  function letterVariants(word) {
    let forms = [word];
    for (const [typed, printed] of Object.entries(data.letters || {})) {
      const next = [];
      for (const form of forms) {
        let partial = [""];
        for (const char of form) {
          const options = char === typed || char === printed ? [typed, printed] : [char];
          partial = partial.flatMap((head) => options.map((option) => head + option));
          if (partial.length > MAX_VARIANTS) return [word];
        }
        next.push(...partial);
      }
      forms = next;
    }
    return forms;
  }

  /** Queries to run beside the one typed: the vocabulary's spelling rules, letters both ways.
   * The query is lower-cased in the page's language first (Turkish "KISITLAMA" → "kısıtlama";
   * the index lower-cases without Turkish rules, "I" → "i", so both forms are tried). */
  function variantQueries(query) {
    const lowered = query.toLocaleLowerCase(lang).trim();
    const words = lowered.split(/\s+/).filter(Boolean);
    const spelled = [words];
    for (const [regex, replacement] of VARIANT_RULES) {
      const changed = words.map((word) => dropMarks(word).replace(regex, replacement));
      if (changed.join(" ") !== words.join(" ")) spelled.push(changed);
    }
    const queries = new Set();
    for (const variant of spelled) {
      let combos = [[]];
      for (const word of variant) {
        combos = combos.flatMap((head) => letterVariants(word).map((form) => [...head, form]));
        if (combos.length > MAX_VARIANTS) combos = combos.slice(0, MAX_VARIANTS);
      }
      combos.forEach((combo) => queries.add(combo.join(" ")));
    }
    queries.delete(query);
    return [...queries].slice(0, MAX_VARIANTS);
  }

  /** Per word of the query, its folded forms across the variant queries: [[disinda, dısında…], …] */
  function wordForms(queries) {
    const split = queries.map((q) => fold(q).split(/\s+/).filter(Boolean));
    const forms = split[0].map((_, i) => [...new Set(split.map((words) => words[i]).filter(Boolean))]);
    // "utspel i otur": a page is not found by its "i"s, nor are they marked, when the query has
    // words of carrying_length letters or more
    const long = forms.filter((variants) => bare(variants[0]).length >= data.engine.carrying_length);
    return long.length ? long : forms;
  }

  /** How well one matched word fits one query word's forms: 2 for the form typed (or a variant
   * of it), 1 for an inflection (a shared start of `marked_start` letters or more), 0 for what
   * the stemmer over-joined ("disinda" → "D."). */
  function wordFit(word, variants) {
    let best = 0;
    for (const form of variants) {
      if (word === form) return 2;
      const start = MARKED_START;
      if (word.slice(0, start) === form.slice(0, start) && Math.min(word.length, form.length) >= start) best = 1;
      else if (form.length < start && word.startsWith(form)) best = 1;
    }
    return best;
  }

  /** Whether a page's word is one of a query word's forms (of `marked_start` letters or more)
   * with more after it: "tarjousta", "tarjoussarjan" for "tarjous".  Such a word fits it
   * (wordFit), and the snippet of a text marks it though Pagefind's stemmer did not take it for
   * the query's ("tarjousta" is not among the locations "tarjous" finds). */
  function extendsForm(word, variants) {
    return variants.some((form) => form.length >= MARKED_START && word.startsWith(form));
  }

  function bare(word) {
    return fold(word || "").replace(/[^\p{L}\p{N}]/gu, "");
  }

  /** A page's fit: per query word, the best fit among its matched words, summed.  A page
   * scoring 0 is dropped; higher scores come first. */
  function formScore(page, forms) {
    const words = page.content.split(/\s+/);
    const matched = [...new Set((page.locations || []).map((at) => bare(words[at])))];
    return forms.reduce((sum, variants) => sum + Math.max(0, ...matched.map((word) => wordFit(word, variants))), 0);
  }

  /** The query's words marked in a text that is no Pagefind page (a concept's provision, from
   * snippets.json): [[text, marked], …] as snippetAround's; a word is marked when it fits one of
   * the query's words or their spelling variants as a matched word does (wordFit). */
  function marker(query) {
    const forms = wordForms([query, ...variantQueries(query)]);
    return (text) => text.split(/(\s+)/).map((token) => [token, /\S/.test(token) && forms.some((variants) => wordFit(bare(token), variants) > 0)]);
  }

  return { variantQueries, wordForms, wordFit, extendsForm, bare, formScore, marker };
}
