"""Secret simultaneous commitments and stepwise choices.

*A simultaneous secret commitment* (sealed bids, critters placed face down,
cards to pass): every seat that still owes its choice is in ``to_act`` at
once; each step is hidden from the others (``secret``); when the last choice
is in, the rules reveal them together.  :class:`Commitment` says who still
owes a choice and makes the outcomes; the choices themselves live in the
state as plain lists.

*A stepwise choice* (pick cards one at a time, take any back, confirm):
:class:`Stepwise` gives the legal steps and the reason a step is refused.
There is no limit on take-backs: choosing is free until the confirmation.

Each step of a choice still being made is a *draft* event
(``Outcome.draft``): logs and replays show the choice once, at the step that
completes it, and to the others only *that* the seat has chosen
(``facts["chosen"]``).

>>> wait = Commitment(chosen=lambda sizes, seat: sizes[seat] == 2)
>>> wait.owing([2, 1, 0])
(1, 2)
>>> wait.step(complete=False)
Outcome(public=mappingproxy({}), private=mappingproxy({}), secret=True, draft=True)
>>> wait.step(complete=True, public={"all_chosen": True}).public
{'chosen': True, 'all_chosen': True}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ..actions import Action
from ..events import Outcome
from ..rng import Rng

C = TypeVar("C")

DRAFT_STEP = Outcome(secret=True, draft=True)
"""A step of a secret choice still being made: nothing for others but that it happened."""


@dataclass(frozen=True)
class Commitment(Generic[C]):
    """Who still owes a secret choice, and the events of its steps.

    ``chosen(choices, seat)`` tells whether ``seat``'s choice is complete,
    from the state's per-seat list of choices.
    """

    chosen: Callable[[Sequence[C], int], bool]
    size: int | None = None
    """Set by :meth:`of_size`: a choice is complete at this many items (a faster ``owing``)."""

    @classmethod
    def of_size(cls, size: int) -> Commitment[list[int]]:
        """A commitment of ``size`` items per seat (one bid, three cards to pass).

        ``to_act`` asks who still owes a choice several times a move, so
        this one compares each seat's count of items with ``size`` rather
        than calling ``chosen`` once per seat.

        >>> Commitment.of_size(1).owing([[2], [], [0, 1]])
        (1, 2)
        """
        return Commitment[list[int]](lambda choices, seat: len(choices[seat]) == size, size)

    def owing(self, choices: Sequence[C]) -> tuple[int, ...]:
        """The seats whose choice is not complete yet (``to_act`` while choosing)."""
        size = self.size
        if size is not None:
            sizes = map(len, choices)  # type: ignore[arg-type]
            return tuple(seat for seat, count in enumerate(sizes) if count != size)
        chosen = self.chosen
        return tuple(seat for seat in range(len(choices)) if not chosen(choices, seat))

    def step(self, complete: bool, public: Mapping[str, Any] | None = None) -> Outcome:
        """The outcome of one secret step: a draft, or the step that completes the choice.

        A completing step tells everyone only that the seat has chosen; the
        last one adds what the rules revealed (``public``).
        """
        if not complete:
            return DRAFT_STEP
        return Outcome({"chosen": True, **(public or {})}, secret=True)

    @staticmethod
    def reinvent(
        choices: list[list[int]],
        seat: int | None,
        candidates: Callable[[int], list[int]],
        rng: Rng,
    ) -> None:
        """Re-choose at random every choice hidden from ``seat``, each keeping its size.

        ``candidates(other)`` lists what ``other`` could have chosen, as far
        as ``seat`` knows; it is sorted before drawing (see ``State._redeal``).

        >>> choices = [[0, 3], [1, 2], []]
        >>> Commitment.reinvent(choices, 0, lambda other: [0, 1, 2, 3, 4], Rng(3))
        >>> choices[0], len(choices[1]), choices[2]
        ([0, 3], 2, [])
        """
        for other, hidden in enumerate(choices):
            if other == seat or not hidden:
                continue
            pool = sorted(candidates(other))
            rng.shuffle(pool)
            choices[other] = sorted(pool[: len(hidden)])


@dataclass(frozen=True)
class Stepwise:
    """Choose ``size`` items one step at a time, taking any back, then confirm.

    The state keeps the items chosen so far (a sorted list per seat); the
    actions come from the game's action table: ``pick[item]``,
    ``unpick[item]`` and ``confirm`` (``None`` when the last pick completes
    the choice, as with critters placed face down).  ``undo`` says whether
    a pick may be taken back.

    >>> step = Stepwise(2, pick={1: "p1", 2: "p2", 3: "p3"}, unpick={1: "u1", 2: "u2", 3: "u3"},
    ...                 confirm="ok")
    >>> step.legal([2], [1, 2, 3])
    ['p1', 'p3', 'u2']
    >>> step.legal([1, 2], [1, 2, 3])
    ['u1', 'u2', 'ok']
    >>> step.why_not("p3", [1, 2], [1, 2, 3])
    'you have chosen 2: take one back or confirm'

    ``fewest`` (default: ``size``) lets a choice of a varying number of
    items be confirmed early, once at least that many are chosen (dice to
    reroll: any non-empty subset):

    >>> some = Stepwise(3, pick={1: "p1", 2: "p2"}, unpick={1: "u1", 2: "u2"}, confirm="ok",
    ...                 fewest=1)
    >>> some.legal([], [1, 2]), some.legal([2], [1, 2])
    (['p1', 'p2'], ['p1', 'u2', 'ok'])
    >>> some.why_not("ok", [], [1, 2])
    'choose at least 1 first (0 so far)'
    """

    size: int
    pick: Mapping[int, Any]
    unpick: Mapping[int, Any]
    confirm: Any = None
    undo: bool = True
    fewest: int | None = None
    """The fewest items a confirmation takes (``None``: exactly ``size``)."""

    def ready(self, chosen: Sequence[int]) -> bool:
        """Whether ``chosen`` is a number of items that may be confirmed."""
        fewest = self.size if self.fewest is None else self.fewest
        return fewest <= len(chosen) <= self.size

    def legal(self, chosen: Sequence[int], candidates: Iterable[int]) -> list[Action]:
        """The steps open to a seat that has ``chosen`` so far among ``candidates``."""
        actions: list[Action] = []
        if len(chosen) < self.size:
            pick = self.pick
            actions = [pick[item] for item in candidates if item not in chosen]
        if self.undo:
            unpick = self.unpick
            actions += [unpick[item] for item in chosen]
        if self.confirm is not None and self.ready(chosen):
            actions.append(self.confirm)
        return actions

    def complete(self, chosen: Sequence[int]) -> bool:
        """Whether the choice is made (the confirmation, or the last pick without one)."""
        return self.confirm is None and len(chosen) == self.size

    def why_not(self, action: object, chosen: Sequence[int], candidates: Iterable[int]) -> str:
        """Why a step is refused, from the same facts :meth:`legal` decides on."""
        if action == self.confirm:
            if self.fewest is not None:
                return f"choose at least {self.fewest} first ({len(chosen)} so far)"
            return f"choose {self.size} first ({len(chosen)} so far)"
        pick = {a: item for item, a in self.pick.items()}
        if action in pick:
            item = pick[action]
            if item in chosen:
                return "it is already chosen"
            if item not in set(candidates):
                return "it is not yours to choose"
            return f"you have chosen {self.size}: take one back or confirm"
        unpick = {a: item for item, a in self.unpick.items()}
        if action in unpick:
            if not self.undo:
                return "a choice cannot be taken back"
            return "it is not among the chosen"
        return "that is not a step of this choice"
