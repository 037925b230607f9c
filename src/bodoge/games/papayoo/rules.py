"""The rules of Papayoo: passing, the die, tricks and scoring over several hands.

Cards are integer ids (see :mod:`.data`); hands are sorted lists of ids, so
legality, copying and views stay cheap.  See the package docstring for the
rulings applied.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from ...engine import Action, Outcome, Rng
from ...engine.kit import (
    DRAFT_STEP,
    Commitment,
    Phase,
    Rules,
    Stepwise,
    Zone,
    explains,
    plays,
    redeal,
)
from .actions import ConfirmPass, PickPass, Play, UnpickPass
from .data import (
    CODE,
    ID,
    LAYOUTS,
    PAPAYOO_POINTS,
    PLAIN_SUITS,
    POINTS,
    SUIT,
    SUIT_NAMES,
    SUIT_RANGE,
    SUITS,
    TAKE_BACK_LIMIT,
    deck_for,
    hands_for,
    papayoo_card,
    pass_parameter,
)
from .text import summary_lines
from .vocabulary import OVER, PASS, PLAY

PASSING = Commitment[bool](lambda committed, seat: committed[seat])
"""Every seat chooses its cards to pass at once, in secret; they move together."""


def deal_packets(
    cards: list[int], num_players: int, dealer: int, packets: tuple[int, ...]
) -> list[list[int]]:
    """Deal ``cards`` from the front in packets, round the table from the dealer's left.

    Each packet size is dealt to every seat in turn before the next size.

    >>> deal_packets(list(range(12)), 3, 0, (3, 1))
    [[6, 7, 8, 11], [0, 1, 2, 9], [3, 4, 5, 10]]
    """
    hands: list[list[int]] = [[] for _ in range(num_players)]
    position = 0
    for size in packets:
        for step in range(1, num_players + 1):
            hands[(dealer + step) % num_players] += cards[position : position + size]
            position += size
    if position != len(cards):
        raise ValueError(f"packets {packets} deal {position} of {len(cards)} cards")
    for hand in hands:
        hand.sort()
    return hands


def pass_offset(hand_number: int, num_players: int, shifting: bool) -> int:
    """How many seats to the left the cards go in a hand (0: no passing).

    Normally one (to the left).  With shifting passes, hand h passes h mod n
    seats to the left, and there is no passing when that is 0.

    >>> [pass_offset(h, 4, True) for h in range(1, 9)], pass_offset(4, 4, False)
    ([1, 2, 3, 0, 1, 2, 3, 0], 1)
    """
    return hand_number % num_players if shifting else 1


def trick_winner(cards: list[int], leader: int, num_players: int) -> int:
    """The seat of the highest card of the led suit (no trumps).

    Ids grow with rank inside a suit, so the highest id of the led suit wins.

    >>> trick_winner([ID["H3"], ID["H9"], ID["P20"], ID["S10"]], 2, 4)
    3
    """
    led = SUIT[cards[0]]
    best = max(card for card in cards if SUIT[card] == led)
    return (leader + cards.index(best)) % num_players


def codes(cards: list[int]) -> list[str]:
    return [CODE[card] for card in cards]


class PapayooState(Rules):
    """A game of Papayoo in progress."""

    PHASES: ClassVar[Mapping[int, Phase]] = {
        PASS: Phase(
            (PickPass, UnpickPass, ConfirmPass),
            "the cards to pass are being chosen; play starts once everyone has passed",
        ),
        PLAY: Phase((Play,), "no cards are being passed now: play a card to the trick"),
    }

    hands: list[list[int]]
    selected: list[list[int]]
    committed: list[bool]
    unpicks: list[int]
    passed: list[list[int]]
    received: list[list[int]]
    trick: list[int]
    tricks: list[int]
    played: list[int]
    scored: list[list[int]]
    hand_points: list[int]
    totals: list[int]
    hand_scores: list[tuple[int, ...]]
    voids: list[int]

    def check_conservation(self) -> None:
        """Every card in play (60, or 56 without the plain 1s) is in a hand, the trick or played."""
        n = self.num_players
        cards = [c for hand in self.hands for c in hand] + self.trick + self.played
        assert sorted(cards) == list(self.deck) and len(self.deck) == (56 if n >= 7 else 60)
        assert sum(self.tricks) * n == len(self.played) and self.played == sorted(self.played)
        assert all(hand == sorted(hand) for hand in self.hands)
        for seat in range(n):
            assert set(self.selected[seat]) <= set(self.hands[seat])
            assert len(self.selected[seat]) <= self.layout.pass_count
            assert not self.committed[seat] or len(self.selected[seat]) == self.layout.pass_count
            assert 0 <= self.unpicks[seat] <= TAKE_BACK_LIMIT
            assert set(self.scored[seat]) <= set(self.played)
            assert self.hand_points[seat] == self.trick_points(self.scored[seat])
            finished = sum(row[seat] for row in self.hand_scores)
            current = 0 if self.phase == 2 else self.hand_points[seat]
            assert self.totals[seat] == finished + current
        assert all(sum(row) == 250 for row in self.hand_scores)
        assert len(self.hand_scores) == self.hand_number - (0 if self.phase == 2 else 1)
        assert self.phase != 1 or 0 <= self.papayoo < 4

    def _setup(self) -> None:
        n = self.num_players
        self.layout = replace(LAYOUTS[n], pass_count=int(self.design[pass_parameter(n)]))
        table = self.table()
        play = table.of(Play)
        self.plays = tuple(play.get(code) or Play(code) for code in CODE)
        """plays[card]: the action playing it, from the declared space (cards out of the game
        with 7 or 8 players are never in a hand)."""
        self.deck = deck_for(n)
        self.choosing = self._choosing()
        self.num_hands = hands_for(str(self.options["hands"]), n)
        self.shifting = bool(self.options["shifting_pass"])
        self.unpick_budget = TAKE_BACK_LIMIT
        self.totals = [0] * n
        """Points taken so far in the whole game, the current hand included."""
        self.hand_scores = []
        """Points each seat took in each finished hand (tuples: cheap to copy)."""
        self.hand_number = 0
        self.last_trick: tuple[int, int, tuple[int, ...], int, int] | None = None
        """(hand, leader, cards, winner, points) of the last finished trick."""
        self._start_hand(None)

    def _choosing(self) -> Stepwise:
        """Choosing the cards to pass: pick, take back, confirm (actions of the declared space)."""
        table = self.table()
        pick, unpick = table.of(PickPass), table.of(UnpickPass)
        return Stepwise(
            self.layout.pass_count,
            pick={card: pick[CODE[card]] for card in self.deck},
            unpick={card: unpick[CODE[card]] for card in self.deck},
            confirm=table.one(ConfirmPass),
        )

    # -------------------------------------------------------------- the hand

    def _start_hand(self, public: dict[str, Any] | None) -> None:
        """Rotate the deal, shuffle, deal in packets, then pass or roll the die."""
        n = self.num_players
        self.hand_number += 1
        self.dealer = (self.hand_number - 1) % n
        cards = list(self.deck)
        self.rng.shuffle(cards)
        self.hands = deal_packets(cards, n, self.dealer, self.layout.packets)
        self.selected = [[] for _ in range(n)]
        self.committed = [False] * n
        self.waiting = tuple(range(n))
        """The seats still choosing their cards to pass (``to_act`` while passing)."""
        self.unpicks = [self.unpick_budget] * n
        self.passed = [[] for _ in range(n)]
        """passed[seat]: the cards seat gave this hand (seat's own knowledge)."""
        self.received = [[] for _ in range(n)]
        self.trick = []
        self.tricks = [0] * n
        """tricks[seat]: how many tricks seat has won this hand."""
        self.played = []
        """Every card of the finished tricks of this hand, sorted."""
        self.scored = [[] for _ in range(n)]
        """scored[seat]: the point cards among seat's won cards, sorted."""
        self.hand_points = [0] * n
        self.voids = [0] * n
        """voids[seat]: bit s set once seat failed to follow suit s this hand."""
        self.leader = self.current = self.dealer
        self.papayoo = -1
        self.papayoo_id = -1
        self.offset = pass_offset(self.hand_number, n, self.shifting)
        if self.offset:
            self.phase = PASS
        else:
            self._roll_die(public)

    def _roll_die(self, public: dict[str, Any] | None) -> None:
        """The die picks one of the four plain suits; its 7 is the Papayoo."""
        self.papayoo = self.rng.below(PLAIN_SUITS)
        self.papayoo_id = papayoo_card(self.papayoo)
        self.phase = PLAY
        if public is not None:
            public["papayoo"] = SUITS[self.papayoo]

    # ------------------------------------------------------------ turn order

    @property
    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == PLAY:
            return (self.current,)
        if phase == PASS:
            return self.waiting
        return ()

    # -------------------------------------------------------------- legality

    def _legal(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        plays = self.plays
        if self.phase == PLAY:
            if self.trick:
                low, high = SUIT_RANGE[SUIT[self.trick[0]]]
                follow: list[Action] = [plays[card] for card in hand if low <= card < high]
                if follow:
                    return follow
            return [plays[card] for card in hand]
        chosen = self.selected[seat]
        actions = self.choosing.legal(chosen, hand)
        if not self.unpicks[seat]:
            actions = [a for a in actions if type(a) is not UnpickPass]
        return actions

    def _why_illegal(self, seat: int, action: Action) -> str | None:
        code = getattr(action, "card", None)
        if code is not None and code not in ID:
            return f"there is no card {code!r}: the cards are S1–S10, H, C, D 1–10 and P1–P20"
        if code is not None and ID[code] not in self.deck:
            return "with 7 or 8 players the 1s of the four plain suits are out of the game"
        return super()._why_illegal(seat, action)

    @explains(Play)
    def _why_not_play(self, seat: int, action: Play) -> str | None:
        card = ID[action.card]
        if card not in self.hands[seat]:
            return f"you do not hold {action.card}"
        if self.trick:
            led = SUIT[self.trick[0]]
            if SUIT[card] != led:
                return f"you must follow suit: you hold {SUIT_NAMES[led].en}"
        return None

    @explains(ConfirmPass)
    def _why_not_confirm(self, seat: int, action: ConfirmPass) -> str:
        return f"choose {self.layout.pass_count} cards first ({len(self.selected[seat])} so far)"

    @explains(PickPass)
    def _why_not_pick(self, seat: int, action: PickPass) -> str:
        card = ID[action.card]
        if card not in self.hands[seat]:
            return f"you do not hold {action.card}"
        if card in self.selected[seat]:
            return f"{action.card} is already among the cards to pass"
        return f"you have chosen {self.layout.pass_count} cards: take one back or confirm"

    @explains(UnpickPass)
    def _why_not_unpick(self, seat: int, action: UnpickPass) -> str:
        if ID[action.card] not in self.selected[seat]:
            return f"{action.card} is not among the cards you chose"
        return f"you have taken back {self.unpick_budget} cards, the safety bound of one pass"

    # ------------------------------------------------------------------ play

    @plays(PickPass)
    def _pick(self, seat: int, action: PickPass) -> Outcome:
        insort(self.selected[seat], ID[action.card])
        return DRAFT_STEP

    @plays(UnpickPass)
    def _unpick(self, seat: int, action: UnpickPass) -> Outcome:
        self.selected[seat].remove(ID[action.card])
        self.unpicks[seat] -= 1
        return DRAFT_STEP

    @plays(ConfirmPass)
    def _confirm(self, seat: int, action: ConfirmPass) -> Outcome | None:
        self.committed[seat] = True
        self.waiting = tuple(other for other in self.waiting if other != seat)
        return PASSING.step(complete=True) if self.waiting else self._exchange()

    def _exchange(self) -> Outcome:
        """Everyone has committed: the chosen cards move together, then the die is rolled."""
        n = self.num_players
        gifts = self.selected
        for seat, gift in enumerate(gifts):
            hand = self.hands[seat]
            for card in gift:
                hand.remove(card)
        for seat, gift in enumerate(gifts):
            receiver = (seat + self.offset) % n
            self.hands[receiver] = sorted(self.hands[receiver] + gift)
            self.passed[seat] = list(gift)
            self.received[receiver] = list(gift)
        self.selected = [[] for _ in range(n)]
        self.committed = [False] * n
        public: dict[str, Any] = {}
        self._roll_die(public)
        private = {
            seat: {"gave": codes(self.passed[seat]), "received": codes(self.received[seat])}
            for seat in range(n)
        }
        return Outcome({"chosen": True, **public}, private, secret=True)

    @plays(Play)
    def _play_card(self, seat: int, action: Play) -> Outcome | None:
        card = ID[action.card]
        self.hands[seat].remove(card)
        trick = self.trick
        if trick:
            led = SUIT[trick[0]]
            if SUIT[card] != led:
                self.voids[seat] |= 1 << led
        trick.append(card)
        if len(trick) < self.num_players:
            self.current = (seat + 1) % self.num_players
            return None
        return self._finish_trick()

    def trick_points(self, cards: list[int] | tuple[int, ...]) -> int:
        """Payoo cards score their number; the Papayoo scores 40."""
        points = sum(POINTS[card] for card in cards)
        return points + PAPAYOO_POINTS if self.papayoo_id in cards else points

    def _finish_trick(self) -> Outcome:
        trick = self.trick
        winner = trick_winner(trick, self.leader, self.num_players)
        points = self.trick_points(trick)
        self.tricks[winner] += 1
        for card in trick:
            insort(self.played, card)
            if POINTS[card] or card == self.papayoo_id:
                insort(self.scored[winner], card)
        self.hand_points[winner] += points
        self.totals[winner] += points
        self.last_trick = (self.hand_number, self.leader, tuple(trick), winner, points)
        public: dict[str, Any] = {"trick": codes(trick), "winner": winner, "points": points}
        self.trick = []
        self.leader = self.current = winner
        if not self.hands[winner]:
            self._finish_hand(public)
        return Outcome(public)

    def _finish_hand(self, public: dict[str, Any]) -> None:
        self.hand_scores.append(tuple(self.hand_points))
        public["hand_points"] = list(self.hand_points)
        if self.hand_number < self.num_hands:
            self._start_hand(public)
            public["next_hand"] = self.hand_number
        else:
            self.phase = OVER
            public["totals"] = list(self.totals)

    # -------------------------------------------------------------- positions

    def arrange(
        self,
        hands: Mapping[int, Sequence[str]],
        *,
        leader: int = 0,
        papayoo: str = "H",
        trick: Sequence[str] = (),
        played: Sequence[str] = (),
        totals: Sequence[int] | None = None,
    ) -> PapayooState:
        """Put a hand in play for a test or a puzzle: chosen hands, die and trick; returns self.

        Seats not in ``hands`` hold nothing, and the cards nobody holds are
        out of this hand.  ``trick`` lists the cards already played to the
        current trick from ``leader`` on; ``played``, the cards of finished
        tricks; ``totals``, the points taken so far in the game.

        >>> from bodoge.games.papayoo import GAME
        >>> state = GAME.new_game(3, seed=1).arrange({0: ["H5"], 1: ["H9"], 2: ["C3"]}, leader=1)
        >>> state.to_act, [a.card for a in state.legal_actions(1)], state.view(None)["papayoo"]
        ((1,), ['H9'], 'H')
        """
        n = self.num_players
        self.phase = PLAY
        self.hands = [sorted(ID[code] for code in hands.get(seat, ())) for seat in range(n)]
        self.selected = [[] for _ in range(n)]
        self.committed = [False] * n
        self.papayoo = SUITS.index(papayoo)
        self.papayoo_id = papayoo_card(self.papayoo)
        self.trick = [ID[code] for code in trick]
        self.played = sorted(ID[code] for code in played)
        self.leader = leader
        self.current = (leader + len(trick)) % n
        if totals is not None:
            self.totals = list(totals)
        return self

    # ------------------------------------------------------- hidden information

    def _redeal(self, seat: int | None, rng: Rng) -> None:
        """Re-deal the cards ``seat`` cannot see, keeping all it knows.

        Known: its own hand, every played card, the suits players showed void
        in, and the cards it passed this hand while they stay in the
        receiver's hand.  Others' secrets that only they know (what they
        chose or passed) are re-invented or forgotten.
        """
        if self.phase == OVER:
            return
        n = self.num_players
        others = [other for other in range(n) if other != seat]
        known: dict[int, list[int]] = {other: [] for other in others}
        receiver = None if seat is None or not self.offset else (seat + self.offset) % n
        if seat is not None and receiver is not None and self.phase == PLAY:
            hand = self.hands[receiver]
            known[receiver] = [card for card in self.passed[seat] if card in hand]
        redeal([self._hidden_hand(other, known[other]) for other in others], rng)
        if self.phase == PASS:
            self._reinvent_choices(seat, others, rng)
        else:
            giver = None if seat is None else (seat - self.offset) % n
            for other in others:
                if other != giver:
                    self.passed[other] = []
                if other != receiver:
                    self.received[other] = []

    def _hidden_hand(self, seat: int, known: list[int]) -> Zone:
        """A hand re-dealt around its ``known`` cards, never in a suit shown void."""
        void = self.voids[seat]
        if not void:
            return Zone(self.hands[seat], known)
        return Zone(self.hands[seat], known, fits=lambda card: not void >> SUIT[card] & 1)

    def _reinvent_choices(self, seat: int | None, others: list[int], rng: Rng) -> None:
        """Committed players pass random cards of their new hand; the others start over."""
        for other in others:
            if not self.committed[other]:
                self.selected[other] = []
                self.unpicks[other] = self.unpick_budget
        Commitment.reinvent(self.selected, seat, self.hands.__getitem__, rng)

    # ---------------------------------------------------------------- scoring

    @property
    def scores(self) -> tuple[int, ...]:
        """Negated points: the fewest points is the best score."""
        return tuple(-total for total in self.totals)

    @property
    def winners(self) -> tuple[int, ...]:
        if self.phase != OVER:
            return ()
        best = min(self.totals)
        return tuple(seat for seat, total in enumerate(self.totals) if total == best)

    def summary(self, lang: str = "en", names: Sequence[str] | None = None) -> list[str]:
        if self.phase != OVER:
            return []
        return summary_lines(self.totals, self.winners, lang, names)
