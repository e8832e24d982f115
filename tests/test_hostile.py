"""Hostile source text reaches the built site only as text.

A source may hold anything: a blog post quoting HTML, a scanned page with ``{{ }}`` in it, a
web page that was tampered with.  This module copies the real sources, plants markup,
Markdown, attribute-list and template syntax in a law title of two formats (the Turkish
``YASA 42 – …`` and the Finnish 1997 ``13 § …``), a section title, body paragraphs and a PZBS
point, builds a separate site from them with the real command line, and reads the pages in
headless Chromium on a phone-sized screen: no script runs, no dialog opens, no event handler
or ``javascript:`` link comes from the source, and every planted string is shown literally —
in the page, in ``<title>``, in ``<meta>`` — and exported verbatim in ``api/laws.json``.  The
interface strings of its copy of the package carry markup too (:func:`plant_interface_strings`):
it is escaped where templates print it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import quote

import jsonschema
import pytest

from bench.localsite import serve
from conftest import PHONE, ROOT, SOURCES

# one xdist worker builds the hostile site (session-scoped): its tests go together under --dist loadgroup
pytestmark = [pytest.mark.site, pytest.mark.browser, pytest.mark.xdist_group("hostile_site")]

SCHEMA = ROOT / "docs" / "laws-json.schema.json"  # the same file as ../shared/laws-json.schema.json

# -- what is planted -------------------------------------------------------------------------------

SCRIPT = "<script>window.__pwned=1</script>"
IMG = '<img src=x onerror="window.__pwned=2">'
SVG = "<svg onload=window.__pwned=3>"
BREAKOUT = '"><script>window.__pwned=4</script>'
TITLE_BREAKOUT = "</title><script>window.__pwned=5</script>"
JS_LINK = "[x](javascript:window.__pwned=6)"
ATTR_LIST = '{: .evil onclick="x" }'
JINJA = "{{ config.site_name }}"
JINJA_BLOCK = "{% raw %}"
ENTITY = "&amp;"
MARKDOWN = ("*bold*", "_em_", "| a | b |")
HEADING = "# heading"

# In titles: markup and breakouts (a title lands in <title>, <meta content>, nav, aria-labels).
TITLE = f"{SCRIPT} {BREAKOUT} {TITLE_BREAKOUT} {JINJA}"
# In bodies: everything (a paragraph is Markdown's to misread: lists, emphasis, links, tables).
BODY = " ".join([IMG, SVG, JS_LINK, *MARKDOWN, ATTR_LIST, JINJA, JINJA_BLOCK, ENTITY, SCRIPT])
# The 1997 book's headings are upper case (its parser knows a heading by that), so its title
# carries upper-case markup: tags and attributes are case-insensitive in HTML; the script
# would throw (WINDOW is not defined), which the page-error listener catches.
CAPS_TITLE = '"><SCRIPT>WINDOW.__PWNED=7</SCRIPT> <IMG SRC=X ONERROR=ALERT(8)> {{ CONFIG.SITE_NAME }} *BOLD*'
SECTION = f"{IMG} {ATTR_LIST} {JINJA_BLOCK}"
POINT_TITLE = f"{BREAKOUT} {SVG} {ENTITY}"


@dataclass(frozen=True)
class Plant:
    """Hostile ``text`` added to the line ``anchor`` of a source (after it, or as a new line)."""

    file: str
    anchor: str
    text: str
    new_line: bool = False  # a line of its own after the anchor line (a paragraph of its own)


PLANTS = [
    Plant("tr-2017-laws-extract.blog.txt", "YASA 42 – YERİN HAKLARI", TITLE),
    Plant("tr-2017-laws-extract.blog.txt", "A. Mutlak Haklar", SECTION),
    Plant("tr-2017-laws-extract.blog.txt", "2. Kazanılmış ve kaybedilmiş lövelerin sayısını takip edebilir.", BODY),
    Plant("fi-1997-laws.txt", "13 § KORTTIEN VÄÄRÄ LUKUMÄÄRÄ", CAPS_TITLE),
    Plant("fi-1997-laws.txt", "antaa prosenttipistetuloksen ja hän voi rangaista rikkomukseen syyllistynyttä.", BODY),
    Plant("sv-2007-laws-9-16.web.txt", "A. Påtalande av en felaktighet", SECTION),
    Plant("sv-2007-laws-9-16.web.txt", "Endast tävlingsledaren har rätt att besluta om korrigering.", BODY),
    Plant("sv-2007-laws-9-16.web.txt", "9. NÄR EN FELAKTIGHET UPPTÄCKS", f"\n{HEADING} {JINJA}\n", new_line=True),
    Plant("pl-2017-pzbs-decisions.web.txt", "3. Przepisy 12C2b i 12C2d", POINT_TITLE),
    Plant("pl-2017-pzbs-decisions.web.txt", "3.1.C. Średnia to 0 IMP", BODY),
]


def plant(sources: Path) -> None:
    """Edit the copies of the sources in ``sources``: every anchor must be found exactly once."""
    for item in PLANTS:
        path = sources / item.file
        text = path.read_text(encoding="utf-8")
        lines = text.split("\n")
        found = [index for index, line in enumerate(lines) if line.strip().startswith(item.anchor)]
        assert len(found) == 1, f"{item.file}: {item.anchor!r} found {len(found)} times"
        index = found[0]
        if item.new_line:
            lines.insert(index + 1, item.text)
        else:
            lines[index] = f"{lines[index].rstrip()} {item.text}"
        path.write_text("\n".join(lines), encoding="utf-8")


# Interface strings a template prints (Material's footer, the 404 page's <title>) with markup in
# them, in every language: they are escaped where they are printed, and the build's CSP check
# (which refuses inline event handlers too) passes.
UI_MARKUP = "<img src=x onerror='window.__pwned=9'>"
UI_KEYS = ("footer_copyright", "not_found_title")


def plant_interface_strings(ui: Path) -> None:
    """Edit the copy of ``ui.toml``: each of :data:`UI_KEYS` becomes markup and the key's name."""
    lines = ui.read_text(encoding="utf-8").split("\n")
    for key in UI_KEYS:
        at = [index for index, line in enumerate(lines) if line.startswith(f"{key} = ")]
        assert at, f"{ui.name}: no {key}"
        for index in at:
            lines[index] = f'{key} = "{UI_MARKUP} {key}"'
    ui.write_text("\n".join(lines), encoding="utf-8")


