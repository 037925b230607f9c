"""The bot protocol: anything that picks one legal action for a seat.

A bot sees a game only through the public contract (``to_act``,
``legal_actions``, ``view``, ``determinize``, ``clone``, ``apply`` and
``apply_unchecked``), never a game's private fields, so every bot works for
every game.  A bot is seeded when it is made and draws its randomness only
from its own generator, so a game between bots replays exactly.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..engine import Action, State


@runtime_checkable
class Bot(Protocol):
    """Chooses a decision for ``seat``; ``seat`` is in ``state.to_act``.

    The returned action is one of ``state.legal_actions(seat)``, so callers
    may apply it on the fast path (``state.apply_unchecked``).  A bot may
    copy the state (``clone``, ``determinize``) but never changes it.
    """

    def choose(self, state: State, seat: int) -> Action: ...


class NoLegalAction(ValueError):
    """A bot was asked to act for a seat that has nothing to decide."""

    def __init__(self, state: State, seat: int) -> None:
        super().__init__(
            f"seat {seat} has no legal action in {state!r}; bots act only for seats in to_act"
        )
