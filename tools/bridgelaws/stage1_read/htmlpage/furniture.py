"""What of a saved web page is not its text: the main container, and page furniture by reason.

The page's own text is in its **main container** (:func:`main_container`).  Text outside it is
dropped with the reason of the landmark it sits in (:func:`outside_reason`: navigation, page
header, sidebar …); inside it, scripts, forms, menus and furniture recognised by ``id`` and
``class`` words (comments, sharing buttons, related posts …) are dropped too
(:func:`inside_reason`).  :class:`Reasons` judges each element once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bs4 import BeautifulSoup
from bs4.element import CData, Comment, NavigableString, Tag

# -- what is dropped, and why ------------------------------------------------------------

# Elements whose text is never page text, wherever they stand.
DROPPED_TAGS = {
    "script": "script",
    "style": "style",
    "noscript": "noscript",
    "template": "template",
    "iframe": "iframe",
    "svg": "svg",
    "object": "embedded object",
    "canvas": "embedded object",
    "nav": "navigation",
    "form": "form",
    "select": "form",
    "textarea": "form",
    "button": "button",
}

# Landmarks that are page chrome only outside the main container (inside it, an article's
# <header> holds its title).
OUTSIDE_TAGS = {
    "head": "page head",
    "header": "page header",
    "footer": "page footer",
    "aside": "sidebar",
}

ROLES = {"navigation": "navigation", "search": "form"}
OUTSIDE_ROLES = {"banner": "page header", "contentinfo": "page footer", "complementary": "sidebar"}


def _class_words(alternatives: str) -> re.Pattern[str]:
    """A pattern for an ``id`` or ``class`` token holding one of ``alternatives`` as whole parts.

    Parts are separated by ``-`` or ``_``: ``comments`` finds ``comments-area`` and ``comments``
    but not ``commentsmith``.  ``alternatives`` is written in verbose syntax, ending in a newline.
    """
    return re.compile(rf"(?:^|(?<=[-_]))(?:{alternatives})(?=[-_]|$)", re.VERBOSE | re.IGNORECASE)


# Page furniture anywhere, tried in this order on every id and class token of an element.
FURNITURE: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "comment form",
        _class_words(r"""
            respond | comment-?form | comment-reply | reply-title   # id="respond"  form#commentform.comment-form
        """),
    ),
    (
        "comments",
        _class_words(r"""
            comments | comment-?list | disqus                       # div#comments.comments-area  ol.commentlist
        """),
    ),
    (
        "likes",
        _class_words(r"""
            likes? | wpl-likebox                                    # div.sd-like  div#likes-other-gravatars
        """),
    ),
    (
        "sharing buttons",
        _class_words(r"""
            share\w* | sharing | social | addthis\w*                # div.sharedaddy  li.share-twitter
        """),
    ),
    (
        "related posts",
        _class_words(r"""
            related\w* | yarpp\w*                                   # div#jp-relatedposts  div.related-posts
        """),
    ),
    (
        "sidebar",
        _class_words(r"""
            sidebar\w* | widget-area                                # div.sidebar  aside.widget-area
        """),
    ),
    (
        "widgets",
        _class_words(r"""
            widgets?                                                # section.widget.widget_search
        """),
    ),
    (
        "breadcrumbs",
        _class_words(r"""
            breadcrumbs? | pathway                                  # ul.breadcrumb  span.pathway (Joomla 1.5)
        """),
    ),
    (
        "cookie banner",
        _class_words(r"""
            cookie\w* | gdpr | consent\w*                           # div#cookie-bar  div.cookieconsent
        """),
    ),
    (
        "navigation",
        _class_words(r"""
            nav | navigation | navbar | \w*menu | pagenav | pager   # div.nav-links  ul.dropdown-menu  div#topmenu
            | pagination | skip-link                                # ul.pager.pagenav  a.skip-link
        """),
    ),
)

# Landmarks of layouts without HTML5 elements, recognised only outside the main container.
# A bare ``header`` or ``footer`` must be the whole token: Bootstrap's ``page-header`` and
# ``card-footer`` style a heading or a box, they are no landmarks.
OUTSIDE_FURNITURE: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "page header",
        _class_words(r"""
            \Aheader\Z | site-header | masthead | banner | topbar    # div#header  header#masthead.site-header
        """),
    ),
    (
        "page footer",
        _class_words(r"""
            \Afooter\Z | site-footer | colophon | site-info          # div#footer  footer#colophon
        """),
    ),
    (
        "sidebar",
        _class_words(r"""
            \Aaside\Z | secondary | left-?col\w* | right-?col\w*     # div#aside  aside#secondary  td#leftcolumn
        """),
    ),
)


def _tokens(tag: Tag) -> list[str]:
    """The ``id`` and ``class`` words of an element, where furniture is named."""
    return [*tag.get_attribute_list("id"), *tag.get_attribute_list("class")]


def attribute(tag: Tag, name: str) -> str:
    """A single-valued attribute as a string (``""`` when absent)."""
    return " ".join(tag.get_attribute_list(name))


def _furniture(tag: Tag, table: tuple[tuple[str, re.Pattern[str]], ...]) -> str | None:
    tokens = _tokens(tag)
    for reason, pattern in table:
        if any(pattern.search(token) for token in tokens):
            return reason
    return None


def inside_reason(tag: Tag) -> str | None:
    """Why an element's text is dropped even inside the main container (None: it is kept)."""
    name = tag.name.lower()
    if name in DROPPED_TAGS:
        if name == "form" and _furniture(tag, FURNITURE) in ("comment form", "comments"):
            return "comment form"
        return DROPPED_TAGS[name]
    role = attribute(tag, "role").lower()
    if role in ROLES:
        return ROLES[role]
    return _furniture(tag, FURNITURE)


