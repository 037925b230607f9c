"""toy-raid: thefts, out-of-turn shields, step-wise discards and eliminations.

A conformance toy, written like a real game package.  Every seat starts
with 3 tokens, 1 shield and 2 cards (values 1..4) from a shuffled deck.  On
your turn do one of:

* steal a token from another player still in the game.  If the victim holds
  a shield, the victim reacts out of turn: use a shield (it is spent and the
  theft is cancelled) or decline (the theft happens);
* draw a card (only you see it);
* discard any subset of your cards, face up, one card per step, then say
  done: every full 5 points of discarded value buy one shield.

A player whose last token is stolen is out: their cards are discarded face
up and turn order skips them.  The game ends when one player is left, or
after round 6; the most tokens among those still in win, ties shared.

Hidden: hands (others see only their size) and the deck order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from bodoge.engine import Action, Game, OptionValue, Outcome, Rng, State, Text, seat_name
from bodoge.engine.schema import Array, Counts, Flag, Maybe, Num, Record, Seat, Skip

START_TOKENS = 3
START_SHIELDS = 1
HAND_SIZE = 2
DECK = tuple(value for value in (1, 2, 3, 4) for _ in range(4))
SHIELD_COST = 5
ROUND_LIMIT = 6
VALUES = tuple(sorted(set(DECK)))
"""The distinct card values, in order."""


@dataclass(frozen=True, slots=True)
class RaidAction(Action):
    """Base of this game's actions: the label is ``TEXT`` filled with the fields."""

    TEXT: ClassVar[Text] = Text("", "")

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        fields = {k: v for k, v in self.to_json().items() if k != "type"}
        return self.TEXT.format(**fields)(lang)


@dataclass(frozen=True, slots=True)
class Steal(RaidAction):
    TYPE = "steal"
    TEXT = Text("{target}からトークンを盗む", "Steal a token from {target}")
    target: int

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return self.TEXT.format(target=seat_name(self.target, lang, names))(lang)


@dataclass(frozen=True, slots=True)
class UseShield(RaidAction):
    TYPE = "use_shield"
    TEXT = Text("盾で防ぐ", "Use a shield")


@dataclass(frozen=True, slots=True)
class Decline(RaidAction):
    TYPE = "decline"
    TEXT = Text("盗ませる", "Let the theft happen")


@dataclass(frozen=True, slots=True)
class Draw(RaidAction):
    TYPE = "draw"
    TEXT = Text("カードを1枚引く", "Draw a card")


@dataclass(frozen=True, slots=True)
class Discard(RaidAction):
    """One step of a discard: a card of ``value`` from your hand."""

    TYPE = "discard"
    TEXT = Text("「{value}」を捨てる", "Discard a {value}")
    value: int


@dataclass(frozen=True, slots=True)
class Done(RaidAction):
    TYPE = "done"
    TEXT = Text("捨てるのを終える", "Stop discarding")


REACTIONS: list[Action] = [UseShield(), Decline()]
DRAW = Draw()
DONE = Done()


