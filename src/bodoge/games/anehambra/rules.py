"""The rules of アネハンブラ.

Hands, palaces and the removed cards are kept as counts per colour (index
0–3 of :data:`~.data.COLOURS`), which keeps legality, copying and the
re-deal cheap.  A palace is a list ``[red, yellow, green, blue, verified]``.
See the package docstring for the rulings applied.
"""

from __future__ import annotations

from typing import Any

from ...engine import Action, Outcome, Rng, State
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

END = len(COLOURS)
"""The END card's value in the deck (pillars are 0..3)."""
VERIFIED = len(COLOURS)
"""Index of a palace's verified flag, after its four colour counts."""
RANGE = range(len(COLOURS))

DRAW = Draw()
COMPLETE = CompletePalace()
END_BUILDING = EndBuilding()
REVEAL = Reveal()
ADD = tuple(AddPillar(colour) for colour in COLOURS)
QUAKE = tuple(Earthquake(colour) for colour in COLOURS)
INSPECT = tuple(Inspect(check) for check in CHECKS)
_TARGETS: dict[tuple[int, int], InspectPalace] = {}


def _target(owner: int, palace: int) -> InspectPalace:
    """Target actions are made once and reused: legal lists are rebuilt every step."""
    action = _TARGETS.get((owner, palace))
    if action is None:
        action = _TARGETS[owner, palace] = InspectPalace(owner, palace)
    return action


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


