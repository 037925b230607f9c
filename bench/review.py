"""How long a game review takes, per game, at the review's default budget.

    python bench/review.py [--games ID ...] [--players N] [--seed S] [--curve N] [--json]

For each game, one game of the game's heuristic bots (``normal``) is played
from ``--seed``, then seat 1 (P1) is reviewed with ``bodoge.review`` at the
default :class:`~bodoge.review.Budget` (``--curve`` changes the re-deals
per curve point; 0 reviews the decisions alone).  Printed per game: the
game's actions, P1's decisions with a choice, the marks, and the CPU
seconds of the review (process time, so a loaded machine slows the clock
less than it slows the wall).  Nothing here asserts on speed; the figures
are in bench/README.md.
"""

from __future__ import annotations

import argparse
import json
import time

import bodoge
from bodoge.bots import make_bot
from bodoge.review import Budget, review


def one_game(game_id: str, players: int | None, seed: int) -> dict[str, object]:
    game = bodoge.get_game(game_id)
    count = players or min(max(game.min_players, 3), game.max_players)
    state = game.new_game(count, seed=seed)
    bots = [make_bot("heuristic", game, seed * 7 + s) for s in range(count)]
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state, seat))
    return state.record()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", default=bodoge.game_ids())
    parser.add_argument("--players", type=int)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--curve", type=int, default=Budget.curve)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for game_id in args.games:
        record = one_game(game_id, args.players, args.seed)
        start = time.process_time()
        result = review(record, 0, Budget(curve=args.curve))
        seconds = time.process_time() - start
        rows.append(
            {
                "game": game_id,
                "players": record["num_players"],
                "actions": len(record["actions"]),
                "decisions": len(result.judgements),
                "marked": len(result.marked),
                "cpu_seconds": round(seconds, 1),
            }
        )
        if not args.json:
            row = rows[-1]
            print(
                f"{game_id:20} {row['players']}p {row['actions']:4} actions "
                f"{row['decisions']:4} decisions {row['marked']:3} marked "
                f"{row['cpu_seconds']:7.1f} s",
                flush=True,
            )
    if args.json:
        print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
