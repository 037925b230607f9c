"""A heuristic Imhotep player that decides on what its seat may know.

It looks one decision ahead: each legal action is tried on a copy of the
game in which everything the seat cannot see has been re-dealt (so the
market deck and the round cards to come are guesses, never the truth),
its own follow-up steps (a Hammer's stone, a Lever's order, a market card)
are played greedily, and the position is judged by

* each player's points if the game ended now (what the rules score: the
  Pyramid's squares, the Temple's visible stones, Burial groups and
  Obelisk ranks, the cards), plus
* what its stones could still become: a stone on a ship that may sail is
  worth :data:`SHIP_STONE`, one on the sled :data:`SLED_STONE` (a little less
  in the last round, when it can only break a tie),

taking the best opponent's value from its own.  Ties are broken at random.
"""

from __future__ import annotations

from ...engine import Action, Rng, State, Strategy
from .data import ROUNDS, SHIP_MINIMUM

SHIP_STONE = 0.9
"""A stone on a ship will reach a site (about a point's worth)."""
SHIP_SHORT = 0.5
"""…less while the ship lacks its minimum."""
SLED_STONE = 0.55
"""A stone on the sled is a turn nearer a site."""
LAST_ROUND_SLED = 0.15
FOLLOW_UP = 6
"""Own follow-up steps played greedily after the action tried."""


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
    """Plays the legal action whose outcome it judges best (ties at random).

    >>> import bodoge
    >>> state = bodoge.get_game("imhotep").new_game(2, seed=1)
    >>> HeuristicBot(2).choose(state, 0) in state.legal_actions(0)
    True
    """

    def decide(self, state: State, seat: int, legal: list[Action]) -> Action:
        world = state.determinize(seat, Rng(self._rng.getrandbits(32)))
        scored = [(self._value(world, seat, action), self._rng.random(), action) for action in legal]
        return max(scored, key=lambda item: (item[0], item[1]))[2]

    def _value(self, world: State, seat: int, action: Action) -> float:
        trial = world.clone()
        trial.apply_unchecked(seat, action)
        for _ in range(FOLLOW_UP):
            if trial.to_act != (seat,) or trial.phase == "turn":  # type: ignore[attr-defined]
                break
            options = trial.legal_actions(seat)
            best = max(options, key=lambda a: self._immediate(trial, seat, a))
            trial.apply_unchecked(seat, best)
        return judge(trial, seat)

    @staticmethod
    def _immediate(state: State, seat: int, action: Action) -> float:
        trial = state.clone()
        trial.apply_unchecked(seat, action)
        return judge(trial, seat)