class AnehambraState(State):
    """A game of アネハンブラ in progress."""

    _copied = ("deck", "hands", "known", "palaces", "removed", "targets")

    def _setup(self) -> None:
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
        self.palaces: list[list[list[int]]] = [[] for _ in range(n)]
        self.removed = [0] * len(COLOURS)
        """Cards taken out of the game by earthquakes, per colour."""
        self.turn = 0
        self.over = False
        self.end_reason = ""
        self.targets: list[tuple[int, int]] = []
        self._begin_turn(0)

    # ------------------------------------------------------------ turn order

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.over else (self.current,)

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
        shown = 0 if self.strict_open_colour else self.removed[colour]
        for palaces in self.palaces:
            for palace in palaces:
                if palace[VERIFIED]:
                    shown += palace[colour]
        return shown >= COPIES[colour]

    def _open_targets(self, seat: int) -> list[InspectPalace]:
        """Other players' unverified palaces not yet named in this inspection."""
        chosen = self.targets
        return [
            _target(owner, index)
            for owner in range(self.num_players)
            if owner != seat
            for index, palace in enumerate(self.palaces[owner])
            if not palace[VERIFIED] and (owner, index) not in chosen
        ]

    def _legal(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        if self.check >= 0:
            actions: list[Action] = list(self._open_targets(seat))
            if self.targets:
                actions.append(REVEAL)
            return actions
        adds: list[Action] = [ADD[c] for c in RANGE if hand[c]]
        if self.building >= 0:
            return [*adds, COMPLETE]
        if self.built:
            return [*adds, END_BUILDING]
        if self.build_only:
            return adds
        actions = [DRAW, *adds]
        if self._open_targets(seat):
            actions += [INSPECT[c] for c in RANGE if not self.banned(c)]
            actions += [INSPECT[PAIR_CHECK], INSPECT[ALL_COLOURS_CHECK]]
        actions += [QUAKE[c] for c in RANGE if hand[c] >= EARTHQUAKE_CARDS]
        return actions

    def _why_illegal(self, seat: int, action: Action) -> str | None:
        hand = self.hands[seat]
        colour = getattr(action, "colour", None)
        if colour is not None and colour not in COLOURS:
            return f"there is no colour {colour!r}; the colours are {', '.join(COLOURS)}"
        at_start = self.building < 0 and not self.built and self.check < 0
        if at_start and self.build_only and not isinstance(action, AddPillar):
            return f"you began your turn with {BUILD_ONLY_HAND} or more cards: build only"
        if self.check >= 0 and not isinstance(action, InspectPalace | Reveal):
            return "you are inspecting: name a palace" + (" or reveal" if self.targets else "")
        if self.building >= 0 and not isinstance(action, AddPillar | CompletePalace):
            return "you are building a palace: add a pillar or complete it"
        if isinstance(action, AddPillar | Earthquake) and colour is not None:
            need = EARTHQUAKE_CARDS if isinstance(action, Earthquake) else 1
            if hand[COLOURS.index(colour)] < need:
                return f"you need {need} {colour} card(s) in your hand, you have {hand}"
        if isinstance(action, Inspect):
            return self._why_no_inspection(seat, action.check)
        if isinstance(action, InspectPalace):
            return self._why_no_target(seat, action)
        if isinstance(action, Reveal) and not self.targets:
            return "name a palace to inspect first"
        return None

    def _why_no_inspection(self, seat: int, check: str) -> str | None:
        if check not in CHECKS:
            return f"there is no check {check!r}; the checks are {', '.join(CHECKS)}"
        if not self._open_targets(seat):
            return "no other player has an unverified palace"
        index = CHECKS.index(check)
        if index < COLOUR_CHECKS and self.banned(index):
            return f"every {COLOURS[index]} card is open on the table: it cannot be named"
        return None

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

    def _play(self, seat: int, action: Action) -> Outcome | None:
        public: dict[str, Any] = {}
        kind = type(action)
        if kind is AddPillar:
            assert isinstance(action, AddPillar)
            return self._add_pillar(seat, COLOURS.index(action.colour))
        if kind is Draw:
            return self._draw(seat)
        if kind is CompletePalace:
            self.building = -1
            self.built += 1
            if self.double and self.built < 2 and any(self.hands[seat]):
                return None
        elif kind is Inspect:
            assert isinstance(action, Inspect)
            self.check = CHECKS.index(action.check)
            return None
        elif kind is InspectPalace:
            assert isinstance(action, InspectPalace)
            self.targets.append((action.owner, action.palace))
            if self.check < COLOUR_CHECKS and len(self.targets) < 2 and self._open_targets(seat):
                return None
            self._inspect(seat, public)
        elif kind is Reveal:
            self._inspect(seat, public)
        elif kind is Earthquake:
            assert isinstance(action, Earthquake)
            self._earthquake(seat, COLOURS.index(action.colour), public)
        else:
            assert kind is EndBuilding
        self._end_turn(public)
        return Outcome(public) if public else None

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
        known = self.known[seat]
        for c in RANGE:
            if known[c]:
                known[c] -= 1
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
        known = self.known[seat]
        known[colour] = max(0, known[colour] - EARTHQUAKE_CARDS)
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

    # ------------------------------------------------------- hidden information

    def _redeal(self, seat: int | None, rng: Rng) -> None:
        """Re-deal the deck, others' unknown hand cards and others' unverified palaces.

        The END card keeps its place when the deck was stacked (3 players);
        otherwise it goes anywhere among the bottom cards it was shuffled into
        that are still in the deck.
        """
        end_in_deck = END in self.deck
        pool = [card for card in self.deck if card != END]
        hidden_hands: list[tuple[int, int]] = []
        hidden_palaces: list[list[int]] = []
        for other in range(self.num_players):
            if other == seat:
                continue
            hand, known = self.hands[other], self.known[other]
            unknown = 0
            for c in RANGE:
                extra = hand[c] - known[c]
                if extra:
                    pool += [c] * extra
                    unknown += extra
                    hand[c] = known[c]
            hidden_hands.append((other, unknown))
            for palace in self.palaces[other]:
                if not palace[VERIFIED]:
                    for c in RANGE:
                        pool += [c] * palace[c]
                    hidden_palaces.append(palace)
        pool.sort()  # the unseen cards as a set: the result must not depend on their order
        rng.shuffle(pool)
        for palace in hidden_palaces:
            size = sum(palace[:VERIFIED])
            palace[:VERIFIED] = [0] * len(COLOURS)
            for card in pool[len(pool) - size :]:
                palace[card] += 1
            del pool[len(pool) - size :]
        for other, unknown in hidden_hands:
            for card in pool[len(pool) - unknown :]:
                self.hands[other][card] += 1
            del pool[len(pool) - unknown :]
        if end_in_deck:
            if not self.stacked:
                self.end_index = rng.below(min(UNDER, len(pool)) + 1)
            pool.insert(self.end_index, END)
        self.deck = pool

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

    def summary(self, lang: str = "en") -> list[str]:
        if not self.over:
            return []
        return summary_lines(
            list(self.scores), self.hand_counts, list(self.winners), self.end_reason, lang
        )

    # ------------------------------------------------------------------ view

    def cards_before_end(self) -> int | None:
        """With the stacked deck (3 players) everyone knows how far END lies."""
        if not self.stacked or self.over:
            return None
        return len(self.deck) - 1 - self.end_index

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {
            "colours": list(COLOURS),
            "current": self.current,
            "turn": self.turn,
            "deck": len(self.deck),
            "end_in": self.cards_before_end(),
            "removed": list(self.removed),
            "banned": [self.banned(c) for c in RANGE],
            "players": [self._player_view(other, seat) for other in range(self.num_players)],
            "hand": None if seat is None else list(self.hands[seat]),
            "step": self._step_view(),
            "result": self._result_view(),
        }

    def _player_view(self, owner: int, viewer: int | None) -> dict[str, Any]:
        return {
            "seat": owner,
            "hand_count": sum(self.hands[owner]),
            "known_hand": list(self.known[owner]),
            "palaces": [
                {
                    "cards": sum(palace[:VERIFIED]),
                    "verified": bool(palace[VERIFIED]),
                    "contents": (
                        palace[:VERIFIED] if palace[VERIFIED] or owner == viewer else None
                    ),
                }
                for palace in self.palaces[owner]
            ],
        }

    def _step_view(self) -> dict[str, Any]:
        """Where the current turn stands: what the start of the turn allows, partial choices."""
        return {
            "build_only": self.build_only,
            "double": self.double,
            "building": None if self.building < 0 else self.building,
            "built": self.built,
            "check": None if self.check < 0 else CHECKS[self.check],
            "targets": [{"owner": owner, "palace": index} for owner, index in self.targets],
        }

    def _result_view(self) -> dict[str, Any] | None:
        if not self.over:
            return None
        return {
            "reason": self.end_reason,
            "palaces": list(self.scores),
            "hands": self.hand_counts,
            "winners": list(self.winners),
        }


def _stack_piles(deck: list[int]) -> int:
    """Split the deck into A, B, C (A on top, near-equal, larger first), stack A, B, END, C.

    Returns END's index from the bottom of the deck (the size of pile C).

    >>> deck = [0] * 67; _stack_piles(deck), deck.index(END), len(deck)
    (22, 22, 68)
    """
    bottom_pile = len(deck) // 3  # C gets no extra card: the extra ones go to A, then B
    deck.insert(bottom_pile, END)
    return bottom_pile
