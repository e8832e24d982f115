"""The search engine's rules (search.toml ``[engine]``): read whole, every rule of its kind, and a
wrong one said with its file, line and rule.  The values are the ranking tables' to judge
(tests/test_search_ranking.py); here, that the engine gets what the file says."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from bridgelaws import pipeline
from bridgelaws.search import engine_rules
from bridgelaws.search.engine_data import search_data
from bridgelaws.search.vocabulary import (
    SEARCH_LANGUAGES,
    VOCABULARY_FILE,
    VocabularyError,
    load_vocabulary,
    with_term_base,
)
from bridgelaws.stage2_parse.corpus import Corpus
from conftest import ROOT
from search_cases import engine_table

VOCABULARY = ROOT / "content" / VOCABULARY_FILE


def test_every_rule_reaches_every_search_page_as_written(corpus: Corpus) -> None:
    written = tomllib.loads(engine_table())["engine"]
    assert set(written) == set(engine_rules.SCHEMA)
    vocabulary = with_term_base(load_vocabulary(VOCABULARY), pipeline.load_terms(ROOT / "content"))
    for lang in SEARCH_LANGUAGES:
        assert search_data(corpus, lang, vocabulary[lang])["engine"] == written, lang


def _with(rule: str, value: str) -> str:
    """The shipped [engine] table with one rule's line written as ``rule = value`` (or left out
    for an empty value), after a [fi] table of one line: the table's header is line 3, that rule line 4."""
    lines = engine_table().splitlines()
    kept = [line for line in lines if line.split("=")[0].strip() != rule]
    changed = kept[:1] + ([f"{rule} = {value}"] if value else []) + kept[1:]
    return '[fi]\nlaw_words = ["laki"]\n' + "\n".join(changed) + "\n"


def _ranking(**changed: str) -> str:
    """A ranking table of every feature's weight 1, some written as ``changed`` says (or left out
    for an empty value)."""
    weights = {name: "1" for name in engine_rules.SCHEMA["ranking"]} | changed  # type: ignore[operator]
    return "{ " + ", ".join(f"{name} = {value}" for name, value in weights.items() if value) + " }"


@pytest.mark.parametrize(
    ("rule", "value", "said"),
    [
        ("max_query", "-1", ":4: [engine] max_query: expected a whole number of at least 0, got -1"),
        ("max_query", '"200"', ":4: [engine] max_query: expected a whole number"),
        ("carrying_length", "true", ":4: [engine] carrying_length: expected a whole number of at least 0, got True"),
        ("carried_only", "1.5", ":4: [engine] carried_only: expected a number from 0 to 1, got 1.5"),
        ("ranking", _ranking(firm="-1"), ":4: [engine] ranking.firm: expected a number of at least 0, got -1"),
        ("ranking", _ranking(firm="inf"), ":4: [engine] ranking.firm: expected a number of at least 0, got inf"),
        ("ranking", _ranking(cover=""), ":4: [engine] ranking: missing cover"),
        ("ranking", _ranking(cover='"1"'), "ranking.cover: expected a number of at least 0"),
        ("ranking", _ranking(other="1"), ":4: [engine] ranking: no such rule: other"),
        ("lone_word", "{ long = 5 }", ":4: [engine] lone_word: missing laws"),
        ("situation_rare", '"0.4"', ":4: [engine] situation_rare: expected a number from 0 to 1"),
        ("bag", "{ words = 2, long = 5, share = 0.66 }", ":4: [engine] bag.share: expected [part, whole]"),
        ("bag", "{ words = 2, long = 5, share = [3, 2] }", ":4: [engine] bag.share: expected [part, whole]"),
        ("bag", "{ words = 2, long = 5, share = [0, 2] }", ":4: [engine] bag.share: expected [part, whole]"),
        ("bag", "{ words = 2, share = [2, 3] }", ":4: [engine] bag: missing long"),
        ("bag", "{ words = 2, long = 5, share = [2, 3], x = 1 }", ":4: [engine] bag: no such rule: x"),
        ("bag", "5", ":4: [engine] bag: expected a table of words, long, share"),
        ("bag_stems", "[]", ":4: [engine] bag_stems: expected a list of tables of stem, ending"),
        ("bag_stems", "[{ stem = 5 }]", ":4: [engine] bag_stems[0]: missing ending"),
        ("inflected", "{ base = 5, ending = 3, changed = 2, short = 4, short_ending = 2.5 }", "inflected.short_ending"),
        ("page_size", "", ":3: [engine]: missing page_size"),
        ("no_such_rule", "1", ":4: [engine] no_such_rule: no such rule"),
    ],
)
def test_a_wrong_rule_is_said_with_its_file_line_and_name(tmp_path: Path, rule: str, value: str, said: str) -> None:
    path = tmp_path / VOCABULARY_FILE
    path.write_text(_with(rule, value), encoding="utf-8")
    with pytest.raises(VocabularyError, match=re.escape(said)) as raised:
        load_vocabulary(path)
    assert str(raised.value).startswith(f"{path}:"), raised.value


def test_a_vocabulary_without_the_engines_rules_is_refused(tmp_path: Path) -> None:
    path = tmp_path / VOCABULARY_FILE
    path.write_text('[fi]\nlaw_words = ["laki"]\n', encoding="utf-8")
    with pytest.raises(VocabularyError, match=re.escape(f"{path}:1: [engine]: missing")):
        load_vocabulary(path)


def test_the_shipped_table_reads_as_it_is() -> None:
    path = VOCABULARY
    read = engine_rules.read(path, tomllib.loads(path.read_text(encoding="utf-8"))["engine"])
    assert read == tomllib.loads(engine_table())["engine"]


RANKING_JS = ROOT / "overrides" / "assets" / "javascripts" / "search" / "engine" / "ranking.js"


def test_the_ranking_reads_every_feature_search_toml_weighs_and_no_other() -> None:
    """search.toml's ``ranking`` weights are the features ranking.js scores (its FEATURES): a
    weight the script does not read, or a feature with no weight, would count nothing unsaid."""
    listed = re.search(r"export const FEATURES = \[([^\]]*)\]", RANKING_JS.read_text(encoding="utf-8"))
    assert listed, RANKING_JS
    features = re.findall(r'"(\w+)"', listed.group(1))
    assert features and sorted(features) == sorted(engine_rules.SCHEMA["ranking"])  # type: ignore[arg-type]
