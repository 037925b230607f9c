"""The rules of Cardiceo: discard cards that dice sums match, pass the dice on.

Hands, the discard pile and the cards set aside are counts indexed by card
value (index 0 unused), the dice are three values, and which dice were used
or rolled this turn are bit masks (bit i: die i of d4, d8, d12).  That keeps
legality, copying and re-dealing cheap.  See the package docstring for the
rulings applied.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ...engine import Action, Outcome, Rng
from ...engine.kit import Die, Phase, Rules, ScriptedRolls, Zone, explains, plays, redeal
from .actions import Discard, KeepDice, RerollDice, Stop
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
from .vocabulary import PLACES

SIZE = HIGHEST + 1
"""Length of a per-value count list (index 0 unused)."""

DICE = tuple(Die(sides) for sides in DICE_SIDES)
"""The d4, d8 and d12, faces and probabilities declared (``Die.outcomes``)."""
CHOOSE, DISCARD, OVER = "choose", "discard", "over"
"""The phases: keep or reroll the dice left in the middle, discard cards, the end."""

SUBSETS = [[m for m in range(1, ALL_DICE + 1) if m & available == m] for available in range(8)]
"""SUBSETS[available]: the non-empty sets of dice (masks) within ``available``."""

__all__ = ["PLACES", "CardiceoState", "dice_sums", "mask_names", "matches"]


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


class CardiceoState(Rules):
    """A game of Cardiceo in progress (one or several rounds)."""

    PHASES: ClassVar[Mapping[str, Phase]] = {
        CHOOSE: Phase(
            (KeepDice, RerollDice),
            "all three dice are locked in the middle: first keep them or reroll them",
        ),
        DISCARD: Phase(
            (Discard, Stop),
            "keeping or rerolling is chosen only when all three dice were left in the middle",
        ),
    }

    hands: list[list[int]]
    counts: list[int]
    set_aside: list[int]
    discarded: list[int]
    dice: list[int]
    out: list[bool]
    totals: list[int]
    history: list[list[int]]
    this_turn: list[list[int]]

    def check_conservation(self) -> None:
        """All 60 cards (four of 1..15) are in a hand, the discards or set aside; dice in range."""
        for value in range(1, 16):
            held = sum(hand[value] for hand in self.hands)
            assert held + self.discarded[value] + self.set_aside[value] == 4, f"value {value}"
        assert self.counts == [sum(hand) for hand in self.hands]
        assert all(min(hand) >= 0 and hand[0] == 0 for hand in self.hands)
        assert all(1 <= value <= sides for value, sides in zip(self.dice, (4, 8, 12), strict=True))
        assert 0 <= self.used <= 7 and not (self.choosing and self.used)
        assert len(self.history) == self.round - (0 if self.over else 1)
        seats = range(self.num_players)
        assert self.totals == [sum(sums[seat] for sums in self.history) for seat in seats]
        if not self.hardcore:
            assert not any(self.out)

    def _setup(self) -> None:
        table = self.table()
        discards = table.of(Discard)
        self.discards = tuple(
            tuple(
                discards.get((card, *(bool(mask >> d & 1) for d in range(3)))) for mask in range(8)
            )
            for card in range(SIZE)
        )
        """discards[card][mask]: the action from the declared space (None: never legal)."""
        self.stop, self.keep, self.reroll = (
            table.one(Stop),
            table.one(KeepDice),
            table.one(RerollDice),
        )
        options = self.options
        self.short = bool(options["short"])
        self.easy = bool(options["easy"])
        self.rounds = int(options["rounds"])
        self.hardcore = bool(options["hardcore"])
        self.open_hands = self.easy or self.hardcore
        n = self.num_players
        design = self.design
        self.hand_size = (
            len(VALUES)
            if self.hardcore
            else hand_size(n, self.short, int(design["hand_size"]), int(design["short_hand_size"]))
        )
        self.turn_limit = ROUND_TURN_LIMIT * n
        self.totals = [0] * n
        """Sum of the cards left at the end of each finished round, per seat."""
        self.history = []
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
        self.this_turn = []
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
        for die, rolled in enumerate(DICE):
            if mask >> die & 1:
                self.dice[die] = rolled.roll(self.rng)
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

    @property
    def phase(self) -> str:
        if self.over:
            return OVER
        return CHOOSE if self.choosing else DISCARD

    def _legal(self, seat: int) -> list[Action]:
        if self.choosing:
            return [self.keep, self.reroll]
        found = matches(self.dice, ALL_DICE ^ self.used, self.hands[seat])
        discards = self.discards
        actions: list[Action] = [discards[card][mask] for card, mask in found]  # type: ignore[misc]
        actions.append(self.stop)
        return actions

    @explains(Discard)
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

    @plays(Discard)
    def _discard_action(self, seat: int, action: Discard) -> Outcome:
        steps: list[dict[str, Any]] = []
        mask = action.mask
        public: dict[str, Any] = {
            "steps": steps,
            "values": [self.dice[d] for d in range(len(DICE_SIDES)) if mask >> d & 1],
        }
        self._discard(seat, action.card, mask, steps)
        if not steps:
            del public["steps"]
        return Outcome(public)

    @plays(Stop)
    def _stop(self, seat: int, action: Stop) -> Outcome | None:
        steps: list[dict[str, Any]] = []
        self._end_turn(steps)
        return Outcome({"steps": steps}) if steps else None

    @plays(KeepDice, RerollDice)
    def _keep_or_reroll(self, seat: int, action: KeepDice | RerollDice) -> Outcome | None:
        steps: list[dict[str, Any]] = []
        self.choosing = False
        if type(action) is RerollDice:
            self._roll(ALL_DICE, steps)
        self._go_on(steps)
        return Outcome({"steps": steps}) if steps else None

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

    # ---------------------------------------------------------- positions

    def arrange(
        self,
        hands: Mapping[int, Sequence[int]],
        dice: Sequence[int],
        *,
        current: int = 0,
        rolled: int = ALL_DICE,
        choosing: bool = False,
        rolls: Sequence[int] = (),
        out: Sequence[int] = (),
        turn: int | None = None,
    ) -> CardiceoState:
        """Set up a position for a test or a puzzle at the start of ``current``'s turn.

        Returns the state itself.  ``hands`` lists each seat's cards; seats
        not given keep a single 15 (they rarely can discard and never end
        the game by accident).  Every card not in a hand is set aside, so all
        60 stay accounted for.  ``dice`` are the values of the d4, d8 and
        d12, ``rolled`` the mask of those rolled this turn; ``choosing``
        leaves all three in the middle to keep or reroll.  Later rolls show
        the faces ``rolls`` in order, and no others (:meth:`script_rolls`).
        ``out`` lists eliminated seats; ``turn`` sets the round's turn count.

        >>> from bodoge.games.cardiceo import GAME
        >>> state = GAME.new_game(3, seed=1).arrange({0: [3, 7]}, (3, 4, 6))
        >>> [a.card for a in state.legal_actions(0) if a.TYPE == "discard"]
        [3, 7]
        """
        for seat in range(self.num_players):
            cards = hands.get(seat, [HIGHEST])
            self.hands[seat] = [0] * SIZE
            for card in cards:
                self.hands[seat][card] += 1
            self.counts[seat] = len(cards)
        self.discarded = [0] * SIZE
        self.set_aside = [0] + [
            COPIES - sum(hand[value] for hand in self.hands) for value in VALUES
        ]
        if min(self.set_aside) < 0:
            raise ValueError(f"more than {COPIES} cards of a value in {dict(hands)}")
        self.dice = list(dice)
        self.current = current
        self.used = 0
        self.rolled = rolled
        self.choosing = choosing
        self.this_turn = []
        for seat in out:
            self.out[seat] = True
        if turn is not None:
            self.turn = turn
        self.rng = ScriptedRolls(rolls)  # type: ignore[assignment]
        return self

    def script_rolls(self, *faces: int) -> CardiceoState:
        """Later rolls show ``faces`` in order, after any already scripted (tests and puzzles).

        The generator becomes a :class:`~bodoge.engine.kit.ScriptedRolls`,
        whose ``asked`` lists the dice rolled; the record no longer replays.
        """
        scripted = self.rng
        if isinstance(scripted, ScriptedRolls):
            scripted.faces += faces
        else:
            self.rng = ScriptedRolls(faces)  # type: ignore[assignment]
        return self

    # -------------------------------------------------- hidden information

    def _redeal(self, seat: int | None, rng: Rng) -> None:
        """Shuffle the unseen cards: the cards set aside and the other closed hands."""
        if self.open_hands or self.over:
            return
        zones = [Zone.counts(self.set_aside)]
        zones += [Zone.counts(self.hands[o]) for o in range(self.num_players) if o != seat]
        redeal(zones, rng)

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

    def summary(self, lang: str = "en", names: Sequence[str] | None = None) -> list[str]:
        if not self.over:
            return []
        return summary_lines(self.result(), lang, names)

    # ---------------------------------------------------------------- view

    def die_place(self, die: int) -> str:
        if self.used >> die & 1:
            return "used"
        if self.rolled >> die & 1 and not self.choosing:
            return "rolled"
        return "locked"

    def result(self) -> dict[str, Any]:
        """How the game ended: the view's ``result`` and the summary's facts."""
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
