"""The term base at scale: ``bridgelaws generate`` on term bases k× larger, and what the search
pages carry of it.

For each factor k (1, 3 and 10 by default) a project folder holds the real sources and a term
base of the real concepts plus k−1 copies of each: new ids, every word given a suffix of its
copy's own (``revokki`` → ``revokkibaq``, so no copy shares a word with another), the rows'
``source``/``at`` left out (a copy's words are printed in no text), the laws and ``defined``
places kept.  It then times ``bridgelaws generate`` (the term base read, checked against the
texts, the term pages, the TBX and the search pages written) and measures, per language, the
search page as generated (its Markdown, which holds the page's data, raw and gzipped) and the
files a search fetches only on demand (the English words, the situations).

The requirement: generate linear in concepts (10× the term base in about 10× the time of its
share of the run), and the search page's first visit independent of the term base's size.
``--profile`` writes each factor's profile of generate (cProfile, sorted by cumulative time).

``PYTHONPATH=tools python -m bench.termscale [FACTOR …] [--workdir DIR] [--profile]``
"""

from __future__ import annotations

import argparse
import gzip
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.scale import ENV
from bench.scale_corpus import make_project

ROOT = Path(__file__).resolve().parents[2]
CONCEPTS = Path("content/terms/concepts.toml")
LANGUAGES = ("fi", "sv", "tr", "pl")
CONSONANTS, VOWELS = "bdfgklmnprstv", "aeiou"
CONCEPT_START = re.compile(r"(?m)^\[\[concept\]\]\n")
FORMS = re.compile(r"forms = \[([^\]]*)\]")
QUOTED = re.compile(r'"([^"]*)"')
SOURCE_AT = re.compile(r', source = "[^"]*", at = "[^"]*"')


def suffix(number: int) -> str:
    """A copy's own syllables (2 → ``bae``…): letters every language's fold keeps."""
    letters = []
    while True:
        number, consonant = divmod(number, len(CONSONANTS))
        number, vowel = divmod(number, len(VOWELS))
        letters.append(CONSONANTS[consonant] + VOWELS[vowel])
        if not number:
            return "".join(letters) + "q"


def copied_concept(block: str, number: int) -> str:
    """One ``[[concept]]`` block as copy ``number``: its id, name and words suffixed."""
    own = suffix(number)
    block = re.sub(r'(?m)^id = "([^"]*)"', lambda m: f'id = "{m[1]}-{own}"', block, count=1)
    block = re.sub(r'(?m)^name = "([^"]*)"', lambda m: f'name = "{m[1]} {own}"', block, count=1)
    block = SOURCE_AT.sub("", block)

    def mark(word: str) -> str:  # a form's "*" (any ending) stays at its end
        return word[:-1] + own + "*" if word.endswith("*") else word + own

    def forms(match: re.Match[str]) -> str:
        words = QUOTED.sub(lambda w: '"' + " ".join(mark(part) for part in w[1].split(" ")) + '"', match[1])
        return f"forms = [{words}]"

    return FORMS.sub(forms, block)


def scaled_term_base(text: str, factor: int) -> tuple[str, int]:
    """The concepts' file with ``factor - 1`` copies of every concept appended; the concepts' count."""
    starts = [m.start() for m in CONCEPT_START.finditer(text)]
    blocks = [text[a:b] for a, b in zip(starts, [*starts[1:], len(text)], strict=True)]
    copies = [copied_concept(block.rstrip("\n") + "\n\n", n) for n in range(2, factor + 1) for block in blocks]
    return text.rstrip("\n") + "\n\n" + "".join(copies), len(blocks) * factor


def page_sizes(project: Path) -> dict[str, tuple[int, int, int]]:
    """Per language: the search page's Markdown (raw, gzipped) and its on-demand files (gzipped)."""
    sizes = {}
    for lang in LANGUAGES:
        folder = project / "content" / "docs" / lang / "search"
        page = project / "content" / "docs" / lang / "search.md"
        data = page.read_bytes()
        files = sum(len(gzip.compress(p.read_bytes(), 9)) for p in folder.glob("*.json"))
        sizes[lang] = (len(data), len(gzip.compress(data, 9)), files)
    return sizes


def generate(project: Path, profile: Path | None) -> float:
    """``bridgelaws generate`` in ``project``, timed (and profiled to ``profile``)."""
    command = [sys.executable]
    if profile is not None:
        command += ["-m", "cProfile", "-o", str(profile)]
    command += ["-m", "bridgelaws.cli", "generate"]
    start = time.perf_counter()
    done = subprocess.run(command, cwd=project, env=ENV, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise RuntimeError(f"generate exited {done.returncode}:\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}")
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("factors", nargs="*", type=int, default=[1, 3, 10])
    parser.add_argument("--workdir", type=Path, default=None)
    parser.add_argument("--profile", action="store_true", help="write generate's profile per factor")
    args = parser.parse_args(argv)
    work = args.workdir or Path(tempfile.mkdtemp(prefix="bench-termscale-"))
    print(
        "| factor | concepts | generate s | "
        + " | ".join(f"{lang} page B (gz) · files gz" for lang in LANGUAGES)
        + " |"
    )
    print("|---" * (3 + len(LANGUAGES)) + "|")
    for factor in args.factors:
        project = work / f"terms-{factor}"
        if project.exists():
            shutil.rmtree(project)
        make_project(ROOT, project, 1)
        text, concepts = scaled_term_base((ROOT / CONCEPTS).read_text(encoding="utf-8"), factor)
        (project / CONCEPTS).write_text(text, encoding="utf-8")
        profile = work / f"generate-{factor}.prof" if args.profile else None
        seconds = generate(project, profile)
        sizes = page_sizes(project)
        cells = " | ".join(f"{raw:,} ({gz:,}) · {files:,}" for raw, gz, files in (sizes[lang] for lang in LANGUAGES))
        print(f"| {factor} | {concepts:,} | {seconds:.1f} | {cells} |", flush=True)
        if profile is not None:
            print(f"  profile: {profile}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
