"""A heuristic Imhotep player that decides on what its seat may know.

It looks one decision ahead: each legal action is tried on a copy of the
game in which everything the seat cannot see has been re-dealt (so the
market deck and the round cards to come are guesses, never the truth),
the steps it sets off (a Hammer's stone, a Lever's order, the market cards
of every stone unloaded) are played greedily, each by its own player, and the position is judged by

* each player's points if the game ended now (what the rules score: the
  Pyramid's squares, the Temple's visible stones, Burial groups and
  Obelisk ranks, the cards), plus
* what its stones could still become: a stone on a ship that may sail is
  worth :data:`SHIP_STONE`, one on the sled :data:`SLED_STONE` (a little less
  in the last round, when it can only break a tie),

taking the best opponent's value from its own.  Equal values share the draw.
"""

from __future__ import annotations

from ...engine import Action, Rng, State, Strategy
from .actions import PlaceStone, SailShip, TakeCard, TakeStones
from .data import MARKET, PYRAMID, ROUNDS, SHIP_MINIMUM, SLED_CAPACITY, TAKE, TEMPLE
from .rules import MARKET_PICK, OVER, RED, SHIP, TURN, ImhotepState, card_points

SHIP_STONE = 0.3
"""A stone on a ship that may sail: it will reach a site, but whoever sails it chooses where.

Kept low: valued higher (0.9, with 0.55 on the sled) the bot hoarded stones
and lost to random players; these values win most games against them
(bench/README.md)."""
SHIP_SHORT = 0.1
"""…much less while the ship lacks its minimum."""
SLED_STONE = 0.05
"""A stone on the sled: only a tie-break until it is placed."""
LAST_ROUND_SLED = 0.05
SCALE = 2.0
"""A typical gap between a good action and a poor one, in points: the easy level's
temperature unit (bench/README.md)."""
FOLLOW_UP = 10
"""Follow-up steps (market cards, a Lever's order, bonuses) played greedily, each by
the player it belongs to, before the position is judged."""


def judge(state: State, seat: int) -> float:
    """The seat's standing: its value less the best opponent's."""
    if state.phase == OVER:  # type: ignore[attr-defined]
        return margin([float(score) for score in state.scores], seat)
    return margin(prospects(state), seat)


def prospects(state: State) -> list[float]:
    """Each seat's points as the game stands (:meth:`projection`) and its stones' prospects."""
    values = [float(sum(row)) for row in state.projection()]  # type: ignore[attr-defined]
    last = state.round >= ROUNDS  # type: ignore[attr-defined]
    sled = LAST_ROUND_SLED if last else SLED_STONE
    for other, stones in enumerate(state.sled):  # type: ignore[attr-defined]
        values[other] += sled * stones
    for ship, slots in enumerate(state.cargo):  # type: ignore[attr-defined]
        if state.ship_site[ship] >= 0:  # type: ignore[attr-defined]
            continue
        loaded = sum(1 for s in slots if s >= 0)
        worth = SHIP_STONE if loaded >= SHIP_MINIMUM[len(slots)] else SHIP_SHORT
        for owner in slots:
            if owner >= 0:
                values[owner] += worth
    return values


def margin(values: list[float], seat: int) -> float:
    """``seat``'s value less the best opponent's."""
    return values[seat] - max(v for other, v in enumerate(values) if other != seat)


class Standing:
    """One position's :func:`prospects`, worked out once for all the moves tried on it.

    Moves that only shift stones or give a plain card change a few terms of
    it; :meth:`after` gives the judgement after such a move, or ``None`` when
    the move must be played on a copy.  ``follow``: the move's consequences
    are followed further (a blue card's placement then goes on to more).
    """

    def __init__(self, state: ImhotepState) -> None:
        self.state = state
        self._values: list[float] | None = None
        self._decorations: tuple[tuple[int, int], ...] | None = None

    @property
    def values(self) -> list[float]:
        if self._values is None:
            self._values = prospects(self.state)
        return list(self._values)

    def after(self, seat: int, action: Action, follow: bool) -> float | None:
        state = self.state
        phase = state.phase
        if isinstance(action, PlaceStone) and (phase == TURN or (phase == SHIP and not follow)):
            return self._placed(seat, action)
        if isinstance(action, TakeStones) and phase == TURN:
            return self._took(seat)
        if isinstance(action, TakeCard) and phase == MARKET_PICK and not follow:
            return self._card(seat, state.row[action.slot])
        return None

    def _sled_worth(self) -> float:
        return LAST_ROUND_SLED if self.state.round >= ROUNDS else SLED_STONE

    def _placed(self, seat: int, action: PlaceStone) -> float | None:
        state = self.state
        if may_stall_without(state, seat, sled=state.sled[seat] - 1):
            return None
        slots = state.cargo[action.ship]
        owners = [owner for owner in slots if owner >= 0]
        minimum = SHIP_MINIMUM[len(slots)]
        before = SHIP_STONE if len(owners) >= minimum else SHIP_SHORT
        after = SHIP_STONE if len(owners) + 1 >= minimum else SHIP_SHORT
        values = self.values
        values[seat] += after - self._sled_worth()
        if after != before:
            for owner in owners:
                values[owner] += after - before
        return margin(values, seat)

    def _took(self, seat: int) -> float | None:
        state = self.state
        moved = min(TAKE, state.quarry[seat], SLED_CAPACITY - state.sled[seat])
        if may_stall_without(state, seat, sled=state.sled[seat] + moved):
            return None
        values = self.values
        values[seat] += moved * self._sled_worth()
        return margin(values, seat)

    def _card(self, seat: int, card: int) -> float | None:
        if card < 0 or card in RED:
            return None  # the face-down pair, or a stone placed at once
        values = self.values
        values[seat] += self._gain(seat, card)
        return margin(values, seat)

    def _gain(self, seat: int, card: int) -> int:
        """The points a plain card adds to ``seat``'s hand at the end."""
        if self._decorations is None:
            self._decorations = self.state.decorations()
        hand = self.state.hands[seat]
        before = sum(card_points(hand, self._decorations))
        hand[card] += 1
        try:
            return sum(card_points(hand, self._decorations)) - before
        finally:
            hand[card] -= 1

    def card_gains(self, seat: int, options: list[Action]) -> list[int] | None:
        """Each market card's gain when every option is a plain card, else ``None``.

        Only the taker's value moves, by the gain: the best gain is then the
        best judgement, and the position's prospects are not needed.
        """
        if self.state.phase != MARKET_PICK:
            return None
        row = self.state.row
        cards = [row[action.slot] for action in options]  # type: ignore[attr-defined]
        if any(card < 0 or card in RED for card in cards):
            return None
        return [self._gain(seat, card) for card in cards]


