"""The Content-Security-Policy: on every built page, and no violation in normal use.

The policy is a meta tag written by overrides/partials/csp.html with the hashes of the inline
snippets it renders (bridgelaws.stage5_site.csp); the build checks every page against it.  Here:
the built files (each carries one policy, allowing each of its inline scripts and styles and no
'unsafe-inline'), the check itself (it reports what it should), and in Chromium every page type,
online (after the offline download too: tests/test_offline.py, on its phone that kept Finnish),
with a listener for ``securitypolicyviolation`` events added before any script of the page runs,
and the console's "Refused to …" messages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bridgelaws.stage5_site import csp

POLICY_START = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'sha256-"
REQUIRED = (
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
)


def meta_policies(html: str) -> list[str]:
    return csp.META.findall(html)


# -- the built files ------------------------------------------------------------------------------


def test_every_built_page_carries_the_policy_and_it_allows_its_inline_code(site: Path) -> None:
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 500 and site / "404.html" in pages
    missing = [page.relative_to(site).as_posix() for page in pages if len(meta_policies(page.read_text("utf-8"))) != 1]
    assert missing == []
    assert [str(problem) for problem in csp.check_site(site)] == []


@pytest.mark.parametrize("page", ["index.html", "404.html", "fi/2007/13/index.html", "fi/search/index.html"])
def test_the_policy_is_strict(site: Path, page: str) -> None:
    html = (site / page).read_text(encoding="utf-8")
    (policy,) = meta_policies(html)
    assert policy.startswith(POLICY_START)
    assert all(directive in policy for directive in REQUIRED)
    assert "unsafe-inline" not in policy and "unsafe-eval'" not in policy.replace("'wasm-unsafe-eval'", "")
    directives = csp.parse(policy)
    assert not [source for source in directives["script-src"] if source.startswith(("http", "*", "data:", "blob:"))]
    # the hashes are those of the inline scripts and styles the page has: no more, no fewer
    scripts = {csp.source_hash(text) for text in csp.inline_scripts(html)}
    styles = {csp.source_hash(text) for text in csp.inline_styles(html)}
    assert scripts and styles
    assert {source for source in directives["script-src"] if source.startswith("'sha256-")} == scripts
    assert {source for source in directives["style-src"] if source.startswith("'sha256-")} == styles
    head = html[: html.index("</head>")]
    assert head.index("http-equiv") < min(head.index("<script"), head.index("<style"))  # before any code


def test_json_data_blocks_need_no_hash(site: Path) -> None:
    html = (site / "fi" / "search" / "index.html").read_text(encoding="utf-8")
    assert '<script id="__config" type="application/json">' in html
    assert not [text for text in csp.inline_scripts(html) if text.lstrip().startswith("{")]


def test_the_check_reports_an_inline_script_or_style_the_policy_does_not_allow(site: Path) -> None:
    html = (site / "fi" / "2007" / "13" / "index.html").read_text(encoding="utf-8")
    assert csp.check_page(html, "fi/2007/13/index.html") == []
    injected = html.replace("</article>", "<script>alert(1)</script></article>", 1)
    (problem,) = csp.check_page(injected, "fi/2007/13/index.html")
    assert "fi/2007/13/index.html: inline script not allowed" in str(problem) and "alert(1)" in str(problem)
    styled = html.replace("</article>", "<style>body{color:red}</style></article>", 1)
    assert "inline style not allowed" in str(csp.check_page(styled, "p")[0])
    for harmless in ('<script type="application/json">{}</script>', '<script src="x.js"></script>'):
        assert csp.check_page(html.replace("</article>", harmless + "</article>"), "p") == []
    unsafe = html.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
    assert "'unsafe-inline'" in str(csp.check_page(unsafe, "p")[0])
    (none,) = csp.check_page(re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", html), "p")
    assert "0 Content-Security-Policy meta tags" in str(none)


def test_the_policy_hashes_what_it_is_given_and_the_readme_gives_the_header() -> None:
    policy = csp.policy('<script>x()</script><script type="application/json">{}</script><style>p{}</style>')
    assert csp.parse(policy)["script-src"] == ["'self'", "'wasm-unsafe-eval'", csp.source_hash("x()")]
    assert csp.parse(policy)["style-src"] == ["'self'", csp.source_hash("p{}")]
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert f"Content-Security-Policy: {csp.HEADER}" in readme


# -- in the browser -------------------------------------------------------------------------------

LISTEN = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(
    `${event.violatedDirective} blocked ${event.blockedURI || "inline"}` +
      ` at ${event.sourceFile}:${event.lineNumber} ${event.sample}`
  );
});
"""


class Watch:
    """A browser context whose pages report every CSP violation (events and console messages)."""

    def __init__(self, context: Any) -> None:
        self.context = context
        self.console: list[str] = []
        context.add_init_script(LISTEN)
        context.on("console", self._console)
        self.page = context.new_page()

    def _console(self, message: Any) -> None:
        if "Content Security Policy" in message.text or "Refused to" in message.text:
            self.console.append(f"{message.page.url if message.page else '?'}: {message.text}")

    def violations(self) -> list[str]:
        self.page.wait_for_timeout(150)  # events are queued as tasks: let them fire
        return [*self.page.evaluate("window.__cspViolations || []"), *self.console]

    def policy(self) -> str:
        metas = self.page.locator('meta[http-equiv="Content-Security-Policy"]')
        assert metas.count() == 1, self.page.url
        return metas.get_attribute("content") or ""


PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.fixture
def watch(browser: Any) -> Iterator[Watch]:
    context = browser.new_context(**PHONE)
    yield Watch(context)
    context.close()


def wait_for_results(page: Any, query: str) -> None:
    page.wait_for_function(
        "q => { const l = document.getElementById('search-results'); return l && l.dataset.query === q; }", arg=query
    )
    assert page.locator("#search-results a").count() > 0, query


def tap_a_term(page: Any) -> None:
    page.locator("abbr.term").first.tap()
    page.locator(".md-tooltip2--active").wait_for()


def toggle_columns(page: Any) -> None:
    page.locator('input[name="c"][value="tr-2017"]').check()
    page.locator('input[name="c"][value="fi-1997"]').uncheck()
    page.locator("#show-changes").uncheck()
    assert "tr-2017" in page.url


PAGES = [
    # (URL, what a reader does there)
    pytest.param("", None, id="landing"),
    pytest.param("fi/", None, id="language-home"),
    pytest.param("fi/2007/13/#13A", tap_a_term, id="law-fi-2007"),
    pytest.param("fi/1997/45/", None, id="law-fi-1997"),
    pytest.param("sv/2007/12/", None, id="law-sv"),
    pytest.param("tr/2017/42/", None, id="law-tr"),
    pytest.param("pl/2017/pzbs/3/", None, id="pzbs-point"),
    pytest.param("fi/2007/definitions/", None, id="definitions"),
    pytest.param("fi/1997/sbl/", None, id="document"),
    pytest.param("compare/13/?c=fi-1997,fi-2007", toggle_columns, id="compare"),
    pytest.param("numbering/13/", None, id="numbering"),
    pytest.param("fi/compare/13/?c=fi-1997,fi-2007", toggle_columns, id="compare-fi"),
    pytest.param("sv/coverage/", None, id="coverage-sv"),
    pytest.param("coverage/", None, id="coverage"),
    pytest.param("laws/", None, id="laws-index"),
    pytest.param("pl/laws/13/", None, id="law-hub"),
    pytest.param("fi/search/?q=revokki", lambda page: wait_for_results(page, "revokki"), id="search-word"),
    pytest.param("sv/search/?q=lag%2016", lambda page: wait_for_results(page, "lag 16"), id="search-provision"),
    pytest.param("404.html", None, id="404"),
]


@pytest.mark.browser
@pytest.mark.parametrize(("url", "action"), PAGES)
def test_no_page_raises_a_violation(watch: Watch, base_url: str, url: str, action: Any) -> None:
    response = watch.page.goto(base_url + url)
    assert response is not None and response.ok
    assert watch.policy().startswith(POLICY_START)
    if action:
        action(watch.page)
    assert watch.violations() == []


@pytest.mark.browser
def test_the_listener_sees_a_violation(watch: Watch, base_url: str) -> None:
    """The check above can fail: an inline script added to a page is blocked and reported."""
    watch.page.goto(f"{base_url}fi/2007/13/")
    watch.page.evaluate(
        "() => { const s = document.createElement('script'); s.textContent = 'window.ran = 1';"
        " document.body.append(s); }"
    )
    assert watch.page.evaluate("window.ran") is None
    found = watch.violations()
    assert any(v.startswith("script-src") for v in found), found  # the event
    assert any("violates the following Content Security Policy" in v for v in watch.console), found  # the console


# -- inline event handlers and javascript: URLs ----------------------------------------------------

# (markup in a page's body, what the check reports; "" when it is harmless)
SCRIPT_ATTRIBUTES = [
    ('<img src="x.png" onerror="alert(1)">', "inline event handler onerror"),
    ("<svg ONLOAD=alert(1)></svg>", "inline event handler onload"),
    ('<div\nonclick="x()">a</div>', "inline event handler onclick"),
    ("<body onpageshow='x()'>", "inline event handler onpageshow"),
    ('<a href="javascript:alert(1)">a</a>', "javascript: URL in href"),
    ('<a href=" JavaScript:alert(1)">a</a>', "javascript: URL in href"),
    ('<a href="jav&#x61;script:alert(1)">a</a>', "javascript: URL in href"),
    ('<a href="java\tscript:alert(1)">a</a>', "javascript: URL in href"),
    ("<form><button formaction=javascript:x()>b</button></form>", "javascript: URL in formaction"),
    ('<iframe src="javascript:x()"></iframe>', "javascript: URL in src"),
    ("<p>&lt;img src=x onerror=alert(1)&gt;</p>", ""),
    ('<p title="&lt;img onerror=alert(1)&gt; onclick=x">a</p>', ""),
    ('<a href="javascript-guide.html">a</a>', ""),
    ('<a href="../13/#13A" data-onclick="x">a</a>', ""),
    ("<p>javascript:alert(1) as text</p>", ""),
]


@pytest.mark.parametrize(("markup", "reported"), SCRIPT_ATTRIBUTES, ids=[case[0] for case in SCRIPT_ATTRIBUTES])
def test_the_check_reports_inline_event_handlers_and_javascript_urls(markup: str, reported: str) -> None:
    head = f'<head><meta http-equiv="Content-Security-Policy" content="{csp.policy("")}"></head>'
    problems = [str(problem) for problem in csp.check_page(f"<html>{head}<body>{markup}</body></html>", "p.html")]
    if reported:
        assert len(problems) == 1 and problems[0].startswith(f"p.html: {reported}"), problems
    else:
        assert problems == []
