"""toy-coop: build a shelter together before the storm (cooperative, 1–3 players).

A conformance toy, written like a real game package.  The players share one
shelter track and one threat track.  On your turn either build (roll a
three-sided die and add it to the shelter) or brace (lower the threat by 2,
not below 0).  After every turn the top storm card is turned up and adds its
value to the threat.  The group wins as soon as the shelter reaches the goal
of the chosen difficulty; it loses when the threat reaches 6 or the storm
deck runs out.  Every seat scores the shelter's progress.

Hidden: the order of the storm deck (its contents are known).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bodoge.engine import Action, Game, Option, OptionValue, Outcome, Rng, State, Text
from bodoge.engine.schema import Choice, Counts, Maybe, Num, Record, Seat, Skip

STORM_DECK = (0, 1, 1, 1, 2, 2) * 2
THREAT_LIMIT = 6
BRACE = 2
BUILD_SIDES = 3
GOALS = {"easy": 8, "normal": 11, "hard": 14}

_BUILD = Text("建てる（サイコロ）", "Build (roll a die)")
_BRACE = Text("備える（脅威-2）", "Brace (threat -2)")


@dataclass(frozen=True, slots=True)
class Build(Action):
    TYPE = "build"

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _BUILD(lang)


@dataclass(frozen=True, slots=True)
class Brace(Action):
    TYPE = "brace"

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _BRACE(lang)


ACTIONS: list[Action] = [Build(), Brace()]


class CoopState(State):
    """A game of toy-coop in progress."""

    storm: list[int]
    storms_seen: list[int]
    rolls: list[int]

    def check_conservation(self) -> None:
        """Every component is accounted for (checked after every step)."""
        assert sorted(self.storm + self.storms_seen) == sorted(STORM_DECK)
        assert self.progress == sum(self.rolls)
        assert all(1 <= roll <= BUILD_SIDES for roll in self.rolls)
        assert self.threat >= 0

    def _setup(self) -> None:
        self.goal = GOALS[str(self.options["difficulty"])]
        self.storm = list(STORM_DECK)
        self.rng.shuffle(self.storm)  # the top of the deck is the end
        self.storms_seen = []
        self.rolls = []
        """Every build roll so far; the shelter's progress is their sum."""
        self.threat = 0
        self.current = 0
        self.result: bool | None = None
        """True once the group has won, False once it has lost."""

    @property
    def progress(self) -> int:
        return sum(self.rolls)

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.result is not None else (self.current,)

    def _legal(self, seat: int) -> list[Action]:
        return list(ACTIONS)

    def _play(self, seat: int, action: Action) -> Outcome | None:
        public: dict[str, Any] = {}
        if isinstance(action, Build):
            roll = self.rng.roll(BUILD_SIDES)
            self.rolls.append(roll)
            public["roll"] = roll
        else:
            self.threat = max(0, self.threat - BRACE)
        if self.progress >= self.goal:
            self.result = True
            return Outcome(public)
        card = self.storm.pop()
        self.storms_seen.append(card)
        self.threat += card
        public["storm"] = card
        if self.threat >= THREAT_LIMIT or not self.storm:
            self.result = False
        self.current = (seat + 1) % self.num_players
        return Outcome(public)

    def _redeal(self, seat: int | None, rng: Rng) -> None:
        self.storm.sort()  # canonical order first: the result must not depend on the hidden order
        rng.shuffle(self.storm)

    @property
    def scores(self) -> tuple[int, ...]:
        return (self.progress,) * self.num_players

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(range(self.num_players)) if self.result else ()

    def _view(self, seat: int | None) -> dict[str, Any]:
        del seat  # everyone sees the same
        return {
            "goal": self.goal,
            "progress": self.progress,
            "threat": self.threat,
            "threat_limit": THREAT_LIMIT,
            "storm_deck": len(self.storm),
            "storms_seen": list(self.storms_seen),
            "current": self.current,
            "result": None if self.result is None else ("won" if self.result else "lost"),
        }


DIFFICULTY = Option(
    "difficulty",
    Text("難易度", "Difficulty"),
    default="normal",
    choices=tuple(GOALS),
    help=Text("避難所の目標値。", "How much shelter the group must build."),
)


def _goal(options: Mapping[str, OptionValue]) -> int:
    return GOALS[str(options["difficulty"])]


class Coop(Game):
    id = "toy-coop"
    title = Text("嵐の避難所（テスト用）", "Storm shelter (test toy)")
    players = (1, 3)
    options = (DIFFICULTY,)
    action_types = (Build, Brace)
    state_class = CoopState
    hidden_information = True
    cooperative = True

    def action_space(self, options: Mapping[str, OptionValue], num_players: int) -> list[Action]:
        return [Build(), Brace()]

    def view_schema(self, options: Mapping[str, OptionValue], num_players: int) -> Record:
        storms = tuple(sorted(set(STORM_DECK)))
        return Record(
            {
                "goal": Skip(),
                "progress": Num(0, _goal(options) + BUILD_SIDES - 1),
                "threat": Num(0, THREAT_LIMIT - 1 + max(storms)),
                "threat_limit": Skip(),
                "storm_deck": Num(0, len(STORM_DECK)),
                "storms_seen": Counts(storms, most=max(map(STORM_DECK.count, storms))),
                "current": Seat(num_players),
                "result": Maybe(Choice(("won", "lost"))),
            }
        )

    def score_range(
        self, options: Mapping[str, OptionValue], num_players: int
    ) -> tuple[float, float]:
        return (0, _goal(options) + BUILD_SIDES - 1)

    def max_game_length(self, options: Mapping[str, OptionValue], num_players: int) -> int:
        """Every turn that does not win turns up a storm card."""
        return len(STORM_DECK)


GAME = Coop()
