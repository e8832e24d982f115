"""Spelling variants (``search.toml`` ``variants``) run in the browser as JavaScript: the build
refuses, at the pattern's line, one that JavaScript reads otherwise or cannot read, and one whose
nested repeats can backtrack exponentially (:mod:`bridgelaws.search.browser_pattern`).

Each case plants a pattern in the Turkish variants of a copy of ``search.toml`` and reads it as the
build does; Node (Debian's ``nodejs``, as ``tests/search_node.py`` finds it) shows that what is
accepted compiles as JavaScript, and that the Python-only syntax refused does not.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
from pathlib import Path

import pytest

from bridgelaws import search
from bridgelaws.search import browser_pattern
from conftest import ROOT
from search_node import NODE

TURKISH_VARIANT = '  ["nk$", "ng"],'

# (kind, pattern, what the refusal says; "" when accepted)
CASES = [
    ("Python named group", r"(?P<x>[aeıiou])k$", "Python's syntax"),
    ("Python back-reference", r"(?P<x>a)(?P=x)$", "Python's syntax"),
    ("comment group", r"(?#why)nk$", "Python's syntax"),
    ("inline flag", r"(?i)nk$", "Python's syntax"),
    ("atomic group", r"(?>a+)b$", "Python's syntax"),
    ("possessive repeat", r"a++b$", "Python's syntax"),
    ("Python's start anchor", r"\Ank", "Python's syntax"),
    ("Python's end anchor", r"nk\Z", "Python's syntax"),
    ("open lower bound", r"a{,3}k$", "Python's syntax"),
    ("nested plus", r"^(a+)+b$", "exponential"),
    ("nested star in an alternation", r"^(?:x|(a*b?)*)c$", "exponential"),
    ("nested open bound", r"(x{2,})+$", "exponential"),
    ("nested in a lookahead", r"(?=(a+)+b)a", "exponential"),
    ("not a pattern", r"([aeıiou]k$", "not a regular expression"),
    ("group repeated once at most", r"([aeıiou]|n)g[aeıiou](n[aeıiou]?n?)?$", ""),
    ("a class holding Python's group syntax", r"[(?P<]k$", ""),
    ("an escaped paren before P<", r"\(?P<k$", ""),
    ("lookbehind", r"(?<=[aeıiou])k$", ""),
    ("bounded repeats in a repeated group", r"^(?:ab?){2,5}$", ""),
    ("JavaScript's named group and its reference", r"(?<v>[aeıiou])k\k<v>$", ""),
    ("escapes JavaScript knows", r"\u00e4\x41[\d\-]\b\.", ""),
    ("a lazy bounded repeat", r"a{1,2}?k$", ""),
    # refused by JavaScript itself
    ("a repeat of a repeat", r"ak**$", "not a regular expression"),
    ("a repeat of nothing", r"*k$", "not a regular expression"),
    ("a class range out of order", r"[z-a]k$", "not a regular expression"),
    # read by JavaScript's lenient rules as text, not as written
    ("an escaped letter that is no escape", r"\qk$", "not a regular expression"),
    ("a brace that starts no repeat", r"a{2k$", "not a regular expression"),
    ("a lone bracket", r"ak]$", "not a regular expression"),
    ("a reference to no group", r"(a)\2k$", "not a regular expression"),
]


def _planted(tmp_path: Path, pattern: str) -> tuple[Path, int]:
    source = (ROOT / "content" / "search.toml").read_text(encoding="utf-8")
    row = f"  [{json.dumps(pattern)}, {json.dumps('x')}],"
    assert TURKISH_VARIANT in source
    text = source.replace(TURKISH_VARIANT, f"{TURKISH_VARIANT}\n{row}", 1)
    (tmp_path / "search.toml").write_text(text, encoding="utf-8")
    return tmp_path, text.split("\n").index(row) + 1


@pytest.mark.parametrize(("kind", "pattern", "says"), CASES, ids=[case[0] for case in CASES])
def test_a_variant_the_browser_cannot_run_safely_is_refused_at_its_line(
    kind: str, pattern: str, says: str, tmp_path: Path
) -> None:
    content, line = _planted(tmp_path, pattern)
    if not says:
        assert pattern in [variant for variant, _ in search.read_vocabulary(content)["tr"].variants]
        return
    with pytest.raises(search.VocabularyError) as refused:
        search.read_vocabulary(content)
    assert re.match(rf"{re.escape(str(content / 'search.toml'))}:{line}: \[tr\] variant ", str(refused.value))
    assert says in str(refused.value), refused.value


def _compiles_in_node(patterns: list[str]) -> list[bool]:
    if NODE is None:
        pytest.fail("node is missing: run `make node`")
    script = (
        "const ps = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        "console.log(JSON.stringify(ps.map((p) => { try { new RegExp(p); return true; } catch { return false; } })));"
    )
    run = subprocess.run([NODE, "-e", script], input=json.dumps(patterns), capture_output=True, text=True, check=True)
    return list(json.loads(run.stdout))


def test_what_is_accepted_compiles_in_javascript_and_python_syntax_does_not() -> None:
    real = [
        variant
        for vocabulary in search.read_vocabulary(ROOT / "content").values()
        for variant, _ in vocabulary.variants
    ]
    accepted = [pattern for _, pattern, says in CASES if not says] + real
    python_only = [pattern for _, pattern, says in CASES if "Python's syntax" in says and "+" not in pattern]
    javascript_refuses = ["ak**$", "*k$", "[z-a]k$", "([aeıiou]k$"]
    assert real and all(browser_pattern.problem(pattern) == "" for pattern in real)
    assert _compiles_in_node(accepted) == [True] * len(accepted)
    # these mean something else or nothing in JavaScript: it refuses them where it can tell
    compiled = dict(zip(python_only, _compiles_in_node(python_only), strict=True))
    assert not compiled[r"(?P<x>[aeıiou])k$"] and not compiled[r"(?i)nk$"] and not compiled[r"(?#why)nk$"]
    assert _compiles_in_node(javascript_refuses) == [False] * len(javascript_refuses)


# the pieces random patterns are made of: letters, the syntax, escapes of every kind, classes
PIECES = [
    *"ak$^.|()[]{}*+?-\\,:=!<>",
    "(?:",
    "(?=",
    "(?<=",
    "(?<n>",
    "\\k<n>",
    "\\1",
    "\\d",
    "\\b",
    "\\q",
    "\\u00e4",
    "\\x4",
    "{2}",
    "{1,3}",
    "{2,}",
    "[a-z]",
    "[^ı]",
    "ı",
    "ł",
]


def test_every_pattern_the_checker_accepts_compiles_in_javascript() -> None:
    """Random patterns (a fixed seed): those the checker accepts are a subset of those JavaScript
    compiles, and it accepts a fair share of them (it is not refusing everything)."""
    rng = random.Random(43)
    patterns = sorted({"".join(rng.choice(PIECES) for _ in range(rng.randint(1, 8))) for _ in range(6000)})
    accepted = [pattern for pattern in patterns if browser_pattern.problem(pattern) == ""]
    compiled = dict(zip(patterns, _compiles_in_node(patterns), strict=True))
    wrongly = [pattern for pattern in accepted if not compiled[pattern]]
    assert not wrongly, wrongly[:20]
    assert len(accepted) > len(patterns) // 20, (len(accepted), len(patterns))