# -- the build -------------------------------------------------------------------------------------


@dataclass
class HostileSite:
    folder: Path
    output: str  # what the build printed (stdout and stderr)


@pytest.fixture(scope="session")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> HostileSite:
    """The site built by ``bridgelaws build`` from the real sources with hostile text planted."""
    tmp = tmp_path_factory.mktemp("hostile")
    content = tmp / "content"
    shutil.copytree(SOURCES, content / "sources")
    shutil.copy2(ROOT / "content" / "search.toml", content / "search.toml")
    shutil.copy2(ROOT / "mkdocs.yml", tmp / "mkdocs.yml")
    (tmp / "overrides").symlink_to(ROOT / "overrides", target_is_directory=True)
    # its own copy of the package, whose interface strings carry markup too
    shutil.copytree(ROOT / "tools", tmp / "tools", ignore=shutil.ignore_patterns("node_modules", "__pycache__"))
    plant(content / "sources")
    plant_interface_strings(tmp / "tools" / "bridgelaws" / "stage4_render" / "ui.toml")
    # BRIDGELAWS_TRACEBACK: an internal error shows its traceback instead of one line
    env = {
        **os.environ,
        "NO_MKDOCS_2_WARNING": "1",
        "BRIDGELAWS_TRACEBACK": "1",
        "PYTHONPATH": str(tmp / "tools"),
    }
    run = subprocess.run(
        [sys.executable, "-m", "bridgelaws.cli", "--content", str(content), "build", "--site-dir", str(tmp / "site")],
        cwd=tmp,
        env=env,
        capture_output=True,
        text=True,
    )
    output = run.stdout + run.stderr
    assert run.returncode == 0, f"build exit {run.returncode}:\n{output[-6000:]}"
    assert "Traceback" not in output, output[-6000:]
    return HostileSite(tmp / "site", output)