class RaidState(State):
    """A game of toy-raid in progress."""

    tokens: list[int]
    shields: list[int]
    hands: list[list[int]]
    deck: list[int]
    discard: list[int]
    picking: list[int]

    def check_conservation(self) -> None:
        """Every component is accounted for (checked after every step)."""
        assert sum(self.tokens) == START_TOKENS * self.num_players
        assert min(self.tokens) >= 0 and min(self.shields) >= 0
        cards = self.deck + self.discard + self.picking + [c for h in self.hands for c in h]
        assert sorted(cards) == sorted(DECK)
        for seat in self.eliminated:
            assert self.hands[seat] == [] and self.shields[seat] == 0

    def _setup(self) -> None:
        n = self.num_players
        self.tokens = [START_TOKENS] * n
        self.shields = [START_SHIELDS] * n
        self.deck = list(DECK)
        self.rng.shuffle(self.deck)  # the top of the deck is the end
        self.hands = [sorted(self.deck.pop() for _ in range(HAND_SIZE)) for _ in range(n)]
        self.discard = []
        self.picking = []
        """The cards discarded so far in the current step-wise discard."""
        self.pending: int | None = None
        """The victim of a theft awaiting their reaction."""
        self.current = 0
        self.round = 1
        self.finished = False

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.finished:
            return ()
        return (self.current,) if self.pending is None else (self.pending,)

    @property
    def eliminated(self) -> frozenset[int]:
        return frozenset(seat for seat, count in enumerate(self.tokens) if count == 0)

    def _legal(self, seat: int) -> list[Action]:
        if self.pending is not None:
            return list(REACTIONS)
        discards: list[Action] = [Discard(value) for value in sorted(set(self.hands[seat]))]
        if self.picking:
            return [*discards, DONE]
        out = self.eliminated
        steals: list[Action] = [
            Steal(other) for other in range(self.num_players) if other != seat and other not in out
        ]
        return steals + ([DRAW] if self.deck else []) + discards

    def _why_illegal(self, seat: int, action: Action) -> str | None:
        if self.pending is not None:
            return f"{seat_name(self.current)} is stealing from you: use a shield or decline"
        if self.picking and not isinstance(action, Discard | Done):
            return "you are discarding: discard another card or stop"
        if isinstance(action, Steal) and action.target in self.eliminated:
            return f"{seat_name(action.target)} is out of the game"
        if isinstance(action, Discard) and action.value not in self.hands[seat]:
            return f"you have no {action.value}; your hand is {self.hands[seat]}"
        return None

    def _play(self, seat: int, action: Action) -> Outcome | None:
        if isinstance(action, Steal):
            if self.shields[action.target]:
                self.pending = action.target
                return None
            return self._end_turn(self._steal(seat, action.target))
        if isinstance(action, UseShield | Decline):
            victim, self.pending = self.pending, None
            assert victim is not None
            if isinstance(action, UseShield):
                self.shields[victim] -= 1
                return self._end_turn({"cancelled": True})
            return self._end_turn(self._steal(self.current, victim))
        if isinstance(action, Draw):
            card = self.deck.pop()
            self.hands[seat].append(card)
            self.hands[seat].sort()
            outcome = self._end_turn({})
            return Outcome(outcome.public, {seat: {"card": card}})
        if isinstance(action, Discard):
            self.hands[seat].remove(action.value)
            self.picking.append(action.value)
            return None
        assert isinstance(action, Done)
        gained = sum(self.picking) // SHIELD_COST
        self.shields[seat] += gained
        self.discard += self.picking
        self.picking = []
        return self._end_turn({"shields_gained": gained})

    def _steal(self, thief: int, victim: int) -> dict[str, Any]:
        self.tokens[victim] -= 1
        self.tokens[thief] += 1
        if self.tokens[victim]:
            return {"stolen": True}
        revealed, self.hands[victim] = self.hands[victim], []
        self.discard += revealed
        self.shields[victim] = 0
        return {"stolen": True, "eliminated": victim, "revealed": revealed}

    def _end_turn(self, public: dict[str, Any]) -> Outcome:
        out = self.eliminated
        if self.num_players - len(out) <= 1:
            self.finished = True
            return Outcome(public)
        following = self.current
        while True:
            following = (following + 1) % self.num_players
            if following == 0:
                self.round += 1
            if following not in out:
                break
        self.current = following
        if self.round > ROUND_LIMIT:
            self.finished = True
        return Outcome(public)

    def _redeal(self, seat: int | None, rng: Rng) -> None:
        """Shuffle the deck together with every hand hidden from ``seat``."""
        others = [other for other in range(self.num_players) if other != seat]
        pool = sorted(self.deck + [card for other in others for card in self.hands[other]])
        rng.shuffle(pool)
        for other in others:
            size = len(self.hands[other])
            self.hands[other] = sorted(pool[len(pool) - size :])
            del pool[len(pool) - size :]
        self.deck = pool

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.tokens)

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.finished:
            return ()
        standing = [seat for seat in range(self.num_players) if seat not in self.eliminated]
        best = max(self.tokens[seat] for seat in standing)
        return tuple(seat for seat in standing if self.tokens[seat] == best)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {
            "round": min(self.round, ROUND_LIMIT),
            "round_limit": ROUND_LIMIT,
            "current": self.current,
            "pending_theft": self.pending,
            "deck": len(self.deck),
            "discard": list(self.discard),
            "picking": list(self.picking),
            "players": [
                {
                    "seat": other,
                    "tokens": self.tokens[other],
                    "shields": self.shields[other],
                    "hand_count": len(self.hands[other]),
                    "out": self.tokens[other] == 0,
                }
                for other in range(self.num_players)
            ],
            "hand": None if seat is None else list(self.hands[seat]),
        }


class Raid(Game):
    id = "toy-raid"
    title = Text("襲撃（テスト用）", "Raid (test toy)")
    blurb = Text("盗んで、守って、最後まで残ろう。", "Steal, shield, and be the last one standing.")
    players = (2, 5)
    action_types = (Steal, UseShield, Decline, Draw, Discard, Done)
    state_class = RaidState
    hidden_information = True

    def action_space(self, options: Mapping[str, OptionValue], num_players: int) -> list[Action]:
        return [
            *(Steal(seat) for seat in range(num_players)),
            UseShield(),
            Decline(),
            DRAW,
            *(Discard(value) for value in VALUES),
            DONE,
        ]

    def view_schema(self, options: Mapping[str, OptionValue], num_players: int) -> Record:
        copies = max(DECK.count(value) for value in VALUES)
        cards = len(DECK)
        shields = START_SHIELDS + sum(DECK) // SHIELD_COST
        player = Record(
            {
                "seat": Skip(),
                "tokens": Num(0, START_TOKENS * num_players),
                "shields": Num(0, shields),
                "hand_count": Num(0, cards),
                "out": Flag(),
            }
        )
        return Record(
            {
                "round": Num(0, ROUND_LIMIT),
                "round_limit": Skip(),
                "current": Seat(num_players),
                "pending_theft": Maybe(Seat(num_players)),
                "deck": Num(0, cards),
                "discard": Counts(VALUES, most=copies),
                "picking": Counts(VALUES, most=copies),
                "players": Array(player, num_players),
                "hand": Maybe(Counts(VALUES, most=copies)),
            }
        )

    def score_range(
        self, options: Mapping[str, OptionValue], num_players: int
    ) -> tuple[float, float]:
        return (0, START_TOKENS * num_players)

    def max_game_length(self, options: Mapping[str, OptionValue], num_players: int) -> int:
        # at most ROUND_LIMIT turns per seat, two decisions each (a theft and its
        # reaction), plus one discard step per card
        return 2 * ROUND_LIMIT * num_players + len(DECK)


GAME = Raid()
