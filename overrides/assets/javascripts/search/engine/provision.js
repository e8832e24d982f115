/* bridge-laws search engine: provision queries (12C1(b), lag 16, 16 §, Yasa 45, przepis 16B2,
 * punkt 13, SBL 3, 3.1) and the hits of a law's provision or a regulation's point in each text of
 * the language, from the data embedded in the search page (bridgelaws/search/engine_data.py).
 * Pure: the language's data, its fold and the site's root URL in, hits out. */
import { referenceRules } from "../../refs.js";
import { siteUrl as siteUrlOf } from "./text.js";

/** The provisions of one language's texts (data.json); `root`: the URL of the site's root. */
export function provisionReader(data, fold, root) {
  /** A root-relative site URL from the data ("fi/2007/13/#13A") as a path from the host. */
  function siteUrl(path) {
    return siteUrlOf(path, root);
  }

  const { lawOf, citedSegments, ancestors, anchorOf } = referenceRules(data.refs);
  const POINT_PREFIX = data.refs.point.prefix;
  const POINT_SEPARATOR = data.refs.point.separator;

  // -- provision queries --------------------------------------------------------------------------

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
    // a provision as a folded query writes it, no spaces or brackets ("12c1b")
    const match = citedSegments(cited);
    if (!match) return null;
    const [law, section, item, sub, subsub] = match;
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
    const hub = (field) => data.hub[field].replace("{n}", law);
    const rules = data.lawTitles[law];
    if (Array.isArray(rules)) {
      // a number that is another rule in another edition (search.py's law_titles: [editions,
      // title] per rule, newest first): the part of the page of each rule no text here holds,
      // in the edition asked for; a concept's rule is the newest's (its refs number as it does)
      for (const [names, title] of origin === "synonym" ? rules.slice(0, 1) : rules) {
        const editions = names.split(" ");
        if (edition && !editions.includes(edition)) continue;
        if (hits.some((hit) => hit.rank <= 1 && lawOf(hit.anchor) === law && editions.includes(hit.edition))) continue;
        const at = data.hub.at.replace("{e}", editions[0]);
        hits.push({ key: hub("key") + at, url: siteUrl(hub("url") + at), anchor: "", label: hub("label"), title, edition: editions.join(", "), rank: 4, missing: true, origin });
      }
    } else if (!hits.some((hit) => hit.rank <= 1 && lawOf(hit.anchor) === law)) {
      // no text of this language (or edition) has the law: its page says where to read it; nor
      // when the texts have it under another number only (2017 72C was 2007 and 1997 Law 23): the
      // law that governs it now has its page beside them
      // the language has a text of the law, of another edition: the page is for the newest one's
      const newer = data.docs.some((doc) => doc.laws[law] && editionWanted(doc, edition)) && data.hub.edition;
      // the law's title in this language: search.py leaves out the one of the first text holding it
      const title = rules ?? data.docs.find((doc) => doc.laws[law])?.laws[law].title ?? "";
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
      // a point's letter as the document prints it: PZBS's 25.1.A, the Finnish federation's 6.4.a
      const present = new Map([top, ...anchorsOf(top, point)].map((anchor) => [anchor.toLowerCase(), anchor]));
      const anchor = chain.map((candidate) => present.get(candidate.toLowerCase())).find(Boolean);
      hits.push({ key: point.key, url: siteUrl(point.url + "#" + anchor), anchor, label: point.label, title: point.title, edition: doc.edition, rank: 0, origin: "provision" });
    }
    return hits;
  }

  return { lawOf, parseProvision, lawHits, pointHits, EXACT_POINT, PART_POINT };
}
