"""The site's own scripts and stylesheets, minified in the built site: comments and layout out.

The sources under ``overrides/assets`` are written to be read (their comments say why); a
phone needs none of that.  ``rjsmin`` and ``rcssmin`` (pinned in pyproject.toml) are
tokenising minifiers: they keep strings, regular expressions and template literals as they
are and rename nothing, so what runs is the code the tests read.  Material's and Pagefind's
files are minified already (``*.min.js``, ``*.min.css``, under ``pagefind/``) and left alone.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import rcssmin
import rjsmin

# ours, copied from overrides/ by MkDocs: folder, file pattern, minifier
MINIFIED: tuple[tuple[str, str, Callable[[str], str]], ...] = (
    ("assets/javascripts", "*.js", rjsmin.jsmin),
    ("assets/stylesheets", "*.css", rcssmin.cssmin),
)


def minify_assets(site: Path) -> str:
    """Minify each of our scripts and stylesheets in place; say how much smaller they got."""
    before = after = count = 0
    for folder, pattern, minify in MINIFIED:
        for path in sorted((site / folder).glob(pattern)):
            if ".min." in path.name:
                continue
            source = path.read_text(encoding="utf-8")
            small = minify(source)
            path.write_text(small, encoding="utf-8")
            before, after, count = before + len(source), after + len(small), count + 1
    return f"{count} files, {before // 1024} KB → {after // 1024} KB"
