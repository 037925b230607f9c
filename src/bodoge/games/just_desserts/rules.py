"""The rules of Just Desserts: serve guests the desserts they crave, and collect them.

A turn starts with a dessert drawn and a guest added to the middle; then the
player takes one action: serve guests (up to two), draw a dessert, swap
cards, or, with the advanced rules, open a buffet.  Serving is built one
step at a time: choose the guest (:class:`ChooseGuest`), put desserts on
the plate one by one, serve.  At the end of the turn the player sends away,
one at a time, guests of a colour that is in the middle twice; the last one
sent away is the guest in the doorway (the top of the guest discards), who
may be served too.

Cards are plain ints (indices into ``data.DESSERTS`` and ``data.GUESTS``);
hands and plates are sorted lists.  The plate being chosen is out of its
chooser's hand and hidden from the others until it is served.  See the
package docstring for the rulings applied.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from ...engine import Action, Outcome, Rng
from ...engine.kit import (
    DRAFT_STEP,
    Phase,
    Rules,
    Stepwise,
    Zone,
    draw,
    expect,
    explains,
    plays,
    redeal,
)
from .actions import (
    AddDessert,
    AllowPoach,
    Block,
    CallOff,
    ChooseGuest,
    DiscardChosen,
    DismissGuest,
    DrawDessert,
    EndTurn,
    OpenBuffet,
    ReturnGuest,
    Serve,
    StartBuffet,
    StartSwap,
    TakeBack,
)
from .data import (
    BUFFET_CARDS,
    BUFFET_DRAW,
    DESSERT_INDEX,
    DESSERTS,
    GUEST_INDEX,
    GUESTS,
    MAX_SERVES,
    SERVES_AFTER_BUFFET,
    START_GUESTS,
    START_HAND,
    TAKE_BACK_LIMIT,
    TURN_LIMIT,
    WIN_COLOURS,
    WIN_SAME,
    deck_desserts,
    deck_guests,
    guest_points,
)
from .text import summary_lines
from .vocabulary import ENDINGS, PHASES

ACT, SERVE, SWAP, BUFFET, RETURN, BLOCK, MORE, TIDY, OVER = PHASES
COLOURS_WIN, SAME_WIN, GUESTS_OUT, LIMIT, STUCK = ENDINGS

TASTES_OF = tuple(frozenset(d.tastes) for d in DESSERTS)
WANTS = tuple(frozenset(g.wants) for g in GUESTS)
REFUSES = tuple(frozenset(g.refuses) for g in GUESTS)
FAVOURITES = tuple(frozenset(DESSERT_INDEX[f] for f in g.favourites) for g in GUESTS)
SINGLE = tuple(len(d.tastes) == 1 for d in DESSERTS)
"""Single-taste desserts: the only ones a buffet takes."""


def is_favourite(guest: int, dessert: int) -> bool:
    """A named favourite, or any dessert with the guest's favourite taste ("anything with X")."""
    taste = GUESTS[guest].favourite_taste
    return dessert in FAVOURITES[guest] or (bool(taste) and taste in TASTES_OF[dessert])


def acceptable(guest: int, dessert: int) -> bool:
    """The dessert carries no taste the guest refuses."""
    return not (TASTES_OF[dessert] & REFUSES[guest])


def missing(guest: int, plate: Iterable[int]) -> frozenset[str]:
    """The guest's wanted tastes that no dessert on the plate carries yet."""
    covered: set[str] = set()
    for dessert in plate:
        covered |= TASTES_OF[dessert]
    return WANTS[guest] - covered


def satisfies(guest: int, plate: Sequence[int]) -> bool:
    """Every wanted taste is served and none of the desserts is refused.

    >>> boston, pie = GUEST_INDEX["boston_guy"], DESSERT_INDEX["boston_cream_pie"]
    >>> satisfies(boston, [pie]), satisfies(boston, [DESSERT_INDEX["cheesecake"]])
    (True, False)
    """
    return bool(plate) and not missing(guest, plate) and all(acceptable(guest, d) for d in plate)


def could_satisfy(guest: int, hand: Iterable[int], need: int = -1) -> bool:
    """Whether some of ``hand`` satisfies the guest (and includes ``need``, if given)."""
    if need >= 0:
        return need in hand
    covered: set[str] = set()
    for dessert in hand:
        if acceptable(guest, dessert):
            covered |= TASTES_OF[dessert]
    return WANTS[guest] <= covered


