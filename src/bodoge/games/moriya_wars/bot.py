"""A heuristic Moriya Wars player that reads only its own view.

It knows its own identity card (and any card a swap showed it) and judges a
position by how close the board and the money are to that card's
condition:

* ① wants more regions led by humans than by youkai, ② the reverse; ③ the
  strictly largest purse; ④ every region tied; ⑤ three regions full and tied;
* each legal action is tried on a copy of the public numbers (chips placed,
  money taken or stolen, a chip evicted for one money) and the best change
  taken; money held counts a little for everyone (it buys evictions);
* ending the game (emptying a supply) is worth a lot when its own condition
  then holds and costs a lot when it does not;
* ⑤ claims the moment it may, and nobody else ever claims;
* after the face's action an eviction is bought only when the position it
  leaves is worth more than its money (the same valuation as before the
  action), else the turn is ended;
* a swap (four alike) is taken when the cards it could get are worth more on
  average than its own, judged the same way; a bribe rerolls every die when
  the best face's action would hurt it more than a money chip is worth.

Nothing here looks at hidden cards: the view is all it has.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import Action, State, Strategy
from .actions import (
    Claim,
    Evict,
    MarkDie,
    Place,
    Reroll,
    Steal,
    Swap,
    SwapSpare,
    TakeMoney,
)
from .data import (
    CAPS,
    CHIPS,
    FULL_AND_TIED,
    HALF_PHANTOM,
    MONEY,
    MONEY_FACE,
    REGION_FACE,
    REGIONS,
    STEAL_FACE,
)
from .rules import MoriyaWarsState, full_and_tied, identity_pool, leads

MONEY_WORTH = 0.1
"""What one money chip in hand is worth to an identity other than ③."""
ENDING = 10.0
"""What ending the game is worth when one's condition then holds (its loss otherwise)."""
PRESSURE = 3.0
"""How much a position nearer the end is worth when the bot would win it (its loss otherwise)."""
START = (*CHIPS, MONEY)
BALANCE = 1.0
"""What each region of lead for either side costs ③, ④ and ⑤ (a lead lets ① or ② win)."""
CLAIM_WORTH = 1000.0
"""Far above any standing: ⑤'s claim wins at once (and anyone else's puts them out)."""
VIEW_READ = ("you", "marked", "board", "players", "supply", "spare", "dice")
"""The fields of its view that the bot reads (the rest it need not build)."""
SWAP_MARGIN = 0.5
"""How much better the cards a swap may bring must look before the bot swaps."""


