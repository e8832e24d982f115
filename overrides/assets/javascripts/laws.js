/* bridge-laws: the two behaviours Material does not have.
 *  1. The edition switcher keeps the reader at the same provision: /fi/2007/13/#13B → /fi/1997/13/#13B.
 *  2. The compare view shows the texts chosen in ?c=id,id[,id] and, for two editions of one
 *     language, the build-time redline of the newer one; the choice stays in the URL to share.
 *  3. Named sub-navigation landmarks (Material leaves them without a name).
 *  4. Offline: registers the service worker (/sw.js, written by bridgelaws.offline) and asks it
 *     to keep the reader's language — every law page, the compare views and search — for use
 *     with no network; the footer says when that is done.
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

  var KEEP_DELAY_MS = 3000;

  function siteRoot() {
    var config = document.getElementById("__config");
    var base = config ? JSON.parse(config.textContent).base : ".";
    return new URL(base.replace(/\/?$/, "/"), location.href);
  }

  function showOffline(message) {
    var root = document.documentElement;
    root.setAttribute("data-offline", message.type === "offline-ready" ? "ready" : "failed");
    root.setAttribute("data-offline-version", message.version || "");
    root.setAttribute("data-offline-fetched", String(message.fetched || 0));
    var place = document.querySelector(".md-footer-meta .md-copyright");
    var text = uiString("offline-ready");
    if (!place || !text || message.type !== "offline-ready") {
      return;
    }
    var status = document.querySelector(".offline-status") || document.createElement("p");
    status.className = "offline-status";
    status.textContent = text;
    place.appendChild(status);
  }

  function keepOffline() {
    if (!("serviceWorker" in navigator) || !window.isSecureContext) {
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

  // The edition switcher keeps the reader's provision: the link says, as data written by the
  // build from the concordance, where each provision of this law is in that edition ("" for
  // none: then the law, with a one-line note; never the same number in another edition).
  var NOTE_KEY = "bridgelaws-edition-note";
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a.keep-hash");
    if (!link || !location.hash) {
      return;
    }
    var base = link.getAttribute("href").split("#")[0];
    var here = decodeURIComponent(location.hash.slice(1));
    var map = link.getAttribute("data-provisions");
    if (!map) {
      link.setAttribute("href", base + location.hash);
      return;
    }
    var target = JSON.parse(map)[here];
    if (target) {
      link.setAttribute("href", target);
      return;
    }
    link.setAttribute("href", base);
    var nav = link.closest(".edition-switch");
    var note = nav && nav.getAttribute("data-none");
    if (note) {
      try {
        sessionStorage.setItem(NOTE_KEY, note.replace("{edition}", link.getAttribute("data-edition") || "").replace("{ref}", here));
      } catch (error) { /* storage off: the law still opens */ }
    }
  });

  var arrivedWithout = null;
  try {
    arrivedWithout = sessionStorage.getItem(NOTE_KEY);
    sessionStorage.removeItem(NOTE_KEY);
  } catch (error) { /* storage off */ }
  var switcher = document.querySelector(".edition-switch");
  if (arrivedWithout && switcher) {
    var line = document.createElement("p");
    line.className = "edition-note";
    line.setAttribute("role", "status");
    line.textContent = arrivedWithout;
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

  var wanted = new URLSearchParams(location.search).get("c");
  if (wanted) {
    var ids = wanted.split(",");
    boxes.forEach(function (box) { box.checked = ids.indexOf(box.value) >= 0; });
  }
  boxes.forEach(function (box) { box.addEventListener("change", function () { apply(true); }); });
  if (changes) {
    changes.addEventListener("change", function () { apply(false); });
  }
  apply(false);
})();
