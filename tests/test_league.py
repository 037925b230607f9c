"""``bench/league.py``: its schedule, its standings, its ratings and its outside entrants.

The league's figures belong in ``docs/bots.md``; here a tiny league checks
that it runs, that every entrant takes every seat alike, that a standing
puts the winners first, and that an outside entrant joins through
``python:module:callable``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
from collections import Counter
from collections.abc import Mapping
from pathlib import Path

import pytest
from rich.console import Console

from bodoge.bots import Bot, RandomBot
from bodoge.engine import Game
from bodoge.sim import GameResult, ProcessBackend
from bodoge.sim.files import Writer
from scriptkit import BENCH, load_script

league = load_script(BENCH / "league.py", "league")


def outside_agent(game: Game, num_players: int, options: Mapping, seed: int) -> Bot:
    """An outside entrant as a trained agent would come: made from game, count, options, seed."""
    assert num_players >= 2 and isinstance(options, Mapping)
    del game
    return RandomBot(seed)


def test_every_entrant_takes_every_seat_equally_often() -> None:
    tables = league.schedule(["a", "b", "c", "d"], 3)
    assert len(tables) == 4 * 6
    for seat in range(3):
        assert Counter(table[seat] for table in tables) == {"a": 6, "b": 6, "c": 6, "d": 6}


def test_every_entrant_sits_after_every_other_equally_often() -> None:
    """Where a seat passes cards to the next one (Papayoo), who sits after whom matters:
    rotations of one order would always seat ``b`` after ``a``."""
    for players in (3, 4, 5):
        tables = league.schedule(["a", "b", "c"], players)
        after = Counter(
            (table[seat], table[(seat + 1) % players])
            for table in tables
            for seat in range(players)
            if table[seat] != table[(seat + 1) % players]
        )
        assert len(after) == 6 and len(set(after.values())) == 1, (players, after)


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
    report = league.league_of("egyptian-bride", entrants, [3], league.Run(6), quiet)
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
    same budget (the game's, as the lobby plays it), so their rating difference is what
    reading the others pays."""
    assert {"strong", league.READING} <= set(league.LEVELS)
    plain, reading = (
        league.parse_bot_spec(league.level_spec(level)) for level in ("strong", league.READING)
    )
    assert plain.name == reading.name == "strong"
    assert dict(reading.params)["belief"] == 1.0
    assert dict(plain.params)["belief"] == "auto"
    assert dict(reading.params)["iterations"] == dict(plain.params)["iterations"] == "auto"
    assert str(plain) == "strong"  # the lobby's very spec


def test_against_a_field_each_entrant_sits_alone_in_every_seat_n_times() -> None:
    tables = league.against_schedule(["strong", "easy", "normal"], "normal", 3)
    assert len(tables) == 2 * 3
    for name in ("strong", "easy"):
        alone = [table for table in tables if name in table]
        assert sorted(table.index(name) for table in alone) == [0, 1, 2]
        assert all(table.count("normal") == 2 for table in alone)
    entrants = {name: league.Entrant(name, name) for name in ("strong", "easy", "normal")}
    setting = league.Setting("papayoo", {}, 3, seconds=1.0)
    games = league.deals(setting, entrants, league.Run(6, against="normal"), cooperative=False)
    assert Counter(name for deal in games for name in set(deal.lineup)) == {
        "strong": 6,
        "easy": 6,
        "normal": 12,
    }


TINY = {
    "strong": league.Entrant("strong", "strong:iterations=3"),
    "normal": league.Entrant("normal", "normal"),
}


def run_league(path: Path, n: int, resume: bool, *, stop_after: int | None = None) -> None:
    """A league of ``n`` games a seat rotation of one tiny search among ``normal`` bots,
    written to ``path``; ``stop_after``: interrupted once that many new games are written."""
    earlier = league.read_results(path) if resume else []
    with league.open_writer(path, resume) as file:
        writer = file if stop_after is None else Stopping(file, stop_after)
        run = league.Run(n, seed=5, against="normal", writer=writer, earlier=earlier)
        with contextlib.suppress(Stopped):
            league.league_of("papayoo", TINY, [3], run, Console(file=io.StringIO()))


class Stopped(Exception):
    pass


class Stopping:
    """A writer that stops the run (as Ctrl-C would) after ``limit`` rows."""

    def __init__(self, writer: Writer, limit: int) -> None:
        self.writer, self.limit = writer, limit

    def write(self, result: GameResult) -> None:
        if self.limit == 0:
            raise Stopped
        self.writer.write(result)
        self.limit -= 1

    def flush(self) -> None:
        self.writer.flush()


def rows(path: Path) -> list[dict]:
    return sorted(
        (result.to_json() for result in league.read_results(path)),
        key=lambda row: (row["variant"], row["index"]),
    )


def test_a_stopped_league_resumed_from_its_file_gives_the_uninterrupted_rows(
    tmp_path: Path,
) -> None:
    whole, parts = tmp_path / "whole.jsonl", tmp_path / "parts.jsonl"
    run_league(whole, 6, resume=False)
    run_league(parts, 6, resume=False, stop_after=2)
    assert len(league.read_results(parts)) == 2
    run_league(parts, 6, resume=True)
    assert len(rows(parts)) == 6
    assert rows(parts) == rows(whole)
    assert {row["bots"][row["index"] % 3] for row in rows(whole)} == {"strong"}


def test_a_league_refuses_to_resume_a_file_of_another_run(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    run_league(path, 3, resume=False)
    earlier = league.read_results(path)
    run = league.Run(3, seed=6, against="normal", earlier=earlier)
    with pytest.raises(league.OtherRun, match="same arguments"):
        league.league_of("papayoo", TINY, [3], run, Console(file=io.StringIO()))


def test_a_league_plays_the_same_games_in_worker_processes(tmp_path: Path) -> None:
    """The rows follow from the seed: two local processes give what one gives."""
    here, there = tmp_path / "here.jsonl", tmp_path / "there.jsonl"
    run_league(here, 3, resume=False)
    with league.open_writer(there) as writer:
        run = league.Run(3, seed=5, against="normal", backend=ProcessBackend(2), writer=writer)
        league.league_of("papayoo", TINY, [3], run, Console(file=io.StringIO()))
    assert rows(here) == rows(there)
