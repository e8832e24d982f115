"""Whether a stylesheet's selector can match an element of a page model, in some state of it.

:mod:`bridgelaws.stage5_site.cut_css` keeps a rule when one of its selectors can; this module
says whether one can:

* :func:`loosen` makes a selector match whenever the original could, in any state of the page:
  pseudo-elements (``::before``), states (``:hover``, ``:checked``, ``:focus-visible``) and
  ``:not(…)`` match anything, and a palette attribute asks for one word of the body's
  (``[data-md-color-scheme=slate]`` → ``[data-md-color-scheme~=slate]``);
* :class:`Model` answers for a loosened selector: a quick no when a class or attribute it asks
  for is nowhere in the model, or when no element has the classes and tag its last compound asks
  for under ancestors with those its other compounds ask for (sets, compared in Python); the
  matcher (soupsieve) then tries the elements left.  ``:has(…)`` is taken to match wherever what
  it asks for is in the model (the matcher would search each candidate's subtree).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from bs4 import BeautifulSoup, Tag

from bridgelaws.stage5_site.css_rules import top_level as _top_level

# States and pseudo-elements: a selector with them may match some time, so they match always.
PSEUDO = re.compile(
    r"::?(?:before|after|first-line|first-letter|marker|placeholder|selection|backdrop|"
    r"-webkit-[a-z-]+|-moz-[a-z-]+|-ms-[a-z-]+)(?![\w-])(?:\([^()]*\))?"
    r"|:(?:hover|focus|focus-visible|focus-within|active|visited|link|any-link|target|checked|"
    r"disabled|enabled|indeterminate|valid|invalid|required|optional|placeholder-shown|"
    r"read-only|read-write|autofill|empty|defined|popover-open|modal|fullscreen)(?![\w-])"
)
ANYTHING = ":is(*)"
# the body's colour attributes, set from the palette's options (``[data-md-color-scheme=slate]``)
PALETTE_ATTRIBUTE = re.compile(r"\[\s*(data-md-color-[\w-]+)\s*=")
# a class in a selector or stylesheet: ".md-nav__link", ".-webkit-x"
CLASS_NAME = re.compile(r"\.(-?[_a-zA-Z][\w-]*)")
# an attribute selector asking for the attribute ([for]) or for one value of it ([dir=rtl]); one
# asking for a part of its value ([href^=http], [data-md-color-scheme~=slate]) by its name alone
ATTRIBUTE_SELECTOR = re.compile(
    r"\[\s*([\w-]+)\s*(?:=\s*((?:\"[^\"]*\"|'[^']*'|[\w-]+))\s*(?:i\s*)?\]|[~|^$*]=[^\]]*\]|\])"
)
# an attribute selector asking for one word of its value ([data-md-color-scheme~=slate])
WORD_SELECTOR = re.compile(r"\[\s*([\w-]+)\s*~=\s*((?:\"[^\"]*\"|'[^']*'|[\w-]+))\s*(?:i\s*)?\]")
QUOTES = "\"'"


def _after_parentheses(selector: str, opening: int) -> int:
    """The index after the parenthesis that closes the one at ``opening`` (nested ones counted)."""
    depth, at = 0, opening
    while at < len(selector):
        depth += {"(": 1, ")": -1}.get(selector[at], 0)
        at += 1
        if depth == 0:
            break
    return at


def loosen(selector: str) -> str:
    """The selector matching whenever the original could, in any state of the page."""
    out = []
    i = 0
    while i < len(selector):
        if selector.startswith(":not(", i):
            out.append(ANYTHING)
            i = _after_parentheses(selector, i + 4)
            continue
        found = PSEUDO.match(selector, i)
        if found:
            out.append(ANYTHING)
            i = found.end()
            continue
        out.append(selector[i])
        i += 1
    return PALETTE_ATTRIBUTE.sub(r"[\1~=", "".join(out))


class Model:
    """The page model, with the elements of each class, tag and attribute: a selector is tried
    only on the elements its last compound names (most fail on a class: a quick no)."""

    def __init__(self, soup: BeautifulSoup, anywhere: tuple[Iterable[str], Iterable[str]] = ((), ())) -> None:
        self.soup = soup
        # the classes and attributes a script may set on any element (:func:`anywhere`): a
        # selector's part asking for one matches anything (".md-header--shadow", "[hidden]",
        # "[role=tooltip]" → ":is(*)")
        classes, attributes = (sorted(set(names)) for names in anywhere)
        parts = [
            *(r"\." + re.escape(name) + r"(?![\w-])" for name in classes),
            *(r"\[\s*" + re.escape(name) + r"\s*(?:[~|^$*]?=[^\]]*)?\]" for name in attributes),
        ]
        self.anywhere = re.compile("|".join(parts) if parts else r"(?!)")
        # elements alike (the scripts' created elements carry the same classes, a page's links
        # the same attributes) are indexed by what they carry, read once per kind
        tags = soup.find_all(True)
        self.by_class: dict[str, list[Tag]] = {}
        self.by_tag: dict[str, list[Tag]] = {}
        self.by_attribute: dict[str, list[Tag]] = {}
        self.by_id: dict[str, list[Tag]] = {}
        # each attribute's name, and name=value ("dir=ltr"): [dir=rtl] fails on a quick no too
        self.attributes: set[str] = set()
        seen: set[tuple[str, object]] = set()
        for tag in tags:
            self.by_tag.setdefault(tag.name, []).append(tag)
            if isinstance(tag.get("id"), str):
                self.by_id.setdefault(str(tag["id"]), []).append(tag)
            for name, value in tag.attrs.items():
                self.by_attribute.setdefault(name, []).append(tag)
                key = (name, tuple(value) if isinstance(value, list) else value)
                if key not in seen:
                    seen.add(key)
                    words = value if isinstance(value, list) else [value, *str(value).split()]
                    self.attributes.add(name)
                    self.attributes.update(f"{name}={word}" for word in words)
            for name in tag.get_attribute_list("class"):
                if name:
                    self.by_class.setdefault(name, []).append(tag)
        self.classes = set(self.by_class)
        # each element's classes, and the classes and tags of its ancestors (".md-nav" and "nav"):
        # what a selector's compounds ask of its subject and of the subject's ancestors is tried
        # on these sets before the matcher, which says no to most candidates far more slowly
        self.own: dict[int, frozenset[str]] = {}
        self.above: dict[int, frozenset[str]] = {}
        owns: dict[tuple[str, ...], frozenset[str]] = {}
        # keyed by the sets themselves (a frozenset keeps its hash): an id would be reused by
        # another set once the first is gone
        unions: dict[tuple[frozenset[str], frozenset[str]], frozenset[str]] = {}
        none: frozenset[str] = frozenset()
        for tag in tags:
            parent = tag.parent
            inherited = self.above.get(id(parent), none) if isinstance(parent, Tag) else none
            own = self.own.get(id(parent), none) if isinstance(parent, Tag) else none
            pair = (inherited, own)
            if pair not in unions:
                unions[pair] = inherited | own
            self.above[id(tag)] = unions[pair]
            kind = (tag.name.lower(), *("." + name for name in tag.get_attribute_list("class") if name))
            if kind not in owns:
                owns[kind] = frozenset(kind)
            self.own[id(tag)] = owns[kind]
        # the classes and tags of the siblings before each element (".md-nav__toggle ~ .md-nav")
        # (in document order, an element's earlier siblings come before it)
        self.before: dict[int, frozenset[str]] = {}
        so_far: dict[int, frozenset[str]] = {}  # by parent: its children's so far
        for tag in tags:
            earlier = so_far.get(id(tag.parent), none)
            self.before[id(tag)] = earlier
            pair = (earlier, self.own[id(tag)])
            if pair not in unions:
                unions[pair] = earlier | self.own[id(tag)]
            so_far[id(tag.parent)] = unions[pair]
        self.known: dict[str, bool] = {}

    def may_match(self, selector: str) -> bool:
        loose = self.anywhere.sub(ANYTHING, loosen(selector))
        if loose not in self.known:
            self.known[loose] = self._matches(loose)
        return self.known[loose]

    def _may_be_there(self, selector: str) -> bool:
        """Whether the model has each class and attribute the selector asks for outside its
        parentheses (``:is(.a, .b)`` needs neither), somewhere: a quick no for most selectors."""
        outside = re.sub(r"\([^()]*\)", "", selector)
        if any(name not in self.classes for name in CLASS_NAME.findall(re.sub(r"\[[^\]]*\]", "", outside))):
            return False
        for name, value in ATTRIBUTE_SELECTOR.findall(outside):
            if (name if not value else f"{name}={value.strip(QUOTES)}") not in self.attributes:
                return False
        # [data-md-color-scheme~=slate]: one word of the value
        return all(f"{name}={value.strip(QUOTES)}" in self.attributes for name, value in WORD_SELECTOR.findall(outside))

    def _matches(self, loose: str) -> bool:
        # ":has(.x)" asks what an element holds: the matcher would search each candidate's whole
        # subtree, seconds a selector; it is taken to match where a .x is in the model at all
        loose, held = _without_has(loose)
        if not all(self._may_be_there(part) for part in (loose, *held)):
            return False
        cuts = list(_top_level(loose, " >+~"))
        last = re.sub(r"\([^()]*\)", "", loose[cuts[-1] + 1 :] if cuts else loose)
        # its own classes, tag and id, not what an attribute's value holds ([src$="#only-light"])
        bare = _bare(last).strip()
        names = CLASS_NAME.findall(bare)
        tag = re.match(r"[a-zA-Z][\w-]*", bare)
        if not names and not tag and "#" not in bare and cuts:
            # the last compound names no class or tag (".footnote>ol>li>:first-child"): the
            # selector is taken to match where the part before it does, which keeps more, never less
            end = cuts[-1]
            while end - 1 in cuts:
                end -= 1
            return self.may_match(loose[:end])
        try:
            pattern = self.soup.css.compile(loose)
        except Exception:  # soupsieve cannot read it: keep it
            return True
        ids = re.findall(r"#(-?[_a-zA-Z][\w-]*)", bare)
        candidates: list[Tag]
        if ids:
            candidates = self.by_id.get(ids[0], [])
        elif names:  # the elements of its rarest class
            candidates = min((self.by_class.get(name, []) for name in names), key=len)
        elif tag:
            candidates = self.by_tag.get(tag.group(0).lower(), [])
        elif asked := [name for name, _value in ATTRIBUTE_SELECTOR.findall(last)]:
            # the elements of its rarest attribute ("[data-md-color-scheme~=slate]": the body)
            candidates = min((self.by_attribute.get(name, []) for name in asked), key=len)
        else:
            candidates = list(self.soup.find_all(True))
        own, above, earlier = _asked(loose, cuts)
        values = _value_tests(last)
        return any(
            own <= self.own[id(element)]
            and above <= self.above[id(element)]
            and earlier <= self.before[id(element)]
            and all(test(element) for test in values)
            and pattern.match(element)
            for element in candidates
        )


def _without_has(selector: str) -> tuple[str, list[str]]:
    """The selector with each ``:has(…)`` matching anything, and what those asked for."""
    held = []
    while (at := selector.find(":has(")) >= 0:
        end = _after_parentheses(selector, at + 4)
        held.append(selector[at + 5 : end - 1])
        selector = selector[:at] + ANYTHING + selector[end:]
    return selector, held


def _bare(compound: str) -> str:
    """A compound without what is inside its brackets, parentheses and strings (``[href$=".pdf"]``
    and ``:is(.a, .b)`` ask for no class of their own)."""
    bare = re.sub(r"\[[^\]]*\]|\"[^\"]*\"|'[^']*'", "", compound)
    while "(" in bare:
        stripped = re.sub(r"\([^()]*\)", "", bare)
        if stripped == bare:
            break
        bare = stripped
    return bare


def _asked(loose: str, cuts: list[int]) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """What a selector asks of the element it styles (its last compound's tag and classes), of
    that element's ancestors, and of the siblings before it: each compound followed by a
    descendant or child combinator (``A B``, ``A > B``) is matched by an ancestor, one followed by
    ``+`` or ``~`` by a sibling of one; the compound just before the last one, when a ``+`` or
    ``~`` joins them, by a sibling of the element itself."""
    parts: list[tuple[str, str]] = []  # (compound, the combinator after it)
    start = 0
    i = 0
    while i < len(cuts):
        j = i
        while j + 1 < len(cuts) and cuts[j + 1] == cuts[j] + 1:
            j += 1
        between = loose[cuts[i] : cuts[j] + 1]
        combinator = next((char for char in between if char in ">+~"), " ")
        if loose[start : cuts[i]].strip():
            parts.append((loose[start : cuts[i]], combinator))
        start = cuts[j] + 1
        i = j + 1
    last = loose[start:]

    def tokens(compound: str) -> set[str]:
        bare = _bare(compound).strip()
        tag = re.match(r"[a-zA-Z][\w-]*", bare)
        return {"." + name for name in CLASS_NAME.findall(bare)} | ({tag.group(0).lower()} if tag else set())

    above = set()
    for compound, combinator in parts:
        if combinator in " >":
            above |= tokens(compound)
    earlier = tokens(parts[-1][0]) if parts and parts[-1][1] in "+~" else set()
    return frozenset(tokens(last)), frozenset(above), frozenset(earlier)


# an attribute selector asking for a part of the value: [src$="#only-light"], [href^=http]
VALUE_SELECTOR = re.compile(r"\[\s*([\w-]+)\s*([\^$*])=\s*(\"[^\"]*\"|'[^']*'|[\w-]+)\s*\]")


def _value_tests(last: str) -> list[Callable[[Tag], bool]]:
    """Tests of the attribute values the last compound asks for by their start, end or a part
    (outside parentheses; without an ``i`` flag, which the pattern leaves to the matcher): a quick
    no before the matcher, for the many elements with the attribute and another value."""
    operations: dict[str, Callable[[str, str], bool]] = {
        "^": str.startswith,
        "$": str.endswith,
        "*": lambda value, part: part in value,
    }

    def test(name: str, operation: str, part: str) -> Callable[[Tag], bool]:
        def passes(element: Tag) -> bool:
            value = element.get(name)
            if isinstance(value, list):  # a class, rel … attribute, as the words bs4 splits it into
                value = " ".join(value)
            return isinstance(value, str) and bool(part) and operations[operation](value, part)

        return passes

    return [test(name, operation, part.strip(QUOTES)) for name, operation, part in VALUE_SELECTOR.findall(last)]
