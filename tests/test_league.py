"""``bench/league.py``: its schedule, its standings, its ratings and its outside entrants.

The league's figures belong in ``docs/bots.md``; here a tiny league checks
that it runs, that every entrant takes every seat alike, that a standing
puts the winners first, and that an outside entrant joins through
``python:module:callable``.
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import sys
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType

import pytest
from rich.console import Console

from bodoge.bots import Bot, RandomBot
from bodoge.engine import Game

BENCH = Path(__file__).resolve().parents[1] / "bench"


def load_league() -> ModuleType:
    spec = importlib.util.spec_from_file_location("league", BENCH / "league.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["league"] = module
    spec.loader.exec_module(module)
    return module


league = load_league()


def outside_agent(game: Game, num_players: int, options: Mapping, seed: int) -> Bot:
    """An outside entrant as a trained agent would come: made from game, count, options, seed."""
    assert num_players >= 2 and isinstance(options, Mapping)
    del game
    return RandomBot(seed)


def test_every_entrant_takes_every_seat_equally_often() -> None:
    tables = league.schedule(["a", "b", "c", "d"], 3)
    assert len(tables) == 4 * 3
    for seat in range(3):
        assert Counter(table[seat] for table in tables) == {"a": 3, "b": 3, "c": 3, "d": 3}


def test_a_standing_puts_the_winners_first_then_the_others_by_score() -> None:
    played = league.Played(("a", "b", "c", "d"), [3.0, 9.0, 5.0, 5.0], [0])
    assert league.standing(played) == [1, 2, 3, 3]  # a winner need not have the best score
    shared = league.Played(("a", "b", "c"), [4.0, 4.0, 1.0], [0, 1])
    assert league.standing(shared) == [1, 1, 2]


def test_ratings_rank_the_entrant_that_always_wins_first() -> None:
    games = [
        league.Played(lineup, [0.0, 0.0], [lineup.index("w")])
        for lineup in league.schedule(["w", "x", "y"], 2) * 5
        if "w" in lineup
    ]
    rated = league.ratings(games, ["w", "x", "y"])
    assert rated["w"]["ordinal"] > rated["x"]["ordinal"]
    assert rated["w"]["ordinal"] > rated["y"]["ordinal"]


def test_a_small_league_with_an_outside_entrant() -> None:
    entrants = {
        "random": league.Entrant("random", "random"),
        "normal": league.Entrant("normal", "normal"),
        "agent": league.Entrant("agent", f"python:{__name__}:outside_agent"),
    }
    for entrant in entrants.values():
        entrant.check()
    quiet = Console(file=io.StringIO())
    report = league.league_of("egyptian-bride", entrants, [3], 6, 0.01, 1, quiet)
    (row,) = report.rows
    assert row["games"] == 6 and row["players"] == 3
    assert {name: share["seats"] for name, share in row["shares"].items()} == {
        "random": 6,
        "normal": 6,
        "agent": 6,
    }
    assert set(report.ratings) == set(entrants)


@pytest.mark.parametrize("text", ["nothing", "=random", "x="])
def test_an_entrant_is_name_equals_spec(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match="NAME=SPEC"):
        league.parse_entrant(text)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("python:no_such_module_here:make", "No module"),
        (f"python:{__name__}:missing", "missing"),
        ("python:onlymodule", "python:module:callable"),
    ],
)
def test_an_outside_entrant_that_cannot_be_loaded_is_refused_at_once(
    spec: str, message: str
) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match=message):
        league.Entrant("x", spec).check()


def test_with_more_seats_than_entrants_they_take_the_seats_in_turn() -> None:
    tables = league.schedule(["a", "b"], 3)
    assert tables == [("a", "b", "a"), ("b", "a", "b")]
    games = [league.Played(table, [0.0, 0.0, 0.0], [0]) for table in tables]
    assert league.ratings(games, ["a", "b"]) == {}  # such games count in the shares only
    tally = league.shares(games, ["a", "b"])
    assert (tally["a"].seats, tally["a"].wins) == (3, 1.0)


def test_the_search_that_reads_the_others_meets_the_one_that_does_not() -> None:
    """``strong`` and ``strong-reading`` are both default entrants, the same search at the
    same time per move, so their rating difference is what reading the others pays."""
    assert {"strong", league.READING} <= set(league.LEVELS)
    plain, reading = (
        league.parse_bot_spec(league.level_spec(level, 0.2)) for level in ("strong", league.READING)
    )
    assert plain.name == reading.name == "strong"
    assert dict(reading.params)["belief"] == 1.0
    assert dict(plain.params)["belief"] == "auto"
    assert dict(reading.params)["seconds"] == dict(plain.params)["seconds"] == 0.2
