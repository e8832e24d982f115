/* bridge-laws search engine: the search of one language's texts, from its search page's data
 * (data.json, written by bridgelaws/search/engine_data.py): provisions, concepts and
 * situations of the term base, and Pagefind's index of that language.
 *  1. A provision query (12C1(b), lag 16, 16 §, Yasa 45, przepis 16B2, punkt 13, SBL 3) puts
 *     the provision first: in each text of this language, newest edition first, at the
 *     provision or its nearest printed ancestor (provision.js).
 *  2. A concept of the term base or a situation (concepts.js, its files vocabulary.js) adds its
 *     governing law first, and its other laws later (placement.js).
 *  3. Words go to Pagefind (words.js), plus the vocabulary's spelling variants (forms.js).
 * What it reads comes through `io`, so the same engine runs on the page and under Node:
 *  - io.root: the URL of the site's root (hits' URLs are paths from the host under it);
 *  - io.fetchJson(path, fallback): a file's JSON, `fallback` when the server has none, rejected
 *    when it cannot be reached (offline and not cached);
 *  - io.pagefind(lang): a promise of a new, initialised Pagefind instance of the language;
 *  - io.strings (optional): the interface's strings for a failure (else the data's);
 *  - io.observe (optional): sees each query's scored concept candidates (conceptMatcher's). */
import { conceptMatcher } from "./concepts.js";
import { queryForms } from "./forms.js";
import { conceptPlacer } from "./placement.js";
import { provisionReader } from "./provision.js";
import { queryRewrites } from "./rewrites.js";
import { snippetCutter } from "./snippet.js";
import { yieldToMain } from "./tasks.js";
import { folder, format } from "./text.js";
import { vocabularyFiles } from "./vocabulary.js";
import { wordSearch } from "./words.js";

