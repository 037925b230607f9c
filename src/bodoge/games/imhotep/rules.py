"""The rules of Imhotep: stones from quarry to sled, sled to ship, ship to site.

A game is six rounds.  Each round a round card gives four ships and the
market shows four cards; players take turns, each doing one of: take stones,
place a stone on a ship, sail a ship (that carries its minimum) to a free
site, or play a blue card.  A sailed ship unloads at once, bow first; what a
stone does there depends on the site and its side.  When the fourth ship has
sailed the Temple scores, the market is cleared, and the player after the
one who sailed last starts the next round.

Everything a turn sets off (unloading stone by stone, a market card for each
stone, a red card's stone, a Lever's order, the stones of a Hammer, Sail or
Chisel, the bonuses of the B sides) is a stack of small *tasks* (``tasks``:
``[code, seat, a]`` lists, the last one next).  :meth:`_run` carries them out
until one needs somebody's decision, which then sets ``phase`` and
``decider``; the decision's handler goes on with the stack.  See the package
docstring for the rulings applied.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ...engine import Action, Outcome, Rng
from ...engine.kit import Phase, Rules, Zone, counted, draw, expect, explains, plays, redeal
from .actions import (
    ChoosePyramid,
    KeepCard,
    PlaceStone,
    PlayCard,
    SailShip,
    TakeCard,
    TakeStones,
    TempleReward,
    UnloadNext,
)
from .data import (
    BLUE,
    BLUE_UNUSED,
    BURIAL,
    BURIAL_B_POINTS,
    BURIAL_ROWS,
    CARDS,
    DECO_PER,
    DECO_SITE,
    GROUP_EXTRA,
    GROUP_POINTS,
    MARKET,
    MARKET_B_PAIR,
    MARKET_DECK,
    MARKET_ROW,
    OBELISK,
    OBELISK_A_POINTS,
    OBELISK_B_LEFTOVER,
    OBELISK_B_TOWER,
    OBELISK_B_TOWERS,
    PYRAMID,
    PYRAMID_A_POINTS,
    PYRAMID_B_COUNT,
    PYRAMID_B_SQUARES,
    PYRAMID_EXTRA,
    QUARRY,
    RED_SITE,
    ROUND_CARDS,
    ROUNDS,
    SHIP_MINIMUM,
    SHIPS_PER_ROUND,
    SITES,
    SLED_CAPACITY,
    START_SLED,
    TAKE,
    TEMPLE,
    TEMPLE_B_BONUSES,
    TEMPLE_B_DRAW,
    TEMPLE_B_STONES,
    TEMPLE_WIDTH,
    WRATH_PENALTY,
)
from .text import summary_lines
from .vocabulary import CATEGORIES, PHASES

TURN, MARKET_PICK, KEEP, ORDER, LEVER_SAIL, SAIL_AFTER, SHIP, PYRAMID_PICK, TEMPLE_PICK, OVER = (
    PHASES
)
SITE_INDEX = {site: s for s, site in enumerate(SITES)}
CARD_INDEX = {card: c for c, card in enumerate(CARDS)}
RED = frozenset(CARD_INDEX[c] for c in RED_SITE)
BLUE_INDEX = tuple(CARD_INDEX[c] for c in BLUE)
LEVER, HAMMER, SAIL, CHISEL = BLUE_INDEX
BUILDING = (PYRAMID, TEMPLE, BURIAL, OBELISK)
"""The four sites that keep stones (Pharaoh's wrath asks for one on each)."""
CAT = {name: i for i, name in enumerate(CATEGORIES)}
STATUE = CARD_INDEX["statue"]

# Task codes: [code, seat, argument]
(
    UNLOAD,
    DELIVER,
    RED_STONE,
    DRAW,
    TAKE_STONES,
    SHIP_STONE,
    SAIL_ON,
    CHOOSE_PYRAMID,
    TEMPLE_CHOICE,
) = range(9)


def group_points(size: int) -> int:
    """A Burial Chamber A group of ``size`` stones, or ``size`` statues.

    >>> [group_points(k) for k in range(1, 8)]
    [1, 3, 6, 10, 15, 17, 19]
    """
    if size < len(GROUP_POINTS):
        return GROUP_POINTS[size]
    return GROUP_POINTS[-1] + GROUP_EXTRA * (size - len(GROUP_POINTS) + 1)


def ranked_points(counts: Sequence[int], table: Sequence[int]) -> list[int]:
    """Points by rank of ``counts`` (most first); tied places share their sum, rounded down.

    A player with nothing scores nothing.

    >>> ranked_points([5, 5, 2], (12, 6, 1))
    [9, 9, 1]
    >>> ranked_points([3, 0, 3, 1], (15, 10, 5, 1))
    [12, 0, 12, 5]
    """
    points = [0] * len(counts)
    place = 0
    for height in sorted({c for c in counts if c > 0}, reverse=True):
        tied = [seat for seat, c in enumerate(counts) if c == height]
        shared = sum(table[place + k] if place + k < len(table) else 0 for k in range(len(tied)))
        for seat in tied:
            points[seat] = shared // len(tied)
        place += len(tied)
    return points


def burial_groups(stones: Sequence[int]) -> list[tuple[int, int]]:
    """(owner, size) of each orthogonally connected group in a chamber filled column by column.

    >>> burial_groups([0, 0, 1, 0, 1, 1])
    [(0, 3), (1, 3)]
    """
    seen = [False] * len(stones)
    groups = []
    for start, owner in enumerate(stones):
        if seen[start]:
            continue
        seen[start] = True
        todo, size = [start], 0
        while todo:
            i = todo.pop()
            size += 1
            row, col = i % BURIAL_ROWS, i // BURIAL_ROWS
            for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
                j = c * BURIAL_ROWS + r
                inside = 0 <= r < BURIAL_ROWS and 0 <= j < len(stones) and c >= 0
                if inside and not seen[j] and stones[j] == owner:
                    seen[j] = True
                    todo.append(j)
        groups.append((owner, size))
    return groups


@functools.lru_cache(maxsize=1 << 12)
def burial_a_points(stones: tuple[int, ...], players: int) -> tuple[int, ...]:
    """Burial Chamber A: each seat's points for its groups."""
    points = [0] * players
    for owner, size in burial_groups(stones):
        points[owner] += group_points(size)
    return tuple(points)


@functools.lru_cache(maxsize=1 << 12)
def burial_b_points(stones: tuple[int, ...], players: int) -> tuple[int, ...]:
    """Burial Chamber B: each seat's points for its rank in each row."""
    points = [0] * players
    for row in range(BURIAL_ROWS):
        counts = [0] * players
        for seat in stones[row::BURIAL_ROWS]:
            counts[seat] += 1
        for seat, gained in enumerate(ranked_points(counts, BURIAL_B_POINTS)):
            points[seat] += gained
    return tuple(points)


@functools.lru_cache(maxsize=1 << 12)
def obelisk_a_points(heights: tuple[int, ...]) -> tuple[int, ...]:
    """Obelisk A: each seat's points for its tower's rank."""
    return tuple(ranked_points(heights, OBELISK_A_POINTS[len(heights)]))


def card_points(
    hand: Sequence[int], decorations: Sequence[tuple[int, int]]
) -> tuple[int, int, int]:
    """A hand's points at the end: unused blue cards, green decorations, purple statues."""
    blue = 0
    for card in BLUE_INDEX:
        blue += hand[card]
    green = 0
    for card, worth in decorations:
        green += hand[card] * worth
    statues = hand[STATUE]
    return BLUE_UNUSED * blue, green, group_points(statues) if statues else 0


class ImhotepState(Rules):
    """A game of Imhotep in progress."""

    PHASES: ClassVar[Mapping[str, Phase]] = {
        TURN: Phase(
            (TakeStones, PlaceStone, SailShip, PlayCard),
            "it is your turn: take stones, place a stone, sail a ship or play a blue card",
        ),
        MARKET_PICK: Phase((TakeCard,), "your stone reached the market: take a card"),
        KEEP: Phase((KeepCard,), "you are looking at the face-down pair: keep one"),
        ORDER: Phase((UnloadNext,), "your Lever: choose the stone that unloads next"),
        LEVER_SAIL: Phase((SailShip,), "your Lever: sail a ship that may sail"),
        SAIL_AFTER: Phase((SailShip,), "your Sail: sail the ship you loaded"),
        SHIP: Phase((PlaceStone,), "place a stone from your sled on a ship"),
        PYRAMID_PICK: Phase((ChoosePyramid,), "choose the small pyramid for your stone"),
        TEMPLE_PICK: Phase((TempleReward,), "choose the Temple reward: a point or stones"),
    }

    sides: tuple[str, ...]
    quarry: list[int]
    sled: list[int]
    points: list[list[int]]
    hands: list[list[int]]
    round_deck: list[int]
    set_aside: list[int]
    ship_sizes: list[int]
    cargo: list[list[int]]
    ship_site: list[int]
    market_deck: list[int]
    row: list[int]
    pair: list[int]
    peek: list[int]
    discard: list[int]
    pyramid: list[int]
    small: list[list[int]]
    temple: list[int]
    burial: list[int]
    obelisk: list[int]
    towers: list[int]
    tasks: list[list[int]]
    carried: list[int]
    unload: list[int]
    final_points: list[list[int]]

    def _setup(self) -> None:  # noqa: PLR0915 (the whole table, laid out once)
        n = self.num_players
        table = self.table()
        self.a_take = table.one(TakeStones)
        self.a_place = table.of(PlaceStone)
        self.a_sail = table.of(SailShip)
        self.a_play = table.of(PlayCard)
        self.a_take_card = table.of(TakeCard)
        self.a_keep = table.of(KeepCard)
        self.a_unload = table.of(UnloadNext)
        self.a_pyramid = table.of(ChoosePyramid)
        self.a_reward = table.of(TempleReward)
        self.sides = self._choose_sides()
        self.wrath = bool(self.options["wrath"])
        self.width = TEMPLE_WIDTH[n]
        self.quarry = [QUARRY - START_SLED[k] for k in range(n)]
        self.sled = list(START_SLED[:n])
        self.points = [[0] * len(CATEGORIES) for _ in range(n)]
        """Points so far per seat and :data:`~.vocabulary.CATEGORIES` (the end adds the rest)."""
        self.final_points = []
        self.hands = [[0] * len(CARDS) for _ in range(n)]
        """Market cards each seat holds (green, purple, unused blue), by kind: public."""
        cards = list(range(len(ROUND_CARDS[n])))
        self.rng.shuffle(cards)
        self.set_aside = [cards.pop()]
        """The round card returned to the box unseen."""
        self.round_deck = cards
        """The round cards still to come (hidden); the next is the end."""
        self.market_deck = list(MARKET_DECK)
        self.rng.shuffle(self.market_deck)
        self.discard = []
        self.row, self.pair, self.peek = [], [], []
        self.pyramid = []
        """Pyramid A: the owner of each stone in placement order (beyond 14: beside it).
        Pyramid B: the stones beside the three complete small pyramids."""
        self.small = [[] for _ in range(PYRAMID_B_COUNT)]
        self.temple, self.burial = [], []
        self.obelisk = [0] * n
        """Obelisk A: each tower's height.  Obelisk B: each colour space's stones."""
        self.towers = []
        """Obelisk B: the owner of each tower built, left to right."""
        self.tasks, self.unload = [], []
        self.carried = [0] * n
        """Stones on their way to Pyramid B, waiting for their owner to pick a pyramid."""
        self.round = 0
        self.start = 0
        self.current = 0
        self.decider = -1
        self.lever = -1
        """The seat whose Lever orders the ship now unloading (-1: bow first)."""
        self.ship = -1
        """The ship now unloading (-1: none)."""
        self.last_sailer = n - 1
        self.waiting = []
        """The task waiting for the decision now asked for."""
        self.phase = TURN
        self._start_round({})

    def _choose_sides(self) -> tuple[str, ...]:
        mode = self.options["sides"]
        if mode in ("A", "B"):
            return (str(mode),) * len(SITES)
        if mode == "random":
            return tuple(self.rng.choice("AB") for _ in SITES)
        return tuple(str(self.options[f"{site}_side"]) for site in SITES)

    def side(self, site: int) -> str:
        return self.sides[site]

    # ------------------------------------------------------------ rounds

    def _start_round(self, public: dict[str, Any]) -> None:
        self.round += 1
        card = ROUND_CARDS[self.num_players][self.round_deck.pop()]
        self.ship_sizes = list(card)
        self.cargo = [[-1] * size for size in card]
        self.ship_site = [-1] * SHIPS_PER_ROUND
        faces = MARKET_ROW - (1 if self.side(MARKET) == "B" else 0)
        self.row = draw(self.market_deck, faces)
        self.row += [-1] * (MARKET_ROW - len(self.row))
        self.pair = draw(self.market_deck, MARKET_B_PAIR) if self.side(MARKET) == "B" else []
        self.pair.sort()
        self.start = self.current = (self.last_sailer + 1) % self.num_players
        self.phase = TURN
        self.decider = self.current
        if not self._can_act(self.current):
            self._end_turn(public)

    def _end_round(self, public: dict[str, Any]) -> None:
        """The Temple scores its visible stones; ships and market are cleared."""
        visible = self.temple[-self.width :] if self.temple else []
        scored = [0] * self.num_players
        for seat in visible:
            scored[seat] += 1
            self.points[seat][CAT["temple"]] += 1
        public.setdefault("temple_scored", []).append(scored)
        for ship, slots in enumerate(self.cargo):
            for seat in slots:  # only a ship that never sailed still carries stones
                if seat >= 0:
                    self.quarry[seat] += 1
            self.cargo[ship] = [-1] * len(slots)
        self.discard += [card for card in self.row if card >= 0] + self.pair
        self.row, self.pair = [-1] * MARKET_ROW, []
        public["round_over"] = self.round
        if self.round >= ROUNDS:
            self._finish(public)
        else:
            self._start_round(public)
            public["round_card"] = list(self.ship_sizes)
            public["market"] = [CARDS[c] if c >= 0 else None for c in self.row]

    def _finish(self, public: dict[str, Any]) -> None:
        self.final_points = self.end_points()
        self.phase = OVER
        self.decider = self.current = -1
        public["game_over"] = True

    # ------------------------------------------------------------ turn order

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.phase == OVER:
            return ()
        return (self.decider,)

    def _end_turn(self, public: dict[str, Any]) -> None:
        """The turn is over: the round ends with the last ship, else the next player acts.

        A player with no legal action is passed over; if nobody has one (every
        quarry and sled empty, no ship able to sail), the round ends (ruling).
        """
        n = self.num_players
        if all(site >= 0 for site in self.ship_site):
            self.last_sailer = self.current
            self._end_round(public)
            return
        for step in range(1, n + 1):
            seat = (self.current + step) % n
            if self._can_act(seat):
                self.current = self.decider = seat
                self.phase = TURN
                return
        public["stuck"] = True
        self.last_sailer = self.current
        self._end_round(public)

    # ------------------------------------------------------------ legality

    def free_slots(self) -> list[tuple[int, int]]:
        return [
            (ship, slot)
            for ship, slots in enumerate(self.cargo)
            if self.ship_site[ship] < 0
            for slot, seat in enumerate(slots)
            if seat < 0
        ]

    def loaded(self, ship: int) -> int:
        return sum(1 for seat in self.cargo[ship] if seat >= 0)

    def can_sail(self, ship: int) -> bool:
        return self.ship_site[ship] < 0 and self.loaded(ship) >= SHIP_MINIMUM[self.ship_sizes[ship]]

    def free_sites(self) -> list[int]:
        taken = set(self.ship_site)
        return [site for site in range(len(SITES)) if site not in taken]

    def _sails(self, ships: Sequence[int]) -> list[Action]:
        sail = self.a_sail
        free = self.free_sites()
        return [sail[ship, SITES[site]] for ship in ships if self.can_sail(ship) for site in free]

    def _places(self, seat: int) -> list[Action]:
        if not self.sled[seat]:
            return []
        place = self.a_place
        return [place[ship, slot] for ship, slot in self.free_slots()]

    def _can_take(self, seat: int) -> bool:
        return self.sled[seat] < SLED_CAPACITY and self.quarry[seat] > 0

    def playable(self, seat: int, card: int) -> bool:
        """Whether a blue card does anything now."""
        if not self.hands[seat][card]:
            return False
        sails = any(self.can_sail(ship) for ship in range(SHIPS_PER_ROUND))
        return self._does_something(card, sails, bool(self.free_slots()), seat)

    def _does_something(self, card: int, sails: bool, slots: bool, seat: int) -> bool:
        """Whether a blue card in hand does anything, given whether a ship may sail and
        whether a slot is free."""
        if card == LEVER:
            return sails
        can_place = bool(self.sled[seat]) and slots
        if card == HAMMER:
            return can_place or (self._can_take(seat) and slots)
        return can_place

    def _can_act(self, seat: int) -> bool:
        """Whether ``seat`` has a turn action: taking stones, nearly always, is checked first."""
        return self._can_take(seat) or bool(self._turn_actions(seat))

    def _turn_actions(self, seat: int) -> list[Action]:
        """Take, place, sail, play a card: what each needs is worked out once (a playout's
        every move lists them)."""
        actions: list[Action] = [self.a_take] if self._can_take(seat) else []
        slots = self.free_slots()
        if self.sled[seat]:
            place = self.a_place
            actions += [place[ship, slot] for ship, slot in slots]
        sailable = [ship for ship in range(SHIPS_PER_ROUND) if self.can_sail(ship)]
        if sailable:
            actions += self._sails(sailable)
        hand, play = self.hands[seat], self.a_play
        actions += [
            play[CARDS[c]]
            for c in BLUE_INDEX
            if hand[c] and self._does_something(c, bool(sailable), bool(slots), seat)
        ]
        return actions

    def _legal(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == TURN:
            return self._turn_actions(seat)
        if phase == MARKET_PICK:
            take = self.a_take_card
            found: list[Action] = [take[s] for s, card in enumerate(self.row) if card >= 0]
            if self.pair:
                found.append(take[MARKET_ROW - 1])
            return found
        if phase == KEEP:
            keep = self.a_keep
            return [keep[CARDS[c]] for c in sorted(set(self.peek))]
        if phase == ORDER:
            unload = self.a_unload
            return [unload[slot] for slot in self.unload]
        if phase == LEVER_SAIL:
            return self._sails(range(SHIPS_PER_ROUND))
        if phase == SAIL_AFTER:
            return self._sails([self.tasks_arg])
        if phase == SHIP:
            return self._places(seat)
        if phase == PYRAMID_PICK:
            choose = self.a_pyramid
            return [choose[p] for p in self.open_pyramids()]
        if phase == TEMPLE_PICK:
            return [self.a_reward["point"], self.a_reward["stones"]]
        return []

    def open_pyramids(self) -> list[int]:
        return [p for p, stones in enumerate(self.small) if len(stones) < len(PYRAMID_B_SQUARES)]

    @explains(TakeStones)
    def _why_not_take(self, seat: int, action: TakeStones) -> str:
        if self.sled[seat] >= SLED_CAPACITY:
            return "your sled is full (5 stones)"
        return "your quarry is empty"

    @explains(PlaceStone)
    def _why_not_place(self, seat: int, action: PlaceStone) -> str:
        if not self.sled[seat]:
            return "your sled is empty"
        if not (0 <= action.ship < len(self.cargo)) or not (
            0 <= action.slot < len(self.cargo[action.ship])
        ):
            return f"ship {action.ship + 1} has no space {action.slot + 1} this round"
        if self.ship_site[action.ship] >= 0:
            return f"ship {action.ship + 1} has sailed"
        return f"space {action.slot + 1} of ship {action.ship + 1} is taken"

    @explains(SailShip)
    def _why_not_sail(self, seat: int, action: SailShip) -> str:
        ship = action.ship
        if self.phase == SAIL_AFTER and ship != self.tasks_arg:
            return f"the Sail sails the ship you loaded (ship {self.tasks_arg + 1})"
        if not 0 <= ship < SHIPS_PER_ROUND or self.ship_site[ship] >= 0:
            return f"ship {ship + 1} is not in port"
        if not self.can_sail(ship):
            need = SHIP_MINIMUM[self.ship_sizes[ship]]
            return f"ship {ship + 1} needs {need} stones to sail (it has {self.loaded(ship)})"
        return f"a ship is already at the {action.site}"

    @explains(PlayCard)
    def _why_not_play(self, seat: int, action: PlayCard) -> str:
        if action.card not in BLUE:
            return f"only blue cards are played; {action.card!r} is not one"
        if not self.hands[seat][CARD_INDEX[action.card]]:
            return f"you hold no {action.card}"
        return f"the {action.card} would do nothing now"

    @explains(TakeCard)
    def _why_not_take_card(self, seat: int, action: TakeCard) -> str:
        return f"market space {action.slot + 1} is empty"

    # ------------------------------------------------------------ play

    @property
    def tasks_arg(self) -> int:
        """The argument of the task now waiting for a decision (the Sail's ship)."""
        return self.waiting[2] if self.waiting else -1

    waiting: list[int]

    def _push(self, *tasks: list[int]) -> None:
        """Queue ``tasks`` to run next, the first given first."""
        self.tasks += reversed(tasks)

    def _run(self, public: dict[str, Any]) -> None:
        """Carry out tasks until one needs a decision; with none left, the turn ends."""
        while self.tasks:
            task = self.tasks.pop()
            if self._do(task, public):
                self.waiting = task
                return
        self.waiting = []
        self.decider = self.current
        self.phase = TURN
        self.lever = self.ship = -1
        self._end_turn(public)

    def _ask(self, phase: str, seat: int) -> bool:
        self.phase, self.decider = phase, seat
        return True

    def _do(self, task: list[int], public: dict[str, Any]) -> bool:
        """One task; True when it waits for a decision (``phase`` and ``decider`` set)."""
        code, seat, arg = task
        if code == UNLOAD:
            if not self.unload:
                return False
            if self.lever >= 0 and len(self.unload) > 1:
                return self._ask(ORDER, self.lever)
            self._unload_slot(self.unload[0])
            return False
        if code == DELIVER:
            return self._deliver(seat, arg, public)
        if code == RED_STONE:
            if self.quarry[seat]:
                self.quarry[seat] -= 1
                return self._deliver(seat, arg, public)
            public.setdefault("no_stone", []).append(seat)
            return False
        if code == DRAW:
            drawn = draw(self.market_deck, 1)
            if drawn:
                public.setdefault("drew", []).append([seat, CARDS[drawn[0]]])
                self._gain_card(seat, drawn[0])
            return False
        if code == TAKE_STONES:
            self._take(seat, arg)
            return False
        if code == SHIP_STONE:
            return bool(self._places(seat)) and self._ask(SHIP, seat)
        if code == SAIL_ON:
            return self.can_sail(arg) and self._ask(SAIL_AFTER, seat)
        if code == CHOOSE_PYRAMID:
            open_ = self.open_pyramids()
            if len(open_) > 1:
                return self._ask(PYRAMID_PICK, seat)
            self._build_small(seat, open_[0])
            return False
        assert code == TEMPLE_CHOICE
        return self._ask(TEMPLE_PICK, seat)

    def _take(self, seat: int, most: int) -> int:
        moved = min(most, self.quarry[seat], SLED_CAPACITY - self.sled[seat])
        self.quarry[seat] -= moved
        self.sled[seat] += moved
        return moved

    def _gain_card(self, seat: int, card: int) -> None:
        """A card comes to ``seat``: a red one places its stone at once and is discarded."""
        if card in RED:
            self.discard.append(card)
            self._push([RED_STONE, seat, RED_SITE[CARDS[card]]])
        else:
            self.hands[seat][card] += 1

    def _unload_slot(self, slot: int) -> None:
        owner = self.cargo[self.ship][slot]
        self.cargo[self.ship][slot] = -1
        self.unload.remove(slot)
        self._push([DELIVER, owner, self.ship_site[self.ship]], [UNLOAD, -1, 0])

    def _deliver(self, seat: int, site: int, public: dict[str, Any]) -> bool:
        """A stone of ``seat`` arrives at ``site``; True if its owner must decide something."""
        b_side = self.side(site) == "B"
        if site == MARKET:
            self.quarry[seat] += 1  # the stone goes home; its owner takes a card
            return (
                self._ask(MARKET_PICK, seat)
                if any(c >= 0 for c in self.row) or self.pair
                else False
            )
        if site == PYRAMID:
            if not b_side:
                index = len(self.pyramid)
                self.pyramid.append(seat)
                gained = PYRAMID_A_POINTS[index] if index < len(PYRAMID_A_POINTS) else PYRAMID_EXTRA
                self.points[seat][CAT["pyramid"]] += gained
                return False
            if not self.open_pyramids():
                self.pyramid.append(seat)
                self.points[seat][CAT["pyramid"]] += PYRAMID_EXTRA
                return False
            self.carried[seat] += 1
            self._push([CHOOSE_PYRAMID, seat, 0])
            return False
        if site == TEMPLE:
            self.temple.append(seat)
            index = len(self.temple) - 1
            if b_side and index < self.width:
                bonuses = TEMPLE_B_BONUSES.get(index, ())
                if index == self.width - 1:
                    bonuses += (TEMPLE_B_DRAW,)
                self._temple_bonuses(seat, bonuses)
            return False
        if site == BURIAL:
            self.burial.append(seat)
            return False
        assert site == OBELISK
        self.obelisk[seat] += 1
        if b_side and self.obelisk[seat] == OBELISK_B_TOWER:
            self.obelisk[seat] = 0
            space = len(self.towers)
            self.towers.append(seat)
            value = OBELISK_B_TOWERS[min(space, len(OBELISK_B_TOWERS) - 1)]
            self.points[seat][CAT["obelisk"]] += value
            public.setdefault("tower", []).append([seat, value])
        return False

    def _temple_bonuses(self, seat: int, bonuses: tuple[str, ...]) -> None:
        tasks = []
        for bonus in bonuses:
            if bonus == "points2":
                self.points[seat][CAT["temple"]] += 2
            elif bonus == "point_or_stones":
                tasks.append([TEMPLE_CHOICE, seat, 0])
            else:
                tasks.append([DRAW, seat, 0])
        self._push(*tasks)

    def _build_small(self, seat: int, pyramid: int) -> None:
        self.carried[seat] -= 1
        stones = self.small[pyramid]
        bonus, gained = PYRAMID_B_SQUARES[len(stones)]
        stones.append(seat)
        self.points[seat][CAT["pyramid"]] += gained
        if bonus == "draw":
            self._push([DRAW, seat, 0])
        elif bonus == "take":
            self._push([TAKE_STONES, seat, TAKE])
        elif bonus == "ship":
            self._push([SHIP_STONE, seat, 0])

    def _sail(self, ship: int, site: int, lever: int, public: dict[str, Any]) -> None:
        self.ship_site[ship] = site
        self.ship = ship
        self.lever = lever
        self.unload = [slot for slot, seat in enumerate(self.cargo[ship]) if seat >= 0]
        public["sailed"] = {"ship": ship, "site": SITES[site]}
        self._push([UNLOAD, -1, 0])

    def _outcome(self, public: dict[str, Any]) -> Outcome | None:
        self._run(public)
        return Outcome(public) if public else None

    @plays(TakeStones)
    def _take_stones(self, seat: int, action: TakeStones) -> Outcome | None:
        public: dict[str, Any] = {"took": self._take(seat, TAKE)}
        return self._outcome(public)

    @plays(PlaceStone)
    def _place_stone(self, seat: int, action: PlaceStone) -> Outcome | None:
        self.sled[seat] -= 1
        self.cargo[action.ship][action.slot] = seat
        if self.phase == SHIP and self.waiting[2] == SAIL:
            self._push([SAIL_ON, seat, action.ship])
        return self._outcome({})

    @plays(SailShip)
    def _sail_ship(self, seat: int, action: SailShip) -> Outcome | None:
        public: dict[str, Any] = {}
        lever = seat if self.phase == LEVER_SAIL else -1
        self._sail(action.ship, SITE_INDEX[action.site], lever, public)
        return self._outcome(public)

    @plays(PlayCard)
    def _play_card(self, seat: int, action: PlayCard) -> Outcome | None:
        card = CARD_INDEX[action.card]
        self.hands[seat][card] -= 1
        self.discard.append(card)
        public: dict[str, Any] = {}
        if card == LEVER:
            self.phase = LEVER_SAIL
            self.waiting = [SAIL_ON, seat, -1]
            return Outcome(public)
        if card == HAMMER:
            public["took"] = self._take(seat, TAKE)
            self._push([SHIP_STONE, seat, HAMMER])
        elif card == SAIL:
            self._push([SHIP_STONE, seat, SAIL])
        else:
            self._push([SHIP_STONE, seat, CHISEL], [SHIP_STONE, seat, CHISEL])
        return self._outcome(public)

    @plays(TakeCard)
    def _take_card(self, seat: int, action: TakeCard) -> Outcome | None:
        slot = action.slot
        if self.row[slot] < 0:  # the face-down pair
            self.peek, self.pair = self.pair, []
            self.phase = KEEP
            shown = [CARDS[c] for c in self.peek]
            return Outcome({"pair": True}, {seat: {"looked_at": shown}})
        card = self.row[slot]
        self.row[slot] = -1
        self._gain_card(seat, card)
        return self._outcome({"card": CARDS[card]})

    @plays(KeepCard)
    def _keep_card(self, seat: int, action: KeepCard) -> Outcome | None:
        kept = CARD_INDEX[action.card]
        other = list(self.peek)
        other.remove(kept)
        self.peek = []
        self.discard += other
        self._gain_card(seat, kept)
        return self._outcome({"discarded": [CARDS[c] for c in other]})

    @plays(UnloadNext)
    def _unload_next(self, seat: int, action: UnloadNext) -> Outcome | None:
        self._unload_slot(action.slot)
        return self._outcome({})

    @plays(ChoosePyramid)
    def _choose_pyramid(self, seat: int, action: ChoosePyramid) -> Outcome | None:
        self._build_small(seat, action.pyramid)
        return self._outcome({})

    @plays(TempleReward)
    def _temple_reward(self, seat: int, action: TempleReward) -> Outcome | None:
        public: dict[str, Any] = {}
        if action.reward == "point":
            self.points[seat][CAT["temple"]] += 1
        else:
            public["took"] = self._take(seat, TEMPLE_B_STONES)
        return self._outcome(public)

    # ------------------------------------------------------------ scoring

    def site_stones(self, site: int) -> int:
        """Stones of every colour on a site (what a green card counts)."""
        if site == PYRAMID:
            return len(self.pyramid) + sum(len(s) for s in self.small)
        if site == TEMPLE:
            return len(self.temple)
        if site == BURIAL:
            return len(self.burial)
        return sum(self.obelisk) + OBELISK_B_TOWER * len(self.towers)

    def has_stone(self, seat: int, site: int) -> bool:
        if site == PYRAMID:
            return seat in self.pyramid or any(seat in s for s in self.small)
        if site == TEMPLE:
            return seat in self.temple
        if site == BURIAL:
            return seat in self.burial
        return self.obelisk[seat] > 0 or seat in self.towers

    def end_points(self) -> list[list[int]]:
        """Every seat's points by category, as if the game ended now.

        Bots judge thousands of positions a game, so the sites' scores come
        from caches keyed by their stones (a chamber or the towers recur).
        """
        n = self.num_players
        result = [list(row) for row in self.points]
        burial = CAT["burial"]
        if self.side(BURIAL) == "A":
            gained_by = burial_a_points(tuple(self.burial), n)
        else:
            gained_by = burial_b_points(tuple(self.burial), n)
        for seat, gained in enumerate(gained_by):
            result[seat][burial] += gained
        obelisk = CAT["obelisk"]
        if self.side(OBELISK) == "A":
            for seat, gained in enumerate(obelisk_a_points(tuple(self.obelisk))):
                result[seat][obelisk] += gained
        else:
            for seat in range(n):
                result[seat][obelisk] += OBELISK_B_LEFTOVER * self.obelisk[seat]
        decorations = self.decorations()
        blue, green, purple, wrath = CAT["blue"], CAT["green"], CAT["purple"], CAT["wrath"]
        for seat in range(n):
            row = result[seat]
            row[blue], row[green], row[purple] = card_points(self.hands[seat], decorations)
            if self.wrath and not all(self.has_stone(seat, site) for site in BUILDING):
                row[wrath] = -WRATH_PENALTY
        return result

    def decorations(self) -> tuple[tuple[int, int], ...]:
        """(card, points) of each green card now: a point per three stones on its site."""
        return tuple(
            (CARD_INDEX[card], self.site_stones(site) // DECO_PER)
            for card, site in DECO_SITE.items()
        )

    def projection(self) -> tuple[tuple[int, ...], ...]:
        """:meth:`end_points` with this round's visible Temple stones, once per state version.

        Every seat's view shows it; the state changes only by actions (and
        :meth:`arrange`, which forgets it), so the version names it.
        """
        cached = self._projection
        if cached[0] == self.version:
            return cached[1]
        if self.final_points:
            rows = [list(row) for row in self.final_points]
        else:
            rows = self.end_points()
            for owner in self.temple[-self.width :]:
                rows[owner][CAT["temple"]] += 1
        frozen = tuple(tuple(row) for row in rows)
        self._projection = (self.version, frozen)
        return frozen

    _projection: tuple[int, tuple[tuple[int, ...], ...]] = (-1, ())

    @property
    def scores(self) -> tuple[int, ...]:
        """Points so far during play; the final totals once the game is over."""
        rows = self.final_points if self.phase == OVER else self.points
        return tuple(sum(row) for row in rows)

    @property
    def winners(self) -> tuple[int, ...]:
        """Most points; tied, most stones left on the sled; still tied, a shared win."""
        if self.phase != OVER:
            return ()
        keys = [(score, self.sled[seat]) for seat, score in enumerate(self.scores)]
        best = max(keys)
        return tuple(seat for seat, key in enumerate(keys) if key == best)

    def summary(self, lang: str = "en", names: Sequence[str] | None = None) -> list[str]:
        if self.phase != OVER:
            return []
        return summary_lines(self.final_points, self.sled, self.winners, lang, names)

    # ------------------------------------------------------------ checks and positions

    def check_conservation(self) -> None:
        """Every seat's 29 stones are in its quarry, on its sled, a ship or a site; 34 cards."""
        n = self.num_players
        placed = [0] * n
        for seats in (
            self.pyramid, self.temple, self.burial, self.towers, self.towers, self.towers,
            *self.small, *self.cargo,
        ):  # fmt: skip
            for seat in seats:
                if seat >= 0:
                    placed[seat] += 1
        for seat in range(n):
            stones = self.quarry[seat] + self.sled[seat] + placed[seat] + self.obelisk[seat]
            stones += self.carried[seat]
            expect(stones == QUARRY, f"seat {seat} has {stones} stones")
            expect(0 <= self.sled[seat] <= SLED_CAPACITY, f"sled {self.sled[seat]}")
            expect(self.quarry[seat] >= 0, f"quarry {self.quarry[seat]}")
        cards = list(self.market_deck) + self.discard + self.pair + self.peek
        cards += [c for c in self.row if c >= 0]
        for hand in self.hands:
            cards += [c for c, count in enumerate(hand) for _ in range(count)]
        expect(counted(cards, len(CARDS)) == counted(MARKET_DECK, len(CARDS)), "market cards")
        expect(len(self.round_deck) + self.round == ROUNDS or self.phase == OVER, "round cards")

    def arrange(
        self,
        *,
        sleds: Sequence[int] | None = None,
        quarries: Sequence[int] | None = None,
        ships: Sequence[int] | None = None,
        cargo: Mapping[int, Sequence[int]] | None = None,
        row: Sequence[str | None] | None = None,
        pair: Sequence[str] | None = None,
        top: Sequence[str] = (),
        hands: Mapping[int, Mapping[str, int]] | None = None,
        sites: Mapping[str, Any] | None = None,
        current: int | None = None,
        round: int | None = None,
        points: Mapping[int, int] | None = None,
    ) -> ImhotepState:
        """Set up a position for a test, at a turn; returns the state.

        ``ships`` replaces this round's ship sizes, ``cargo`` the stones on
        ships (ship → owner per space, -1 empty), ``row`` the face-up market
        (card ids, ``None`` empty), ``pair`` Market B's face-down pair,
        ``top`` the market deck's top cards (top first), ``hands`` the
        cards held.  ``sites`` gives stones already on sites: ``pyramid``,
        ``temple``, ``burial`` (owners in placement order), ``small`` (three
        lists), ``obelisk`` (per seat), ``towers``.  Stones not placed stay
        in the quarries unless ``quarries`` says otherwise.

        >>> from bodoge.games.imhotep import GAME
        >>> state = GAME.new_game(2, seed=1).arrange(sleds=[5, 0], ships=[4, 3, 2, 1])
        >>> state.ship_sizes, state.sled, state.quarry
        ([4, 3, 2, 1], [5, 0], [24, 29])
        """
        n = self.num_players
        self._projection = (-1, ())
        if ships is not None:
            self.ship_sizes = list(ships)
            self.cargo = [[-1] * size for size in ships]
            self.ship_site = [-1] * SHIPS_PER_ROUND
        for ship, owners in (cargo or {}).items():
            self.cargo[ship] = list(owners)
        for name, value in (sites or {}).items():
            if name == "small":
                self.small = [list(s) for s in value]
            elif name == "obelisk":
                self.obelisk = list(value)
            else:
                setattr(self, name, list(value))
        if sleds is not None:
            self.sled = list(sleds)
        if hands is not None:
            self.hands = [[0] * len(CARDS) for _ in range(n)]
            for seat, held in hands.items():
                for name, count in held.items():
                    self.hands[seat][CARD_INDEX[name]] = count
        rest = list(MARKET_DECK)
        for hand in self.hands:
            for card, count in enumerate(hand):
                for _ in range(count):
                    rest.remove(card)
        if row is not None:
            self.row = [CARD_INDEX[c] if c is not None else -1 for c in row]
        if pair is not None:
            self.pair = sorted(CARD_INDEX[c] for c in pair)
        on_top = [CARD_INDEX[c] for c in top]
        for card in on_top:
            rest.remove(card)
        for slot, card in enumerate(self.row):  # a card now held leaves the row
            if card >= 0 and card in rest:
                rest.remove(card)
            elif card >= 0:
                self.row[slot] = -1
        self.pair = [card for card in self.pair if card in rest]
        for card in self.pair:
            rest.remove(card)
        self.discard = []
        self.market_deck = rest + on_top[::-1]
        placed = [0] * n
        for seats in (self.pyramid, self.temple, self.burial, *self.small, *self.cargo):
            for seat in seats:
                if seat >= 0:
                    placed[seat] += 1
        for seat in self.towers:
            placed[seat] += OBELISK_B_TOWER
        self.quarry = (
            [QUARRY - self.sled[s] - placed[s] - self.obelisk[s] for s in range(n)]
            if quarries is None
            else list(quarries)
        )
        if round is not None:
            self.round = round
            self.round_deck = self.round_deck[: ROUNDS - round]
        if current is not None:
            self.current = self.decider = self.start = current
        for seat, value in (points or {}).items():
            self.points[seat][CAT["pyramid"]] = value
        self.phase = TURN
        return self

    # ------------------------------------------------------------ hidden information

    def _redeal(self, seat: int | None, rng: Rng) -> None:
        """Re-deal the round cards to come (with the one set aside) and the unseen market cards.

        The market deck's order and Market B's face-down pair are hidden from
        everyone, except the pair from the player looking at it.
        """
        redeal([Zone(self.round_deck, ordered=True), Zone(self.set_aside)], rng)
        zones = [Zone(self.market_deck, ordered=True)]
        if self.pair:
            zones.append(Zone(self.pair))
        if self.peek and seat != self.decider:
            zones.append(Zone(self.peek))
        redeal(zones, rng)
