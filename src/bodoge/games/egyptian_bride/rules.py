"""The rules of Egyptian Bride (エジプトの花嫁) and its expansion 『ルクソールの娘』.

Hands, placed cards, the known part of each hand and the discards are kept
as counts indexed by card number, which makes legality, copying and the
settlement cheap.  See the package docstring for the rulings applied.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ...engine import Action, OptionValue, Outcome, Rng
from ...engine.kit import Phase, Rules, Zone, explains, lose, plays, redeal
from .actions import Jealousy, Place, StopTaking, TakeChip, TakeFaceUp, TakeFromDeck
from .text import summary_lines
from .vocabulary import LOWEST

TOP_BASE = 13
TOP_EXPANSION = 18
TURN, TAKING, OVER = "turn", "taking", "over"
"""The phases: a turn's choice of action, action A (taking cards) under way, the end."""

MAX_TAKE = 3
MAX_BRIDES = 4
"""A player who marries more brides than this drops out."""


@dataclass(frozen=True)
class Setup:
    """How the table is laid out with and without the expansion."""

    top: int
    set_aside: int
    face_up: int


BASE_SETUP = Setup(top=TOP_BASE, set_aside=10, face_up=3)
EXPANSION_SETUP = Setup(top=TOP_EXPANSION, set_aside=20, face_up=5)


def full_deck(top: int) -> list[int]:
    """Number n has n copies: 85 cards up to 13, 165 up to 18."""
    return [n for n in range(LOWEST, top + 1) for _ in range(n)]


def setup_for(options: Mapping[str, OptionValue]) -> Setup:
    """The table's layout for an option set: with the expansion or without."""
    return EXPANSION_SETUP if options["expansion"] else BASE_SETUP


def numbers_for(options: Mapping[str, OptionValue]) -> range:
    """The numbers in play for an option set, from :data:`LOWEST` up."""
    return range(LOWEST, setup_for(options).top + 1)


def cards_for(options: Mapping[str, OptionValue]) -> tuple[int, int]:
    """(cards in the game, cards set aside) for an option set."""
    layout = setup_for(options)
    return len(full_deck(layout.top)), layout.set_aside


def longest_game(options: Mapping[str, OptionValue]) -> int:
    """The most actions a game can take: every card in play is taken and placed at most once.

    With T the cards in play: at most T takes, T stops (one per action A),
    T placements, a chip per number and T/2 jealousies (each discards at
    least two cards from a hand for good).
    """
    cards, aside = cards_for(options)
    in_play = cards - aside
    jealousy = in_play // 2 if options["expansion"] else 0
    return 3 * in_play + len(numbers_for(options)) + jealousy


@dataclass(frozen=True)
class Settlement:
    """The end of the game: who married whom, points, drop-outs and winners."""

    numbers: tuple[int, ...]
    cards: tuple[tuple[int, ...], ...]
    """cards[seat][i]: that seat's cards of numbers[i], hand and placed together."""
    chips: tuple[int | None, ...]
    brides: tuple[int | None, ...]
    """brides[i]: the seat that marries numbers[i], or None."""
    points: tuple[int, ...]
    out: tuple[bool, ...]
    winners: tuple[int, ...]

    def married(self, seat: int) -> list[int]:
        return [n for n, bride in zip(self.numbers, self.brides, strict=True) if bride == seat]

    def to_json(self) -> dict[str, Any]:
        return {
            "numbers": list(self.numbers),
            "cards": [list(row) for row in self.cards],
            "chips": list(self.chips),
            "brides": list(self.brides),
            "points": list(self.points),
            "married": [self.married(seat) for seat in range(len(self.points))],
            "out": list(self.out),
            "winners": list(self.winners),
        }


