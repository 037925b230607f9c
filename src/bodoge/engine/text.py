"""Player-facing text in Japanese and English.

Every string a player reads is a :class:`Text` holding both languages; code
picks one with a ``lang`` setting (``"ja"`` or ``"en"``).  Keeping the pair
together means a missing translation is a type error, not a blank label.

>>> Text("山札", "deck")("ja")
'山札'
>>> Text("{n}枚", "{n} cards").format(n=3)("en")
'3 cards'

English counts its nouns: ``one`` is the English form for a count ``n`` of 1
(or −1: "−1 point").  A sentence with several counts takes each as a counted
phrase of its own, such as :data:`POINTS` and :data:`CARDS`.

>>> points = Text("{n}点", "{n} points", one="{n} point")
>>> points.format(n=1)("en"), points.format(n=2)("en"), points.format(n=1)("ja")
('1 point', '2 points', '1点')
>>> left = Text("残り{cards}（{points}）", "{cards} left ({points})")
>>> left.format(cards=CARDS.format(n=1)("en"), points=POINTS.format(n=-1)("en"))("en")
'1 card left (-1 point)'

English also says "an 8" and "an 11": an article "a" just before a whole-number
placeholder follows how the number is read.

>>> Text("「{n}」を置く", "Place a {n}").format(n=8)("en")
'Place an 8'
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

LANGS = ("ja", "en")
DEFAULT_LANG = "en"
FONT_STACK = (
    'system-ui, -apple-system, "Segoe UI", Roboto, "Hiragino Sans", "Hiragino Kaku Gothic ProN", '
    '"Yu Gothic UI", "Yu Gothic", YuGothic, Meiryo, "Noto Sans CJK JP", "Noto Sans JP", '
    '"Source Han Sans JP", "IPAexGothic", "IPAPGothic", "TakaoPGothic", "VL PGothic", sans-serif'
)
"""The CSS font stack of every page bodoge writes: the system's own font for Latin text,
then a Japanese one from each common system (macOS and iOS, Windows, Android, ChromeOS and
Linux), so that kanji take Japanese shapes rather than a Chinese fallback's.  A machine with
none of them shows Japanese as empty boxes (README: "Japanese text")."""


def check_lang(lang: str | None) -> str:
    """Validate a language code; ``None`` means the ``BODOGE_LANG`` setting."""
    if lang is None:
        lang = os.environ.get("BODOGE_LANG", DEFAULT_LANG)
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}")
    return lang


@dataclass(frozen=True, slots=True)
class Text:
    """One message in both languages."""

    ja: str
    en: str
    one: str = ""
    """The English text when the count ``{n}`` is 1 or −1 ("1 point"); empty: ``en`` serves."""

    def __call__(self, lang: str = DEFAULT_LANG) -> str:
        return self.ja if lang == "ja" else self.en

    def format(self, **values: Any) -> Text:
        """Fill ``{placeholders}`` in both languages at once (``one`` when ``n`` is ±1)."""
        en = self.one if self.one and values.get("n") in (1, -1) else self.en
        return Text(self.ja.format(**values), _articles(en, values).format(**values))

    def to_json(self) -> dict[str, str]:
        return {"ja": self.ja, "en": self.en}


POINTS = Text("{n}点", "{n} points", one="{n} point")
"""A count of points, for a sentence that holds another count too."""
CARDS = Text("{n}枚", "{n} cards", one="{n} card")
"""A count of cards, for a sentence that holds another count too."""

_ARTICLE = re.compile(r"\b([Aa]) (?=\{(\w+)[:!}])")


def _articles(en: str, values: dict[str, Any]) -> str:
    """``en`` with "a {key}" made "an {key}" where the number ``values[key]`` is read so."""

    def article(match: re.Match[str]) -> str:
        value = values.get(match[2])
        vowel = isinstance(value, int) and not isinstance(value, bool) and reads_with_an(value)
        return f"{match[1]}n " if vowel else match[0]

    return _ARTICLE.sub(article, en)


def reads_with_an(number: int) -> bool:
    """Whether English says "an" before ``number``: eight, eleven, eighteen, eighty-…

    Only the leading group of three digits is read first ("eleven thousand").

    >>> numbers = (1, 8, 11, 12, 18, 80, 88, 100, 800, 11000, 18500, 8_000_000)
    >>> [n for n in numbers if reads_with_an(n)]
    [8, 11, 18, 80, 88, 800, 11000, 18500, 8000000]
    """
    if number < 0:
        return False
    while number >= 1000:
        number //= 1000
    return number in (8, 11, 18) or str(number).startswith("8")


def signed(number: int) -> str:
    """A number as people write it, a negative one with a true minus sign.

    >>> signed(-25), signed(0), signed(7)
    ('−25', '0', '7')
    """
    return f"−{-number}" if number < 0 else str(number)


def listing(items: Sequence[str], lang: str = DEFAULT_LANG) -> str:
    """Several things in one phrase, as each language lists them.

    >>> listing(["Payoo 6", "♣2", "♣7"], "en"), listing(["♣2"], "en"), listing(["♣2", "♣7"], "ja")
    ('Payoo 6, ♣2 and ♣7', '♣2', '♣2、♣7')
    """
    if lang == "ja" or len(items) < 2:
        return "、".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def seat_name(seat: int, lang: str = DEFAULT_LANG, names: Sequence[str] | None = None) -> str:
    """How a seat is called: by its player's name in ``names``, else P1, P2, ...

    Labels and summaries that name a seat fill a ``{placeholder}`` with this,
    so a page that knows the players' names passes them down rather than
    patching "P2" out of finished text (a card may well be called P20).

    >>> seat_name(1), seat_name(1, "ja", ["Alice", "Bob"])
    ('P2', 'Bob')
    """
    del lang  # the same in both languages
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return f"P{seat + 1}"
