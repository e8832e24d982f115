"""Per provision: its permalink, its counterparts in the other texts, the page's script data and
what a printed copy of the page says of itself.

Every provision's label is a link to the provision itself (the permalink; a heading has the
``¶`` of the table of contents instead).  A provision reached through a link (``:target``)
shows a small toolbar: provisions.js puts "copy citation" in it, and the build has already put
plain links to the same provision in the other texts there (the other editions, and the other
languages' texts of the same edition), so that without JavaScript the reader still changes
edition or language at the provision.  Those links come from the concordance
(:meth:`Concordance.between`), never from the provision's number: where no row says where the
provision is, there is no link.
"""

from __future__ import annotations

import json
import re

from bridgelaws.core import refs, urls
from bridgelaws.core.facts import DocKind
from bridgelaws.core.model import Law, Provision
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from bridgelaws.stage3_link.concordance import Concordance, Relation
from bridgelaws.stage4_render.page import Page, doc_short_name, h, single_quoted, t
from bridgelaws.stage4_render.text import Tools


def other_texts(corpus: Corpus, entry: Entry) -> list[Entry]:
    """The other texts of the Laws a provision's toolbar links: its own language's other
    editions first, then the other languages' texts of the same edition (the same provision in
    another language), then the rest by edition (``fi-2007`` → ``fi-1997``, ``sv-2007``,
    ``tr-2017``; ``sv-2007`` → ``fi-2007``, ``fi-1997``, ``tr-2017``).  A regulation has none."""
    if entry.meta.kind is not DocKind.LAWS:
        return []
    others = [e for e in corpus.entries if e.meta.kind is DocKind.LAWS and e is not entry]
    own, edition = entry.meta.lang, entry.meta.edition
    return sorted(others, key=lambda e: (e.meta.lang != own, e.meta.edition != edition, e.meta.edition, e.meta.lang))


def counterpart_places(
    concordance: Concordance, entry: Entry, ref: str, other: Entry
) -> list[tuple[str, frozenset[Relation]]]:
    """Where ``ref`` of ``entry`` is in ``other``, as ``other`` prints it, each place with the
    relations of the concordance rows that lead there (a split or a merge on the way says so):
    the concordance's counterparts (several for a split, less those another of them contains),
    each at its nearest printed ancestor; ``[]`` when no row covers the provision, or the other
    text lacks its law."""
    rows = concordance.between(entry.meta.id, entry.meta.edition, ref, other.meta.id, other.meta.edition)
    found: dict[str, set[Relation]] = {}
    for correspondence in rows or ():
        number = refs.law_of(correspondence.ref) if correspondence.ref else None
        law = other.document.law(number) if number else None
        if law is not None and correspondence.ref:
            found.setdefault(law.nearest(correspondence.ref), set()).update(row.relation for row in correspondence.rows)
    # a split into 15A2, 15A2(a) and 15A2(b): 15A2 holds the others
    return [
        (place, frozenset(relations))
        for place, relations in found.items()
        if not any(a in found for a in refs.ancestors(place)[1:])
    ]


def counterpart_refs(concordance: Concordance, entry: Entry, ref: str, other: Entry) -> list[str]:
    """Where ``ref`` of ``entry`` is in ``other`` (:func:`counterpart_places`), the places alone."""
    return [place for place, _ in counterpart_places(concordance, entry, ref, other)]


def counterpart_target(concordance: Concordance, entry: Entry, ref: str, other: Entry) -> str | None:
    """Where a reader at ``ref`` of ``entry`` lands in ``other`` (the edition switcher, the
    language menu): the concordance's first counterpart as ``other`` numbers it, printed there or
    not (a page asked for a provision it lacks says so and shows the nearest one it has, in its
    own language); None when no row covers the provision or ``other`` lacks its law."""
    found = concordance.between(entry.meta.id, entry.meta.edition, ref, other.meta.id, other.meta.edition)
    for correspondence in found or ():
        number = refs.law_of(correspondence.ref) if correspondence.ref else None
        if correspondence.ref and number and other.document.law(number) is not None:
            return correspondence.ref
    return None


def counterpart_links(concordance: Concordance, page: Page, law: Law, entry: Entry, other: Entry) -> dict[str, str]:
    """Each provision of ``law`` (by anchor) → a link to where it is in ``other``
    (:func:`counterpart_target`), or ``""`` for none: laws.js then opens the law with a note.
    The law itself always has its link: the law as a whole."""
    found: dict[str, str] = {}
    for ref in [law.ref, *(node.ref for node in law.provisions())]:
        target = counterpart_target(concordance, entry, ref, other)
        found[refs.anchor(ref)] = page.link(counterpart_url(other, target)) if target else ""
    if not found[refs.anchor(law.ref)]:
        found[refs.anchor(law.ref)] = page.link(urls.law(other.meta, law.number))
    return found