def settle(
    numbers: range, cards: list[list[int]], chips: list[int], num_players: int
) -> Settlement:
    """Marry each number from lowest to highest, then drop out and rank.

    ``cards[seat][n]`` counts hand and placed cards; ``chips[n]`` is the chip
    holder's seat or -1.
    """
    points = [0] * num_players
    brides: list[int | None] = []
    for n in numbers:
        counts = [cards[seat][n] for seat in range(num_players)]
        most = max(counts)
        tied = [seat for seat, count in enumerate(counts) if count == most]
        holder = chips[n]
        bride: int | None = None
        if most > 0:
            if len(tied) == 1:
                bride = tied[0]
            elif holder in tied:
                bride = holder
        if bride is not None:
            points[bride] += 2 if holder == bride else 1
        if holder >= 0 and holder != bride:
            points[holder] -= 1
        brides.append(bride)
    married_count = [brides.count(seat) for seat in range(num_players)]
    out = [count > MAX_BRIDES for count in married_count]
    return Settlement(
        numbers=tuple(numbers),
        cards=tuple(tuple(cards[seat][n] for n in numbers) for seat in range(num_players)),
        chips=tuple(chips[n] if chips[n] >= 0 else None for n in numbers),
        brides=tuple(brides),
        points=tuple(points),
        out=tuple(out),
        winners=_rank(brides, points, out),
    )


def _rank(brides: list[int | None], points: list[int], out: list[bool]) -> tuple[int, ...]:
    """Most points; tie: whoever married the highest number; else a shared win."""
    standing = [seat for seat in range(len(points)) if not out[seat]]
    if not standing:
        return ()
    best = max(points[seat] for seat in standing)
    tied = [seat for seat in standing if points[seat] == best]
    for bride in reversed(brides):  # brides are listed from the lowest number up
        if bride in tied:
            return (bride,)
    return tuple(tied)


