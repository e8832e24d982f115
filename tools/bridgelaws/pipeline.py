"""The pipeline: load → link → render → write.

1. :func:`load` — read every source the manifest lists (stage 1, ``stage1_read``: bytes →
   text) and parse it into the typed model (stage 2, ``stage2_parse``): a
   :class:`~bridgelaws.stage2_parse.corpus.Corpus`;
2. :func:`link` — find and resolve every citation (across editions only through the
   concordance, :func:`load_concordance`), build each text's glossary (stage 3,
   ``stage3_link``): a :class:`~bridgelaws.stage3_link.linkage.Linkage`;
3. :func:`render` — every page as Markdown and the open-data export (stage 4,
   ``stage4_render``), with search's pages and files (:func:`bridgelaws.search.generate`): a
   :class:`Plan` of files;
4. :func:`write` — the plan into ``content/docs``.

MkDocs then builds the site from ``content/docs`` (stage 5, ``stage5_site``: its hooks, with
search's part after the build, :func:`bridgelaws.search.after_build`, then the offline files).
``bridgelaws generate`` runs 1–4 (:mod:`bridgelaws.cli`), with the report and the
conservation gate between load and link.

Generation is deterministic (same sources → byte-identical files) and owns the whole
``content/docs`` tree: files it no longer produces are removed, so a rename leaves no orphan.
The tree is replaced whole or not at all (:func:`write`).
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from bridgelaws import search, termbase
from bridgelaws.core import atomic, facts, urls
from bridgelaws.stage2_parse.corpus import Corpus
from bridgelaws.stage2_parse.load import load
from bridgelaws.stage3_link.concordance import Concordance, against_corpus
from bridgelaws.stage3_link.concordance import load as read_concordance
from bridgelaws.stage3_link.link import link
from bridgelaws.stage3_link.linkage import Linkage
from bridgelaws.stage4_render import export, notes, tmx
from bridgelaws.stage4_render.pages import all_pages


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


__all__ = ["Plan", "link", "load", "load_concordance", "load_terms", "render", "write"]

CONCORDANCE_FOLDER = "concordance"  # content/concordance: the provision pairs between editions


def load_concordance(content: Path, corpus: Corpus | None = None) -> Concordance:
    """The concordance rows under ``content/concordance`` (bad rows are left out, with errors);
    with the ``corpus``, also those naming a provision its texts show does not exist."""
    concordance = read_concordance(content / CONCORDANCE_FOLDER)
    return against_corpus(concordance, corpus) if corpus is not None else concordance


def load_terms(content: Path, corpus: Corpus | None = None) -> termbase.TermBase:
    """The term base under ``content/terms`` (bad rows are left out, with errors naming file:line);
    with the ``corpus``, also the places said to define a concept that its texts do not have."""
    base = termbase.load(content / termbase.FOLDER)
    return termbase.against_corpus(base, corpus) if corpus is not None else base


def _whose(doc: object) -> str:
    return f"document {doc!r}" if doc else "a site page"


def render(
    corpus: Corpus,
    linkage: Linkage,
    vocabulary: dict[str, search.Vocabulary],
    concordance: Concordance | None = None,
    term_base: termbase.TermBase | None = None,
    compounds: search.Compounds | None = None,
) -> Plan:
    """Every page and the export, by path under ``content/docs``: the site's pages, and search's
    (:func:`bridgelaws.search.generate`: the search pages and their files, and the indexed pages'
    compounds followed by their hidden parts when ``compounds`` are given)."""
    files: dict[str, str] = {}
    owners: dict[str, object] = {}  # by URL and by file: ``13.md`` and ``13/index.md`` both render at ``13/``
    # the translation memories, once: the export writes them, the compare and terms pages link them
    found = tmx.memories(corpus, concordance) if concordance is not None else []
    searched = search.generate(
        corpus, all_pages(corpus, linkage, term_base, found), vocabulary, concordance, term_base, compounds
    )
    for page in searched.pages:
        for taken in (page.url.partition("#")[0], page.path):
            if taken in owners:
                # the manifest check refuses a document whose URLs are taken: this is a bug
                raise ValueError(
                    f"two pages render at {page.url!r}: {_whose(owners[taken])} and {_whose(page.meta.get('doc'))}"
                )
            owners[taken] = page.meta.get("doc")
        files[page.path] = page.markdown()
    files.update(searched.files)
    for url, text in export.files(corpus, linkage, concordance, term_base, found).items():
        files[f"{facts.DEFAULT_LANGUAGE}/{url}"] = text
    if concordance is not None:  # where each provision is in the other texts, for the reader's notes
        files[f"{facts.DEFAULT_LANGUAGE}/{urls.notes_data()}"] = notes.where_json(corpus, concordance)
    return Plan(files)


def write(generated: Plan, docs_dir: Path) -> int:
    """Replace ``docs_dir`` with the plan, whole: the files are written into a sibling folder (an
    unchanged file linked from the old one, not copied) that is then swapped in
    (:func:`bridgelaws.core.atomic.replace`), so a killed or failed run leaves ``docs_dir`` as it
    was.  Return how many files changed (written, or removed as stale)."""
    changed = generated.differences(docs_dir)
    if not changed and docs_dir.is_dir():
        atomic.discard(docs_dir)
        return 0
    written = set(changed)
    staged = atomic.fresh_staging(docs_dir)
    for relative, text in generated.files.items():
        path = staged / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if relative in written:
            path.write_text(text, encoding="utf-8")
        else:
            _link_or_copy(docs_dir / relative, path)
    atomic.replace(staged, docs_dir)
    return len(changed)


def _link_or_copy(old: Path, new: Path) -> None:
    try:
        os.link(old, new)
    except OSError:
        shutil.copy2(old, new)
