/* bridge-laws search engine: a query's words as the term base reads them.  The query is folded,
 * then rewritten in order: each equivalent phrase as its group's first (search.toml
 * equivalents), each bid as the language's word for a bid (bids), each count of cards that is no
 * hand as the words for one (counts); each word keeps its origin among the words typed
 * (wordOrigins), so what the reader is shown is what they typed (typedWords).  Also the
 * language's spelling rules (variants), its function words, card names and which words carry a
 * query.  Pure: the language's data in, functions out. */
import { alternatives as alternativesOf } from "./text.js";

/** The rewrites of one language's queries, from its search data (data.json) and its fold. */
export function queryRewrites(data, fold) {
  const lang = data.lang;

  // the language's spelling rules (search.toml variants), made once: Turkish "talebe" → "talep"
  const VARIANT_RULES = data.variants.map(([pattern, replacement]) => [new RegExp(pattern), replacement]);

  /** A folded query word and its spellings by the language's rules, so a term's base form fits a
   * word whose consonant changed: "talebe" ~ "talep*", "rengi" ~ "renk", "dziadka" ~ "dziadek". */
  function spellings(word) {
    return [...new Set([word, ...VARIANT_RULES.map(([regex, replacement]) => word.replace(regex, replacement))])];
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

  /* The bids' and counts' patterns (letters and their lookarounds) are costly to compile, and a
   * query is read with them twice (foldedWords, wordOrigins): each is tried only on a text that
   * holds what every match of it holds, a level of 1 to 7, a word for cards (its first word, its
   * `*` dropped), and the text is the same. */
  const CARD_WORDS = COUNTS ? COUNTS.cards.map((word) => fold(word.replace(/\*$/, "")).split(/\s+/)[0]) : [];
  const mayBid = (text) => /[1-7]/.test(text);
  const mayCount = (text) => CARD_WORDS.some((word) => text.includes(word));
  function countAsConcept(typed, number) {
    const count = /^\d+$/.test(number) ? Number(number) : NUMBER_WORDS.get(number.split(/\s+/).join(" "));
    const off = Math.abs(count - COUNTS.hand);
    return off > 0 && off <= COUNTS.near ? COUNT_WORDS : typed;
  }

  /** A search.toml list of words (`word*`: any word starting so) as a folded regex alternation. */
  function alternatives(words) {
    return alternativesOf(words, fold);
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
    .map(([other, first]) => ({
      source: `(?<![\\p{L}\\p{N}])(?:${alternatives([other])})(?![\\p{L}\\p{N}])`,
      regex: null, // made when first needed (equivalentRegex): most queries need none
      first,
      // the phrase's first word as written, without which it cannot match: most terms hold none of
      // them, and a page folds hundreds of terms when it opens
      needs: fold(other.replace(/\*$/, "")).split(/\s+/)[0],
    }));

  /** An equivalent phrase's pattern, made once, when a text first holds its first word. */
  function equivalentRegex(equivalent) {
    equivalent.regex ??= new RegExp(equivalent.source, "gu");
    return equivalent.regex;
  }

  /** Folded text with each equivalent phrase as its group's first. */
  function saidAsFirst(folded) {
    return EQUIVALENTS.reduce((text, equivalent) => (text.includes(equivalent.needs) ? text.replace(equivalentRegex(equivalent), equivalent.first) : text), folded);
  }

  /** A query's words as matched against the term base: folded, each equivalent phrase as its
   * group's first, each bid as the language's word for a bid and each count of cards that is no
   * hand as the words for one, split at what is no letter or digit. */
  function foldedWords(query) {
    let folded = saidAsFirst(fold(query).replace(SUFFIX, "$1"));
    if (BID && mayBid(folded)) folded = folded.replace(BID, ` ${BID_WORDS[0]} `);
    if (COUNT && mayCount(folded)) folded = folded.replace(COUNT, countAsConcept);
    return folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  }

  /** Whether a (folded) query word carries the query: long enough, no function word, no bid. */
  function carries(word) {
    return word.length >= data.engine.carrying_length && !FUNCTION_WORDS.has(word) && !(TYPED_BID && TYPED_BID.test(word));
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
    // each rule where it may match, as foldedWords tries them (saidAsFirst, mayBid, mayCount)
    const rules = [
      ...EQUIVALENTS.map((equivalent) => [(said) => said.includes(equivalent.needs), () => equivalentRegex(equivalent), equivalent.first]),
      ...(BID ? [[mayBid, () => BID, ` ${BID_WORDS[0]} `]] : []),
      ...(COUNT ? [[mayCount, () => COUNT, countAsConcept]] : []),
    ];
    for (const [may, regex, replacement] of rules) {
      if (may(text)) [text, origins] = rewritten(text, origins, regex(), replacement);
    }
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

  return {
    VARIANT_RULES,
    FUNCTION_WORDS,
    BID_WORDS,
    TYPED_BID,
    SUFFIX,
    spellings,
    saidAsFirst,
    foldedWords,
    carries,
    cardForms,
    termForms,
    carryingIndexes,
    typedWords,
    typedAt,
    wordOrigins,
  };
}
