/* bridge-laws search: /<lang>/search/?q=QUERY[&edition=2007], and /search/?q=QUERY
 *
 * On a language's page (#search-data) results, best first, are links in #search-results: one
 * per law (or regulation point), to the best-matching section's anchor, with law, section,
 * edition and a snippet.  searchEngine(data) is one language's search:
 *  1. A provision query (12C1(b), lag 16, 16 §, Yasa 45, przepis 16B2, punkt 13, SBL 3) puts
 *     the provision first, from the data embedded in the page (#search-data, written by
 *     bridgelaws/stage4_render/search.py): in each text of this language, newest edition
 *     first, at the provision or its nearest printed ancestor; a language without the law gets
 *     its page saying where to read it.
 *  2. A concept of the term base (content/terms: each language's terms, everyday words and the
 *     English words directors use) adds its governing law first, and its other laws later.
 *  3. Words go to Pagefind, this language's index only (stemming, accent folding, Turkish
 *     casing are Pagefind's), plus the vocabulary's spelling variants; when nothing matches,
 *     a shorter form of the longest word is tried and the status line says so.  Compounds'
 *     parts are indexed beside them (data.partMark words, bridgelaws/stage4_render/compounds.py):
 *     found, never shown; a snippet marks the compound instead.
 * A concept or situation answering the whole query shows its governing laws (with their
 * snippets.json words) before Pagefind has answered; the texts come under them, and nothing shown
 * moves.  When a search has finished, #search-results carries data-query="<the query>".
 *
 * /search/ (#search-detect) runs search-anywhere.js, which imports the engine and the
 * rendering from here: the query's language, or each likely language side by side.
 *
 * Source text reaches the page only through textContent: snippets are built from Pagefind's
 * plain-text content as text nodes and <mark> elements, so no source markup can become HTML.
 * The rules of references (their syntax, ancestors, printed form), result keys and labels, the
 * number of laws and URLs are Python's: the data gives them, this script copies none of them.
 */
import { referenceRules } from "./refs.js";

export const pageData = JSON.parse((document.getElementById("search-data") || document.getElementById("search-detect")).textContent);
const root = new URL("../../", import.meta.url); // this script is <root>/assets/javascripts/
export const strings = pageData.strings; // the page's interface language
export const form = document.querySelector(".search-page-form");
export const input = document.getElementById("search-input");
export const statusLine = document.getElementById("search-status");
/* Results come a page of PAGE_SIZE laws at a time, read FRAGMENTS_PER_ROUND Pagefind pages at a
 * time: each page read is a fragment fetched (1-4 KB), so a first search of a broad word ("kortti")
 * fetched 30 of them for 20 laws, 35-40 KB of a phone's first search.  Ten laws fill a phone's
 * first screens twice over; "More results" reads on. */
const PAGE_SIZE = 10;
export const FRAGMENTS_PER_ROUND = 12;

/** How many Pagefind pages the next round reads: about as many as the laws still wanted need, at
 * the rate the last round gave them (a law's editions are one result, so 12 pages of a broad
 * Finnish word gave 7 laws), never fewer than MIN_ROUND nor more than FRAGMENTS_PER_ROUND.  The
 * second round of "kortti" read 12 pages for 3 laws: 7 KB of a phone's first search. */
const MIN_ROUND = 3;
export function nextRound(read, gained, wanted) {
  const perPage = Math.max(gained, 1) / read;
  return Math.min(FRAGMENTS_PER_ROUND, Math.max(MIN_ROUND, Math.ceil(wanted / perPage)));
}
/* Longer queries are cut (at a word) and the status line says so: variants, provision reading
 * and Pagefind grow faster than the query, so a pasted page would take seconds to minutes. */
const MAX_QUERY = 200;

// -- text helpers -------------------------------------------------------------------------------

/** The query as searched: at most MAX_QUERY characters, cut at a space when there is one. */
export function searchable(query) {
  if (query.length <= MAX_QUERY) return query;
  const cut = query.slice(0, MAX_QUERY + 1);
  const space = cut.search(/\s\S*$/);
  return (space > 0 ? cut.slice(0, space) : cut.slice(0, MAX_QUERY)).trim();
}

/* "1 träff", "2 träffar"; Polish "1 wynik", "3 wyniki", "5 wyników": the plural form of the
 * page's language (Intl.PluralRules), "other" when more results are still to come ("10+"). */
function resultsFor(count, more) {
  const form = more ? "other" : new Intl.PluralRules(document.documentElement.lang).select(count);
  return strings["search_results_for_" + form] || strings.search_results_for;
}

export function format(template, values) {
  return template.replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all));
}

/** A root-relative site URL from the data ("fi/2007/13/#13A") as a path from the host. */
function siteUrl(path) {
  const url = new URL(path, root);
  return url.pathname + url.hash;
}

// -- references ---------------------------------------------------------------------------------


const { displayAnchor } = referenceRules(pageData.refs); // the same syntax in every language

// -- one language's search ----------------------------------------------------------------------

/** The search of one language's texts, from its page's data (#search-data): provisions,
 * synonyms and Pagefind's index of that language.  /search/ makes one per language it shows. */
