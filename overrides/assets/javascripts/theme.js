/* bridge-laws: what Material's script bundle did on these pages, and nothing else.
 * The bundle (34 KB gzip, more than a law page's own text four times over) carries every
 * component Material has: instant loading, its own search, code copying, tabs, annotations.
 * The pages use a few, and each works here as Material's does, on Material's markup and
 * classes, so its stylesheet styles them unchanged:
 *  1. The palette toggle: automatic → light → dark, the choice kept for the whole site
 *     (Material's `__palette` in its storage, as partials/palette-follow.html reads it).
 *  2. Pop-ups (`content.tooltips`): an element of the text with a title (a defined term, a
 *     provision's label, a page hint) shows it in Material's pop-up on hover and on focus (a tap).
 *  3. The back-to-top button (`navigation.top`), shown while the reader scrolls up.
 *  4. The header: its shadow once the text is under it, and the page's title in it once the
 *     page's heading has scrolled away.
 *  5. The table of contents marks the section in view and keeps it in sight (`toc.follow`).
 *  6. The drawer closes when a link in it leads elsewhere on the page; a `<details>` holding the
 *     address's target opens; `p`/`,` and `n`/`.` go to the previous and next page.  (A table
 *     without a class is in Material's scrolling wrapper from the build: stage5_site/tables.py.)
 * Without script the pages read and link as before: the drawer and the language menu are CSS,
 * the palette follows the device (palette-follow.html), a term's title is the browser's own.
 */
