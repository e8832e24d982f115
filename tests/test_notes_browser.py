"""A reader's bookmarks and notes in a real browser (issue 44): written in a provision's toolbar,
shown at the corresponding provision of every other text, listed on My notes, kept through a
reload, the network off, an export and an import into a fresh browser; typed markup stays text;
a bad file is refused with its reason and loses nothing.

The notes are drawn from the build's data (``notes/where.json``), one per kind of
correspondence between a text and another (the same provision in another language, the same
number in another edition, renumbered, moved to another law, split, merged, none): each is
checked at every text, so the cases are the data's, not pairs written here.  Whether that data
follows the concordance is ``tests/test_notes.py``'s question.  Few page loads: one browser per
reader, each page visited once with every note on it checked there.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from bridgelaws.core import refs, urls
from bridgelaws.stage4_render.page import t
from conftest import PHONE, ROOT, SWEDISH_PHONE_GROUP
from test_accessibility import COLOUR_RULES, violations

# on the worker of the phone that kept Swedish (conftest.swedish_reader), which the offline test reads
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group(SWEDISH_PHONE_GROUP)]

SCHEMA = json.loads((ROOT / "docs" / "notes.schema.json").read_text(encoding="utf-8"))
MARKUP = '<img src=x onerror="document.title=1"> **bold** & <script>document.title=2</script>'
KINDS = ("same edition", "same number", "renumbered", "moved", "split", "merged", "none")


def kind_of(where: dict[str, Any], doc: str, law: str, anchor: str, other: str, place: object) -> str:
    """How the build places a provision of ``doc`` in ``other`` (where.json's ``at``)."""
    if isinstance(place, int):
        return "none"
    if isinstance(place, dict):
        return next(iter(place))
    assert isinstance(place, list)
    if place == [anchor]:
        same = where["docs"][doc]["law"].split("/")[1] == where["docs"][other]["law"].split("/")[1]
        return "same edition" if same else "same number"
    return "renumbered" if refs.law_of(place[0]) == int(law) else "moved"


@dataclass(frozen=True)
class Note:
    doc: str
    law: str
    ref: str
    kinds: frozenset[str]

    @property
    def key(self) -> str:
        return f"{self.doc}/{self.law}#{self.ref}"


@dataclass
class Expected:
    """On one law page: the notes at each provision (key → anchors, with the split or merge that
    brings each there) and those listed as on a provision this text lacks."""

    at: dict[str, set[str]] = field(default_factory=dict)
    how: dict[str, tuple[str, list[str]]] = field(default_factory=dict)
    missing: set[str] = field(default_factory=set)


def pick_notes(where: dict[str, Any]) -> list[Note]:
    """One note per kind of correspondence, the first the data has, preferring a law already
    chosen (fewer pages to open); each note's other kinds come with it."""
    found: dict[str, list[tuple[str, str, str, frozenset[str]]]] = {kind: [] for kind in KINDS}
    for doc, laws in sorted(where["at"].items()):
        if not where["docs"][doc]["laws"]:
            continue
        for law, provisions in sorted(laws.items(), key=lambda item: int(item[0])):
            for anchor, others in provisions.items():
                kinds = frozenset(kind_of(where, doc, law, anchor, other, p) for other, p in others.items())
                for kind in kinds:
                    found[kind].append((doc, law, anchor, kinds))
    notes: list[Note] = []
    for kind in KINDS:
        if any(kind in note.kinds for note in notes):
            continue
        assert found[kind], f"the data has no provision whose counterpart is {kind}"
        chosen = {(note.doc, note.law) for note in notes}
        doc, law, anchor, kinds = next((c for c in found[kind] if (c[0], c[1]) in chosen), found[kind][0])
        notes.append(Note(doc, law, anchor, kinds))
    return notes


def law_url(where: dict[str, Any], doc: str, law: str) -> str:
    return str(where["docs"][doc]["law"]).replace("{n}", law)


def expected_pages(where: dict[str, Any], notes: list[Note]) -> dict[tuple[str, str], Expected]:
    """Where each note shows, by (text, law page), from the build's data."""
    pages: dict[tuple[str, str], Expected] = {}
    for note in notes:
        own = pages.setdefault((note.doc, note.law), Expected())
        own.at.setdefault(note.key, set()).add(note.ref)
        for other, place in where["at"][note.doc][note.law][note.ref].items():
            if isinstance(place, int):
                pages.setdefault((other, str(place)), Expected()).missing.add(note.key)
                continue
            anchors = place if isinstance(place, list) else next(iter(place.values()))
            for anchor in anchors:
                page = pages.setdefault((other, str(refs.law_of(anchor))), Expected())
                page.at.setdefault(note.key, set()).add(anchor)
                if isinstance(place, dict):
                    page.how[note.key] = (next(iter(place)), anchors)
    return pages


def note_text(i: int) -> str:
    return f"note {i}: {MARKUP}"


def notes_file(notes: list[Note], tmp: Path, name: str = "notes.json", start: int = 0) -> Path:
    """The documented export file (docs/notes.schema.json) of ``notes``, numbered from ``start``."""
    items = [
        {"doc": n.doc, "law": int(n.law), "ref": n.ref, "star": i % 2 == 0, "note": note_text(i)}
        for i, n in enumerate(notes, start)
    ]
    path = tmp / name
    path.write_text(json.dumps({"format": "bridge-laws-notes", "version": 1, "items": items}), encoding="utf-8")
    return path


def import_file(page: Any, path: Path) -> str:
    """Import ``path`` on the open My notes page; the status line it shows."""
    status = page.locator(".notes-status")
    status.evaluate("element => { element.textContent = '' }")
    page.set_input_files(".notes-import__file", str(path))
    status.locator(".notes-status__line").wait_for()
    return str(status.locator(".notes-status__line").inner_text())


def stored(page: Any) -> dict[str, dict[str, Any]]:
    items = page.evaluate("JSON.parse(localStorage.getItem('bridgelaws-notes-v1') || '{\"items\":[]}').items")
    return {f"{i['doc']}/{i['law']}#{i['ref']}": i for i in items}


# JS: each note box on the page, with the provision it stands after (checked against the page:
# right after the provision's block, its paragraph, a paragraph holding the label it lends, or
# its heading's toolbar line), its mark of another text and its text
NOTES_ON_PAGE = """() => [...document.querySelectorAll('.md-content aside.pv-note')].map(box => {
  let before = box.previousElementSibling;
  while (before && before.matches('.pv-note, .pv-editor')) before = before.previousElementSibling;
  const target = document.getElementById(box.dataset.at);
  const placed = !!target && !!before && (before === target || before.contains(target) ||
    (before.classList.contains('pv-after') && before.previousElementSibling === target));
  const from = box.querySelector('.pv-note__from');
  return {key: box.dataset.note, at: box.dataset.at, placed, visible: box.offsetParent !== null,
          from: from && from.textContent, href: from && from.getAttribute('href'),
          how: (box.querySelector('.pv-note__how') || {}).textContent || null,
          text: (box.querySelector('.pv-note__text') || {}).textContent || null,
          markup: box.querySelectorAll('img, script, b, strong').length};
})"""


@pytest.fixture(scope="module")
def where(site: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((site / urls.notes_data()).read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="module")
def notes(where: dict[str, Any]) -> list[Note]:
    return pick_notes(where)


@pytest.fixture(scope="module")
def reader(
    browser: Any, base_url: str, where: dict[str, Any], notes: list[Note], tmp_path_factory: Any
) -> Iterator[Any]:
    """A phone whose reader wrote the first note in its provision's toolbar (a star and the typed
    markup) and imported the others on My notes."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    first = notes[0]
    page.goto(f"{base_url}{law_url(where, first.doc, first.law)}#{first.ref}")
    bar = page.locator(f".pv[data-provision='{first.ref}']")
    bar.locator(".pv-star").tap()
    bar.locator(".pv-note-edit").tap()
    page.fill(".pv-editor textarea", note_text(0))
    page.locator(".pv-editor button[type=submit]").tap()
    page.locator(f"aside.pv-note[data-at='{first.ref}']").wait_for()
    page.goto(base_url + urls.notes("fi"))
    import_file(page, notes_file(notes[1:], tmp_path_factory.mktemp("notes"), start=1))
    yield page
    context.close()


def test_a_note_written_in_the_toolbar_is_kept_as_typed_and_shown_as_text(
    reader: Any, where: dict[str, Any], notes: list[Note]
) -> None:
    first = notes[0]
    item = stored(reader)[first.key]
    assert item["star"] is True and item["note"] == note_text(0)
    assert set(stored(reader)) == {note.key for note in notes}  # the imported ones beside it


def test_each_note_shows_at_every_corresponding_provision_of_every_text(
    reader: Any, base_url: str, where: dict[str, Any], notes: list[Note]
) -> None:
    """Every text of its edition and, through the concordance, of the others: each note at each
    provision the build places it, marked as written on another text, a split or merge said;
    where nothing corresponds, at the top of the law the build names.  Then a reload keeps them."""
    pages = expected_pages(where, notes)
    assert {kind for note in notes for kind in note.kinds} == set(KINDS)
    by_key = {note.key: note for note in notes}
    for (doc, law), expected in pages.items():
        lang = where["docs"][doc]["lang"]
        reader.goto(base_url + law_url(where, doc, law))
        if expected.at:
            reader.locator("aside.pv-note").first.wait_for()
        if expected.missing:
            reader.locator(".notes-missing").wait_for()
        shown = reader.evaluate(NOTES_ON_PAGE)
        at: dict[str, set[str]] = {}
        for box in shown:
            at.setdefault(box["key"], set()).add(box["at"])
            note = by_key[box["key"]]
            assert box["placed"] and box["visible"], (doc, law, box)
            assert box["markup"] == 0 and box["text"].endswith(MARKUP), (doc, law, box)
            if note.doc == doc:
                assert box["from"] is None
            else:
                name = where["docs"][note.doc]["name"]
                assert box["from"] == t(lang, "notes_written_on", text=name, ref=refs.display(note.ref))
                assert box["href"].endswith(f"{law_url(where, note.doc, note.law)}#{note.ref}")
            how, places = expected.how.get(box["key"], ("", []))
            if how:
                shown_places = ", ".join(refs.display(anchor) for anchor in places)
                assert box["how"] == t(lang, f"notes_{how}", ref=refs.display(note.ref), places=shown_places), box
            else:
                assert box["how"] is None, box
        assert at == expected.at, (doc, law)
        missing = reader.locator(".notes-missing [data-note]").evaluate_all("rows => rows.map(r => r.dataset.note)")
        assert set(missing) == expected.missing, (doc, law)
        if expected.missing:
            assert reader.locator(".notes-missing__title").inner_text() == t(lang, "notes_missing")
    reader.reload()
    reader.locator("aside.pv-note, .notes-missing").first.wait_for()
    assert reader.evaluate(NOTES_ON_PAGE) == shown
    assert not reader.errors


def own_text(where: dict[str, Any], lang: str, note: Note) -> str:
    """The place My notes links a note to in ``lang``'s interface: the text the language menu opens
    for the law (the data's ``reads``), else a text of the language that has the provision, else
    the text it was written on."""
    docs = where["docs"]
    reads = where["reads"].get(note.doc, {}).get(note.law, {}).get(lang)
    candidates = ([note.doc] if docs[note.doc]["lang"] == lang else []) + ([reads] if reads else [])
    candidates += sorted(doc for doc in docs if docs[doc]["lang"] == lang)
    for doc in candidates:
        place = [note.ref] if doc == note.doc else where["at"][note.doc][note.law][note.ref].get(doc)
        if isinstance(place, (list, dict)):
            anchor = (place if isinstance(place, list) else next(iter(place.values())))[0]
            law = note.law if doc == note.doc else str(refs.law_of(anchor))
            return f"{law_url(where, doc, law)}#{anchor}"
        if place is not None and doc == reads:
            return law_url(where, doc, str(place))
    return f"{law_url(where, note.doc, note.law)}#{note.ref}"


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_my_notes_lists_every_note_by_law_at_the_readers_own_text_with_a_filter(
    reader: Any, base_url: str, where: dict[str, Any], notes: list[Note], lang: str
) -> None:
    reader.goto(base_url + urls.notes(lang))
    reader.locator(".my-note").first.wait_for()
    rows = reader.locator(".my-note").evaluate_all(
        "rows => rows.map(r => ({key: r.dataset.note, href: r.querySelector('a').getAttribute('href'),"
        " group: r.closest('section').querySelector('h2').textContent}))"
    )
    assert {row["key"] for row in rows} == {note.key for note in notes}
    by_key = {note.key: note for note in notes}
    for row in rows:
        wanted = own_text(where, lang, by_key[row["key"]])
        assert row["href"] == f"{base_url}{wanted}", row
        law = re.search(r"/(\d+)/(#|$)", wanted)
        assert law and row["group"] == t(lang, "law", n=law[1]), row
    last = len(notes) - 1
    reader.fill("#notes-filter", note_text(last).split(":")[0] + ":")
    visible = reader.locator(".my-note:visible").evaluate_all("rows => rows.map(r => r.dataset.note)")
    assert visible == [notes[last].key]
    reader.fill("#notes-filter", "zzqx-no-such-note")
    assert reader.locator(".my-note:visible").count() == 0
    assert reader.locator(".notes-none-match").inner_text() == t(lang, "notes_none_match")


def test_export_then_import_into_a_fresh_browser_keeps_every_note(reader: Any, browser: Any, base_url: str) -> None:
    reader.goto(base_url + urls.notes("fi"))
    reader.locator(".my-note").first.wait_for()
    with reader.expect_download() as download:
        reader.locator(".notes-export").tap()
    exported = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(SCHEMA).validate(exported)
    context = browser.new_context(viewport=PHONE)
    try:
        fresh = context.new_page()
        fresh.goto(base_url + urls.notes("en"))
        assert fresh.locator(".notes-empty").inner_text() == t("en", "notes_empty")
        line = import_file(fresh, Path(download.value.path()))
        assert line == t("en", "notes_imported", count=len(exported["items"]))
        assert stored(fresh) == stored(reader)
    finally:
        context.close()


def delete_first_row(page: Any, lang: str, answers: list[bool]) -> tuple[str, str, list[str]]:
    """Delete My notes' first row with its own button, answering its confirmations ``answers``
    in turn: (the row's note, its place as its link says it, the confirmations' messages)."""
    row = page.locator(".my-note").first
    key = str(row.get_attribute("data-note"))
    place = row.locator(".my-note__link").inner_text()
    button = row.locator(".my-note__delete")
    assert button.inner_text() == t(lang, "notes_delete")
    assert button.get_attribute("aria-label") == t(lang, "notes_delete_one", place=place)
    messages: list[str] = []
    for answer in answers:

        def reply(dialog: Any, yes: bool = answer) -> None:
            messages.append(dialog.message)
            dialog.accept() if yes else dialog.dismiss()

        page.once("dialog", reply)
        button.click()
    return key, place, messages


def test_a_bad_file_says_why_nothing_is_lost_and_deleting_or_clearing_asks_first(
    browser: Any, base_url: str, where: dict[str, Any], notes: list[Note], tmp_path: Path
) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    lang = "pl"
    page.goto(base_url + urls.notes(lang))
    import_file(page, notes_file(notes[:2], tmp_path, "good.json"))
    before = stored(page)
    assert len(before) == 2
    doc = notes[0].doc
    law = next(iter(where["at"][doc]))
    unknown_ref = law + "Z9"
    assert unknown_ref not in where["at"][doc][law]
    bad_files = {
        "{not json": t(lang, "notes_reason_json"),
        json.dumps({"format": "other", "items": []}): t(lang, "notes_reason_format"),
        json.dumps({"format": "bridge-laws-notes", "version": 7, "items": []}): t(
            lang, "notes_reason_version", version=7
        ),
    }
    for i, (text, reason) in enumerate(bad_files.items()):
        path = tmp_path / f"bad{i}.json"
        path.write_text(text, encoding="utf-8")
        assert import_file(page, path) == t(lang, "notes_bad_file", reason=reason)
        assert stored(page) == before
    good = {"doc": notes[-1].doc, "law": int(notes[-1].law), "ref": notes[-1].ref, "star": True}
    refused = [
        (42, t(lang, "notes_reason_item")),
        ({**good, "doc": "xx-1900"}, t(lang, "notes_reason_doc", doc="xx-1900")),
        (
            {**good, "doc": doc, "law": int(law), "ref": unknown_ref},
            t(lang, "notes_reason_provision", doc=where["docs"][doc]["name"], law=law, ref=unknown_ref),
        ),
        ({**good, "note": "x" * (where["max"] + 1)}, t(lang, "notes_reason_long", max=where["max"])),
        ({**good, "star": False, "note": "  "}, t(lang, "notes_reason_empty")),
        ({**good, "law": True}, t(lang, "notes_reason_type", field="law")),
        ({**good, "star": "yes"}, t(lang, "notes_reason_type", field="star")),
    ]
    mixed = tmp_path / "mixed.json"
    items = [good, *(item for item, _ in refused)]
    mixed.write_text(json.dumps({"format": "bridge-laws-notes", "version": 1, "items": items}), encoding="utf-8")
    line = import_file(page, mixed)
    assert line == t(lang, "notes_imported", count=1) + " " + t(lang, "notes_refused", count=len(refused))
    listed = page.locator(".notes-status__refused li").all_inner_texts()
    assert listed == [t(lang, "notes_refused_item", n=i + 2, reason=reason) for i, (_, reason) in enumerate(refused)]
    after = stored(page)
    assert set(before) <= set(after) and all(after[key]["note"] == item["note"] for key, item in before.items())
    # one note deleted on its row, once the reader confirms: the rest kept, the focus on the row
    # that takes its place
    key, place, messages = delete_first_row(page, lang, [False])
    assert messages == [t(lang, "notes_delete_confirm", place=place)] and stored(page) == after
    key, place, messages = delete_first_row(page, lang, [True])
    page.locator(f".my-note[data-note='{key}']").wait_for(state="detached")
    assert set(stored(page)) == set(after) - {key} and len(messages) == 1
    assert page.locator(".notes-status__line").inner_text() == t(lang, "notes_deleted", place=place)
    focused = page.evaluate("document.activeElement.closest('.my-note').dataset.note")
    assert focused == page.locator(".my-note").first.get_attribute("data-note")
    after = stored(page)
    count = len(after)
    messages = []
    page.once("dialog", lambda dialog: (messages.append(dialog.message), dialog.dismiss()))
    page.locator(".notes-clear").click()
    assert messages == [t(lang, "notes_clear_confirm", count=count)] and stored(page) == after
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator(".notes-clear").click()
    page.locator(".notes-empty").wait_for()
    assert stored(page) == {} and page.locator(".notes-status__line").inner_text() == t(lang, "notes_cleared")
    context.close()


# the phone's storage as a JSON object, and put back from one
STORAGE = "() => JSON.stringify(localStorage)"
RESTORE = """saved => {
  localStorage.clear();
  for (const [key, value] of Object.entries(JSON.parse(saved))) localStorage.setItem(key, value);
}"""


def test_offline_the_notes_show_and_my_notes_lists_them(
    swedish_reader: Any, base_url: str, where: dict[str, Any], notes: list[Note], tmp_path: Path
) -> None:
    """A reader of Swedish whose phone kept Swedish (conftest.swedish_reader, shared with
    test_journey_offline) imports the notes with the network off: the Swedish texts still show
    every note where it belongs, and My notes lists them.  The phone's storage is put back as it
    was, for the other tests of the phone."""
    lang = "sv"
    page = swedish_reader.context.new_page()
    try:
        response = page.goto(base_url + urls.notes(lang))
        assert response is not None and response.from_service_worker
        saved = page.evaluate(STORAGE)
        try:
            import_file(page, notes_file(notes, tmp_path))  # Swedish kept before: the fixture waited for it
            pages = {
                key: value
                for key, value in expected_pages(where, notes).items()
                if where["docs"][key[0]]["lang"] == lang
            }
            assert pages
            for (doc, law), expected in pages.items():
                response = page.goto(base_url + law_url(where, doc, law))
                assert response is not None and response.from_service_worker
                page.locator("aside.pv-note, .notes-missing").first.wait_for()
                at: dict[str, set[str]] = {}
                for box in page.evaluate(NOTES_ON_PAGE):
                    at.setdefault(box["key"], set()).add(box["at"])
                assert at == expected.at
            page.goto(base_url + urls.notes(lang))
            page.locator(".my-note").first.wait_for()
            assert page.locator(".my-note").count() == len(notes)
        finally:
            page.evaluate(RESTORE, saved)
    finally:
        page.close()
    # the phone's other page reads the storage as it was put back: each page's copy of it is
    # brought up to date with another page's writes a moment after them, not at once (a page
    # that read it at once could see it cleared and not yet refilled)
    swedish_reader.wait_for_function("saved => JSON.stringify(localStorage) === saved", arg=saved, timeout=5000)
    assert swedish_reader.evaluate(STORAGE) == saved


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violation_on_noted_pages_and_my_notes(
    reader: Any, base_url: str, where: dict[str, Any], notes: list[Note], scheme: str
) -> None:
    """A provision with its toolbar, the note form open and notes from other texts beside it, and
    My notes with notes: no violation (light), no contrast failure (dark)."""
    only = None if scheme == "light" else COLOUR_RULES
    reader.emulate_media(color_scheme=scheme)
    try:
        first = notes[0]
        reader.goto("about:blank")  # a fresh load, not a move to the same page's fragment
        reader.goto(f"{base_url}{law_url(where, first.doc, first.law)}#{first.ref}")
        reader.locator(f".pv[data-provision='{first.ref}'] .pv-note-edit").tap()
        reader.locator(".pv-editor textarea").wait_for()
        reader.locator("aside.pv-note--other, aside.pv-note").first.wait_for()
        assert not violations(reader, only=only)
        reader.goto(base_url + urls.notes("tr"))
        reader.locator(".my-note").first.wait_for()
        assert not violations(reader, only=only)
    finally:
        reader.emulate_media(color_scheme="light")
