/* bridge-laws: the language menu of an interface page (the term base, compare, numbering, "where
 * to read", coverage, the laws index) opens its other language's version at the same place:
 * /fi/terms/50-59/#penalty-card → /sv/terms/50-59/#penalty-card.  Without script the links still
 * work (to the page's top).  Loaded on every page but the law pages and the search pages: a law
 * page's menu keeps the provision through the build's data (keep-place.js), and this script is
 * not part of a law page's first visit.
 */
(function () {
  "use strict";
  if (document.getElementById("language-provisions")) {
    return; // a page whose menu keep-place.js places by the build's data
  }

  // An interface page (the term base, compare, numbering, "where to read", coverage, the laws
  // index) is the same page in every language, with the same anchors: the menu's link to its
  // version in another language (the same path but for the language folder) keeps the reader's
  // place, the hash, and on a compare view the texts chosen (?c=, compare.js keeps it in the
  // address).  A search's ?q= is not kept: its words are the page's language's.
  var config = document.getElementById("__config");
  var root = new URL((config ? JSON.parse(config.textContent).base : ".").replace(/\/?$/, "/"), location.href);
  var menuLanguages = Array.prototype.slice.call(document.querySelectorAll("a.md-select__link[hreflang]"))
    .map(function (link) { return link.getAttribute("hreflang"); });

  function withoutLanguage(url) {
    var parts = url.pathname.slice(root.pathname.length).split("/");
    if (menuLanguages.indexOf(parts[0]) >= 0) {
      parts.shift();
    }
    return parts.join("/");
  }

  function samePlace(link) {
    if (!link.hasAttribute("data-base")) {
      link.setAttribute("data-base", link.getAttribute("href").split("#")[0]);
    }
    var base = link.getAttribute("data-base");
    if (withoutLanguage(new URL(base, location.href)) !== withoutLanguage(location)) {
      return base;
    }
    var texts = new URLSearchParams(location.search).get("c");
    return base + (texts ? "?c=" + encodeURIComponent(texts).replace(/%2C/g, ",") : "") + location.hash;
  }

  function placeLinks() {
    Array.prototype.slice.call(document.querySelectorAll("a.md-select__link[hreflang]")).forEach(function (link) {
      link.setAttribute("href", samePlace(link));
    });
  }

  // at a click, the address as it is now: compare.js rewrites ?c= in place
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a.md-select__link[hreflang]");
    if (link) {
      link.setAttribute("href", samePlace(link));
    }
  });
  window.addEventListener("hashchange", placeLinks);
  placeLinks();
})();
