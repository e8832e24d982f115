"""The page toolkit: a generated Markdown page, interface strings, escaping, titles.

Source text is never trusted as markup: paragraphs are written as raw HTML blocks with the
text HTML-escaped (:mod:`~bridgelaws.stage4_render.text`), and heading text is escaped for
Markdown, so ``<script>``, ``*``, ``[x](…)`` or ``{{ … }}`` in a source show as text.  Every page
carries front matter the MkDocs hooks read: ``title``, ``description``, the page's
``alternates`` for the language switcher, and what the search index records.
"""

from __future__ import annotations

import html
import json
import re
import string
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path

from bridgelaws.core import datafile, facts, refs, urls
from bridgelaws.core.model import Law, Point
from bridgelaws.stage2_parse.corpus import Entry

UI_FILE = Path(str(resources.files("bridgelaws.stage4_render").joinpath("ui.toml")))


@dataclass
class Strings:
    """The interface strings by language and key, where each is written, and what was wrong."""

    table: dict[str, dict[str, str]]
    lines: dict[tuple[str, str], str]  # (lang, key) → file:line
    errors: list[str]


def _fields(text: str) -> set[str] | None:
    """The names of ``text``'s placeholders (``{n}``); None when it is no format string (a lone ``{``)."""
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError:
        return None


def read_strings(path: Path) -> Strings:
    """Read ``ui.toml``: a table per interface language, each value a format string whose
    placeholders are English's.  A wrong or missing string in a language is an error at its line
    and English is used for it; a key English lacks is taken from the first language that has it.
    A file that cannot be read, or an English string that cannot be used, raises
    :class:`~bridgelaws.core.datafile.DataError` (no page can be written without them)."""
    file = datafile.read_toml(path)
    errors: list[str] = []
    lines: dict[tuple[str, str], str] = {}
    english = file.data.get(facts.DEFAULT_LANGUAGE)
    if not isinstance(english, dict):
        raise datafile.DataError(f"{file.key(facts.DEFAULT_LANGUAGE)}: no [{facts.DEFAULT_LANGUAGE}] table")
    after = {lang: datafile.key_line(file.lines, lang) for lang in file.data}
    table: dict[str, dict[str, str]] = {}
    for lang in [facts.DEFAULT_LANGUAGE, *(lang for lang in file.data if lang != facts.DEFAULT_LANGUAGE)]:
        own = file.data[lang]
        if lang not in facts.INTERFACE_LANGUAGES or not isinstance(own, dict):
            errors.append(f"{file.key(lang)}: [{lang}] is no interface language's table; left out")
            continue
        table[lang] = {}
        for key, value in own.items():
            where = lines[(lang, key)] = file.key(key, after=after[lang])
            fields = _fields(value) if isinstance(value, str) else None
            wanted = _fields(english[key]) if isinstance(english.get(key), str) else fields
            if fields is None or (lang != facts.DEFAULT_LANGUAGE and fields != wanted):
                problem = (
                    "no text"
                    if not isinstance(value, str)
                    else (
                        "a lone { or }"
                        if fields is None
                        else f"placeholders {sorted(fields)}, not {sorted(wanted or ())}"
                    )
                )
                if lang == facts.DEFAULT_LANGUAGE:
                    raise datafile.DataError(f"{where}: [{lang}] {key}: {problem}")
                errors.append(f"{where}: [{lang}] {key}: {problem}; left out (English is shown)")
                continue
            table[lang][key] = value
    for lang in facts.INTERFACE_LANGUAGES:
        for key in table[facts.DEFAULT_LANGUAGE]:
            if key not in table.get(lang, {}) and (lang, key) not in lines:
                errors.append(f"{file.key(lang)}: [{lang}] lacks {key!r} (English is shown)")
        for key in set(table.get(lang, {})) - set(table[facts.DEFAULT_LANGUAGE]):
            errors.append(f"{lines[(lang, key)]}: [{facts.DEFAULT_LANGUAGE}] lacks {key!r}; [{lang}]'s is used")
            table[facts.DEFAULT_LANGUAGE][key] = table[lang][key]
    return Strings(table, lines, errors)


@cache
def _read() -> Strings:
    return read_strings(UI_FILE)


def _strings() -> dict[str, dict[str, str]]:
    return _read().table


def strings_errors() -> list[str]:
    """What is wrong with ui.toml, ``file:line:`` first (the strings concerned fall back to English)."""
    return list(_read().errors)


def t(lang: str, key: str, **values: object) -> str:
    """The interface string ``key`` in ``lang`` (English when a language lacks it)."""
    strings = _strings()
    text = strings.get(lang, {}).get(key) or strings[facts.DEFAULT_LANGUAGE][key]
    if not values:
        return text
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError) as error:
        where = _read().lines.get((lang, key)) or _read().lines.get((facts.DEFAULT_LANGUAGE, key), str(UI_FILE))
        raise datafile.DataError(f"{where}: {key}: placeholder {error} is not one the pages fill") from error


def language_name(lang: str) -> str:
    """The language's own name for itself (``Suomi``): mkdocs.yml's, which the language menu shows."""
    return facts.site().language_names[lang]


MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|~^=:])")


