"""The marks that keep the quick loop quick: ``pytest -m "not site and not browser"`` runs no
test that builds the site or starts Chromium.

conftest.py marks every test by the fixtures it uses (its fixtures' fixtures too): ``site`` for
the built site (``site``, ``base_url``), ``browser`` for Chromium (``browser``, ``page``,
``phone``).  Here the hook is run on tests written for it, and checked on this run's tests.
"""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

import conftest
from conftest import ROOT

pytest_plugins = ("pytester",)

FIXTURES = """
import pytest

@pytest.fixture(scope="session")
def site():
    return "built"

@pytest.fixture(scope="session")
def base_url(site):
    return "http://served/"

@pytest.fixture(scope="session")
def browser():
    return "chromium"

@pytest.fixture
def page(browser):
    return "a page"

@pytest.fixture
def phone(browser, base_url):
    return "a phone"

@pytest.fixture
def pages_of_the_site(site):
    return [site]

@pytest.fixture
def search(page, base_url):
    return (page, base_url)
"""

TESTS = """
import pytest

def test_plain():
    pass

def test_site(site):
    pass

def test_served(base_url):
    pass

def test_a_fixture_of_the_site(pages_of_the_site):
    pass

def test_page(page):
    pass

def test_phone(phone):
    pass

def test_a_fixture_of_a_page_and_the_site(search):
    pass

@pytest.mark.parametrize("page", ["fi/", "sv/"])
def test_a_parameter_named_page(page):
    pass

@pytest.mark.parametrize("browser", ["chromium"], indirect=True)
def test_an_indirect_browser(browser):
    pass

@pytest.mark.site
def test_marked_by_hand():
    pass
"""

# the marks each test gets
MARKS = {
    "test_plain": set(),
    "test_site": {"site"},
    "test_served": {"site"},
    "test_a_fixture_of_the_site": {"site"},
    "test_page": {"browser"},
    "test_phone": {"site", "browser"},
    "test_a_fixture_of_a_page_and_the_site": {"site", "browser"},
    "test_a_parameter_named_page": set(),  # a value named page, not the fixture
    "test_an_indirect_browser": {"browser"},
    "test_marked_by_hand": {"site"},
}
HOOK = SimpleNamespace(pytest_collection_modifyitems=conftest.pytest_collection_modifyitems)


@pytest.fixture
def marked(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    """A project of the tests above, its site and browser fixtures stand-ins; no other plugin."""
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    pytester.makeini("[pytest]\nmarkers =\n    site: the built site\n    browser: Chromium\n")
    pytester.makeconftest(FIXTURES)
    pytester.makepyfile(test_marked=TESTS)
    return pytester


def test_the_hook_marks_each_test_by_the_fixtures_it_uses(marked: pytest.Pytester) -> None:
    run = marked.inline_run("--collect-only", plugins=[HOOK])
    items = [call.item for call in run.getcalls("pytest_itemcollected")]
    got = {item.name.split("[")[0]: {m for m in ("site", "browser") if item.get_closest_marker(m)} for item in items}
    assert got == MARKS


def test_the_quick_loop_runs_only_the_tests_that_need_neither(marked: pytest.Pytester) -> None:
    run = marked.inline_run("-m", "not site and not browser", plugins=[HOOK])
    ran = {report.nodeid.split("::")[1].split("[")[0] for report in run.getreports() if report.when == "call"}
    assert ran == {name for name, marks in MARKS.items() if not marks}
    assert not run.getfailures()


def test_no_test_of_this_run_uses_the_site_or_a_browser_unmarked(request: pytest.FixtureRequest) -> None:
    """Every test collected in this run (those a ``-m`` left out carry their marks) that uses a
    fixture of the site or of Chromium carries its mark."""
    unmarked = [
        (item.nodeid, mark)
        for item in request.session.items
        for mark in conftest.needed_marks(item)
        if item.get_closest_marker(mark) is None
    ]
    assert request.session.items and not unmarked


def test_no_test_asks_for_a_fixture_by_name_at_run_time() -> None:
    """``request.getfixturevalue("site")`` would escape the marks (the hook reads the fixtures a
    test names): no test does it."""
    asking = [
        path.name
        for path in sorted((ROOT / "tests").glob("*.py"))
        if re.search(r"getfixturevalue\(", path.read_text(encoding="utf-8")) and path.name != "test_marks.py"
    ]
    assert not asking
