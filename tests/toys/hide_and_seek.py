"""toy-hide-and-seek: a two-seat matrix game of secret simultaneous choices, with a known mix.

A toy for the search's simultaneous nodes, written like a real game package
but not registered (the search needs only the state).  The hider (seat 0)
hides in the near box or the far one; the seeker (seat 1) searches one.
Both choose at once, in secret.  A seeker who searched the hider's box
finds it for sure in the near box, and in the far one on an even roll of
a die; a seeker who finds the hider wins, else the hider wins.

Neither pure choice is safe: the only equilibrium has each seat take the
near box a third of the time (then the seeker wins a third of the games
whatever either does), so a search that settles on one box is exploitable.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bodoge.engine import Action, Game, OptionValue, Outcome, Rng, State, Text
from bodoge.engine.schema import Array, Choice, Flag, Maybe, Record

NEAR, FAR = 0, 1
EQUILIBRIUM_NEAR = 1 / 3
"""Each seat's share of the near box in the game's only equilibrium."""

_BOX = Text("箱{n}", "Box {n}")


@dataclass(frozen=True, slots=True)
class Box(Action):
    """Hide in, or search, box ``box`` (0: near, 1: far)."""

    TYPE = "box"
    box: int

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _BOX.format(n=self.box)(lang)


BOXES = [Box(NEAR), Box(FAR)]


class HideAndSeekState(State):
    """A game of toy-hide-and-seek in progress."""

    chosen: list[int | None]

    def _setup(self) -> None:
        self.chosen = [None, None]
        self.found: bool | None = None

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.found is not None:
            return ()
        return tuple(seat for seat, box in enumerate(self.chosen) if box is None)

    def _legal(self, seat: int) -> list[Action]:
        return list(BOXES)

    def _play(self, seat: int, action: Action) -> Outcome | None:
        assert isinstance(action, Box)
        self.chosen[seat] = action.box
        if None in self.chosen:
            return Outcome(secret=True)
        hidden, searched = self.chosen
        self.found = hidden == searched and (hidden == NEAR or self.rng.roll(2) == 2)
        return Outcome({"hidden": hidden, "searched": searched, "found": self.found})

    def _redeal(self, seat: int | None, rng: Rng) -> None:
        """Re-choose the other seat's unrevealed box."""
        for other, box in enumerate(self.chosen):
            if other != seat and box is not None and self.found is None:
                self.chosen[other] = rng.below(len(BOXES))

    @property
    def scores(self) -> tuple[int, ...]:
        if self.found is None:
            return (0, 0)
        return (0, 1) if self.found else (1, 0)

    @property
    def winners(self) -> tuple[int, ...]:
        if self.found is None:
            return ()
        return (1,) if self.found else (0,)

    def _view(self, seat: int | None) -> dict[str, Any]:
        over = self.found is not None
        return {
            "committed": [box is not None for box in self.chosen],
            "mine": None if seat is None else self.chosen[seat],
            "hidden": self.chosen[0] if over else None,
            "searched": self.chosen[1] if over else None,
            "found": self.found,
        }


class HideAndSeek(Game):
    id = "toy-hide-and-seek"
    title = Text("かくれんぼ（テスト用）", "Hide and seek (test toy)")
    blurb = Text("隠れる箱と探す箱を同時に選ぶ。", "Hide and search at once.")
    players = (2, 2)
    options = ()
    action_types = (Box,)
    state_class = HideAndSeekState
    simultaneous = True
    hidden_information = True

    def action_space(self, options: Mapping[str, OptionValue], num_players: int) -> list[Action]:
        return list(BOXES)

    def view_schema(self, options: Mapping[str, OptionValue], num_players: int) -> Record:
        box = Maybe(Choice((NEAR, FAR)))
        return Record(
            {
                "committed": Array(Flag(), num_players),
                "mine": box,
                "hidden": box,
                "searched": box,
                "found": Maybe(Flag()),
            }
        )

    def score_range(
        self, options: Mapping[str, OptionValue], num_players: int
    ) -> tuple[float, float]:
        return (0, 1)

    def max_game_length(self, options: Mapping[str, OptionValue], num_players: int) -> int:
        return 2


GAME = HideAndSeek()
