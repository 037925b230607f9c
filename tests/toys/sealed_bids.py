"""toy-sealed-bids: secret simultaneous bids, revealed together.

A conformance toy, written like a real game package.  Every seat holds bid
cards 1..5.  Each round a prize card is turned up from a shuffled prize deck
and every seat secretly commits one of its remaining bid cards at once (all
seats are in ``to_act``).  When the last seat commits, the bids are revealed
together: the highest bid nobody else made wins the prize; with no unique bid
the prize is discarded.  Spent bid cards stay face up.  After ``rounds``
rounds the most prize points win; ties are shared.

Hidden: the order of the prize deck and every committed, unrevealed bid.
Which bid cards a seat has not yet revealed is public knowledge.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bodoge.engine import Action, Game, Option, OptionValue, Outcome, Rng, State, Text
from bodoge.engine.schema import Array, Choice, Counts, Flag, Maybe, Num, Record, Seq, Skip

BID_CARDS = (1, 2, 3, 4, 5)
PRIZES = (1, 2, 3, 4, 5, 6)
"""The prize deck: one card of each value; a card is worth its value."""

_BID = Text("{n}を入札する", "Bid {n}")


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Commit the bid card ``amount`` face down."""

    TYPE = "bid"
    amount: int

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _BID.format(n=self.amount)(lang)


BID = {n: Bid(n) for n in BID_CARDS}


def unique_highest(bids: list[int]) -> int | None:
    """The seat of the highest bid that nobody else made, or None.

    >>> unique_highest([5, 5, 3]), unique_highest([2, 2]), unique_highest([1, 4, 2])
    (2, None, 1)
    """
    unique = [b for b in bids if bids.count(b) == 1]
    return bids.index(max(unique)) if unique else None


class SealedBidsState(State):
    """A game of toy-sealed-bids in progress."""

    hands: list[list[int]]
    bids: list[int | None]
    spent: list[list[int]]
    prizes: list[int]
    won: list[list[int]]
    discarded: list[int]

    def check_conservation(self) -> None:
        """Every component is accounted for (checked after every step)."""
        full = list(BID_CARDS)
        for seat in range(self.num_players):
            bid = [] if self.bids[seat] is None else [self.bids[seat]]
            assert sorted(self.hands[seat] + self.spent[seat] + bid) == full
            assert len(self.spent[seat]) == self.round - 1
        current = [] if self.prize is None else [self.prize]
        prizes = self.prizes + current + self.discarded + [p for won in self.won for p in won]
        assert sorted(prizes) == sorted(PRIZES)

    def _setup(self) -> None:
        n = self.num_players
        self.rounds = int(self.options["rounds"])
        self.hands = [list(BID_CARDS) for _ in range(n)]
        self.bids = [None] * n
        self.spent = [[] for _ in range(n)]
        """Revealed bid cards of each seat, in the order played."""
        self.prizes = list(PRIZES)
        self.rng.shuffle(self.prizes)  # the top of the deck is the end
        self.won = [[] for _ in range(n)]
        self.discarded = []
        self.round = 1
        self.prize: int | None = self.prizes.pop()

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.prize is None:
            return ()
        return tuple(seat for seat, bid in enumerate(self.bids) if bid is None)

    def _legal(self, seat: int) -> list[Action]:
        return [BID[n] for n in self.hands[seat]]

    def _why_illegal(self, seat: int, action: Action) -> str | None:
        if isinstance(action, Bid) and action.amount not in self.hands[seat]:
            return f"you have no bid card {action.amount}; yours are {self.hands[seat]}"
        return None

    def _play(self, seat: int, action: Action) -> Outcome | None:
        assert isinstance(action, Bid)
        self.hands[seat].remove(action.amount)
        self.bids[seat] = action.amount
        if None in self.bids:
            return Outcome(secret=True)
        return self._reveal()

    def _reveal(self) -> Outcome:
        bids = [bid for bid in self.bids if bid is not None]
        prize = self.prize
        assert prize is not None and len(bids) == self.num_players
        winner = unique_highest(bids)
        for seat, bid in enumerate(bids):
            self.spent[seat].append(bid)
        (self.won[winner] if winner is not None else self.discarded).append(prize)
        public: dict[str, Any] = {"bids": bids, "prize": prize, "winner": winner}
        self.bids = [None] * self.num_players
        self.round += 1
        self.prize = self.prizes.pop() if self.round <= self.rounds else None
        public["next_prize"] = self.prize
        return Outcome(public)

    def _redeal(self, seat: int | None, rng: Rng) -> None:
        """Shuffle the prize deck; re-choose others' commitments among their unrevealed cards."""
        self.prizes.sort()  # canonical order first: the result must not depend on the hidden order
        rng.shuffle(self.prizes)
        for other, bid in enumerate(self.bids):
            if other == seat or bid is None:
                continue
            pool = sorted([*self.hands[other], bid])
            self.bids[other] = pool.pop(rng.below(len(pool)))
            self.hands[other] = sorted(pool)

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(sum(won) for won in self.won)

    @property
    def winners(self) -> tuple[int, ...]:
        if self.prize is not None:
            return ()
        best = max(self.scores)
        return tuple(seat for seat, score in enumerate(self.scores) if score == best)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {
            "round": min(self.round, self.rounds),
            "rounds": self.rounds,
            "prize": self.prize,
            "prize_deck": len(self.prizes),
            "discarded": list(self.discarded),
            "players": [
                {
                    "seat": other,
                    "committed": self.bids[other] is not None,
                    "revealed": list(self.spent[other]),
                    "unrevealed": len(self.hands[other]) + (self.bids[other] is not None),
                    "won": list(self.won[other]),
                }
                for other in range(self.num_players)
            ],
            "hand": None if seat is None else list(self.hands[seat]),
            "bid": None if seat is None else self.bids[seat],
        }