@pytest.fixture(scope="session")
def hostile_url(hostile_site: HostileSite) -> Iterator[str]:
    with serve(hostile_site.folder) as url:
        yield url


@dataclass
class Visit:
    """A page as the browser left it, and what happened while it loaded."""

    url: str
    text: str  # document.body.innerText
    title: str
    dialogs: list[str]
    errors: list[str]
    page: object


@pytest.fixture
def visit(browser: object, hostile_url: str) -> Iterator[object]:
    """``visit(path)``: load a page of the hostile site on a phone, listening for dialogs and errors."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)  # type: ignore[attr-defined]

    def load(path: str, ready: str = "", arg: object = None) -> Visit:
        page = context.new_page()
        dialogs: list[str] = []
        errors: list[str] = []

        def on_dialog(dialog: object) -> None:
            dialogs.append(dialog.message)  # type: ignore[attr-defined]
            dialog.dismiss()  # type: ignore[attr-defined]

        page.on("dialog", on_dialog)
        page.on("pageerror", lambda error: errors.append(str(error)))
        response = page.goto(hostile_url + path, wait_until="load")
        assert response is not None and response.ok, f"{path}: HTTP {response and response.status}"
        if ready:
            page.wait_for_function(ready, arg=arg, timeout=20000)
        page.wait_for_timeout(200)  # an onerror of a broken image fires after load
        text: str = page.evaluate("document.body.innerText")
        return Visit(path, text, page.title(), dialogs, errors, page)

    yield load
    context.close()


# What planted markup would leave in the DOM if it were not escaped.
PLANTED_DOM = """() => {
  const found = [];
  for (const el of document.querySelectorAll('*')) {
    for (const attr of el.attributes) {
      const handler = attr.name.toLowerCase().startsWith('on');
      if (handler || /^\\s*javascript:/i.test(attr.value)) {
        found.push(`<${el.tagName.toLowerCase()} ${attr.name}="${attr.value}">`);
      }
    }
  }
  // a script that runs (not a JSON data block, whose "<" are escaped as \\u003c)
  for (const el of document.querySelectorAll('script:not([type="application/json"])')) {
    if (/pwned/i.test(el.textContent)) found.push(`<script>${el.textContent.slice(0, 120)}</script>`);
  }
  for (const el of document.querySelectorAll('.evil, img[src="x" i], svg[onload], a[href^="javascript:" i]')) {
    found.push(el.outerHTML.slice(0, 120));
  }
  return found;
}"""


def assert_inert(visit: Visit) -> None:
    """Nothing planted ran or became markup."""
    page = visit.page
    assert page.evaluate("typeof window.__pwned") == "undefined", f"{visit.url}: a planted script ran"  # type: ignore[attr-defined]
    assert page.evaluate("typeof window.__PWNED") == "undefined", f"{visit.url}: a planted script ran"  # type: ignore[attr-defined]
    assert not visit.dialogs, f"{visit.url}: dialogs {visit.dialogs}"
    assert not visit.errors, f"{visit.url}: page errors {visit.errors}"
    planted = page.evaluate(PLANTED_DOM)  # type: ignore[attr-defined]
    assert not planted, f"{visit.url}: planted markup in the DOM: {planted}"


def assert_shown(visit: Visit, *strings: str) -> None:
    """Every string is in the page's text exactly as planted (the upper-case 1997 title in any
    case: lists and page titles show an upper-case title in sentence case)."""
    folded = visit.text.casefold()
    missing = [
        string
        for string in strings
        if string not in visit.text and not (string == CAPS_TITLE and string.casefold() in folded)
    ]
    assert not missing, f"{visit.url}: not shown literally: {missing}\n--- page text ---\n{visit.text[:3000]}"


# -- pages -----------------------------------------------------------------------------------------

BODY_PARTS = (IMG, SVG, JS_LINK, *MARKDOWN, ATTR_LIST, JINJA, JINJA_BLOCK, ENTITY, SCRIPT)
TITLE_PARTS = (SCRIPT, BREAKOUT, TITLE_BREAKOUT, JINJA)

PAGES = [
    # (path, strings shown literally, strings in document.title)
    ("tr/2017/42/", (*TITLE_PARTS, *BODY_PARTS, IMG, ATTR_LIST), (SCRIPT, BREAKOUT)),
    ("tr/2017/", TITLE_PARTS, ()),
    ("compare/42/", (*TITLE_PARTS, *BODY_PARTS), ()),
    ("fi/1997/13/", (CAPS_TITLE, *BODY_PARTS), ("<SCRIPT>",)),
    ("fi/1997/", (CAPS_TITLE,), ()),
    ("compare/13/", (CAPS_TITLE, *BODY_PARTS), ()),
    ("sv/2007/9/", (IMG, ATTR_LIST, JINJA_BLOCK, HEADING, JINJA), ()),
    ("sv/2007/10/", BODY_PARTS, ()),
    ("pl/2017/pzbs/3/", (BREAKOUT, SVG, ENTITY, *BODY_PARTS), (BREAKOUT,)),
    ("pl/2017/pzbs/", (BREAKOUT, SVG, ENTITY), ()),
    ("sv/laws/42/", (), ()),
    ("laws/42/", (), ()),
]


@pytest.mark.parametrize(("path", "shown", "in_title"), PAGES, ids=[page[0] for page in PAGES])
def test_planted_text_is_shown_not_run(
    visit: object, path: str, shown: tuple[str, ...], in_title: tuple[str, ...]
) -> None:
    """A page holding planted text runs nothing from it and shows it as printed (title included)."""
    seen = visit(path)  # type: ignore[operator]
    assert_inert(seen)
    assert_shown(seen, *shown)
    missing = [string for string in in_title if string.casefold() not in seen.title.casefold()]
    assert not missing, f"{path}: document.title {seen.title!r} lacks {missing}"


def test_meta_description_holds_the_title_literally(visit: object) -> None:
    """A planted quote cannot close ``<meta content="…">``: the attribute holds the whole title."""
    seen = visit("tr/2017/42/")  # type: ignore[operator]
    content = seen.page.evaluate(  # type: ignore[attr-defined]
        "() => [...document.querySelectorAll('meta[content]')].map(m => m.getAttribute('content'))"
    )
    assert any(BREAKOUT in value and SCRIPT in value for value in content), content
    labels = seen.page.evaluate(  # type: ignore[attr-defined]
        "() => [...document.querySelectorAll('[aria-label], [title]')]"
        ".map(e => (e.getAttribute('aria-label') || '') + (e.getAttribute('title') || ''))"
    )
    broken = [label for label in labels if "pwned" in label and BREAKOUT not in label and SCRIPT not in label]
    assert not broken, f"labels holding part of a planted title: {broken}"


SEARCH_DONE = "q => { const l = document.getElementById('search-results'); return l && l.dataset.query === q; }"


SEARCHES = [
    ("tr", "onerror", IMG),
    ("pl", "onload", SVG),
    ("fi", "onerror", "<SCRIPT>WINDOW.__PWNED=7</SCRIPT>"),
    ("sv", "onclick", ATTR_LIST),
    ("tr", "script", SCRIPT),
]


@pytest.mark.parametrize(("lang", "query", "shown"), SEARCHES)
def test_search_results_show_planted_text_as_text(visit: object, lang: str, query: str, shown: str) -> None:
    """Search snippets built from planted text run nothing (the results page uses textContent)."""
    seen = visit(f"{lang}/search/?q={quote(query)}", ready=SEARCH_DONE, arg=query)  # type: ignore[operator]
    assert_inert(seen)
    links = seen.page.locator("#search-results a").count()  # type: ignore[attr-defined]
    assert links, f"{lang}: no results for {query!r}:\n{seen.text[:1500]}"
    results = seen.page.locator("#search-results").inner_text()  # type: ignore[attr-defined]
    assert shown in results, results[:1500]


def test_the_search_data_carries_a_title_as_printed(visit: object) -> None:
    """The search page's data (the JSON file beside the page, fetched with the engine) carries law
    titles: a planted ``</script>`` and markup are text in it, the page that fetches it stays inert,
    and the data parses to the title as printed."""
    seen = visit("tr/search/")  # type: ignore[operator]
    assert_inert(seen)
    titles = seen.page.evaluate(  # type: ignore[attr-defined]
        "async () => { const named = document.getElementById('search-engine').dataset.json;"
        " const data = await (await fetch(named)).json();"
        " return data.lawTitles['42'] ?? data.docs.find((doc) => doc.laws['42']).laws['42'].title; }"
    )
    assert all(part in titles for part in TITLE_PARTS), titles


class _PlantedMarkup(HTMLParser):
    """Tags and attributes in a page that could only have come from planted text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        self._script = tag == "script" and values.get("type") != "application/json"
        for name, value in values.items():
            if name.startswith("on") or value.strip().lower().startswith("javascript:"):
                self.found.append(f"<{tag} {name}={value!r}>")
        if "evil" in values.get("class", "").split() or (tag == "img" and values.get("src", "").lower() == "x"):
            self.found.append(f"<{tag} {values}>")

    def handle_endtag(self, tag: str) -> None:
        self._script = False

    def handle_data(self, data: str) -> None:
        if self._script and "pwned" in data.lower():
            self.found.append(f"<script>{data[:80]}</script>")


