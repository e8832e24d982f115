/* bridge-laws search engine: text helpers every part of the engine shares (a query's length, a
 * string's template, folding a language's text, the site's URLs and the keys of the files a word
 * is in).  Pure: no DOM, no network; what differs per language or site comes as an argument. */

/** The query as searched: at most `most` characters (search.toml [engine] max_query), cut at a
 * space when there is one.  The status line says when a query was cut: variants, provision
 * reading and Pagefind grow faster than the query. */
export function searchable(query, most) {
  if (query.length <= most) return query;
  const cut = query.slice(0, most + 1);
  const space = cut.search(/\s\S*$/);
  return (space > 0 ? cut.slice(0, space) : cut.slice(0, most)).trim();
}

export function format(template, values) {
  return template.replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all));
}

/** Text decomposed and its accents dropped: the data's fold `marks` (bridgelaws/search/langmodel.py
 * fold_data, the one rule), nothing else ("dışında" → "dısında": its ı is a letter, not an accent). */
export function markDropper(marks) {
  const dropped = new RegExp(`[${marks}]`, "gu");
  return (text) => text.normalize("NFD").replace(dropped, "");
}

/** The fold of a language: lower case in the language (Turkish İ/I), its accents dropped
 * (markDropper), then the data's fold `letters` replaced ("İHLAL" → "ihlal", "Łódź" → "lodz"). */
export function folder(lang, { marks, letters }) {
  const dropMarks = markDropper(marks);
  const replaced = new RegExp(`[${Object.keys(letters).join("")}]`, "gu");
  return function fold(text) {
    return dropMarks(text.toLocaleLowerCase(lang)).replace(replaced, (letter) => letters[letter]);
  };
}

/** A search.toml list of words (`word*`: any word starting so) as a folded regex alternation. */
export function alternatives(words, fold) {
  return words
    .map((word) => {
      const written = fold(word.replace(/\*$/, "")).replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+");
      return word.endsWith("*") ? written + "\\p{L}*" : written;
    })
    .join("|");
}

/** How many first letters two words share. */
export function sharedStart(a, b) {
  let shared = 0;
  while (shared < a.length && shared < b.length && a[shared] === b[shared]) shared++;
  return shared;
}

/** A root-relative site URL from the data ("fi/2007/13/#13A") as a path from the host, the
 * site's root being the URL `root`. */
export function siteUrl(path, root) {
  const url = new URL(path, root);
  return url.pathname + url.hash;
}

/** How the files fetched for a folded word are keyed, from the data's `fileKeys` (bridgelaws/search/
 * engine_data.py FileKey, the one rule): its first `length` characters, each outside `keep` as
 * `other` (the situations': "lahti" → "lah", "ölü" → "_l_"). */
export function fileKeyer({ length, keep, other }) {
  const outside = new RegExp(`[^${keep}]`, "gu");
  return (word) => [...word].slice(0, length).join("").replace(outside, other);
}

/** The keys of `length` letters of some files (word_files.py packed_keys: "aan aiehk =kj" is
 * aan, aie, aih, aik and kj when keys are three letters long). */
export function unpackKeys(packed, length) {
  const tokens = packed.split(" ").filter(Boolean);
  const start = length - 1;
  return new Set(tokens.flatMap((token) => (token.startsWith("=") ? [token.slice(1)] : [...token.slice(start)].map((last) => token.slice(0, start) + last))));
}
