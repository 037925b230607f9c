"""The rules of the two-digit number game: secret numbers, taken in ascending order.

A round has up to two parts.  In the *call* phase every player at once and
in secret makes a two-digit number from two different displayed cards (one
:class:`CallNumber`).  When the last number is in, all are revealed; numbers
called by more than one player fail (batting); then, smallest first, each
player takes the two cards of their number if both are still displayed.
After scoring the display is refilled and, in the *diamond* phase, the
player with the largest successful number puts a diamond on a displayed
card.  The first to 10 points wins.

The display is a list of slots (a digit each) with a diamond count per slot:
refilling fills the emptied slots in place, so cards stay where they lie.
See the package docstring for the rulings applied.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ...engine import Action, Outcome, Rng
from ...engine.kit import (
    Commitment,
    Phase,
    Rules,
    Zone,
    counted,
    draw,
    expect,
    explains,
    plays,
    redeal,
)
from .actions import CallNumber, PlaceDiamond, two_digits
from .data import (
    BOTTOM_SUCCESS,
    BOTTOM_TRIGGER,
    DECK,
    DIAMOND_POINTS,
    DIGITS,
    DISPLAY_SIZE,
    LARGEST_BONUS,
    ROUND_LIMIT,
    SUCCESS,
    TOP_SUCCESS,
    TOP_TRIGGER,
    zone_of,
)
from .text import summary_lines
from .vocabulary import ENDINGS, PHASES, RESULTS

CALL, DIAMOND, OVER = PHASES
SUCCEEDED, FAILED, BATTING = RESULTS
WON, ROUND_LIMIT_REACHED = ENDINGS

CALLING = Commitment.of_size(1)
"""Every seat makes its number at once, in secret (``calls[seat]`` holds it once made)."""


def numbers_from(display: Sequence[int]) -> list[int]:
    """Every number two different cards of ``display`` make (tens card, then ones card).

    >>> numbers_from([1, 0, 1])
    [1, 10, 11]
    """
    present = counted((d for d in display if d >= 0), DIGITS)
    return [
        tens * 10 + ones
        for tens in range(DIGITS)
        if present[tens]
        for ones in range(DIGITS)
        if present[ones] - (ones == tens) > 0
    ]


def take_slot(display: Sequence[int], diamonds: Sequence[int], digit: int, besides: int) -> int:
    """The displayed card of ``digit`` a taker takes: the one with the most diamonds.

    Ruling (the text does not say): of several displayed cards of one digit,
    the taker takes the one with the most diamonds (the first of them in the
    display); ``besides`` is a slot already taken for the other digit.  -1
    when there is none.
    """
    best = -1
    for slot, shown in enumerate(display):
        if shown == digit and slot != besides and (best < 0 or diamonds[slot] > diamonds[best]):
            best = slot
    return best


def takes(
    display: Sequence[int], diamonds: Sequence[int], numbers: Sequence[int]
) -> tuple[list[str], list[tuple[int, int] | None]]:
    """Every seat's result, and the slots it takes, when ``numbers`` are revealed.

    Numbers called more than once all fail (batting); the others, smallest
    first, take their tens card and ones card if both are still displayed.
    The display itself is not changed.

    >>> takes([1, 0, 3, 1, 7, 9, 2, 5], [0] * 8, [10, 31, 71, 79])
    (['success', 'success', 'fail', 'success'], [(0, 1), (2, 3), None, (4, 5)])
    >>> takes([1, 0, 3, 1, 7], [0] * 5, [10, 10])[0]
    ['batting', 'batting']
    """
    left = list(display)
    results = [FAILED] * len(numbers)
    slots: list[tuple[int, int] | None] = [None] * len(numbers)
    called = counted(numbers, 100)
    for number, seat in sorted((number, seat) for seat, number in enumerate(numbers)):
        if called[number] > 1:
            results[seat] = BATTING
            continue
        tens, ones = divmod(number, 10)
        first = take_slot(left, diamonds, tens, -1)
        second = take_slot(left, diamonds, ones, first) if first >= 0 else -1
        if second >= 0:
            results[seat] = SUCCEEDED
            slots[seat] = (first, second)
            left[first] = left[second] = -1
    return results, slots


def largest_success(numbers: Sequence[int], results: Sequence[str]) -> int:
    """The seat of the largest successful number (-1 when nobody succeeded)."""
    best = -1
    for seat, result in enumerate(results):
        if result == SUCCEEDED and (best < 0 or numbers[seat] > numbers[best]):
            best = seat
    return best


class NumberHeistState(Rules):
    """A game of the two-digit number game in progress."""

    PHASES: ClassVar[Mapping[str, Phase]] = {
        CALL: Phase((CallNumber,), "every player is secretly making a two-digit number"),
        DIAMOND: Phase(
            (PlaceDiamond,), "the largest successful number's player is placing a diamond"
        ),
    }

    deck: list[int]
    discard: list[int]
    display: list[int]
    diamonds: list[int]
    points: list[int]
    calls: list[list[int]]
    last_numbers: list[int]
    last_results: list[str]
    last_gains: list[list[int]]
    last_taken: list[list[int]]

    def _setup(self) -> None:
        n = self.num_players
        self.goal = int(self.design["winning_score"])
        table = self.table()
        self.call_actions = table.of(CallNumber)
        self.diamond_actions = table.of(PlaceDiamond)
        self.deck = list(DECK)
        self.rng.shuffle(self.deck)  # the top of the deck is the end
        self.discard = []
        self.display = draw(self.deck, DISPLAY_SIZE[n])
        self.diamonds = [0] * len(self.display)
        """Diamonds lying on each displayed card (they stay until the card is taken)."""
        self.points = [0] * n
        self.calls = [[] for _ in range(n)]
        """Each seat's secret number this round (``[]`` until made); only the owner sees it."""
        self.bottom_on = False
        """The bottom marker is in play (someone has reached 5)."""
        self.top_on = False
        """The top marker is in play (someone has reached 8)."""
        self.round = 1
        self.phase = CALL
        self.placer = -1
        """The seat placing a diamond (the largest successful number), or -1."""
        self.last_numbers = [-1] * n
        """Last round's numbers, revealed (-1 before the first reveal)."""
        self.last_results = [""] * n
        """Last round's result per seat: SUCCEEDED, FAILED or BATTING."""
        self.last_gains = [[0, 0, 0] for _ in range(n)]
        """Last round's points per seat: [success, largest bonus, diamonds]."""
        self.last_taken = [[] for _ in range(n)]
        """Last round's cards taken per seat (digits, tens first)."""
        self.last_zones = (-1, -1)
        """The zones the bottom and top markers acted on last round (-1: none)."""
        self.ending = ""
        self.final: tuple[int, ...] = ()

    # ------------------------------------------------------------ turn order

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.phase == CALL:
            return CALLING.owing(self.calls)
        if self.phase == DIAMOND:
            return (self.placer,)
        return ()

    def marker_zones(self) -> tuple[int, int]:
        """The zones the bottom and top markers act on now (-1: not in play or ignored).

        The bottom marker follows the last-placed player, the top marker the
        leader; both are ignored while everyone is on one score-track card.
        """
        zones = {zone_of(p) for p in self.points}
        if len(zones) == 1:
            return (-1, -1)
        bottom = zone_of(min(self.points)) if self.bottom_on else -1
        top = zone_of(max(self.points)) if self.top_on else -1
        return (bottom, top)

    def success_points(self, seat: int, zones: tuple[int, int]) -> int:
        """What a success is worth to ``seat`` with the markers on ``zones``."""
        zone = zone_of(self.points[seat])
        if zone == zones[0]:
            return BOTTOM_SUCCESS
        if zone == zones[1]:
            return TOP_SUCCESS
        return SUCCESS

    # ---------------------------------------------------------------- legality

    def _legal(self, seat: int) -> list[Action]:
        if self.phase == CALL:
            calls = self.call_actions
            return [calls[number] for number in numbers_from(self.display)]
        diamonds = self.diamond_actions
        return [diamonds[slot] for slot in range(len(self.display))]

    @explains(CallNumber)
    def _why_not_call(self, seat: int, action: CallNumber) -> str:
        number = action.number
        if not isinstance(number, int) or not 0 <= number < 100:
            return f"{number!r} is not a two-digit number (00 to 99)"
        tens, ones = divmod(number, 10)
        shown = sorted(self.display)
        if tens == ones:
            return f"{two_digits(number)} needs two {tens} cards; the display is {shown}"
        missing = tens if tens not in self.display else ones
        return f"no {missing} card is displayed; the display is {shown}"

    @explains(PlaceDiamond)
    def _why_not_diamond(self, seat: int, action: PlaceDiamond) -> str:
        return f"there is no card {action.slot + 1}; the display has {len(self.display)} cards"

    # ------------------------------------------------------------------- play

    @plays(CallNumber)
    def _call(self, seat: int, action: CallNumber) -> Outcome:
        self.calls[seat] = [action.number]
        if CALLING.owing(self.calls):
            return CALLING.step(complete=True)
        public: dict[str, Any] = {}
        self._resolve(public)
        return CALLING.step(complete=True, public=public)

    @plays(PlaceDiamond)
    def _place(self, seat: int, action: PlaceDiamond) -> Outcome:
        self.diamonds[action.slot] += 1
        public: dict[str, Any] = {"diamond": action.slot}
        self._next_round(public)
        return Outcome(public)

    def _resolve(self, public: dict[str, Any]) -> None:
        """Reveal, batting, takes in ascending order, scoring, markers, the end or a refill."""
        n = self.num_players
        numbers = [self.calls[seat][0] for seat in range(n)]
        zones = self.marker_zones()  # read at the start of scoring (ruling)
        results, slots = takes(self.display, self.diamonds, numbers)
        gains = [[0, 0, 0] for _ in range(n)]
        taken: list[list[int]] = [[] for _ in range(n)]
        for seat, pair in enumerate(slots):
            if pair is None:
                continue
            gains[seat][0] = self.success_points(seat, zones)
            for slot in pair:
                gains[seat][2] += DIAMOND_POINTS * self.diamonds[slot]
                taken[seat].append(self.display[slot])
                self.discard.append(self.display[slot])
                self.display[slot] = -1
                self.diamonds[slot] = 0
        largest = largest_success(numbers, results)
        if largest >= 0:
            gains[largest][1] = LARGEST_BONUS
        for seat in range(n):
            self.points[seat] += sum(gains[seat])
        self.last_numbers, self.last_results = numbers, results
        self.last_gains, self.last_taken, self.last_zones = gains, taken, zones
        self.calls = [[] for _ in range(n)]
        public.update(numbers=numbers, results=results, gains=gains, points=list(self.points))
        if not self.bottom_on and max(self.points) >= BOTTOM_TRIGGER:
            self.bottom_on = public["bottom_marker"] = True
        if not self.top_on and max(self.points) >= TOP_TRIGGER:
            self.top_on = public["top_marker"] = True
        reached = [seat for seat in range(n) if self.points[seat] >= self.goal]
        if reached:
            # several at once: the larger successful number wins (everyone who
            # scored this round succeeded, and no two successes share a number)
            winner = max(reached, key=lambda seat: numbers[seat])
            self._finish(WON, (winner,))
            public["game_over"] = WON
            public["winner"] = winner
            return
        public["refilled"] = self._refill()
        if largest >= 0:
            self.phase, self.placer = DIAMOND, largest
        else:
            self._next_round(public)

    def _refill(self) -> list[int]:
        """Fill the emptied slots in place from the deck (the discards reshuffled if need be)."""
        empty = [slot for slot, digit in enumerate(self.display) if digit < 0]
        drawn = draw(self.deck, len(empty), self.discard, self.rng)
        for slot, digit in zip(empty, drawn, strict=True):
            self.display[slot] = digit
        return drawn

    def _next_round(self, public: dict[str, Any]) -> None:
        self.placer = -1
        if self.round >= ROUND_LIMIT:
            self._finish(ROUND_LIMIT_REACHED, ())  # a safety limit, not a rule: no winner
            public["game_over"] = ROUND_LIMIT_REACHED
            return
        self.round += 1
        self.phase = CALL

    def _finish(self, ending: str, winners: tuple[int, ...]) -> None:
        self.phase = OVER
        self.ending = ending
        self.final = winners
        self.placer = -1

    # ---------------------------------------------------- checks and positions

    def check_conservation(self) -> None:
        """All 40 cards are in the deck, the discards or the display; diamonds lie on cards."""
        shown = [d for d in self.display if d >= 0]
        every = counted(self.deck + self.discard + shown, DIGITS)
        expect(every == counted(DECK, DIGITS), f"cards {every}")
        expect(len(self.display) == DISPLAY_SIZE[self.num_players], f"display {self.display}")
        expect(len(self.diamonds) == len(self.display), f"diamonds {self.diamonds}")
        expect(min(self.diamonds) >= 0, f"diamonds {self.diamonds}")
        if self.phase != OVER:
            expect(len(shown) == len(self.display), f"display {self.display}")
        expect(all(len(call) <= 1 for call in self.calls), f"calls {self.calls}")
        expect(min(self.points) >= 0, f"points {self.points}")

    def arrange(
        self,
        display: Sequence[int] | None = None,
        diamonds: Sequence[int] | None = None,
        points: Sequence[int] | None = None,
        top: Sequence[int] = (),
        deck_size: int | None = None,
        markers: tuple[bool, bool] | None = None,
    ) -> NumberHeistState:
        """Set up a position for a test or a puzzle, at the start of a round; returns the state.

        ``display`` gives the displayed digits (as many as the player count
        displays), ``diamonds`` the diamonds on them, ``points`` every
        seat's score; ``top`` the deck's top cards, top first, the other
        cards lying under them in a fixed order, cut to ``deck_size`` cards
        (the cards cut away go to the discards).  ``markers`` says whether
        the bottom and top markers are in play (by default: as the points
        say, someone at 5 or 8).

        >>> from bodoge.games.number_heist import GAME
        >>> state = GAME.new_game(2, seed=1).arrange([1, 0, 3, 1, 7], points=[4, 0])
        >>> state.view(0)["display"], state.view(1)["players"][0]["points"]
        ([1, 0, 3, 1, 7], 4)
        """
        rest = list(DECK)
        if display is not None:
            expect(len(display) == len(self.display), f"display of {len(self.display)} cards")
            self.display = list(display)
            self.diamonds = [0] * len(display)
        for digit in self.display:
            rest.remove(digit)
        if diamonds is not None:
            self.diamonds = list(diamonds)
        if points is not None:
            self.points = list(points)
        on_top = list(top)
        for digit in on_top:
            rest.remove(digit)
        under = rest if deck_size is None else rest[: max(0, deck_size - len(on_top))]
        self.discard = rest[len(under) :]
        self.deck = under + on_top[::-1]  # the top of the deck is the end
        if markers is None:
            markers = (max(self.points) >= BOTTOM_TRIGGER, max(self.points) >= TOP_TRIGGER)
        self.bottom_on, self.top_on = markers
        return self

    # ------------------------------------------------------- hidden information

    def _redeal(self, seat: int | None, rng: Rng) -> None:
        """Shuffle the deck and re-choose every number made in secret that ``seat`` cannot see."""
        redeal([Zone(self.deck, ordered=True)], rng)
        numbers = numbers_from(self.display)
        Commitment.reinvent(self.calls, seat, lambda other: numbers, rng)

    # ------------------------------------------------------------ scoring

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.points)

    @property
    def winners(self) -> tuple[int, ...]:
        return self.final

    @property
    def stopped(self) -> bool:
        """Stopped by the safety limit of ``ROUND_LIMIT`` rounds (no winner), not by a rule."""
        return self.ending == ROUND_LIMIT_REACHED

    def summary(self, lang: str = "en", names: Sequence[str] | None = None) -> list[str]:
        if self.phase != OVER:
            return []
        return summary_lines(self, lang, names)
