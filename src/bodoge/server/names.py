"""People's names at a table: something visible, and no two that read alike.

A name is NFKC-normalised (full-width and other compatibility forms become
plain letters), its runs of spaces collapsed, and refused when it shows
nothing: it needs a letter, digit or symbol that is not a blank-looking
filler (U+3164 HANGUL FILLER and U+115F are letters to Unicode, U+2800 a
symbol, yet each shows as empty space).  A combining mark must sit on
something, and a few at most on one character.

At one table no two people share a name, nor names that differ only in
case, width or compatibility form, nor names that are the same letters in
different scripts (Cyrillic ``Аnn`` beside Latin ``Ann``): each name's
:func:`skeleton` maps every character that Unicode lists as confusable with
a Latin one to that Latin character (``confusable_homoglyphs``, from
Unicode's confusables data), and two names clash when their skeletons do.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable

from confusable_homoglyphs import confusables

MAX_NAME = 40
"""Longest name, in characters (after normalisation)."""
MAX_MARKS = 2
"""Most combining marks on one character."""
BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5\u034f")
"""Letters and symbols that show as empty space (Hangul fillers, the blank Braille
pattern, Khmer inherent vowels, the combining grapheme joiner)."""


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
    """What a name looks like: case-folded, each character confusable with a Latin one
    replaced by it (``Аnn`` in Cyrillic and ``Ann`` have one skeleton)."""
    return "".join(_latin(char) for char in unicodedata.normalize("NFKC", name).casefold())


@functools.lru_cache(maxsize=4096)
def _latin(char: str) -> str:
    found = confusables.is_confusable(char, preferred_aliases=["latin"])
    if not found:
        return char
    for glyph in found[0]["homoglyphs"]:
        if glyph["c"].isascii():
            return str(glyph["c"]).casefold()
    return char


def clash(name: str, others: Iterable[str | None]) -> None:
    """:class:`BadName` (``name_taken``) when ``name`` reads like one of ``others``."""
    mine = skeleton(name)
    if any(other and skeleton(other) == mine for other in others):
        raise BadName(
            "name_taken", "someone at this table has that name, or one that looks the same"
        )