class EgyptianBrideState(Rules):
    """A game of Egyptian Bride in progress."""

    PHASES: ClassVar[Mapping[str, Phase]] = {
        TURN: Phase((TakeFaceUp, TakeFromDeck, Place, TakeChip, Jealousy)),
        TAKING: Phase(
            (TakeFaceUp, TakeFromDeck, StopTaking),
            "you are in the middle of taking cards: take another or stop",
        ),
    }

    deck: list[int]
    row: list[int]
    aside: list[int]
    hands: list[list[int]]
    known: list[list[int]]
    placed: list[list[int]]
    chips: list[int]
    discarded: list[int]
    turns: list[int]

    def check_conservation(self) -> None:
        """Every card 4..top is somewhere: n copies of n, 85 or 165 cards in all."""
        numbers = list(self.numbers)
        top = numbers[-1]
        assert numbers == list(range(4, top + 1)) and top in (13, 18)
        where = [0] * (top + 1)
        for pile in (self.deck, self.row, self.aside):
            for card in pile:
                where[card] += 1
        for counts in (*self.hands, *self.placed, self.discarded):
            assert len(counts) == top + 1 and not any(counts[:4]) and min(counts) >= 0
            where = [a + b for a, b in zip(where, counts, strict=True)]
        assert where == [0] * 4 + numbers, f"cards per number: {where[4:]}"
        assert sum(where) == (85 if top == 13 else 165)
        assert len(self.aside) == (10 if top == 13 else 20)
        assert len(self.row) <= self.row_size
        for hand, known in zip(self.hands, self.known, strict=True):
            assert all(0 <= k <= h for k, h in zip(known, hand, strict=True))
        assert all(-1 <= owner < self.num_players for owner in self.chips)

    def _setup(self) -> None:
        table = self.table()
        self.take_face_up = table.of(TakeFaceUp)
        self.take_from_deck, self.stop_taking = table.one(TakeFromDeck), table.one(StopTaking)
        self.place_card, self.take_chip = table.of(Place), table.of(TakeChip)
        self.jealousies = table.of(Jealousy)
        """The actions of the declared space, by their fields (read-only, shared by copies)."""
        self.expansion = bool(self.options["expansion"])
        self.first_turn_limits = bool(self.options["first_turn_limits"])
        layout = EXPANSION_SETUP if self.expansion else BASE_SETUP
        aside = int(self.design["set_aside_expansion" if self.expansion else "set_aside"])
        self.numbers = range(LOWEST, layout.top + 1)
        self.row_size = layout.face_up
        cards = full_deck(layout.top)
        self.rng.shuffle(cards)
        self.aside = cards[:aside]
        self.deck = cards[aside:]  # the top of the deck is the end
        self.row = [self.deck.pop() for _ in range(layout.face_up)]
        size = layout.top + 1
        n = self.num_players
        self.hands = [[0] * size for _ in range(n)]
        self.known = [[0] * size for _ in range(n)]
        """known[seat][n]: cards of n that everybody knows are in seat's hand."""
        self.placed = [[0] * size for _ in range(n)]
        self.chips = [-1] * size
        self.discarded = [0] * size
        self.turns = [0] * n
        """How many turns each seat has begun."""
        self.taken = 0
        """Cards taken so far in the current action A (0: not taking)."""
        self.current = 0
        self.settlement: Settlement | None = None
        self._begin_turn(0)

    # ------------------------------------------------------------ turn order

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.settlement is not None else (self.current,)

    @property
    def phase(self) -> str:
        if self.settlement is not None:
            return OVER
        return TAKING if self.taken else TURN

    def take_limit(self, seat: int) -> int:
        """1 for the start player's first A, 2 for the second player's, else 3.

        The limit of the seat's current or next A: the second player's is 2
        from the start of the game, before their first turn begins, and the
        start player's is 3 as soon as their first turn is over.
        """
        turns = self.turns[seat]
        first = turns == 0 or (turns == 1 and self.current == seat)
        if self.first_turn_limits and first and seat < 2:
            return seat + 1
        return MAX_TAKE

    def can_go_on(self, seat: int) -> bool:
        """The end check: may ``seat`` take at least two of A, B, C? (D never counts.)"""
        options = bool(self.row or self.deck) + any(self.hands[seat])
        if options == 2:
            return True  # the chip scan below is needed only in the last rounds
        placed, chips = self.placed[seat], self.chips
        return options + any(placed[n] and chips[n] < 0 for n in self.numbers) >= 2

    def _begin_turn(self, seat: int) -> bool:
        """Make ``seat`` active; end the game instead if the end check says so."""
        self.current = seat
        if self.turns[seat] and not self.can_go_on(seat):
            self._finish()
            return False
        self.turns[seat] += 1
        return True

    def _end_turn(self, seat: int, public: dict[str, Any]) -> None:
        """Pass the turn to the left; note in ``public`` if that ended the game."""
        self.taken = 0
        if not self._begin_turn((seat + 1) % self.num_players):
            public["game_over"] = True

    def _finish(self) -> None:
        self.settlement = self.settle_now()

    def settle_now(self) -> Settlement:
        """The settlement if the game ended here (the final one once it has)."""
        cards = [
            [h + p for h, p in zip(hand, placed, strict=True)]
            for hand, placed in zip(self.hands, self.placed, strict=True)
        ]
        return settle(self.numbers, cards, self.chips, self.num_players)

    # ---------------------------------------------------------------- legality

    def _take_actions(self) -> list[Action]:
        take = self.take_face_up
        actions: list[Action] = [take[n] for n in sorted(set(self.row))]
        if self.deck:
            actions.append(self.take_from_deck)
        return actions

    def _legal(self, seat: int) -> list[Action]:
        if self.taken:
            actions = self._take_actions() if self.taken < self.take_limit(seat) else []
            actions.append(self.stop_taking)
            return actions
        actions = self._take_actions()
        hand = self.hands[seat]
        placed = self.placed[seat]
        chips = self.chips
        place, chip = self.place_card, self.take_chip
        actions += [place[n] for n in self.numbers if hand[n]]
        actions += [chip[n] for n in self.numbers if placed[n] and chips[n] < 0]
        if self.expansion:
            actions += self._jealousy_actions(seat)
        return actions

    def _jealousy_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        payable = [n for n in self.numbers if hand[n] >= 2]
        if not payable:
            return []
        actions: list[Action] = []
        jealousy = self.jealousies
        for target in range(self.num_players):
            if target == seat:
                continue
            for number in self.numbers:
                count = 2 * self.placed[target][number]
                if count:
                    actions += [
                        jealousy[target, number, pay, count]
                        for pay in payable
                        if hand[pay] >= count
                    ]
        return actions

    def _why_over_limit(self, seat: int) -> str | None:
        limit = self.take_limit(seat)
        if self.taken and self.taken >= limit:
            return f"you may take at most {limit} card(s) in this action"
        return None

    @explains(TakeFromDeck)
    def _why_not_deck(self, seat: int, action: TakeFromDeck) -> str | None:
        return self._why_over_limit(seat)

    @explains(TakeFaceUp)
    def _why_not_face_up(self, seat: int, action: TakeFaceUp) -> str | None:
        over = self._why_over_limit(seat)
        if over is None and action.number not in self.row:
            return f"no face-up {action.number}; the face-up cards are {sorted(self.row)}"
        return over

    @explains(Place)
    def _why_not_place(self, seat: int, action: Place) -> str | None:
        if not self._in_range(action.number, self.hands[seat]):
            return f"you have no {action.number} in your hand"
        return None

    def _in_range(self, number: int, counts: list[int]) -> bool:
        return number in self.numbers and counts[number] > 0

    @explains(TakeChip)
    def _why_no_chip(self, seat: int, action: TakeChip) -> str | None:
        number = action.number
        if number not in self.numbers:
            return f"there is no {number} chip"
        if self.chips[number] >= 0:
            return f"the {number} chip is already taken"
        if not self.placed[seat][number]:
            return f"you have no {number} placed in front of you"
        return None

    @explains(Jealousy)
    def _why_no_jealousy(self, seat: int, action: Jealousy) -> str | None:
        if not self.expansion:
            return "jealousy is an action of the expansion only"
        if action.target == seat:
            return "you cannot be jealous of yourself"
        if not 0 <= action.target < self.num_players:
            return f"there is no seat {action.target}"
        if not self._in_range(action.number, self.placed[action.target]):
            return f"that player has no {action.number} placed"
        need = 2 * self.placed[action.target][action.number]
        if action.count != need:
            return f"jealousy against that player's {action.number}s costs {need} cards"
        if action.pay not in self.numbers or self.hands[seat][action.pay] < need:
            return f"you need {need} cards of {action.pay} in your hand"
        return None

    # ------------------------------------------------------------------- play

    @plays(StopTaking)
    def _stop(self, seat: int, action: StopTaking) -> Outcome | None:
        public: dict[str, Any] = {}
        self._end_taking(seat, public)
        return Outcome(public) if public else None

    @plays(Place)
    def _place_action(self, seat: int, action: Place) -> Outcome | None:
        self._place(seat, action.number)
        return self._turn_done(seat)

    @plays(TakeChip)
    def _chip(self, seat: int, action: TakeChip) -> Outcome | None:
        self.chips[action.number] = seat
        return self._turn_done(seat)

    @plays(Jealousy)
    def _jealousy_action(self, seat: int, action: Jealousy) -> Outcome | None:
        self._jealousy(seat, action)
        return self._turn_done(seat)

    def _turn_done(self, seat: int) -> Outcome | None:
        public: dict[str, Any] = {}
        self._end_turn(seat, public)
        return Outcome(public) if public else None

    @plays(TakeFaceUp, TakeFromDeck)
    def _take(self, seat: int, action: TakeFaceUp | TakeFromDeck) -> Outcome | None:
        public: dict[str, Any] = {}
        private: dict[int, dict[str, Any]] = {}
        if isinstance(action, TakeFromDeck):
            card = self.deck.pop()
            private[seat] = {"card": card}
        else:
            card = action.number
            self.row.remove(card)
            self.known[seat][card] += 1
            if not self.expansion and self.deck:
                revealed = self.deck.pop()
                self.row.append(revealed)
                public["revealed"] = [revealed]
        self.hands[seat][card] += 1
        self.taken += 1
        if self.taken >= self.take_limit(seat) or not (self.row or self.deck):
            self._end_taking(seat, public)
        return Outcome(public, private) if public or private else None

    def _end_taking(self, seat: int, public: dict[str, Any]) -> None:
        """End action A: refill the row (expansion) and pass the turn."""
        if self.expansion:
            missing = min(self.row_size - len(self.row), len(self.deck))
            revealed = [self.deck.pop() for _ in range(missing)]
            self.row += revealed
            if revealed:
                public["revealed"] = revealed
        self._end_turn(seat, public)

    def _place(self, seat: int, number: int) -> None:
        self.hands[seat][number] -= 1
        lose(self.known[seat], number)
        self.placed[seat][number] += 1

    def _jealousy(self, seat: int, action: Jealousy) -> None:
        self.hands[seat][action.pay] -= action.count
        lose(self.known[seat], action.pay, action.count)
        self.discarded[action.pay] += action.count
        lost = self.placed[action.target][action.number]
        self.placed[action.target][action.number] = 0
        self.discarded[action.number] += lost

    # -------------------------------------------------------------- positions

    def arrange(
        self,
        *,
        current: int = 0,
        first_round_over: bool = True,
        deck: Sequence[int] | None = None,
        row: Sequence[int] | None = None,
        hands: Mapping[int, Mapping[int, int]] | None = None,
        others: Mapping[int, int] | None = None,
        placed: Mapping[int, Mapping[int, int]] | None = None,
        chips: Mapping[int, int] | None = None,
        known: Mapping[int, Mapping[int, int]] | None = None,
        turns: Sequence[int] | None = None,
    ) -> EgyptianBrideState:
        """Set up a position for a test or a puzzle, at the start of ``current``'s turn.

        Returns the state itself.

        ``deck`` is listed top card first; ``hands``, ``placed`` and
        ``known`` give counts per number for the seats listed.  Seats other
        than ``current`` whose hand is not given hold ``others`` (by default a
        single 13, so that they can act and the game goes on).  The first
        round is over unless ``first_round_over`` is false; ``turns`` sets
        each seat's turn count outright.  Cards are not conserved: the
        position holds what it is given.

        >>> from bodoge.games.egyptian_bride import GAME
        >>> state = GAME.new_game(3, seed=1, options={"expansion": False})
        >>> state.arrange(hands={0: {5: 2}}, row=[7, 8, 9]).view(0)["hand"][:3]
        [0, 2, 0]
        """
        size = self.numbers.stop

        def counts(spec: Mapping[int, int]) -> list[int]:
            row = [0] * size
            for number, count in spec.items():
                row[number] = count
            return row

        given = dict(hands or {})
        filler = {13: 1} if others is None else others
        for seat in range(self.num_players):
            if seat != current:
                given.setdefault(seat, filler)
        if deck is not None:
            self.deck = list(reversed(deck))
        if row is not None:
            self.row = list(row)
        for seat, spec in given.items():
            self.hands[seat] = counts(spec)
            self.known[seat] = counts({})
        for seat, spec in (placed or {}).items():
            self.placed[seat] = counts(spec)
        for number, seat in (chips or {}).items():
            self.chips[number] = seat
        for seat, spec in (known or {}).items():
            self.known[seat] = counts(spec)
        self.current = current
        self.taken = 0
        if first_round_over:
            self.turns = [2] * self.num_players
        if turns is not None:
            self.turns = list(turns)
        return self

    # ------------------------------------------------------- hidden information

    def _redeal(self, seat: int | None, rng: Rng) -> None:
        """Shuffle the unseen cards: deck, set-aside cards and others' unknown hand cards."""
        zones = [Zone(self.deck, ordered=True), Zone(self.aside, ordered=True)]
        if self.settlement is None:  # at the end every hand is shown
            zones += [
                Zone.counts(self.hands[other], self.known[other])
                for other in range(self.num_players)
                if other != seat
            ]
        redeal(zones, rng)

    # ------------------------------------------------------------ scoring

    @property
    def scores(self) -> tuple[int, ...]:
        if self.settlement is None:
            return (0,) * self.num_players
        return self.settlement.points

    @property
    def winners(self) -> tuple[int, ...]:
        return () if self.settlement is None else self.settlement.winners

    @property
    def eliminated(self) -> frozenset[int]:
        if self.settlement is None:
            return frozenset()
        return frozenset(seat for seat, out in enumerate(self.settlement.out) if out)

    def summary(self, lang: str = "en", names: Sequence[str] | None = None) -> list[str]:
        if self.settlement is None:
            return []
        return summary_lines(self.settlement.to_json(), lang, names)
