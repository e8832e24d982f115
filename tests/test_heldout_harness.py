"""bench.heldout, the held-out concept queries' harness: which half a query is in, and what it
refuses to show (the test half's misses)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import heldout


def _write(path: Path, rows: list[tuple[str, str]]) -> Path:
    path.write_text(
        "".join(f'[[query]]\nlang = "{lang}"\nquery = "{query}"\nlaws = [1]\n\n' for lang, query in rows),
        encoding="utf-8",
    )
    return path


def test_the_halves_alternate_within_each_language(tmp_path: Path) -> None:
    rows = [("fi", "a"), ("fi", "b"), ("sv", "c"), ("fi", "d"), ("sv", "e"), ("sv", "f")]
    queries = heldout.load(_write(tmp_path / "set.toml", rows))
    assert [(q.query, q.half) for q in queries] == [
        ("a", "test"),
        ("b", "dev"),
        ("c", "test"),  # the first Swedish query, though the third row
        ("d", "test"),
        ("e", "dev"),
        ("f", "test"),
    ]


def test_the_test_halfs_misses_are_not_shown(tmp_path: Path) -> None:
    path = _write(tmp_path / "set.toml", [("fi", "a")])
    with pytest.raises(SystemExit):
        heldout.main(["site", str(path), "--half", "test", "--misses"])


@pytest.mark.parametrize(
    ("href", "key"),
    [
        ("/fi/2007/13/#13A", "law:13"),
        ("/sv/laws/90/", "law:90"),
        ("/fi/2007/definitions/#revokki", "definitions:fi/2007"),
        ("/pl/2017/pzbs/25/#25.1", "pl/2017/pzbs/25"),
    ],
)
def test_a_result_stands_for_its_law_in_every_edition(href: str, key: str) -> None:
    assert heldout.result_key(href) == key
