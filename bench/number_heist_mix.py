"""Number Heist's calling mix, swept: random's share in a table of normal bots plus one random.

    python bench/number_heist_mix.py PLAYERS SPREAD NOISE FIRST_SEED

Plays 200 seeded games (seeds FIRST_SEED…+199, the lineup rotated one seat
a game) with the heuristic's ``SPREAD`` for PLAYERS and its ``NOISE``
replaced, and prints random's and normal's win shares.  bench/README.md
("Number Heist's ceiling") has the sweep.
"""

from __future__ import annotations

import sys

import bodoge
import bodoge.games.number_heist.bot as heist
from bodoge.sim import play_game

GAMES = 200


def main(players: int, spread: float, noise: float, first: int) -> None:
    heist.SPREAD[players] = spread
    heist.NOISE = noise
    game = bodoge.get_game("number-heist")
    lineup = ["random"] + ["normal"] * (players - 1)
    wins = {"random": 0.0, "normal": 0.0}
    seats = {"random": 0, "normal": 0}
    for seed in range(first, first + GAMES):
        shift = seed % players
        specs = lineup[-shift:] + lineup[:-shift] if shift else list(lineup)
        result = play_game(game, players, None, seed=seed, bot_specs=specs)
        for seat, spec in enumerate(specs):
            seats[spec] += 1
            if seat in result.winners:
                wins[spec] += 1 / len(result.winners)
    shares = {spec: wins[spec] / seats[spec] for spec in wins}
    print(players, spread, noise, first, f"random {shares['random']:.3f}", end=" ")
    print(f"normal {shares['normal']:.3f}", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]))
