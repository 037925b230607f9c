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
from .data import ROUNDS, SHIP_MINIMUM

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
    view_rows = state.end_points()  # type: ignore[attr-defined]
    temple = state.temple[-state.width :]  # type: ignore[attr-defined]
    values = [float(sum(row)) for row in view_rows]
    if state.phase != "over":  # type: ignore[attr-defined]
        for owner in temple:
            values[owner] += 1
        last = state.round >= ROUNDS  # type: ignore[attr-defined]
        sled = LAST_ROUND_SLED if last else SLED_STONE
        for other in range(state.num_players):
            values[other] += sled * state.sled[other]  # type: ignore[attr-defined]
        for ship, slots in enumerate(state.cargo):  # type: ignore[attr-defined]
            if state.ship_site[ship] >= 0:  # type: ignore[attr-defined]
                continue
            loaded = sum(1 for s in slots if s >= 0)
            worth = SHIP_STONE if loaded >= SHIP_MINIMUM[len(slots)] else SHIP_SHORT
            for owner in slots:
                if owner >= 0:
                    values[owner] += worth
    else:
        values = [float(s) for s in state.scores]
    mine = values[seat]
    return mine - max(v for other, v in enumerate(values) if other != seat)


class HeuristicBot(Strategy):
    """Plays from the legal actions whose outcome it judges best (mixed play).

    >>> import bodoge
    >>> state = bodoge.get_game("imhotep").new_game(2, seed=1)
    >>> HeuristicBot(2).choose(state, 0) in state.legal_actions(0)
    True
    """

    near = 1e-6
    scale = SCALE

    def values(self, state: State, seat: int, legal: list[Action]) -> list[float]:
        world = state.determinize(seat, Rng(self._rng.getrandbits(32)))
        return [self._value(world, seat, action) for action in legal]

    def _value(self, world: State, seat: int, action: Action) -> float:
        trial = world.clone()
        trial.apply_unchecked(seat, action)
        for _ in range(FOLLOW_UP):
            if trial.is_over or trial.phase == "turn":  # type: ignore[attr-defined]
                break
            decider = trial.to_act[0]  # the steps set off: each player's own greedy choice
            options = trial.legal_actions(decider)
            best = max(options, key=lambda a: self._immediate(trial, decider, a))
            trial.apply_unchecked(decider, best)
        return judge(trial, seat)

    @staticmethod
    def _immediate(state: State, seat: int, action: Action) -> float:
        trial = state.clone()
        trial.apply_unchecked(seat, action)
        return judge(trial, seat)
