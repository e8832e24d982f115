/* bridge-laws: per provision, on law and point pages (overrides/main.html loads it there).
 * The build writes #cite-status (bridgelaws/stage4_render/provisions.py): the live region this
 * script announces in, with the interface strings of the page's language, how a citation is
 * written in it ("lag {ref}", "PZBS {ref}") and the reference syntax, so that the script has
 * no rule of its own.  Without script, a provision reached through a link still shows its
 * links to the other editions (laws.css, :target).
 */
// A module: its scope is its own, and it runs after parsing (like defer).
import { referenceRules } from "./refs.js";

//  - the provision reached through a link shows its toolbar, with "copy citation" (the
//    citation and its permalink, announced in #cite-status; where the clipboard API is missing,
//    the text is selected in a box to copy by hand);
//  - a link to a provision this text lacks (#13A1 where the text has 13A, #99Z) says so in a
//    line above the nearest provision it has (the longest ancestor, else the law) and shows
//    that one; a hash written as readers write it (#12C1(b), #12c1b) finds its provision.
function provisionTools(status) {
  var ui = status.dataset;
  var rules = referenceRules(JSON.parse(ui.syntax));
  // lower case → the id, for every provision on the page (a Map: a hash such as "#__proto__"
  // or "#constructor" names no key of it, where a plain object has them all)
  var ids = new Map();
  document.querySelectorAll(".md-content [id]").forEach(function (element) {
    if (rules.refOf(element.id) !== null) {
      ids.set(element.id.toLowerCase(), element.id);
    }
  });

  function format(template, values) {
    return template.replace(/\{(\w+)\}/g, function (all, key) { return key in values ? values[key] : all; });
  }

  function citation(id) {
    return format(ui.cite, { ref: rules.display(rules.refOf(id)) });
  }

  function permalink(id) {
    return location.href.split("#")[0] + "#" + id;
  }

  // The toolbar of the provision with id `id`: in a paragraph, its first child; after a
  // heading, the block that follows it; for a provision that lends its label to its first
  // item's paragraph (an empty <span id>), one of its own after that span.
  function toolbarOf(element) {
    if (/^H[1-6]$/.test(element.tagName)) {
      var after = element.nextElementSibling;
      if (!after || !after.classList.contains("pv-after")) {
        after = document.createElement("p");
        after.className = "pv-after";
        element.insertAdjacentElement("afterend", after);
      }
      return { box: after, bar: after.querySelector(".pv") || after.appendChild(bar()) };
    }
    if (element.tagName === "SPAN") {
      var own = element.nextElementSibling;
      if (!own || !own.classList.contains("pv") || own.getAttribute("data-for") !== element.id) {
        own = bar();
        own.setAttribute("data-for", element.id);
        element.insertAdjacentElement("afterend", own);
      }
      return { box: own, bar: own };
    }
    var first = element.firstElementChild;
    var existing = first && first.classList.contains("pv") && !first.hasAttribute("data-for") ? first : null;
    var made = existing || element.insertBefore(bar(), element.firstChild);
    return { box: made, bar: made };
  }

  function bar() {
    var span = document.createElement("span");
    span.className = "pv";
    return span;
  }

  function copyButton(id) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "pv-copy";
    button.textContent = ui.copyCitation;
    button.addEventListener("click", function () { copy(id, button); });
    return button;
  }

  function copy(id, button) {
    var text = citation(id) + " — " + permalink(id);
    function done() {
      button.classList.add("is-done");
      say(format(ui.copied, { text: citation(id) }));
    }
    function byHand() {
      var box = button.parentNode.querySelector(".pv-manual");
      if (!box) {
        box = document.createElement("input");
        box.className = "pv-manual";
        box.readOnly = true;
        box.setAttribute("aria-label", ui.copyCitation);
        button.parentNode.appendChild(box);
      }
      box.value = text;
      box.focus();
      box.select();
      var copied = false;
      try {
        copied = document.execCommand("copy");
      } catch (error) { /* not allowed: the text stays selected */ }
      if (copied) {
        done();
      } else {
        say(ui.copyManual);
      }
    }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(done, byHand);
    } else {
      byHand();
    }
  }

  // The same words twice (a second copy) are announced again only if the region changes.
  function say(message) {
    status.textContent = "";
    setTimeout(function () { status.textContent = message; }, 0);
  }

  function open(element, id) {
    var tools = toolbarOf(element);
    if (!tools.bar.querySelector(".pv-copy")) {
      tools.bar.insertBefore(copyButton(id), tools.bar.firstChild);
    }
    tools.box.classList.add("is-open");
    // notes.js adds Bookmark and Note to the toolbar
    tools.bar.setAttribute("data-provision", id);
    document.dispatchEvent(new CustomEvent("provision:open", { detail: { id: id, bar: tools.bar } }));
  }

  function reset() {
    document.querySelectorAll(".md-content .is-open, .md-content .is-target").forEach(function (element) {
      element.classList.remove("is-open", "is-target");
    });
    document.querySelectorAll(".md-content .pv-missing").forEach(function (note) { note.remove(); });
    document.querySelectorAll(".md-content .pv-copy.is-done").forEach(function (button) {
      button.classList.remove("is-done");
    });
  }

  // What a hash written by a reader names, as this page's ids write it: "12C1(b)" and
  // "12c1b" → "12C1b"; "3.1.A" and "point:3.1.a" → "p3-1-A" on a point page.  Null: no
  // provision.  The canonical form, and the ancestors to fall back on, are refs.py's.
  function canonical(hash) {
    var bare = hash.replace(/[\s()]/g, "");
    var point = /^(?:point:|p)?([0-9]+(?:[.\-:][0-9A-Za-z]+)*)\.?$/i.exec(bare);
    if (point && document.querySelector("h1[id^='p']")) {
      return rules.refOf("p" + point[1].split(/[.\-:]/).join("-"));
    }
    var law = /^([0-9]{1,2})([A-Za-z]?)([0-9A-Za-z]*)\.?$/.exec(bare.replace(/\./g, ""));
    return law ? rules.refOf(law[1] + law[2].toUpperCase() + law[3].toLowerCase()) : null;
  }

  function find(ref) {
    var anchor = rules.anchorOf(ref);
    return ids.get(anchor.toLowerCase()) || null;
  }

  // The page's note for paper (laws.css prints it, provisions.py writes it): the address the
  // reader has, and the provision reached through a link after the law's citation.
  var printNote = document.querySelector(".print-note");
  function notePrint(id) {
    if (!printNote) {
      return;
    }
    var element = id && document.getElementById(id);
    printNote.querySelector(".print-note__address").textContent = location.href;
    printNote.querySelector(".print-note__provision").textContent =
      element && element.tagName !== "H1" ? " · " + citation(id) : "";
  }

  function arrive() {
    reset();
    notePrint(null);
    var hash = decoded(location.hash.slice(1));
    if (!hash) {
      return;
    }
    var element = document.getElementById(hash);
    if (element) {
      if (rules.refOf(hash) !== null && element.tagName === "SPAN") {
        show(hash, null); // a provision that lends its label: its paragraph shows it
      } else if (rules.refOf(hash) !== null) {
        open(element, hash);
        notePrint(hash);
        reveal(element);
      }
      return; // a provision, a footnote, a term (the browser shows the last two)
    }
    var ref = canonical(hash);
    var found = ref && find(ref);
    if (found) { // a variant of an id the page has: show it and write the URL as the page does
      history.replaceState(null, "", "#" + found);
      show(found, null);
      return;
    }
    var chain = ref ? rules.ancestors(ref) : [];
    var nearest = chain.map(find).filter(Boolean)[0] || document.querySelector(".md-content h1[id]").id;
    show(nearest, ref ? rules.display(ref) : shortened(hash));
  }

  // A hash as the reader's address has it, decoded where it is well-formed: a malformed escape
  // ("#%E0%A4%A") is kept as typed rather than stopping the script.
  function decoded(raw) {
    try {
      return decodeURIComponent(raw);
    } catch (error) {
      return raw;
    }
  }

  // What the line above the nearest provision quotes of a hash that names none: no more than a
  // provision's length, so a hash of a thousand characters does not fill the page.
  var QUOTED = 64;
  function shortened(hash) {
    return hash.length > QUOTED ? hash.slice(0, QUOTED) + "…" : hash;
  }

  function show(id, missing) {
    var element = document.getElementById(id);
    var box = element.tagName === "SPAN" ? element.parentNode : element;
    box.classList.add("is-target");
    open(element, id);
    notePrint(id);
    var into = box;
    if (missing !== null) {
      var note = document.createElement("p");
      note.className = "pv-missing";
      note.textContent = format(ui.missingProvision, { ref: missing, nearest: citation(id) });
      say(note.textContent);
      box.insertAdjacentElement(box.tagName === "H1" ? "afterend" : "beforebegin", note);
      into = box.tagName === "H1" ? box : note;
    }
    reveal(into);
  }

  // Scroll a provision into view below the sticky header (laws.css: scroll-margin-top), with
  // the heading of its section when it is the section's first provision and both fit in the
  // top half of the window: the heading says what the provision is about, and would otherwise
  // be left half under the header.
  function reveal(box) {
    var heading = box.previousElementSibling;
    if (heading && heading.classList.contains("pv-after")) {
      heading = heading.previousElementSibling;
    }
    var withHeading = heading && /^H[1-6]$/.test(heading.tagName) &&
      box.getBoundingClientRect().top - heading.getBoundingClientRect().top < window.innerHeight / 2;
    var view = withHeading ? heading : box;
    view.scrollIntoView();
    if (document.readyState !== "complete") {
      // the browser scrolls to the address's fragment once more when the page has loaded
      window.addEventListener("load", function () { view.scrollIntoView(); }, { once: true });
    }
  }

  // A tap or click on a provision's label (or a heading's ¶) opens the provision's toolbar;
  // the label's pop-up ("Link to this provision", theme.js's pop-up for its title, shown
  // while the label is hovered or focused) would then stay on a phone, where a tap leaves the
  // label hovered, and cover the text and the toolbar: a pointer's activation ends both.
  // A keyboard's (event.detail 0) keeps the focus where the reader is.
  document.querySelector(".md-content").addEventListener("click", function (event) {
    var label = event.target instanceof Element ? event.target.closest("a.pv-a, a.headerlink") : null;
    if (label && event.detail > 0) {
      label.dispatchEvent(new MouseEvent("mouseleave"));
      label.blur();
    }
  });

  window.addEventListener("hashchange", arrive);
  arrive();
}

var provisionStatus = document.getElementById("cite-status");
if (provisionStatus) {
  provisionTools(provisionStatus);
}
