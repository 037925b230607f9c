"""Events: the frozen record every applied action leaves behind.

Logs, records, replays, the browser's animation feed and balance statistics
all read the same stream.  An event says who did what and what became known,
split by audience: ``public`` facts everyone learns, ``private`` facts only
some seats learn (a card drawn from the deck), and whether the action itself
stays ``secret`` from the others until the rules reveal it (a sealed bid), and
whether it is a ``draft`` step of a choice that a later step completes.
:meth:`Event.for_seat` is the only way an event is shown to anyone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple

from .actions import Action
from .text import DEFAULT_LANG

_EMPTY: Mapping[Any, Any] = MappingProxyType({})


class Outcome(NamedTuple):
    """What a game's rules report about one applied action.

    A game's ``_play`` hook returns one (or ``None`` for "nothing beyond the
    action itself, which everybody saw").  Immutable, and a tuple because
    one is made for most actions of every playout.
    """

    public: Mapping[str, Any] = _EMPTY
    private: Mapping[int, Mapping[str, Any]] = _EMPTY
    secret: bool = False
    draft: bool = False
    """A step of a choice still being made (a pick, a take-back): logs and replays
    show the choice once, at the step that completes it."""


NOTHING = Outcome()


def replay_stops(events: Sequence[Event]) -> list[int]:
    """The event counts a replay stops at: the start, then after every step that is not a draft.

    A choice made in several steps (pick, take back, confirm) is one step
    of a replay, shown once it is complete.

    >>> from bodoge.engine import Action
    >>> draft = Outcome(secret=True, draft=True)
    >>> replay_stops([Event(0, 0, Action(), draft), Event(1, 0, Action(), NOTHING)])
    [0, 2]
    """
    return [0] + [event.index + 1 for event in events if not event.outcome.draft]


class Event(NamedTuple):
    """One applied action, numbered from 0 in the order it was applied."""

    index: int  # type: ignore[assignment]  # shadows tuple.index on purpose
    seat: int
    action: Action
    outcome: Outcome

    def for_seat(
        self, seat: int | None, lang: str = DEFAULT_LANG, names: Sequence[str] | None = None
    ) -> dict[str, Any]:
        """The event as ``seat`` may see it (``None``: a spectator), JSON-ready.

        ``names`` (one per seat) names the players in the label; else P1, P2, …
        """
        shown = not self.outcome.secret or seat == self.seat
        facts = dict(self.outcome.public)
        if seat is not None:
            facts.update(self.outcome.private.get(seat, {}))
        shown_event = {
            "index": self.index,
            "seat": self.seat,
            "action": self.action.to_json() if shown else None,
            "label": self.action.label(lang, names) if shown else None,
            "facts": facts,
        }
        if self.outcome.draft:
            shown_event["draft"] = True
        return shown_event
