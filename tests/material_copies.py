"""The Material templates the site copies into ``overrides/`` and edits, and the templates of ours
that name Material's files: what tests/test_material_drift.py checks against the installed
Material (its docstring says what to do here when the pin moves).

``COPIES`` records each copy: the upstream template, the Material version and sha256 of the
upstream text at copy time, and the intended edits as (upstream snippet -> our snippet) pairs.
"""

from __future__ import annotations

from dataclasses import dataclass

OUR_TEMPLATES = (
    "main.html",
    "partials/header.html",
    "partials/site-search.html",
    "partials/csp.html",
    "partials/theme-colour.html",
    "partials/toc.html",
)


@dataclass(frozen=True)
class Edit:
    """An intended change: ``upstream`` (found exactly once in Material's text) becomes ``ours``."""

    why: str
    upstream: str
    ours: str


@dataclass(frozen=True)
class Copy:
    """A Material template, or one block of it, copied into overrides/ and edited."""

    ours: str  # path under overrides/
    upstream: str  # path under Material's templates/
    copied_from: str  # the Material version it was copied from
    upstream_sha256: str  # of the upstream text at copy time (the block's dedented body for a block)
    edits: tuple[Edit, ...]
    block: str | None = None  # None: the whole file

    @property
    def name(self) -> str:
        return f"{self.ours} {{% block {self.block} %}}" if self.block else self.ours

    @property
    def upstream_name(self) -> str:
        return f"{self.upstream} {{% block {self.block} %}}" if self.block else self.upstream


def lines(*text: str) -> str:
    """Template lines, each ending in a newline."""
    return "".join(f"{line}\n" for line in text)


