/* bridge-laws: the edition switcher and the language menu keep the reader at the same provision:
 * /fi/2007/16/#16B → /fi/1997/16/#16A; /sv/2007/16/#16B1 → /fi/2007/16/#16B1.  Without script
 * the links still work (to the law's top).  Loaded after laws.js, on every page but search; an
 * interface page's language menu is same-place.js's.
 */
(function () {
  "use strict";
  var filled = window.bridgelaws.filled;

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
})();
