"""Offline reading and home-screen install, written into the finished site.

After the build (and after Pagefind), :func:`write` adds:

* ``offline/<lang>.json`` for each interface language: every file a reader of that language
  needs with no network, with a content hash each — the language's own pages, the shared pages
  (landing, the search page; every language's coverage, term base and laws index), the assets and the
  language's part of the search index, the pages of other languages its text pages lead to
  (:func:`cited_files`: a citation ``→ fi 1997``, the language menu, a provision's toolbar, "this
  law in other texts" tapped at the table open), and every other language's text its interface
  pages link to (:func:`texts_linked`: "where to read" a law the language lacks, the laws index,
  coverage, compare and numbering views).  The English interface holds no law text, so its list
  is the shared pages, the English hubs and the texts they link to.
* ``offline/pages.json``: every page of the site, kept with every language, so that offline a
  page not kept says "not saved for offline reading", and only an address the site does not
  have says "not found".
* ``sw.js`` (from :file:`sw.js` beside this module) with ``VERSION`` set to a hash of all the
  lists: a rebuild that changes any file is a new worker with a new cache, and one that
  changes nothing leaves the worker byte-identical, so browsers download nothing.
* ``<lang>/manifest.webmanifest`` (``manifest.webmanifest`` for English): the web app
  manifest that lets a reader add the site to the home screen, starting in their language.

Pages register the worker and ask for their language (``laws.js``); the worker answers from
its cache first, so at a venue with no network every law page, compare view and search of the
reader's language keeps working.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from bridgelaws.core import facts, urls
from bridgelaws.stage4_render.page import t

SERVICE_WORKER = Path(__file__).with_name("sw.js")
# Shared pages every reader keeps (each language has its own compare, numbering and coverage pages).
SHARED_FOLDERS = ("search",)
# Never requested by the site: source maps, Material's lunr search (its plugin is off), its script
# bundle (theme.js instead) and the whole stylesheets (each page links its group's cut: cut_css)
UNUSED_ASSETS = (
    "javascripts/lunr/",
    "javascripts/workers/",
    "javascripts/bundle.",
    "stylesheets/main.",
    "stylesheets/palette.",
    "stylesheets/laws.css",
)
# Links a reader follows out of a language's pages into another language's, as the site writes
# them: a citation that leaves the text (text.py: <a class="ref ref-elsewhere"
# href="../../../fi/1997/86/#86" hreflang="fi">86D → fi 1997</a>) and the language menu
# (Material's <a href="../../../fi/2007/16/" hreflang="fi" class="md-select__link">), by their
# class; the links of a national rule shown through the concordance (national.py: <details
# class="national-rules"> … <a href="../../../pl/2017/pzbs/3/" …>), of a provision's toolbar
# (provisions.py: <span class="pv" …><a href="../../../fi/2007/16/#16B1" …>fi 2007: 16B1</a>) and
# of "this law in other texts" (law.py: <nav class="other-texts" …>), by the block they are in.
ANCHOR = re.compile(r"<a\s(?P<attrs>[^>]*)>")  # <a class="ref ref-elsewhere" href="…" hreflang="fi">
CLASS = re.compile(r'\bclass="(?P<value>[^"]*)"')
HREF = re.compile(r'\bhref="(?P<value>[^"]+)"')
LEAVING = {"ref-elsewhere", "md-select__link"}
BLOCKS = re.compile(
    r"""
    <details\ class="(?:[^"]*\ )?national-rules[\ "].*?</details>   # national rules
    | <span\ class="pv"[\ >].*?</span>                               # a provision's toolbar
    | <nav\ class="other-texts"[\ >].*?</nav>                        # this law in other texts
    """,
    re.VERBOSE | re.DOTALL,
)
# What a page loads (not where it links: rel="prev"/"next"/"canonical" are pages of their own):
# <link rel="stylesheet" href="…">, icons, the manifest, <script src="…">, <img src="…">
RESOURCE = re.compile(
    r'<link\ rel="(?:stylesheet|icon|apple-touch-icon|manifest|preload|modulepreload)"'
    r'\ [^>]*?href="(?P<href>[^"]+)"'
    r'|<(?:script|img)\ [^>]*?src="(?P<src>[^"]+)"',
    re.VERBOSE,
)
ICONS = (  # (file, sizes, purpose): maskable keeps the spade inside the 80 % safe zone
    ("assets/images/icon-192.png", "192x192", "any"),
    ("assets/images/icon-512.png", "512x512", "any"),
    ("assets/images/icon-maskable-512.png", "512x512", "maskable"),
)


@dataclass(frozen=True)
class OfflineList:
    lang: str
    files: dict[str, str]  # site-relative URL -> content hash

    @property
    def size(self) -> int:
        return len(self.files)


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def page_url(relative: PurePosixPath) -> str:
    """The URL pages link to: ``fi/2007/13/index.html`` → ``fi/2007/13/``; ``index.html`` → ``""``."""
    if relative.name == "index.html":
        parent = relative.parent.as_posix()
        return "" if parent == "." else f"{parent}/"
    return relative.as_posix()


def file_of(site: Path, url: str) -> Path:
    """The file behind a site-relative URL: the reverse of :func:`page_url`."""
    return site / url / "index.html" if url == "" or url.endswith("/") else site / url


def _pages_under(site: Path, folder: str) -> list[Path]:
    root = site / folder if folder else site
    return sorted(root.rglob("index.html")) if root.is_dir() else []


def text_pages(site: Path, lang: str) -> list[Path]:
    """The language's pages of its texts (``fi/2007/…``: laws, points, a document's start and
    definitions), whose links into other languages are kept with it.  Its interface pages
    (compare, numbering, coverage, terms, "where to read") are kept, but not the other languages'
    versions their menus lead to: that would be most of every language."""
    return [page for page in _pages_under(site, lang) if re.fullmatch(r"\d{4}", page.relative_to(site).parts[1])]


def _is_language_page(site: Path, page: Path) -> bool:
    first = page.relative_to(site).parts[0]
    return first in facts.TEXT_LANGUAGES


def is_text_page(site: Path, page: Path) -> bool:
    """A page of a document (``fi/1997/73/``, ``pl/2017/pzbs/3/``, ``fi/2007/definitions/``): a
    text a reader reads, not an interface page of a language."""
    parts = page.relative_to(site).parts
    return len(parts) > 2 and parts[0] in facts.TEXT_LANGUAGES and re.fullmatch(r"\d{4}", parts[1]) is not None


def interface_pages(site: Path, lang: str) -> list[Path]:
    """The language's pages that are not its texts: home, "where to read", laws index, coverage,
    compare, numbering, terms, notes, search (English: every page outside the text languages')."""
    if lang in facts.TEXT_LANGUAGES:
        return [page for page in _pages_under(site, lang) if not is_text_page(site, page)]
    return [page for page in _pages_under(site, "") if not _is_language_page(site, page)]


# Interface pages kept in every language with each language: the language menu of a kept page
# leads to them, and they are few (the coverage table, the term base, the laws index: 0.3 MB
# compressed for the four other languages).  A law's compare and numbering views and its "where to
# read" page in the other languages are not: they show what the reader's own version of the page
# shows, in another language's words, and would add 4.7-6.1 MB compressed and 790-1,060 files to
# each language (measured on the site of December 2026: more than a language keeps).  Online, any
# page of another language asks for that language to be kept too (laws.js); offline, their
# address answers "not saved for offline reading" in the reader's language.
EVERY_LANGUAGE = (urls.coverage, urls.terms, urls.laws_index)


def shared_files(site: Path) -> list[Path]:
    files = [site / "index.html", site / urls.web_manifest(facts.DEFAULT_LANGUAGE), site / PAGES]
    # every language's 404 page (20 KB each): offline, the worker answers a page not kept with the
    # one of the language it says so in, its header and footer in the same words (sw.js)
    files += [site / urls.not_found(lang) for lang in facts.INTERFACE_LANGUAGES]
    files.append(site / urls.notes_data())  # the reader's notes, shown where they belong on every text
    for folder in SHARED_FOLDERS:
        files += _pages_under(site, folder)
    files.append(site / urls.search_data(facts.DEFAULT_LANGUAGE))  # what /search/ fetches with its engine
    # and what it fetches for a query: its words' files (what tells a language), the letter model
    default = facts.DEFAULT_LANGUAGE
    files += sorted((site / urls.search(default)).glob(urls.search_detection_words(default, "*").rsplit("/", 1)[-1]))
    files.append(site / urls.search_detection_model(default))
    files += [file_of(site, url_for(lang)) for url_for in EVERY_LANGUAGE for lang in facts.INTERFACE_LANGUAGES]
    return [path for path in files if path.is_file()]


def asset_files(site: Path) -> list[Path]:
    assets = site / "assets"
    return sorted(
        path
        for path in assets.rglob("*")
        if path.is_file()
        and path.suffix != ".map"
        and not any(path.relative_to(assets).as_posix().startswith(unused) for unused in UNUSED_ASSETS)
    )


def search_files(site: Path, lang: str) -> list[Path]:
    index = site / "pagefind"
    if not index.is_dir():
        return []
    # the search page's data, fetched with its engine (a page opened to type in loads neither)
    files = [site / urls.search_data(lang)]
    files += [index / "pagefind.js", index / "pagefind-entry.json", index / f"wasm.{lang}.pagefind"]
    files += sorted(index.glob(f"pagefind.{lang}_*.pf_meta"))
    for folder in ("index", "fragment", "filter", "forms"):  # forms: printed_forms
        files += sorted((index / folder).glob(f"{lang}_*"))
    # a query's concepts, situations and English words
    for words_of in (urls.search_concepts, urls.search_situations, urls.search_english):
        files += sorted((site / urls.search(lang)).glob(words_of(lang, "*").rsplit("/", 1)[-1]))
    return [path for path in files if path.is_file()]


def language_files(site: Path, lang: str) -> list[Path]:
    if lang in facts.TEXT_LANGUAGES:
        manifest = site / urls.web_manifest(lang)
        own = _pages_under(site, lang) + ([manifest] if manifest.is_file() else [])
    else:  # the English interface: every page outside the text languages' folders
        own = [page for page in _pages_under(site, "") if not _is_language_page(site, page)]
    return own + shared_files(site) + asset_files(site) + search_files(site, lang)


def cross_links(html: str) -> list[str]:
    """The hrefs of a page's links a reader follows into other texts and languages: citations that
    leave the text, the language menu, national rules, a provision's toolbar, the other texts.
    Only those pointing into another language's folder are kept beyond the language's own
    (:func:`cited_files`)."""
    hrefs = []
    for anchor in ANCHOR.finditer(html):
        classes = CLASS.search(anchor["attrs"])
        href = HREF.search(anchor["attrs"])
        if href and classes and LEAVING & set(classes["value"].split()):
            hrefs.append(href["value"])
    for block in BLOCKS.finditer(html):
        hrefs += [href["value"] for anchor in ANCHOR.finditer(block[0]) if (href := HREF.search(anchor["attrs"]))]
    return hrefs


class Disk:
    """Whether a path is a file or a folder, asked of the file system."""

    is_file = staticmethod(os.path.isfile)
    is_dir = staticmethod(os.path.isdir)


class Listing:
    """A site's files and folders, listed once (``os.walk``): an offline list resolves some
    200,000 links, and asking the file system about each is most of its time."""

    def __init__(self, site: Path) -> None:
        self.files: set[str] = set()
        self.dirs: set[str] = set()
        # named as :func:`resolve` names a target (os.path.normpath): "./site" and "site/" alike
        for folder, _, names in os.walk(os.path.normpath(site)):
            self.dirs.add(os.path.normpath(folder))
            self.files.update(os.path.normpath(os.path.join(folder, name)) for name in names)

    def is_file(self, path: str) -> bool:
        return path in self.files

    def is_dir(self, path: str) -> bool:
        return path in self.dirs


DISK = Disk()


def resolve(site: Path, page: Path, href: str, listing: Disk | Listing = DISK) -> Path | None:
    """The site file a relative ``href`` on ``page`` names (query and fragment dropped), if any."""
    path = re.split(r"[?#]", href, maxsplit=1)[0]
    if not path or re.match(r"[a-z][a-z0-9+.-]*:|/", path):  # this page, another site, root-absolute
        return None
    target = os.path.normpath(os.path.join(os.path.dirname(page), path))
    if path.endswith("/") or listing.is_dir(target):  # "../..": the home
        target = os.path.join(target, "index.html")
    root = os.path.normpath(site)
    if root == ".":  # the site is the working folder: inside is anything not above it
        inside = not (os.path.isabs(target) or target == os.pardir or target.startswith(os.pardir + os.sep))
    else:
        inside = target.startswith(root + os.sep)
    return Path(target) if inside and listing.is_file(target) else None


Resolve = Callable[[Path, str], "Path | None"]


def resolver(site: Path) -> Resolve:
    """:func:`resolve` on ``site`` as it is now (:class:`Listing`), each link once: the pages of a
    language share most of theirs (the header, the drawer, the language menu), and the
    languages' lists share their interface pages."""
    listing = Listing(site)
    memo: dict[tuple[str, str], Path | None] = {}

    def resolved(page: Path, href: str) -> Path | None:
        key = (os.path.dirname(page), href)
        if key not in memo:
            memo[key] = resolve(site, page, href, listing)
        return memo[key]

    return resolved


def cited_files(site: Path, pages: Iterable[Path], kept: set[Path], link: Resolve | None = None) -> list[Path]:
    """The pages of other languages that ``pages`` lead to (:func:`cross_links`: from their
    text, their language menu, their toolbars and lists of other texts), with what those load.

    One step only: a page kept this way is read at the table, its own links to a third text
    are not followed (they would pull in most of every language)."""
    link = link or resolver(site)
    cited = {
        target
        for page in pages
        for href in cross_links(page.read_text(encoding="utf-8"))
        if (target := link(page, href)) is not None and target not in kept
    }
    return sorted(cited | _loaded_by(link, cited, kept))


def _loaded_by(link: Resolve, pages: Iterable[Path], kept: set[Path]) -> set[Path]:
    """What ``pages`` load (stylesheets, scripts, icons, the manifest) that is not in ``kept``."""
    return {
        resource
        for page in pages
        for match in RESOURCE.finditer(page.read_text(encoding="utf-8"))
        if (resource := link(page, match["href"] or match["src"])) is not None and resource not in kept
    }


def texts_linked(site: Path, pages: Iterable[Path], kept: set[Path], link: Resolve | None = None) -> list[Path]:
    """Other languages' text pages (:func:`is_text_page`) that ``pages`` link to, anywhere on the
    page, with what those load: a law the reader's language lacks is read in another text ("where
    to read Law 73" → ``fi/1997/73/``), and a compare view's columns and the coverage table's
    cells lead to the texts.  Their own links are not followed (one step, as :func:`cited_files`)."""
    link = link or resolver(site)
    targets = {
        target
        for page in pages
        for anchor in ANCHOR.finditer(page.read_text(encoding="utf-8"))
        if (href := HREF.search(anchor["attrs"])) is not None and (target := link(page, href["value"])) is not None
    }
    linked = {target for target in targets - kept if is_text_page(site, target)}
    return sorted(linked | _loaded_by(link, linked, kept))


PAGES = "offline/pages.json"  # every page of the site: offline, "not saved" and "not found" apart


def write_pages(site: Path) -> Path:
    """``offline/pages.json``: the URL of every page of the site (``fi/2007/16/``), kept with
    every language, so that offline the service worker tells a page it did not keep ("not saved
    for offline reading") from an address the site does not have ("not found")."""
    pages = sorted(page_url(PurePosixPath(page.relative_to(site).as_posix())) for page in _pages_under(site, ""))
    target = site / PAGES
    target.parent.mkdir(exist_ok=True)
    target.write_text(json.dumps(pages, separators=(",", ":")), "utf-8")
    return target


def offline_list(
    site: Path, lang: str, link: Resolve | None = None, hashes: dict[Path, str] | None = None
) -> OfflineList:
    """The files a reader of ``lang`` keeps; ``link`` and ``hashes`` shared by the languages'
    lists of one site (:func:`write`): most of their files are the same."""
    link = link or resolver(site)
    hashes = {} if hashes is None else hashes
    own = language_files(site, lang)
    if lang in facts.TEXT_LANGUAGES:
        own += cited_files(site, text_pages(site, lang), set(own), link)
    own += texts_linked(site, interface_pages(site, lang), set(own), link)
    files = {}
    for path in own:
        if path not in hashes:
            hashes[path] = file_hash(path)
        files[page_url(PurePosixPath(path.relative_to(site).as_posix()))] = hashes[path]
    return OfflineList(lang, dict(sorted(files.items())))


def version_of(lists: list[OfflineList]) -> str:
    digest = hashlib.sha256()
    for item in lists:
        digest.update(json.dumps([item.lang, item.files], sort_keys=True).encode())
    digest.update(SERVICE_WORKER.read_bytes())
    return digest.hexdigest()[:16]


def web_manifest(lang: str, name: str, description: str, theme_color: str) -> dict[str, object]:
    """Relative URLs, so the site works under a sub-path; start in the reader's language."""
    up = "" if lang == facts.DEFAULT_LANGUAGE else "../"
    icons = [
        {"src": f"{up}{src}", "sizes": sizes, "type": "image/png", "purpose": purpose} for src, sizes, purpose in ICONS
    ]
    return {
        "name": name,
        "short_name": name if len(name) <= 12 else name.split()[0],
        "description": description,
        "lang": lang,
        "start_url": "./",
        "scope": up or "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": theme_color,
        "icons": icons,
    }


def write_manifests(site: Path, names: dict[str, str], description: str, theme_color: str) -> None:
    """Each language's manifest: its name, and as its description (what a phone shows when the
    site is added to the home screen) ui.toml's ``tagline`` in that language (``description``,
    the site's, where it is empty)."""
    for lang, name in names.items():
        target = site / urls.web_manifest(lang)
        target.parent.mkdir(parents=True, exist_ok=True)
        manifest = web_manifest(lang, name, t(lang, "tagline") or description, theme_color)
        target.write_text(json.dumps(manifest, ensure_ascii=False, indent=1), "utf-8")


def write(site: Path, names: dict[str, str], description: str, theme_color: str = "#ffffff") -> str:
    """Manifests, offline lists and the versioned worker; returns a one-line summary per list."""
    write_manifests(site, names, description, theme_color)
    write_pages(site)
    link = resolver(site)  # the site as it is now: its lists are written after this
    hashes: dict[Path, str] = {}
    lists = [offline_list(site, lang, link, hashes) for lang in names]
    version = version_of(lists)
    folder = site / "offline"
    folder.mkdir(exist_ok=True)
    for item in lists:
        payload = {"version": version, "lang": item.lang, "files": list(item.files.items())}
        (folder / f"{item.lang}.json").write_text(json.dumps(payload, separators=(",", ":")), "utf-8")
    worker = SERVICE_WORKER.read_text(encoding="utf-8").replace("__VERSION__", version)
    (site / "sw.js").write_text(worker, encoding="utf-8")
    return "\n".join(f"offline {item.lang}: {item.size} files" for item in lists) + f"\nworker version {version}"
