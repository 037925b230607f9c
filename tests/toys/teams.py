"""toy-teams: two teams of two race to land exactly on the target.

A conformance toy, written like a real game package.  Seats 0 and 2 form
one team, seats 1 and 3 the other; turns go 0, 1, 2, 3.  On your turn move
your team's marker 1, 2 or 3 steps without passing the target, or gamble:
roll a four-sided die and move that far, unless it would pass the target
(then the marker stays).  The team that lands exactly on the target wins.
After 40 turns the team further ahead wins, or both teams share the win.
Every member scores the team's position.  No information is hidden.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bodoge.engine import Action, Game, Option, OptionValue, Outcome, State, Text
from bodoge.engine.schema import Array, Num, Record, Seat, Skip

TEAMS = ((0, 2), (1, 3))
TURN_LIMIT = 40
GAMBLE_SIDES = 4

_ADVANCE = Text("{n}マス進む", "Advance {n}")
_GAMBLE = Text("サイコロに賭ける", "Gamble on a die roll")


@dataclass(frozen=True, slots=True)
class Advance(Action):
    TYPE = "advance"
    steps: int

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _ADVANCE.format(n=self.steps)(lang)


@dataclass(frozen=True, slots=True)
class Gamble(Action):
    TYPE = "gamble"

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _GAMBLE(lang)


ADVANCE = {n: Advance(n) for n in (1, 2, 3)}
GAMBLE = Gamble()


def team_of(seat: int) -> int:
    return seat % 2


class TeamsState(State):
    """A game of toy-teams in progress."""

    position: list[int]
    moved: list[int]

    def check_conservation(self) -> None:
        """Every component is accounted for (checked after every step)."""
        for team, members in enumerate(TEAMS):
            assert self.position[team] == sum(self.moved[seat] for seat in members)
            assert 0 <= self.position[team] <= self.target

    def _setup(self) -> None:
        self.target = int(self.options["target"])
        self.position = [0, 0]
        """Each team's marker."""
        self.moved = [0] * self.num_players
        """How far each seat moved its team's marker."""
        self.current = 0
        self.turn = 0
        self.finished = False

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.finished else (self.current,)

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        return TEAMS

    def _legal(self, seat: int) -> list[Action]:
        room = self.target - self.position[team_of(seat)]
        return [ADVANCE[n] for n in (1, 2, 3) if n <= room] + [GAMBLE]

    def _why_illegal(self, seat: int, action: Action) -> str | None:
        if isinstance(action, Advance):
            room = self.target - self.position[team_of(seat)]
            return f"you may move 1..{min(3, room)} steps, not {action.steps}"
        return None

    def _play(self, seat: int, action: Action) -> Outcome | None:
        public: dict[str, Any] = {}
        if isinstance(action, Advance):
            steps = action.steps
        else:
            steps = self.rng.roll(GAMBLE_SIDES)
            public["roll"] = steps
            if self.position[team_of(seat)] + steps > self.target:
                steps = 0
        self.position[team_of(seat)] += steps
        self.moved[seat] += steps
        self.turn += 1
        self.current = (seat + 1) % self.num_players
        if self.position[team_of(seat)] == self.target or self.turn >= TURN_LIMIT:
            self.finished = True
        return Outcome(public)

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.position[team_of(seat)] for seat in range(self.num_players))

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.finished:
            return ()
        best = max(self.position)
        leaders = [team for team, pos in zip(TEAMS, self.position, strict=True) if pos == best]
        return tuple(sorted(seat for team in leaders for seat in team))

    def _view(self, seat: int | None) -> dict[str, Any]:
        del seat  # nothing is hidden
        return {
            "target": self.target,
            "teams": [list(team) for team in TEAMS],
            "position": list(self.position),
            "moved": list(self.moved),
            "turn": self.turn,
            "turn_limit": TURN_LIMIT,
            "current": self.current,
        }


TARGET = Option(
    "target",
    Text("ゴール", "Target"),
    default=12,
    minimum=6,
    maximum=20,
    help=Text("ちょうど止まるとチームの勝ち。", "Land exactly on it to win."),
)


class Teams(Game):
    id = "toy-teams"
    title = Text("チーム競争（テスト用）", "Team race (test toy)")
    players = (4, 4)
    options = (TARGET,)
    action_types = (Advance, Gamble)
    state_class = TeamsState
    has_teams = True

    def action_space(self, options: Mapping[str, OptionValue], num_players: int) -> list[Action]:
        return [*ADVANCE.values(), GAMBLE]

    def view_schema(self, options: Mapping[str, OptionValue], num_players: int) -> Record:
        target = int(options["target"])
        return Record(
            {
                "target": Skip(),
                "teams": Skip(),
                "position": Array(Num(0, target), len(TEAMS)),
                "moved": Array(Num(0, target), num_players),
                "turn": Num(0, TURN_LIMIT),
                "turn_limit": Skip(),
                "current": Seat(num_players),
            }
        )

    def score_range(
        self, options: Mapping[str, OptionValue], num_players: int
    ) -> tuple[float, float]:
        return (0, int(options["target"]))

    def max_game_length(self, options: Mapping[str, OptionValue], num_players: int) -> int:
        return TURN_LIMIT


GAME = Teams()
