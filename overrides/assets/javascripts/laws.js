/* bridge-laws: the two behaviours Material does not have.
 *  1. The edition switcher and the language menu keep the reader at the same provision:
 *     /fi/2007/16/#16B → /fi/1997/16/#16A; /sv/2007/16/#16B1 → /fi/2007/16/#16B1.
 *  2. The compare view shows the texts chosen in ?c=id,id[,id] and, for two editions of one
 *     language, the build-time redline of the newer one; the choice stays in the URL to share.
 *  3. Named sub-navigation landmarks (Material leaves them without a name).
 *  4. Offline: registers the service worker (/sw.js, written by bridgelaws.offline) and asks it
 *     to keep the reader's language — every law page, the compare views and search — for use
 *     with no network; the footer says when that is done, or that it cannot be done here
 *     (plain HTTP), or, on a page an older version of the site answered, that a newer version
 *     is ready, with a reload.
 *  5. On the English landing page, a hint to the home of a language the browser asks for.
 * Without script the links still work (to the law's top) and the compare view's checkboxes still
 * choose its columns (laws.css, :has()); only ?c= needs the script.
 */
(function () {
  "use strict";

  // The page's own strings (ui.toml, in the page's language), written by main.html.
  function uiString(name) {
    var strings = document.getElementById("ui-strings");
    return (strings && strings.getAttribute("data-" + name)) || "";
  }

  // A template's {name}s filled in one pass, each value as it is: a value that holds "{ref}" or
  // "$&" (from an address) is not read as a placeholder or a replacement pattern.
  function filled(template, values) {
    return template.replace(/\{(\w+)\}/g, function (all, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : all;
    });
  }

  var KEEP_DELAY_MS = 3000;

  function siteRoot() {
    var config = document.getElementById("__config");
    var base = config ? JSON.parse(config.textContent).base : ".";
    return new URL(base.replace(/\/?$/, "/"), location.href);
  }

  // The footer's line about offline reading, in the page's language.
  function offlineStatus(text) {
    var place = document.querySelector(".md-footer-meta .md-copyright");
    if (!place || !text) {
      return;
    }
    var status = document.querySelector(".offline-status") || document.createElement("p");
    status.className = "offline-status";
    status.textContent = text;
    place.appendChild(status);
  }

  function showOffline(message) {
    var root = document.documentElement;
    root.setAttribute("data-offline", message.type === "offline-ready" ? "ready" : "failed");
    root.setAttribute("data-offline-version", message.version || "");
    root.setAttribute("data-offline-fetched", String(message.fetched || 0));
    if (message.type === "offline-ready" && message.reload) {
      offerReload();
    } else if (message.type === "offline-ready" && root.getAttribute("data-offline-update") !== "ready") {
      offlineStatus(uiString("offline-ready"));
    }
  }

  // This page came from an older version of the site (the worker that answered it has been
  // replaced, and the new one has kept the language): its text may be the old one, so the
  // footer says a newer version is ready, with a button that reloads the page from it.
  function offerReload() {
    document.documentElement.setAttribute("data-offline-update", "ready");
    offlineStatus(uiString("offline-update"));
    var status = document.querySelector(".offline-status");
    if (!status || status.querySelector("button")) {
      return;
    }
    var button = document.createElement("button");
    button.type = "button";
    button.className = "offline-reload";
    button.textContent = uiString("offline-reload");
    button.addEventListener("click", function () { location.reload(); });
    status.appendChild(document.createTextNode(" "));
    status.appendChild(button);
  }

  function keepOffline() {
    // A service worker needs a secure context (HTTPS, or localhost): over plain HTTP on a LAN
    // nothing can be kept, and the reader is told so rather than left to find out offline.
    if (!("serviceWorker" in navigator) || !window.isSecureContext) {
      document.documentElement.setAttribute("data-offline", "unavailable");
      offlineStatus(uiString("offline-unavailable"));
      return;
    }
    var root = siteRoot();
    navigator.serviceWorker.addEventListener("message", function (event) {
      if (event.data && /^offline-/.test(event.data.type)) {
        showOffline(event.data);
      }
    });
    function ask(worker) {
      if (worker) {
        worker.postMessage({ type: "keep-offline", lang: document.documentElement.lang });
      }
    }
    // a rebuilt site brings a new worker while the page is open: ask the new one too
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      ask(navigator.serviceWorker.controller);
    });
    // after the page has loaded and a moment more: the download of the language (1-2 MB) must
    // not compete with the page itself or with a first search on a slow phone network
    window.addEventListener("load", function () {
      setTimeout(function () {
        navigator.serviceWorker.register(new URL("sw.js", root).href, { scope: root.pathname }).then(function () {
          return navigator.serviceWorker.ready;
        }).then(function (registration) {
          ask(registration.active);
        }).catch(function () { /* offline reading is an extra; the page works without it */ });
      }, KEEP_DELAY_MS);
    });
  }

  keepOffline();

  // The landing page is English, the default: a reader whose browser asks for a language the
  // site has (navigator.languages) is offered that language's home, in that language; never
  // sent there (a reader who chose English stays).  The languages and their words are the
  // page's (.language-hint, written by the build from ui.toml).
  var hint = document.querySelector(".language-hint");
  if (hint) {
    var wanted = (navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ""])
      .map(function (tag) { return String(tag).toLowerCase().split("-")[0]; });
    var offer = null;
    for (var i = 0; i < wanted.length && !offer; i++) {
      offer = hint.querySelector("a[hreflang='" + wanted[i].replace(/[^a-z]/g, "") + "']");
    }
    if (offer) {
      offer.hidden = false;
      hint.hidden = false;
    }
  }

  // Material labels a section's sub-navigation by its expand toggle, which holds only an icon
  // (or is absent when the section shows only its index page),
  // so every such <nav> is announced without a name (and axe reports the landmarks as not
  // unique): name each after its section's title.
  document.querySelectorAll("nav.md-nav[aria-labelledby]").forEach(function (nav) {
    var label = document.getElementById(nav.getAttribute("aria-labelledby"));
    var title = nav.querySelector(":scope > .md-nav__title");
    if ((!label || !label.textContent.trim()) && title && title.textContent.trim()) {
      nav.removeAttribute("aria-labelledby");
      nav.setAttribute("aria-label", title.textContent.trim());
    }
  });

  // The edition switcher and the language menu keep the reader's provision: as data written by
  // the build from the concordance, each edition link (a.keep-hash, data-provisions) and each
  // language (#language-provisions, by the menu link's hreflang) says where each provision of
  // this law is in the text it opens; "" for none: then the law, with a one-line note (never the
  // same number in another edition).  A text of the same edition lists only the provisions it
  // numbers otherwise ("same"): the others keep their anchor, and that text's page says so if it
  // lacks one (provisions.js).  A language without the law opens its page saying so.
  // The links are rewritten when the hash changes, so a long press or a new tab keeps it too.
  var NOTE_KEY = "bridgelaws-edition-note";
  var languageData = document.getElementById("language-provisions");
  var languages = languageData ? JSON.parse(languageData.getAttribute("data-provisions")) : {};

  function keeping(link) {
    if (link.classList.contains("keep-hash")) {
      var map = link.getAttribute("data-provisions");
      return { map: map ? JSON.parse(map) : null, same: !map, edition: link.getAttribute("data-edition") || "" };
    }
    var language = link.classList.contains("md-select__link") && languages[link.getAttribute("hreflang")];
    return language ? { map: language.provisions, same: language.same, edition: language.edition } : null;
  }

  // Where `link` leads from the provision `here`: [href, whether there is no counterpart]
  function placeFor(link, keep, here) {
    if (!link.hasAttribute("data-base")) {
      link.setAttribute("data-base", link.getAttribute("href").split("#")[0]);
    }
    var base = link.getAttribute("data-base");
    if (!here) {
      return [base, false];
    }
    if (keep.map && Object.prototype.hasOwnProperty.call(keep.map, here)) {
      return keep.map[here] ? [keep.map[here], false] : [base, true];
    }
    return keep.same ? [base + "#" + encodeURIComponent(here), false] : [base, true];
  }

  // The provision the address names: the hash as written, decoded where it is well-formed (a
  // malformed escape, "#%E0%A4%A", is kept as typed rather than stopping the script); a hash
  // longer than any provision is none.
  var LONGEST_HASH = 64;
  function hashHere() {
    var raw = location.hash.slice(1);
    var here = raw;
    try {
      here = decodeURIComponent(raw);
    } catch (error) { /* not an escape a browser writes: kept as typed */ }
    return here.length > LONGEST_HASH ? "" : here;
  }

  function keepingLinks() {
    return Array.prototype.slice.call(document.querySelectorAll("a.keep-hash, a.md-select__link[hreflang]"));
  }

  function placeLinks() {
    var here = hashHere();
    keepingLinks().forEach(function (link) {
      var keep = keeping(link);
      if (keep) {
        link.setAttribute("href", placeFor(link, keep, here)[0]);
      }
    });
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a.keep-hash, a.md-select__link[hreflang]");
    var keep = link && keeping(link);
    var here = hashHere();
    if (!keep || !here) {
      return;
    }
    var place = placeFor(link, keep, here);
    link.setAttribute("href", place[0]);
    if (place[1]) { // the page opened writes the note in its own language (its .edition-switch)
      try {
        sessionStorage.setItem(NOTE_KEY, JSON.stringify({ edition: keep.edition, ref: here }));
      } catch (error) { /* storage off: the law still opens */ }
    }
  });
  window.addEventListener("hashchange", placeLinks);
  placeLinks();

  var arrivedWithout = null;
  try {
    arrivedWithout = JSON.parse(sessionStorage.getItem(NOTE_KEY) || "null");
    sessionStorage.removeItem(NOTE_KEY);
  } catch (error) { /* storage off, or not ours */ }
  var switcher = document.querySelector(".edition-switch");
  var template = switcher && switcher.getAttribute("data-none");
  if (arrivedWithout && template) {
    var line = document.createElement("p");
    line.className = "edition-note";
    line.setAttribute("role", "status");
    line.textContent = filled(template, { edition: arrivedWithout.edition || "", ref: arrivedWithout.ref || "" });
    switcher.insertAdjacentElement("afterend", line);
  }

  var table = document.querySelector("table.compare");
  if (!table) {
    return;
  }
  var boxes = Array.prototype.slice.call(document.querySelectorAll(".compare-choice input[name=c]"));
  var changes = document.getElementById("show-changes");

  function chosen() {
    return boxes.filter(function (box) { return box.checked; }).map(function (box) { return box.value; });
  }

  function apply(updateUrl) {
    var docs = chosen();
    table.querySelectorAll("[data-doc]").forEach(function (cell) {
      cell.hidden = docs.indexOf(cell.getAttribute("data-doc")) < 0;
    });
    table.querySelectorAll(".redline").forEach(function (redline) {
      var on = !!(changes && changes.checked) && docs.indexOf(redline.getAttribute("data-against")) >= 0;
      redline.hidden = !on;
      redline.previousElementSibling.hidden = on;
    });
    table.querySelectorAll("tbody tr").forEach(function (row) {
      var shown = row.querySelectorAll("td:not([hidden]):not(.gap)").length;
      row.hidden = shown === 0;
    });
    // a row label names only the editions shown: "1997 16A ↔ 2007 16B", not 2017's number too
    var editions = boxes.filter(function (box) { return box.checked; }).map(function (box) {
      return box.getAttribute("data-edition");
    });
    table.querySelectorAll("th[scope=row] a").forEach(function (label) {
      var parts = Array.prototype.slice.call(label.querySelectorAll(".ed-part"));
      var shown = parts.filter(function (part) { return editions.indexOf(part.getAttribute("data-edition")) >= 0; });
      if (shown.length === 0) {
        shown = parts;
      }
      parts.forEach(function (part) {
        part.hidden = shown.indexOf(part) < 0;
        var separator = part.querySelector(".ed-sep");
        if (separator) {
          separator.hidden = part === shown[0];
        }
      });
    });
    if (updateUrl) {
      var url = new URL(location.href);
      url.searchParams.set("c", docs.join(","));
      history.replaceState(null, "", url.toString());
    }
  }

  // ?c= chooses the texts; an id the law has no text for (a mistyped or made-up address,
  // "?c=xx-2099") is named in a line below the choice, with the texts the law has, and the
  // columns stay those the page ticks when the address names none of the law's texts
  var wanted = new URLSearchParams(location.search).get("c");
  if (wanted) {
    var asked = wanted.split(",").map(function (id) { return id.trim(); }).filter(Boolean);
    var known = boxes.map(function (box) { return box.value; });
    var found = asked.filter(function (id) { return known.indexOf(id) >= 0; });
    if (found.length) {
      boxes.forEach(function (box) { box.checked = found.indexOf(box.value) >= 0; });
    }
    var unknown = asked.filter(function (id) { return known.indexOf(id) < 0; });
    if (unknown.length) {
      sayUnknown(unknown);
    }
  }

  function sayUnknown(unknown) {
    var choice = document.querySelector(".compare-choice");
    var template = choice && choice.getAttribute("data-unknown");
    if (!template) {
      return;
    }
    var MOST = 5; // ids named; each as typed, cut to a text id's length
    var named = unknown.slice(0, MOST).map(function (id) {
      return "“" + (id.length > 24 ? id.slice(0, 24) + "…" : id) + "”";
    });
    var labels = boxes.map(function (box) { return box.parentNode.textContent.trim(); });
    var line = document.createElement("p");
    line.className = "compare-unknown";
    line.setAttribute("role", "status");
    line.textContent = filled(template, {
      asked: named.join(", ") + (unknown.length > MOST ? ", …" : ""),
      texts: labels.join(", "),
    });
    choice.insertAdjacentElement("afterend", line);
  }
  boxes.forEach(function (box) { box.addEventListener("change", function () { apply(true); }); });
  if (changes) {
    changes.addEventListener("change", function () { apply(false); });
  }
  apply(false);
})();
