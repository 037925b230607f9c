"""How long a game review takes, per game, at the review's default budget.

    python bench/review.py [--games ID ...] [--players N] [--seed S] [--curve N] [--bot SPEC]
                           [--server] [--json]

For each game, one game of the game's heuristic bots (``normal``, or
``--bot``) is played from ``--seed``, then seat 1 (P1) is reviewed with
``bodoge.review`` at the default :class:`~bodoge.review.Budget` (``--curve``
changes the re-deals per curve point; 0 reviews the decisions alone), or
with ``--server`` at the server's default budget and limits (decisions and
curve points; its time limit is left out, so the figure is the limits').
Printed per game: the game's actions, P1's decisions judged of those with a
choice, the marks, and the CPU seconds of the review (process time, so a
loaded machine slows the clock less than it slows the wall).  Nothing here
asserts on speed; the figures are in bench/README.md.
"""

from __future__ import annotations

import argparse
import json
import time

import bodoge
from bodoge.bots import make_bot
from bodoge.review import Budget, Limits, review
from bodoge.server import Settings
from bodoge.server.reviews import DEFAULT_BUDGET


def one_game(
    game_id: str, players: int | None, seed: int, bot: str = "heuristic"
) -> dict[str, object]:
    game = bodoge.get_game(game_id)
    count = players or min(max(game.min_players, 3), game.max_players)
    state = game.new_game(count, seed=seed)
    bots = [make_bot(bot, game, seed * 7 + s) for s in range(count)]
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
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--server", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    budget, limits = Budget(curve=args.curve), Limits()
    if args.server:
        server = Settings()
        budget = DEFAULT_BUDGET
        limits = Limits(decisions=server.review_decisions, points=server.review_points)
    rows = []
    for game_id in args.games:
        record = one_game(game_id, args.players, args.seed, args.bot)
        start = time.process_time()
        result = review(record, 0, budget, limits=limits)
        seconds = time.process_time() - start
        rows.append(
            {
                "game": game_id,
                "players": record["num_players"],
                "actions": len(record["actions"]),
                "decisions": len(result.judgements),
                "of_decisions": result.decisions,
                "marked": len(result.marked),
                "cpu_seconds": round(seconds, 1),
            }
        )
        if not args.json:
            row = rows[-1]
            print(
                f"{game_id:20} {row['players']}p {row['actions']:4} actions "
                f"{row['decisions']:4}/{row['of_decisions']} decisions {row['marked']:3} marked "
                f"{row['cpu_seconds']:7.1f} s",
                flush=True,
            )
    if args.json:
        print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
