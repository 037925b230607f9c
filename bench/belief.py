"""The search's belief, per game: what it reads of the others' moves and what it costs.

For each game, ``--n`` seeded games of ``normal`` bots at ``--players``
players (clamped into the game's range) are played; at every decision of
seat 0 with a real choice, a :class:`bodoge.bots.belief.Belief` of the
game's strategy (learnt noise replaced by ``--noise``) is brought to the
position, as the ``strong`` level's search does before it searches.  The
rows give, per game:

* ``window``: the mean number of events its worlds were played through (the
  evidence read; 0 where the window was empty and worlds were uniform);
* ``pooled``: the share of decisions that had a pool (the rest re-dealt
  uniformly);
* ``ess``: the mean effective sample size of the pools, out of ``--worlds``:
  how far the others' moves moved the weights (``--worlds``: none at all);
* ``worlds/s``: worlds the search can sample per second, uniform
  (``determinize``) and from the pool (:meth:`Belief.world`, a clone);
* ``prepare ms``: the mean time to bring the pool to a decision (carrying
  particles forward, dealing new ones), which comes out of the search's
  budget (a quarter of it at most).

A game in which the search keeps uniform re-deals (nothing hidden, or its
hints' ``BELIEF = 0``) is measured all the same and marked ``off``.

Times are CPU times of this process (``time.process_time``), steadier than
the wall clock on a shared machine.

Usage::

    python bench/belief.py                                  # every game, 5 players
    python bench/belief.py --games papayoo,hoarders --players 4 --n 4 --json

No assertion is made: the figures are reported (bench/README.md keeps them).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass

from rich.console import Console
from rich.table import Table

import bodoge
from bodoge.bots import make_bot, search_hints
from bodoge.bots.belief import WORLDS, Belief
from bodoge.engine import Game, Rng, State
from bodoge.games import BUILTIN_IDS

DRAWS = 200
"""Worlds drawn per decision to time the sampling."""


@dataclass
class Row:
    game: str
    players: int
    decisions: int = 0
    pooled: int = 0
    window: float = 0.0
    ess: float = 0.0
    prepare_seconds: float = 0.0
    uniform_seconds: float = 0.0
    pooled_seconds: float = 0.0
    uniform_draws: int = 0
    pooled_draws: int = 0

    def to_json(self) -> dict:
        return asdict(self) | {
            "uniform_worlds_per_second": self.uniform_draws / self.uniform_seconds
            if self.uniform_seconds
            else None,
            "pooled_worlds_per_second": self.pooled_draws / self.pooled_seconds
            if self.pooled_seconds
            else None,
        }


def timed_draws(draw: Callable[[], object], count: int) -> float:
    start = time.process_time()
    for _ in range(count):
        draw()
    return time.process_time() - start


def measure(game: Game, players: int, games: int, worlds: int, noise: float) -> Row:
    row = Row(game.id, players)
    rng = random.Random(1)
    for seed in range(games):
        state = game.new_game(players, seed=seed)
        bots = [make_bot("normal", game, seed=seed * 7 + s) for s in range(players)]
        belief = Belief(
            game.heuristic_bot(seed), 0, 1.0, random.Random(seed), worlds, search_hints(game).rewind
        )
        while not state.is_over:
            seat = state.to_act[0]
            if seat == 0 and len(state.legal_actions(0)) > 1:
                observe(row, belief, state, noise, rng)
            state.apply(seat, bots[seat].choose(state, seat))
    return row


def observe(row: Row, belief: Belief, state: State, noise: float, rng: random.Random) -> None:
    start = time.process_time()
    belief.prepare(state, [noise] * state.num_players)
    row.prepare_seconds += time.process_time() - start
    row.decisions += 1
    row.uniform_seconds += timed_draws(
        lambda: state.determinize(0, Rng(rng.getrandbits(63))), DRAWS
    )
    row.uniform_draws += DRAWS
    if belief.particles:
        row.pooled += 1
        row.window += state.version - belief.start
        row.ess += belief.effective_size()
        row.pooled_seconds += timed_draws(lambda: belief.world(rng), DRAWS)
        row.pooled_draws += DRAWS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(BUILTIN_IDS))
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--n", type=int, default=3, help="games per game")
    parser.add_argument("--worlds", type=int, default=WORLDS, help="particles a pool wants")
    parser.add_argument("--noise", type=float, default=0.1, help="each seat's share of slips")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for game_id in args.games.split(","):
        game = bodoge.get_game(game_id)
        low, high = game.player_range()
        rows.append(
            measure(game, min(high, max(low, args.players)), args.n, args.worlds, args.noise)
        )
    if args.json:
        print(json.dumps([row.to_json() for row in rows], indent=1))
        return
    table = Table(title=f"The belief at decisions of normal bots' games ({args.worlds} worlds)")
    for column in (
        "game",
        "belief",
        "players",
        "decisions",
        "pooled",
        "window",
        "ess",
        "prepare ms",
        "uniform worlds/s",
        "pooled worlds/s",
    ):
        table.add_column(column, justify="left" if column == "game" else "right")
    for row in rows:
        pooled = row.pooled or 1
        figures = row.to_json()
        game = bodoge.get_game(row.game)
        on = game.hidden_information and search_hints(game).belief > 0
        table.add_row(
            row.game,
            "on" if on else "off",
            str(row.players),
            str(row.decisions),
            f"{row.pooled / max(1, row.decisions):.0%}",
            f"{row.window / pooled:.1f}",
            f"{row.ess / pooled:.1f}",
            f"{1000 * row.prepare_seconds / max(1, row.decisions):.1f}",
            f"{figures['uniform_worlds_per_second'] or 0:,.0f}",
            f"{figures['pooled_worlds_per_second'] or 0:,.0f}",
        )
    Console(width=200).print(table)


if __name__ == "__main__":
    main()