class Position:
    """The public numbers of a position, as the bot sees them, that actions change."""

    board: list[list[int]]
    money: list[int]
    out: list[bool]
    supply: list[int]
    _leads: tuple[int, int] | None

    def __init__(self, view: Mapping[str, Any]) -> None:
        self._leads = None
        self.board = [[c["human"], c["youkai"]] for c in view["board"]]
        self.money = [p["money"] for p in view["players"]]
        self.out = [p["out"] for p in view["players"]]
        supply = view["supply"]
        self.supply = [supply["human"], supply["youkai"], supply["money"]]

    def copy(self) -> Position:
        twin = object.__new__(Position)
        twin.board = [list(c) for c in self.board]
        twin.money = list(self.money)
        twin.out = list(self.out)
        twin.supply = list(self.supply)
        twin._leads = None
        return twin

    @property
    def over(self) -> bool:
        return min(self.supply) == 0

    @property
    def leads(self) -> tuple[int, int]:
        """:func:`leads` of the board, worked out once: a position is judged many times.

        A copy starts without it, since copies are changed before they are judged.
        """
        found = self._leads
        if found is None:
            found = self._leads = leads(self.board)
        return found

    def holds(self, identity: int, seat: int) -> bool:
        if identity == 3:
            mine = self.money[seat]
            return all(mine > m for o, m in enumerate(self.money) if o != seat and not self.out[o])
        if identity == 4:
            return all(h == y for h, y in self.board)
        if identity == 5:
            return full_and_tied(self.board) >= FULL_AND_TIED
        humans, youkai = self.leads
        return humans > youkai if identity == 1 else youkai > humans

    def progress(self, identity: int, seat: int) -> float:
        """How near ``identity``'s condition is for ``seat``: higher is nearer."""
        board = self.board
        humans, youkai = self.leads
        balance = -BALANCE * abs(humans - youkai)
        # a lead for either side lets ① or ② (lower numbers) beat ③, ④ and ⑤
        if identity in (1, 2):
            lead = humans - youkai if identity == 1 else youkai - humans
            margin = sum((h - y) if identity == 1 else (y - h) for h, y in board)
            return lead + 0.05 * margin + MONEY_WORTH * self.money[seat]
        if identity == 3:
            others = max(
                (m for o, m in enumerate(self.money) if o != seat and not self.out[o]), default=0
            )
            return float(self.money[seat] - others) + balance
        if identity == 4:
            return (
                -0.5 * sum(abs(h - y) for h, y in board) + balance + MONEY_WORTH * self.money[seat]
            )
        score = 0.0
        for (h, y), cap in zip(board, CAPS, strict=True):
            if h == y and h + y == cap:
                score += 1.0
            else:
                score += 0.3 * (min(h, y) * 2) / cap - 0.1 * abs(h - y)
        return score + balance + MONEY_WORTH * self.money[seat]

    def win_chance(self, identity: int, seat: int, others: Sequence[int]) -> float:
        """Roughly how likely ``identity`` wins if the game ended now.

        ``others`` are the cards the other players still in may hold.  A
        lower card whose condition holds beats ours; with no condition met
        at all the highest card held wins.
        """

        met = self._met_by_others(seat)
        if self.holds(identity, seat):
            return 0.35 if any(met[card] for card in others if card < identity) else 1.0
        if any(met[card] for card in others):
            return 0.0
        higher = sum(1 for card in others if card > identity)
        return 0.3 / higher if higher else 1.0

    def _met_by_others(self, seat: int) -> tuple[bool, ...]:
        """By card (index 1 to 5): whether its condition holds for another player who may hold
        it; all five at once, as a position is judged against every card in play."""
        humans, youkai = self.leads
        board = self.board
        richest = [o for o, gone in enumerate(self.out) if not gone]
        if richest:
            top = max(self.money[o] for o in richest)
            richest = [o for o in richest if self.money[o] == top]
        return (
            False,
            humans > youkai,
            youkai > humans,
            len(richest) == 1 and richest[0] != seat,  # ③: the strictly largest purse
            all(h == y for h, y in board),
            full_and_tied(board) >= FULL_AND_TIED,
        )

    def standing(self, identity: int, seat: int, others: Sequence[int]) -> float:
        """Progress, the end's verdict when the position ends the game, and the urge to end it."""
        value = self.progress(identity, seat)
        chance = self.win_chance(identity, seat, others)
        if self.over:
            return value + ENDING * (2 * chance - 1)
        closeness = max(1 - left / start for left, start in zip(self.supply, START, strict=True))
        return value + PRESSURE * (2 * chance - 1) * closeness


