/* bridge-laws: the two behaviours Material does not have.
 *  1. The edition switcher keeps the reader at the same provision: /fi/2007/13/#13B → /fi/1997/13/#13B.
 *  2. The compare view shows the texts chosen in ?c=id,id[,id] and, for two editions of one
 *     language, the build-time redline of the newer one; the choice stays in the URL to share.
 * Without script the links still work (to the law's top) and the compare view shows every text.
 */
(function () {
  "use strict";

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a.keep-hash");
    if (link && location.hash) {
      link.setAttribute("href", link.getAttribute("href").split("#")[0] + location.hash);
    }
  });

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