COPIES = (
    Copy(
        ours="partials/header.html",
        upstream="partials/header.html",
        copied_from="9.8.1",
        upstream_sha256="8cf3fb15bcf969ff596649616fd99366b3c31c08d57a86d05308efc16d8fa75f",
        edits=(
            Edit(
                why="the opening comment says what was changed and why",
                upstream=lines("  This file was automatically generated - do not edit"),
                ours=lines(
                    "  Material 9.8.1's partials/header.html with one change: the search button and dialog",
                    "  (Material's own lunr search, which this site does not use) are replaced by",
                    "  partials/site-search.html, a form that opens this language's Pagefind search page.",
                    "  Keep in step with Material when its pin moves (tests/test_site.py checks the form is there).",
                ),
            ),
            Edit(
                why="Material's lunr search button and dialog become the form to the Pagefind search page",
                upstream=lines(
                    '    {% if "material/search" in config.plugins %}',
                    '      {% set search = config.plugins["material/search"] | attr("config") %}',
                    "      {% if search.enabled %}",
                    '        <label class="md-header__button md-icon" for="__search">',
                    '          {% set icon = config.theme.icon.search or "material/magnify" %}',
                    '          {% include ".icons/" ~ icon ~ ".svg" %}',
                    "        </label>",
                    '        {% include "partials/search.html" %}',
                    "      {% endif %}",
                    "    {% endif %}",
                ),
                ours=lines('    {% include "partials/site-search.html" %}'),
            ),
        ),
    ),
    Copy(
        ours="partials/toc.html",
        upstream="partials/toc.html",
        copied_from="9.8.1",
        upstream_sha256="fde48f583563364b0e0e6865a5ab1e7060ec1826161f69f5cbee653e621b0f84",
        edits=(
            Edit(
                why="the opening comment says what was changed and why",
                upstream=lines("  This file was automatically generated - do not edit"),
                ours=lines(
                    "  Material 9.8.1's partials/toc.html with one change: the title's label names the __toc",
                    "  toggle only where Material renders one.  A section's index page (navigation.indexes: each",
                    "  document's start page) is drawn in the navigation without it, so the label pointed at no",
                    "  control (an error of the Nu HTML checker, tests/test_html_conformance.py).",
                ),
            ),
            Edit(
                why="no `for` to a control that is not there (partials/nav-item.html renders __toc only "
                "for a page drawn as a page, not as its section's index)",
                upstream=lines('    <label class="md-nav__title" for="__toc">'),
                ours=lines(
                    '    {% set toggle = not ("navigation.indexes" in config.theme.features'
                    " and page.is_index and page.parent) %}",
                    '    <label class="md-nav__title"{% if toggle %} for="__toc"{% endif %}>',
                ),
            ),
        ),
    ),
    Copy(
        ours="main.html",
        upstream="base.html",
        block="site_meta",
        copied_from="9.8.1",
        upstream_sha256="61dca052355f343ef9cfcff60478d0e79aee0cec416c21a4ed4f8a4413818ab8",
        edits=(
            Edit(
                why="the Content-Security-Policy first after the charset (partials/csp.html hashes the inline code)",
                upstream=lines('<meta charset="utf-8">'),
                ours=lines('<meta charset="utf-8">', '{% include "partials/csp.html" %}'),
            ),
            Edit(
                why="no author tag",
                upstream=lines(
                    "{% if page.meta and page.meta.author %}",
                    '  <meta name="author" content="{{ page.meta.author }}">',
                    "{% elif config.site_author %}",
                    '  <meta name="author" content="{{ config.site_author }}">',
                    "{% endif %}",
                    "{% if page.canonical_url %}",
                ),
                ours=lines("{% if page.canonical_url %}"),
            ),
            Edit(
                why="no hreflang links (Material's bundle fetches sitemap.xml relative to each) and no RSS links",
                upstream=lines(
                    "{% if config.extra.alternate is iterable %}",
                    "  {% for alt in config.extra.alternate %}",
                    '    <link rel="alternate" href="{{ alt.link | url }}"'
                    " hreflang=\"{{ alt.lang | d(lang.t('language')) }}\">",
                    "  {% endfor %}",
                    "{% endif %}",
                    '{% if "rss" in config.plugins %}',
                    '  <link rel="alternate" type="application/rss+xml"'
                    " title=\"{{ lang.t('rss.created') }}\" href=\"{{ 'feed_rss_created.xml' | url }}\">",
                    '  <link rel="alternate" type="application/rss+xml"'
                    " title=\"{{ lang.t('rss.updated') }}\" href=\"{{ 'feed_rss_updated.xml' | url }}\">",
                    "{% endif %}",
                    '<link rel="icon" href="{{ config.theme.favicon | url }}">',
                ),
                ours=lines('<link rel="icon" href="{{ config.theme.favicon | url }}">'),
            ),
            Edit(
                why="no generator tag; the web app manifest, home-screen icon and theme colour instead",
                upstream=lines('<meta name="generator" content="mkdocs-{{ mkdocs_version }}, mkdocs-material-9.8.1">'),
                ours=lines(
                    '<link rel="manifest" href="{{ web_manifest | d(\'manifest.webmanifest\') | url }}">'
                    "{#- 404.html has no page context: English -#}",
                    '<link rel="apple-touch-icon" href="{{ \'assets/images/icon-192.png\' | url }}">',
                    '<meta name="theme-color" content="{{ config.extra.theme_color }}">',
                    '{% include "partials/theme-colour.html" %}',  # the one theme colour, an inline style
                ),
            ),
        ),
    ),
    Copy(
        ours="main.html",
        upstream="base.html",
        block="scripts",
        copied_from="9.8.1",
        upstream_sha256="7dedb1f1781beaf382a96f85a90d1e711f5a5f2fb2e1ea0c95d395a2806e354e",
        edits=(
            Edit(
                why="theme.js (deferred) for what the pages used of Material's bundle, not on the search pages",
                upstream="<script src=\"{{ 'assets/javascripts/bundle.a5f9d56c.min.js' | url }}\"></script>\n",
                ours=lines(
                    "{#- Material's block, without Material's bundle: the pages use a few of its components, which",
                    "    theme.js does on Material's markup (palette toggle, pop-ups, back-to-top, header, table of",
                    "    contents); the bundle was 34 KB gzip of every page's first visit.  Deferred: the same",
                    "    order and moment (after parsing) without blocking the first paint.  Not on the search",
                    "    pages, which use none of it (the drawer and the language menu work without script). -#}",
                    "{% if not (page and page.meta and page.meta.searches) %}",
                    "<script defer src=\"{{ 'assets/javascripts/theme.js' | url }}\"></script>",
                    "{% endif %}",
                ),
            ),
            Edit(
                why="the compare view has the site's scripts in its head, render-blocking (main.html's extrahead)",
                upstream=lines("{% for script in config.extra_javascript %}"),
                ours=lines(
                    "{% if not (page and page.meta and page.meta.compare) %}"
                    "{#- the compare view has them in its head -#}",
                    "{% for script in config.extra_javascript %}",
                ),
            ),
            Edit(
                why=(
                    "the light/dark toggle on the search pages (palette.js: no bundle there), the reader's place"
                    " on the others (keep-place.js), an interface page's"
                    " place in the language menu (same-place.js), the definitions pages' note (definitions-note.js); "
                    "the search pages' search-start.js, which loads their engine; "
                    "the provisions' tools and the reader's notes on law and point pages; My notes on its page;"
                    " the term index's filter on the term index"
                ),
                upstream=lines("{% endfor %}"),
                ours=lines(
                    "{% endfor %}",
                    "{% endif %}",
                    "{% if page and page.meta and page.meta.searches %}",
                    "  {#- the light/dark toggle, which Material's bundle drives on the other pages -#}",
                    "  <script defer src=\"{{ 'assets/javascripts/palette.js' | url }}\"></script>",
                    "{% else %}",
                    "  {#- the reader's place kept across editions and languages: not on the search pages, which",
                    "      have none (their first search counts every byte) -#}",
                    "  {% if page and page.meta and page.meta.doc and not (page.meta.law or page.meta.point) %}",
                    "  {#- a definitions page names the term the reader came from, where its text lacks it -#}",
                    "  <script defer src=\"{{ 'assets/javascripts/definitions-note.js' | url }}\"></script>",
                    "  {% endif %}",
                    "  <script defer src=\"{{ 'assets/javascripts/keep-place.js' | url }}\"></script>",
                    "  {% if not (page and page.meta and page.meta.doc) %}",
                    "  {#- an interface page's menu at the same place; not on a text's pages -#}",
                    "  <script defer src=\"{{ 'assets/javascripts/same-place.js' | url }}\"></script>",
                    "  {% endif %}",
                    "{% endif %}",
                    "{% if page and page.meta and page.meta.searches %}",
                    "  {#- async: run as soon as it is here, not after the deferred scripts (which wait",
                    "      for each other); everything it needs is above it in the page.  It loads the engine",
                    "      (search.js; on /search/, search-anywhere.js) when the page needs it -#}",
                    '  <script type="module" async src="{{ \'assets/javascripts/search-start.js\' | url }}"></script>',
                    "{% endif %}",
                    "{% if page and page.meta and (page.meta.law or page.meta.point) %}",
                    "  {#- before provisions.js: it hears the first toolbar provisions.js opens -#}",
                    '  <script type="module" src="{{ \'assets/javascripts/notes.js\' | url }}"></script>',
                    '  <script type="module" src="{{ \'assets/javascripts/provisions.js\' | url }}"></script>',
                    "{% elif page and page.meta and page.meta.notes %}",
                    '  <script type="module" src="{{ \'assets/javascripts/my-notes.js\' | url }}"></script>',
                    "{% endif %}",
                    "{% if page and page.meta and page.meta.terms_index %}",
                    '  <script type="module" src="{{ \'assets/javascripts/terms.js\' | url }}"></script>',
                    "{% endif %}",
                ),
            ),
        ),
    ),
)
