"""Two builds from the same sources are byte-identical, every file of them.

The session's site (``site``, built in the run's temporary folder) is compared with a second
build of the same sources into a folder on the other kind of file system where the machine has
both: on the RAM disk a folder lists its entries in the order they were made, on disk in an order
of their names' hashes, so the two builds also see their pages listed in different orders, as a
build on another machine does (Pagefind numbers pages in that order:
:mod:`bridgelaws.search.pagefind_order`).  The run's temporary folder is on the RAM disk where
there is one (conftest.pytest_configure): the second build then goes to disk.
The second build is this suite's one full build beyond the session's."""

from __future__ import annotations

import hashlib
from contextlib import nullcontext
from pathlib import Path

import pytest

from conftest import RAM_DISK, disk_folder
from sitebuild import build_site

pytestmark = pytest.mark.site


def digests(folder: Path) -> dict[str, str]:
    return {
        path.relative_to(folder).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def test_a_second_build_is_byte_identical_to_the_first(site: Path, scratch: Path, tmp_path: Path) -> None:
    site_on_ram_disk = site.resolve().is_relative_to(RAM_DISK.resolve())
    with disk_folder(tmp_path) if site_on_ram_disk else nullcontext(scratch) as folder:
        again = folder / "site"
        failure = build_site(again)
        assert not failure, failure
        second = digests(again)
    first = digests(site)
    only_first, only_second = sorted(first.keys() - second.keys()), sorted(second.keys() - first.keys())
    differ = sorted(path for path in first.keys() & second.keys() if first[path] != second[path])
    assert not (only_first or only_second or differ), (
        f"{len(differ)} files differ: {differ[:20]}; only in the first build: {only_first[:20]}; "
        f"only in the second: {only_second[:20]}"
    )
    assert len(first) > 1000  # the whole site was compared, not an empty folder
