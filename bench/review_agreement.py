"""The review's judge checked against a stronger one: do its marks stand?

    python bench/review_agreement.py [--games ID ...] [--sample N] [--bots SPEC,SPEC]
                                     [--referee SPEC] [--times K] [--most-games G]
                                     [--seed S] [--json]

For each game, games of ``--bots`` (``normal`` and ``strong`` by default,
taking turns at the seats) are played from ``--seed`` on, and every seat's
decisions are reviewed at the server's default budget until ``--sample``
marked decisions are found (or ``--most-games`` games are played).  Each
mark's two choices (played, preferred) are measured again by a stronger
judge: ``--times`` the worlds, played out by ``--referee`` at every seat
rather than the game's playouts.  A mark *agrees* when the stronger judge
finds the played choice losing at least the mark's threshold less the
review's precision: the mark is confirmed, or off by no more than the
precision.

Printed per game: the marks checked, how many agree, the share, and the
CPU seconds.  Nothing here asserts; the figures are in bench/README.md.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass, replace
from typing import Any

import bodoge
from bodoge.bots import make_bot
from bodoge.bots.judge import compare, difference, worlds
from bodoge.engine import State, replay
from bodoge.review import THRESHOLDS, Budget, Estimate, Judgement, Playouts, review
from bodoge.server.reviews import DEFAULT_BUDGET


def play(game_id: str, specs: list[str], seed: int) -> dict[str, Any]:
    """One game of ``specs`` taking turns at the seats (the first at seat ``seed`` mod n)."""
    game = bodoge.get_game(game_id)
    count = min(max(game.min_players, 3), game.max_players)
    state = game.new_game(count, seed=seed)
    bots = [make_bot(specs[(s + seed) % len(specs)], game, seed * 7 + s) for s in range(count)]
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state, seat))
    return state.record()


@dataclass(frozen=True)
class Check:
    """A mark, and the loss the stronger judge measures between the same two choices."""

    judgement: Judgement
    loss: Estimate
    agrees: bool


def recheck(
    position: State, judgement: Judgement, budget: Budget, referee: Playouts, seed: int
) -> Check:
    """Measure a mark's two choices again in ``budget.worlds`` worlds played out by
    ``referee``: it agrees when the played one loses at least the mark's threshold less
    the precision."""
    seat = judgement.seat
    pair = [judgement.played_choice, judgement.best_choice]
    values = compare(seat, pair, worlds(position, seat, budget.worlds, seed), referee)
    played, best = (values[choice] for choice in pair)
    loss = difference([b - p for b, p in zip(best, played, strict=True)])
    metric = "team" if position.game.cooperative else "win"
    limit = dict(THRESHOLDS[metric])[judgement.mark] if judgement.mark else 0.0
    return Check(judgement, loss, loss.mean >= limit - budget.precision)


def stronger_budget(budget: Budget, times: int) -> Budget:
    return replace(
        budget,
        iterations=budget.iterations * times,
        worlds=budget.worlds * times,
        most_worlds=budget.cap * times,
    )


def referee_playouts(game_id: str, spec: str) -> Playouts:
    game = bodoge.get_game(game_id)
    return Playouts(lambda seed: make_bot(spec, game, seed))


def checks(
    game_id: str,
    sample: int,
    specs: list[str],
    referee: str,
    times: int,
    most_games: int,
    seed: int,
) -> list[Check]:
    """Up to ``sample`` marks of reviews of real games, each re-judged by the stronger judge."""
    found: list[Check] = []
    strong = stronger_budget(DEFAULT_BUDGET, times)
    playouts = referee_playouts(game_id, referee)
    for number in range(most_games):
        record = play(game_id, specs, seed + number)
        positions = replay(record)
        for seat in range(record["num_players"]):
            marked = review(record, seat, replace(DEFAULT_BUDGET, curve=0), seed=number).marked
            for judgement in marked:
                position = _position(positions, judgement.step)
                found.append(recheck(position, judgement, strong, playouts, seed=number + 1))
                if len(found) >= sample:
                    return found
    return found


def _position(final: State, step: int) -> State:
    """The position before action ``step`` of ``final``'s game."""
    state = final.game.new_game(final.num_players, final.seed, final.options, final.design)
    for event in final.events[:step]:
        state.apply_unchecked(event.seat, event.action)
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", default=bodoge.game_ids())
    parser.add_argument("--sample", type=int, default=30)
    parser.add_argument("--bots", default="normal,strong")
    parser.add_argument("--referee", default="strong")
    parser.add_argument("--times", type=int, default=10)
    parser.add_argument("--most-games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for game_id in args.games:
        start = time.process_time()
        found = checks(
            game_id,
            args.sample,
            args.bots.split(","),
            args.referee,
            args.times,
            args.most_games,
            args.seed,
        )
        agree = sum(check.agrees for check in found)
        rows.append(
            {
                "game": game_id,
                "marks": len(found),
                "agree": agree,
                "share": round(agree / len(found), 3) if found else None,
                "cpu_seconds": round(time.process_time() - start, 1),
            }
        )
        if not args.json:
            row = rows[-1]
            print(
                f"{game_id:20} {row['marks']:3} marks {row['agree']:3} agree "
                f"{row['share']!s:>6} {row['cpu_seconds']:8.1f} s",
                flush=True,
            )
    if args.json:
        print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
