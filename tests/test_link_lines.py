"""Linking reads what intake read: a citation's source line does not depend on the file's encoding.

The link stage finds each citation's line in the text intake made of the file (decoded,
repaired, a saved page reduced to its text), not by reading the file again.  So a source that
arrives in its language's legacy code page gives exactly the citation lines of its UTF-8
original.  (When the file was read a second time as UTF-8, a cp1252 source fell back to each
paragraph's first line: 141 of the Swedish text's 191 citation lines were wrong, silently.)
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bridgelaws import pipeline
from bridgelaws.stage1_read import manifest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "content" / "sources"
CODE_PAGE = {"fi": "cp1252", "sv": "cp1252", "tr": "cp1254", "pl": "cp1250"}
FILES = [source.file for source, _ in manifest.read(SOURCES / "manifest.toml").entries]


def _in_code_page(text: str, encoding: str) -> str:
    """``text`` with the few characters ``encoding`` cannot hold (fi 2007 has one ``ε``) as ``?``."""
    return "".join(ch if ch.encode(encoding, "ignore") else "?" for ch in text)


def _citation_lines(sources: Path, file: str) -> dict[str, list[tuple[str, int, str, tuple[str, ...]]]]:
    corpus = pipeline.load(sources)
    linkage = pipeline.link(corpus)
    return {
        entry.meta.id: [(r.in_ref, r.line, r.text, r.targets) for r in linkage.of(entry.meta.id)]
        for entry in corpus.entries
        if entry.meta.source.file == file
    }


@pytest.mark.parametrize("file", FILES)
def test_a_source_in_its_legacy_code_page_gives_the_citation_lines_of_its_utf8_original(
    file: str, tmp_path: Path
) -> None:
    metas = next(m for source, m in manifest.read(SOURCES / "manifest.toml").entries if source.file == file)
    encoding = CODE_PAGE[metas[0].lang]
    text = _in_code_page((SOURCES / file).read_text(encoding="utf-8"), encoding)
    utf8, legacy = tmp_path / "utf8", tmp_path / "legacy"
    for folder in (utf8, legacy):
        shutil.copytree(SOURCES, folder)
    (utf8 / file).write_text(text, encoding="utf-8")
    (legacy / file).write_bytes(text.encode(encoding))

    original = _citation_lines(utf8, file)
    converted = _citation_lines(legacy, file)

    assert original and all(original.values()), "the source's documents cite nothing: the test would prove nothing"
    assert converted == original
    # the lines are the citations' own, not their paragraphs' first lines: a fallback to the
    # paragraph (what a failed second reading gave) would not pass
    lines = [line for references in original.values() for _, line, _, _ in references]
    assert len(set(lines)) > len(lines) // 4


def test_the_legacy_file_is_really_read_as_its_code_page(tmp_path: Path) -> None:
    """The comparison above means something only if the converted file is read as cp1252."""
    file = "sv-2007-laws-9-16.web.txt"
    shutil.copytree(SOURCES, tmp_path / "sources")
    text = (SOURCES / file).read_text(encoding="utf-8")
    (tmp_path / "sources" / file).write_bytes(text.encode("cp1252"))
    corpus = pipeline.load(tmp_path / "sources")
    report = next(r for r in corpus.reports if r.source.file == file)
    assert report.intake is not None and report.intake.encoding == "cp1252"