(function () {
  "use strict";

  var HIDE_DELAY_MS = 250; // a pop-up outlives the pointer by this, so the pointer can reach it
  var DRAWER_DELAY_MS = 125; // the drawer closes after the page has moved to the target

  // an address's fragment decoded where it is well-formed: a malformed escape ("#%E0%A4%A") is
  // kept as typed (and names no element) rather than stopping the script
  function decoded(raw) {
    try {
      return decodeURIComponent(raw);
    } catch (error) {
      return raw;
    }
  }

  function component(name) {
    return document.querySelector('[data-md-component="' + name + '"]');
  }

  function headerHeight() {
    var header = component("header");
    return header ? header.offsetHeight : 0;
  }

  // -- 1. the palette ------------------------------------------------------------------------

  function palette(form) {
    var inputs = Array.prototype.slice.call(form.querySelectorAll("input"));
    var light = matchMedia("(prefers-color-scheme: light)");
    var current = 0;

    function option(media) {
      return document.querySelector("[data-md-color-media='" + media + "']");
    }

    function apply(index) {
      var input = inputs[index];
      var source = input;
      current = index;
      document.body.setAttribute("data-md-color-switching", "");
      if (input.getAttribute("data-md-color-media") === "(prefers-color-scheme)") {
        source = option(light.matches ? "(prefers-color-scheme: light)" : "(prefers-color-scheme: dark)") || input;
      }
      var color = { media: input.getAttribute("data-md-color-media") };
      ["scheme", "primary", "accent"].forEach(function (key) {
        color[key] = source.getAttribute("data-md-color-" + key);
      });
      Object.keys(color).forEach(function (key) {
        document.body.setAttribute("data-md-color-" + key, color[key]);
      });
      inputs.forEach(function (other, at) {
        var label = other.nextElementSibling;
        if (label instanceof HTMLElement) label.hidden = at !== index;
      });
      __md_set("__palette", { index: index, color: color });
      setTimeout(function () { document.body.removeAttribute("data-md-color-switching"); });
    }

    var stored = __md_get("__palette");
    var first = stored && typeof stored.index === "number" ? stored.index : inputs.findIndex(function (input) {
      return matchMedia(input.getAttribute("data-md-color-media")).matches;
    });
    apply(Math.max(0, Math.min(first, inputs.length - 1)));
    inputs.forEach(function (input, index) {
      input.addEventListener("change", function () { apply(index); });
    });
    form.addEventListener("keydown", function (event) {
      if (event.key !== "Enter") return;
      var next = inputs[(current + 1) % inputs.length];
      next.click();
      next.focus();
    });
    light.addEventListener("change", function () { apply(current); });
  }

  // -- 2. pop-ups ----------------------------------------------------------------------------

  var tooltips = 0;

  function tooltip(host) {
    var id = "__tooltip2_" + tooltips++;
    var node = null;
    var title = "";
    var hovered = false;
    var nodeHovered = false;
    var removal = 0;

    function active() {
      return hovered || nodeHovered || host.contains(document.activeElement);
    }

    function place() {
      var box = host.getBoundingClientRect();
      node.style.setProperty("--md-tooltip-host-x", box.left + window.scrollX + "px");
      node.style.setProperty("--md-tooltip-host-y", box.top + window.scrollY + "px");
      node.style.setProperty("--md-tooltip-x", box.width / 2 + "px");
      node.style.setProperty("--md-tooltip-y", 8 + box.height + "px");
      node.classList.add("md-tooltip2--bottom");
      node.style.setProperty("--md-tooltip-width", node.firstElementChild.offsetWidth + "px");
      node.style.setProperty("--md-tooltip-tail", "0px");
    }

    function show() {
      title = host.getAttribute("title") || "";
      node = document.createElement("div");
      node.className = "md-tooltip2";
      node.setAttribute("role", "tooltip");
      node.id = id;
      var inner = document.createElement("div");
      inner.className = "md-tooltip2__inner md-typeset";
      inner.textContent = title;
      node.appendChild(inner);
      node.addEventListener("mouseenter", function () { nodeHovered = true; update(); });
      node.addEventListener("mouseleave", function () { nodeHovered = false; update(); });
      host.removeAttribute("title");
      document.body.appendChild(node);
      place();
      host.setAttribute("aria-describedby", id);
      var shown = node;
      requestAnimationFrame(function () {
        if (node === shown && active()) shown.classList.add("md-tooltip2--active");
      });
    }

    function hide() {
      node.remove();
      node = null;
      nodeHovered = false;
      host.setAttribute("title", title);
      host.removeAttribute("aria-describedby");
    }

    function update() {
      if (active()) {
        clearTimeout(removal);
        removal = 0;
        if (!node) {
          show();
        } else {
          place();
          node.classList.add("md-tooltip2--active");
        }
      } else if (node && !removal) {
        var leaving = node;
        requestAnimationFrame(function () { if (!active()) leaving.classList.remove("md-tooltip2--active"); });
        removal = setTimeout(function () {
          removal = 0;
          if (node && !active()) hide();
        }, HIDE_DELAY_MS);
      }
    }

    host.addEventListener("mouseenter", function () { hovered = true; update(); });
    host.addEventListener("mouseleave", function () { hovered = false; update(); });
    host.addEventListener("focusin", update);
    host.addEventListener("focusout", function () { setTimeout(update); });
  }

  // -- 3.–5. what follows the scrolling --------------------------------------------------------

  function scrolling() {
    var header = component("header");
    var title = component("header-title");
    var heading = document.querySelector(".md-content h1");
    var main = component("main");
    var top = component("top");
    var tocs = Array.prototype.slice.call(document.querySelectorAll('[data-md-component="toc"]'));
    var last = window.scrollY;

    function sections(toc) {
      return Array.prototype.slice.call(toc.querySelectorAll("a.md-nav__link[href^='#']")).map(function (link) {
        return { link: link, target: document.getElementById(decoded(link.hash.slice(1))) };
      }).filter(function (section) { return section.target; }).map(function (section) {
        section.landing = parseFloat(getComputedStyle(section.target).scrollMarginTop) || 0;
        return section;
      });
    }

    var lists = tocs.map(sections);

    // A section is in view once its heading has reached the header, or the place below it where
    // a link to it lands (its scroll-margin-top, laws.css): a reader sent to #16B, or to its first
    // provision, is in section B, not in A above it.  At the page's end, which a heading near it
    // never scrolls up to, a heading in the window's upper half will do (tr 2017 #42B3).
    function follow(toc, links) {
      var height = headerHeight();
      var end = window.scrollY > 0 && window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
      var current = null;
      links.forEach(function (section) {
        var line = Math.max(height, section.landing, end ? window.innerHeight / 2 : 0) + 1;
        if (section.target.getBoundingClientRect().top <= line) current = section;
      });
      var passed = true;
      links.forEach(function (section) {
        if (section === current) passed = false;
        section.link.classList.toggle("md-nav__link--passed", passed && current !== null);
        section.link.classList.toggle("md-nav__link--active", section === current);
      });
      var wrap = toc.closest(".md-sidebar__scrollwrap");
      if (current && wrap && wrap.offsetParent !== null) {
        var link = current.link.getBoundingClientRect();
        var box = wrap.getBoundingClientRect();
        if (link.top < box.top || link.bottom > box.bottom) wrap.scrollTop += link.top - box.top - box.height / 2;
      }
    }

    function onScroll() {
      var y = window.scrollY;
      var height = headerHeight();
      var underHeader = main ? main.getBoundingClientRect().top < height : y > 0;
      if (header) header.classList.toggle("md-header--shadow", underHeader);
      if (title && heading) {
        title.classList.toggle("md-header__title--active", heading.offsetHeight > 0 &&
          heading.getBoundingClientRect().bottom <= height);
      }
      if (top) {
        var hidden = !(underHeader && y < last && y > 0);
        top.hidden = hidden;
        top.style.top = height + 16 + "px";
        if (hidden) {
          top.setAttribute("tabindex", "-1");
          top.blur();
        } else {
          top.removeAttribute("tabindex");
        }
      }
      last = y;
      tocs.forEach(function (toc, index) { follow(toc, lists[index]); });
    }

    if (top) {
      top.addEventListener("click", function (event) {
        event.preventDefault();
        window.scrollTo({ top: 0 });
      });
    }
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll, { passive: true });
    onScroll();
  }

  // -- 6. the rest ---------------------------------------------------------------------------

  // A target in a closed <details> (a national rule's note, where a rule's language menu lands):
  // the switch opens and the address is navigated to again, so the browser scrolls to the target
  // as to any, below the header by its scroll-margin-top.  At load this script runs before the
  // browser's own scroll to the address (the target is not yet :target, so a scrollIntoView
  // ignored the margin and the browser's scroll then went up, which shows the back-to-top button
  // over the note).
  function openTarget() {
    var target = location.hash && document.getElementById(decoded(location.hash.slice(1)));
    for (var element = target; element; element = element.parentElement) {
      if (element.tagName === "DETAILS" && !element.open) {
        element.open = true;
        location.replace(location.hash);
      }
    }
  }

  function keys(event) {
    var target = event.target;
    if (event.ctrlKey || event.metaKey || event.altKey || !(target instanceof Element)) return;
    if (target.closest("input, select, textarea, [contenteditable]")) return;
    var rel = { p: "prev", ",": "prev", n: "next", ".": "next" }[event.key];
    var link = rel && document.querySelector("link[rel=" + rel + "]");
    if (link) location.href = link.href;
  }

  // the page runs script: Material's rules for .no-js (and laws.css's) no longer apply
  document.documentElement.classList.remove("no-js");
  document.documentElement.classList.add("js");
  var form = component("palette");
  if (form) palette(form);
  var article = component("content");
  if (article) {
    article.querySelectorAll("[title]:not([data-preview])").forEach(tooltip);
  }
  scrolling();
  openTarget();
  window.addEventListener("hashchange", function () {
    openTarget();
    setTimeout(function () {
      var drawer = document.getElementById("__drawer");
      if (drawer) drawer.checked = false;
    }, DRAWER_DELAY_MS);
  });
  document.addEventListener("keydown", keys);
})();