def may_stall_without(state: ImhotepState, seat: int, sled: int) -> bool:
    """Whether nobody might act once ``seat``'s sled holds ``sled`` stones (the round would
    end): not while someone can take stones, which is nearly always."""
    for other, quarry in enumerate(state.quarry):
        stones = state.sled[other]
        if other == seat:
            quarry -= max(0, sled - stones)  # noqa: PLW2901 (a take moves them from the quarry)
            stones = sled
        if quarry and stones < SLED_CAPACITY:
            return False
    return True


def sails_in_sight(state: ImhotepState, action: Action) -> bool:
    """Whether sailing plays out on what everyone sees, so that no re-deal is needed.

    A re-deal is needed only where hidden cards come into play: a new round
    (the last ship sails, or nobody can act after it: not while someone can
    take stones, and a sail takes none), a card drawn from the market deck
    (the B sides of the Temple and the Pyramids, which a red card may reach
    too) or Market B's face-down pair.
    """
    if not isinstance(action, SailShip) or state.phase != TURN:
        return False
    in_port = sum(1 for site in state.ship_site if site < 0)
    return (
        in_port > 1
        and all(state.side(site) == "A" for site in (MARKET, TEMPLE, PYRAMID))
        and any(q and s < SLED_CAPACITY for q, s in zip(state.quarry, state.sled, strict=True))
    )


class HeuristicBot(Strategy):
    """Plays from the legal actions whose outcome it judges best (mixed play).

    Most actions are judged without playing them on a copy: taking stones or
    placing one changes only the stones' prospects, and a plain market card
    only its taker's cards (:class:`Standing`).  The others (sailing, blue
    cards, red market cards) are played on a re-dealt copy, made once per
    decision and only when needed.

    >>> import bodoge
    >>> state = bodoge.get_game("imhotep").new_game(2, seed=1)
    >>> HeuristicBot(2).choose(state, 0) in state.legal_actions(0)
    True
    """

    near = 1e-6
    scale = SCALE

    def values(self, state: State, seat: int, legal: list[Action]) -> list[float]:
        assert isinstance(state, ImhotepState)
        key = self._rng.getrandbits(32)  # drawn always: the draws never depend on the moves
        world: State | None = None
        standing = Standing(state)
        found = []
        for action in legal:
            value = standing.after(seat, action, follow=True)
            if value is None and sails_in_sight(state, action):
                value = self._value(state, seat, action)
            elif value is None:
                if world is None:
                    world = state.determinize(seat, Rng(key))
                value = self._value(world, seat, action)
            found.append(value)
        return found

    def _value(self, world: State, seat: int, action: Action) -> float:
        trial = world.clone()
        trial.apply_unchecked(seat, action)
        for _ in range(FOLLOW_UP):
            if trial.is_over or trial.phase == TURN:  # type: ignore[attr-defined]
                break
            decider = trial.to_act[0]  # the steps set off: each player's own greedy choice
            options = trial.legal_actions(decider)
            standing = Standing(trial)  # type: ignore[arg-type]
            gains = standing.card_gains(decider, options)
            if gains is not None:  # plain cards only: the best gain is the best judgement
                best = options[gains.index(max(gains))]
            else:
                best = max(options, key=lambda a: self._immediate(standing, decider, a))
            trial.apply_unchecked(decider, best)
        return judge(trial, seat)

    @staticmethod
    def _immediate(standing: Standing, seat: int, action: Action) -> float:
        quick = standing.after(seat, action, follow=False)
        if quick is not None:
            return quick
        trial = standing.state.clone()
        trial.apply_unchecked(seat, action)
        return judge(trial, seat)
