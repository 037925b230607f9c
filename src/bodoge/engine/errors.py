"""The small error taxonomy of bodoge.

Every error a caller can provoke with bad input is a :class:`BodogeError`
carrying a stable ``code`` (the web server sends it as is) and a message
that quotes the offending input and the situation.  Errors about input are
also ``ValueError`` so that generic callers can catch them the usual way.
"""

from __future__ import annotations

import itertools
import reprlib


class BodogeError(Exception):
    """Base class of every error bodoge raises on purpose."""

    code = "error"


class IllegalAction(BodogeError, ValueError):
    """An action that the rules do not allow now; the state is unchanged."""

    code = "illegal_action"


class MalformedAction(IllegalAction):
    """Input that is not an action of this game at all (wrong shape or type)."""

    code = "malformed_action"


class WrongSeat(IllegalAction):
    """A seat acted although the game is not waiting for its decision."""

    code = "wrong_seat"


class GameOver(IllegalAction):
    """An action was sent to a game that has already ended."""

    code = "game_over"


class InvalidOptions(BodogeError, ValueError):
    """Unknown or out-of-range options, or an unsupported player count."""

    code = "invalid_options"


class InvalidRecord(BodogeError, ValueError):
    """A game record that is malformed, tampered with, or does not replay."""

    code = "invalid_record"


class UnknownGame(BodogeError, LookupError):
    """No game is registered under the requested id."""

    code = "unknown_game"

    def __str__(self) -> str:  # LookupError would quote the message again
        return str(self.args[0]) if self.args else "unknown game"


class _Brief(reprlib.Repr):
    """``repr`` cut to a readable size, for quoting hostile input in a message.

    Nesting, long lists and strings are elided; an integer too long to print
    (Python refuses to write one of more than 4,300 digits) is described.
    """

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxstring = self.maxother = 60
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = 6
        self.maxlong = 40

    def repr_dict(self, x: dict[object, object], level: int) -> str:
        """In the order given (``reprlib`` sorts the keys): it quotes input as it came."""
        if not x:
            return "{}"
        if level <= 0:
            return "{...}"
        pieces = [
            f"{self.repr1(key, level - 1)}: {self.repr1(value, level - 1)}"
            for key, value in itertools.islice(x.items(), self.maxdict)
        ]
        if len(x) > self.maxdict:
            pieces.append("...")
        return "{" + ", ".join(pieces) + "}"

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 200:  # about 60 digits: say how long, never print it
            digits = int(x.bit_length() * 0.30103) + 1
            return f"<an integer of about {digits} digits>"
        return super().repr_int(x, level)


_BRIEF = _Brief()

MAX_QUOTED = 300
"""Characters of a message that quote input, at most (see :func:`clip`)."""


def brief(value: object) -> str:
    """A short ``repr`` of any input, safe on values of any size or depth.

    >>> brief(10**5000)
    '<an integer of about 5001 digits>'
    >>> brief([[[[["deep"]]]]])
    '[[[[...]]]]'
    >>> brief(True), len(brief("x" * 10_000))
    ('True', 60)
    """
    return _BRIEF.repr(value)


def clip(text: object, most: int = MAX_QUOTED) -> str:
    """``str(text)`` cut to ``most`` characters (an error's message quoting input)."""
    text = str(text)
    return text if len(text) <= most else text[: most - 1] + "…"
