"""Player-facing text in Japanese and English.

Every string a player reads is a :class:`Text` holding both languages; code
picks one with a ``lang`` setting (``"ja"`` or ``"en"``).  Keeping the pair
together means a missing translation is a type error, not a blank label.

>>> Text("山札", "deck")("ja")
'山札'
>>> Text("{n}枚", "{n} cards").format(n=3)("en")
'3 cards'

English counts its nouns: ``one`` is the English form for a count ``n`` of 1.

>>> points = Text("{n}点", "{n} points", one="{n} point")
>>> points.format(n=1)("en"), points.format(n=2)("en"), points.format(n=1)("ja")
('1 point', '2 points', '1点')
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

LANGS = ("ja", "en")
DEFAULT_LANG = "en"


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
    """The English text when the count ``{n}`` is 1 ("1 point"); empty: ``en`` serves."""

    def __call__(self, lang: str = DEFAULT_LANG) -> str:
        return self.ja if lang == "ja" else self.en

    def format(self, **values: Any) -> Text:
        """Fill ``{placeholders}`` in both languages at once (``one`` when ``n`` is 1)."""
        en = self.one if self.one and values.get("n") == 1 else self.en
        return Text(self.ja.format(**values), en.format(**values))

    def to_json(self) -> dict[str, str]:
        return {"ja": self.ja, "en": self.en}


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