export function searchEngine(data, io) {
  const lang = data.lang;
  const fold = folder(lang, data.fold);
  const provisions = provisionReader(data, fold, io.root);
  const rewrites = queryRewrites(data, fold);
  const matcher = conceptMatcher(data, fold, rewrites, provisions.lawOf, io.observe);
  const vocabularies = vocabularyFiles(data, io, rewrites, matcher);
  const forms = queryForms(data, fold, rewrites);
  const snippets = snippetCutter(data, forms);
  const words = wordSearch(data, io, rewrites, forms, snippets);
  const conceptHits = conceptPlacer(data, fold, provisions);
  const { parseProvision, lawHits, pointHits } = provisions;
  const { conceptsNamed, conceptsOfLoneWord, withSharedLaws, unnamedKeys, mayNameSituation } = matcher;
  const { conceptKeysOf, vocabularyWith, situationKeysOf, situationFile, withSituations, englishFile } = vocabularies;
  const { textResults, someWordResults, textHits } = words;
  const { marker } = forms;

  /** Pagefind for this language (`io.pagefind(lang)`: a new instance of its index).  Each search
   * has an instance of its own, made when it starts (the files come from the browser's cache
   * after the first): Pagefind looks a word up among the index chunks it has loaded so far, and
   * where no word begins with the query word it takes the longest loaded word the query word
   * begins with, so an instance kept across searches answered a query by the chunks earlier
   * queries loaded ("zmiana" found the pages of "z" only after "sędzia" had loaded the chunk
   * holding "z").  A search answers the same typed after others as on a fresh page.  Returns a
   * function giving the instance's promise, made on the first call (a provision query needs
   * none); a failure (offline) is thrown to each caller.  The instance is the one `prepare`
   * made ahead when there is one. */
  let spare = null;
  function pagefindOfSearch() {
    let instance = null;
    return () => {
      if (!instance) [instance, spare] = [spare ?? io.pagefind(lang), null];
      return instance;
    };
  }

  /** Makes the next search's Pagefind instance now (the page calls it as the reader types):
   * Pagefind's `init()` resolves before the instance has loaded its index and WebAssembly, and
   * a search asked of it meanwhile waits in steps of 50 ms.  Made ahead, it has loaded by the
   * time the query is searched.  It has searched nothing, so it answers as a new instance. */
  function prepare() {
    if (spare) return;
    const made = io.pagefind(lang);
    spare = made;
    made.catch(() => {
      if (spare === made) spare = null; // offline: the next search makes its own
    });
  }

  /** What the query names before any text is searched: the provision's hits and the concepts'
   * and situations' (conceptHits), from the concepts' files of its words (and the situations' files).  `answered`:
   * a concept or situation answers the whole query, so where its laws go does not depend on the
   * texts (placeLater asks them only whether some text holds every word).  `vocabulary`: what
   * the query was matched against (loneWordHits goes on from it).  Pagefind starts loading beside
   * the concepts, unless `textsLater` (wordResults starts it then). */
  async function namedResults(query, edition, textsLater = false) {
    const provision = parseProvision(query);
    const pagefind = pagefindOfSearch();
    if (!provision && !textsLater) pagefind().catch(() => {}); // textResults reports a failure
    let hits = [];
    if (provision && provision.law) hits = lawHits(provision.law, edition, "provision");
    else if (provision && provision.point) hits = pointHits(provision.point, provision.doc, edition);
    // the concepts of the query's words: matched in a task of their own and placed in another
    // (tasks.js), also when their files were fetched already and nothing is waited for
    let vocabulary = await vocabularyWith(conceptKeysOf(query), [], []);
    await yieldToMain();
    let named = conceptsNamed(query, vocabulary);
    const letters = provision ? [] : unnamedKeys(query, named, vocabulary);
    if (letters.length) {
      // a word the language's own words do not name may be English; the situations' files are
      // fetched meanwhile (the English words may add some: those are fetched after)
      if (mayNameSituation(query, named)) situationKeysOf(query, vocabulary).then((keys) => keys.forEach(situationFile));
      vocabulary = await vocabularyWith(vocabulary.conceptKeys, letters, []);
      named = conceptsNamed(query, vocabulary); // again, with the English words
    }
    if (!provision && mayNameSituation(query, named)) {
      vocabulary = await withSituations(query, vocabulary);
      named = conceptsNamed(query, vocabulary); // again, with the situations
    }
    await yieldToMain();
    const found = conceptHits(withSharedLaws(named, query), edition);
    hits = hits.concat(found.first);
    const later = { third: found.third, next: found.next, after: found.after };
    return { provision, hits, later, answered: named.some((match) => match.answers), vocabulary, pagefind };
  }

  /** Pagefind's ranked word results for a query namedResults has read (textHits turns them into
   * hits, a page at a time); none for a provision. */
  async function wordResults(query, edition, { provision, answered, pagefind }) {
    let approximate = null;
    let partial = false;
    let ranked = [];
    let forms = [];
    let failure = null;
    try {
      if (!provision) ({ ranked, approximate, partial, forms } = await textResults(query, edition, pagefind));
      // a concept or situation answering the whole query: no "no page has all the words"
      partial &&= !answered;
    } catch (error) {
      failure = format((io.strings || data.strings).search_offline, { error: error.message || error });
    }
    return { ranked, forms, approximate, partial, failure };
  }

  /** The search up to its first results: namedResults, then wordResults. */
  async function search(query, edition) {
    const named = await namedResults(query, edition);
    return { ...named, ...(await wordResults(query, edition, named)) };
  }

  /** What a lone word no page holds may still lead to: the laws of the concepts and situations
   * holding it (conceptsOfLoneWord), as conceptHits places them.  Not for a word pages hold: the
   * texts printing it are what was asked, and a concept's phrase holding it in passing is a guess
   * ("korrekt" in 25's "korrekta och felaktiga ändringar av bud", "förfarande" in four laws'
   * titles): such "where to read" pages among a printed word's texts are no answer to it. */
  async function loneWordHits(query, edition, vocabulary) {
    if (parseProvision(query)) return null;
    let named = conceptsOfLoneWord(query, vocabulary);
    if (!named.length) {
      // the situations' file only when no concept holds the word: a first search's budget
      named = conceptsOfLoneWord(query, await withSituations(query, vocabulary));
    }
    return conceptHits(named, edition);
  }

  /** The English words' files of every word of a query said to be English (/search/'s
   * detection), asked for now, beside the concepts' files: namedResults asks for those of the
   * words the language leaves unnamed once the concepts' files have come, a round trip later,
   * and finds them fetched.  A file adds words only to a vocabulary that asks for it, so the
   * search finds what it finds without this. */
  function prefetchEnglish(query) {
    if (!parseProvision(query)) unnamedKeys(query, [], { letters: [] }).forEach(englishFile);
  }

  // whether a query is a provision, answered from the data without Pagefind
  const isProvision = (query) => Boolean(parseProvision(query));

  /** The query's words marked in a text from snippets.json (forms.js marker), or null for a
   * provision: "lag 16" cites the text, its words are none of it. */
  const markerOf = (query) => (isProvision(query) ? null : marker(query));
  return { lang, rules: data.engine, isProvision, search, prepare, prefetchEnglish, namedResults, wordResults, someWordResults, marker: markerOf, textHits, loneWordHits };
}
