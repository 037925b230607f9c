"""The rules of アネハンブラ.

Hands, palaces and the removed cards are kept as counts per colour (index
0–3 of :data:`~.data.COLOURS`), which keeps legality, copying and the
re-deal cheap.  A palace is a list ``[red, yellow, green, blue, verified]``.
See the package docstring for the rulings applied.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar

from ...engine import Action, Outcome, Rng
from ...engine.kit import Phase, Rules, Zone, explains, lose, lose_unseen, plays, redeal
from .actions import (
    AddPillar,
    CompletePalace,
    Draw,
    Earthquake,
    EndBuilding,
    Inspect,
    InspectPalace,
    Reveal,
)
from .data import (
    ALL_COLOURS_CHECK,
    BUILD_ONLY_HAND,
    CHECKS,
    COLOUR_CHECKS,
    COLOURS,
    COPIES,
    DEAL,
    EARTHQUAKE_CARDS,
    PAIR_CHECK,
    STACKED_PLAYERS,
    TURN_LIMIT,
    UNDER,
)
from .text import summary_lines
from .vocabulary import VERIFIED

END = len(COLOURS)
"""The END card's value in the deck (pillars are 0..3)."""
RANGE = range(len(COLOURS))
TURN, BUILD_ONLY, BUILDING, BUILT, INSPECTING, OVER = (
    "turn",
    "build_only",
    "building",
    "built",
    "inspecting",
    "over",
)
"""The phases of a turn: its first choice (or building only, with a big hand), a palace
under construction, palaces built this turn, an inspection naming its palaces; the end."""

__all__ = ["END", "VERIFIED", "AnehambraState", "full_deck", "is_safe", "rank"]


def full_deck() -> list[int]:
    """The 76 pillars as colour indices, in colour order."""
    return [colour for colour in RANGE for _ in range(COPIES[colour])]


def is_safe(palace: list[int], check: int) -> bool:
    """Does ``palace`` (colour counts first) meet the safety standard of ``check``?

    >>> is_safe([0, 2, 0, 0, 0], 0), is_safe([1, 0, 0, 0, 0], 0)
    (False, True)
    >>> is_safe([1, 1, 1, 0, 0], 4), is_safe([2, 1, 0, 0, 0], 4)
    (False, True)
    >>> is_safe([1, 1, 1, 1, 0], 5), is_safe([3, 1, 1, 0, 0], 5)
    (False, True)
    """
    if check < COLOUR_CHECKS:
        return palace[check] > 0
    if check == PAIR_CHECK:
        return any(palace[c] >= 2 for c in RANGE)
    assert check == ALL_COLOURS_CHECK
    return not all(palace[c] for c in RANGE)


def rank(palaces: list[int], hands: list[int]) -> tuple[int, ...]:
    """Most palaces; tie: more cards in hand; still tied: every tied seat wins.

    >>> rank([3, 3, 2], [1, 4, 9]), rank([2, 2], [5, 5])
    ((1,), (0, 1))
    """
    best = max(palaces)
    tied = [seat for seat, count in enumerate(palaces) if count == best]
    most = max(hands[seat] for seat in tied)
    return tuple(seat for seat in tied if hands[seat] == most)


