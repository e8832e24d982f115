/* bridge-laws search engine: how a query word fits a word of the term base (a concept's term,
 * its vocabulary as a whole, a situation's phrases), and how many of a query's words a
 * vocabulary must hold to name it.  Pure: words in, numbers and places out. */
import { sharedStart } from "./text.js";

// "straffkort" → "straffkortet", "träkarl" → "träkarlens"; not "straff" → "straffkort" (a compound);
// an ending changed, not only added: at most `changed` last letters of a word of `base` letters
// or more replaced by as many, up to `ending` + 1 ("przygwożdżona" → "przygwożdżonej",
// "rangaistuskortti" → "rangaistuskortin", "tarjous" → "tarjoukset")
// a four-letter word takes a short ending only: "kort" → "kortet", "kart" → "kartı"
export const INFLECTED = { base: 5, ending: 3, changed: 2, short: 4, shortEnding: 2 };
// a word shorter than this carries no query: it names no concept, finds no page by itself and
// is not marked ("i", "w", "ve")
export const CARRYING_LENGTH = 3;
/* A concept also named by its vocabulary as a whole, the words of all its terms together:
 * when at least `words` of the query's words (of CARRYING_LENGTH letters or more, one of them of
 * `long` or more) fit its words, and they are at least `share` of the query's words.  "wist
 * poza kolejnością" is the lead out of turn (its terms "wyjście poza kolejnością" and "wist
 * nie ze swojej ręki" hold every word), "sırası dışında atak" too ("sırasız atak"). */
export const BAG = { words: 2, long: 5, share: 2 / 3 };
/* a word of the vocabulary as a whole fits a query word sharing its first `stem` letters, each
 * with an ending of at most `ending` after them (Finnish "tunnustamatta" ~ "tunnustaminen"),
 * or a short stem with short endings (Polish "karty" ~ "karta", "karne" ~ "karna") */
export const BAG_STEMS = [
  { stem: 5, ending: 4 },
  { stem: 4, ending: 2 },
];

/** How a query word fits a term's word: 2 the same (or its start, for "word*"); 1 the word of
 * five letters or more with an ending of up to three (an inflection the term base does not
 * list); 0 not at all.  Not the other way round: "wyjaśnień" typed is no "wyjaśnienie" of
 * the term base (a word the texts use in passing would name the concept). */
export function termFit(pattern, word) {
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

/** termFit, or a shared stem (BAG_STEMS): how a word fits a concept's vocabulary as a whole. */
export function stemFit(pattern, word) {
  if (termFit(pattern, word)) return true;
  const stem = pattern.replace(/\*$/, "");
  const shared = sharedStart(stem, word);
  return BAG_STEMS.some((rule) => shared >= rule.stem && stem.length - shared <= rule.ending && word.length - shared <= rule.ending);
}

/* A situation's phrases are a handful of words about one thing: half of a query's words in
 * them name it ("kortti putosi pöydälle tarjousten aikana": kortti, putosi of "kortti putosi
 * tarjoamisen aikana"), each word fitting by a shared start of SITUATION_STEM letters whatever
 * the endings (Finnish "tarjousten" ~ "tarjoamisen", Turkish "oynamak" ~ "oynandı"). */
export const SITUATION_BAG = { words: 2, long: 5, share: 1 / 2 };
export const SITUATION_MISSED = 1; // the query's carrying words a situation may leave out and still answer it all
export const SITUATION_STEM = { long: 5, short: 4, shortEnding: 3 };

export function situationFit(pattern, word, byStart = true) {
  if (stemFit(pattern, word)) return true;
  const shared = sharedStart(pattern, word);
  if (byStart && shared >= SITUATION_STEM.long) return true;
  return shared >= SITUATION_STEM.short && pattern.length - shared <= SITUATION_STEM.shortEnding && word.length - shared <= SITUATION_STEM.shortEnding;
}

/** The best termFit of a term's word over a query word's spellings. */
export function spelledFit(pattern, spelled) {
  return Math.max(...spelled.map((word) => termFit(pattern, word)));
}

/** Where a term's words stand in the query (each word's spellings), in any order, each on a
 * word of its own (or on one of its kin: `kin`, wordsOf's for the term): the query words'
 * indexes and whether every one is as written, or null. */
export function termPlaces(pattern, spelled, kin) {
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

/** The carrying words a concept's vocabulary as a whole holds (BAG), or null: `fitting`, the
 * indexes of the carrying words (`meaningful`) its vocabulary fits. */
export function bagPlaces(fitting, meaningful, words, rule = BAG) {
  const enough = fitting.length >= rule.words && fitting.length >= rule.share * meaningful.length;
  return enough && fitting.some((index) => words[index].length >= rule.long) ? fitting : null;
}

/* Or a situation holds fewer of the query's words, but the rare ones: at least SITUATION_RARE
 * of the query's weight, each word weighing 1 / the concepts and situations holding it.  A
 * director tells what happened around the telling word ("motspelaren påpekade partnerns fel
 * under spelet": "påpekade", drawing attention, is Law 9's; "motspelare", "fel" and "spel" are in
 * dozens of situations, and their sum named 56 and 54). */
export const SITUATION_RARE = 0.4;

/** The carrying words a situation's phrases as a whole hold (SITUATION_BAG), or the rare ones
 * (SITUATION_RARE), or null; `holders`: how many concepts and situations fit each word. */
export function situationBag(fitting, meaningful, words, holders) {
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
 * väärästä kädestä" (three words held firmly), before 54's "aloituslähtö väärästä kädestä". */
export const LOOSE_WORD = 0.5;
