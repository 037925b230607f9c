"""toy-pick: take turns taking face-up cards; the larger total wins (2 players).

A conformance toy, written like a real game package, made for the game
review's tests: its best move is known at every step.  Five cards are
dealt face up from a shuffled deck of 1..9; the players take turns, the
start player first, each taking one card, until none is left.  The larger
sum wins; equal sums share the win.  Taking the largest card left is
always best (whatever the other takes, a smaller card never leaves you
more), so a review must approve every greedy move and flag a poor one.

Nothing is hidden; chance is only the deal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bodoge.engine import Action, Game, OptionValue, Outcome, State, Text
from bodoge.engine.schema import Array, Counts, Record

DECK = tuple(range(1, 10))
ROW = 5

_TAKE = Text("{n} を取る", "Take {n}")


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take the face-up card ``card``."""

    TYPE = "take"
    card: int

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _TAKE.format(n=self.card)(lang)


class PickState(State):
    """A game of toy-pick in progress."""

    row: list[int]
    taken: list[list[int]]

    def check_conservation(self) -> None:
        """The five dealt cards are in the row or taken, each once."""
        assert len(self.row) + sum(map(len, self.taken)) == ROW

    def _setup(self) -> None:
        deck = list(DECK)
        self.rng.shuffle(deck)
        self.row = sorted(deck[:ROW])
        self.taken = [[], []]

    @property
    def to_act(self) -> tuple[int, ...]:
        if not self.row:
            return ()
        return ((ROW - len(self.row)) % 2,)

    def _legal(self, seat: int) -> list[Action]:
        return [Take(card) for card in self.row]

    def _play(self, seat: int, action: Action) -> Outcome | None:
        assert isinstance(action, Take)
        self.row.remove(action.card)
        self.taken[seat].append(action.card)
        return None

    @property
    def scores(self) -> tuple[int, ...]:
        return (sum(self.taken[0]), sum(self.taken[1]))

    @property
    def winners(self) -> tuple[int, ...]:
        if self.row:
            return ()
        best = max(self.scores)
        return tuple(seat for seat, score in enumerate(self.scores) if score == best)

    def _view(self, seat: int | None) -> dict[str, Any]:
        del seat  # everyone sees everything
        return {"row": list(self.row), "taken": [list(cards) for cards in self.taken]}


class Pick(Game):
    id = "toy-pick"
    title = Text("札取り（テスト用）", "Card pick (test toy)")
    players = (2, 2)
    action_types = (Take,)
    state_class = PickState

    def action_space(self, options: Mapping[str, OptionValue], num_players: int) -> list[Action]:
        return [Take(card) for card in DECK]

    def view_schema(self, options: Mapping[str, OptionValue], num_players: int) -> Record:
        cards = Counts(DECK, most=1)
        return Record({"row": cards, "taken": Array(cards, num_players)})

    def score_range(
        self, options: Mapping[str, OptionValue], num_players: int
    ) -> tuple[float, float]:
        return (0, sum(sorted(DECK)[-3:]))

    def max_game_length(self, options: Mapping[str, OptionValue], num_players: int) -> int:
        return ROW


GAME = Pick()
