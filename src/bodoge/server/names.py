"""People's names at a table: something visible, and no two that read alike.

A name is NFKC-normalised (full-width and other compatibility forms become
plain letters), its runs of spaces collapsed, and refused when it shows
nothing: it needs a letter, digit or symbol that is not a blank-looking
filler (U+3164 HANGUL FILLER and U+115F are letters to Unicode, U+2800 a
symbol, yet each shows as empty space).  A combining mark must sit on
something, and a few at most on one character.

At one table no two people share a name, nor names that read alike: two
names clash when their :func:`skeleton` is the same.  The skeleton is
Unicode's (UTS #39, as ICU computes it: every character confusable with
another replaced by their common prototype, ``I`` and ``ǀ`` by ``l``,
Cyrillic ``Н`` by ``H``), taken on the name without what does not show
(default-ignorable code points such as variation selectors, a dot above
an ``i``), then taken again on its lower case, so that capitals and small
letters, Latin or not, are compared alike (``НАNS`` and ``Hans``).  The
names the table itself shows for a seat nobody named (``Bot 2``,
``ボット2``, ``open``, ``空席``) are nobody's.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable

import icu

from bodoge.engine import LANGS

from .i18n import word

MAX_NAME = 40
"""Longest name, in characters (after normalisation)."""
MAX_MARKS = 2
"""Most combining marks on one character."""
BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5\u034f\U00016fe4")
"""Letters, marks and symbols that show as empty space (Hangul fillers, the blank
Braille pattern, Khmer inherent vowels, the combining grapheme joiner, the Khitan
filler)."""
MOST_SEATS = 20
"""Seats whose bots' default names (up to ``Bot 20``) are reserved; more than any game seats."""


class BadName(ValueError):
    """A name refused: ``code`` (``bad_name``, ``name_taken``) and why, in English."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def checked(name: str) -> str:
    """The name as stored, or :class:`BadName` (``bad_name``).

    Control characters (NUL among them, which PostgreSQL refuses in text)
    and lone surrogates are refused, and so are format characters (Unicode
    category Cf: bidirectional overrides, zero-width spaces and joiners),
    with which one player could pose as another (``"\u202eecilA"`` shows as
    ``Alice``).

    >>> checked("  Ａｎｎ   Lee ")
    'Ann Lee'
    """
    name = " ".join(unicodedata.normalize("NFKC", name).split())
    if not 1 <= len(name) <= MAX_NAME:
        raise BadName("bad_name", f"a name has 1 to {MAX_NAME} characters")
    categories = [unicodedata.category(c) for c in name]
    if any(category in ("Cc", "Cs", "Co", "Cn") for category in categories):
        raise BadName("bad_name", "a name may not hold control characters")
    if "Cf" in categories:
        raise BadName(
            "bad_name", "a name may not hold invisible formatting characters (such as RTL)"
        )
    if any(c in BLANK for c in name):
        raise BadName("bad_name", "a name may not hold characters that show as empty space")
    if not any(visible(c) for c in name):
        raise BadName("bad_name", "a name needs a visible letter, digit or symbol")
    run = 0
    for index, category in enumerate(categories):
        run = run + 1 if category.startswith("M") else 0
        base = index - run
        if run and (run > MAX_MARKS or base < 0 or not visible(name[base])):
            raise BadName("bad_name", "a combining mark must sit on a letter, digit or symbol")
    return name


def visible(char: str) -> bool:
    """A letter, digit or symbol that shows as something (not a blank-looking filler).

    >>> visible("A"), visible("7"), visible("★"), visible("\u3164"), visible("\u0301")
    (True, True, True, False, False)
    """
    return unicodedata.category(char)[0] in "LNS" and char not in BLANK


def skeleton(name: str) -> str:
    """What a name looks like (see the module): equal for names that read alike.

    >>> skeleton("НАNS") == skeleton("Hans") == skeleton("hans")
    True
    >>> skeleton("AIice") == skeleton("Alice"), skeleton("Ann\ufe0f") == skeleton("Ann")
    (True, True)
    """
    shown = "".join(_shown(unicodedata.normalize("NFKC", name)))
    once = _SPOOF.getSkeleton(0, shown)
    return "".join(_SPOOF.getSkeleton(0, once.casefold()).split())


_SPOOF = icu.SpoofChecker()
_IGNORABLE = icu.UProperty.DEFAULT_IGNORABLE_CODE_POINT
_SOFT_DOTTED = icu.UProperty.SOFT_DOTTED
_DOT_ABOVE = "\u0307"


def _shown(name: str) -> Iterable[str]:
    """The characters of ``name`` that show: no default-ignorable code point (variation
    selectors among them), no blank filler, and no dot above on a letter that has its
    own dot (``i\u0307`` shows as ``i``)."""
    before = ""
    for char in name:
        if icu.Char.hasBinaryProperty(char, _IGNORABLE) or char in BLANK:
            continue
        if char == _DOT_ABOVE and before and icu.Char.hasBinaryProperty(before, _SOFT_DOTTED):
            continue
        before = char
        yield char


@functools.cache
def reserved() -> frozenset[str]:
    """The skeletons of the names a table shows for seats nobody named, in every language:
    a bot's (``Bot 2``, ``ボット2``) and an open seat's (``open``, ``空席``)."""
    shown = {word(key, lang) for key in ("open", "open_seat") for lang in LANGS}
    for seat in range(MOST_SEATS):
        shown.update(word("bot_name", lang, n=seat + 1) for lang in LANGS)
    return frozenset(skeleton(name) for name in shown)


def clash(name: str, others: Iterable[str | None]) -> None:
    """:class:`BadName` (``name_taken``) when ``name`` reads like one of ``others``."""
    mine = skeleton(name)
    if mine in reserved():
        raise BadName("name_taken", "the table itself shows that name for a seat nobody named")
    if any(other and skeleton(other) == mine for other in others):
        raise BadName(
            "name_taken", "someone at this table has that name, or one that looks the same"
        )