ROUNDS = Option(
    "rounds",
    Text("ラウンド数", "Rounds"),
    default=3,
    minimum=1,
    maximum=len(BID_CARDS),
    help=Text("賞品を競るラウンドの数。", "How many prizes are auctioned."),
)


class SealedBids(Game):
    id = "toy-sealed-bids"
    title = Text("封印入札（テスト用）", "Sealed bids (test toy)")
    blurb = Text("全員同時に秘密の入札。", "Everybody bids in secret at once.")
    players = (2, 4)
    options = (ROUNDS,)
    action_types = (Bid,)
    state_class = SealedBidsState
    simultaneous = True
    hidden_information = True

    def action_space(self, options: Mapping[str, OptionValue], num_players: int) -> list[Action]:
        return [BID[n] for n in BID_CARDS]

    def view_schema(self, options: Mapping[str, OptionValue], num_players: int) -> Record:
        rounds = int(options["rounds"])
        player = Record(
            {
                "seat": Skip(),
                "committed": Flag(),
                "revealed": Seq(Choice(BID_CARDS), most=rounds),
                "unrevealed": Num(0, len(BID_CARDS)),
                "won": Counts(PRIZES, most=1),
            }
        )
        return Record(
            {
                "round": Num(0, rounds),
                "rounds": Skip(),
                "prize": Maybe(Choice(PRIZES)),
                "prize_deck": Num(0, len(PRIZES)),
                "discarded": Counts(PRIZES, most=1),
                "players": Array(player, num_players),
                "hand": Maybe(Counts(BID_CARDS, most=1)),
                "bid": Maybe(Choice(BID_CARDS)),
            }
        )

    def score_range(
        self, options: Mapping[str, OptionValue], num_players: int
    ) -> tuple[float, float]:
        return (0, sum(PRIZES))

    def max_game_length(self, options: Mapping[str, OptionValue], num_players: int) -> int:
        return int(options["rounds"]) * num_players


GAME = SealedBids()