export function searchEngine(data) {
  const lang = data.lang;
  /** Lower case in the page's language (Turkish İ/I), accents and ı/ł folded: "İHLAL" → "ihlal". */
  function fold(text) {
    return text
      .toLocaleLowerCase(lang)
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/ı/g, "i")
      .replace(/ł/g, "l");
  }

  const { lawOf, ancestors, anchorOf } = referenceRules(data.refs);
  const POINT_PREFIX = data.refs.point.prefix;
  const POINT_SEPARATOR = data.refs.point.separator;

  // -- provision queries --------------------------------------------------------------------------

  const CITATION = /^(\d{1,2})([a-h])?(\d{1,2})?([a-z])?([ivx]+|\d)?$/; // folded, no spaces or brackets: 12c1b
  // a regulation's point as readers write it, folded: 25, 3.1, 25.1.a, 25.1.a.ii, 25.1.a(ii), 25.1a
  const POINT_PATH = /^(\d{1,2})(?:\.(\d{1,2}))?(?:\.?([a-h]))?(?:\.?\(?([ivx]+)\)?)?\.?$/;
  const hasPoints = data.docs.some((doc) => Object.keys(doc.points).length);

  /** A point's path as its ids write it ("25.1.a(ii)" → ["25", "1", "A", "ii"]), or null. */
  function pointPath(text) {
    const match = POINT_PATH.exec(text);
    if (!match) return null;
    const [, head, part, letter, roman] = match;
    if (letter && !part) return null; // "25a" is no point
    return [head, part, letter && letter.toUpperCase(), roman].filter(Boolean);
  }

  /** What a whole query cites, or null: {law: "12C1b"} | {point: ["21","2","B"], doc?} */
  function parseProvision(query) {
    let text = fold(query).trim();
    let lawWord = false;
    text = text.replace(/§\s*(:\s*\S+)?/g, () => {
      lawWord = true;
      return " ";
    });
    // case endings after a citation: Turkish 12C1(b)’de, Yasa 45’e; Finnish 12C1(b):ssä, 13:n
    text = text.replace(/['’:]\p{L}*/gu, " ");
    const words = text.split(/\s+/).filter(Boolean);
    const isIn = (list, word) => list.some((entry) => fold(entry) === word.replace(/[.:]$/, ""));
    let kind = "law";
    let doc = null;
    const strip = (index) => words.splice(index, 1);
    if (words.length > 1 && isIn(data.pointWords, words[0])) {
      kind = "point";
      strip(0);
    } else if (words.length > 1 && Object.keys(data.docWords).some((w) => fold(w) === words[0])) {
      kind = "point";
      doc = data.docWords[Object.keys(data.docWords).find((w) => fold(w) === words[0])];
      strip(0);
    } else if (words.length > 1 && isIn(data.lawWords, words[0])) {
      lawWord = true;
      strip(0);
    } else if (words.length > 1 && isIn(data.lawWords, words[words.length - 1])) {
      lawWord = true;
      strip(words.length - 1);
    }
    if (words.length === 0) return null;
    const point = pointPath(words.join(""));
    if (kind === "point") return point ? { point, doc } : null;
    // a sub-point written bare ("3.1", "25.1.A") is a regulation's: a law's provision has no dot
    if (point && point.length > 1 && !lawWord && hasPoints) return { point, doc: null };
    const cited = words.join("").replace(/[()]/g, "").replace(/\.$/, "");
    const match = CITATION.exec(cited);
    if (!match) return null;
    const [, law, section, item, sub, subsub] = match;
    if (Number(law) < 1 || Number(law) > data.lawCount) return null;
    if (!section && (item || sub)) return null; // "12 1" is not a provision
    if (!section && !lawWord && words.length > 1) return null;
    return { law: law + (section ? section.toUpperCase() : "") + (item || "") + (sub || "") + (subsub || "") };
  }

  /** A page's anchors: its own anchor followed by each suffix of the data (search.py's
   * compact_anchors: law 12's "A A1 C1b" are 12A, 12A1, 12C1b). */
  function anchorsOf(top, page) {
    return page.anchors.split(" ").filter(Boolean).map((suffix) => top + suffix);
  }

  function editionWanted(doc, edition) {
    return !edition || doc.edition === edition;
  }

  /** The provision in each text of this language; points concerning it; else the law's hub.
   * `refIn(edition)`: the provision as that edition numbers it (a concept's law, through the
   * concordance: 2017 16C is 2007 16D), undefined where the edition has none; a cited
   * provision is the same in every edition (the reader typed that edition's number). */
  const EXACT_POINT = 2; // lawHits' rank of a regulation's point on the provision itself
  const PART_POINT = 3; // on a part of the provision, or on a provision it is part of
  function lawHits(ref, edition, origin, refIn = () => ref) {
    const hits = [];
    for (const doc of data.docs) {
      const own = refIn(doc.edition);
      if (!editionWanted(doc, edition) || !own) continue;
      const law = lawOf(own);
      const text = doc.laws[law];
      if (text) {
        const present = new Set([law, ...anchorsOf(law, text)]);
        const found = ancestors(own).find((candidate) => present.has(candidate)) || law;
        const rank = found === own ? 0 : 1;
        const field = (name) => doc.law[name].replace("{n}", law);
        hits.push({ key: field("key"), url: siteUrl(field("url") + "#" + found), anchor: found, label: field("label"), title: text.title, edition: doc.edition, rank, origin });
      }
    }
    for (const doc of data.docs) {
      const own = refIn(doc.edition);
      if (!editionWanted(doc, edition) || !own) continue;
      const law = lawOf(own);
      const chain = ancestors(own);
      for (const [number, point] of Object.entries(doc.points)) {
        const concerned = point.laws.filter((r) => lawOf(r) === law);
        if (!concerned.length) continue;
        const exact = concerned.includes(own);
        const related = concerned.some((r) => chain.includes(r) || ancestors(r).includes(own));
        if (!exact && !related && own !== law) continue;
        const top = anchorOf(POINT_PREFIX + number);
        hits.push({ key: point.key, url: siteUrl(point.url + "#" + top), anchor: top, label: point.label, title: point.title, edition: doc.edition, rank: exact ? EXACT_POINT : PART_POINT, concerns: concerned, origin });
      }
    }
    const law = lawOf(ref);
    // no text of this language (or edition) has the law: its page says where to read it; nor
    // when the texts have it under another number only (2017 72C was 2007 and 1997 Law 23): the
    // law that governs it now has its page beside them
    if (!hits.some((hit) => hit.rank <= 1 && lawOf(hit.anchor) === law)) {
      const hub = (field) => data.hub[field].replace("{n}", law);
      // the language has a text of the law, of another edition: the page is for the newest one's
      const newer = data.docs.some((doc) => doc.laws[law] && editionWanted(doc, edition)) && data.hub.edition;
      // the law's title in this language: search.py leaves out the one of the first text holding it
      const title = data.lawTitles[law] ?? data.docs.find((doc) => doc.laws[law])?.laws[law].title ?? "";
      hits.push({ key: hub("key"), url: siteUrl(hub("url")), anchor: "", label: hub("label"), title, rank: 4, missing: true, newer, origin });
    }
    return hits.sort((a, b) => a.rank - b.rank);
  }

  /** The point in each regulation of this language, at the sub-point or its nearest printed ancestor. */
  function pointHits(path, docId, edition) {
    const chain = ancestors(POINT_PREFIX + path.join(POINT_SEPARATOR)).map(anchorOf); // p21-2-B, p21-2, p21
    const hits = [];
    for (const doc of data.docs) {
      if (!editionWanted(doc, edition) || (docId && doc.id !== docId)) continue;
      const point = doc.points[path[0]];
      if (!point) continue;
      const top = chain[chain.length - 1];
      const present = new Set([top, ...anchorsOf(top, point)]);
      const anchor = chain.find((candidate) => present.has(candidate));
      hits.push({ key: point.key, url: siteUrl(point.url + "#" + anchor), anchor, label: point.label, title: point.title, edition: doc.edition, rank: 0, origin: "provision" });
    }
    return hits;
  }

  // -- concepts (the term base) and variants --------------------------------------------------------

  // "straffkort" → "straffkortet", "träkarl" → "träkarlens"; not "straff" → "straffkort" (a compound);
  // an ending changed, not only added: at most `changed` last letters of a word of `base` letters
  // or more replaced by as many, up to `ending` + 1 ("przygwożdżona" → "przygwożdżonej",
  // "rangaistuskortti" → "rangaistuskortin", "tarjous" → "tarjoukset")
  // a four-letter word takes a short ending only: "kort" → "kortet", "kart" → "kartı"
  const INFLECTED = { base: 5, ending: 3, changed: 2, short: 4, shortEnding: 2 };
  // a word shorter than this carries no query: it names no concept, finds no page by itself and
  // is not marked ("i", "w", "ve")
  const CARRYING_LENGTH = 3;
  /* A concept also named by its vocabulary as a whole, the words of all its terms together:
   * when at least `words` of the query's words (of CARRYING_LENGTH letters or more, one of them of
   * `long` or more) fit its words, and they are at least `share` of the query's words.  "wist
   * poza kolejnością" is the lead out of turn (its terms "wyjście poza kolejnością" and "wist
   * nie ze swojej ręki" hold every word), "sırası dışında atak" too ("sırasız atak"). */
  const BAG = { words: 2, long: 5, share: 2 / 3 };
  /* a word of the vocabulary as a whole fits a query word sharing its first `stem` letters, each
   * with an ending of at most `ending` after them (Finnish "tunnustamatta" ~ "tunnustaminen"),
   * or a short stem with short endings (Polish "karty" ~ "karta", "karne" ~ "karna") */
  const BAG_STEMS = [
    { stem: 5, ending: 4 },
    { stem: 4, ending: 2 },
  ];

  /** How a query word fits a term's word: 2 the same (or its start, for "word*"); 1 the word of
   * five letters or more with an ending of up to three (an inflection the term base does not
   * list); 0 not at all.  Not the other way round: "wyjaśnień" typed is no "wyjaśnienie" of
   * the term base (a word the texts use in passing would name the concept). */
  function termFit(pattern, word) {
    if (pattern.endsWith("*")) return word.startsWith(pattern.slice(0, -1)) ? 2 : 0;
    if (word === pattern) return 2;
    if (pattern.length === INFLECTED.short) return word.startsWith(pattern) && word.length - pattern.length <= INFLECTED.shortEnding ? 1 : 0;
    if (pattern.length < INFLECTED.base) return 0;
    if (word.startsWith(pattern)) return word.length - pattern.length <= INFLECTED.ending ? 1 : 0;
    const shared = sharedStart(pattern, word);
    const cut = pattern.length - shared;
    // an ending replaced by one as long or longer: not "wyjaśnień" for "wyjaśnienie" (the
    // genitive the texts use in passing would name the concept)
    const replaced = word.length >= pattern.length && word.length - shared <= INFLECTED.ending + 1;
    return shared >= INFLECTED.base && cut <= INFLECTED.changed && replaced ? 1 : 0;
  }

  function sharedStart(a, b) {
    let shared = 0;
    while (shared < a.length && shared < b.length && a[shared] === b[shared]) shared++;
    return shared;
  }

  /** termFit, or a shared stem (BAG_STEMS): how a word fits a concept's vocabulary as a whole. */
  function stemFit(pattern, word) {
    if (termFit(pattern, word)) return true;
    const stem = pattern.replace(/\*$/, "");
    const shared = sharedStart(stem, word);
    return BAG_STEMS.some((rule) => shared >= rule.stem && stem.length - shared <= rule.ending && word.length - shared <= rule.ending);
  }

  /* A situation's phrases are a handful of words about one thing: half of a query's words in
   * them name it ("kortti putosi pöydälle tarjousten aikana": kortti, putosi of "kortti putosi
   * tarjoamisen aikana"), each word fitting by a shared start of SITUATION_STEM letters whatever
   * the endings (Finnish "tarjousten" ~ "tarjoamisen", Turkish "oynamak" ~ "oynandı"). */
  const SITUATION_BAG = { words: 2, long: 5, share: 1 / 2 };
  const SITUATION_MISSED = 1; // the query's carrying words a situation may leave out and still answer it all
  const SITUATION_STEM = { long: 5, short: 4, shortEnding: 3 };

  function situationFit(pattern, word, byStart = true) {
    if (stemFit(pattern, word)) return true;
    const shared = sharedStart(pattern, word);
    if (byStart && shared >= SITUATION_STEM.long) return true;
    return shared >= SITUATION_STEM.short && pattern.length - shared <= SITUATION_STEM.shortEnding && word.length - shared <= SITUATION_STEM.shortEnding;
  }

  // the language's spelling rules (search.toml variants), made once: Turkish "talebe" → "talep"
  const VARIANT_RULES = data.variants.map(([pattern, replacement]) => [new RegExp(pattern), replacement]);

  /** A folded query word and its spellings by the language's rules, so a term's base form fits a
   * word whose consonant changed: "talebe" ~ "talep*", "rengi" ~ "renk", "dziadka" ~ "dziadek". */
  function spellings(word) {
    return [...new Set([word, ...VARIANT_RULES.map(([regex, replacement]) => word.replace(regex, replacement))])];
  }

  /** The best termFit of a term's word over a query word's spellings. */
  function spelledFit(pattern, spelled) {
    return Math.max(...spelled.map((word) => termFit(pattern, word)));
  }

  /** Where a term's words stand in the query (each word's spellings), in any order, each on a
   * word of its own (or on one of its kin: `kin`, wordsOf's for the term): the query words'
   * indexes and whether every one is as written, or null. */
  function termPlaces(pattern, spelled, kin) {
    const places = [];
    let exact = true;
    for (const [at, part] of pattern.entries()) {
      let best = -1;
      let bestFit = 0;
      const others = (kin && kin[at]) || [];
      spelled.forEach((forms, index) => {
        if (places.includes(index)) return;
        const fit = spelledFit(part, forms) || (others.some((word) => spelledFit(word, forms)) ? 1 : 0);
        if (fit > bestFit) [best, bestFit] = [index, fit];
      });
      if (best < 0) return null;
      places.push(best);
      exact = exact && bestFit === 2;
    }
    return { places: places.sort((a, b) => a - b), exact };
  }

  // the language's words that carry no concept (search.toml function_words): "när", "som"
  const FUNCTION_WORDS = new Set((data.functionWords || []).map((word) => fold(word)));

  /* A bid as typed ("3 sangia", "1NT", "2♥", "2 kupa"): a level, then a strain (search.toml
   * bids).  To the term base it is the language's word for a bid, and stands for its others
   * ("otillräckligt 1NT" is "otillräckligt kontraktsbud", Law 27), not a suit's name (Law 1);
   * to the texts it is no word a page must hold ("1nt"). */
  const BID_WORDS = ((data.bids && data.bids.words) || []).map((word) => fold(word));
  const STRAIN = alternatives((data.bids && data.bids.strains) || []);
  const BID = STRAIN && BID_WORDS.length ? new RegExp(`(?<![\\p{L}\\p{N}])[1-7]\\s*(?:${STRAIN})(?![\\p{L}\\p{N}])`, "gu") : null;
  const TYPED_BID = BID && new RegExp(`^[1-7](?:${STRAIN})$`, "u"); // one word: "1nt", "3sa"

  /* A number of cards that is no hand ("jag hade 14 kort och partnern 12", "12 korttia"): to the
   * term base, the words of the concept of a hand with the wrong number of cards (search.toml
   * counts: a count within `near` of a `hand`, not a hand); a count further off counts something
   * else ("zagrał 2 karty", two cards played at once). */
  const COUNTS = data.counts || null;
  const CARDS = COUNTS ? alternatives(COUNTS.cards) : "";
  // a count written as words ("kaksitoista korttia", "on dört kart"): folded word → number, the
  // longest first in the pattern ("on iki" before "on")
  const NUMBER_WORDS = new Map(Object.entries((COUNTS && COUNTS.numbers) || {}).map(([word, count]) => [fold(word), count]));
  const NUMBERS = [...NUMBER_WORDS.keys()].sort((a, b) => b.length - a.length).map((word) => alternatives([word]));
  const COUNTED = ["\\d{1,2}", ...NUMBERS].join("|");
  const COUNT = CARDS ? new RegExp(`(?<![\\p{L}\\p{N}])(${COUNTED})\\s*(?:${CARDS})(?![\\p{L}\\p{N}])`, "gu") : null;
  const COUNT_WORDS = COUNTS ? ` ${fold(COUNTS.words)} ` : "";
  function countAsConcept(typed, number) {
    const count = /^\d+$/.test(number) ? Number(number) : NUMBER_WORDS.get(number.split(/\s+/).join(" "));
    const off = Math.abs(count - COUNTS.hand);
    return off > 0 && off <= COUNTS.near ? COUNT_WORDS : typed;
  }

  /** A search.toml list of words (`word*`: any word starting so) as a folded regex alternation. */
  function alternatives(words) {
    return words
      .map((word) => {
        const written = fold(word.replace(/\*$/, "")).replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+");
        return word.endsWith("*") ? written + "\\p{L}*" : written;
      })
      .join("|");
  }

  /* An ending written after an apostrophe or a colon is the word's case, not a word ("Doğu'daydı",
   * "kj:n", "TL:s"): the word is matched without it, as typed and folded alike. */
  const SUFFIX = /([\p{L}\p{N}])['’:]\p{L}+/gu;

  /* Phrases that say the same thing (search.toml equivalents: "i otur", "i fel tur", "ur tur"):
   * to the term base each is its group's first, in the query and in the terms alike, so a term
   * written with one fits a query written with another ("öppningsutspel i fel tur" is the term
   * "öppningsutspel i otur").  The longest first: "nie w swojej kolejności" before "nie w kolejności". */
  const EQUIVALENTS = (data.equivalents || [])
    .flatMap(([first, ...others]) => others.map((other) => [other, ` ${fold(first)} `]))
    .sort(([a], [b]) => b.length - a.length)
    .map(([other, first]) => [new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives([other])})(?![\\p{L}\\p{N}])`, "gu"), first]);

  /** Folded text with each equivalent phrase as its group's first. */
  function saidAsFirst(folded) {
    return EQUIVALENTS.reduce((text, [regex, first]) => text.replace(regex, first), folded);
  }

  /** A query's words as matched against the term base: folded, each equivalent phrase as its
   * group's first, each bid as the language's word for a bid and each count of cards that is no
   * hand as the words for one, split at what is no letter or digit. */
  function foldedWords(query) {
    let folded = saidAsFirst(fold(query).replace(SUFFIX, "$1"));
    if (BID) folded = folded.replace(BID, ` ${BID_WORDS[0]} `);
    if (COUNT) folded = folded.replace(COUNT, countAsConcept);
    return folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  }

  /** Whether a (folded) query word carries the query: long enough, no function word, no bid. */
  function carries(word) {
    return word.length >= CARRYING_LENGTH && !FUNCTION_WORDS.has(word) && !(TYPED_BID && TYPED_BID.test(word));
  }

  /* A card named by its suit or rank ("tappade ruterkungen", "maça papazını oynadı"): to the
   * situations it is also the language's word for a card (search.toml card_names, card_word), so
   * "spelföraren tappade en klöver" is the situation "spelföraren tappade ett kort" (Law 48).  Not
   * to the concepts: "pikiem pików" is the suit's name twice, not two cards. */
  const CARD_NAME = data.cardNames ? new RegExp(`^(?:${alternatives(data.cardNames.names)})$`, "u") : null;
  const CARD_WORD = data.cardNames ? fold(data.cardNames.word) : "";

  /** The word for a card, for a (folded) word that names one; else nothing. */
  function cardForms(word) {
    return CARD_NAME && word !== CARD_WORD && CARD_NAME.test(word) ? [CARD_WORD] : [];
  }

  /** A folded query word's forms to match the term base with: its spellings (spellings), or
   * for a bid every word for a bid. */
  function termForms(word) {
    return BID_WORDS.length && word === BID_WORDS[0] ? BID_WORDS : spellings(word);
  }

  /** The indexes of the (folded) words that carry the query. */
  function carryingIndexes(words) {
    return words.map((_, index) => index).filter((index) => carries(words[index]));
  }

  /* Words that stand for each other inside a term of two words or more, though not alone
   * (search.toml kin_words: Turkish "deklarasyon" is a call in "deklarasyon değişikliği", the
   * term "konuşma değişikliği", but the auction by itself): a term's word fitting one of a group
   * (termFit: "konuşması" ~ "konuşma") is also fitted by the others, never as written. */
  const KIN_WORDS = (data.kinWords || []).map((group) => group.map((word) => fold(word)));

  /** The kin of a term's (folded) word: the other words of each group one of whose words it fits;
   * once per word (the term base repeats its words: "kortti" in dozens of terms). */
  const kinOfWord = new Map();
  function kinOf(part) {
    if (part.endsWith("*")) return [];
    if (!kinOfWord.has(part)) {
      kinOfWord.set(part, KIN_WORDS.flatMap((group) => (group.some((word) => termFit(word, part)) ? group.filter((word) => !termFit(word, part)) : [])));
    }
    return kinOfWord.get(part);
  }

  /** A concept's terms as folded words (and the kin of each word of a term of two words or more),
   * and its vocabulary as a whole (BAG): made once, not per query. */
  function wordsOf(synonym) {
    const patterns = synonym.words.map((entry) => saidAsFirst(fold(entry)).split(/[^\p{L}\p{N}*]+/u).filter(Boolean));
    const kin = KIN_WORDS.length ? patterns.map((pattern) => (pattern.length >= 2 ? pattern.map(kinOf) : null)) : [];
    return { patterns, kin, vocabulary: patterns.flat().filter((part) => part.length >= CARRYING_LENGTH) };
  }

  /* The concepts (data.synonyms), and after them the situations: a language's phrases for what
   * happens at the table ("son löveye bakmak" → 66), matched as concepts are.  They are in files
   * by their words' first SITUATION_KEY letters (data.situations, search.py situation_files), of
   * which a query of two words or more fetches its own words' (a situation is two words or more,
   * and a query word fits a situation's word only when both start alike that far); a one-word
   * first search fetches none, nor one a concept names whole.
   *
   * A query is matched against a vocabulary of its own: the page's concepts, the English words
   * of the letters it needed and the situations of the keys it needed, in one order whichever
   * file came first.  Files are fetched once and kept, but what an earlier query fetched is not
   * in a later query's vocabulary, so a query answers the same typed after others as on a fresh
   * page (the words' rarity counts the same concepts and situations either way). */
  const SITUATION_KEY = 3;
  let situationKeys = null; // the keys' file's promise: a Set of the keys
  const situationFiles = new Map(); // key → its file's promise: [[place, situation, its words]]
  const englishFiles = new Map(); // letter → its file's promise: { more, whole }

  /** The situations' file a folded word is in: its first letters, any but a-z and 0-9 as "_"
   * (search.py situation_key: "lahti" → "lah"). */
  function situationKey(word) {
    return [...word].slice(0, SITUATION_KEY).map((char) => (/[a-z0-9]/.test(char) ? char : "_")).join("");
  }

  /** A vocabulary: `concepts` and their words (`conceptWords`), the situations at the end
   * (`situationCount` of them), the English `letters` and situations' `keys` it holds. */
  function vocabularyOf(concepts, conceptWords, situationCount, letters, keys) {
    const singleTerms = conceptWords.map(({ patterns }, order) =>
      concepts[order].situation ? [] : patterns.filter((pattern) => pattern.length === 1).map(([word]) => word),
    );
    return { concepts, conceptWords, situationCount, letters, keys, singleTerms, synonymsOfWord: new Map() };
  }
  const PAGE_VOCABULARY = vocabularyOf(data.synonyms, data.synonyms.map(wordsOf), 0, [], []);
  const vocabularies = new Map(); // "letters|keys" → the vocabulary, made once

  /** The page's vocabulary with the English words of `letters` and the situations of `keys`
   * (those whose files could be read: offline and not cached, the rest still answers). */
  async function vocabularyWith(letters, keys) {
    letters = [...new Set(letters)].sort();
    keys = [...new Set(keys)].sort();
    const [english, situations] = await Promise.all([Promise.all(letters.map(englishFile)), Promise.all(keys.map(situationFile))]);
    const read = { letters: letters.filter((_, at) => english[at]), keys: keys.filter((_, at) => situations[at]) };
    const id = `${read.letters.join("")}|${read.keys.join(" ")}`;
    if (vocabularies.has(id)) return vocabularies.get(id);
    const concepts = [...data.synonyms];
    const conceptWords = [...PAGE_VOCABULARY.conceptWords];
    const whole = new Set(); // a concept with no word in the language is in each of its letters' files
    for (const file of english.filter(Boolean)) {
      for (const [index, words] of file.more) {
        concepts[index] = { ...concepts[index], words: [...concepts[index].words, ...words] };
        conceptWords[index] = wordsOf(concepts[index]);
      }
      for (const [conceptId, concept] of file.whole) {
        if (whole.has(conceptId)) continue;
        whole.add(conceptId);
        concepts.push(concept);
        conceptWords.push(wordsOf(concept));
      }
    }
    const placed = new Map(); // a situation's place among all of them → [it, its words]
    for (const entries of situations.filter(Boolean)) for (const [place, situation, words] of entries) placed.set(place, [situation, words]);
    const ordered = [...placed.keys()].sort((a, b) => a - b).map((place) => placed.get(place));
    concepts.push(...ordered.map(([situation]) => situation));
    conceptWords.push(...ordered.map(([, words]) => words));
    const made = vocabularyOf(concepts, conceptWords, ordered.length, read.letters, read.keys);
    vocabularies.set(id, made);
    return made;
  }

  /** A situations' file: [[place, situation, its words]], or null where it cannot be read (then
   * asked again next time). */
  function situationFile(key) {
    if (!situationFiles.has(key)) {
      const file = fetch(siteUrl(data.situations.url.replace("{k}", key)))
        .then((response) => (response.ok ? response.json() : []))
        .then((entries) => entries.map(([place, situation]) => [place, { ...situation, situation: true }, wordsOf(situation)]))
        .catch(() => {
          situationFiles.delete(key);
          return null;
        });
      situationFiles.set(key, file);
    }
    return situationFiles.get(key);
  }

  /** The keys of the situations' files a query's words are in (of each form a word is matched
   * by: its spellings, and for a carrying word the one-word terms it stands for in `vocabulary`),
   * those that exist. */
  async function situationKeysOf(query, vocabulary) {
    if (!data.situations) return [];
    const forms = foldedWords(query).flatMap((word) => {
      const spelled = termForms(word);
      return carries(word) ? [...spelled, ...conceptSynonyms(spelled, vocabulary), ...cardForms(word)] : spelled;
    });
    situationKeys ??= fetch(siteUrl(data.situations.keys))
      .then((response) => (response.ok ? response.json() : ""))
      .then(unpackKeys)
      .catch(() => {
        situationKeys = null; // offline and not cached: the concepts still answer; asked again next time
        return new Set();
      });
    const keys = await situationKeys;
    return [...new Set(forms.map(situationKey))].filter((key) => keys.has(key));
  }

  /** `vocabulary` with the situations of a query's words added. */
  async function withSituations(query, vocabulary) {
    const keys = await situationKeysOf(query, vocabulary);
    return vocabularyWith(vocabulary.letters, [...vocabulary.keys, ...keys]);
  }

  /** The keys of the situations' files (search.py packed_keys: "aan aiehk =kj" is aan, aie, aih,
   * aik and kj). */
  function unpackKeys(packed) {
    const tokens = packed.split(" ").filter(Boolean);
    return new Set(tokens.flatMap((token) => (token.startsWith("=") ? [token.slice(1)] : [...token.slice(2)].map((third) => token.slice(0, 2) + third))));
  }

  /* The concepts' English words ("revoke", "penalty card": directors type them in every
   * language) are not on the page, where they were a third of its data: a file per first letter
   * (data.english) is fetched for a query word of that letter the language's own words leave
   * unnamed.  It adds words to the concepts on the page (`more`: [index, words]) and the concepts
   * with no word in the language (`whole`: [id, concept], in each of its letters' files). */
  function englishFile(letter) {
    if (!englishFiles.has(letter)) {
      const file = fetch(siteUrl(data.english.url.replace("{l}", letter)))
        .then((response) => (response.ok ? response.json() : {}))
        .then(({ more = [], whole = [] }) => ({ more, whole }))
        .catch(() => {
          englishFiles.delete(letter); // offline and not cached: the language's own words still answer
          return null;
        });
      englishFiles.set(letter, file);
    }
    return englishFiles.get(letter);
  }

  /** The first letters (folded) of the words no concept (`named`, conceptsNamed's) places whose
   * English words are not in `vocabulary` yet: the words that carry the query, and the short ones
   * no function word ("td", "ub"), of the letters that have a file. */
  function unnamedLetters(query, named, vocabulary) {
    if (!data.english) return [];
    const words = foldedWords(query);
    const wordy = (word) => /^\p{L}/u.test(word) && !FUNCTION_WORDS.has(word) && !(TYPED_BID && TYPED_BID.test(word));
    return words
      .map((_, index) => index)
      .filter((index) => wordy(words[index]) && !named.some((match) => match.places.includes(index)))
      .map((index) => (/[a-z]/.test(words[index][0]) ? words[index][0] : "0"))
      .filter((letter) => data.english.letters.includes(letter) && !vocabulary.letters.includes(letter));
  }

  /** Whether a query could name a situation: two carrying words or more, not all of them named by
   * a concept (`named`, conceptsNamed's: "yetkisiz bilgi" is the concept; a situation would name
   * no more of it). */
  function mayNameSituation(query, named) {
    if (!data.situations || foldedWords(query).filter(carries).length < 2) return false;
    return !named.some((match) => match.everyWord);
  }

  /* A query word naming a concept by one of its one-word terms stands for the concept's other
   * one-word terms too, when a situation is matched: a situation is written in one wording of
   * the concept and typed in another (Polish "claim" for the "deklaracja" of "obrońcy przyjęli
   * deklarację", Turkish "ölü" for "yer").  Each vocabulary lists its concepts' one-word terms. */

  /** The other one-word terms of the concepts (not situations) a query word (its spellings) names
   * by a one-word term, their prefix marks (word*) left out; once per word and vocabulary. */
  function conceptSynonyms(spelled, vocabulary) {
    const key = spelled.join(" ");
    const known = vocabulary.synonymsOfWord;
    if (known.has(key)) return known.get(key);
    const found = new Set();
    for (const terms of vocabulary.singleTerms) {
      if (terms.some((term) => spelledFit(term, spelled) > 0)) terms.forEach((term) => found.add(term.replace(/\*$/, "")));
    }
    known.set(key, [...found]);
    return known.get(key);
  }

  /** The carrying words a concept's vocabulary as a whole holds (BAG), or null: `fitting`, the
   * indexes of the carrying words (`meaningful`) its vocabulary fits. */
  function bagPlaces(fitting, meaningful, words, rule = BAG) {
    const enough = fitting.length >= rule.words && fitting.length >= rule.share * meaningful.length;
    return enough && fitting.some((index) => words[index].length >= rule.long) ? fitting : null;
  }

  /* Or a situation holds fewer of the query's words, but the rare ones: at least SITUATION_RARE
   * of the query's weight, each word weighing 1 / the concepts and situations holding it.  A
   * director tells what happened around the telling word ("motspelaren påpekade partnerns fel
   * under spelet": "påpekade", drawing attention, is Law 9's; "motspelare", "fel" and "spel" are in
   * dozens of situations, and their sum named 56 and 54).  Measured on three held-out sets' dev
   * halves: +6 of 144 (0.3 the same, 0.5 one fewer); the spent set unchanged. */
  const SITUATION_RARE = 0.4;

  /** The carrying words a situation's phrases as a whole hold (SITUATION_BAG), or the rare ones
   * (SITUATION_RARE), or null; `holders`: how many concepts and situations fit each word. */
  function situationBag(fitting, meaningful, words, holders) {
    const counted = bagPlaces(fitting, meaningful, words, SITUATION_BAG);
    if (counted) return counted;
    const weight = (index) => (holders[index] ? 1 / holders[index] : 0);
    const total = meaningful.reduce((sum, index) => sum + weight(index), 0);
    const held = fitting.reduce((sum, index) => sum + weight(index), 0);
    const long = fitting.some((index) => words[index].length >= SITUATION_BAG.long);
    return fitting.length >= SITUATION_BAG.words && long && total > 0 && held >= SITUATION_RARE * total ? fitting : null;
  }

  /* A query word a situation holds only by the start of a compound ("tuloskirjaus" ~ "tulos",
   * "aloitti" ~ "aloituslähtö": situationFit, not stemFit) counts as this much of a word when
   * matches are ranked: "pelinviejä aloitti tikin väärästä kädestä" is 55's "pelinviejä lähti
   * väärästä kädestä" (three words held firmly), before 54's "aloituslähtö väärästä kädestä".
   * Measured on three held-out sets' dev halves: +1 of 144 (0.5 and 0.75 the same); the spent
   * set unchanged. */
  const LOOSE_WORD = 0.5;

  /** The largest share of one phrase's carrying words that `fits` (a query word fits them). */
  function phraseCover(patterns, fits) {
    let best = 0;
    for (const pattern of patterns) {
      const parts = pattern.filter(carries);
      if (parts.length) best = Math.max(best, parts.filter(fits).length / parts.length);
    }
    return best;
  }

  /** The concepts a query names (`concepts`, from content/terms): where each term (a word or
   * a phrase, its words in any order) stands in the query, or else where the concept's
   * vocabulary as a whole does (BAG).  The term naming most words wins them: "wyjście poza
   * kolejnością" names the lead out of turn, and its "kolejność" names nothing else; then a
   * whole term over a vocabulary, a term as written over an inflected one; concepts naming the
   * same words equally (one word for two concepts) are all kept.  In that order they come first. */
  /** The query's words as typed (lower-cased, accents kept), one per folded word, for what the
   * reader is shown ("lähtö", not the folded "lahto"); a phrase the query said as another
   * (wordOrigins: "i fel tur" as "i otur") as typed, once for all the words it became; the
   * folded words where the two part ways (a combining mark typed on its own). */
  function typedWords(query, folded) {
    const typed = query
      .normalize("NFC")
      .toLocaleLowerCase(lang)
      .replace(SUFFIX, "$1")
      .split(/[^\p{L}\p{M}\p{N}\p{So}]+/u) // a suit's sign stays with its bid ("1♢")
      .filter((word) => /[\p{L}\p{N}]/u.test(word));
    const origins = wordOrigins(query, folded);
    const before = (fold(query).replace(SUFFIX, "$1").match(/[\p{L}\p{N}]+/gu) || []).length; // the words origins count
    if (origins && typed.length === before) {
      return origins.map(({ from, to }) => ({ text: typed.slice(from, to).join(" "), from }));
    }
    return folded.map((word, index) => ({ text: word, from: index }));
  }

  /** What the reader typed for the query words at `places` (typedWords), each typed phrase once. */
  function typedAt(typed, places) {
    const seen = new Set();
    return places
      .filter((index) => !seen.has(typed[index].from) && seen.add(typed[index].from))
      .map((index) => typed[index].text)
      .join(" ");
  }

  /** Where each of foldedWords' words comes from among the query's words before they were said
   * otherwise ([from, to): "i otur", said for "i fel tur", is two words from the same three; a
   * bid's word, said for "2♡", one from one), or null if the rewrites cannot be traced. */
  function wordOrigins(query, words) {
    let text = fold(query).replace(SUFFIX, "$1");
    // each UTF-16 unit's word (a range of the words before any rewrite), none between words
    let origins = Array.from({ length: text.length }, () => null);
    let index = 0;
    for (const word of text.matchAll(/[\p{L}\p{N}]+/gu)) {
      for (let at = word.index; at < word.index + word[0].length; at++) origins[at] = [index, index + 1];
      index++;
    }
    const rules = [...EQUIVALENTS, ...(BID ? [[BID, ` ${BID_WORDS[0]} `]] : []), ...(COUNT ? [[COUNT, countAsConcept]] : [])];
    for (const [regex, replacement] of rules) [text, origins] = rewritten(text, origins, regex, replacement);
    const traced = [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((word) => spanOf(origins.slice(word.index, word.index + word[0].length)));
    const same = traced.length === words.length && traced.every((span) => span);
    return same ? traced.map(([from, to]) => ({ from, to })) : null;
  }

  /** The range of words a stretch of characters comes from (wordOrigins), or null if none. */
  function spanOf(origins) {
    const known = origins.filter(Boolean);
    return known.length ? [Math.min(...known.map(([from]) => from)), Math.max(...known.map(([, to]) => to))] : null;
  }

  /** `text` with each match of `regex` replaced as String.replace would, and each character's
   * origin: a replacement's characters come from all the words the match covered. */
  function rewritten(text, origins, regex, replacement) {
    let out = "";
    const outOrigins = [];
    let next = 0;
    for (const match of text.matchAll(regex)) {
      out += text.slice(next, match.index);
      outOrigins.push(...origins.slice(next, match.index));
      const said = typeof replacement === "function" ? replacement(...match) : replacement;
      const span = spanOf(origins.slice(match.index, match.index + match[0].length));
      out += said;
      for (let i = 0; i < said.length; i++) outOrigins.push(span);
      next = match.index + match[0].length;
    }
    outOrigins.push(...origins.slice(next));
    return [out + text.slice(next), outOrigins];
  }

  function conceptsNamed(query, vocabulary) {
    const { concepts, conceptWords, singleTerms } = vocabulary;
    const words = foldedWords(query);
    const typed = typedWords(query, words);
    // the words that carry the query: a concept naming all of them is what the query asks for
    const meaningful = carryingIndexes(words);
    const spelled = words.map(termForms);
    // only once the situations are there: the concepts need no other words
    const situations = vocabulary.situationCount > 0;
    const standsFor = words.map((_, index) => (situations && meaningful.includes(index) ? conceptSynonyms(spelled[index], vocabulary) : []));
    // per concept, the carrying words its vocabulary fits: for BAG, and for how rare each word is;
    // a situation's also by the words they stand for
    const situationForms = words.map((_, index) => [...spelled[index], ...standsFor[index], ...cardForms(words[index])]);
    // a word that is a concept's one-word term as written ("korjausaika", 79's correction period)
    // is that term: a situation holds it by a shared stem or an ending, not by sharing only the
    // start of another word ("korjattu": "pistetuloksen korjausaika" was 12's adjusted score,
    // one word and a half against the term's one)
    const isTerm = words.map((_, index) => singleTerms.some((terms) => terms.some((term) => spelledFit(term, spelled[index]) === 2)));
    const fitsWord = (order, index) => (part) => {
      if (!concepts[order].situation) return spelled[index].some((word) => stemFit(part, word));
      return situationForms[index].some((word) => situationFit(part, word, !isTerm[index]));
    };
    const fitting = conceptWords.map(({ vocabulary }, order) => meaningful.filter((index) => vocabulary.some(fitsWord(order, index))));
    // a situation's word held by a shared stem (stemFit), not only by the start of a compound
    const firmly = (match, index) =>
      !match.synonym.situation || conceptWords[match.order].vocabulary.some((part) => situationForms[index].some((word) => stemFit(part, word)));
    const holders = words.map((_, index) => fitting.filter((fits) => fits.includes(index)).length);
    const found = [];
    concepts.forEach((synonym, order) => {
      let most = 0; // the most carrying words a whole term of it places
      const { patterns, kin } = conceptWords[order];
      for (const [at, pattern] of patterns.entries()) {
        const placed = pattern.length ? termPlaces(pattern, spelled, kin[at]) : null;
        if (!placed) continue;
        most = Math.max(most, placed.places.filter((index) => meaningful.includes(index)).length);
        found.push({ synonym, order, places: placed.places, exact: placed.exact, whole: true });
      }
      // its vocabulary as a whole, when it holds more of the query than a term: "medgivande
      // sticken" is the claim's "medgivande" and "resten av sticken", not a situation of 71
      const bag = synonym.situation ? situationBag(fitting[order], meaningful, words, holders) : bagPlaces(fitting[order], meaningful, words, BAG);
      if (bag && bag.length > most) found.push({ synonym, order, places: bag, exact: false, whole: false });
    });
    // a law's title wins a tie: "odsłonięcie kart obrońcy" is Law 49's title, and a word of the
    // exposed-cards concept (governed by 48) too
    const title = (match) => Boolean(match.synonym.title);
    for (const match of found) {
      // only the words that carry the query count: "i fel tur" names two of "dubbling i fel tur"
      match.carried = match.places.filter((index) => meaningful.includes(index));
      // then the rarer words (1 / the concepts whose vocabulary fits each): "dubbling" names few, "tur" many
      match.rare = match.carried.reduce((sum, index) => sum + (holders[index] ? 1 / holders[index] : 0), 0);
      match.weight = match.carried.reduce((sum, index) => sum + (firmly(match, index) ? 1 : LOOSE_WORD), 0);
      match.cover = phraseCover(conceptWords[match.order].patterns, (part) => meaningful.some((index) => fitsWord(match.order, index)(part)));
    }
    // most words first, a word a situation holds only by a compound's start counting LOOSE_WORD;
    // then a concept before a situation naming the same words (the concept's term is the name),
    // and between those the phrase the query says most of ("motspelare spelade före partnern" is
    // 57's "spelade före sin partner" whole, 54's "fel motspelare spelade ut först" by half)
    const situation = (match) => Boolean(match.synonym.situation);
    found.sort((a, b) => b.weight - a.weight || b.carried.length - a.carried.length || b.rare - a.rare || b.whole - a.whole || b.exact - a.exact || title(b) - title(a) || situation(a) - situation(b) || b.cover - a.cover || a.places[0] - b.places[0] || a.order - b.order);
    const owner = new Array(words.length).fill(null); // the match that took each word
    const named = [];
    for (const candidate of found) {
      // a situation naming the same words as a concept is no tie: the concept's term is the name
      const key = `${candidate.places.join(",")}-${candidate.whole}-${candidate.exact}-${title(candidate)}-${Boolean(candidate.synonym.situation)}`;
      // named while it brings a word of its own: "dubbling" beside another concept's "i fel tur"
      const free = (index) => owner[index] === null || owner[index] === key;
      const own = candidate.carried.some(free) || (!candidate.carried.length && candidate.places.every(free));
      if (!own || named.some((other) => other.synonym === candidate.synonym)) continue;
      candidate.places.filter(free).forEach((index) => (owner[index] = key));
      const missed = meaningful.filter((index) => !candidate.places.includes(index)).length;
      const everyWord = missed === 0;
      // the query's answer: a concept naming every word, or a situation holding all but one
      // ("dwóch obrońców zagrało jednocześnie": not "dwóch"): its law's page first, before texts
      // with some of the words
      const answers = everyWord || (Boolean(candidate.synonym.situation) && missed <= SITUATION_MISSED);
      const used = candidate.places.map((index) => words[index]).join(" ");
      named.push({ ...candidate, everyWord, answers, used, shown: typedAt(typed, candidate.places) });
    }
    return named;
  }

  /* A lone word no page holds ("upprepning", "zrzeczenie", "przepasowanie", "ersättare"): the
   * concepts and situations whose words hold it lead to their laws, when they are of at most
   * LONE_WORD.laws laws (a word of many is no answer); only then (nothing found, or only pages
   * with a shorter word), so a word the texts hold finds the texts first, and the situations'
   * file is fetched only for such a word. */
  const LONE_WORD = { long: 5, laws: 4 };
  function conceptsOfLoneWord(query, vocabulary) {
    const { concepts, conceptWords } = vocabulary;
    const words = foldedWords(query);
    const meaningful = carryingIndexes(words);
    if (meaningful.length !== 1 || words[meaningful[0]].length < LONE_WORD.long) return [];
    const [index] = meaningful;
    const spelled = termForms(words[index]);
    // a shared stem with short endings (stemFit), for situations too: their looser fit would take
    // "przepis" for "przepasowanie"
    const holds = (order) => conceptWords[order].vocabulary.some((part) => spelled.some((word) => stemFit(part, word)));
    const byLaw = new Map(); // each law's concepts and situations holding the word, in order
    concepts.forEach((synonym, order) => {
      if (holds(order)) byLaw.set(synonym.refs[0], [...(byLaw.get(synonym.refs[0]) || []), order]);
    });
    if (byLaw.size > LONE_WORD.laws) return [];
    const typed = typedWords(query, words);
    // the law with most of them first ("zrzeczenie": 68's claim and its situation, then 69, 71)
    const laws = [...byLaw.values()].sort((a, b) => b.length - a.length || a[0] - b[0]);
    return laws.map(([order]) => ({
      synonym: concepts[order],
      order,
      places: [index],
      everyWord: true,
      answers: true,
      used: words[index],
      shown: typedAt(typed, [index]),
    }));
  }

  /** The named concepts, after a law two of them govern both, first: two concepts naming different
   * words of the query ("passade" the pass, "i fel tur" a call out of rotation) ask for the law
   * where they meet (30, the pass out of rotation), not for each one's own law.  Only concepts,
   * not situations (a situation's law is its own answer), and only the first two that share one. */
  function withSharedLaws(named, query) {
    const ofConcepts = named.filter((match) => !match.synonym.situation);
    for (const [i, a] of ofConcepts.entries()) {
      for (const b of ofConcepts.slice(i + 1)) {
        if (a.carried.some((index) => b.carried.includes(index)) || !a.carried.length || !b.carried.length) continue;
        const theirs = new Set(b.synonym.refs.map(lawOf));
        const shared = a.synonym.refs.filter((ref) => theirs.has(lawOf(ref)));
        if (!shared.length) continue;
        const places = [...new Set([...a.places, ...b.places])].sort((x, y) => x - y);
        const words = foldedWords(query);
        const typed = typedWords(query, words);
        const everyWord = carryingIndexes(words).every((index) => places.includes(index));
        const both = {
          synonym: { words: [...a.synonym.words, ...b.synonym.words], refs: shared, note: `${a.synonym.note ?? a.synonym.words[0]}, ${b.synonym.note ?? b.synonym.words[0]}` },
          places,
          carried: [...a.carried, ...b.carried],
          everyWord,
          answers: everyWord,
          used: places.map((index) => words[index]).join(" "),
          shown: typedAt(typed, places),
        };
        return [both, ...named];
      }
    }
    return named;
  }

  /** What the concepts a query names add, in three places:
   *  - first: the texts of each concept's governing law (the law that defines it or is titled
   *    by it), before the laws that merely mention the word (revokki → 61 before 64B3);
   *  - hubs: that law's "where to read it" page, when no text of this language has it: first
   *    when the concept is all the query asks ("straffkort", "zawieszenie zawodnika"), else
   *    second, after the language's own best text (each further concept's next);
   *  - next: when the concept is all the query asks, its next laws right after the governing
   *    one, before the laws that merely mention its words ("dziadek" → 42, then 43);
   *  - after the first page of word results: the concept's other laws (or their pages).
   * Under an edition filter no "where to read" page is added: it is no text of that edition. */
  // with the governing law, two of the first three results: the third is left to the best text of
  // the language that uses the words ("träkarlen": 42, 43, then the Swedish 9A4)
  const NEXT_LAWS = 1;
  function conceptHits(named, edition) {
    const first = [];
    const third = [];
    const next = [];
    const after = [];
    for (const { synonym, shown, answers } of named) {
      let governing = null; // the key of the concept's governing law's first result
      const textsBefore = first.length; // the texts of the concepts named before this one
      // "tveka → tvekan" says why an unexpected law came first; not when the words typed are
      // the name ("i fel tur" is said as "i otur" to the term base, but the reader typed it)
      const note = synonym.note ?? synonym.words[0]; // search.py leaves out a note that is the first word
      const why = fold(note) === fold(shown) ? "" : format(data.strings.search_synonym, { word: shown, note });
      synonym.refs.forEach((ref, index) => {
        const refIn = (docEdition) => (synonym.refsIn && synonym.refsIn[docEdition] ? synonym.refsIn[docEdition][index] : ref);
        for (const hit of lawHits(ref, edition, "synonym", refIn)) {
          // a situation's law is its own answer, no word to explain; where the language has no
          // title for the law, its first phrase says what the result is about ("Lag 65 · kort
          // vänt åt fel håll")
          if (synonym.situation) hit.synonym = hit.title ? "" : synonym.words[0];
          else hit.synonym = why;
          if (hit.missing && edition) continue;
          if (hit.missing) hit.answers = answers;
          if (index === 0 && hit.rank === PART_POINT && lawOf(ref) === ref) {
            // a regulation's points on the parts of a whole law the concept names ("alertowania",
            // Law 40: PZBS 9–18 on 40A … 40B2d) are each about a part of it: those printing the
            // words typed are found as texts, and the law's page lists them all (its national
            // rules); the others filled a first page with points that do not say the word
            continue;
          }
          if (index === 0) {
            governing ??= hit.key;
            // a "where to read" page goes after the texts of the concepts named before its own
            // (placeLater): "elimde 14 kartla" is Law 13's text first, then the situations'
            // pages that hold "elimde" and a word for cards
            if (hit.missing) hit.before = textsBefore;
            (hit.missing ? third : first).push(hit);
          } else if (answers && index <= NEXT_LAWS && governing) next.push({ ...hit, follows: governing });
          else after.push(hit);
        }
      });
    }
    return { first, third, next, after };
  }

  const MAX_VARIANTS = 16;
  /* When fewer than `below` pages have every word of a query of 2 to `maxWords` words (each of
   * CARRYING_LENGTH letters or more), pages with some of them follow, most words first; each word
   * is searched with at most `variants` of its spelling forms. */
  const SOME_WORDS = { below: 3, maxWords: 6, variants: 4 };

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
      const changed = words.map((word) => word.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(regex, replacement));
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

  // -- Pagefind -----------------------------------------------------------------------------------

  /** Pagefind for this language, on the main thread: the index is small, and without the web
   * worker the WebAssembly preloaded in <head> is used as it is (a worker would fetch it again
   * after starting: one more slow round trip on a phone).  Pagefind takes its index's language
   * from <html lang> when the instance is made (synchronously): /search/ is English and shows
   * several languages, so <html lang> names this language for that moment.
   *
   * Each search has an instance of its own, made when it starts (the files come from the
   * browser's cache after the first): Pagefind looks a word up among the index chunks it has
   * loaded so far, and where no word begins with the query word it takes the longest loaded word
   * the query word begins with, so an instance kept across searches answered a query by the
   * chunks earlier queries loaded ("zmiana" found the pages of "z" only after "sędzia" had
   * loaded the chunk holding "z").  A search answers the same typed after others as on a fresh
   * page.  Returns a function giving the instance's promise, made on the first call (a
   * provision query needs none); a failure (offline) is thrown to each caller. */
  function pagefindOfSearch() {
    let instance = null;
    return () => (instance ??= makePagefind());
  }

  /** This build's tag of Pagefind's entry file, from its preload in <head> (added after indexing,
   * bridgelaws.stage5_site.pagefind.preload_first_files): given as Pagefind's metaCacheTag, it
   * makes Pagefind ask for the URL the browser is already fetching, not one with a fresh ?ts=. */
  function entryTag() {
    const link = document.querySelector('link[rel="preload"][href*="pagefind-entry.json?ts="]');
    return link ? new URL(link.href).searchParams.get("ts") : null;
  }

  async function makePagefind() {
    const module = await import(new URL("pagefind/pagefind.js", root).href);
    const html = document.documentElement;
    const pageLang = html.lang;
    html.lang = lang;
    let instance;
    try {
      instance = module.createInstance({
        basePath: new URL("pagefind/", root).pathname,
        baseUrl: root.pathname,
        noWorker: true,
        metaCacheTag: entryTag(),
      });
    } finally {
      html.lang = pageLang;
    }
    await instance.init();
    return instance;
  }


  /** Let the browser handle input and paint before the next piece of work. */
  function yieldToMain() {
    return new Promise((resolve) => setTimeout(resolve, 0));
  }

  function bestSubResult(result) {
    let best = null;
    let bestScore = -1;
    for (const sub of result.sub_results || []) {
      const score = (sub.weighted_locations || []).reduce((sum, location) => sum + location.balanced_score, 0);
      if (score > bestScore) {
        best = sub;
        bestScore = score;
      }
    }
    return best;
  }

  /** Pagefind's options for an edition ("" for all). */
  function searchOptions(edition) {
    return edition ? { filters: { edition } } : {};
  }

  /** The query's words that carry it, as typed (no function words, none too short). */
  function carriedWords(query) {
    return query.split(/\s+/).filter((word) => word && carries(bare(word)));
  }

  // a page found without the query's function words ranks below one with every word
  const CARRIED_ONLY = 0.8;
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
          const score = result.score * (index === 0 ? weight : 0.9 * weight);
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
    if (ranked.length < SOME_WORDS.below && words.length > 1 && words.length <= SOME_WORDS.maxWords) {
      // no (or hardly any) page has every word: the pages that have most of them, after those
      // that have all ("kiistanalaiset tosiasiat" → 85, where the text says "tosiasioista")
      ranked = ranked.concat(await someWords(pf, words, options, new Set(ranked.map((entry) => entry.result.id))));
    }
    const partial = !withEvery && ranked.length > 0; // the status line says so only when none has all
    if (!ranked.length) {
      const longest = typed.reduce((a, b) => (b.length > a.length ? b : a), "");
      for (let cut = 1; !ranked.length && longest.length - cut >= 4 && cut <= 3; cut++) {
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
    if (words.length < 2 || words.length > SOME_WORDS.maxWords) return { ranked: [], forms: [] };
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

  /* Which pages print a word form exactly (stage5_site/printed_forms.py): Pagefind's index holds
   * stems, so its ranking cannot tell a page printing the typed "samasta" from one printing
   * "samassa", and a first page reads only FRAGMENTS_PER_ROUND of them (each a download).  Files
   * by a form's first letters, as the situations' ("samasta" → sam), each fetched once. */
  const MAX_FORM_FILES = 4; // a word's spellings (Turkish letters both ways) start alike, mostly
  const formFiles = new Map(); // key → its file's promise: { form: [page ids] }

  function formFile(key) {
    if (!formFiles.has(key)) {
      const file = fetch(siteUrl(data.printedForms.replace("{k}", key)))
        .then((response) => (response.ok ? response.json() : {}))
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
    if (!data.printedForms || ranked.length <= FRAGMENTS_PER_ROUND || forms.length !== 1) return ranked;
    const variants = [...new Set(forms[0].map(bare))].filter(Boolean);
    const keys = [...new Set(variants.map(situationKey))].slice(0, MAX_FORM_FILES);
    const files = new Map(await Promise.all(keys.map(async (key) => [key, await formFile(key)])));
    const printers = new Set(variants.flatMap((form) => (files.get(situationKey(form)) || {})[form] || []));
    if (!printers.size) return ranked;
    return [...ranked.filter((result) => printers.has(result.id)), ...ranked.filter((result) => !printers.has(result.id))];
  }

  /** Per word of the query, its folded forms across the variant queries: [[disinda, dısında…], …] */
  function wordForms(queries) {
    const split = queries.map((q) => fold(q).split(/\s+/).filter(Boolean));
    const forms = split[0].map((_, i) => [...new Set(split.map((words) => words[i]).filter(Boolean))]);
    // "utspel i otur": a page is not found by its "i"s, nor are they marked, when the query has
    // words of CARRYING_LENGTH letters or more
    const long = forms.filter((variants) => bare(variants[0]).length >= CARRYING_LENGTH);
    return long.length ? long : forms;
  }

  /** How well one matched word fits one query word's forms: 2 for the form typed (or a variant
   * of it), 1 for an inflection (a shared start of 4+ letters), 0 for what the stemmer
   * over-joined ("disinda" → "D."). */
  function wordFit(word, variants) {
    let best = 0;
    for (const form of variants) {
      if (word === form) return 2;
      if (word.slice(0, 4) === form.slice(0, 4) && Math.min(word.length, form.length) >= 4) best = 1;
      else if (form.length < 4 && word.startsWith(form)) best = 1;
    }
    return best;
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

  /** Where to send the reader: the best-fitting match inside the best section, and the
   * innermost element with an id that holds it (a provision #13D2a, a term #def-alert). */
  function bestLocation(page, forms) {
    const words = page.content.split(/\s+/);
    const sub = bestSubResult(page);
    const inSub = sub && sub.locations && sub.locations.length ? sub.locations : [];
    // the best section's matches, or the page's when none of those fits (its matches are the
    // first query's; another query's fit elsewhere: withAlso)
    let best = (inSub[0] ?? (page.locations || [])[0]) ?? 0;
    let bestFit = -1;
    for (const candidates of [inSub, page.locations || []]) {
      for (const at of candidates) {
        const fit = Math.max(0, ...forms.map((variants) => wordFit(bare(words[at]), variants)));
        if (fit > bestFit) {
          best = at;
          bestFit = fit;
        }
      }
      if (bestFit > 0) break;
    }
    best = shownAt(words, best);
    const holder = (page.anchors || []).filter((anchor) => anchor.location <= best && anchor.id).pop();
    return { at: best, anchor: holder ? holder.id : "", words };
  }

  /* A compound's parts are indexed beside it as words starting with data.partMark
   * (kilpailunjohtajalle ⁘johtaja): they are found, never shown; a matched part marks its compound. */
  const PART = data.partMark || "\u2058";
  const isPart = (word) => word.startsWith(PART);

  /** The shown word a location stands for: a hidden part's compound (the word before the parts). */
  function shownAt(words, at) {
    while (at > 0 && isPart(words[at])) at--;
    return at;
  }

  /** A snippet around the chosen match, matched words marked: [[text, marked], …]; only the
   * page's own words (no hidden part). */
  const CLOSING = /^[.,;:!?)\]”’»]+$/u; // punctuation printed after a word, no space between

  function snippetAround(words, at, locations) {
    const marked = new Set((locations || []).map((location) => shownAt(words, location)));
    const shown = [];
    words.forEach((word, index) => {
      if (!isPart(word)) shown.push(index);
    });
    const centre = Math.max(0, shown.indexOf(shownAt(words, at)));
    const from = Math.max(0, centre - 12);
    const to = Math.min(shown.length, centre + 16);
    const parts = [];
    if (from > 0) parts.push(["… ", false]);
    // a hidden part stood between a word and the punctuation after it ("pelitavalla ⁘tapa ."):
    // the page prints them together, so the snippet does
    const glued = (i) => i + 1 < to && shown[i + 1] > shown[i] + 1 && CLOSING.test(words[shown[i + 1]]);
    for (let i = from; i < to; i++) parts.push([words[shown[i]] + (i + 1 < to && !glued(i) ? " " : ""), marked.has(shown[i])]);
    if (to < shown.length) parts.push([" …", false]);
    return parts;
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
        snippet: snippetAround(words, at, (page.locations || []).filter((location) => forms.some((variants) => wordFit(bare(words[location]), variants) > 0))),
        origin: "text",
      };
    });
  }

  /** What the query names before any text is searched: the provision's hits and the concepts'
   * and situations' (conceptHits), from the page's data (and the situations' file).  `answered`:
   * a concept or situation answers the whole query, so where its laws go does not depend on the
   * texts (placeLater asks them only whether some text holds every word).  `vocabulary`: what
   * the query was matched against (loneWordHits goes on from it). */
  async function namedResults(query, edition) {
    const provision = parseProvision(query);
    const pagefind = pagefindOfSearch();
    if (!provision) pagefind().catch(() => {}); // loading beside the concepts (textResults reports a failure)
    let hits = [];
    if (provision && provision.law) hits = lawHits(provision.law, edition, "provision");
    else if (provision && provision.point) hits = pointHits(provision.point, provision.doc, edition);
    let vocabulary = PAGE_VOCABULARY;
    let named = conceptsNamed(query, vocabulary);
    const letters = provision ? [] : unnamedLetters(query, named, vocabulary);
    if (letters.length) {
      // a word the language's own words do not name may be English; the situations' files are
      // fetched meanwhile (the English words may add some: those are fetched after)
      if (mayNameSituation(query, named)) situationKeysOf(query, vocabulary).then((keys) => keys.forEach(situationFile));
      vocabulary = await vocabularyWith(letters, []);
      named = conceptsNamed(query, vocabulary); // again, with the English words
    }
    if (!provision && mayNameSituation(query, named)) {
      vocabulary = await withSituations(query, vocabulary);
      named = conceptsNamed(query, vocabulary); // again, with the situations
    }
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
      failure = format(strings.search_offline, { error: error.message || error });
    }
    return { ranked, forms, approximate, partial, failure };
  }

  /** The search up to its first results: namedResults, then wordResults. */
  async function search(query, edition) {
    const named = await namedResults(query, edition);
    return { ...named, ...(await wordResults(query, edition, named)) };
  }

  /** The query's words marked in a text that is no Pagefind page (a concept's provision, from
   * snippets.json): [[text, marked], …] as snippetAround's; a word is marked when it fits one of
   * the query's words or their spelling variants as a matched word does (wordFit). */
  function marker(query) {
    const forms = wordForms([query, ...variantQueries(query)]);
    return (text) => text.split(/(\s+)/).map((token) => [token, /\S/.test(token) && forms.some((variants) => wordFit(bare(token), variants) > 0)]);
  }

  /** What a lone word no page holds may still lead to: the laws of the concepts and situations
   * holding it (conceptsOfLoneWord), as conceptHits places them.  Not for a word pages hold: the
   * texts printing it are what was asked, and a concept's phrase holding it in passing is a guess
   * ("korrekt" in 25's "korrekta och felaktiga ändringar av bud", "förfarande" in four laws'
   * titles); such "where to read" pages cost word queries their precision (sv P@5 0.88 → 0.95,
   * pl 0.79 → 0.89 at stop 36) and found no governing law of 400 held-out concept queries that
   * the texts did not. */
  async function loneWordHits(query, edition, vocabulary) {
    if (parseProvision(query)) return null;
    let named = conceptsOfLoneWord(query, vocabulary);
    if (!named.length) {
      // the situations' file only when no concept holds the word: a first search's budget
      named = conceptsOfLoneWord(query, await withSituations(query, vocabulary));
    }
    return conceptHits(named, edition);
  }

  return { lang, search, namedResults, wordResults, someWordResults, marker, textHits, loneWordHits };
}
// -- end of searchEngine


// -- rendering ----------------------------------------------------------------------------------

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
async function filledHit(hit, others, mark) {
  const item = hitItem(hit, others);
  if (!hit.snippet && !hit.missing) await fillSnippet(item.querySelector(".search-result__snippet"), hit.url, hit.anchor, mark);
  return item;
}

function editionLine(hit, others) {
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
 * snippets.json beside the page (stage5_site/snippets.py), or, when that cannot be had (offline,
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

// -- results, grouped by law ------------------------------------------------------------------------

/** Hits grouped by result key (a law's editions are one result), in order of first appearance,
 * or at the place `at` asks for (placeLater). */
export function resultGroups() {
  const groups = new Map();
  const order = [];
  const add = (hit, at, raise = false) => {
    const group = groups.get(hit.key);
    if (!group) {
      groups.set(hit.key, { hit, others: [] });
      if (at === undefined) order.push(hit.key);
      else order.splice(Math.min(at, order.length), 0, hit.key);
      return;
    }
    const was = order.indexOf(hit.key);
    if (raise && at !== undefined && was > at) {
      // a concept's law already found lower down, as a text mentioning the words: up to its place
      order.splice(was, 1);
      order.splice(at, 0, hit.key);
    }
    if (group.hit.origin === "synonym" && !group.hit.snippet && hit.snippet && hit.edition === group.hit.edition) {
      // a concept's law, found in its text too: the words where it is found, at their provision
      // (and no fetch of the law's page for a snippet)
      group.hit = { ...group.hit, url: hit.url, anchor: hit.anchor, snippet: hit.snippet };
    } else if (hit.edition && hit.edition !== group.hit.edition && !group.others.includes(hit.edition)) {
      group.others.push(hit.edition);
    }
  };
  return { groups, order, add };
}

/** The concept hits that wait for the word results (conceptHits): "where to read" pages first
 * when their concept is the whole query, else from the second place on, in the order the
 * concepts were named, or first too when no text holds every word (`partial`: a page holding
 * some of them is no better an answer than a concept or situation naming them), "first" after
 * the texts of the concepts named before theirs (`before`, conceptHits'); a whole-query
 * concept's next laws right after its governing law (raised there when a text of theirs was found
 * lower down); the concept's other laws after what is already there. */
export function placeLater(later, add, order, partial = false) {
  // raised when a text of the law was found lower down: 2017 Law 72 (the place of the 1997 Law 23's
  // subject) beside the Finnish 1997 Law 72, which mentions the words
  later.third.forEach((hit, index) => add(hit, (hit.answers || partial ? (hit.before ?? 0) : 1) + index, true));
  const placed = new Map(); // per governing law: the keys of its next laws placed after it
  for (const hit of later.next) {
    const at = order.indexOf(hit.follows);
    if (at < 0) continue;
    const keys = placed.get(hit.follows) ?? new Set();
    placed.set(hit.follows, keys);
    add(hit, at + 1 + [...keys].filter((key) => key !== hit.key).length, true);
    keys.add(hit.key);
  }
  later.after.forEach((hit) => add(hit));
}

// -- a language's search page -------------------------------------------------------------------------

let current = 0; // the latest search: an older one that finishes later shows nothing
let pending = null;

function languagePage(engine) {
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
    const query = searchable(typed);
    const cut = query === typed ? "" : format(strings.search_too_long, { count: MAX_QUERY }) + " ";
    statusLine.textContent = strings.search_loading;
    const named = await engine.namedResults(query, edition);
    if (token !== current) return;
    const { hits, later } = named;
    const { groups, order, add } = resultGroups();
    hits.forEach((hit) => add(hit));
    const items = []; // the rendered results, in order
    const keys = []; // their keys
    // a concept or situation answering the whole query: its governing laws are shown now, while
    // Pagefind loads (seconds of a phone's first search), each with its snippet; what comes later
    // goes under them (up to the first law whose next laws follow it: those come with the texts,
    // at the words where a text holds them)
    let early = 0;
    if (named.answered) {
      placeLater({ ...later, next: [], after: [] }, add, order);
      const followed = new Set(later.next.map((hit) => hit.follows));
      const last = order.findIndex((key) => followed.has(key));
      early = last < 0 ? order.length : last + 1;
    }
    const words = engine.wordResults(query, edition, named); // searched while the snippets arrive
    if (early) {
      const mark = engine.marker(query);
      const shown = await Promise.all(order.slice(0, early).map((key) => filledHit(groups.get(key).hit, groups.get(key).others, mark)));
      if (token !== current) return;
      list.append(...shown);
      items.push(...shown);
      keys.push(...order.slice(0, early));
    }
    let { ranked, forms, partial } = await words;
    const { approximate, failure } = await words;
    if (token !== current) return;
    let from = 0;
    let first = true;
    let stoppedEmpty = false; // the first page stopped at a round that found nothing
    async function more() {
      // the first page: PAGE_SIZE results counting the concepts' laws already there (the first ten
      // are what a reader weighs; texts at least half of them), each Pagefind page read a
      // download of a phone's first search; then PAGE_SIZE more at a time
      const target = first ? Math.max(PAGE_SIZE, order.length + PAGE_SIZE / 2) : order.length + PAGE_SIZE;
      // the first page reads a whole round: a law's editions are one result, so fewer pages than
      // laws wanted left a second round of 2-3 pages, one more round trip before the first results
      // (fi "revokki": 9 pages, then 2); later pages read as many as laws wanted (each page is at
      // most one law); then what nextRound says
      let round = first ? FRAGMENTS_PER_ROUND : Math.min(target - order.length, FRAGMENTS_PER_ROUND);
      const firstPage = first;
      first = false;
      while (order.length < target && from < ranked.length) {
        const before = order.length;
        const batch = await engine.textHits(ranked, from, round, forms);
        if (token !== current) return;
        from += round;
        batch.forEach((hit) => add(hit));
        // the first page stops at a round none of whose pages held the words once read: the
        // pages ranked below it are likelier still to hold none, and each is a download
        // ("claimin kiistäminen" read all 66 pages found, 92 KB, for the 2 laws of its first
        // round); "More results" reads on
        if (firstPage && !batch.length) {
          stoppedEmpty = true;
          break;
        }
        round = nextRound(round, order.length - before, target - order.length);
      }
    }
    function renderNew() {
      if (keys.some((key, index) => order[index] !== key)) {
        // something went above what was shown (no rule places it there today): shown again whole
        list.replaceChildren();
        items.length = keys.length = 0;
      }
      // a law shown early, found in another edition's text too: that edition in its line
      items.forEach((item, index) => {
        const group = groups.get(keys[index]);
        const line = item.querySelector(".search-result__edition");
        if (line && group.others.length) line.textContent = editionLine(group.hit, group.others);
      });
      while (items.length < order.length) {
        const group = groups.get(order[items.length]);
        keys.push(order[items.length]);
        items.push(renderHit(group.hit, group.others));
        list.append(items.at(-1));
      }
      document.querySelectorAll(".search-more").forEach((button) => button.remove());
      if (from < ranked.length) {
        const button = element("button", "search-more md-button", strings.search_more);
        button.type = "button";
        button.addEventListener("click", async () => {
          await more();
          if (token === current) renderNew();
        });
        list.after(button);
      }
    }
    await more();
    if (token !== current) return;
    if (!order.length && ranked.length && (from >= ranked.length || stoppedEmpty) && !approximate) {
      // every page found (or read) fit none of the words once read: the pages with some of them
      ({ ranked, forms } = await engine.someWordResults(query, edition, ranked, named.pagefind));
      if (token !== current) return;
      partial = ranked.length > 0;
      [from, first] = [0, true];
      await more();
      if (token !== current) return;
    }
    // nothing found, or only pages with a shorter word ("ersättare" → "ersättar": ersättning):
    // a lone word no page holds may still be a concept's or a situation's word, and its laws
    // come first (not when a concept answered the query: its laws are shown, and nothing goes
    // above them)
    const nothing = !order.length || Boolean(approximate);
    const lone = nothing && !failure && !early ? await engine.loneWordHits(query, edition, named.vocabulary) : null;
    if (token !== current) return;
    if (lone) {
      lone.first.forEach((hit, index) => add(hit, index, true));
      for (const place of Object.keys(later)) later[place] = later[place].concat(lone[place]);
    }
    // the concepts' laws not placed yet: all of them, or those of a query answered early (its
    // next laws, after their governing law, and the rest at the end)
    placeLater(early ? { third: [], next: later.next, after: later.after } : later, add, order, partial);
    renderNew();
    if (failure) statusLine.textContent = failure;
    else if (!order.length) statusLine.textContent = cut + format(strings.search_no_results, { q: query });
    else
      statusLine.textContent =
        cut +
        (approximate ? format(strings.search_approximate, { q: approximate }) + " " : "") +
        (partial ? strings.search_some_words + " " : "") +
        format(resultsFor(order.length, from < ranked.length), { count: order.length + (from < ranked.length ? "+" : ""), q: query });
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
    syncUrl(query, edition);
    return run(query, edition);
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    start();
  });
  input.addEventListener("input", () => {
    clearTimeout(pending);
    pending = setTimeout(start, 180);
  });
  form.querySelectorAll("input[name=edition]").forEach((radio) => radio.addEventListener("change", start));

  const params = new URLSearchParams(location.search);
  input.value = params.get("q") || "";
  const wantedEdition = params.get("edition");
  if (wantedEdition) {
    const radio = form.querySelector(`input[name=edition][value="${CSS.escape(wantedEdition)}"]`);
    if (radio) radio.checked = true;
  }
  // the first search in a task of its own: the engine's setup above (the term base's words folded
  // once) and the search are each a shorter task than both together, which a phone's main thread
  // spent blocked (Lighthouse's Total Blocking Time)
  if (input.value) setTimeout(start, 0);
  else input.focus();
}

export function syncUrl(query, edition) {
  const url = new URL(location.href);
  url.searchParams.set("q", query);
  if (edition) url.searchParams.set("edition", edition);
  else url.searchParams.delete("edition");
  history.replaceState(null, "", url);
}

if (document.getElementById("search-data")) languagePage(searchEngine(pageData));