def test_no_page_of_the_site_holds_planted_markup(hostile_site: HostileSite) -> None:
    """Every HTML page of the site (those not visited in the browser too): no event handler,
    ``javascript:`` URL, planted class or planted script anywhere."""
    found: list[str] = []
    pages = sorted(hostile_site.folder.rglob("*.html"))
    for path in pages:
        scanner = _PlantedMarkup()
        scanner.feed(path.read_text(encoding="utf-8"))
        found.extend(f"{path.relative_to(hostile_site.folder)}: {item}" for item in scanner.found)
    assert len(pages) > 100
    assert not found, "\n".join(found[:20])


# -- the export ------------------------------------------------------------------------------------


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def test_export_holds_planted_text_verbatim(hostile_site: HostileSite) -> None:
    """``api/laws.json`` holds the planted strings as printed (JSON-escaped, never HTML-escaped) and
    still follows its schema."""
    export = json.loads((hostile_site.folder / "api" / "laws.json").read_text(encoding="utf-8"))
    jsonschema.validate(export, json.loads(SCHEMA.read_text(encoding="utf-8")))
    everything = "\n".join(_strings(export))
    # the export holds titles (of laws and points), not section titles or text
    missing = [string for string in (*TITLE_PARTS, CAPS_TITLE, BREAKOUT, SVG, ENTITY) if string not in everything]
    assert not missing, f"not exported verbatim: {missing}"
    titles = {law["title"] for document in export["documents"] for law in document.get("laws", [])}
    assert any(SCRIPT in title for title in titles), "the planted Turkish title is not in the export"


def test_markup_in_interface_strings_is_shown_as_text(hostile_site: HostileSite) -> None:
    """The footer's copyright and the 404 page's title, markup in ``ui.toml``: shown as text."""
    shown = "&lt;img src=x onerror=&#39;window.__pwned=9&#39;&gt;"
    law = (hostile_site.folder / "tr" / "2017" / "13" / "index.html").read_text(encoding="utf-8")
    assert f"{shown} footer_copyright" in law and "<img src=x" not in law
    for missing in ("404.html", "fi/404.html"):
        page = (hostile_site.folder / missing).read_text(encoding="utf-8")
        assert f"<title>{shown} not_found_title" in page and "<img src=x" not in page


def test_the_build_reports_no_internal_error(hostile_site: HostileSite) -> None:
    """Hostile text is text to the pipeline: no internal error, no source left out."""
    assert "internal error" not in hostile_site.output
    assert "left out" not in hostile_site.output, hostile_site.output[-3000:]
