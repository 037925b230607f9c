"""The rules of Moriya Wars: roll six dice, carry out one face's action, win by your identity.

A turn starts with a roll; the dice are kept sorted by face, so that the
dice of a face are neighbours and a die's index names it while the roll
stands.  On the turn the player may spend money (an eviction, or a bribe
chosen die by die) and ⑤'s claim is open while three regions are full and
tied; then comes one face's action, a swap of identities (then a
three-dice turn) or, when no face's action can be carried out, a pass.
Money may be spent after the face's action too (RULINGS: 「いつでも」):
the player may then evict, one money a chip, and ends the turn with
:class:`EndTurn`; a bribe then has no use and is not offered.  A pass with
nothing else open, and the end of a turn with nothing left to evict or no
money to pay, are taken for the player.

The board is a count of human and youkai chips per region, identities a
list over *positions* (the seats, then the spare card, if any), and what
each seat knows of them a 0/1 matrix that follows every public swap: the
pattern of knowledge is public, the cards are not, so a re-deal keeps every
card a seat knows where it is and deals the others afresh.  See the package
docstring for the rulings applied.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ...engine import Action, Outcome, Rng
from ...engine.kit import (
    Die,
    Phase,
    Rules,
    ScriptedRolls,
    Stepwise,
    Zone,
    expect,
    explains,
    plays,
    redeal,
)
from .actions import (
    ACTION_TYPES,
    Claim,
    EndTurn,
    Evict,
    LetPass,
    MarkDie,
    Pass,
    Place,
    Reroll,
    Steal,
    Swap,
    SwapSpare,
    TakeMoney,
    UnmarkDie,
)
from .data import (
    CAPS,
    CHIPS,
    DICE,
    FULL_AND_TIED,
    HALF_PHANTOM,
    HUMAN,
    IDENTITIES,
    MONEY,
    MONEY_FACE,
    REGION_FACE,
    REGIONS,
    SIDES,
    STEAL_FACE,
    SWAP_AT,
    SWAP_DICE,
    TAKE_BACK_LIMIT,
    TURN_LIMIT,
    YOUKAI,
)
from .text import summary_lines
from .vocabulary import ENDINGS, PHASES

ACT, AFTER, ASK, OVER = PHASES
SUPPLY_OUT, CLAIMED, EVERYONE_OUT, LIMIT = ENDINGS
DIE = Die(6)
REGION_INDEX = {region: r for r, region in enumerate(REGIONS)}
SIDE_INDEX = {side: s for s, side in enumerate(SIDES)}


def identity_pool(num_players: int) -> tuple[int, ...]:
    """The identity cards in play: all five, without ⑤ in a three-player game.

    >>> identity_pool(3), identity_pool(5)
    ((1, 2, 3, 4), (1, 2, 3, 4, 5))
    """
    return tuple(i for i in IDENTITIES if num_players > 3 or i != HALF_PHANTOM)


def leads(board: Sequence[Sequence[int]]) -> tuple[int, int]:
    """(regions humans lead, regions youkai lead); a tied region counts for neither.

    The text's example of a human win: 白白 / 白白黒黒 / 白白白黒黒 / 黒黒黒黒黒.

    >>> leads([[2, 0], [2, 2], [3, 2], [0, 5]])
    (2, 1)
    """
    humans = sum(1 for h, y in board if h > y)
    youkai = sum(1 for h, y in board if y > h)
    return humans, youkai


def full_and_tied(board: Sequence[Sequence[int]]) -> int:
    """How many regions are filled to their cap with as many humans as youkai.

    The text's example: 白黒 / 白白黒黒 / 白白白黒黒黒 make three.

    >>> full_and_tied([[1, 1], [2, 2], [3, 3], [0, 0]])
    3
    """
    return sum(1 for (h, y), cap in zip(board, CAPS, strict=True) if h == y and h + y == cap)


class MoriyaWarsState(Rules):
    """A game of Moriya Wars in progress."""

    PHASES: ClassVar[Mapping[str, Phase]] = {
        ACT: Phase(
            tuple(kind for kind in ACTION_TYPES if kind not in (LetPass, EndTurn)),
            "it is your turn: carry out one face's action (money may be spent first)",
        ),
        AFTER: Phase(
            (Evict, Claim, EndTurn),
            "the face's action is done: evict chips with money, or end the turn",
        ),
        ASK: Phase(
            (Claim, LetPass),
            "three regions have just become full and tied: claim ⑤'s win or keep quiet",
        ),
    }

    dice: list[int]
    marked: list[int]
    board: list[list[int]]
    supply: list[int]
    money: list[int]
    identity: list[int]
    knows: list[list[int]]
    shown: list[int]
    out: list[int]
    asking: list[int]
    claims: list[list[int]]
    met: list[int]

    def _take_actions(self) -> None:
        """The declared actions the rules hand out, looked up once."""
        n = self.num_players
        table = self.table()
        place, evict = table.of(Place), table.of(Evict)
        self.places = tuple(tuple(place[region, side] for side in SIDES) for region in REGIONS)
        self.evicts = tuple(tuple(evict[region, side] for side in SIDES) for region in REGIONS)
        self.take_money, self.pass_turn = table.one(TakeMoney), table.one(Pass)
        self.steals = tuple(table.of(Steal)[seat] for seat in range(n))
        self.swaps = tuple(table.of(Swap)[seat] for seat in range(n))
        self.swap_spare = table.one(SwapSpare)
        self.claim, self.let_pass = table.one(Claim), table.one(LetPass)
        self.end_turn = table.one(EndTurn)
        mark, unmark = table.of(MarkDie), table.of(UnmarkDie)
        self.bribing = Stepwise(
            DICE,
            pick={die: mark[die] for die in range(DICE)},
            unpick={die: unmark[die] for die in range(DICE)},
            confirm=table.one(Reroll),
            fewest=1,
        )
        """A bribe: choose any non-empty set of the dice, take any back, then reroll."""
        self.bribing_firm = Stepwise(
            DICE,
            pick=self.bribing.pick,
            unpick={},
            confirm=self.bribing.confirm,
            fewest=1,
            undo=False,
        )
        """The same once :data:`TAKE_BACK_LIMIT` dice were taken back in this bribe."""

    def _setup(self) -> None:
        n = self.num_players
        self._take_actions()
        self.five_in_play = HALF_PHANTOM in identity_pool(n)
        deck = list(identity_pool(n))
        self.rng.shuffle(deck)
        self.identity = deck
        """identity[p]: the card at position p (seats 0..n-1, then the spare, if any)."""
        self.positions = len(deck)
        self.knows = [[int(p == seat) for p in range(self.positions)] for seat in range(n)]
        """knows[seat][p]: 1 if ``seat`` knows the card at position p (public pattern)."""
        self.shown = [0] * self.positions
        """shown[p]: 1 once the card at position p was revealed to everyone (a false claim)."""
        self.board = [[0, 0] for _ in REGIONS]
        self.supply = list(CHIPS)
        self.money = [0] * n
        self.money_supply = MONEY
        self.spent = 0
        """Money spent: out of the game for good."""
        self.out = [0] * n
        self.claims = []
        """Every claim so far: [seat, identity, 1 if it won]."""
        self.asking = []
        """The seats still to be asked whether they claim, first the one asked now."""
        self.resume = ACT
        """After the asking: go on with the turn (ACT) or with its end (AFTER: the action was
        taken)."""
        self.current = 0
        self.dice_count = DICE
        self.dice = []
        self.marked = []
        self.take_backs = TAKE_BACK_LIMIT
        self.turn = 0
        """Turns begun so far (an extra turn after a swap counts)."""
        self.phase = ACT
        self.ending = ""
        self.exhausted = ""
        """The supply that ran out: 'human', 'youkai' or 'money'."""
        self.final: tuple[int, ...] = ()
        self.met = []
        """At the end: 1 for each seat whose identity's condition holds."""
        self._begin_turn({})

    # ------------------------------------------------------------ turn order

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.phase in (ACT, AFTER):
            return (self.current,)
        if self.phase == ASK:
            return (self.asking[0],)
        return ()

    @property
    def eliminated(self) -> frozenset[int]:
        return frozenset(seat for seat, gone in enumerate(self.out) if gone)

    def active(self) -> list[int]:
        return [seat for seat in range(self.num_players) if not self.out[seat]]

    def _begin_turn(self, public: dict[str, Any]) -> None:
        """Roll the turn's dice; a player who could only pass passes at once, and so on."""
        while True:
            self.turn += 1
            if self.turn > TURN_LIMIT:
                self._finish(LIMIT, ())
                public["game_over"] = LIMIT
                return
            self.dice = sorted(DIE.roll(self.rng) for _ in range(self.dice_count))
            self.marked = []
            self.take_backs = TAKE_BACK_LIMIT
            public.setdefault("rolls", []).append([self.current, list(self.dice)])
            if self._legal(self.current) != [self.pass_turn]:
                return
            public.setdefault("passed", []).append(self.current)
            self._next_player()

    def _settle(self, public: dict[str, Any]) -> None:
        """No decision to ask: a player whose only legal action is the pass passes at once, and
        after the face's action a player who can evict nothing ends the turn at once."""
        if self.phase == ACT and self._legal(self.current) == [self.pass_turn]:
            public.setdefault("passed", []).append(self.current)
            self._end_turn(public)
        elif self.phase == AFTER and not self._evictions(self.current):
            self._end_turn(public)

    def _after_action(self, public: dict[str, Any]) -> None:
        """The face's action is done: the player may still evict, else the turn ends."""
        self.phase = AFTER
        self._settle(public)

    def _next_player(self) -> None:
        """The turn goes to the next player still in; the next turn has six dice again."""
        self.phase = ACT
        self.dice_count = DICE
        n = self.num_players
        for step in range(1, n + 1):
            seat = (self.current + step) % n
            if not self.out[seat]:
                self.current = seat
                return

    def _end_turn(self, public: dict[str, Any]) -> None:
        self._next_player()
        self._begin_turn(public)

    def _finish(self, ending: str, winners: tuple[int, ...]) -> None:
        self.phase = OVER
        self.ending = ending
        self.final = winners
        self.asking = []
        self.marked = []

    # ------------------------------------------------------------- conditions

    def count(self, face: int) -> int:
        return self.dice.count(face)

    def claim_open(self) -> bool:
        """⑤'s condition can be claimed: ⑤ is in the game and three regions are full and tied."""
        return self.five_in_play and full_and_tied(self.board) >= FULL_AND_TIED

    def condition(self, identity: int, seat: int) -> bool:
        """Whether ``identity``'s win condition holds for ``seat`` now."""
        board = self.board
        if identity == 1:
            humans, youkai = leads(board)
            return humans > youkai
        if identity == 2:
            humans, youkai = leads(board)
            return youkai > humans
        if identity == 3:
            mine = self.money[seat]
            return all(mine > self.money[o] for o in self.active() if o != seat)
        if identity == 4:
            return all(h == y for h, y in board)
        return full_and_tied(board) >= FULL_AND_TIED

    def face_actions(self, seat: int) -> list[Action]:
        """The faces' actions whose quantity can be met (an unmet one cannot be chosen)."""
        found: list[Action] = []
        ones = self.count(MONEY_FACE)
        if ones and self.money_supply >= ones:
            found.append(self.take_money)
        for r, face in enumerate(REGION_FACE):
            k = self.count(face)
            if not k:
                continue
            h, y = self.board[r]
            if h + y + k > CAPS[r]:
                continue
            found += [self.places[r][s] for s in (HUMAN, YOUKAI) if self.supply[s] >= k]
        sixes = self.count(STEAL_FACE)
        if sixes:
            found += [self.steals[o] for o in self.active() if o != seat and self.money[o] >= sixes]
        return found

    @staticmethod
    def face_of(action: Action) -> int:
        """The die face whose action ``action`` is (a face action: place, take or steal)."""
        if isinstance(action, Place):
            return REGION_FACE[REGION_INDEX[action.region]]
        return MONEY_FACE if isinstance(action, TakeMoney) else STEAL_FACE

    def can_swap(self) -> bool:
        return self.dice_count == DICE and any(self.count(face) >= SWAP_AT for face in range(1, 7))

    # ---------------------------------------------------------------- legality

    def _legal(self, seat: int) -> list[Action]:
        if self.phase == ASK:
            return [self.claim, self.let_pass]
        if self.marked:
            bribing = self.bribing if self.take_backs else self.bribing_firm
            return bribing.legal(self.marked, range(len(self.dice)))
        if self.phase == AFTER:
            actions = [*self._evictions(seat), self.end_turn]
            if self.claim_open():
                actions.append(self.claim)
            return actions
        actions = self.face_actions(seat) or [self.pass_turn]
        if self.can_swap():
            actions += [self.swaps[o] for o in self.active() if o != seat]
            if self.positions > self.num_players:
                actions.append(self.swap_spare)
        if self.money[seat]:
            actions += self._evictions(seat)
            actions += [self.bribing.pick[die] for die in range(len(self.dice))]
        if self.claim_open():
            actions.append(self.claim)
        return actions

    def _evictions(self, seat: int) -> list[Action]:
        """The evictions ``seat`` can pay for: one money, any chip on the board."""
        if not self.money[seat]:
            return []
        return [
            self.evicts[r][s]
            for r in range(len(REGIONS))
            for s in (HUMAN, YOUKAI)
            if self.board[r][s]
        ]

    @explains(Place)
    def _why_not_place(self, seat: int, action: Place) -> str:
        if action.region not in REGION_INDEX or action.side not in SIDE_INDEX:
            return f"there is no region {action.region!r} or side {action.side!r}"
        if self.marked:
            return "finish the bribe first: reroll the chosen dice or take them all back"
        r, s = REGION_INDEX[action.region], SIDE_INDEX[action.side]
        k = self.count(REGION_FACE[r])
        if not k:
            return f"no die shows {REGION_FACE[r]}, the face of {action.region}"
        if sum(self.board[r]) + k > CAPS[r]:
            return f"{k} more chips would pass {action.region}'s cap of {CAPS[r]}"
        return f"only {self.supply[s]} {action.side} chips are left, {k} are needed"

    @explains(TakeMoney)
    def _why_not_take(self, seat: int, action: TakeMoney) -> str:
        ones = self.count(MONEY_FACE)
        if not ones:
            return "no die shows 1"
        return f"only {self.money_supply} money chips are left, {ones} are needed"

    @explains(Steal)
    def _why_not_steal(self, seat: int, action: Steal) -> str:
        sixes = self.count(STEAL_FACE)
        if not sixes:
            return "no die shows 6"
        if not self._other_in(seat, action.target):
            return "steal from another player still in the game"
        return f"seat {action.target} holds {self.money[action.target]} money, {sixes} are needed"

    @explains(Swap)
    def _why_not_swap(self, seat: int, action: Swap) -> str:
        if not self.can_swap():
            return "a swap needs one face on at least four of six dice"
        if not self._other_in(seat, action.target):
            return "swap with another player still in the game"
        return "finish the bribe first"

    @explains(SwapSpare)
    def _why_not_swap_spare(self, seat: int, action: SwapSpare) -> str:
        if not self.can_swap():
            return "a swap needs one face on at least four of six dice"
        return "there is no spare identity card in this game"

    def _other_in(self, seat: int, target: int) -> bool:
        return 0 <= target < self.num_players and target != seat and not self.out[target]

    @explains(Pass)
    def _why_not_pass(self, seat: int, action: Pass) -> str:
        return "an action can be carried out, so one must be (passing is only for no action)"

    @explains(Evict)
    def _why_not_evict(self, seat: int, action: Evict) -> str:
        if not self.money[seat]:
            return "an eviction costs one money and you have none"
        if action.region not in REGION_INDEX or action.side not in SIDE_INDEX:
            return f"there is no region {action.region!r} or side {action.side!r}"
        return f"there is no {action.side} chip in {action.region} (or a bribe is being chosen)"

    @explains(MarkDie)
    def _why_not_mark(self, seat: int, action: MarkDie) -> str:
        if not self.money[seat]:
            return "a bribe costs one money and you have none"
        if not 0 <= action.die < len(self.dice):
            return f"there are only {len(self.dice)} dice"
        return "that die is already chosen"

    @explains(UnmarkDie)
    def _why_not_unmark(self, seat: int, action: UnmarkDie) -> str:
        if not self.take_backs:
            return f"you have taken back {TAKE_BACK_LIMIT} dice, the safety bound of one bribe"
        return "that die is not chosen"

    @explains(Reroll)
    def _why_not_reroll(self, seat: int, action: Reroll) -> str:
        return "choose at least one die to reroll first"

    @explains(Claim)
    def _why_not_claim(self, seat: int, action: Claim) -> str:
        if not self.five_in_play:
            return "⑤ is not in a three-player game"
        if self.marked:
            return "finish the bribe first"
        return f"only {full_and_tied(self.board)} regions are full and tied; ⑤ needs three"

    # ------------------------------------------------------------------- play

    @plays(Place)
    def _place(self, seat: int, action: Place) -> Outcome:
        r, s = REGION_INDEX[action.region], SIDE_INDEX[action.side]
        k = self.count(REGION_FACE[r])
        before = self.claim_open()
        self.board[r][s] += k
        self.supply[s] -= k
        public: dict[str, Any] = {"placed": k}
        if not self.supply[s]:
            self._end_by_supply(SIDES[s], public)
        elif not before and self.claim_open():
            self._ask(AFTER, public)
        else:
            self._after_action(public)
        return Outcome(public)

    @plays(TakeMoney)
    def _take(self, seat: int, action: TakeMoney) -> Outcome:
        k = self.count(MONEY_FACE)
        self.money[seat] += k
        self.money_supply -= k
        public: dict[str, Any] = {"took": k}
        if not self.money_supply:
            self._end_by_supply("money", public)
        else:
            self._after_action(public)
        return Outcome(public)

    @plays(Steal)
    def _steal(self, seat: int, action: Steal) -> Outcome:
        k = self.count(STEAL_FACE)
        self.money[action.target] -= k
        self.money[seat] += k
        public: dict[str, Any] = {"stole": k}
        self._after_action(public)
        return Outcome(public)

    @plays(Swap, SwapSpare)
    def _swap(self, seat: int, action: Swap | SwapSpare) -> Outcome:
        """Exchange cards; both sides of a swap know the card each gave and the one it got."""
        other = action.target if isinstance(action, Swap) else self.num_players
        ident = self.identity
        ident[seat], ident[other] = ident[other], ident[seat]
        for row in self.knows:
            row[seat], row[other] = row[other], row[seat]
        self.knows[seat][seat] = self.knows[seat][other] = 1
        if other < self.num_players:
            self.knows[other][other] = self.knows[other][seat] = 1
        private = {seat: {"got": ident[seat], "gave": ident[other]}}
        if other < self.num_players:
            private[other] = {"got": ident[other], "gave": ident[seat]}
        public: dict[str, Any] = {"swapped": [seat, other]}
        self.dice_count = SWAP_DICE
        self._begin_turn(public)
        return Outcome(public, private)

    @plays(Pass)
    def _pass(self, seat: int, action: Pass) -> Outcome:
        public: dict[str, Any] = {}
        self._end_turn(public)
        return Outcome(public)

    @plays(Evict)
    def _evict(self, seat: int, action: Evict) -> Outcome:
        r, s = REGION_INDEX[action.region], SIDE_INDEX[action.side]
        before = self.claim_open()
        self.board[r][s] -= 1
        self.supply[s] += 1
        self._spend(seat)
        public: dict[str, Any] = {}
        if not before and self.claim_open():
            self._ask(self.phase, public)
        else:
            self._settle(public)
        return Outcome(public)

    @plays(EndTurn)
    def _end(self, seat: int, action: EndTurn) -> Outcome:
        public: dict[str, Any] = {}
        self._end_turn(public)
        return Outcome(public)

    @plays(MarkDie)
    def _mark(self, seat: int, action: MarkDie) -> Outcome:
        self.marked.append(action.die)
        self.marked.sort()
        return Outcome(draft=True)

    @plays(UnmarkDie)
    def _unmark(self, seat: int, action: UnmarkDie) -> Outcome:
        self.marked.remove(action.die)
        self.take_backs -= 1
        return Outcome(draft=True)

    @plays(Reroll)
    def _reroll(self, seat: int, action: Reroll) -> Outcome:
        kept = [face for die, face in enumerate(self.dice) if die not in self.marked]
        rolled = [DIE.roll(self.rng) for _ in self.marked]
        self.dice = sorted(kept + rolled)
        self.marked = []
        self.take_backs = TAKE_BACK_LIMIT
        self._spend(seat)
        public: dict[str, Any] = {"kept": kept, "rolled": rolled, "dice": list(self.dice)}
        self._settle(public)
        return Outcome(public)

    def _spend(self, seat: int) -> None:
        """Money spent leaves the game (it never returns to the supply)."""
        self.money[seat] -= 1
        self.spent += 1

    @plays(Claim)
    def _claim(self, seat: int, action: Claim) -> Outcome:
        identity = self.identity[seat]
        public: dict[str, Any] = {"claim": identity}
        won = identity == HALF_PHANTOM
        self.claims.append([seat, identity, int(won)])
        self.shown[seat] = 1
        for row in self.knows:
            row[seat] = 1
        if won:
            self._finish(CLAIMED, (seat,))
            public["game_over"] = CLAIMED
            return Outcome(public)
        self.out[seat] = 1
        public["out"] = seat
        if not self.active():
            self._finish(EVERYONE_OUT, ())
            public["game_over"] = EVERYONE_OUT
        elif self.phase == ASK:
            self._next_asked(public)
        else:  # a false claim on one's own turn ends it
            self._end_turn(public)
        return Outcome(public)

    @plays(LetPass)
    def _let_pass(self, seat: int, action: LetPass) -> Outcome:
        public: dict[str, Any] = {}
        self._next_asked(public)
        return Outcome(public)

    def _ask(self, resume: str, public: dict[str, Any]) -> None:
        """Three regions just became full and tied: ask every player still in, the mover first."""
        n = self.num_players
        self.asking = [
            (self.current + step) % n
            for step in range(n)
            if not self.out[(self.current + step) % n]
        ]
        self.resume = resume
        self.phase = ASK
        public["asking"] = True

    def _next_asked(self, public: dict[str, Any]) -> None:
        self.asking.pop(0)
        if self.asking:
            return
        self.phase = self.resume
        if self.out[self.current]:
            self._end_turn(public)
        else:
            self._settle(public)

    def _end_by_supply(self, exhausted: str, public: dict[str, Any]) -> None:
        """A supply ran out: identities are revealed; the lowest-numbered met condition wins.

        With no condition met, the highest-numbered identity held by a player still in wins.
        """
        self.exhausted = exhausted
        players = self.active()
        self.met = [
            int(not self.out[seat] and self.condition(self.identity[seat], seat))
            for seat in range(self.num_players)
        ]
        winners = [seat for seat in players if self.met[seat]]
        pick = min if winners else max
        pool = winners or players
        winner = pick(pool, key=lambda seat: self.identity[seat])
        self._finish(SUPPLY_OUT, (winner,))
        public["game_over"] = SUPPLY_OUT
        public["supply_out"] = exhausted

    # ---------------------------------------------------- checks and positions

    def check_conservation(self) -> None:
        """Chips on the board and in the supply make the whole set; money is held, left or spent."""
        for side, total in enumerate(CHIPS):
            placed = sum(counts[side] for counts in self.board)
            expect(
                self.supply[side] >= 0 and placed + self.supply[side] == total,
                f"{SIDES[side]} chips: {placed} placed, {self.supply[side]} left",
            )
        for r, counts in enumerate(self.board):
            expect(min(counts) >= 0 and sum(counts) <= CAPS[r], f"{REGIONS[r]} holds {counts}")
        expect(min(self.money) >= 0 and self.money_supply >= 0, f"money {self.money}")
        expect(
            sum(self.money) + self.money_supply + self.spent == MONEY,
            f"money {self.money} + {self.money_supply} left + {self.spent} spent",
        )
        expect(
            sorted(self.identity) == list(identity_pool(self.num_players)),
            f"identities {self.identity}",
        )
        for seat, row in enumerate(self.knows):
            expect(row[seat] == 1, f"seat {seat} does not know its own card")
        if self.phase != OVER:
            expect(len(self.dice) == self.dice_count, f"dice {self.dice}")
            if self.phase in (ACT, AFTER):
                expect(not self.out[self.current], f"seat {self.current} is out but on turn")

    def arrange(
        self,
        board: Mapping[str, tuple[int, int]] | None = None,
        money: Mapping[int, int] | None = None,
        identities: Sequence[int] | None = None,
        dice: Sequence[int] | None = None,
        current: int | None = None,
        rolls: Sequence[int] | None = None,
        spent: int = 0,
    ) -> MoriyaWarsState:
        """Set up a position for a test or a puzzle, mid-turn before any money is spent.

        ``board`` gives (humans, youkai) per region id (others empty; the
        supply holds the rest); ``money`` each seat's chips (the supply holds
        the rest, less ``spent``); ``identities`` the card at every position
        (seats, then the spare); ``dice`` the current player's roll;
        ``rolls`` scripts every later die (a
        :class:`~bodoge.engine.kit.ScriptedRolls`; the record no longer
        replays).

        >>> from bodoge.games.moriya_wars import GAME
        >>> state = GAME.new_game(4, seed=1).arrange(
        ...     board={"hakurei": (1, 1)}, money={2: 3}, identities=[5, 1, 2, 3, 4],
        ...     dice=[2, 2, 2, 2, 5, 6], current=0)
        >>> state.supply, state.money_supply, state.can_swap()
        ([8, 8], 7, True)
        """
        if board is not None:
            self.board = [[0, 0] for _ in REGIONS]
            for region, (h, y) in board.items():
                self.board[REGION_INDEX[region]] = [h, y]
            self.supply = [
                total - sum(c[side] for c in self.board) for side, total in enumerate(CHIPS)
            ]
        if money is not None:
            self.money = [money.get(seat, 0) for seat in range(self.num_players)]
        self.spent = spent
        self.money_supply = MONEY - sum(self.money) - spent
        if identities is not None:
            self.identity = list(identities)
        if current is not None:
            self.current = current
        if dice is not None:
            self.dice = sorted(dice)
            self.dice_count = len(self.dice)
        self.marked = []
        self.phase = ACT
        if rolls is not None:
            self.rng = ScriptedRolls(rolls)  # type: ignore[assignment]
        self.check_conservation()
        return self

    # ------------------------------------------------------- hidden information

    def _redeal(self, seat: int | None, rng: Rng) -> None:
        """Deal afresh every identity card ``seat`` does not know (its own, the ones it swapped,
        the revealed ones stay); the next dice are the reseeded generator's."""
        if self.phase == OVER:
            return
        unknown = [
            p
            for p in range(self.positions)
            if not self.shown[p] and (seat is None or not self.knows[seat][p])
        ]
        cells = [[self.identity[p]] for p in unknown]
        redeal([Zone(cell) for cell in cells], rng)
        for p, cell in zip(unknown, cells, strict=True):
            self.identity[p] = cell[0]

    # ------------------------------------------------------------ scoring

    @property
    def scores(self) -> tuple[int, ...]:
        """1 for the winner, 0 for everyone else (and for everyone while the game goes on)."""
        return tuple(int(seat in self.final) for seat in range(self.num_players))

    @property
    def winners(self) -> tuple[int, ...]:
        return self.final

    @property
    def stopped(self) -> bool:
        """Stopped by the safety limit of ``TURN_LIMIT`` turns (no winner), not by a rule."""
        return self.ending == LIMIT

    def summary(self, lang: str = "en", names: Sequence[str] | None = None) -> list[str]:
        if self.phase != OVER:
            return []
        return summary_lines(self.view(None), lang, names)
