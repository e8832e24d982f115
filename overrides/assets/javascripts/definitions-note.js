/* bridge-laws: a definitions page reached through the language menu from a definition its text
 * does not hold says so, naming the term (fi 2007 "Rangaistuskortti" → the Turkish definitions).
 * Loaded before keep-place.js, on a text's pages other than laws and points (the definitions
 * pages; not on a law page's first visit):
 * - leaving from a term's place (its <dt>), it keeps the term and its language for the next page;
 * - arriving, it reads the note keep-place.js left for a place the text lacks (keep-place.js
 *   reads it next, and removes it) and, where the place is that term's, names the term.
 */
(function () {
  "use strict";
  var EDITION_NOTE = "bridgelaws-edition-note"; // keep-place.js's NOTE_KEY
  var TERM_KEY = "bridgelaws-definition-term";

  document.addEventListener("click", function (event) {
    if (!(event.target.closest && event.target.closest("a.keep-hash, a.md-select__link[hreflang]"))) {
      return;
    }
    try {
      // decoded as keep-place.js's hashHere decodes it; a malformed escape is no term's place
      var here = decodeURIComponent(location.hash.slice(1));
      var defined = here && document.getElementById(here);
      if (defined && defined.tagName === "DT") {
        sessionStorage.setItem(TERM_KEY, JSON.stringify({
          ref: here, term: defined.textContent.trim(), lang: document.documentElement.lang,
        }));
      } else {
        sessionStorage.removeItem(TERM_KEY);
      }
    } catch (error) { /* storage off, or a malformed hash: the page still opens */ }
  });

  var note = null;
  var term = null;
  try {
    note = JSON.parse(sessionStorage.getItem(EDITION_NOTE) || "null");
    term = JSON.parse(sessionStorage.getItem(TERM_KEY) || "null");
    sessionStorage.removeItem(TERM_KEY);
  } catch (error) { /* storage off, or not ours */ }
  // its line (written hidden by the build, in this page's language) names the term, in the term's language
  var definitionNone = document.querySelector("[data-definition-none]");
  if (note && term && note.ref === term.ref && term.term && definitionNone) {
    var parts = definitionNone.getAttribute("data-definition-none").split("{term}");
    var word = document.createElement("span");
    word.textContent = String(term.term);
    if (/^[a-z]{2}$/.test(term.lang || "")) {
      word.setAttribute("lang", term.lang);
    }
    definitionNone.textContent = parts[0];
    definitionNone.appendChild(word);
    definitionNone.appendChild(document.createTextNode(parts.slice(1).join("{term}")));
    definitionNone.hidden = false;
  }
})();
