"""toy-cheer: one choice worth a known chance of winning, and choices worth nothing.

A toy for the balance report's effects, written like a real game package
(2 players).  P1 first plans ``bold`` or ``safe``; then a ten-sided die
decides the winner: P1 wins on 0–6 after a bold plan, on 0–4 after a safe
one, so choosing bold is worth exactly :data:`BOLD_EFFECT` (20 points) of
P1's chance of winning.  Then each seat, P1 first, makes one choice worth
nothing: the winner may ``cheer`` or ``stay``, the loser ``stay`` or
``grumble``.  The game's strategy plans bold, cheers when winning and stays
when losing, so the seats that choose ``stay`` are exactly the losers: a
choice of no worth that goes with losing by construction, as Cardiceo's
"kept a card" goes with losing because the winner's hand is empty.

Nothing is hidden; chance is only the die.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from bodoge.engine import Action, Game, OptionValue, Outcome, State, Strategy, Text
from bodoge.engine.schema import Array, Choice, Flag, Maybe, Record, Seat

SIDES = 10
WINS = {"bold": 7, "safe": 5}
"""P1 wins when the die shows less than this after each plan."""
BOLD_EFFECT = (WINS["bold"] - WINS["safe"]) / SIDES
"""What planning bold instead of safe adds to P1's chance of winning: 0.2."""


class _Named(Action):
    """An action that is its type: a word and its label."""

    LABEL: ClassVar[Text]

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return self.LABEL(lang)


@dataclass(frozen=True, slots=True)
class Bold(_Named):
    TYPE = "bold"
    LABEL = Text("大胆に", "Play bold")


@dataclass(frozen=True, slots=True)
class Safe(_Named):
    TYPE = "safe"
    LABEL = Text("慎重に", "Play safe")


@dataclass(frozen=True, slots=True)
class Cheer(_Named):
    TYPE = "cheer"
    LABEL = Text("喜ぶ", "Cheer")


@dataclass(frozen=True, slots=True)
class Stay(_Named):
    TYPE = "stay"
    LABEL = Text("黙る", "Stay quiet")


@dataclass(frozen=True, slots=True)
class Grumble(_Named):
    TYPE = "grumble"
    LABEL = Text("ぼやく", "Grumble")


PLANS = {"bold": Bold(), "safe": Safe()}
WINNING = [Cheer(), Stay()]
LOSING = [Stay(), Grumble()]


class CheerState(State):
    """A game of toy-cheer in progress."""

    plan: str | None
    winner: int | None
    said: list[bool]

    def check_conservation(self) -> None:
        """The die is rolled once the plan is made; the last words come after it."""
        assert (self.plan is None) == (self.winner is None)
        assert self.winner is not None or not any(self.said)

    def _setup(self) -> None:
        self.plan = None
        self.winner = None
        self.said = [False, False]

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.plan is None:
            return (0,)
        for seat, said in enumerate(self.said):
            if not said:
                return (seat,)
        return ()

    def _legal(self, seat: int) -> list[Action]:
        if self.plan is None:
            return list(PLANS.values())
        return list(WINNING if seat == self.winner else LOSING)

    def _play(self, seat: int, action: Action) -> Outcome | None:
        if self.plan is None:
            self.plan = action.TYPE
            roll = self.rng.below(SIDES)
            self.winner = 0 if roll < WINS[self.plan] else 1
            return Outcome({"roll": roll})
        self.said[seat] = True
        return None

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(int(seat == self.winner) for seat in range(2))

    @property
    def winners(self) -> tuple[int, ...]:
        return (self.winner,) if self.is_over and self.winner is not None else ()

    def _view(self, seat: int | None) -> dict[str, Any]:
        del seat  # everyone sees everything
        return {"plan": self.plan, "winner": self.winner, "said": list(self.said)}


class CheerStrategy(Strategy):
    """Plan bold; cheer when winning, stay quiet when losing."""

    def values(self, state: State, seat: int, legal: list[Action]) -> list[float]:
        liked = (Bold, Cheer) if seat == getattr(state, "winner", None) else (Bold, Stay)
        return [1.0 if isinstance(action, liked) else 0.0 for action in legal]


class CheerGame(Game):
    id = "toy-cheer"
    title = Text("喜ぶかぼやくか（テスト用）", "Cheer or grumble (test toy)")
    players = (2, 2)
    action_types = (Bold, Safe, Cheer, Stay, Grumble)
    state_class = CheerState
    heuristic = CheerStrategy

    def action_space(self, options: Mapping[str, OptionValue], num_players: int) -> list[Action]:
        return [Bold(), Safe(), Cheer(), Stay(), Grumble()]

    def view_schema(self, options: Mapping[str, OptionValue], num_players: int) -> Record:
        return Record(
            {
                "plan": Maybe(Choice(tuple(PLANS))),
                "winner": Maybe(Seat(num_players)),
                "said": Array(Flag(), num_players),
            }
        )

    def score_range(
        self, options: Mapping[str, OptionValue], num_players: int
    ) -> tuple[float, float]:
        return (0, 1)

    def max_game_length(self, options: Mapping[str, OptionValue], num_players: int) -> int:
        return 1 + num_players


GAME = CheerGame()
