/* bridge-laws: a reader's bookmarks and notes, kept in this browser only (localStorage), and
 * the build's data on where each provision is in the other texts (notes/where.json, written by
 * bridgelaws/stage4_render/notes.py), fetched only when there is a note to place.
 *
 * A note is named by the text it was written on, its law (or point) and the provision's anchor:
 * {doc: "fi-2007", law: 16, ref: "16B1", star: true, note: "see 73C", updated: "2026-…"}.
 * The export file is {format: "bridge-laws-notes", version: 1, items: [note, …]}
 * (docs/notes.schema.json; its format, version and longest note are the build's data); an import checks every item against the data, keeps the good ones
 * and says which were refused and why; nothing the reader has is dropped by an import.
 */
export const STORAGE_KEY = "bridgelaws-notes-v1";

export function keyOf(item) {
  return item.doc + "/" + item.law + "#" + item.ref;
}

/** A new element of the page: `tag` with `className`, and `text` as its text (never markup). */
export function element(tag, className, text) {
  const made = document.createElement(tag);
  made.className = className;
  if (text !== undefined) {
    made.textContent = text;
  }
  return made;
}

/** An anchor as readers write it (`12C1b` → `12C1(b)`), by the reference `rules` (refs.js); an
 * anchor that is no provision's (a law's number) as it is. */
export function anchorText(rules, anchor) {
  const ref = rules.refOf(anchor);
  return ref === null ? anchor : rules.display(ref);
}

export function format(template, values) {
  return String(template).replace(/\{(\w+)\}/g, function (all, key) { return key in values ? values[key] : all; });
}

// {ok: false} when the browser keeps nothing (storage off): the page says so on a save
export function readNotes() {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const data = raw ? JSON.parse(raw) : null;
    return { ok: true, items: data && Array.isArray(data.items) ? data.items : [] };
  } catch (error) {
    return { ok: false, items: [] };
  }
}

export function writeNotes(items) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ items: items }));
    return true;
  } catch (error) {
    return false;
  }
}

/** The notes with `item` in its place (a note with neither star nor text is removed). */
export function withNote(items, item) {
  const key = keyOf(item);
  const others = items.filter(function (other) { return keyOf(other) !== key; });
  return item.star || item.note ? others.concat([item]) : others;
}

let fetched = null;
/** The build's data (notes/where.json), fetched once per page. */
export function whereData(url) {
  if (!fetched) {
    fetched = fetch(url).then(function (response) {
      if (!response.ok) {
        throw new Error(response.status + " " + url);
      }
      return response.json();
    });
  }
  return fetched;
}

const own = Object.prototype.hasOwnProperty;

/** Why `item` cannot be kept, as [reason, values] (ui.toml notes_reason_<reason>), or null. */
export function refusal(item, where) {
  if (!item || typeof item !== "object" || Array.isArray(item)) {
    return ["item", {}];
  }
  const types = { doc: "string", ref: "string", star: "boolean", note: "string", updated: "string" };
  for (const field of ["doc", "law", "ref", "star", "note", "updated"]) {
    const value = item[field];
    const required = field === "doc" || field === "law" || field === "ref";
    if (value === undefined && !required) {
      continue;
    }
    const fits = field === "law" ? (Number.isInteger(value) && value > 0) || typeof value === "string" : typeof value === types[field];
    if (!fits) {
      return ["type", { field: field }];
    }
  }
  if (!own.call(where.docs, item.doc)) {
    return ["doc", { doc: item.doc }];
  }
  const law = where.at[item.doc][String(item.law)];
  if (!law || !own.call(law, item.ref)) {
    return ["provision", { doc: where.docs[item.doc].name, law: String(item.law), ref: item.ref }];
  }
  if ((item.note || "").length > where.max) {
    return ["long", { max: where.max }];
  }
  if (!item.star && !(item.note || "").trim()) {
    return ["empty", {}];
  }
  return null;
}

/** The kept form of a checked item: its fields and nothing else. */
function clean(item) {
  return {
    doc: item.doc,
    law: item.law,
    ref: item.ref,
    star: item.star === true,
    note: item.note || "",
    updated: item.updated || new Date().toISOString(),
  };
}

/** A file's text read: {error: [reason, values]} for a file that is not a notes file at all,
 * else {items, refused: [{n, reason: [reason, values]}]}, n counted from 1. */
export function readFile(text, where) {
  let data;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { error: ["json", {}] };
  }
  if (!data || typeof data !== "object" || data.format !== where.format || !Array.isArray(data.items)) {
    return { error: ["format", {}] };
  }
  if (data.version !== where.version) {
    return { error: ["version", { version: String(data.version) }] };
  }
  const items = [];
  const refused = [];
  data.items.forEach(function (item, index) {
    const reason = refusal(item, where);
    if (reason) {
      refused.push({ n: index + 1, reason: reason });
    } else {
      items.push(clean(item));
    }
  });
  return { items: items, refused: refused };
}

/** The reader's notes with `imported` added: nothing is lost.  The same provision in both keeps
 * its star if either has it, and both texts where they differ (one holding the other: the longer). */
export function merged(existing, imported) {
  const byKey = new Map(existing.map(function (item) { return [keyOf(item), item]; }));
  imported.forEach(function (item) {
    const key = keyOf(item);
    const before = byKey.get(key);
    if (!before) {
      byKey.set(key, item);
      return;
    }
    const a = before.note || "";
    const b = item.note || "";
    const note = a.indexOf(b) >= 0 ? a : b.indexOf(a) >= 0 ? b : a + "\n\n" + b;
    const updated = (before.updated || "") > (item.updated || "") ? before.updated : item.updated;
    byKey.set(key, Object.assign({}, before, { star: !!(before.star || item.star), note: note, updated: updated }));
  });
  return Array.from(byKey.values());
}

export function exportText(items, where) {
  const file = { format: where.format, version: where.version, exported: new Date().toISOString(), items: items };
  return JSON.stringify(file, null, 1);
}

/** Where `item` is in text `doc` (where.json's "at"): {anchors, how} ("split", "merged" or
 * ""); {law} where nothing corresponds (that law's page lists it); null where `doc` lacks it. */
export function placeIn(where, item, doc) {
  if (item.doc === doc) {
    return { anchors: [item.ref], how: "" };
  }
  const law = where.at[item.doc] && where.at[item.doc][String(item.law)];
  const place = law && law[item.ref] ? law[item.ref][doc] : undefined;
  if (place === undefined) {
    return null;
  }
  if (typeof place === "number") {
    return { law: String(place) };
  }
  if (Array.isArray(place)) {
    return { anchors: place, how: "" };
  }
  return place.split ? { anchors: place.split, how: "split" } : { anchors: place.merged, how: "merged" };
}

/** The URL (from the site's root) of law or point `law` of `doc`, at `anchor` if given. */
export function urlOf(where, doc, law, anchor) {
  return where.docs[doc].law.replace("{n}", law) + (anchor ? "#" + anchor : "");
}
