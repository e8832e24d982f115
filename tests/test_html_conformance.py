"""Conforming HTML: the Nu HTML checker finds no error of the project's own on any built page.

The checker is ``vnu.jar`` from npm (``vnu-jar``, pinned in ``tools/vnu/package-lock.json``),
run with Java; ``make vnu`` (part of ``make test``) installs Debian's Java if it is missing and
the pinned checker with ``npm ci``.  It runs once over every HTML file of the built site (one
Java start: starting the checker costs more than checking a page), with a canary page that has
an error of ours added to the same run, so the test shows it can fail.

``KINDS`` names every kind of page by a pattern over the site's files, so a kind added in a new
language (``fi/compare/16/``) is checked as soon as it is built; ``TODAY`` is what must be
found.  ``KNOWN`` lists the errors Material's own templates make on any Material site with the
features this site uses, each with the element it is made on and why it is Material's: the same
run checks a plain Material build of three trivial pages with this site's ``theme.features``
(:func:`plain_material`), and each known error must show there too, so the list cannot hide an
error of ours.  Every other error fails, and a known error no page of ours makes any more fails
too, so the list never outlives its reason.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from mkdocs.utils.yaml import yaml_load

from bridgelaws.core import facts

ROOT = Path(__file__).resolve().parent.parent
VNU_JAR = ROOT / "tools" / "vnu" / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
LANG = "(?P<lang>" + "|".join(facts.TEXT_LANGUAGES) + ")/"
EDITION = r"\d{4}/"

# kind -> a pattern over a page's path in the site (English at the root, others under /<lang>/)
KINDS = {
    "home": rf"^({LANG})?index\.html$",
    "document start page": rf"^{LANG}{EDITION}index\.html$",
    "law page": rf"^{LANG}{EDITION}\d+/index\.html$",
    "definitions": rf"^{LANG}{EDITION}definitions/index\.html$",
    "national rules start page": rf"^{LANG}{EDITION}(sbl|pzbs)/index\.html$",
    "SBL rule": rf"^{LANG}{EDITION}sbl/\d+/index\.html$",
    "PZBS point": rf"^{LANG}{EDITION}pzbs/\d+/index\.html$",
    "laws index": rf"^({LANG})?laws/index\.html$",
    "law hub": rf"^({LANG})?laws/\d+/index\.html$",
    "search": rf"^({LANG})?search/index\.html$",
    "compare": rf"^({LANG})?compare/\d+/index\.html$",
    "numbering changes": rf"^({LANG})?numbering/\d+/index\.html$",
    "coverage": rf"^({LANG})?coverage/index\.html$",
    "404": rf"^({LANG})?404\.html$",
    "terms": rf"^({LANG})?terms/index\.html$",
    "my notes": rf"^({LANG})?notes/index\.html$",
    "term details": rf"^({LANG})?terms/\d+-\d+/index\.html$",
}
ALL = ("en", *facts.TEXT_LANGUAGES)
TEXTS = facts.TEXT_LANGUAGES
TODAY = {  # (kind, language) pairs that the site has now; more may come
    *(("home", lang) for lang in ALL),
    *((kind, lang) for kind in ("document start page", "search", "laws index", "law hub") for lang in TEXTS),
    *(("law page", lang) for lang in ("fi", "sv", "tr")),  # the Polish text is the PZBS rules alone
    ("definitions", "fi"),
    ("definitions", "tr"),
    ("national rules start page", "fi"),
    ("national rules start page", "pl"),
    ("SBL rule", "fi"),
    ("PZBS point", "pl"),
    *((kind, "en") for kind in ("laws index", "law hub", "search", "compare", "numbering changes", "coverage", "404")),
    # every interface page in every language (issue 16) and the term base (issue 17)
    *((kind, lang) for kind in ("compare", "numbering changes", "coverage", "404", "terms") for lang in ALL),
    *(("my notes", lang) for lang in ALL),  # a reader's bookmarks and notes (issue 44)
    *(("term details", lang) for lang in ALL),  # the term base's details, ten laws a page (issue 41)
}


@dataclass(frozen=True)
class Known:
    """An error Material's templates make on every Material site with our features."""

    message: str  # a pattern over the checker's message
    element: str  # a pattern over the markup it quotes (the "extract")
    why: str


