"""toy-dice-duel: two dice, a head start, and a design parameter that cancels it.

A toy for ``bodoge tune``, written like a real game package.  Each player
rolls one six-sided die on their turn, P1 first.  The start player adds
:data:`INITIATIVE` (1) to the roll, the second player adds the design
parameter ``compensation`` (0 to 4).  The higher total wins; equal totals
share the win.

So the first player's advantage is known exactly: with compensation ``c``
and ``d = 1 − c``, P1's share of wins is ``P(X + d > Y) + P(X + d = Y)/2``
for two dice ``X, Y``, which is ½ (no advantage) only at ``c = 1``.  At
``c = 0`` P1 wins 23.5/36 (+15.3 points over a fair ½), at ``c = 2`` 12.5/36.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bodoge.engine import Action, DesignParameter, Game, OptionValue, Outcome, State, Text
from bodoge.engine.schema import Array, Maybe, Num, Record, Seat

SIDES = 6
INITIATIVE = 1
FAIR_COMPENSATION = 1
"""The one value of ``compensation`` at which the first player has no advantage."""

_ROLL = Text("サイコロを振る", "Roll the die")


@dataclass(frozen=True, slots=True)
class Roll(Action):
    TYPE = "roll"

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _ROLL(lang)


ROLL = Roll()


class DuelState(State):
    """A game of toy-dice-duel in progress."""

    rolls: list[int | None]

    def check_conservation(self) -> None:
        """Every die has been rolled at most once, and in turn."""
        assert all(roll is None or 1 <= roll <= SIDES for roll in self.rolls)
        assert self.rolls[1] is None or self.rolls[0] is not None

    def _setup(self) -> None:
        self.rolls = [None, None]
        self.bonus = (INITIATIVE, int(self.design["compensation"]))

    @property
    def to_act(self) -> tuple[int, ...]:
        for seat, roll in enumerate(self.rolls):
            if roll is None:
                return (seat,)
        return ()

    def _legal(self, seat: int) -> list[Action]:
        return [ROLL]

    def _play(self, seat: int, action: Action) -> Outcome | None:
        roll = self.rng.roll(SIDES)
        self.rolls[seat] = roll
        return Outcome({"roll": roll})

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(
            0 if roll is None else roll + bonus
            for roll, bonus in zip(self.rolls, self.bonus, strict=True)
        )

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.is_over:
            return ()
        best = max(self.scores)
        return tuple(seat for seat, score in enumerate(self.scores) if score == best)

    def _view(self, seat: int | None) -> dict[str, Any]:
        del seat  # everyone sees the same
        to_act = self.to_act
        return {
            "rolls": list(self.rolls),
            "bonus": list(self.bonus),
            "current": to_act[0] if to_act else None,
        }


class DiceDuel(Game):
    id = "toy-dice-duel"
    title = Text("サイコロの決闘（テスト用）", "Dice duel (test toy)")
    players = (2, 2)
    design = (
        DesignParameter(
            "compensation",
            Text("後手の補正", "Second player's bonus"),
            3,
            minimum=0,
            maximum=4,
        ),
    )
    action_types = (Roll,)
    state_class = DuelState

    def action_space(self, options: Mapping[str, OptionValue], num_players: int) -> list[Action]:
        return [ROLL]

    def view_schema(self, options: Mapping[str, OptionValue], num_players: int) -> Record:
        return Record(
            {
                "rolls": Array(Maybe(Num(1, SIDES)), num_players),
                "bonus": Array(Num(0, 4), num_players),
                "current": Maybe(Seat(num_players)),
            }
        )

    def score_range(
        self, options: Mapping[str, OptionValue], num_players: int
    ) -> tuple[float, float]:
        return (0, SIDES + 4)

    def max_game_length(self, options: Mapping[str, OptionValue], num_players: int) -> int:
        return num_players


GAME = DiceDuel()
