/* bridge-laws: My notes (/notes/, /fi/notes/ …; the build writes #notes-page, notes.py).
 * Every bookmark and note this browser keeps, grouped by law, each a link to the reader's own
 * text of it: the text the language menu opens for the law in the page's language (the build's
 * "reads"), at the provision corresponding to the one the note was written on; a language
 * without that law links to a text of its language that has the provision, else to the text
 * the note was written on.  A filter box; export to a file, import from one (every item
 * checked, the refused ones listed with why); delete one, or clear all, after a confirmation.
 * Text only: textContent, never markup.
 */
import { referenceRules } from "./refs.js";
import * as store from "./notes-store.js";
import { element } from "./notes-store.js";

function myNotes(box) {
  const ui = JSON.parse(box.dataset.strings);
  const lang = box.dataset.lang;
  const root = new URL(box.dataset.root, location.href);
  const whereUrl = new URL(box.dataset.where, location.href).href;
  const list = box.querySelector(".notes-list");
  const status = box.querySelector(".notes-status");
  const filter = box.querySelector("#notes-filter");
  box.hidden = false;

  function tell(message, details) {
    status.textContent = "";
    const line = element("p", "notes-status__line", message);
    status.append(line);
    if (details && details.length) {
      const reasons = element("ul", "notes-status__refused");
      details.forEach(function (text) { reasons.append(element("li", "", text)); });
      status.append(reasons);
    }
  }

  // The reader's own text of `item`: [doc, law, anchor or ""], by the build's data.
  function ownPlace(where, item) {
    const candidates = [];
    const reads = where.reads[item.doc] && where.reads[item.doc][String(item.law)];
    if (where.docs[item.doc].lang === lang) {
      candidates.push(item.doc);
    }
    if (reads && reads[lang]) {
      candidates.push(reads[lang]);
    }
    Object.keys(where.docs).sort().forEach(function (doc) {
      if (where.docs[doc].lang === lang) {
        candidates.push(doc);
      }
    });
    for (const doc of candidates) {
      const place = store.placeIn(where, item, doc);
      if (place && place.anchors) {
        const anchor = place.anchors[0];
        const law = doc === item.doc ? String(item.law) : where.rules.lawOf(where.rules.refOf(anchor) || "");
        return [doc, law, anchor];
      }
      if (place && doc === (reads && reads[lang])) {
        return [doc, place.law, ""];
      }
    }
    return [item.doc, String(item.law), item.ref];
  }

  function display(where, anchor) {
    return store.anchorText(where.rules, anchor);
  }

  function entry(where, item) {
    const [doc, law, anchor] = ownPlace(where, item);
    const row = element("li", "my-note");
    row.setAttribute("data-note", store.keyOf(item));
    const link = element("a", "my-note__link", where.docs[doc].name + " · " + display(where, anchor || law));
    link.href = new URL(store.urlOf(where, doc, law, anchor), root).href;
    link.hreflang = where.docs[doc].lang;
    const head = element("p", "my-note__head");
    if (item.star) {
      const starMark = element("span", "pv-note__star", "★");
      starMark.setAttribute("role", "img");
      starMark.setAttribute("aria-label", ui.bookmarked);
      head.append(starMark, " ");
    }
    head.append(link);
    const place = link.textContent;
    const remove = element("button", "my-note__delete", ui.delete);
    remove.type = "button";
    remove.setAttribute("aria-label", store.format(ui.delete_one, { place: place }));
    remove.addEventListener("click", function () { forget(item, place, row); });
    head.append(" ", remove);
    row.append(head);
    if (doc !== item.doc || anchor !== item.ref) {
      row.append(element("p", "my-note__from", store.format(ui.written_on, {
        text: where.docs[item.doc].name, ref: display(where, item.ref),
      })));
    }
    if (item.note) {
      row.append(element("p", "pv-note__text", item.note));
    }
    return { row: row, doc: doc, law: law };
  }

  function render() {
    const items = store.readNotes().items;
    list.textContent = "";
    if (!items.length) {
      list.append(element("p", "notes-empty", ui.empty));
      return Promise.resolve();
    }
    return store.whereData(whereUrl).then(function (where) {
      where.rules = where.rules || referenceRules(where.syntax);
      const groups = new Map();
      items.filter(function (item) { return !store.refusal(item, where); }).forEach(function (item) {
        const made = entry(where, item);
        const kind = where.docs[made.doc].name;
        const isLaw = where.docs[made.doc].laws;
        const key = (isLaw ? "0" : "1" + kind) + "/" + String(made.law).padStart(4, "0");
        if (!groups.has(key)) {
          const title = isLaw ? store.format(ui.law, { n: made.law }) : kind + " · " + store.format(ui.point, { n: made.law });
          groups.set(key, { title: title, rows: [] });
        }
        groups.get(key).rows.push(made.row);
      });
      Array.from(groups.keys()).sort().forEach(function (key) {
        const group = element("section", "my-notes__law");
        group.append(element("h2", "my-notes__title", groups.get(key).title));
        const rows = element("ul", "my-notes__items");
        groups.get(key).rows.forEach(function (row) { rows.append(row); });
        group.append(rows);
        list.append(group);
      });
      list.append(element("p", "notes-none-match", ui.none_match));
      applyFilter();
    });
  }

  function folded(text) {
    return text.toLocaleLowerCase(lang).normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  }

  function applyFilter() {
    const wanted = folded(filter.value.trim());
    let shown = 0;
    list.querySelectorAll(".my-notes__law").forEach(function (group) {
      let inGroup = 0;
      group.querySelectorAll(".my-note").forEach(function (row) {
        row.hidden = !!wanted && folded(group.firstChild.textContent + " " + row.textContent).indexOf(wanted) < 0;
        inGroup += row.hidden ? 0 : 1;
      });
      group.hidden = inGroup === 0;
      shown += inGroup;
    });
    const none = list.querySelector(".notes-none-match");
    if (none) {
      none.hidden = shown > 0;
    }
  }

  filter.addEventListener("input", applyFilter);

  box.querySelector(".notes-export").addEventListener("click", function () {
    store.whereData(whereUrl).then(function (where) {
      const blob = new Blob([store.exportText(store.readNotes().items, where)], { type: "application/json" });
      const link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = "bridge-laws-notes.json";
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(function () { URL.revokeObjectURL(link.href); }, 0);
    });
  });

  const file = box.querySelector(".notes-import__file");
  file.addEventListener("change", function () {
    const chosen = file.files && file.files[0];
    if (!chosen) {
      return;
    }
    Promise.all([chosen.text(), store.whereData(whereUrl)]).then(function ([text, where]) {
      file.value = "";
      const read = store.readFile(text, where);
      if (read.error) {
        tell(store.format(ui.bad_file, { reason: store.format(ui["reason_" + read.error[0]], read.error[1]) }));
        return;
      }
      const before = store.readNotes();
      if (!before.ok || !store.writeNotes(store.merged(before.items, read.items))) {
        tell(ui.storage_off);
        return;
      }
      const refused = read.refused.map(function (one) {
        const reason = store.format(ui["reason_" + one.reason[0]], one.reason[1]);
        return store.format(ui.refused_item, { n: one.n, reason: reason });
      });
      const message = store.format(ui.imported, { count: read.items.length }) +
        (refused.length ? " " + store.format(ui.refused, { count: refused.length }) : "");
      render().then(function () { tell(message, refused); });
    });
  });

  // One bookmark and note deleted, once the reader confirms; the focus goes to the row that
  // takes its place (else the one before it, else the filter box).
  function forget(item, place, row) {
    if (!window.confirm(store.format(ui.delete_confirm, { place: place }))) {
      return;
    }
    const shown = Array.from(list.querySelectorAll(".my-note:not([hidden])"));
    const at = shown.indexOf(row);
    const before = store.readNotes();
    const key = store.keyOf(item);
    if (!before.ok || !store.writeNotes(before.items.filter(function (other) { return store.keyOf(other) !== key; }))) {
      tell(ui.storage_off);
      return;
    }
    render().then(function () {
      tell(store.format(ui.deleted, { place: place }));
      const rows = list.querySelectorAll(".my-note:not([hidden]) .my-note__link");
      const next = rows[Math.min(at, rows.length - 1)];
      (next || filter).focus();
    });
  }

  box.querySelector(".notes-clear").addEventListener("click", function () {
    const count = store.readNotes().items.length;
    if (!count || !window.confirm(store.format(ui.clear_confirm, { count: count }))) {
      return;
    }
    store.writeNotes([]);
    render();
    tell(ui.cleared);
  });

  window.addEventListener("storage", function (event) {
    if (event.key === store.STORAGE_KEY) {
      render();
    }
  });
  render();
}

const notesBox = document.getElementById("notes-page");
if (notesBox) {
  myNotes(notesBox);
}