# Plain Material makes one more error that our pages no longer make: on a section's index page
# the table of contents' title is a label for a "__toc" toggle that is not there
# (overrides/partials/toc.html drops the `for` there).
KNOWN = (
    Known(
        message=r"^Attribute “autocomplete” is only allowed when the input type is",
        element=r'<input class="md-toggle" data-md-toggle="(drawer|search)" type="checkbox" id="__(drawer|search)"',
        why="base.html's drawer and search toggles are checkboxes with autocomplete=off (a Firefox workaround "
        "that keeps them from being restored checked); on every Material page",
    ),
    Known(
        message=r"^Bad value “” for attribute “tabindex” on element “label”",
        element=r'<label class="md-nav__link[^"]*" for="__nav_\d+" id="__nav_\d+_label" tabindex="">',
        why='partials/nav-item.html writes tabindex="{{ tabindex }}" with an empty value for the top-level '
        "sections of navigation.sections; on every page with a section in its navigation",
    ),
)

# The canary: a page with an error of ours, checked in the same run as the site.
CANARY = "canary/index.html"
CANARY_ERROR = "Duplicate ID “canary”."


@dataclass(frozen=True)
class Error:
    page: str  # path in the site
    message: str
    extract: str

    def known(self) -> Known | None:
        for known in KNOWN:
            if re.search(known.message, self.message) and re.search(known.element, self.extract):
                return known
        return None

    def __str__(self) -> str:
        return f"{self.page}: {self.message}\n    {' '.join(self.extract.split())[:160]}"


def kind_of(page: str) -> tuple[str, str] | None:
    for kind, pattern in KINDS.items():
        match = re.match(pattern, page)
        if match:
            return kind, match["lang"] or facts.DEFAULT_LANGUAGE
    return None


def checker() -> list[str]:
    java = shutil.which("java")
    if java is None or not VNU_JAR.is_file():
        pytest.fail("Java or the Nu HTML checker is missing: run `make vnu` (make test does it)")
    # one garbage collector thread: the parallel collectors' threads cost a sixth more processor
    # time on two cores, for the same answer; and the quick compiler only: the optimising one
    # spends more processor time compiling than a run of a few thousand pages wins back (its
    # larger frames need the bigger stack the checker asks for when it runs out)
    vnu = [java, "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xss8m", "-jar", str(VNU_JAR)]
    return [*vnu, "--format", "json", "--stdout", "--errors-only", "--no-langdetect"]


def run_checker(files: list[Path], roots: list[Path]) -> list[Error]:
    """Every error the checker reports in ``files`` (one run), by path under the root that holds it."""
    run = subprocess.run([*checker(), "--skip-non-html", *map(str, files)], capture_output=True, text=True)
    assert run.stdout, f"the checker printed nothing:\n{run.stderr[-2000:]}"
    errors = []
    for message in json.loads(run.stdout)["messages"]:
        if message["type"] in ("error", "non-document-error"):
            path = Path(message.get("url", "").removeprefix("file:")).resolve()
            under = [path.relative_to(top).as_posix() for top in map(Path.resolve, roots) if path.is_relative_to(top)]
            errors.append(Error(under[0] if under else str(path), message["message"], message.get("extract", "")))
    return errors


def write_canary(site: Path, folder: Path) -> Path:
    """A copy of a real law page with one duplicate id added: an error of ours."""
    html = (site / "fi" / "2007" / "13" / "index.html").read_text(encoding="utf-8")
    canary = folder / CANARY
    canary.parent.mkdir(parents=True)
    canary.write_text(html.replace("</article>", '<p id="canary">a</p><p id="canary">b</p></article>', 1), "utf-8")
    return canary


