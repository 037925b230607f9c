"""The rules of Cardiceo: discard cards that dice sums match, pass the dice on.

Hands, the discard pile and the cards set aside are counts indexed by card
value (index 0 unused), the dice are three values, and which dice were used
or rolled this turn are bit masks (bit i: die i of d4, d8, d12).  That keeps
legality, copying and re-dealing cheap.  See the package docstring for the
rulings applied.
"""

from __future__ import annotations

from typing import Any

from ...engine import Action, Outcome, Rng, State
from .actions import Discard, KeepDice, RerollDice, Stop, discard
from .data import (
    ALL_DICE,
    COPIES,
    DICE_NAMES,
    DICE_SIDES,
    HIGHEST,
    ROUND_TURN_LIMIT,
    VALUES,
    hand_size,
)
from .text import summary_lines

SIZE = HIGHEST + 1
"""Length of a per-value count list (index 0 unused)."""

STOP = Stop()
KEEP = KeepDice()
REROLL = RerollDice()
DISCARD = [[discard(card, mask) for mask in range(ALL_DICE + 1)] for card in range(SIZE)]
"""DISCARD[card][mask]: made once, reused by every legal list (mask 0 is never legal)."""

SUBSETS = [[m for m in range(1, ALL_DICE + 1) if m & available == m] for available in range(8)]
"""SUBSETS[available]: the non-empty sets of dice (masks) within ``available``."""

PLACES = ("rolled", "locked", "used")
"""Where a die is, seen from the player whose turn it is: rolled this turn,
kept in the middle with its value from the turn before, or used this turn
(it passes to the next player)."""


def dice_sums(dice: list[int]) -> list[int]:
    """sums[mask]: the total of the dice in ``mask``, for all eight masks."""
    a, b, c = dice
    return [0, a, b, a + b, c, a + c, b + c, a + b + c]


def matches(dice: list[int], available: int, hand: list[int]) -> list[tuple[int, int]]:
    """Every ``(card, mask)`` such that the dice of ``mask`` sum to a card held.

    Sorted by card, then by mask; ``available`` bounds the dice that may be used.
    """
    sums = dice_sums(dice)
    found = []
    for mask in SUBSETS[available]:
        total = sums[mask]
        if total <= HIGHEST and hand[total]:
            found.append((total, mask))
    found.sort()
    return found


def mask_names(mask: int) -> list[str]:
    return [name for i, name in enumerate(DICE_NAMES) if mask >> i & 1]


