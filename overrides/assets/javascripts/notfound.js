/* The 404 page (overrides/404.html, bridgelaws/stage4_render/notfound.py): a static host serves
 * it for any missing path, so the path asked for decides what it shows.
 *  - its language: /sv/… → the Swedish block (title, message, search box); a path without a
 *    language prefix → the default language's block;
 *  - why: offline, the service worker answers a page of the site it did not keep with this
 *    page marked data-reason="not-saved" (and data-reader, the language of the page the reader
 *    came from): then it says, in the reader's language, that the page is not saved for
 *    offline reading (both messages are in each block, from ui.toml);
 *  - the law it names: the number after an edition, "laws", "compare" or "numbering" (1 to the
 *    number of laws) → "where to read Law N" in the language (/sv/laws/45/); after an edition,
 *    "where to read Law N of that edition", at that edition's rule (/sv/2007/45/ →
 *    /sv/laws/45/#edition-2007: a law number may hold another rule in another edition);
 *    when the path goes past a law page of a text (/fi/2007/13/x, /fi/2007/13A1/) and that
 *    page exists, a link to it too.
 * Every string and URL pattern comes from the page (Python's); without script the page's own
 * block shows, with every home and search page. */
(function () {
  const page = document.querySelector(".not-found-page");
  if (!page) return;
  const base = page.dataset.base;
  const blocks = [...page.querySelectorAll(".not-found[data-lang]")];
  const path = location.pathname.startsWith(base) ? location.pathname.slice(base.length) : location.pathname.replace(/^\//, "");
  // each segment decoded where it is well-formed; a malformed escape ("%E0%A4%A") kept as typed
  const decoded = (segment) => {
    try {
      return decodeURIComponent(segment);
    } catch (error) {
      return segment;
    }
  };
  const segments = path.split("/").filter(Boolean).map(decoded);
  const codes = blocks.map((block) => block.dataset.lang);
  const pathLang = codes.includes(segments[0]) && segments[0] !== page.dataset.default ? segments[0] : page.dataset.default;
  // offline, a page of the site that was not kept: the service worker marks the page so
  // (data-reason="not-saved", with the language of the page the reader came from), and it says
  // that in the reader's language, not "there is no page at this address"
  const notSaved = page.dataset.reason === "not-saved";
  const reader = page.dataset.reader || "";
  const lang = notSaved && codes.includes(reader) ? reader : pathLang;
  const block = blocks.find((candidate) => candidate.dataset.lang === lang);
  if (!block) return;
  for (const other of blocks) other.hidden = other !== block;
  document.documentElement.lang = lang;
  if (notSaved) {
    block.dataset.title = block.dataset.notSavedTitle;
    block.querySelector("h1").textContent = block.dataset.notSavedTitle;
    block.querySelector(".not-found__text").textContent = block.dataset.notSavedText;
  }
  document.title = document.title.replace(/^[^-]*-/, block.dataset.title + " -");

  /* "45", or "13A1" (a provision typed as a path): the law number and what follows it */
  const LAW_SEGMENT = /^(\d{1,2})([A-Za-z][0-9A-Za-z]*)?$/;
  const BEFORE_LAW = /^(\d{4}|laws|compare|numbering)$/;
  const rest = pathLang === page.dataset.default ? segments : segments.slice(1);
  let at = -1;
  for (let i = 0; i < rest.length; i++) {
    const match = LAW_SEGMENT.exec(rest[i]);
    if (match && i > 0 && BEFORE_LAW.test(rest[i - 1])) {
      at = i;
      break;
    }
  }
  if (at < 0) return;
  const law = Number(LAW_SEGMENT.exec(rest[at])[1]);
  if (law < 1 || law > Number(page.dataset.laws)) return;
  const line = block.querySelector(".not-found__law");
  const afterEdition = /^\d{4}$/.test(rest[at - 1] || "");
  const edition = afterEdition && page.dataset.editions.split(" ").includes(rest[at - 1]) ? rest[at - 1] : "";
  const link = (href, template) => {
    const anchor = document.createElement("a");
    anchor.href = href;
    anchor.textContent = template.replace("{n}", String(law)).replace("{edition}", edition);
    return anchor;
  };
  const hub = line.dataset.hub.replace("{n}", String(law));
  if (edition) line.append(link(hub + "#" + line.dataset.anchor.replace("{edition}", edition), line.dataset.lawEdition));
  else line.append(link(hub, line.dataset.law));
  line.hidden = false;
  if (afterEdition) {
    // a law page of a text: offer it when it exists (/fi/2007/13/x → /fi/2007/13/)
    const prefix = pathLang === page.dataset.default ? [] : [pathLang];
    const lawPage = base + [...prefix, ...rest.slice(0, at), String(law)].join("/") + "/";
    fetch(lawPage, { method: "HEAD" })
      .then((response) => {
        if (!response.ok) return;
        line.append(" · ", link(lawPage, line.dataset.text));
      })
      .catch(() => {});
  }
})();
