"""Which option sets and player counts a test over every game runs.

The full product of a game's option sets and its player counts grows fast
(Cardiceo and Papayoo have dozens of pairs, and a Papayoo of three hands
per player at eight players is thousands of steps), so the quick run takes
a *covering* subset: every option set at its cheapest player count, and
every player count with its cheapest option set.  The cost of a pair is
the game's own bound on its length times the number of seats (each step is
checked from every seat).  Soak runs take the whole product.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from bodoge.engine import Game, OptionValue

Options = Mapping[str, OptionValue]


def every_pair(game: Game, option_sets: Iterable[Options]) -> list[tuple[Options, int]]:
    """Each option set with each player count it allows."""
    found = []
    for options in option_sets:
        low, high = game.player_range(options)
        found += [(options, players) for players in range(low, high + 1)]
    return found


def covering(game: Game, pairs: list[tuple[Options, int]]) -> list[tuple[Options, int]]:
    """A cheap subset of ``pairs`` with every option set and every player count.

    >>> import bodoge
    >>> papayoo = bodoge.get_game("papayoo")
    >>> chosen = covering(papayoo, every_pair(papayoo, papayoo.variants()))
    >>> sorted({players for _, players in chosen})
    [3, 4, 5, 6, 7, 8]
    >>> len(chosen) < len(every_pair(papayoo, papayoo.variants()))
    True
    """

    def cost(pair: tuple[Options, int]) -> int:
        options, players = pair
        return game.max_game_length(options, players) * players

    chosen: list[tuple[Options, int]] = []
    by_options: dict[str, list[tuple[Options, int]]] = {}
    by_players: dict[int, list[tuple[Options, int]]] = {}
    for pair in pairs:
        by_options.setdefault(repr(sorted(pair[0].items())), []).append(pair)
        by_players.setdefault(pair[1], []).append(pair)
    for group in (*by_options.values(), *by_players.values()):
        cheapest = min(group, key=cost)
        if cheapest not in chosen:
            chosen.append(cheapest)
    return chosen