def colour_win(won: Sequence[int]) -> str:
    """``COLOURS_WIN`` for five different colours, ``SAME_WIN`` for three of one, else ``""``.

    >>> colour_win([GUEST_INDEX[g] for g in ("mojo", "granny", "mary_ann")])
    'same_colour'
    """
    counts = Counter(GUESTS[g].colour for g in won)
    if counts and max(counts.values()) >= WIN_SAME:
        return SAME_WIN
    if len(counts) >= WIN_COLOURS:
        return COLOURS_WIN
    return ""


class JustDessertsState(Rules):
    """A game of Just Desserts in progress."""

    PHASES: ClassVar[Mapping[str, Phase]] = {
        ACT: Phase(
            (ChooseGuest, DrawDessert, StartSwap, StartBuffet),
            "it is your turn: serve a guest, draw, swap cards or open a buffet",
        ),
        SERVE: Phase(
            (AddDessert, TakeBack, Serve, CallOff),
            "you are choosing desserts for a guest: add or take back desserts, serve or call off",
        ),
        SWAP: Phase(
            (AddDessert, TakeBack, DiscardChosen, CallOff),
            "you are choosing desserts to swap",
        ),
        BUFFET: Phase(
            (AddDessert, TakeBack, OpenBuffet, CallOff),
            "you are choosing four single-taste desserts for a buffet",
        ),
        RETURN: Phase((ReturnGuest,), "a buffet is open: each other player returns a guest"),
        BLOCK: Phase(
            (AddDessert, TakeBack, Block, AllowPoach),
            "a guest of yours is being poached: block with desserts or let the guest go",
        ),
        MORE: Phase((ChooseGuest, EndTurn), "you may serve another guest or end your turn"),
        TIDY: Phase((DismissGuest,), "send away one of the guests of the same colour"),
    }

    deck: list[int]
    discard: list[int]
    hands: list[list[int]]
    known: list[list[int]]
    guest_deck: list[int]
    guest_discard: list[int]
    middle: list[int]
    won: list[list[int]]
    plate: list[int]
    pending: list[int]
    returning: list[int]

    def _setup(self) -> None:
        options = self.options
        advanced = bool(options["advanced"])
        self.buffet_on = advanced and bool(options["buffet"])
        self.poaching_on = advanced and bool(options["poaching"])
        bacon, coffee = bool(options["bacon"]), bool(options["coffee"])
        self.dessert_set = deck_desserts(bacon, coffee)
        self.guest_set = deck_guests(bacon, coffee)
        self._bind_actions()
        self._deal()

    def _bind_actions(self) -> None:
        """The declared actions the rules hand out, and the stepwise choices built on them."""
        table = self.table()
        self.choose_guest = table.of(ChooseGuest)
        self.return_guest = table.of(ReturnGuest)
        self.dismiss_guest = table.of(DismissGuest)
        adds, backs = table.of(AddDessert), table.of(TakeBack)
        pick = {d: adds[DESSERTS[d].id] for d in self.dessert_set}
        unpick = {d: backs[DESSERTS[d].id] for d in self.dessert_set}
        every = len(self.dessert_set)
        self.serving = Stepwise(every, pick, unpick, table.one(Serve), fewest=1)
        """Desserts for a guest: any number; Serve only once they satisfy the guest."""
        self.swapping = Stepwise(every, pick, unpick, table.one(DiscardChosen), fewest=1)
        self.buffeting = Stepwise(
            BUFFET_CARDS, pick, unpick, table.one(OpenBuffet) if self.buffet_on else None
        )
        self.blocking = Stepwise(
            every, pick, unpick, table.one(Block) if self.poaching_on else None, fewest=1
        )
        self.call_off = table.one(CallOff)
        self.draw_action = table.one(DrawDessert)
        self.swap_action = table.one(StartSwap)
        self.buffet_action = table.one(StartBuffet) if self.buffet_on else None
        self.allow_action = table.one(AllowPoach) if self.poaching_on else None
        self.end_action = table.one(EndTurn)

    def _deal(self) -> None:
        n = self.num_players
        self.deck = list(self.dessert_set)
        self.rng.shuffle(self.deck)  # the top of a deck is its end
        self.discard = []
        self.hands = [sorted(draw(self.deck, START_HAND)) for _ in range(n)]
        self.known = [[] for _ in range(n)]
        """Cards every player saw go back into a hand (a blocked poach): public."""
        self.guest_deck = list(self.guest_set)
        self.rng.shuffle(self.guest_deck)
        self.guest_discard = []
        """The guest discards; the last is the guest in the doorway."""
        self.middle = draw(self.guest_deck, START_GUESTS)
        self.won = [[] for _ in range(n)]
        self.plate = []
        """The desserts being chosen (out of the chooser's hand; only the chooser sees them)."""
        self.pending = []
        """A poacher's served desserts while the victim decides (face up)."""
        self.returning = []
        """Seats that still owe a guest to an open buffet."""
        self.phase = ACT
        self.active = self.rng.roll(n) - 1
        """Whose turn it is (the first player is drawn at random)."""
        self.turn = 0
        self.guest = -1
        """The guest being served, poached or blocked for (-1: none)."""
        self.victim = -1
        self.back = ACT
        """Where calling off a choice returns to: ACT, or MORE after a serve."""
        self.serves_left = MAX_SERVES
        self.poach_tried = False
        self.buffet_opened = False
        self.need = -1
        """The dessert a block must include (a poach with one of two favourites), else -1."""
        self.poach_favourite = False
        self.undo_left = TAKE_BACK_LIMIT
        self.poacher_undo = 0
        self.ending = ""
        self.final: tuple[int, ...] = ()
        self._start_turn({})

    # ------------------------------------------------------------ turn order

    @property
    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == OVER:
            return ()
        if phase == RETURN:
            return tuple(self.returning)
        if phase == BLOCK:
            return (self.victim,)
        return (self.active,)

    @property
    def doorway(self) -> int:
        """The guest in the doorway (the top of the guest discards), or -1."""
        return self.guest_discard[-1] if self.guest_discard else -1

    @property
    def chooser(self) -> int:
        """The seat choosing the plate now (-1 when no plate is being chosen)."""
        if self.phase in (SERVE, SWAP, BUFFET):
            return self.active
        if self.phase == BLOCK:
            return self.victim
        return -1

    def _start_turn(self, public: dict[str, Any]) -> None:
        """Draw a dessert, add a guest to the middle, take one action."""
        self.turn += 1
        ending = LIMIT if self.turn > TURN_LIMIT else STUCK if self._stuck() else ""
        if ending:
            self._finish(ending, ())  # not a rule: no winner
            public["game_over"] = ending
            return
        seat = self.active
        self.phase, self.back = ACT, ACT
        self.serves_left = MAX_SERVES
        self.poach_tried = self.buffet_opened = False
        self.undo_left = TAKE_BACK_LIMIT
        self._draw(seat, 1)
        arrived = self._next_guest()
        if arrived >= 0:
            self.middle.append(arrived)
            public["arrived"] = GUESTS[arrived].id
        public["turn"] = {"seat": seat, "number": self.turn}

    def _stuck(self) -> bool:
        """Whether no turn can ever change the game again (not a rule: it then stops).

        With the dessert deck and its discards both empty every hand is frozen
        (a swap draws back the very cards it dumped, a draw finds nothing), and
        with no guest left to arrive only a serve, a poach or a buffet (which
        leaves a dessert in the discards) could move anything.  When nobody
        can make one, the rules would go round for ever; the game stops, with
        no winner, as at the safety limit, rather than after hundreds of turns.
        """
        if self.deck or self.discard or self.guest_deck or len(self.guest_discard) > 1:
            return False
        hands = self.hands
        guests = [*self.middle, *self.guest_discard]
        if any(could_satisfy(g, hand) for g in guests for hand in hands):
            return False
        if self.buffet_on and any(sum(SINGLE[d] for d in hand) >= BUFFET_CARDS for hand in hands):
            return False
        if self.poaching_on:
            for seat, won in enumerate(self.won):
                others = [hand for other, hand in enumerate(hands) if other != seat]
                if any(could_satisfy(g, hand) for g in won for hand in others):
                    return False
        return True

    def _next_guest(self) -> int:
        """The next guest from the deck; an empty deck is refilled from the discards but the top."""
        if not self.guest_deck and len(self.guest_discard) > 1:
            top = self.guest_discard.pop()
            self.guest_deck += sorted(self.guest_discard)
            self.guest_discard[:] = [top]
            self.rng.shuffle(self.guest_deck)
        return self.guest_deck.pop() if self.guest_deck else -1

    def _draw(self, seat: int, count: int) -> int:
        """Draw into a hand (the discards reshuffled when the deck runs out); how many came."""
        drawn = draw(self.deck, count, self.discard, self.rng)
        hand = self.hands[seat]
        hand += drawn
        hand.sort()
        return len(drawn)

    def _end_turn(self, public: dict[str, Any]) -> None:
        """Same-colour guests are sent away one at a time; then the next player's turn."""
        self.guest = -1
        if self._doubles():
            self.phase = TIDY
            return
        self.active = (self.active + 1) % self.num_players
        self._start_turn(public)

    def _doubles(self) -> list[int]:
        """The guests in the middle whose colour is there more than once."""
        counts = Counter(GUESTS[g].colour for g in self.middle)
        return [g for g in self.middle if counts[GUESTS[g].colour] > 1]

    def _finish(self, ending: str, winners: tuple[int, ...]) -> None:
        self.phase = OVER
        self.ending = ending
        self.final = winners
        self.guest = self.victim = -1

    def _check_end(self, seat: int, public: dict[str, Any]) -> bool:
        """An instant win for ``seat``; or every guest served: the guest-count ranking."""
        win = colour_win(self.won[seat])
        if win:
            self._finish(win, (seat,))
        elif not (self.guest_deck or self.middle or self.guest_discard):
            self._finish(GUESTS_OUT, self.rank_by_points())
        else:
            return False
        public["game_over"] = self.ending
        return True

    def rank_by_points(self) -> tuple[int, ...]:
        """Most points; then most desserts in hand; still tied, the win is shared."""
        keys = [
            (guest_points(won), len(hand)) for won, hand in zip(self.won, self.hands, strict=True)
        ]
        best = max(keys)
        return tuple(seat for seat, key in enumerate(keys) if key == best)

    # ---------------------------------------------------------------- legality

    def _legal(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase in (ACT, MORE):
            return self._turn_choices(seat)
        if phase == SERVE:
            steps = self.serving.legal(self.plate, self._plate_candidates(seat))
            return [*self._trim(steps, satisfies(self.guest, self.plate)), self.call_off]
        if phase == SWAP:
            steps = self.swapping.legal(self.plate, self.hands[seat])
            return [*self._trim(steps, True), self.call_off]
        if phase == BUFFET:
            singles = [d for d in self.hands[seat] if SINGLE[d]]
            return [*self._trim(self.buffeting.legal(self.plate, singles), True), self.call_off]
        if phase == BLOCK:
            assert self.allow_action is not None
            steps = self.blocking.legal(self.plate, self._plate_candidates(seat))
            ok = satisfies(self.guest, self.plate) and (self.need < 0 or self.need in self.plate)
            return [*self._trim(steps, ok), self.allow_action]
        if phase == RETURN:
            return [self.return_guest[GUESTS[g].id] for g in self.won[seat]]
        if phase == TIDY:
            return [self.dismiss_guest[GUESTS[g].id] for g in self._doubles()]
        return []

    def _trim(self, steps: list[Action], confirmable: bool) -> list[Action]:
        """Drop take-backs once the turn's budget is spent, and a confirmation not yet allowed."""
        undo = self.undo_left > 0
        return [
            a
            for a in steps
            if (undo or not isinstance(a, TakeBack))
            and (confirmable or not isinstance(a, (Serve, Block)))
        ]

    def _plate_candidates(self, seat: int) -> list[int]:
        """Desserts that may go on a plate for the guest: useful and not refused.

        A dessert is offered when it carries a wanted taste the plate still
        lacks, or is one of the guest's favourites (for the tip); never one
        with a refused taste.  A block that must use the other favourite
        offers that one only.
        """
        guest, hand = self.guest, self.hands[seat]
        if self.phase == BLOCK and self.need >= 0:
            return [self.need] if self.need in hand and not self.plate else []
        if self.phase == BLOCK and not could_satisfy(guest, hand + self.plate):
            return []
        lacking = missing(guest, self.plate)
        return [
            d
            for d in hand
            if acceptable(guest, d) and (TASTES_OF[d] & lacking or is_favourite(guest, d))
        ]

    def _turn_choices(self, seat: int) -> list[Action]:
        actions: list[Action] = []
        fresh = self.undo_left > 0
        if self.serves_left > 0 and fresh:
            actions += [self.choose_guest[GUESTS[g].id] for g in self.servable(seat)]
        if self.phase == MORE:
            return [*actions, self.end_action]
        actions.append(self.draw_action)
        if fresh and self.hands[seat]:
            actions.append(self.swap_action)
        if (
            fresh
            and self.buffet_action is not None
            and sum(SINGLE[d] for d in self.hands[seat]) >= BUFFET_CARDS
        ):
            actions.append(self.buffet_action)
        return actions

    def servable(self, seat: int) -> list[int]:
        """Guests ``seat`` could satisfy now: the middle, the doorway, and poaching targets."""
        hand = self.hands[seat]
        found = [g for g in self.middle if could_satisfy(g, hand)]
        door = self.doorway
        if door >= 0 and could_satisfy(door, hand):
            found.append(door)
        if self.can_poach():
            for step in range(1, self.num_players):
                other = (seat + step) % self.num_players
                found += [g for g in self.won[other] if could_satisfy(g, hand)]
        return found

    def can_poach(self) -> bool:
        """Poaching: on, not tried yet this turn, and no buffet opened this turn."""
        return self.poaching_on and not self.poach_tried and not self.buffet_opened

    def owner(self, guest: int) -> int:
        """The seat that has served ``guest`` (-1 if nobody has)."""
        for seat, won in enumerate(self.won):
            if guest in won:
                return seat
        return -1

    @explains(ChooseGuest)
    def _why_not_guest(self, seat: int, action: ChooseGuest) -> str:
        guest = GUEST_INDEX.get(action.guest, -1)
        if guest not in self.guest_set:
            return f"there is no guest {action.guest!r} in this game"
        if self.undo_left <= 0:
            return "you have taken back too many choices this turn (a safety limit)"
        if self.serves_left <= 0:
            return "you cannot serve more guests this turn"
        owner = self.owner(guest)
        if owner == seat:
            return "that guest is already yours"
        if owner >= 0:
            if not self.poaching_on:
                return "poaching is not played in this game"
            if self.poach_tried:
                return "you have already tried to poach this turn"
            if self.buffet_opened:
                return "no poaching after a buffet"
        elif guest not in self.middle and guest != self.doorway:
            return "that guest is neither in the middle nor in the doorway"
        return "no desserts in your hand satisfy that guest"

    @explains(AddDessert)
    def _why_not_add(self, seat: int, action: AddDessert) -> str:
        dessert = DESSERT_INDEX.get(action.dessert, -1)
        if dessert < 0 or dessert not in self.hands[seat]:
            return "that dessert is not in your hand"
        if self.phase == BUFFET:
            if not SINGLE[dessert]:
                return "a buffet takes desserts with a single taste only"
            return "you have chosen four: take one back or open the buffet"
        if self.guest >= 0 and not acceptable(self.guest, dessert):
            return "the guest refuses a taste of that dessert"
        if self.phase == BLOCK and self.need >= 0:
            return "only the guest's other favourite can block this poach"
        return "that dessert adds no taste the guest still wants"

    @explains(TakeBack)
    def _why_not_take_back(self, seat: int, action: TakeBack) -> str:
        if self.undo_left <= 0:
            return "you have taken back too many choices this turn (a safety limit)"
        return "that dessert is not chosen"

    @explains(Serve)
    def _why_not_serve(self, seat: int, action: Serve) -> str:
        lacking = sorted(missing(self.guest, self.plate))
        return f"the chosen desserts do not satisfy the guest yet (missing {lacking})"

    @explains(Block)
    def _why_not_block(self, seat: int, action: Block) -> str:
        if self.need >= 0 and self.need not in self.plate:
            return f"only {DESSERTS[self.need].id} can block this poach"
        lacking = sorted(missing(self.guest, self.plate))
        return f"the chosen desserts do not satisfy the guest (missing {lacking})"

    @explains(StartBuffet)
    def _why_not_buffet(self, seat: int, action: StartBuffet) -> str:
        if not self.buffet_on:
            return "the buffet is not played in this game"
        return f"a buffet needs {BUFFET_CARDS} single-taste desserts in your hand"

    @explains(ReturnGuest)
    def _why_not_return(self, seat: int, action: ReturnGuest) -> str:
        return "that guest is not among the guests you have served"

    @explains(DismissGuest)
    def _why_not_dismiss(self, seat: int, action: DismissGuest) -> str:
        return "only a guest whose colour is in the middle more than once can be sent away"

    # ------------------------------------------------------------------- play

    @plays(ChooseGuest)
    def _choose(self, seat: int, action: ChooseGuest) -> Outcome:
        self.guest = GUEST_INDEX[action.guest]
        self.back = self.phase
        self.phase = SERVE
        self.plate = []
        return Outcome({"guest": action.guest})

    @plays(AddDessert)
    def _add(self, seat: int, action: AddDessert) -> Outcome:
        dessert = DESSERT_INDEX[action.dessert]
        self.hands[seat].remove(dessert)
        self.plate.append(dessert)
        self.plate.sort()
        return DRAFT_STEP

    @plays(TakeBack)
    def _take_back(self, seat: int, action: TakeBack) -> Outcome:
        dessert = DESSERT_INDEX[action.dessert]
        self.plate.remove(dessert)
        self.hands[seat].append(dessert)
        self.hands[seat].sort()
        self.undo_left -= 1
        return DRAFT_STEP

    @plays(CallOff)
    def _call_off(self, seat: int, action: CallOff) -> Outcome:
        self._plate_back(seat)
        self.undo_left = max(0, self.undo_left - 1)
        self.phase = self.back
        self.guest = -1
        return Outcome({"called_off": True})

    def _plate_back(self, seat: int) -> None:
        self.hands[seat] += self.plate
        self.hands[seat].sort()
        self.plate = []

    def _discard_plate(self, seat: int) -> list[str]:
        """The plate goes face up on the discards; returns the ids, for the events."""
        shown = [DESSERTS[d].id for d in self.plate]
        known = self.known[seat]
        for dessert in self.plate:
            if dessert in known:
                known.remove(dessert)
        self.discard += self.plate
        self.plate = []
        return shown

    @plays(Serve)
    def _serve(self, seat: int, action: Serve) -> Outcome:
        public: dict[str, Any] = {}
        guest = self.guest
        tip = any(is_favourite(guest, d) for d in self.plate)
        victim = self.owner(guest)
        if victim >= 0:
            self._poach(seat, victim, tip, public)
            return Outcome(public)
        served = self._discard_plate(seat)
        if guest in self.middle:
            self.middle.remove(guest)
        else:
            self.guest_discard.pop()  # the guest in the doorway
        self.won[seat].append(guest)
        public["served"] = {"guest": GUESTS[guest].id, "desserts": served, "tip": tip}
        if tip:
            self._draw(seat, 1)
        self._after_serve(seat, public)
        return Outcome(public)

    def _after_serve(self, seat: int, public: dict[str, Any]) -> None:
        self.guest = -1
        self.serves_left -= 1
        if self._check_end(seat, public):
            return
        if self.serves_left > 0:
            self.phase = self.back = MORE
        else:
            self._end_turn(public)

    def _poach(self, seat: int, victim: int, tip: bool, public: dict[str, Any]) -> None:
        """The served desserts wait face up; the victim may block (unless a favourite forbids)."""
        guest = self.guest
        self.poach_tried = True
        self.poach_favourite = tip
        known = self.known[seat]
        for dessert in self.plate:
            if dessert in known:
                known.remove(dessert)
        self.pending, self.plate = self.plate, []
        public["poach"] = {
            "guest": GUESTS[guest].id,
            "from": victim,
            "desserts": [DESSERTS[d].id for d in self.pending],
            "tip": tip,
        }
        self.need = -1
        named = FAVOURITES[guest]
        if tip and named:
            others = named - set(self.pending)
            if len(named) == 1 or not others:
                public["unblockable"] = True
                self._poach_succeeds(seat, victim, public)
                return
            (self.need,) = others
        self.victim = victim
        self.phase = BLOCK
        self.poacher_undo, self.undo_left = self.undo_left, TAKE_BACK_LIMIT

    def _poach_succeeds(self, seat: int, victim: int, public: dict[str, Any]) -> None:
        guest = self.guest
        self.won[victim].remove(guest)
        self.won[seat].append(guest)
        self.discard += self.pending
        self.pending = []
        self._draw(victim, 1)  # the guest's parting gift
        if self.poach_favourite:
            self._draw(seat, 1)
        public["poached"] = {
            "guest": GUESTS[guest].id,
            "from": victim,
            "by": seat,
            "tip": self.poach_favourite,
        }
        self.victim, self.need = -1, -1
        self._after_serve(seat, public)

    @plays(AllowPoach)
    def _allow(self, seat: int, action: AllowPoach) -> Outcome:
        public: dict[str, Any] = {}
        self._plate_back(seat)
        self.undo_left = self.poacher_undo
        self._poach_succeeds(self.active, seat, public)
        return Outcome(public)

    @plays(Block)
    def _block(self, seat: int, action: Block) -> Outcome:
        guest, poacher = self.guest, self.active
        tip = any(is_favourite(guest, d) for d in self.plate)
        shown = self._discard_plate(seat)
        if tip:
            self._draw(seat, 1)
        self.hands[poacher] += self.pending
        self.hands[poacher].sort()
        self.known[poacher] = sorted(self.known[poacher] + self.pending)
        self.pending = []
        self.victim, self.need, self.guest = -1, -1, -1
        self.undo_left = self.poacher_undo
        self.phase = self.back = MORE  # the poacher may still serve (Interpretation)
        return Outcome({"blocked": {"guest": GUESTS[guest].id, "desserts": shown, "tip": tip}})

    @plays(DrawDessert)
    def _draw_action(self, seat: int, action: DrawDessert) -> Outcome:
        public: dict[str, Any] = {"drew": self._draw(seat, 1)}
        self._end_turn(public)
        return Outcome(public)

    @plays(StartSwap)
    def _start_swap(self, seat: int, action: StartSwap) -> Outcome:
        self.phase, self.back, self.plate = SWAP, ACT, []
        return DRAFT_STEP

    @plays(StartBuffet)
    def _start_buffet(self, seat: int, action: StartBuffet) -> Outcome:
        self.phase, self.back, self.plate = BUFFET, ACT, []
        return DRAFT_STEP

    @plays(DiscardChosen)
    def _discard_chosen(self, seat: int, action: DiscardChosen) -> Outcome:
        count = len(self.plate)
        shown = self._discard_plate(seat)
        public: dict[str, Any] = {"swapped": shown, "drew": self._draw(seat, count)}
        self._end_turn(public)
        return Outcome(public)

    @plays(OpenBuffet)
    def _open_buffet(self, seat: int, action: OpenBuffet) -> Outcome:
        public: dict[str, Any] = {"buffet": self._discard_plate(seat)}
        self.buffet_opened = True
        self.returning = [s for s in range(self.num_players) if s != seat and self.won[s]]
        if self.returning:
            self.phase = RETURN
        else:
            self._buffet_served(public)
        return Outcome(public)

    def _buffet_served(self, public: dict[str, Any]) -> None:
        """After the returns: draw three, then serve at most one guest."""
        public["buffet_drew"] = self._draw(self.active, BUFFET_DRAW)
        self.serves_left = SERVES_AFTER_BUFFET
        self.phase = self.back = MORE

    @plays(ReturnGuest)
    def _return(self, seat: int, action: ReturnGuest) -> Outcome:
        guest = GUEST_INDEX[action.guest]
        self.won[seat].remove(guest)
        self.middle.append(guest)
        self.returning.remove(seat)
        public: dict[str, Any] = {"returned": action.guest}
        if not self.returning:
            self._buffet_served(public)
        return Outcome(public)

    @plays(EndTurn)
    def _end_turn_action(self, seat: int, action: EndTurn) -> Outcome:
        public: dict[str, Any] = {}
        self._end_turn(public)
        return Outcome(public)

    @plays(DismissGuest)
    def _dismiss(self, seat: int, action: DismissGuest) -> Outcome:
        guest = GUEST_INDEX[action.guest]
        self.middle.remove(guest)
        self.guest_discard.append(guest)
        public: dict[str, Any] = {"dismissed": action.guest}
        self._end_turn(public)
        return Outcome(public)

    # ---------------------------------------------------- checks and positions

    def check_conservation(self) -> None:
        """Every dessert and every guest of the game is in exactly one place."""
        desserts = self.deck + self.discard + self.plate + self.pending
        for hand in self.hands:
            desserts += hand
        expect(sorted(desserts) == list(self.dessert_set), f"desserts {sorted(desserts)}")
        guests = self.guest_deck + self.guest_discard + self.middle
        for won in self.won:
            guests += won
        expect(sorted(guests) == list(self.guest_set), f"guests {sorted(guests)}")
        for seat, (hand, known) in enumerate(zip(self.hands, self.known, strict=True)):
            expect(hand == sorted(hand), f"hand {seat} unsorted")
            held = set(hand) | (set(self.plate) if seat == self.chooser else set())
            expect(set(known) <= held, f"known cards {known} not held by {seat}")
        if self.plate:
            expect(self.chooser >= 0, "a plate with nobody choosing")
        if self.guest >= 0 and self.phase in (SERVE, BLOCK):
            expect(all(acceptable(self.guest, d) for d in self.plate), "a refused dessert")
        if self.phase != OVER:
            expect(not any(colour_win(won) for won in self.won), "a winning set in play")
        expect(0 <= self.undo_left <= TAKE_BACK_LIMIT, f"take-backs {self.undo_left}")

    def arrange(
        self,
        hands: Mapping[int, Sequence[str]] | None = None,
        middle: Sequence[str] | None = None,
        won: Mapping[int, Sequence[str]] | None = None,
        doorway: Sequence[str] = (),
        top: Sequence[str] = (),
        guest_top: Sequence[str] = (),
        active: int = 0,
        guest_deck_size: int | None = None,
        deck_size: int | None = None,
    ) -> JustDessertsState:
        """Set up a position for a test or a puzzle: ``active``'s turn, its draws done.

        ``hands`` gives chosen hands (seats not given hold none), ``middle``
        the guests in the middle, ``won`` the guests each seat has served,
        ``doorway`` the guest discards (the last is in the doorway).  ``top``
        and ``guest_top`` put cards on top of the decks, top first; the other
        cards lie under them in a fixed order, the guest deck cut to
        ``guest_deck_size`` (the guests cut away are out of this game) and
        the dessert deck to ``deck_size`` cards (the rest on the discards).  No card is drawn at
        the start of this turn.

        >>> from bodoge.games.just_desserts import GAME
        >>> state = GAME.new_game(2, seed=1).arrange({0: ["cheesecake"]}, middle=["granny"])
        >>> state.view(0)["hand"], state.view(0)["middle"]
        (['cheesecake'], ['granny'])
        """
        n = self.num_players
        used_d: list[int] = []
        self.hands = [[] for _ in range(n)]
        for seat, names in (hands or {}).items():
            self.hands[seat] = sorted(DESSERT_INDEX[d] for d in names)
            used_d += self.hands[seat]
        self.known = [[] for _ in range(n)]
        on_top = [DESSERT_INDEX[d] for d in top]
        rest = [d for d in self.dessert_set if d not in used_d and d not in on_top]
        if deck_size is not None:
            keep = max(0, deck_size - len(on_top))
            self.discard = rest[keep:]
            rest = rest[:keep]
        else:
            self.discard = []
        self.deck = rest + on_top[::-1]
        self.middle = [GUEST_INDEX[g] for g in (middle or [])]
        self.won = [[GUEST_INDEX[g] for g in (won or {}).get(seat, [])] for seat in range(n)]
        self.guest_discard = [GUEST_INDEX[g] for g in doorway]
        placed = set(self.middle) | set(self.guest_discard)
        for pile in self.won:
            placed |= set(pile)
        g_top = [GUEST_INDEX[g] for g in guest_top]
        g_rest = [g for g in self.guest_set if g not in placed and g not in g_top]
        if guest_deck_size is not None:
            g_rest = g_rest[: max(0, guest_deck_size - len(g_top))]
            placed |= set(g_rest) | set(g_top)
            self.guest_set = tuple(g for g in self.guest_set if g in placed)  # the rest: out
        self.guest_deck = g_rest + g_top[::-1]
        self.plate, self.pending, self.returning = [], [], []
        self.active = active
        self.phase = self.back = ACT
        self.turn = max(self.turn, 1)
        self.serves_left = MAX_SERVES
        self.poach_tried = self.buffet_opened = False
        self.guest = self.victim = self.need = -1
        self.undo_left = TAKE_BACK_LIMIT
        self.ending, self.final = "", ()
        return self

    # ------------------------------------------------------- hidden information

    def _redeal(self, seat: int | None, rng: Rng) -> None:
        """Re-deal the deck and every hand (and a plate being chosen) hidden from ``seat``.

        Cards every player saw go back into a hand (``known``) stay there.
        A hidden plate is re-dealt from fitting cards (single tastes for a
        buffet, none the guest refuses when serving or blocking).
        """
        zones = [Zone(self.deck, ordered=True)]
        chooser = self.chooser
        for other in range(self.num_players):
            if other == seat:
                continue
            known = self.known[other]
            zones.append(Zone(self.hands[other], keep=[d for d in known if d in self.hands[other]]))
            if other == chooser and self.plate:
                zones.append(
                    Zone(self.plate, keep=[d for d in known if d in self.plate], fits=self._fits())
                )
        redeal(zones, rng)

    def _fits(self) -> Any:
        if self.phase == BUFFET:
            return lambda d: SINGLE[d]
        if self.phase == SWAP:
            return None
        guest = self.guest
        return lambda d: acceptable(guest, d)

    # ------------------------------------------------------------ scoring

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's points as the guest-count ending counts them."""
        return tuple(guest_points(won) for won in self.won)

    @property
    def winners(self) -> tuple[int, ...]:
        return self.final

    @property
    def stopped(self) -> bool:
        """Stopped, not ended by a rule (no winner): at ``TURN_LIMIT`` turns, or stuck."""
        return self.ending in (LIMIT, STUCK)

    def summary(self, lang: str = "en", names: Sequence[str] | None = None) -> list[str]:
        if self.phase != OVER:
            return []
        return summary_lines(self.ending, self.won, self.hands, self.final, lang, names)