class HeuristicBot(Strategy):
    """Plays the best-valued legal action (ties broken at random).

    >>> import bodoge
    >>> state = bodoge.get_game("moriya-wars").new_game(4, seed=1)
    >>> HeuristicBot(2).choose(state, state.to_act[0]) in state.legal_actions(state.to_act[0])
    True
    """

    def values(self, state: State, seat: int, legal: list[Action]) -> list[float]:
        """Each action's standing after it, less the standing now; ⑤'s claim above all."""
        assert isinstance(state, MoriyaWarsState)
        view = state.view_part(seat, *VIEW_READ)
        me = view["you"]
        if view["marked"]:
            return [self._bribing_value(action) for action in legal]
        here = Position(view)
        others = self._others_cards(view, me)
        now = here.standing(me, seat, others)
        dice = view["dice"]
        return [
            self._claim_value(me)
            if isinstance(action, Claim)
            else self._value(view, here, seat, me, others, dice, action) - now
            for action in legal
        ]

    @staticmethod
    def _claim_value(me: int) -> float:
        """⑤ claims the moment it may; any other card never does (it would be out)."""
        return CLAIM_WORTH if me == HALF_PHANTOM else -CLAIM_WORTH

    @staticmethod
    def _bribing_value(action: Action) -> float:
        """Reroll every die: mark the rest, then roll; never take one back."""
        if isinstance(action, MarkDie):
            return 1.0
        return 0.0 if isinstance(action, Reroll) else -1.0

    def _value(
        self,
        view: Mapping[str, Any],
        here: Position,
        seat: int,
        me: int,
        others: Sequence[int],
        dice: Sequence[int],
        action: Action,
    ) -> float:
        after = here.copy()
        if isinstance(action, Place):
            r = REGIONS.index(action.region)
            k = dice.count(REGION_FACE[r])
            side = 0 if action.side == "human" else 1
            after.board[r][side] += k
            after.supply[side] -= k
            return after.standing(me, seat, others)
        if isinstance(action, TakeMoney):
            k = dice.count(MONEY_FACE)
            after.money[seat] += k
            after.supply[2] -= k
            return after.standing(me, seat, others)
        if isinstance(action, Steal):
            k = dice.count(STEAL_FACE)
            after.money[seat] += k
            after.money[action.target] -= k
            return after.standing(me, seat, others) + 0.05 * here.money[action.target]
        if isinstance(action, Evict):
            r = REGIONS.index(action.region)
            side = 0 if action.side == "human" else 1
            after.board[r][side] -= 1
            after.supply[side] += 1
            after.money[seat] -= 1
            return after.standing(me, seat, others) - 0.2
        if isinstance(action, (Swap, SwapSpare)):
            return self._swap_value(view, here, seat, me, others, action)
        if isinstance(action, MarkDie):
            return self._bribe_value(view, here, seat, me, others, dice)
        return here.standing(me, seat, others)  # pass, end turn, keep quiet: nothing changes

    @staticmethod
    def _others_cards(view: Mapping[str, Any], me: int) -> list[int]:
        """The cards the other players still in may hold, as far as this seat knows."""
        players = view["players"]
        known = [p["identity"] for p in players if p["identity"] is not None and not p["out"]]
        held = {p["identity"] for p in players if p["identity"] is not None}
        if view["spare"] is not None:
            held.add(view["spare"])
        unknown = [c for c in identity_pool(len(players)) if c not in held]
        return [c for c in known if c != me] + unknown

    def _swap_value(
        self,
        view: Mapping[str, Any],
        here: Position,
        seat: int,
        me: int,
        others: Sequence[int],
        action: Action,
    ) -> float:
        players = view["players"]
        known = {p["seat"]: p["identity"] for p in players if p["identity"] is not None}
        if view["spare"] is not None:
            known[len(players)] = view["spare"]
        position = action.target if isinstance(action, Swap) else len(players)
        if position in known:
            cards = [known[position]]
        else:
            cards = [c for c in identity_pool(len(players)) if c not in known.values()] or [me]
        hoped = sum(here.standing(c, seat, others) for c in cards) / len(cards)
        mine = here.standing(me, seat, others)
        return mine + (hoped - mine - SWAP_MARGIN) + 0.3

    def _bribe_value(
        self,
        view: Mapping[str, Any],
        here: Position,
        seat: int,
        me: int,
        others: Sequence[int],
        dice: Sequence[int],
    ) -> float:
        """Rerolling everything beats the best face only when that face would hurt."""
        if not view["players"][seat]["money"] or dice != sorted(dice):
            return -100.0
        return here.standing(me, seat, others) - 0.6 - MONEY_WORTH