def counterpart_url(other: Entry, ref: str) -> str:
    """The URL of ``ref`` (a counterpart :func:`counterpart_refs` found) in ``other``."""
    return urls.provision(other.meta, refs.law_of(ref) or 0, ref)


def edition_links(page: Page, concordance: Concordance, entry: Entry, others: list[Entry], ref: str) -> str:
    """``1997: 17D · tr 2017: 15A``: links to ``ref``'s counterparts; a text in another language
    names its language and carries ``hreflang``."""
    links = []
    for other in others:
        same = other.meta.lang == entry.meta.lang
        name = other.meta.edition if same else f"{other.meta.lang} {other.meta.edition}"
        lang = "" if same else f' hreflang="{h(other.meta.lang)}"'
        for target in counterpart_refs(concordance, entry, ref, other):
            href = h(page.link(counterpart_url(other, target)))
            links.append(f'<a href="{href}"{lang}>{h(name)}: {h(refs.display(target))}</a>')
    return " · ".join(links)


def law_tools(page: Page, corpus: Corpus, concordance: Concordance, entry: Entry) -> Tools:
    """The permalink tooltip and, per provision, the links to its other editions."""
    others = other_texts(corpus, entry)

    def toolbar(node: Provision) -> str:
        return edition_links(page, concordance, entry, others, node.ref)

    return Tools(t(page.lang, "permalink"), toolbar)


def point_tools(page: Page) -> Tools:
    """A regulation's points have permalinks; they have no other editions."""
    return Tools(t(page.lang, "permalink"))


def script_data(page: Page, entry: Entry) -> list[str]:
    """The live region provisions.js announces in, carrying what the script needs as data: the
    interface strings, how a citation is written in the page's language (``lag {ref}``;
    ``PZBS {ref}`` for a regulation) and the reference syntax, so the script has no rule of
    its own."""
    lang = page.lang
    cite = t(lang, "cite_form") if entry.meta.kind is DocKind.LAWS else f"{doc_short_name(entry)} {{ref}}"
    strings = {key: t(lang, key) for key in ("copy_citation", "copied", "copy_manual", "missing_provision")}
    attributes = "".join(f' data-{key.replace("_", "-")}="{h(value)}"' for key, value in strings.items())
    syntax = json.dumps(refs.syntax_for_script(), separators=(",", ":"))
    return [
        f'<p id="cite-status" class="pv-status" role="status" data-pagefind-ignore{attributes}'
        f" data-cite=\"{h(cite)}\" data-syntax='{single_quoted(syntax)}'></p>",
        "",
    ]


def print_note(page: Page, entry: Entry, heading: str) -> list[str]:
    """What paper needs and the screen has elsewhere (laws.css shows it in print only): the
    citation (the document and the law or point; provisions.js adds the provision reached
    through a link), the address (the site's path; provisions.js writes the address the
    reader has, which only the browser knows) and the document's copyright line."""
    lang, meta = page.lang, entry.meta
    return [
        f'<aside class="print-note" data-pagefind-ignore><p><span class="print-note__cite">{h(meta.title)}'
        f' ({h(meta.edition)}), {h(heading)}</span><span class="print-note__provision"></span></p>'
        f'<p>{h(t(lang, "print_address"))}: <span class="print-note__address">/{h(page.url)}</span></p>'
        f'<p class="print-note__copyright">{h(meta.copyright)}</p></aside>',
        "",
    ]


def localise_permalinks(html: str, lang: str, configured: str) -> str:
    """The toc extension's ``¶`` links carry mkdocs.yml's one ``permalink_title`` on every page:
    give them the page's language's (``Linkki tähän kohtaan``), as the labels' permalinks have.

    ``<a class="headerlink" href="#13A" title="Link to this provision">`` → ``… title="Linkki tähän kohtaan">``
    """
    if not configured:
        return html
    headerlink = re.compile(
        rf"""
        (<a\ class="headerlink"\ href="[^"]*"\ title=")   # <a class="headerlink" href="#13A" title="
        {re.escape(h(configured))}                        # Link to this provision
        (")
        """,
        re.VERBOSE,
    )
    return headerlink.sub(lambda match: match[1] + h(t(lang, "permalink")) + match[2], html)
