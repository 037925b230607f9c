"""The small error taxonomy of bodoge.

Every error a caller can provoke with bad input is a :class:`BodogeError`
carrying a stable ``code`` (the web server sends it as is) and a message
that quotes the offending input and the situation.  Errors about input are
also ``ValueError`` so that generic callers can catch them the usual way.
"""

from __future__ import annotations


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
