"""A shared measure for the games' bot tests: a bot's share of the wins against random play.

Each game's ``test_bot.py`` checks that its heuristic beats random players by
a wide margin (GAME-DONE: twice the fair share) over a few fixed seeds; the
long measurements live in ``bench/``.
"""

from __future__ import annotations

from collections.abc import Mapping

from bodoge.engine import Game, OptionValue
from bodoge.sim import play_game


def share_against_random(
    game: Game,
    players: int,
    games: int,
    options: Mapping[str, OptionValue] | None = None,
    bot: str = "heuristic",
) -> float:
    """``bot``'s share of the wins in ``games`` seeded games, its seat rotating among random
    players (a shared win counts in part)."""
    wins = 0.0
    for seed in range(games):
        seat = seed % players
        specs = ["random"] * players
        specs[seat] = bot
        result = play_game(game, players, options, seed=seed, bot_specs=specs)
        if seat in result.winners:
            wins += 1 / len(result.winners)
    return wins / games
