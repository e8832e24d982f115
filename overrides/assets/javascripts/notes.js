/* bridge-laws: bookmarks and notes on law and point pages (overrides/main.html loads it there,
 * before provisions.js).  The build writes #notes-here (bridgelaws/stage4_render/notes.py): the
 * text and law a note written here is named by, where the build's data and My notes are, and
 * the strings of the page's language.
 *  - A provision's toolbar (opened by provisions.js, which announces it with "provision:open")
 *    gets Bookmark (a star, aria-pressed) and Note (a small form under the provision).
 *  - Every note the reader has shows at each provision of this text that corresponds to the
 *    one it was written on (the build's data: the same provision in another language, the
 *    concordance across editions), marked as written on the other text, with the split or
 *    merge that brings it here; one whose provision has no counterpart here is listed at the top
 *    of the page of the law the build names for it.
 * A reader without notes fetches nothing.  Notes are text: only ever textContent.
 */
import { referenceRules } from "./refs.js";
import * as store from "./notes-store.js";
import { element } from "./notes-store.js";

function notesHere(here) {
  const ui = JSON.parse(here.dataset.strings);
  const doc = here.dataset.doc;
  const law = here.dataset.law;
  const whereUrl = new URL(here.dataset.where, location.href);
  const root = new URL("../", whereUrl); // notes/where.json is one folder below the site's root
  const status = document.getElementById("cite-status");
  const rules = referenceRules(JSON.parse(status.dataset.syntax));
  let items = store.readNotes().items;

  function display(anchor) {
    return store.anchorText(rules, anchor);
  }

  function mine(anchor) {
    return items.find(function (item) { return item.doc === doc && String(item.law) === law && item.ref === anchor; });
  }

  function save(anchor, changes) {
    const before = mine(anchor) || { doc: doc, law: /^\d+$/.test(law) ? Number(law) : law, ref: anchor, star: false, note: "" };
    const item = Object.assign({}, before, changes, { updated: new Date().toISOString() });
    items = store.withNote(store.readNotes().items, item);
    const kept = store.writeNotes(items);
    say(kept ? ui.saved : ui.storage_off);
    render();
    return kept;
  }

  function say(message) {
    status.textContent = "";
    setTimeout(function () { status.textContent = message; }, 0);
  }

  // The block a provision's note goes after: its paragraph, or its heading's toolbar line.
  function blockOf(target) {
    if (target.tagName === "SPAN") {
      return target.parentNode;
    }
    const after = target.nextElementSibling;
    return /^H[1-6]$/.test(target.tagName) && after && after.classList.contains("pv-after") ? after : target;
  }

  function insertAfter(block, made) {
    let last = block;
    while (last.nextElementSibling && last.nextElementSibling.matches(".pv-note, .pv-editor")) {
      last = last.nextElementSibling;
    }
    last.insertAdjacentElement("afterend", made);
  }

  // -- the toolbar: Bookmark and Note -----------------------------------------------------
  function tools(bar, anchor) {
    if (!bar || bar.querySelector(".pv-star")) {
      return;
    }
    const star = element("button", "pv-star");
    star.type = "button";
    star.append(element("span", "pv-star__icon", ""), document.createTextNode(ui.bookmark));
    star.querySelector(".pv-star__icon").setAttribute("aria-hidden", "true");
    const edit = element("button", "pv-note-edit", ui.note);
    edit.type = "button";
    edit.setAttribute("aria-expanded", "false");
    const list = element("a", "pv-mine", ui.mine);
    list.href = here.dataset.mine;
    const copy = bar.querySelector(".pv-copy");
    const place = copy ? copy.nextSibling : bar.firstChild;
    [star, edit, list].forEach(function (made) { bar.insertBefore(made, place); });
    function showStar() {
      const on = !!(mine(anchor) && mine(anchor).star);
      star.setAttribute("aria-pressed", String(on));
      star.querySelector(".pv-star__icon").textContent = on ? "★" : "☆";
    }
    star.addEventListener("click", function () {
      save(anchor, { star: !(mine(anchor) && mine(anchor).star) });
      showStar();
    });
    edit.addEventListener("click", function () { editor(anchor, edit); });
    showStar();
  }

  function editor(anchor, opener) {
    const target = document.getElementById(anchor);
    const open = document.querySelector(".pv-editor[data-for='" + anchor + "']");
    if (open) {
      open.remove();
      opener.setAttribute("aria-expanded", "false");
      return;
    }
    const form = element("form", "pv-editor");
    form.setAttribute("data-for", anchor);
    const id = "pv-editor-" + anchor;
    const label = element("label", "pv-editor__label", store.format(ui.note_label, { ref: display(anchor) }));
    label.htmlFor = id;
    const text = element("textarea", "pv-editor__text");
    text.id = id;
    text.rows = 3;
    text.maxLength = Number(here.dataset.max);
    text.value = (mine(anchor) && mine(anchor).note) || "";
    const buttons = element("p", "pv-editor__buttons");
    const saveButton = element("button", "md-button md-button--primary", ui.save);
    saveButton.type = "submit";
    const remove = element("button", "md-button pv-editor__delete", ui.delete);
    remove.type = "button";
    const cancel = element("button", "md-button", ui.cancel);
    cancel.type = "button";
    buttons.append(saveButton, remove, cancel);
    form.append(label, text, buttons);
    function close() {
      form.remove();
      opener.setAttribute("aria-expanded", "false");
      opener.focus();
    }
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (save(anchor, { note: text.value.trim() })) {
        close();
      }
    });
    remove.addEventListener("click", function () {
      save(anchor, { note: "" });
      close();
    });
    cancel.addEventListener("click", close);
    insertAfter(blockOf(target), form);
    opener.setAttribute("aria-expanded", "true");
    text.focus();
  }

  document.addEventListener("provision:open", function (event) { tools(event.detail.bar, event.detail.id); });
  // a toolbar provisions.js opened before this script ran
  document.querySelectorAll(".pv[data-provision]").forEach(function (bar) { tools(bar, bar.dataset.provision); });

  // -- the notes at their provisions ---------------------------------------------------------
  function card(item, anchor, how) {
    const other = item.doc !== doc;
    const box = element("aside", "pv-note" + (other ? " pv-note--other" : ""));
    box.setAttribute("data-note", store.keyOf(item));
    box.setAttribute("data-at", anchor);
    const head = element("p", "pv-note__head");
    if (item.star) {
      const starMark = element("span", "pv-note__star", "★");
      starMark.setAttribute("role", "img");
      starMark.setAttribute("aria-label", ui.bookmarked);
      head.append(starMark);
    }
    return { box: box, head: head, other: other, anchor: anchor, how: how };
  }

  function fill(parts, item, where) {
    const { box, head, other, how } = parts;
    if (other) {
      const from = element("a", "pv-note__from");
      from.href = new URL(store.urlOf(where, item.doc, item.law, item.ref), root).href;
      from.hreflang = where.docs[item.doc].lang;
      from.textContent = store.format(ui.written_on, { text: where.docs[item.doc].name, ref: display(item.ref) });
      head.append(from);
    }
    if (head.childNodes.length) {
      box.append(head);
    }
    if (item.note) {
      box.append(element("p", "pv-note__text", item.note));
    }
    if (how) {
      const places = how === "split" ? parts.places.map(display).join(", ") : "";
      box.append(element("p", "pv-note__how", store.format(ui[how], { ref: display(item.ref), places: places })));
    }
    return box;
  }

  function render() {
    document.querySelectorAll(".pv-note, .notes-missing").forEach(function (old) { old.remove(); });
    if (!items.length) {
      return;
    }
    store.whereData(whereUrl.href).then(function (where) {
      document.querySelectorAll(".pv-note, .notes-missing").forEach(function (old) { old.remove(); });
      const missing = [];
      items.forEach(function (item) {
        const place = store.placeIn(where, item, doc);
        if (!place) {
          return;
        }
        if (place.law !== undefined) {
          if (place.law === law) {
            missing.push(item);
          }
          return;
        }
        place.anchors.forEach(function (anchor) {
          const target = document.getElementById(anchor);
          const onThisPage = item.doc === doc ? String(item.law) === law : rules.lawOf(rules.refOf(anchor) || "") === law;
          if (!onThisPage) {
            return;
          }
          if (!target) {
            missing.push(item);
            return;
          }
          const parts = card(item, anchor, place.how);
          parts.places = place.anchors;
          insertAfter(blockOf(target), fill(parts, item, where));
        });
      });
      if (missing.length) {
        listMissing(missing, where);
      }
    }).catch(function () { /* the data is unreachable: the page itself is unchanged */ });
  }

  function listMissing(missing, where) {
    const section = element("section", "notes-missing");
    section.append(element("p", "notes-missing__title", ui.missing));
    const list = element("ul", "notes-missing__list");
    missing.forEach(function (item) {
      const row = element("li", "pv-note pv-note--other");
      row.setAttribute("data-note", store.keyOf(item));
      fill(card(item, item.ref, ""), item, where).childNodes.forEach(function (node) { row.append(node.cloneNode(true)); });
      list.append(row);
    });
    section.append(list);
    const after = document.querySelector(".edition-switch") || document.querySelector(".law-source");
    after.insertAdjacentElement("afterend", section);
  }

  // another tab of the site changed the notes
  window.addEventListener("storage", function (event) {
    if (event.key === store.STORAGE_KEY) {
      items = store.readNotes().items;
      render();
    }
  });
  render();
}

const notesData = document.getElementById("notes-here");
if (notesData) {
  notesHere(notesData);
}