def md_inline(text: str) -> str:
    """Escape text for a Markdown heading: HTML-escaped, every Markdown punctuation escaped.

    ``<script>`` → ``&lt;script&gt;``; ``*x*`` → ``\\*x\\*``; ``{: #id}`` → ``\\{: \\#id\\}``.
    Characters Python-Markdown cannot backslash-escape (``|~^=:``) become entities.
    """
    escaped = html.escape(text, quote=False)

    def escape(match: re.Match[str]) -> str:
        char = match[1]
        return f"&#{ord(char)};" if char in "|~^=:" else "\\" + char

    return MARKDOWN_SPECIAL.sub(escape, escaped)


def h(text: str) -> str:
    return html.escape(text, quote=True)


def single_quoted(text: str) -> str:
    """Escape for an attribute in single quotes (JSON data keeps its double quotes readable)."""
    return html.escape(text, quote=False).replace("'", "&#x27;")


def lang_attr(lang: str, page_lang: str) -> str:
    return f' lang="{h(lang)}"' if lang != page_lang else ""


@dataclass
class Page:
    """A generated Markdown page: where it renders and what it says."""

    url: str
    lang: str
    title: str
    body: list[str]
    description: str = ""
    meta: dict[str, object] = field(default_factory=dict)
    alternates: dict[str, str] = field(default_factory=dict)
    index: bool = False  # heads a folder of pages (a document, a language, the laws list)

    @property
    def path(self) -> str:
        return urls.markdown_path(self.url, self.lang, self.index)

    def markdown(self) -> str:
        # MkDocs treats a page title as HTML (a title taken from the first heading is rendered
        # Markdown) and Material prints titles and descriptions unescaped: in <title>, the
        # header, the navigation and <meta content="…">.  Source text must stay text there.
        front: dict[str, object] = {"title": html.escape(self.title)}
        if self.description:
            front["description"] = html.escape(self.description)
        front.update(self.meta)
        if self.alternates:
            front["alternates"] = self.alternates
        header = "\n".join(f"{key}: {json.dumps(value, ensure_ascii=False)}" for key, value in front.items())
        body = "\n".join(self.body).strip("\n")
        return f"---\n{header}\n---\n\n{body}\n"

    def link(self, to_url: str) -> str:
        return urls.relative(self.url, to_url)


def display_title(title: str, lang: str) -> str:
    """Sentence case for an all-caps printed title, for navigation and ``<title>``.

    ``KORTTIEN VÄÄRÄ LUKUMÄÄRÄ`` → ``Korttien väärä lukumäärä``; ``YERİN HAKLARI`` →
    ``Yerin hakları`` (Turkish dotted and dotless i).  Mixed-case titles are kept.
    """
    if not title or title != title.upper():
        return title
    if lang == "tr":  # Turkish: I ↔ ı and İ ↔ i, which str.lower/upper get wrong
        return sentence_case(title.replace("I", "ı").replace("İ", "i").lower(), lang)
    return sentence_case(title.lower(), lang)


def sentence_case(text: str, lang: str) -> str:
    """``text`` with its first letter a capital: ``kortleken …`` → ``Kortleken …``, Turkish
    ``iletişim`` → ``İletişim``."""
    if lang == "tr":
        return {"i": "İ", "ı": "I"}.get(text[:1], text[:1].upper()) + text[1:]
    return text[:1].upper() + text[1:]


def law_heading(law: Law, lang: str) -> str:
    """The law's heading as printed: ``13 § KORTTIEN …``; a derived title gets ``Yasa 13 –``."""
    if law.title_derived or not law.label:
        return f"{t(lang, 'law', n=law.number)} – {law.title}" if law.title else t(lang, "law", n=law.number)
    return f"{law.label} {law.title}".strip()


def law_nav_title(law: Law, lang: str) -> str:
    return f"{law.number} {display_title(law.title, lang)}".strip()


def doc_short_name(entry: Entry) -> str:
    """``PZBS`` for the Polish federation's decisions, ``SBL`` for the Finnish rules."""
    return entry.meta.kind.short_name


def index_fields(entry: Entry, key: str, label: str, title: str) -> dict[str, object]:
    """Front matter telling ``overrides/main.html`` to index this page's body.

    ``key`` groups results (one per law across editions: ``law:13``; a regulation's point:
    ``pl-2017-pzbs:3``); ``label`` is the law number as shown (``13``, ``PZBS 3``).
    """
    return {
        "meta": {"key": key, "label": label, "title": title, "edition": entry.meta.edition},
        "filters": {"edition": entry.meta.edition},
    }


def law_index_fields(entry: Entry, law: Law) -> dict[str, object]:
    ref = str(law.number)
    return index_fields(entry, refs.result_key(ref), refs.result_label(ref), display_title(law.title, entry.meta.lang))


def point_index_fields(entry: Entry, point: Point) -> dict[str, object]:
    label = refs.result_label(point.ref, doc_short_name(entry))
    title = display_title(point.title, entry.meta.lang) or label
    return index_fields(entry, refs.result_key(point.ref, entry.meta.id), label, title)


def definitions_index_fields(entry: Entry) -> dict[str, object]:
    lang = entry.meta.lang
    return index_fields(entry, refs.result_key("definitions", entry.meta.id), "", t(lang, "definitions"))
