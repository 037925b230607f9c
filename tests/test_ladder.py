"""The levels hold their order in mixed tables (issue 35).

* In every game where players choose at the same time, a table of
  ``normal`` bots with one ``random`` seat: identical deterministic
  heuristics collide (they bid on the same donut, call the same number)
  while the random seat takes what nobody wanted.  A mixed strategy must
  leave ``random`` less than its fair share of the wins, and ``normal``
  more than ``random`` (95 % Wilson intervals apart), at 3 to 5 players
  over 200 games, seated as the simulator seats a lineup (every seating
  order in turn).
* In every game, a few dozen quick games: ``easy`` wins more than
  ``random`` and ``normal`` more than ``easy`` where they share tables.
  ``strong`` against ``normal`` needs a search budget and many games: it
  belongs in ``bench/league.py`` (figures in ``docs/bots.md``).

Every game is seeded, so the figures replay exactly; each assertion's
message carries them.

Measured exceptions, all in Number Heist (bench/README.md, "Number Heist's
ceiling"), where the test asks what does hold:

* :data:`CEILINGS`: at 3 and 5 players no setting of its calling mix leaves
  ``random`` clearly below its fair share.  ``random`` is not clearly above
  it either (the old fixed pick failed that by far: random won 73 % and
  64 %).
* :data:`LEVEL_CEILINGS`: ``easy`` and ``normal`` win alike, ``easy`` being
  ``normal`` with more chance in its calls.  ``easy`` is not clearly ahead
  (their intervals overlap).
* :data:`LONGER`: at 4 players ``random`` stays below its fair share, but
  by less than elsewhere: 200 games do not always show it.
"""

from __future__ import annotations

import pytest

import bodoge
from bodoge.games import BUILTIN_IDS
from botkit import alternating, mean_scores, mixed_tables

SIMULTANEOUS = [game_id for game_id in BUILTIN_IDS if bodoge.get_game(game_id).simultaneous]
LADDER_GAMES = 200
CHECK_GAMES = 60
CEILINGS = {("number-heist", 3), ("number-heist", 5)}
"""Tables where random's share stays within its fair share's interval, measured (see above)."""
LEVEL_CEILINGS = {("number-heist", "normal", "easy")}
"""(game, level, the level below) that win alike, measured (see above)."""
LONGER = {("number-heist", 4): 600}
"""Tables that need more games than :data:`LADDER_GAMES` to tell random from fair."""


def simultaneous_tables() -> list[tuple[str, int]]:
    found = []
    for game_id in SIMULTANEOUS:
        game = bodoge.get_game(game_id)
        found += [(game_id, n) for n in range(3, 6) if game.min_players <= n <= game.max_players]
    return found


def test_the_simultaneous_games_are_those_the_issue_names() -> None:
    assert set(SIMULTANEOUS) >= {
        "go-nuts-for-donuts",
        "number-heist",
        "hoarders",
        "papayoo",
        "just-desserts",
    }


@pytest.mark.parametrize(("game_id", "players"), simultaneous_tables())
def test_normal_bots_beat_one_random_seat_where_players_choose_at_once(
    game_id: str, players: int
) -> None:
    game = bodoge.get_game(game_id)
    games = LONGER.get((game_id, players), LADDER_GAMES)
    tallies = mixed_tables(game, players, games, ["random"] + ["normal"] * (players - 1))
    chance, normal = tallies["random"], tallies["normal"]
    figures = f"{game_id} at {players}: random {chance}, normal {normal}"
    if (game_id, players) in CEILINGS:
        assert chance.interval[0] < 1 / players, figures
        return
    assert chance.interval[1] < 1 / players, figures
    assert normal.interval[0] > chance.interval[1], figures


def quick_count(game_id: str) -> int:
    """Four players where the game takes them (two seats of each level), else the nearest."""
    game = bodoge.get_game(game_id)
    return min(max(4, game.min_players), game.max_players)


@pytest.mark.parametrize("game_id", BUILTIN_IDS)
@pytest.mark.parametrize(("better", "worse"), [("easy", "random"), ("normal", "easy")])
def test_each_level_wins_more_than_the_one_below_in_shared_tables(
    game_id: str, better: str, worse: str
) -> None:
    """A cooperative game's seats share one result: there, whole tables of each level are
    compared by their mean score on the same seeds."""
    game = bodoge.get_game(game_id)
    players = quick_count(game_id)
    if game.cooperative:
        high, low = (mean_scores(game, players, CHECK_GAMES, spec) for spec in (better, worse))
        assert high > low, f"{game_id} at {players}: mean score {better} {high}, {worse} {low}"
        return
    tallies = mixed_tables(game, players, CHECK_GAMES, alternating(better, worse, players))
    figures = f"{game_id} at {players}: {better} {tallies[better]}, {worse} {tallies[worse]}"
    if (game_id, better, worse) in LEVEL_CEILINGS:
        assert tallies[worse].interval[0] < tallies[better].interval[1], figures
        return
    assert tallies[better].share > tallies[worse].share, figures
