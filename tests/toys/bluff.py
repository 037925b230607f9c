"""toy-bluff: one hidden card each; bet or pass in turn; the best card among the bettors wins.

A conformance toy, written like a real game package, made for the search's
belief (``bodoge.bots.belief``): what a player does says something about a
card nobody else sees.  Each seat is dealt one card of a shuffled deck of
1..9, face down.  In seat order each player bets one chip or passes, in the
open.  Then the bettors show their cards; the highest takes every chip bet,
so it gains the other bettors' chips and each of them loses one.  Nobody who
passed gains or loses.  The highest score wins (ties are shared).

The toy's strategy bets exactly with a card above the middle, so a bet
says "high": a search that reads the others' moves should expect a high
card behind a bet; one that does not expects any card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bodoge.engine import Action, Game, OptionValue, Outcome, Rng, State, Strategy, Text
from bodoge.engine.schema import Array, Choice, Flag, Maybe, Record

DECK = tuple(range(1, 10))
MIDDLE = 5

_BET = Text("1枚賭ける", "Bet one chip")
_PASS = Text("降りる", "Pass")


@dataclass(frozen=True, slots=True)
class Bet(Action):
    """Put one chip in: the card will be shown."""

    TYPE = "bet"

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _BET(lang)


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Stay out: the card stays hidden."""

    TYPE = "pass"

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _PASS(lang)


class BluffState(State):
    """A game of toy-bluff in progress."""

    cards: list[int]
    deck: list[int]
    bets: list[bool | None]

    def check_conservation(self) -> None:
        """Every card of the deck is dealt or left, once."""
        assert sorted(self.cards + self.deck) == list(DECK)

    def _setup(self) -> None:
        self.deck = list(DECK)
        self.rng.shuffle(self.deck)
        self.cards = [self.deck.pop() for _ in range(self.num_players)]
        self.bets = [None] * self.num_players

    @property
    def to_act(self) -> tuple[int, ...]:
        waiting = [seat for seat, bet in enumerate(self.bets) if bet is None]
        return (waiting[0],) if waiting else ()

    def _legal(self, seat: int) -> list[Action]:
        return [Bet(), Pass()]

    def _play(self, seat: int, action: Action) -> Outcome | None:
        self.bets[seat] = isinstance(action, Bet)
        if self.to_act:
            return None
        shown = [self.cards[s] if bet else None for s, bet in enumerate(self.bets)]
        return Outcome({"shown": shown})

    def _redeal(self, seat: int | None, rng: Rng) -> None:
        """Deal every card ``seat`` has not seen anew (none are seen once the game is over)."""
        if self.is_over:
            return
        hidden = [s for s in range(self.num_players) if s != seat]
        pool = sorted(self.deck + [self.cards[s] for s in hidden])
        rng.shuffle(pool)
        for other in hidden:
            self.cards[other] = pool.pop()
        self.deck = pool

    @property
    def scores(self) -> tuple[int, ...]:
        bettors = [s for s, bet in enumerate(self.bets) if bet]
        if self.to_act or not bettors:
            return (0,) * self.num_players
        best = max(bettors, key=lambda s: self.cards[s])
        return tuple(
            len(bettors) - 1 if s == best else -1 if s in bettors else 0
            for s in range(self.num_players)
        )

    @property
    def winners(self) -> tuple[int, ...]:
        if self.to_act:
            return ()
        top = max(self.scores)
        return tuple(s for s, score in enumerate(self.scores) if score == top)

    def _view(self, seat: int | None) -> dict[str, Any]:
        over = self.is_over
        return {
            "bets": list(self.bets),
            "cards": [
                self.cards[s] if s == seat or (over and self.bets[s]) else None
                for s in range(self.num_players)
            ],
        }


class BluffStrategy(Strategy):
    """Bet with a card above the middle, pass below it (a tie at the middle)."""

    def values(self, state: State, seat: int, legal: list[Action]) -> list[float]:
        assert isinstance(state, BluffState)
        edge = state.cards[seat] - MIDDLE
        return [edge if isinstance(action, Bet) else 0.0 for action in legal]


class Bluff(Game):
    id = "toy-bluff"
    title = Text("はったり（テスト用）", "Bluff (test toy)")
    blurb = Text("伏せ札1枚で賭けるか降りるか。", "One hidden card: bet or pass.")
    players = (2, 4)
    action_types = (Bet, Pass)
    state_class = BluffState
    hidden_information = True
    heuristic = BluffStrategy

    def action_space(self, options: Mapping[str, OptionValue], num_players: int) -> list[Action]:
        return [Bet(), Pass()]

    def view_schema(self, options: Mapping[str, OptionValue], num_players: int) -> Record:
        return Record(
            {
                "bets": Array(Maybe(Flag()), num_players),
                "cards": Array(Maybe(Choice(DECK)), num_players),
            }
        )

    def score_range(
        self, options: Mapping[str, OptionValue], num_players: int
    ) -> tuple[float, float]:
        return (-1, num_players - 1)

    def max_game_length(self, options: Mapping[str, OptionValue], num_players: int) -> int:
        return num_players


GAME = Bluff()
