/* bridge-laws: what every page needs beyond Material (keep-place.js keeps the reader's
 * provision across editions and languages, compare.js chooses the compare view's texts; neither
 * is loaded on the search pages).
 *  1. Named sub-navigation landmarks (Material leaves them without a name).
 *  2. Offline: registers the service worker (/sw.js, written by bridgelaws.offline) and asks it
 *     to keep the reader's language — every law page, the compare views and search — for use
 *     with no network; the footer says when that is done, or that it cannot be done here
 *     (plain HTTP), or, on a page an older version of the site answered, that a newer version
 *     is ready, with a reload.
 *  3. On the English landing page, a hint to the home of a language the browser asks for.
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

  // For keep-place.js and compare.js, loaded after this script where their pages need them.
  window.bridgelaws = { filled: filled };
})();
