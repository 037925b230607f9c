"""A heuristic Egyptian Bride player that reads only its own view.

It picks up to four *target* numbers, those where it leads or can catch up
(its own cards against the most any opponent is known to hold, placed or
taken face up), and scores each legal action by how it serves them: take
cards of targets (or deny an opponent's close race), place a card to be
able to claim a free chip, claim the chip of a number it leads, and use
jealousy to break a rival's lead with cards it does not need.  Nothing here
looks at hidden cards: it reads only what its seat's view shows.
"""

from __future__ import annotations

from ...engine import Action, State, Strategy
from .actions import Jealousy, Place, StopTaking, TakeChip, TakeFaceUp, TakeFromDeck
from .rules import EgyptianBrideState

MAX_TARGETS = 4
DECK_VALUE = 0.55
"""What an unseen card from the deck is worth: a little more than a stray card."""
STOP_BELOW = 0.5
"""Stop taking when no card left to take is worth this much."""
SCALE = 0.5
"""A typical gap between a good action and a poor one (a target's card, 1.2, against a
stray one, 0.2, is twice it): the easy level's temperature unit (bench/README.md)."""


class Race:
    """The bot's reading of each number's race, from what its seat may see.

    It reads the state's per-number counts directly (a playout asks for
    thousands of decisions), but only the parts in the seat's own view: its
    hand, everybody's placed cards, the cards others are publicly known to
    hold, and the chips.  Lists are indexed by the number itself.
    """

    def __init__(self, state: EgyptianBrideState, seat: int) -> None:
        numbers = state.numbers
        self.numbers = numbers
        self.seat = seat
        self.hand: list[int] = state.hands[seat]
        self.placed: list[int] = state.placed[seat]
        self.mine = [h + p for h, p in zip(self.hand, self.placed, strict=True)]
        self.rival = [0] * len(self.mine)
        self.rival_seat: list[int | None] = [None] * len(self.mine)
        for other in range(state.num_players):
            if other == seat:
                continue
            placed, taken = state.placed[other], state.known[other]
            for n in numbers:
                known = placed[n] + taken[n]
                if known > self.rival[n]:
                    self.rival[n], self.rival_seat[n] = known, other
        self.chips: list[int | None] = [c if c >= 0 else None for c in state.chips]
        self.leads = [m - r for m, r in zip(self.mine, self.rival, strict=True)]
        """leads[n]: the bot's cards of n minus the most any rival is seen to have."""
        self.won = [self._wins(n) for n in range(len(self.mine))]
        self.brides = sum(self.won)
        """How many numbers the bot would marry if the game ended now."""
        self.targets = self._targets()

    def lead(self, n: int) -> int:
        return self.leads[n]

    def _targets(self) -> set[int]:
        """Up to four numbers worth racing for: leads first, then close races."""
        leads, chips, seat = self.leads, self.chips, self.seat
        hopeful = [
            n
            for n in self.numbers
            if self.mine[n] and leads[n] >= -1 and (chips[n] is None or chips[n] == seat)
        ]
        if len(hopeful) > MAX_TARGETS:
            hopeful.sort(key=lambda n: (leads[n], chips[n] == seat, n), reverse=True)
        return set(hopeful[:MAX_TARGETS])

    def _wins(self, n: int) -> bool:
        lead = self.leads[n]
        return self.mine[n] > 0 and (lead > 0 or (lead == 0 and self.chips[n] == self.seat))

    def wins(self, n: int) -> bool:
        """Would the bot marry ``n`` if the game ended now (as far as it can see)?"""
        return self.won[n]


def score(race: Race, action: Action) -> float:
    """How much ``action`` helps, in rough points."""
    if isinstance(action, TakeFaceUp):
        return _card_value(race, action.number)
    if isinstance(action, TakeFromDeck):
        return 0.1 if _crowded(race) else DECK_VALUE
    if isinstance(action, StopTaking):
        return STOP_BELOW
    if isinstance(action, TakeChip):
        return _chip_value(race, action.number)
    if isinstance(action, Place):
        return _place_value(race, action.number)
    if isinstance(action, Jealousy):
        return _jealousy_value(race, action)
    return 0.0


def _crowded(race: Race) -> bool:
    """Four brides in sight: a fifth would put the bot out of the game."""
    return race.brides >= MAX_TARGETS


def _card_value(race: Race, n: int) -> float:
    if _crowded(race) and not race.wins(n) and race.mine[n] + 1 > race.rival[n]:
        return -0.5  # this card would win a fifth bride
    if n in race.targets:
        lead = race.lead(n)
        return 1.2 if -1 <= lead <= 1 else 0.8
    if race.rival[n] and race.rival[n] >= race.mine[n] and race.chips[n] is None:
        return 0.45  # deny a rival's race
    if len(race.targets) < MAX_TARGETS and race.chips[n] in (None, race.seat):
        return 0.6  # a new race to start
    return 0.2


def _chip_value(race: Race, n: int) -> float:
    lead = race.lead(n)
    if n not in race.targets or race.brides > MAX_TARGETS:
        return -1.0 if lead < 0 else 0.1
    if lead >= 2:
        return 1.6
    if lead >= 0:
        return 1.3 + 0.01 * n
    return -0.5


def _place_value(race: Race, n: int) -> float:
    if n in race.targets and race.chips[n] is None and not race.placed[n] and race.lead(n) >= 0:
        return 1.0 + 0.01 * n
    if race.chips[n] == race.seat:
        return 0.15
    return 0.05


def _jealousy_value(race: Race, action: Jealousy) -> float:
    n, pay = action.number, action.pay
    if pay in race.targets and race.hand[pay] - action.count < race.rival[pay]:
        return -1.0  # it would throw away a race the bot is running
    if race.brides > MAX_TARGETS and race.wins(pay) and pay not in race.targets:
        return 1.4  # shed a fifth bride
    if race.rival_seat[n] != action.target:
        return 0.0
    lead_after = race.mine[n] - (race.rival[n] - action.count // 2)
    if race.chips[n] == action.target or lead_after >= 0:
        return 1.1 if n in race.targets else 0.7
    return 0.1


class HeuristicBot(Strategy):
    """Scores every legal action with :func:`score` and plays from the best (mixed play).

    >>> import bodoge
    >>> state = bodoge.get_game("egyptian-bride").new_game(3, seed=1)
    >>> HeuristicBot(2).choose(state, 0) in state.legal_actions(0)
    True
    """

    near = 0.001
    """The values' own steps (0.01 between numbers) are preferences: only equal values tie."""
    scale = SCALE

    def values(self, state: State, seat: int, legal: list[Action]) -> list[float]:
        assert isinstance(state, EgyptianBrideState)
        race = Race(state, seat)
        return [score(race, action) for action in legal]


def standing(state: EgyptianBrideState) -> list[float]:
    """Each seat's points if the game ended now, for a search cut short at its horizon.

    Nobody scores before the settlement, so the running scores (all zero)
    cannot tell a search who is ahead.  A seat that would drop out ranks below
    everyone; ties lean to whoever marries the highest number, as at the end.
    """
    settlement = state.settle_now()
    points = settlement.points
    floor = min(points) - 1.0
    top = settlement.numbers[-1]
    highest = [0] * state.num_players
    for number, bride in zip(settlement.numbers, settlement.brides, strict=True):
        if bride is not None:
            highest[bride] = number
    return [
        floor if out else point + 0.5 * high / (top + 1)
        for point, out, high in zip(points, settlement.out, highest, strict=True)
    ]