class CardiceoState(State):
    """A game of Cardiceo in progress (one or several rounds)."""

    _copied = (
        "hands",
        "counts",
        "set_aside",
        "discarded",
        "dice",
        "out",
        "totals",
        "history",
        "this_turn",
    )

    def _setup(self) -> None:
        options = self.options
        self.short = bool(options["short"])
        self.easy = bool(options["easy"])
        self.rounds = int(options["rounds"])
        self.hardcore = bool(options["hardcore"])
        self.open_hands = self.easy or self.hardcore
        n = self.num_players
        self.hand_size = len(VALUES) if self.hardcore else hand_size(n, self.short)
        self.turn_limit = ROUND_TURN_LIMIT * n
        self.totals = [0] * n
        """Sum of the cards left at the end of each finished round, per seat."""
        self.history: list[list[int]] = []
        """history[r]: each seat's sum of cards left at the end of round r + 1."""
        self.out = [False] * n
        """Hardcore: eliminated seats."""
        self.dice = [1] * len(DICE_SIDES)
        self.round = 0
        self.over = False
        self.final_winners: tuple[int, ...] = ()
        self._start_round([])

    # ------------------------------------------------------------ the deal

    def _start_round(self, steps: list[dict[str, Any]]) -> None:
        """Deal a new round; its start player rolls all three dice."""
        self.round += 1
        n = self.num_players
        if self.hardcore:
            self.hands = [[0] + [1] * len(VALUES) for _ in range(n)]
            self.set_aside = [0] + [COPIES - n] * len(VALUES)
        else:
            deck = [value for value in VALUES for _ in range(COPIES)]
            self.rng.shuffle(deck)
            self.hands = [[0] * SIZE for _ in range(n)]
            for seat in range(n):
                for card in deck[seat * self.hand_size : (seat + 1) * self.hand_size]:
                    self.hands[seat][card] += 1
            self.set_aside = [0] * SIZE
            for card in deck[n * self.hand_size :]:
                self.set_aside[card] += 1
        self.counts = [self.hand_size] * n
        """Cards in each hand (kept alongside the hands for speed)."""
        self.discarded = [0] * SIZE
        self.start_player = (self.round - 1) % n
        self.turn = 0
        self.emptied = -1
        """The seat that emptied its hand this round, or -1."""
        self.by_limit = False
        self._begin_turn(self.start_player, ALL_DICE, steps, first=True)

    # -------------------------------------------------------------- turns

    def _begin_turn(
        self, seat: int, passed: int, steps: list[dict[str, Any]], first: bool = False
    ) -> None:
        """``seat`` rolls the dice passed to it; the others stay locked in the middle."""
        self.turn += 1
        if self.turn > self.turn_limit:
            self.by_limit = True
            self._end_round(steps)
            return
        self.current = seat
        self.used = 0
        self.this_turn: list[list[int]] = []
        """[card, mask] of each discard this turn."""
        if not passed and not first and not self.hardcore:
            self.choosing = True
            self.rolled = 0
            steps.append({"kind": "choose", "seat": seat, "dice": list(self.dice)})
            return
        self.choosing = False
        self._roll(passed, steps)
        self._go_on(steps)

    def _roll(self, mask: int, steps: list[dict[str, Any]]) -> None:
        """Roll the dice of ``mask`` with the state's generator."""
        self.rolled = mask
        for die, sides in enumerate(DICE_SIDES):
            if mask >> die & 1:
                self.dice[die] = self.rng.roll(sides)
        steps.append(
            {
                "kind": "roll",
                "seat": self.current,
                "dice": list(self.dice),
                "rolled": mask_names(mask),
            }
        )

    def _go_on(self, steps: list[dict[str, Any]]) -> None:
        """A turn ends by itself once no card can be discarded."""
        if not self.can_discard():
            self._end_turn(steps)

    def can_discard(self) -> bool:
        """Whether the player to act can discard a card with the dice still unused."""
        sums = dice_sums(self.dice)
        hand = self.hands[self.current]
        return any(sums[m] <= HIGHEST and hand[sums[m]] for m in SUBSETS[ALL_DICE ^ self.used])

    def _end_turn(self, steps: list[dict[str, Any]]) -> None:
        """Used dice pass to the next player; unused dice lock in the middle.

        Hardcore: a player who discarded nothing is out, and all three dice
        lock in the middle for the next player.
        """
        seat = self.current
        passed = self.used
        step: dict[str, Any] = {
            "kind": "end",
            "seat": seat,
            "discards": len(self.this_turn),
            "passed": mask_names(passed),
            "locked": mask_names(ALL_DICE ^ passed),
        }
        steps.append(step)
        if self.hardcore and not self.this_turn:
            self.out[seat] = True
            step["eliminated"] = True
            if self.out.count(False) == 1:
                self._end_round(steps)
                return
        self._begin_turn(self._next_seat(seat), passed, steps)

    def _next_seat(self, seat: int) -> int:
        n = self.num_players
        seat = (seat + 1) % n
        while self.out[seat]:
            seat = (seat + 1) % n
        return seat

    def _end_round(self, steps: list[dict[str, Any]]) -> None:
        """Score the cards left; deal the next round or end the game."""
        sums = [sum(value * hand[value] for value in VALUES) for hand in self.hands]
        self.history.append(sums)
        for seat, total in enumerate(sums):
            self.totals[seat] += total
        steps.append(
            {
                "kind": "round",
                "round": self.round,
                "sums": sums,
                "emptied": self.emptied if self.emptied >= 0 else None,
                "by_limit": self.by_limit,
            }
        )
        if self.by_limit:  # a safety limit, not a rule: the game stops, nobody wins
            self.over = True
            self.final_winners = ()
            steps.append({"kind": "over", "winners": [], "stopped": True})
            return
        if self.round < self.rounds:
            self._start_round(steps)
            return
        self.over = True
        self.final_winners = self._decide_winners()
        steps.append({"kind": "over", "winners": list(self.final_winners)})

    def _decide_winners(self) -> tuple[int, ...]:
        """One round: the first empty hand, or the last player standing (hardcore).

        Several rounds: the lowest total wins.  Ties share the win.
        """
        seats = range(self.num_players)
        if self.rounds > 1:
            best = min(self.totals)
            return tuple(seat for seat in seats if self.totals[seat] == best)
        if self.emptied >= 0:
            return (self.emptied,)
        return tuple(seat for seat in seats if not self.out[seat])  # the last one standing

    @property
    def stopped(self) -> bool:
        """Stopped by the safety limit of ``ROUND_TURN_LIMIT`` turns a player (no winner)."""
        return self.over and self.by_limit

    # ------------------------------------------------------------ legality

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.over else (self.current,)

    def _legal(self, seat: int) -> list[Action]:
        if self.choosing:
            return [KEEP, REROLL]
        found = matches(self.dice, ALL_DICE ^ self.used, self.hands[seat])
        actions: list[Action] = [DISCARD[card][mask] for card, mask in found]
        actions.append(STOP)
        return actions

    def _why_illegal(self, seat: int, action: Action) -> str | None:
        if self.choosing and not isinstance(action, KeepDice | RerollDice):
            return "all three dice are locked in the middle: first keep them or reroll them"
        if isinstance(action, KeepDice | RerollDice) and not self.choosing:
            return "keeping or rerolling is chosen only when all three dice were left in the middle"
        if isinstance(action, Discard):
            return self._why_no_discard(seat, action)
        return None

    def _why_no_discard(self, seat: int, action: Discard) -> str | None:
        mask = action.mask
        if not mask:
            return "a discard needs at least one die"
        if mask & self.used:
            spent = ", ".join(mask_names(mask & self.used))
            return f"{spent} was already used this turn"
        if not 0 < action.card <= HIGHEST or not self.hands[seat][action.card]:
            return f"you have no {action.card} in your hand"
        total = dice_sums(self.dice)[mask]
        if total != action.card:
            return f"the dice {'+'.join(mask_names(mask))} show {total}, not {action.card}"
        return None

    # ---------------------------------------------------------------- play

    def _play(self, seat: int, action: Action) -> Outcome | None:
        steps: list[dict[str, Any]] = []
        public: dict[str, Any] = {"steps": steps}
        if isinstance(action, Discard):
            mask = action.mask
            public["values"] = [self.dice[d] for d in range(len(DICE_SIDES)) if mask >> d & 1]
            self._discard(seat, action.card, mask, steps)
        elif isinstance(action, Stop):
            self._end_turn(steps)
        elif isinstance(action, KeepDice):
            self.choosing = False
            self._go_on(steps)
        else:
            assert isinstance(action, RerollDice)
            self.choosing = False
            self._roll(ALL_DICE, steps)
            self._go_on(steps)
        if not steps:
            del public["steps"]
        return Outcome(public) if public else None

    def _discard(self, seat: int, card: int, mask: int, steps: list[dict[str, Any]]) -> None:
        self.hands[seat][card] -= 1
        self.counts[seat] -= 1
        self.discarded[card] += 1
        self.used |= mask
        self.this_turn.append([card, mask])
        if not self.counts[seat]:
            self.emptied = seat
            self._end_round(steps)
        else:
            self._go_on(steps)

    # -------------------------------------------------- hidden information

    def _redeal(self, seat: int | None, rng: Rng) -> None:
        """Shuffle the unseen cards: the cards set aside and the other closed hands."""
        if self.open_hands or self.over:
            return
        others = [other for other in range(self.num_players) if other != seat]
        pool_counts = list(self.set_aside)
        for other in others:
            for value in VALUES:
                pool_counts[value] += self.hands[other][value]
        pool = [value for value in VALUES for _ in range(pool_counts[value])]  # canonical order
        rng.shuffle(pool)
        for other in others:
            hand = [0] * SIZE
            for card in pool[: self.counts[other]]:
                hand[card] += 1
            del pool[: self.counts[other]]
            self.hands[other] = hand
        self.set_aside = [0] * SIZE
        for card in pool:
            self.set_aside[card] += 1

    # ------------------------------------------------------------- scoring

    @property
    def scores(self) -> tuple[int, ...]:
        """Minus the sum of the cards left, over the rounds finished so far."""
        return tuple(-total for total in self.totals)

    @property
    def winners(self) -> tuple[int, ...]:
        return self.final_winners

    @property
    def eliminated(self) -> frozenset[int]:
        return frozenset(seat for seat, out in enumerate(self.out) if out)

    def summary(self, lang: str = "en") -> list[str]:
        if not self.over:
            return []
        return summary_lines(self._result(), lang)

    # ---------------------------------------------------------------- view

    def die_place(self, die: int) -> str:
        if self.used >> die & 1:
            return "used"
        if self.rolled >> die & 1 and not self.choosing:
            return "rolled"
        return "locked"

    def _view(self, seat: int | None) -> dict[str, Any]:
        shown = self.open_hands or self.over
        return {
            "round": self.round,
            "rounds": self.rounds,
            "start_player": self.start_player,
            "current": self.current,
            "turn": min(self.turn, self.turn_limit),
            "turn_limit": self.turn_limit,
            "choosing": self.choosing,
            "dice": [
                {"sides": sides, "value": self.dice[die], "place": self.die_place(die)}
                for die, sides in enumerate(DICE_SIDES)
            ],
            "this_turn": [
                {"card": card, "dice": mask_names(mask)} for card, mask in self.this_turn
            ],
            "discarded": self.discarded[1:],
            "set_aside": sum(self.set_aside),
            "hand": None if seat is None else self.hands[seat][1:],
            "players": [
                {
                    "seat": other,
                    "hand_count": self.counts[other],
                    "open_hand": self.hands[other][1:] if shown else None,
                    "out": self.out[other],
                    "total": self.totals[other],
                }
                for other in range(self.num_players)
            ],
            "history": [list(sums) for sums in self.history],
            "result": self._result() if self.over else None,
        }

    def _result(self) -> dict[str, Any]:
        last = self.history[-1]
        return {
            "winners": list(self.final_winners),
            "emptied": self.emptied if self.emptied >= 0 else None,
            "by_limit": self.by_limit,
            "cards_left": list(self.counts),
            "sums": list(last),
            "totals": list(self.totals),
            "rounds": self.rounds,
        }
