/* bridge-laws: the compare view shows the texts chosen in ?c=id,id[,id] and, for two editions of
 * one language, the build-time redline of the newer one; the choice stays in the URL to share.
 * Without script the checkboxes still choose its columns (laws.css, :has()); only ?c= needs
 * this.  Loaded after laws.js, on the compare pages.
 */
(function () {
  "use strict";
  var filled = window.bridgelaws.filled;

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
      // ?c=fi-1997,fi-2007 as the README writes it and a reader shares it: the commas as typed
      // (URLSearchParams would write %2C), each id escaped on its own
      var url = new URL(location.href);
      var others = new URLSearchParams(url.search);
      others.delete("c");
      var rest = others.toString();
      url.search = "c=" + docs.map(encodeURIComponent).join(",") + (rest ? "&" + rest : "");
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