class AnehambraState(Rules):
    """A game of アネハンブラ in progress."""

    PHASES: ClassVar[Mapping[str, Phase]] = {
        TURN: Phase((Draw, AddPillar, Inspect, Earthquake, InspectPalace, Reveal)),
        BUILD_ONLY: Phase(
            (AddPillar,), f"you began your turn with {BUILD_ONLY_HAND} or more cards: build only"
        ),
        BUILDING: Phase(
            (AddPillar, CompletePalace), "you are building a palace: add a pillar or complete it"
        ),
        BUILT: Phase((AddPillar, EndBuilding)),
        INSPECTING: Phase((InspectPalace, Reveal), "you are inspecting: name a palace"),
    }

    deck: list[int]
    hands: list[list[int]]
    known: list[list[int]]
    palaces: list[list[list[int]]]
    removed: list[int]
    targets: list[tuple[int, int]]

    def check_conservation(self) -> None:
        """Every pillar is in the deck, a hand, a palace or removed; END is in the deck or drawn."""
        copies = [16, 18, 20, 22]
        where = [0, 0, 0, 0]
        for card in self.deck:
            if card != 4:
                where[card] += 1
        assert self.deck.count(4) == (0 if self.end_reason == "end_card" else 1)
        for hand, known in zip(self.hands, self.known, strict=True):
            assert all(0 <= k <= h for k, h in zip(known, hand, strict=True))
            where = [a + b for a, b in zip(where, hand, strict=True)]
        for palaces in self.palaces:
            for palace in palaces:
                assert len(palace) == 5 and sum(palace[:4]) >= 1 and palace[4] in (0, 1)
                where = [a + b for a, b in zip(where, palace[:4], strict=True)]
        where = [a + b for a, b in zip(where, self.removed, strict=True)]
        assert where == copies, f"pillars per colour: {where}"

    def _setup(self) -> None:
        table = self.table()
        self.draw, self.complete = table.one(Draw), table.one(CompletePalace)
        self.end_building, self.reveal = table.one(EndBuilding), table.one(Reveal)
        self.adds = tuple(table.of(AddPillar)[colour] for colour in COLOURS)
        self.quakes = tuple(table.of(Earthquake)[colour] for colour in COLOURS)
        self.inspects = tuple(table.of(Inspect)[check] for check in CHECKS)
        self.palace_targets = table.of(InspectPalace)
        """The actions of the declared space (read-only, shared by copies)."""
        self.strict_open_colour = bool(self.options["strict_open_colour"])
        n = self.num_players
        deck = full_deck()
        self.rng.shuffle(deck)  # the top of the deck is the end of the list
        self.hands = [[0] * len(COLOURS) for _ in range(n)]
        for _ in range(DEAL):
            for seat in range(n):
                self.hands[seat][deck.pop()] += 1
        self.stacked = n == STACKED_PLAYERS
        if self.stacked:
            self.end_index = _stack_piles(deck)
        else:
            under = [deck.pop() for _ in range(UNDER)] + [END]
            self.rng.shuffle(under)
            deck[:0] = under
            self.end_index = under.index(END)
        self.deck = deck
        self.known = [[0] * len(COLOURS) for _ in range(n)]
        """known[seat][c]: cards of c everyone knows are in seat's hand (from demolitions)."""
        self.palaces = [[] for _ in range(n)]
        self.removed = [0] * len(COLOURS)
        """Cards taken out of the game by earthquakes, per colour."""
        self.turn = 0
        self.over = False
        self.end_reason = ""
        self.targets = []
        self._begin_turn(0)

    # ------------------------------------------------------------ turn order

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.over else (self.current,)

    @property
    def phase(self) -> str:
        if self.over:
            return OVER
        if self.check >= 0:
            return INSPECTING
        if self.building >= 0:
            return BUILDING
        if self.built:
            return BUILT
        return BUILD_ONLY if self.build_only else TURN

    def _begin_turn(self, seat: int) -> None:
        """Make ``seat`` active and fix what its hand and palaces allow this turn."""
        self.current = seat
        self.turn += 1
        self.build_only = sum(self.hands[seat]) >= BUILD_ONLY_HAND
        self.double = self.alone_fewest(seat)
        self.building = -1
        """Index of the palace under construction in the current seat's list, or -1."""
        self.built = 0
        """Palaces completed this turn."""
        self.check = -1
        """The declared check (index into CHECKS) while choosing targets, else -1."""
        self.targets = []

    def _end_turn(self, public: dict[str, Any]) -> None:
        if self.turn >= TURN_LIMIT:
            self._finish("turn_limit")
            public["game_over"] = "turn_limit"
            return
        self._begin_turn((self.current + 1) % self.num_players)

    def _finish(self, reason: str) -> None:
        self.over = True
        self.end_reason = reason

    def alone_fewest(self, seat: int) -> bool:
        """Has ``seat`` strictly fewer palaces (verified or not) than every other player?"""
        mine = len(self.palaces[seat])
        return all(
            mine < len(self.palaces[other]) for other in range(self.num_players) if other != seat
        )

    # ---------------------------------------------------------------- legality

    def banned(self, colour: int) -> bool:
        """May ``colour`` not be named, every card of it being open (see the ruling)?"""
        return self.banned_colours()[colour]

    def banned_colours(self) -> list[bool]:
        """:meth:`banned` for every colour, in one pass over the palaces."""
        shown = [0] * len(COLOURS) if self.strict_open_colour else list(self.removed)
        for palaces in self.palaces:
            for palace in palaces:
                if palace[VERIFIED]:
                    for colour in RANGE:
                        shown[colour] += palace[colour]
        return [shown[colour] >= COPIES[colour] for colour in RANGE]

    def _open_targets(self, seat: int) -> list[InspectPalace]:
        """Other players' unverified palaces not yet named in this inspection."""
        target = self.palace_targets
        return [target[place] for place in self._open_places(seat)]

    def _open_places(self, seat: int) -> Iterator[tuple[int, int]]:
        chosen = self.targets
        for owner in range(self.num_players):
            if owner != seat:
                for index, palace in enumerate(self.palaces[owner]):
                    if not palace[VERIFIED] and (owner, index) not in chosen:
                        yield owner, index

    def _legal(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        if self.check >= 0:
            actions: list[Action] = list(self._open_targets(seat))
            if self.targets:
                actions.append(self.reveal)
            return actions
        add = self.adds
        adds: list[Action] = [add[c] for c in RANGE if hand[c]]
        if self.building >= 0:
            return [*adds, self.complete]
        if self.built:
            return [*adds, self.end_building]
        if self.build_only:
            return adds
        actions = [self.draw, *adds]
        if next(self._open_places(seat), None) is not None:  # any palace to inspect
            inspect, banned = self.inspects, self.banned_colours()
            actions += [inspect[c] for c in RANGE if not banned[c]]
            actions += [inspect[PAIR_CHECK], inspect[ALL_COLOURS_CHECK]]
        quake = self.quakes
        actions += [quake[c] for c in RANGE if hand[c] >= EARTHQUAKE_CARDS]
        return actions

    def _why_illegal(self, seat: int, action: Action) -> str | None:
        colour = getattr(action, "colour", None)
        if colour is not None and colour not in COLOURS:
            return f"there is no colour {colour!r}; the colours are {', '.join(COLOURS)}"
        if self.check >= 0 and not isinstance(action, InspectPalace | Reveal):
            return "you are inspecting: name a palace" + (" or reveal" if self.targets else "")
        return super()._why_illegal(seat, action)

    def _why_short(self, seat: int, colour: str, need: int) -> str | None:
        hand = self.hands[seat]
        if hand[COLOURS.index(colour)] < need:
            return f"you need {need} {colour} card(s) in your hand, you have {hand}"
        return None

    @explains(AddPillar)
    def _why_not_add(self, seat: int, action: AddPillar) -> str | None:
        return self._why_short(seat, action.colour, 1)

    @explains(Earthquake)
    def _why_not_quake(self, seat: int, action: Earthquake) -> str | None:
        return self._why_short(seat, action.colour, EARTHQUAKE_CARDS)

    @explains(Reveal)
    def _why_not_reveal(self, seat: int, action: Reveal) -> str | None:
        return None if self.targets else "name a palace to inspect first"

    @explains(Inspect)
    def _why_no_inspection(self, seat: int, action: Inspect) -> str | None:
        check = action.check
        if check not in CHECKS:
            return f"there is no check {check!r}; the checks are {', '.join(CHECKS)}"
        if not self._open_targets(seat):
            return "no other player has an unverified palace"
        index = CHECKS.index(check)
        if index < COLOUR_CHECKS and self.banned(index):
            return f"every {COLOURS[index]} card is open on the table: it cannot be named"
        return None

    @explains(InspectPalace)
    def _why_no_target(self, seat: int, action: InspectPalace) -> str | None:
        if self.check < 0:
            return "declare a check (A–F) first"
        if action.owner == seat:
            return "you inspect other players' palaces only"
        if not 0 <= action.owner < self.num_players:
            return f"there is no seat {action.owner}"
        palaces = self.palaces[action.owner]
        if not 0 <= action.palace < len(palaces):
            return f"that player has {len(palaces)} palace(s)"
        if palaces[action.palace][VERIFIED]:
            return "that palace is verified: it is never inspected again"
        if (action.owner, action.palace) in self.targets:
            return "that palace is already named"
        if self.check >= COLOUR_CHECKS or len(self.targets) >= 2:
            return "no more palaces may be named for this check"
        return None

    # ------------------------------------------------------------------- play

    def _turn_done(self) -> Outcome | None:
        public: dict[str, Any] = {}
        self._end_turn(public)
        return Outcome(public) if public else None

    @plays(AddPillar)
    def _add(self, seat: int, action: AddPillar) -> Outcome:
        return self._add_pillar(seat, COLOURS.index(action.colour))

    @plays(Draw)
    def _draw_action(self, seat: int, action: Draw) -> Outcome:
        return self._draw(seat)

    @plays(CompletePalace)
    def _complete(self, seat: int, action: CompletePalace) -> Outcome | None:
        self.building = -1
        self.built += 1
        if self.double and self.built < 2 and any(self.hands[seat]):
            return None
        return self._turn_done()

    @plays(EndBuilding)
    def _end_building(self, seat: int, action: EndBuilding) -> Outcome | None:
        return self._turn_done()

    @plays(Inspect)
    def _declare(self, seat: int, action: Inspect) -> None:
        self.check = CHECKS.index(action.check)

    @plays(InspectPalace)
    def _name(self, seat: int, action: InspectPalace) -> Outcome | None:
        self.targets.append((action.owner, action.palace))
        if self.check < COLOUR_CHECKS and len(self.targets) < 2 and self._open_targets(seat):
            return None
        return self._reveal(seat, action)

    @plays(Reveal)
    def _reveal(self, seat: int, action: Action) -> Outcome:
        public: dict[str, Any] = {}
        self._inspect(seat, public)
        self._end_turn(public)
        return Outcome(public)

    @plays(Earthquake)
    def _quake(self, seat: int, action: Earthquake) -> Outcome:
        public: dict[str, Any] = {}
        self._earthquake(seat, COLOURS.index(action.colour), public)
        self._end_turn(public)
        return Outcome(public)

    def _draw(self, seat: int) -> Outcome:
        card = self.deck.pop()
        if card == END:
            self._finish("end_card")
            return Outcome({"end_card": True, "game_over": "end_card"})
        self.hands[seat][card] += 1
        public: dict[str, Any] = {}
        self._end_turn(public)
        return Outcome(public, {seat: {"card": COLOURS[card]}})

    def _add_pillar(self, seat: int, colour: int) -> Outcome:
        """One card into the palace under construction; others learn only the count."""
        palaces = self.palaces[seat]
        if self.building < 0:
            palaces.append([0, 0, 0, 0, 0])
            self.building = len(palaces) - 1
        palace = palaces[self.building]
        palace[colour] += 1
        self.hands[seat][colour] -= 1
        # Nobody else sees which card went: each known count can only be trusted one less.
        lose_unseen(self.known[seat])
        public = {"palace": self.building, "cards": sum(palace[:VERIFIED])}
        return Outcome(public, secret=True)

    def _inspect(self, seat: int, public: dict[str, Any]) -> None:
        """Turn the named palaces face up: safe ones are verified, the rest demolished."""
        results = []
        demolished: list[tuple[int, int]] = []
        hand, known = self.hands[seat], self.known[seat]
        for owner, index in self.targets:
            palace = self.palaces[owner][index]
            safe = is_safe(palace, self.check)
            results.append(
                {"owner": owner, "palace": index, "cards": palace[:VERIFIED], "safe": safe}
            )
            if safe:
                palace[VERIFIED] = 1
            else:
                demolished.append((owner, index))
                for c in RANGE:
                    hand[c] += palace[c]
                    known[c] += palace[c]
        for owner, index in sorted(demolished, reverse=True):
            del self.palaces[owner][index]
        public["check"] = CHECKS[self.check]
        public["results"] = results

    def _earthquake(self, seat: int, colour: int, public: dict[str, Any]) -> None:
        """Four cards of ``colour`` leave the game, and every verified palace holding it."""
        self.hands[seat][colour] -= EARTHQUAKE_CARDS
        lose(self.known[seat], colour, EARTHQUAKE_CARDS)
        self.removed[colour] += EARTHQUAKE_CARDS
        collapsed = []
        for owner, palaces in enumerate(self.palaces):
            kept = []
            for index, palace in enumerate(palaces):
                if palace[VERIFIED] and palace[colour]:
                    collapsed.append({"owner": owner, "palace": index, "cards": palace[:VERIFIED]})
                    for c in RANGE:
                        self.removed[c] += palace[c]
                else:
                    kept.append(palace)
            palaces[:] = kept
        public["collapsed"] = collapsed

    # -------------------------------------------------------------- positions

    def arrange(
        self,
        *,
        current: int = 0,
        hands: Mapping[int, Sequence[int]] | None = None,
        palaces: Mapping[int, Sequence[Sequence[int]]] | None = None,
        deck: Sequence[int] | None = None,
        removed: Sequence[int] | None = None,
        turn: int | None = None,
    ) -> AnehambraState:
        """Set up a position for a test or a puzzle at the start of ``current``'s turn.

        Returns the state itself.  Hands are four colour counts; palaces are
        ``[red, yellow, green, blue, verified]``; ``deck`` is listed top card
        first (``END`` is the END card).  Seats not given keep one red card
        in hand and no palace; nobody knows anything of another's hand.
        ``turn`` sets the turn count.  Components are not conserved: the
        position holds what it is given.

        >>> from bodoge.games.anehambra import GAME
        >>> state = GAME.new_game(4, seed=1).arrange(hands={0: [0, 0, 0, 0]}, deck=[END])
        >>> [action.TYPE for action in state.legal_actions(0)]
        ['draw']
        """
        given = hands or {}
        for seat in range(self.num_players):
            self.hands[seat] = list(given.get(seat, [1, 0, 0, 0]))
            self.known[seat] = [0] * len(COLOURS)
            self.palaces[seat] = [list(p) for p in (palaces or {}).get(seat, [])]
        if deck is not None:
            self.deck = list(reversed(deck))
            if END in deck and not self.stacked:
                self.end_index = len(deck) - 1 - deck.index(END)
        if removed is not None:
            self.removed = list(removed)
        self.turn = 0
        self.start_turn(current)
        if turn is not None:
            self.turn = turn
        return self

    def start_turn(self, seat: int) -> AnehambraState:
        """Begin ``seat``'s turn now, with what its hand and palaces allow (tests, puzzles)."""
        self._begin_turn(seat)
        return self

    # ------------------------------------------------------- hidden information

    def _redeal(self, seat: int | None, rng: Rng) -> None:
        """Re-deal the deck, others' unknown hand cards and others' unverified palaces.

        The END card keeps its place when the deck was stacked (3 players);
        otherwise it goes anywhere among the bottom cards it was shuffled into
        that are still in the deck.
        """
        end_in_deck = END in self.deck
        deck = [card for card in self.deck if card != END]
        zones = [Zone(deck, ordered=True)]
        for other in range(self.num_players):
            if other != seat:
                zones.append(Zone.counts(self.hands[other], self.known[other]))
                zones += [Zone.counts(p) for p in self.palaces[other] if not p[VERIFIED]]
        redeal(zones, rng)
        if end_in_deck:
            if not self.stacked:
                self.end_index = rng.below(min(UNDER, len(deck)) + 1)
            deck.insert(self.end_index, END)
        self.deck = deck

    # ------------------------------------------------------------ scoring

    @property
    def scores(self) -> tuple[int, ...]:
        """Palaces built (verified or not): the count that decides the game."""
        return tuple(len(palaces) for palaces in self.palaces)

    @property
    def hand_counts(self) -> list[int]:
        return [sum(hand) for hand in self.hands]

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.over or self.stopped:  # a safety limit is not a rule: no winner
            return ()
        return rank(list(self.scores), self.hand_counts)

    @property
    def stopped(self) -> bool:
        """Stopped by the safety limit of ``TURN_LIMIT`` turns (no winner), not by END."""
        return self.end_reason == "turn_limit"

    def summary(self, lang: str = "en", names: Sequence[str] | None = None) -> list[str]:
        if not self.over:
            return []
        return summary_lines(
            list(self.scores), self.hand_counts, list(self.winners), self.end_reason, lang, names
        )

    # ------------------------------------------------------------------ view

    def cards_before_end(self) -> int | None:
        """With the stacked deck (3 players) everyone knows how far END lies."""
        if not self.stacked or self.over:
            return None
        return len(self.deck) - 1 - self.end_index


def _stack_piles(deck: list[int]) -> int:
    """Split the deck into A, B, C (A on top, near-equal, larger first), stack A, B, END, C.

    Returns END's index from the bottom of the deck (the size of pile C).

    >>> deck = [0] * 67; _stack_piles(deck), deck.index(END), len(deck)
    (22, 22, 68)
    """
    bottom_pile = len(deck) // 3  # C gets no extra card: the extra ones go to A, then B
    deck.insert(bottom_pile, END)
    return bottom_pile
