/* bridge-laws: the filter of the term base's index (/terms/, /fi/terms/ …; overrides/main.html
 * loads it there only).  The build writes the whole index, each concept with its words in every
 * language (data-words), each law with its title, and the filter box (bridgelaws/
 * stage4_render/terms.py), which laws.css hides where no script runs: the index is then all
 * there.  As the reader types, the script keeps the entries whose name or words hold what is
 * typed, in any letter case and with or without accents (the page's language's case rules:
 * Turkish İ/ı), and the letters and law groups that still hold one; "none matches" when
 * nothing does.
 */
// A module: its scope is its own, and it runs after parsing (like defer).
const box = document.getElementById("term-filter");
if (box) {
  const lang = document.documentElement.lang || undefined;
  const fold = (text) => text.toLocaleLowerCase(lang).normalize("NFD").replace(/\p{M}/gu, "");
  const entries = Array.from(document.querySelectorAll(".term-letter li, .term-titles li"), (item) => ({
    item,
    words: fold(`${item.textContent} · ${item.dataset.words || ""}`),
  }));
  const groups = Array.from(document.querySelectorAll(".term-letter, .term-group"));
  const none = document.querySelector(".term-filter-none");

  const apply = () => {
    const wanted = fold(box.value.trim()).split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const { item, words } of entries) {
      const keep = wanted.every((word) => words.includes(word));
      item.hidden = !keep;
      shown += keep ? 1 : 0;
    }
    // a letter or law group with no entry left goes too (all are there while the box is empty)
    for (const group of groups) {
      group.hidden = wanted.length > 0 && !group.querySelector("li:not([hidden])");
    }
    if (none) none.hidden = shown > 0;
  };

  box.addEventListener("input", apply);
  if (box.value) apply(); // a value the browser kept on going back
}
