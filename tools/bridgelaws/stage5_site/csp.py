"""The Content-Security-Policy every page carries, and the check of the built site against it.

The site is static and hosts differ in what headers they let a publisher set, so the policy is
a ``<meta http-equiv="Content-Security-Policy">`` near the top of every page's ``<head>``
(``overrides/partials/csp.html``, included by main.html's ``site_meta`` block, which 404.html
renders too).  Scripts and styles come from the site itself (``'self'``); Pagefind compiles its
WebAssembly (``'wasm-unsafe-eval'``).  The few inline scripts and styles (Material's
``__md_scope`` helpers and its tab-anchor snippet, our theme-colour rule) are allowed by their
sha256 only: the template renders those very snippets once more, in the same context as the
page, and :func:`policy` hashes what it rendered.  So the hashes are of the real text, for that
page's base URL, and no one copies a hash by hand.

``<script type="application/json">`` blocks (Material's ``__config``) are data, never
executed, and need no hash.

After the build :func:`check_site` reads every HTML file: each must carry the policy, every
inline script and style must be allowed by the hashes in it, and no element may carry an inline
event handler (``onclick=``) or a ``javascript:`` URL (:func:`script_attributes`).  An inline script that is not
(Material adding one after a pin move, or markup that got into a page unescaped) fails the build
with the file and the script's first characters, instead of being silently blocked in a reader's
browser or, worse, silently allowed.

``frame-ancestors`` (and ``report-uri``, ``sandbox``) are ignored in a meta policy; the README
gives the header (:data:`HEADER`) for hosts that allow headers.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import html as markup
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

# The directives, in the order written.  script-src and style-src get the hashes.
DIRECTIVES: tuple[tuple[str, str], ...] = (
    ("default-src", "'self'"),
    ("script-src", "'self' 'wasm-unsafe-eval'"),  # Pagefind compiles its WebAssembly
    ("style-src", "'self'"),
    ("img-src", "'self' data:"),  # Material's icons are data: SVGs in its stylesheet
    ("font-src", "'self'"),
    ("connect-src", "'self'"),  # Pagefind's index, the offline lists, the service worker's fetches
    ("worker-src", "'self'"),
    ("manifest-src", "'self'"),
    ("object-src", "'none'"),
    ("base-uri", "'self'"),
    ("form-action", "'self'"),
)
# What only a header can say (a meta policy ignores frame-ancestors).  The meta policy stays in
# force beside a header (a browser enforces every policy it is given), so the header need not
# repeat it, nor its hashes, which differ with a page's depth (README, Publishing).
HEADER = "frame-ancestors 'none'"

META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')
SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script\s*>", re.IGNORECASE | re.DOTALL)
STYLE = re.compile(r"<style\b([^>]*)>(.*?)</style\s*>", re.IGNORECASE | re.DOTALL)
TYPE = re.compile(r"""\btype\s*=\s*["']?([^"'\s>]*)""", re.IGNORECASE)
SRC = re.compile(r"\bsrc\s*=", re.IGNORECASE)
# Types a browser runs (the HTML standard's JavaScript MIME types, and modules).
EXECUTABLE_TYPES = {
    "",
    "module",
    "text/javascript",
    "application/javascript",
    "application/ecmascript",
    "application/x-javascript",
    "text/ecmascript",
}


def source_hash(text: str) -> str:
    """A CSP hash source: ``'sha256-…'`` of the element's text as UTF-8 (what browsers hash)."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def inline_scripts(html: str) -> list[str]:
    """The text of every inline script a browser would run (no ``src``, a JavaScript type)."""
    found = []
    for match in SCRIPT.finditer(html):
        attributes, body = match[1], match[2]
        kind = TYPE.search(attributes)
        if SRC.search(attributes) or (kind[1].lower() if kind else "") not in EXECUTABLE_TYPES:
            continue
        found.append(body)
    return found


def inline_styles(html: str) -> list[str]:
    return [match[2] for match in STYLE.finditer(html)]


def _unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))


def policy(allowed_inline: str) -> str:
    """The policy for a page, allowing exactly the inline scripts and styles in ``allowed_inline``.

    The template passes the snippets it renders inline (the same includes, the same context), so
    the hashes are of the real text.
    """
    scripts = _unique(source_hash(text) for text in inline_scripts(allowed_inline))
    styles = _unique(source_hash(text) for text in inline_styles(allowed_inline))
    extra = {"script-src": scripts, "style-src": styles}
    return "; ".join(" ".join([name, value, *extra.get(name, [])]) for name, value in DIRECTIVES)


@dataclass(frozen=True)
class Problem:
    file: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: {self.message}"


def parse(content: str) -> dict[str, list[str]]:
    """``"a x y; b z"`` → ``{"a": ["x", "y"], "b": ["z"]}``."""
    directives: dict[str, list[str]] = {}
    for part in content.split(";"):
        name, *values = part.split()
        directives.setdefault(name.lower(), values)
    return directives


def _head(html: str) -> str:
    end = html.find("</head>")
    return html if end < 0 else html[:end]


def check_page(html: str, name: str) -> list[Problem]:
    """The page carries the policy before any script, and allows each of its inline scripts and styles."""
    metas = META.findall(html)
    if len(metas) != 1:
        return [Problem(name, f"{len(metas)} Content-Security-Policy meta tags, not 1")]
    head = _head(html)
    meta_at = head.find('<meta http-equiv="Content-Security-Policy"')
    first_script = min((match.start() for match in SCRIPT.finditer(head)), default=len(head))
    first_style = min((match.start() for match in STYLE.finditer(head)), default=len(head))
    if meta_at < 0 or meta_at > min(first_script, first_style):
        return [Problem(name, "the Content-Security-Policy meta tag is not in <head> before the first script or style")]
    directives = parse(metas[0])
    problems = [Problem(name, found) for found in script_attributes(html)]
    for kind, texts in (("script", inline_scripts(html)), ("style", inline_styles(html))):
        allowed = set(directives.get(f"{kind}-src", []))
        if "'unsafe-inline'" in allowed:
            problems.append(Problem(name, f"{kind}-src allows 'unsafe-inline'"))
        for text in texts:
            if source_hash(text) not in allowed:
                start = " ".join(text.split())[:80]
                problems.append(
                    Problem(name, f"inline {kind} not allowed by the policy (sha256 not in {kind}-src): {start!r}")
                )
    return problems


# A start tag that may hold an event handler or a javascript: URL: found by a cheap scan first, then
# read attribute by attribute (a value's text, ``title="… onerror=x"``, is no attribute).
SUSPECT_TAG = re.compile(
    r"<[a-zA-Z][^>]*?\s(?:on[a-z]+|href|src|action|formaction|xlink:href|data|poster|srcdoc)\s*=[^>]*>", re.IGNORECASE
)
ATTRIBUTE = re.compile(r"""([^\s"'<>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+))?""")
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "xlink:href", "data", "poster", "srcdoc"}
IGNORED_IN_URLS = re.compile(r"[\x00-\x20\x7f]")  # browsers drop these from a URL before its scheme


def _attributes(tag: str) -> list[tuple[str, str]]:
    inside = re.sub(r"^<[^\s>/]+|/?>$", "", tag)
    return [(match[1].lower(), markup.unescape((match[2] or "").strip("\"'"))) for match in ATTRIBUTE.finditer(inside)]


def script_attributes(page: str) -> list[str]:
    """The inline event handlers (``onclick=…``) and ``javascript:`` URLs of a page: code a policy
    without 'unsafe-inline' blocks, and that nothing of ours writes."""
    return [found for tag in SUSPECT_TAG.finditer(page) for found in _tag_scripts(tag[0])]


@functools.lru_cache(maxsize=1 << 16)  # the same tags (a menu's links) recur on every page: read each once
def _tag_scripts(tag: str) -> tuple[str, ...]:
    found = []
    for name, value in _attributes(tag):
        if name.startswith("on"):
            found.append(f"inline event handler {name}={value[:60]!r}")
        elif name in URL_ATTRIBUTES and IGNORED_IN_URLS.sub("", value).lower().startswith("javascript:"):
            found.append(f"javascript: URL in {name}={value[:60]!r}")
    return tuple(found)


def check_site(site: Path) -> list[Problem]:
    """Every HTML file of the built site checked by :func:`check_page`."""
    problems = []
    for path in sorted(site.rglob("*.html")):
        problems += check_page(path.read_text(encoding="utf-8"), path.relative_to(site).as_posix())
    return problems
