"""The rules of Go Nuts for Donuts: secret bids on a row of donuts, then powers, then a refill.

A round: every player at once bids on one row position with a selection
card (:class:`Bid`, one secret simultaneous :class:`~bodoge.engine.kit.Commitment`).
The bids are revealed together and resolved from the lowest position up:
a position two or more players bid on loses its card to the discard pile at
once; a position one player bid on gives that player its card, whose ★
power is carried out at once (before the next position); a position nobody
bid on keeps its card.  Then the empty positions are refilled in order
from the deck; when the deck holds fewer cards than there are empty
positions the game ends at once, without a partial refill.

A power that needs a decision sets ``phase`` to its own phase and puts its
chooser alone in ``to_act`` (Cinnamon Twist: every player, each choosing in
secret the donut passed left).  A decision with a single possible answer
is carried out at once and reported in the event's ``forced`` fact, except
Double Chocolate's (others must not learn that both drawn cards were
alike) and Cinnamon Twist's (a secret choice).  Cards gained in any other
way than from the row never carry out their power.

Collections are public counts per kind; the discard pile is a public list
(its end is the top); the deck's order and the bids until revealed are
hidden.  A player who put a Double Chocolate card back on top of the deck
knows it until it is drawn (``top_known``), and determinisation keeps it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar

from ...engine import Action, Outcome, Rng
from ...engine.kit import (
    Commitment,
    Phase,
    Rules,
    Zone,
    counted,
    expect,
    explains,
    plays,
    redeal,
    take,
)
from .actions import (
    Bid,
    Clear,
    Discard,
    DiscardMilk,
    Done,
    Give,
    Keep,
    PassDonut,
    Spoil,
    Steal,
    Take,
)
from .data import (
    BEAR_CLAW,
    CHOCOLATE_FROSTED,
    CINNAMON_TWIST,
    DAY_OLD,
    DAY_OLD_TAKES,
    DONUTS,
    DOUBLE_CHOCOLATE,
    DOUBLE_CHOCOLATE_DRAW,
    ECLAIR,
    FRENCH_CRULLER,
    KINDS,
    MILK,
    MILK_DISCARDS,
    POWERS,
    RASPBERRY_FROSTED,
    RED_VELVET,
    SPRINKLED,
    STRAWBERRY_GLAZED,
    copies_in,
    deck_for,
)
from .scoring import ranking, score_sheets, totals
from .text import summary_lines
from .vocabulary import ENDINGS, PHASES

(BID, KEEP, GIVE, STEAL, SPOIL, DISCARD, MILK_PHASE, TAKE, DAY_OLD_PHASE, CLEAR, PASS, OVER) = (
    PHASES
)
RESOLVE = "resolve"
"""Internal only, between two steps of one ``apply``: the pending power is done."""
(DECK_SHORT,) = ENDINGS

INDEX = {donut: kind for kind, donut in enumerate(DONUTS)}

BIDDING = Commitment.of_size(1)
"""Every seat bids at once, in secret: ``bids[seat]`` is ``[]`` or ``[position index]``."""
PASSING = Commitment.of_size(1)
"""Cinnamon Twist: every seat picks in secret the kind it passes left."""

POWER_PHASE = {
    DOUBLE_CHOCOLATE: KEEP,
    SPRINKLED: GIVE,
    BEAR_CLAW: STEAL,
    STRAWBERRY_GLAZED: SPOIL,
    RASPBERRY_FROSTED: DISCARD,
    MILK: MILK_PHASE,
    RED_VELVET: TAKE,
    DAY_OLD: DAY_OLD_PHASE,
    FRENCH_CRULLER: CLEAR,
    CINNAMON_TWIST: PASS,
}
"""The phase in which each power that may need a decision waits for it."""
NEVER_FORCED = frozenset((BID, KEEP, PASS))
"""Phases whose only legal action is still asked for (a secret, or a choice others must
not see was no choice)."""


class DonutsState(Rules):
    """A game of Go Nuts for Donuts in progress."""

    PHASES: ClassVar[Mapping[str, Phase]] = {
        BID: Phase((Bid,), "every player is choosing a row position to bid on"),
        KEEP: Phase((Keep,), "Double Chocolate: keep one of the two cards drawn"),
        GIVE: Phase((Give,), "Sprinkled: give one of your donuts to another player"),
        STEAL: Phase((Steal,), "Bear Claw: steal a donut from another player"),
        SPOIL: Phase((Spoil,), "Strawberry Glazed: discard another player's donut"),
        DISCARD: Phase((Discard,), "Raspberry Frosted: discard one of your other donuts"),
        MILK_PHASE: Phase(
            (Discard, DiscardMilk), "Milk: discard three of your other donuts or the Milk"
        ),
        TAKE: Phase((Take,), "Red Velvet: take a card from the discard pile"),
        DAY_OLD_PHASE: Phase((Take, Done), "Day Old Donuts: take up to three discarded cards"),
        CLEAR: Phase((Clear, Done), "French Cruller: discard row cards nobody bid on"),
        PASS: Phase((PassDonut,), "Cinnamon Twist: everyone passes a donut to the left"),
    }

    deck: list[int]
    row: list[int]
    discard: list[int]
    hands: list[list[int]]
    bids: list[list[int]]
    revealed: list[int]
    passes: list[list[int]]
    drawn: list[int]
    out: list[int]

    def _setup(self) -> None:
        n = self.num_players
        self.pair_points = int(self.design["boston_cream_pair"])
        table = self.table()
        self.kinds = tuple(k for k, c in enumerate(copies_in(n)) if c)
        """The kinds this player count uses (the actions name only these)."""
        self.bid_actions = tuple(table.of(Bid)[p + 1] for p in range(n + 1))
        self.clear_actions = tuple(table.of(Clear)[p + 1] for p in range(n + 1))
        self.done = table.one(Done)
        self.discard_milk = table.one(DiscardMilk)
        self.by_kind: Mapping[type[Action], Mapping[int, Action]] = MappingProxyType(
            {
                kind: MappingProxyType({INDEX[donut]: a for donut, a in table.of(kind).items()})
                for kind in (Keep, Discard, Take, PassDonut)
            }
        )
        """The action of a kind naming one donut, by the donut's index (shared, read-only)."""
        self.by_target: Mapping[type[Action], Mapping[tuple[int, int], Action]] = MappingProxyType(
            {
                kind: MappingProxyType({(t, INDEX[d]): a for (t, d), a in table.of(kind).items()})
                for kind in (Give, Steal, Spoil)
            }
        )
        self.deck = list(deck_for(n))
        self.rng.shuffle(self.deck)  # the top of the deck is the end
        self.row = [self.deck.pop() for _ in range(n + 1)]
        """The card at each row position (index = selection number - 1), -1 when empty."""
        self.discard = []
        self.hands = [[0] * KINDS for _ in range(n)]
        self.bids = [[] for _ in range(n)]
        """This round's secret bids (a position index each) until all are in."""
        self.revealed = []
        """This round's bids once revealed (a position index per seat); ``[]`` while bidding."""
        self.passes = [[] for _ in range(n)]
        self.out = []
        """Cards a test position (``arrange``) put out of the game."""
        self.drawn = []
        """Double Chocolate's two drawn cards while its taker chooses (only they see them)."""
        self.top_known = -1
        """The seat that put the deck's top card back (Double Chocolate), knowing it; -1: none."""
        self.round = 1
        self.phase = BID
        self.chooser = -1
        """Whose power waits for a decision (-1: none, or everyone for Cinnamon Twist)."""
        self.power = -1
        """The kind of the card whose power waits for a decision."""
        self.position = -1
        """The position being resolved (index); -1 while bidding."""
        self.steps_taken = 0
        """Cards taken (Day Old Donuts) or discarded (Milk) so far by the pending power."""
        self.ending = ""

    # ------------------------------------------------------------ turn order

    @property
    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == BID:
            return BIDDING.owing(self.bids)
        if phase == PASS:
            return PASSING.owing(self.passes)
        if phase == OVER:
            return ()
        return (self.chooser,)

    def unselected(self) -> list[int]:
        """Row positions holding a card that nobody bid on this round (French Cruller)."""
        chosen = set(self.revealed)
        return [p for p, card in enumerate(self.row) if card >= 0 and p not in chosen]

    def others_of(self, seat: int, kind: int) -> list[int]:
        """``seat``'s collection without one card of ``kind`` (the power being carried out)."""
        rest = list(self.hands[seat])
        rest[kind] -= 1
        return rest

    def _legal(self, seat: int) -> list[Action]:
        phase = self.phase
        hands = self.hands
        if phase == BID:
            return list(self.bid_actions)
        if phase == PASS:
            passing = self.by_kind[PassDonut]
            return [passing[k] for k in self.kinds if hands[seat][k]]
        if phase == KEEP:
            keep = self.by_kind[Keep]
            return [keep[k] for k in sorted(set(self.drawn))]
        if phase in (GIVE, STEAL, SPOIL):
            return self._targeted(seat)
        if phase in (DISCARD, MILK_PHASE):
            rest = self.others_of(seat, self.power)
            discard = self.by_kind[Discard]
            actions: list[Action] = [discard[k] for k in self.kinds if rest[k]]
            if phase == MILK_PHASE and not self.steps_taken:
                actions.append(self.discard_milk)
            return actions
        if phase in (TAKE, DAY_OLD_PHASE):
            take_ = self.by_kind[Take]
            actions = [take_[k] for k in sorted(set(self.discard))]
            return [*actions, self.done] if phase == DAY_OLD_PHASE else actions
        # CLEAR
        clear = self.clear_actions
        return [clear[p] for p in self.unselected()] + [self.done]

    def _targeted(self, seat: int) -> list[Action]:
        """Give (one of your donuts), Steal or Spoil (another player's) to or from another seat."""
        phase = self.phase
        n = self.num_players
        if phase == GIVE:
            rest = self.others_of(seat, SPRINKLED)
            mine = [k for k in self.kinds if rest[k]] or [SPRINKLED]
            give = self.by_target[Give]
            return [give[t, k] for step in range(1, n) for t in [(seat + step) % n] for k in mine]
        actions = self.by_target[Steal if phase == STEAL else Spoil]
        return [
            actions[t, k]
            for step in range(1, n)
            for t in [(seat + step) % n]
            for k in self.kinds
            if self.hands[t][k]
        ]

    @explains(Bid)
    def _why_not_bid(self, seat: int, action: Bid) -> str:
        return f"there is no position {action.position}; the row has 1..{self.num_players + 1}"

    @explains(Clear)
    def _why_not_clear(self, seat: int, action: Clear) -> str:
        return f"position {action.position} is empty, or somebody bid on it this round"

    @explains(Give)
    def _why_not_give(self, seat: int, action: Give) -> str:
        if action.target == seat:
            return "give it to another player"
        return f"you cannot give a {action.donut}: give another of your donuts"

    @explains(Steal)
    def _why_not_steal(self, seat: int, action: Steal) -> str:
        return _not_held(seat, action.target, action.donut)

    @explains(Spoil)
    def _why_not_spoil(self, seat: int, action: Spoil) -> str:
        return _not_held(seat, action.target, action.donut)

    @explains(Take)
    def _why_not_take(self, seat: int, action: Take) -> str:
        return f"there is no {action.donut} in the discard pile"

    @explains(Keep)
    def _why_not_keep(self, seat: int, action: Keep) -> str:
        return f"you did not draw a {action.donut}"

    @explains(Discard)
    def _why_not_discard(self, seat: int, action: Discard) -> str:
        return f"you hold no other {action.donut}"

    @explains(PassDonut)
    def _why_not_pass(self, seat: int, action: PassDonut) -> str:
        return f"you hold no {action.donut}"

    @explains(DiscardMilk)
    def _why_not_milk(self, seat: int, action: DiscardMilk) -> str:
        return "you have started discarding three donuts: go on"

    # ------------------------------------------------------------------ bids

    @plays(Bid)
    def _bid(self, seat: int, action: Bid) -> Outcome:
        self.bids[seat] = [action.position - 1]
        if BIDDING.owing(self.bids):
            return BIDDING.step(complete=True)
        public: dict[str, Any] = {}
        private: dict[int, dict[str, Any]] = {}
        self.revealed = [bid[0] for bid in self.bids]
        self.bids = [[] for _ in range(self.num_players)]
        public["bids"] = [p + 1 for p in self.revealed]
        self.position = 0
        self.phase = RESOLVE
        self._proceed(public, private)
        return BIDDING.step(complete=True, public=public)._replace(private=private)

    # ------------------------------------------------------------- resolution

    def _proceed(self, public: dict[str, Any], private: dict[int, dict[str, Any]]) -> None:
        """Resolve on from the current position; carry out decisions with one answer."""
        while True:
            if self.phase == RESOLVE:
                self._resolve(public, private)
            if self.phase in NEVER_FORCED or self.phase == OVER:
                return
            legal = self._legal(self.chooser)
            if len(legal) != 1:
                return
            public.setdefault("forced", []).append(legal[0].to_json())
            self._step(self.chooser, legal[0], public)

    def _resolve(self, public: dict[str, Any], private: dict[int, dict[str, Any]]) -> None:
        """Positions from the current one up; stop at a power awaiting a decision; then refill."""
        steps = public.setdefault("steps", [])
        while self.position < len(self.row):
            p = self.position
            self.position += 1
            bidders = [seat for seat, bid in enumerate(self.revealed) if bid == p]
            if not bidders:
                continue
            card = self.row[p]
            self.row[p] = -1
            if len(bidders) > 1:
                self.discard.append(card)
                steps.append({"what": "clash", "position": p + 1, "donut": DONUTS[card]})
                continue
            seat = bidders[0]
            self.hands[seat][card] += 1
            steps.append({"what": "took", "seat": seat, "position": p + 1, "donut": DONUTS[card]})
            if card in POWERS:
                self._power(seat, card, steps, private)
                if self.phase != RESOLVE:
                    return
        self._refill(public)

    def _power(
        self, seat: int, card: int, steps: list[dict[str, Any]], private: dict[int, Any]
    ) -> None:
        """Carry out the ★ power of ``card``, just taken from the row by ``seat``."""
        if card == CHOCOLATE_FROSTED:
            self._gain_from_deck(seat, steps, "frosted")
        elif card == ECLAIR:
            if self.discard:
                self._gain(seat, self.discard.pop(), steps, "eclair")
            else:
                steps.append({"what": "eclair_none", "seat": seat})
        elif card == DOUBLE_CHOCOLATE:
            if len(self.deck) < DOUBLE_CHOCOLATE_DRAW:
                self._gain_from_deck(seat, steps, "double_one")
            else:
                self.drawn = [self._pop_deck(), self._pop_deck()]
                private[seat] = {"drawn": sorted(DONUTS[k] for k in self.drawn)}
                steps.append({"what": "double_drew", "seat": seat})
                self._await(seat, card)
        elif card == CINNAMON_TWIST:
            if all(sum(hand) for hand in self.hands):
                self.passes = [[] for _ in range(self.num_players)]
                self._await(seat, card)
            else:
                self.hands[seat][card] -= 1
                self.discard.append(card)
                steps.append({"what": "twist_failed", "seat": seat})
        elif card == MILK and sum(self.others_of(seat, MILK)) < MILK_DISCARDS:
            self.hands[seat][MILK] -= 1
            self.discard.append(MILK)
            steps.append({"what": "milk_spilt", "seat": seat})
        elif card in (RED_VELVET, DAY_OLD) and not self.discard:
            steps.append({"what": "discard_empty", "seat": seat})
        elif card == RASPBERRY_FROSTED and not sum(self.others_of(seat, card)):
            self.hands[seat][card] -= 1
            self.discard.append(card)
            steps.append({"what": "raspberry_self", "seat": seat})
        elif card == FRENCH_CRULLER and not self.unselected():
            steps.append({"what": "nothing", "seat": seat, "donut": DONUTS[card]})
        else:
            self._await(seat, card)
            if self.phase in (STEAL, SPOIL) and not self._legal(seat):
                self.phase = RESOLVE
                steps.append({"what": "nothing", "seat": seat, "donut": DONUTS[card]})

    def _await(self, seat: int, card: int) -> None:
        self.phase = POWER_PHASE[card]
        self.chooser, self.power, self.steps_taken = seat, card, 0

    def _pop_deck(self) -> int:
        self.top_known = -1  # whatever was known of the top card has left the deck
        return self.deck.pop()

    def _gain(self, seat: int, card: int, steps: list[dict[str, Any]], what: str) -> None:
        self.hands[seat][card] += 1
        steps.append({"what": what, "seat": seat, "donut": DONUTS[card]})

    def _gain_from_deck(self, seat: int, steps: list[dict[str, Any]], what: str) -> None:
        if self.deck:
            self._gain(seat, self._pop_deck(), steps, what)
        else:
            steps.append({"what": "deck_empty", "seat": seat})

    def _refill(self, public: dict[str, Any]) -> None:
        """Refill empty positions in order, or end the game when the deck is short."""
        empty = [p for p, card in enumerate(self.row) if card < 0]
        self.position = -1
        self.chooser = self.power = -1
        if len(self.deck) < len(empty):
            self.phase = OVER
            self.ending = DECK_SHORT
            public["game_over"] = DECK_SHORT
            public["short"] = {"deck": len(self.deck), "empty": len(empty)}
            return
        for p in empty:
            self.row[p] = self._pop_deck()
        public["refilled"] = [[p + 1, DONUTS[self.row[p]]] for p in empty]
        self.revealed = []
        self.round += 1
        self.phase = BID

    # ------------------------------------------------------------ power steps

    @plays(Keep, Give, Steal, Spoil, Discard, DiscardMilk, Take, Clear, Done)
    def _power_step(self, seat: int, action: Action) -> Outcome:
        public: dict[str, Any] = {}
        private: dict[int, dict[str, Any]] = {}
        self._step(seat, action, public)
        self._proceed(public, private)
        return Outcome(public, private)

    def _step(self, seat: int, action: Action, public: dict[str, Any]) -> None:
        """One decision of a pending power; sets ``phase`` to RESOLVE once the power is done."""
        steps = public.setdefault("steps", [])
        effect: Callable[[DonutsState, int, Any, list[dict[str, Any]]], None] = _EFFECTS[
            type(action)
        ]
        effect(self, seat, action, steps)

    def _keep(self, seat: int, action: Keep, steps: list[dict[str, Any]]) -> None:
        kept = INDEX[action.donut]
        drawn = self.drawn
        drawn.remove(kept)
        self.hands[seat][kept] += 1
        self.deck.append(drawn.pop())
        self.top_known = seat
        steps.append({"what": "kept", "seat": seat, "donut": action.donut})
        self.phase = RESOLVE

    def _give(self, seat: int, action: Give, steps: list[dict[str, Any]]) -> None:
        self._move(seat, action.target, INDEX[action.donut])
        steps.append({"what": "gave", "seat": seat, "target": action.target, "donut": action.donut})
        self.phase = RESOLVE

    def _steal(self, seat: int, action: Steal, steps: list[dict[str, Any]]) -> None:
        self._move(action.target, seat, INDEX[action.donut])
        steps.append(
            {"what": "stole", "seat": seat, "target": action.target, "donut": action.donut}
        )
        self.phase = RESOLVE

    def _spoil(self, seat: int, action: Spoil, steps: list[dict[str, Any]]) -> None:
        self._throw(action.target, INDEX[action.donut])
        steps.append(
            {"what": "spoiled", "seat": seat, "target": action.target, "donut": action.donut}
        )
        self.phase = RESOLVE

    def _discard_own(self, seat: int, action: Discard, steps: list[dict[str, Any]]) -> None:
        self._throw(seat, INDEX[action.donut])
        steps.append({"what": "discarded", "seat": seat, "donut": action.donut})
        self.steps_taken += 1
        if self.phase == DISCARD or self.steps_taken == MILK_DISCARDS:
            self.phase = RESOLVE

    def _discard_milk(self, seat: int, action: DiscardMilk, steps: list[dict[str, Any]]) -> None:
        self._throw(seat, MILK)
        steps.append({"what": "milk_dropped", "seat": seat})
        self.phase = RESOLVE

    def _take(self, seat: int, action: Take, steps: list[dict[str, Any]]) -> None:
        kind = INDEX[action.donut]
        pile = self.discard
        del pile[len(pile) - 1 - pile[::-1].index(kind)]  # the topmost card of that kind
        self._gain(seat, kind, steps, "took_discard")
        self.steps_taken += 1
        if self.phase == TAKE or self.steps_taken == DAY_OLD_TAKES or not pile:
            self.phase = RESOLVE

    def _clear(self, seat: int, action: Clear, steps: list[dict[str, Any]]) -> None:
        p = action.position - 1
        card = self.row[p]
        self.row[p] = -1
        self.discard.append(card)
        steps.append({"what": "cleared", "seat": seat, "position": p + 1, "donut": DONUTS[card]})
        if not self.unselected():
            self.phase = RESOLVE

    def _done(self, seat: int, action: Done, steps: list[dict[str, Any]]) -> None:
        steps.append({"what": "stopped", "seat": seat})
        self.phase = RESOLVE

    def _move(self, giver: int, receiver: int, kind: int) -> None:
        take(self.hands[giver], kind)
        self.hands[receiver][kind] += 1

    def _throw(self, seat: int, kind: int) -> None:
        take(self.hands[seat], kind)
        self.discard.append(kind)

    # ---------------------------------------------------------- Cinnamon Twist

    @plays(PassDonut)
    def _pass(self, seat: int, action: PassDonut) -> Outcome:
        self.passes[seat] = [INDEX[action.donut]]
        if PASSING.owing(self.passes):
            return PASSING.step(complete=True)
        n = self.num_players
        passed = [choice[0] for choice in self.passes]
        for giver, kind in enumerate(passed):
            take(self.hands[giver], kind)
        for giver, kind in enumerate(passed):
            self.hands[(giver + 1) % n][kind] += 1
        self.passes = [[] for _ in range(n)]
        public: dict[str, Any] = {"passed": [DONUTS[k] for k in passed]}
        private: dict[int, dict[str, Any]] = {}
        self.phase = RESOLVE
        self._proceed(public, private)
        return PASSING.step(complete=True, public=public)._replace(private=private)

    # ---------------------------------------------------- checks and positions

    def check_conservation(self) -> None:
        """Every card of this player count is in the deck, the row, the discards, a collection
        or Double Chocolate's pair (or out of a test position), exactly once."""
        per_kind = counted(self.deck + self.discard + self.drawn + self.out, KINDS)
        for card in self.row:
            expect(-1 <= card < KINDS, f"row {self.row}")
            if card >= 0:
                per_kind[card] += 1
        for hand in self.hands:
            expect(len(hand) == KINDS and min(hand) >= 0, f"a collection {hand}")
            per_kind = [a + b for a, b in zip(per_kind, hand, strict=True)]
        expect(per_kind == list(copies_in(self.num_players)), f"cards {per_kind}")
        expect(len(self.row) == self.num_players + 1, f"row {self.row}")
        expect(len(self.drawn) in (0, 2) and (self.phase == KEEP) == bool(self.drawn), "drawn")

    def arrange(
        self,
        hands: Mapping[int, Mapping[str, int]] | None = None,
        row: Sequence[str | None] | None = None,
        discard: Sequence[str] = (),
        top: Sequence[str] = (),
        deck_size: int | None = None,
    ) -> DonutsState:
        """Set up a position at the start of a round's bidding, for a test or a puzzle.

        ``hands`` gives chosen collections (seats not given hold none);
        ``row`` the row cards in position order (``None``: empty, which only
        a test of the end needs); ``discard`` the discard pile, bottom first
        (its last card is the top); ``top`` the deck's top cards, top first,
        the other cards lying under them in a fixed order, cut to
        ``deck_size`` cards in all if given (the cards cut away are out of
        this game).  Without ``row`` the row is dealt from the rest.

        >>> from bodoge.games.go_nuts_for_donuts import GAME
        >>> state = GAME.new_game(3, seed=1).arrange(
        ...     {0: {"plain": 2}}, row=["eclair", "glazed", "plain", "milk"], top=["powdered"])
        Traceback (most recent call last):
        ...
        ValueError: no milk left to place in a game of 3 players
        >>> state = GAME.new_game(3, seed=1).arrange(
        ...     {0: {"plain": 2}}, row=["eclair", "glazed", "plain", "sprinkled"], top=["powdered"])
        >>> state.row == [INDEX[d] for d in ("eclair", "glazed", "plain", "sprinkled")]
        True
        """
        n = self.num_players
        rest = list(deck_for(n))

        def place(donut: str) -> int:
            kind = INDEX[donut]
            if kind not in rest:
                raise ValueError(f"no {donut} left to place in a game of {n} players")
            rest.remove(kind)
            return kind

        self.hands = [[0] * KINDS for _ in range(n)]
        for seat, spec in (hands or {}).items():
            for donut, count in spec.items():
                for _ in range(count):
                    self.hands[seat][place(donut)] += 1
        if row is not None:
            if len(row) != n + 1:
                raise ValueError(f"the row has {n + 1} positions")
            self.row = [-1 if d is None else place(d) for d in row]
        else:
            self.row = [place(DONUTS[rest[-1]]) for _ in range(n + 1)]
        self.discard = [place(d) for d in discard]
        on_top = [place(d) for d in top]
        under = rest if deck_size is None else rest[: max(0, deck_size - len(on_top))]
        self.out = rest[len(under) :]
        self.deck = under + on_top[::-1]
        self.bids = [[] for _ in range(n)]
        self.revealed, self.drawn, self.top_known = [], [], -1
        self.phase, self.chooser, self.power, self.position = BID, -1, -1, -1
        return self

    # ------------------------------------------------------- hidden information

    def _redeal(self, seat: int | None, rng: Rng) -> None:
        """Shuffle what ``seat`` cannot see: the deck (but a top card it put back), Double
        Chocolate's drawn pair (but its taker's), and others' bids and passes."""
        deck = self.deck
        kept = deck.pop() if deck and seat is not None and self.top_known == seat else None
        zones = [Zone(deck, ordered=True)]
        if self.drawn and seat != self.chooser:
            zones.append(Zone(self.drawn))
        redeal(zones, rng)
        if kept is not None:
            deck.append(kept)
        if self.phase == BID:
            bids = list(range(self.num_players + 1))
            Commitment.reinvent(self.bids, seat, lambda other: bids, rng)
        elif self.phase == PASS:
            hands = self.hands
            Commitment.reinvent(
                self.passes, seat, lambda other: [k for k in self.kinds if hands[other][k]], rng
            )

    # ------------------------------------------------------------ scoring

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's points as the collections stand (final once the game is over)."""
        return totals(self.hands, self.pair_points)

    @property
    def winners(self) -> tuple[int, ...]:
        if self.phase != OVER:
            return ()
        return ranking(self.hands, self.pair_points)

    def score_sheets(self) -> tuple[tuple[tuple[int, int, int], ...], ...]:
        """Every player's ``(kind, cards, points)`` for each kind held: scores card by card."""
        return score_sheets(self.hands, self.pair_points)

    def summary(self, lang: str = "en", names: Sequence[str] | None = None) -> list[str]:
        if self.phase != OVER:
            return []
        return summary_lines(self.hands, self.pair_points, self.winners, lang, names)


def _not_held(seat: int, target: int, donut: str) -> str:
    if target == seat:
        return "choose another player's donut"
    return f"seat {target} holds no {donut}"


_EFFECTS: dict[type[Action], Callable[..., None]] = {
    Keep: DonutsState._keep,
    Give: DonutsState._give,
    Steal: DonutsState._steal,
    Spoil: DonutsState._spoil,
    Discard: DonutsState._discard_own,
    DiscardMilk: DonutsState._discard_milk,
    Take: DonutsState._take,
    Clear: DonutsState._clear,
    Done: DonutsState._done,
}
"""Each power decision's effect (called by ``_step``, also for a forced decision)."""
