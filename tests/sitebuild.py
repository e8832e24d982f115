"""The site as `make build` makes it (MkDocs, strict), for the tests.

``python tests/sitebuild.py OUT OUTCOME`` builds into ``OUT`` and then writes ``OUTCOME``: empty
when built, else MkDocs' complaint.  The test run starts it in the background as soon as it has
collected a test that needs the site (conftest.start_site_build), so that the tests that need none
run while it builds."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def build_site(out: Path) -> str:
    """Build the site into ``out``; MkDocs' complaint, or "" when built."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    run = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    return f"mkdocs build --strict failed:\n{run.stderr[-4000:]}" if run.returncode else ""


def main(out: str, outcome: str) -> None:
    said = build_site(Path(out))
    written = Path(outcome + ".part")
    written.write_text(said, encoding="utf-8")
    written.replace(outcome)  # whole or not at all: a waiting test reads it as soon as it exists


if __name__ == "__main__":
    main(*sys.argv[1:3])