def outside_reason(tag: Tag) -> str | None:
    """Why an element's text is dropped when it stands outside the main container."""
    reason = inside_reason(tag)
    if reason:
        return reason
    name = tag.name.lower()
    if name in OUTSIDE_TAGS:
        return OUTSIDE_TAGS[name]
    role = attribute(tag, "role").lower()
    if role in OUTSIDE_ROLES:
        return OUTSIDE_ROLES[role]
    return _furniture(tag, OUTSIDE_FURNITURE)


# -- the main container ------------------------------------------------------------------


def _has_role_main(tag: Tag) -> bool:
    return "main" in attribute(tag, "role").lower().split()


def main_container(soup: BeautifulSoup) -> Tag | None:
    """The element holding the page's own text, or None.

    Larger landmarks first: ``<main>`` and ``[role=main]`` hold the article with its title;
    ``#content`` (old layouts) comes before ``.entry-content``, which leaves out the post title.
    Furniture inside the container (comments, share buttons) is dropped by :func:`inside_reason`.
    """
    candidates = (
        soup.find("main"),
        soup.find(_has_role_main),
        soup.find("article"),
        soup.find(id="content"),
        soup.find(class_="post-content"),
        soup.find(class_="entry-content"),
        soup.find(class_="content"),
    )
    return next((found for found in candidates if isinstance(found, Tag)), None)


# -- each element judged once ------------------------------------------------------------


@dataclass
class Reasons:
    """Why text is dropped, element by element, each element judged once.

    Inside the container the innermost dropped element decides (a ``<script>`` in a form is
    ``script``); outside it, the innermost landmark that does not itself hold the main text.
    """

    container: Tag
    lineage: set[int]  # ids of the container's ancestors
    inside_cache: dict[int, str | None] = field(default_factory=dict)
    outside_cache: dict[int, str | None] = field(default_factory=dict)

    @classmethod
    def around(cls, container: Tag) -> Reasons:
        return cls(container, {id(tag) for tag in container.parents})

    def inside(self, tag: Tag) -> str | None:
        if id(tag) not in self.inside_cache:
            self.inside_cache[id(tag)] = inside_reason(tag)
        return self.inside_cache[id(tag)]

    def outside(self, tag: Tag) -> str | None:
        if id(tag) in self.lineage:
            return None  # it holds the main text: no landmark to drop
        if id(tag) not in self.outside_cache:
            self.outside_cache[id(tag)] = outside_reason(tag)
        return self.outside_cache[id(tag)]

    def of(self, node: NavigableString) -> str | None:
        """Why a text node does not reach the parser (None: it does)."""
        if isinstance(node, Comment | CData):
            return "HTML comment"
        between: list[Tag] = []
        for parent in node.parents:
            if parent is self.container:
                return next((reason for tag in between if (reason := self.inside(tag))), None)
            between.append(parent)
        return next((reason for tag in between if (reason := self.outside(tag))), "outside the main text")