PLAIN_PAGES = {  # a home, a section with an index page (like a document's start page) and a page
    "index.md": "# Home\n\n## One\n\nText.\n",
    "section/index.md": "# Section\n\n## Source\n\nText.\n",
    "section/page.md": "# Page\n\n## A\n\nText.\n\n## B\n\nText.\n",
}


def plain_material(folder: Path) -> list[Path]:
    """Material alone, no overrides, with the site's theme features: its pages."""
    with (ROOT / "mkdocs.yml").open("rb") as handle:
        features = yaml_load(handle)["theme"].get("features", [])
    config = {"site_name": "Plain", "theme": {"name": "material", "features": features}, "plugins": []}
    (folder / "mkdocs.yml").write_text(json.dumps(config), encoding="utf-8")  # JSON is YAML
    for name, text in PLAIN_PAGES.items():
        (folder / "docs" / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / "docs" / name).write_text(text, encoding="utf-8")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q"], cwd=folder, env=env, capture_output=True)
    assert run.returncode == 0, run.stderr.decode()[-2000:]
    return sorted((folder / "site").rglob("*.html"))


@dataclass(frozen=True)
class Checked:
    """The checker's errors, from one run: on each page of the site, the canary, plain Material."""

    site: dict[str, list[Error]]
    canary: list[Error]
    plain: list[Error]


# the checker runs once over every page (module-scoped ``checked``): its tests on one xdist
# worker under --dist loadgroup
pytestmark = pytest.mark.xdist_group("vnu")


@pytest.fixture(scope="module")
def checked(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Checked:
    folder, plain = tmp_path_factory.mktemp("vnu"), tmp_path_factory.mktemp("plain")
    pages, canary = sorted(site.rglob("*.html")), write_canary(site, folder)
    errors = run_checker([*pages, canary, *plain_material(plain)], [site, folder, plain])
    by_page: dict[str, list[Error]] = {page.relative_to(site).as_posix(): [] for page in pages}
    for error in errors:
        if error.page in by_page:
            by_page[error.page].append(error)
    in_canary = [error for error in errors if error.page == CANARY]
    in_plain = [error for error in errors if error.page.startswith("site/")]  # plain/site/…
    stray = [error for error in errors if error.page not in by_page and error not in in_canary + in_plain]
    assert not stray, "\n".join(map(str, stray))  # a file the checker could not read, say
    return Checked(by_page, in_canary, in_plain)


def test_every_kind_of_page_is_found_in_every_language_it_exists_in(checked: Checked) -> None:
    found = {kind_of(page) for page in checked.site} - {None}
    assert found >= TODAY, sorted(TODAY - found)


def test_no_page_has_an_error_of_ours(checked: Checked) -> None:
    ours = [error for errors in checked.site.values() for error in errors if not error.known()]
    assert not ours, f"{len(ours)} errors of ours:\n" + "\n".join(map(str, ours[:40]))


def test_the_checker_finds_an_error_of_ours_and_keeps_the_known_ones_apart(checked: Checked) -> None:
    assert [error.message for error in checked.canary if not error.known()] == [CANARY_ERROR]
    assert {error.known() for error in checked.canary} - {None} == set(KNOWN)  # the copy keeps Material's own errors


def test_every_known_error_is_materials_own_and_still_made(checked: Checked) -> None:
    on_plain_material = {error.known() for error in checked.plain}
    assert not [known.why for known in KNOWN if known not in on_plain_material], "not an error of Material's"
    on_our_pages = {error.known() for errors in checked.site.values() for error in errors}
    assert not [known.why for known in KNOWN if known not in on_our_pages], "no page makes this any more: drop it"


def test_kinds_cover_every_page_that_is_not_a_redirect(checked: Checked, site: Path) -> None:
    unnamed = [page for page in checked.site if kind_of(page) is None]
    redirects = [page for page in unnamed if 'http-equiv="refresh"' in (site / page).read_text(encoding="utf-8")]
    assert sorted(set(unnamed) - set(redirects)) == []
