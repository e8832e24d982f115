"""Write the generated site sources: ``content/docs/<lang>/…`` Markdown and the JSON export.

Generation is deterministic (same sources → byte-identical files) and owns the whole
``content/docs`` tree: files it no longer produces are removed, so a rename leaves no orphan.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from . import export, urls
from .corpus import Corpus
from .render import all_pages
from .search import Vocabulary, search_pages


@dataclass
class Plan:
    """The files generation would write, by path relative to ``content/docs``."""

    files: dict[str, str]

    def differences(self, docs_dir: Path) -> list[str]:
        """Paths whose content on disk differs from the plan (missing, changed or stale)."""
        changed = [path for path, text in self.files.items() if _read(docs_dir / path) != text]
        stale = (
            [
                str(path.relative_to(docs_dir))
                for path in sorted(docs_dir.rglob("*"))
                if path.is_file() and str(path.relative_to(docs_dir)) not in self.files
            ]
            if docs_dir.exists()
            else []
        )
        return sorted(changed + stale)


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return None


def plan(corpus: Corpus, vocabulary: dict[str, Vocabulary] | None = None) -> Plan:
    files: dict[str, str] = {}
    for page in [*all_pages(corpus), *search_pages(corpus, vocabulary or {})]:
        if page.path in files:
            raise ValueError(f"two pages render at {page.url!r}")
        files[page.path] = page.markdown()
    files[f"{urls.DEFAULT_LANGUAGE}/{urls.export()}"] = export.dumps(corpus)
    return Plan(files)


def write(generated: Plan, docs_dir: Path) -> int:
    """Write the plan; remove stale files; return how many files changed."""
    changed = generated.differences(docs_dir)
    for relative in changed:
        path = docs_dir / relative
        if relative in generated.files:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(generated.files[relative], encoding="utf-8")
        else:
            path.unlink()
    for folder in sorted(docs_dir.rglob("*"), reverse=True):
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
    return len(changed)
