"""The league: the bot levels (and any outside entrant) in mixed tables, one rating each per game.

For each game and player count, the entrants play round robin: every
combination of as many entrants as there are seats sits at a table, once in
every seating order, in whole rounds until ``--n`` games at least are played.
With more seats than entrants, the entrants take the seats in turn
(``a b a``, then ``b a b``).  With ``--against NAME`` each other entrant
sits instead alone at a table of ``NAME`` (one ``strong`` among ``normal``
bots), taking every seat in turn: ``--n`` games per entrant.  Each game's
final standing (the winners first, the others by score) updates a
Plackett–Luce rating per entrant (OpenSkill, ``openskill`` on PyPI: a
maintained library, not a hand-rolled fit), pooled over the game's player
counts; a game that seats one entrant twice is left
out of the rating (it cannot tell the two seats apart) but counts in the
shares.  Each table row also gives every entrant's share of the wins with its
95 % Wilson interval and the fair share, per player count.

A cooperative game's seats share one result, so no seat beats another: there
each entrant plays whole tables of itself, and the measure is the mean score
(Tarot Storia's solo and duet), with no rating.

Entrants (``--levels``, and ``--entrant NAME=SPEC``, repeatable):

* the levels ``random``, ``easy``, ``normal``, ``strong`` (the search at
  the budget in iterations its game declares, as the lobby plays it);
* ``strong-reading``: the same search reading the others' moves into the
  worlds it deals (``belief=1``, ``bodoge.bots.belief``) where ``strong``
  deals them uniformly: the rating between the two is what reading pays;
* ``openspiel``: OpenSpiel's Python IS-MCTS at ``--seconds`` a move (by
  default the second ``strong``'s budget takes on an idle core), an outside
  yardstick (as in ``bench/bots.py``: its simulation count is calibrated
  from a short trial);
* ``NAME=SPEC`` with ``SPEC`` any bot spec (``ismcts:iterations=500``), or
  ``python:module:callable`` where ``callable(game, num_players, options,
  seed)`` returns a bot (anything with ``choose(state, seat)``): how a
  trained agent joins the league.

Games run where the simulator runs them (:mod:`bodoge.sim`'s backends):
in this process, in ``--workers`` local processes, or on Ray (``--ray
auto`` or a cluster's address).  Every game's seeds follow from ``--seed``,
the game, the player count and the game's index, so the rows are the same
for any number of workers and any backend.  ``--out FILE`` keeps one row per
game as it finishes (JSON lines, as ``bodoge sim --out`` writes them, the
entrants' names in ``bots``); ``--resume`` plays only the games the file
does not hold yet, so a stopped run goes on where it stopped and ends with
the rows an uninterrupted run gives.

Usage::

    python bench/league.py --games hoarders,papayoo --players 3 --n 60 --workers 2
    python bench/league.py --levels strong,normal --against normal --players 3 --n 60 \
        --games cardiceo --out bench-out/cardiceo.jsonl --resume
    python bench/league.py --levels random,easy,normal --n 200 --ray auto --json league.json
    python bench/league.py --games cardiceo --entrant mine=python:my_agents:make --n 100

No assertion is made anywhere: the figures are reported, not tested.
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import json
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from contextlib import ExitStack
from dataclasses import asdict, dataclass, field
from pathlib import Path

from openskill.models import PlackettLuce
from rich.console import Console
from rich.table import Table

import bodoge
from bodoge.bots import Bot, make_bot, parse_bot_spec
from bodoge.cli.simkit import backend_for, check_run
from bodoge.engine import Game
from bodoge.games import BUILTIN_IDS
from bodoge.sim import (
    NORMAL,
    PHASES,
    STOPPED,
    Backend,
    GameResult,
    InProcessBackend,
    bot_seed,
    derive_seed,
    seat_specs,
    seating_cycle,
)
from bodoge.sim.files import Writer, open_writer, read_results

sys.path.append(str(Path(__file__).resolve().parent))  # bench/bots.py: a sibling script
from bots import (
    MIN_OPENSPIEL_SIMULATIONS,
    OpenSpielPlayer,
    add_options_argument,
    calibrate_openspiel,
    configurations,
    given,
    wilson,
)

LEVELS = ("random", "easy", "normal", "strong", "strong-reading", "openspiel")
READING = "strong-reading"
OPENSPIEL = "openspiel"
PYTHON = "python:"

Maker = Callable[[Game, int, Mapping, int], Bot]


# ------------------------------------------------------------------ entrants


@dataclass(frozen=True)
class Entrant:
    """A name in the table and what makes its bot: a bot spec, ``python:module:callable``,
    or ``openspiel``."""

    name: str
    spec: str

    def check(self) -> None:
        """Fail now, in the parent process, on a spec or callable that cannot make a bot."""
        if self.spec == OPENSPIEL:
            return
        if self.spec.startswith(PYTHON):
            load_callable(self.spec)
        else:
            parse_bot_spec(self.spec)


def load_callable(spec: str) -> Maker:
    """The ``callable`` of ``python:module:callable``."""
    module_name, colon, attribute = spec.removeprefix(PYTHON).partition(":")
    if not colon or not module_name or not attribute:
        raise argparse.ArgumentTypeError(f"{spec!r}: write python:module:callable")
    try:
        maker = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError) as error:
        raise argparse.ArgumentTypeError(f"{spec!r}: {error}") from None
    if not callable(maker):
        raise argparse.ArgumentTypeError(f"{spec!r}: {attribute} is not callable")
    return maker  # type: ignore[no-any-return]


def level_spec(level: str) -> str:
    """A level's spec in the league: each level as the lobby plays it (``strong`` at its
    game's budget), ``strong-reading`` the same search reading the others."""
    return "strong:belief=1" if level == READING else level


def parse_entrant(text: str) -> Entrant:
    name, equals, spec = text.partition("=")
    if not equals or not name.strip() or not spec.strip():
        raise argparse.ArgumentTypeError(f"{text!r}: write NAME=SPEC")
    return Entrant(name.strip(), spec.strip())


@dataclass(frozen=True)
class Setting:
    """What every game of one game id and player count is played with."""

    game_id: str
    options: dict
    players: int
    seconds: float
    sims_per_second: float | None = None


def make_player(entrant: Entrant, setting: Setting, seed: int) -> Bot:
    game = bodoge.get_game(setting.game_id)
    if entrant.spec == OPENSPIEL:
        assert setting.sims_per_second is not None
        sims = max(MIN_OPENSPIEL_SIMULATIONS, round(setting.sims_per_second * setting.seconds))
        return OpenSpielPlayer(game, setting.options, setting.players, sims, seed)
    if entrant.spec.startswith(PYTHON):
        return load_callable(entrant.spec)(game, setting.players, setting.options, seed)
    return make_bot(entrant.spec, game, seed)


# ------------------------------------------------------------------ playing


def schedule(names: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Every combination of ``players`` entrants, in every seating order as the simulator
    seats a lineup (:mod:`bodoge.sim.seating`: the rotations of one order, then of the
    next); or, with more seats than entrants, the entrants in turn, each starting once,
    going round one way and the other.

    Every order, not only the rotations of one: rotations keep who sits after
    whom, and where cards pass to a neighbour or tricks go round (Papayoo),
    sitting after a random player rather than after a strategy is worth more
    than the gap between two levels.

    >>> schedule(["a", "b", "c"], 2)
    [('a', 'b'), ('b', 'a'), ('a', 'c'), ('c', 'a'), ('b', 'c'), ('c', 'b')]
    >>> [" ".join(table) for table in schedule(["a", "b", "c"], 3)]
    ['a b c', 'b c a', 'c a b', 'a c b', 'c b a', 'b a c']
    >>> schedule(["a", "b"], 3)
    [('a', 'b', 'a'), ('b', 'a', 'b')]
    >>> [" ".join(table) for table in schedule(["a", "b", "c"], 4)]
    ['a b c a', 'b c a b', 'c a b c', 'c b a c', 'b a c b', 'a c b a']
    """
    if players > len(names):  # in turn, one way round and the other
        tables = []
        for ring in (list(names), list(reversed(names))):
            for shift in range(len(ring)):
                table = tuple(ring[(shift + seat) % len(ring)] for seat in range(players))
                if table not in tables:
                    tables.append(table)
        return tables
    return [
        seat_specs(combination, index, rotate=True)
        for combination in itertools.combinations(names, players)
        for index in range(seating_cycle(combination))
    ]


def against_schedule(names: Sequence[str], field: str, players: int) -> list[tuple[str, ...]]:
    """Each entrant but ``field`` alone at a table of ``field``, once in every seat.

    >>> against_schedule(["strong", "normal"], "normal", 3)
    [('strong', 'normal', 'normal'), ('normal', 'strong', 'normal'), ('normal', 'normal', 'strong')]
    """
    return [
        tuple(name if seat == place else field for seat in range(players))
        for name in names
        if name != field
        for place in range(players)
    ]


@dataclass
class Played:
    """One game: who sat where, their scores and the winners."""

    lineup: tuple[str, ...]
    scores: list[float]
    winners: list[int]

    @classmethod
    def of(cls, result: GameResult) -> Played:
        return cls(result.bots, [float(s) for s in result.scores], list(result.winners))


@dataclass(frozen=True)
class Deal:
    """One game to play (a picklable work item): its setting, seats, table and index.

    ``table`` numbers a cooperative game's tables, which play the same
    seeds (0 in a competitive game, where ``index`` alone names a game).
    """

    setting: Setting
    entrants: dict[str, Entrant]
    lineup: tuple[str, ...]
    table: int
    index: int
    base_seed: int

    @property
    def seed(self) -> int:
        """The game's seed: fixed by the run's seed, the game, its player count and index."""
        return derive_seed(self.base_seed, self.setting.game_id, self.setting.players, self.index)


def play_one(deal: Deal) -> GameResult:
    """Play one game; its row names the entrants in ``bots``."""
    setting = deal.setting
    game = bodoge.get_game(setting.game_id)
    bots = [
        make_player(deal.entrants[name], setting, bot_seed(deal.seed, seat))
        for seat, name in enumerate(deal.lineup)
    ]
    state = game.new_game(setting.players, seed=deal.seed, options=setting.options)
    actions = 0
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state, seat))
        actions += 1
    return GameResult(
        index=deal.index,
        seed=deal.seed,
        num_players=setting.players,
        bots=deal.lineup,
        scores=tuple(state.scores),
        winners=tuple(state.winners),
        actions=actions,
        game=setting.game_id,
        options=setting.options,
        ending=STOPPED if state.stopped else NORMAL,
        counts=({},) * setting.players,
        phases=({},) * PHASES,
        variant=deal.table,
        base_seed=deal.base_seed,
    )


@dataclass
class Run:
    """How a league plays its games: how many, from which seed, seated how, where, and the
    file that keeps them."""

    n: int
    seed: int = 0
    seconds: float = 1.0
    """OpenSpiel's time a move."""
    against: str | None = None
    """Seat each other entrant alone among this one (``None``: round robin)."""
    only: dict[str, str] = field(default_factory=dict)
    """Play only the variants with these option values (``--options``)."""
    backend: Backend = field(default_factory=InProcessBackend)
    writer: Writer | None = None
    earlier: list[GameResult] = field(default_factory=list)
    """Rows of a resumed file: the games not to play again."""


def deals(
    setting: Setting, entrants: dict[str, Entrant], run: Run, cooperative: bool
) -> list[Deal]:
    """The ``n`` games of ``setting``: mixed tables, or (cooperative) whole tables of each
    entrant on the same seeds."""
    names = list(entrants)
    if cooperative:
        return [
            Deal(setting, entrants, (name,) * setting.players, table, index, run.seed)
            for index in range(run.n)
            for table, name in enumerate(names)
        ]
    if run.against is None:
        tables = schedule(names, setting.players)
        per_round = len(tables)
    else:  # n games for each entrant alone at a table
        tables = against_schedule(names, run.against, setting.players)
        per_round = setting.players
    rounds = -(-run.n // per_round)  # whole rounds, so every entrant takes every seat alike
    lineups = tables * rounds
    return [Deal(setting, entrants, lineup, 0, i, run.seed) for i, lineup in enumerate(lineups)]


class OtherRun(SystemExit):
    """A resumed file holds a game this command would not have played."""


def play_setting(
    setting: Setting, entrants: dict[str, Entrant], run: Run, cooperative: bool
) -> list[Played]:
    """The games of ``setting``: those the resumed file holds, and the rest played now."""
    wanted = {(d.table, d.index): d for d in deals(setting, entrants, run, cooperative)}
    done: dict[tuple[int, int], GameResult] = {}
    for row in run.earlier:
        if (row.game, row.num_players, dict(row.options)) != (
            setting.game_id,
            setting.players,
            dict(setting.options),
        ):
            continue
        deal = wanted.get((row.variant, row.index))
        if deal is None or row.base_seed != deal.base_seed or row.bots != deal.lineup:
            raise OtherRun(
                f"the file holds game {row.index} of {row.game} with {', '.join(row.bots)} "
                f"(seed {row.base_seed}), which this command does not play; resume with the "
                "same arguments"
            )
        done[row.variant, row.index] = row
    todo = [deal for key, deal in wanted.items() if key not in done]
    for result in run.backend.map_unordered(play_one, todo):
        done[result.variant, result.index] = result
        if run.writer is not None:
            run.writer.write(result)
            run.writer.flush()
    return [Played.of(done[key]) for key in sorted(done)]


# ------------------------------------------------------------------ measuring


def standing(played: Played) -> list[int]:
    """Each seat's rank (1 is best): the winners share 1, the others follow by score."""
    others = sorted(
        {score for seat, score in enumerate(played.scores) if seat not in played.winners},
        reverse=True,
    )
    first = 2 if played.winners else 1
    return [
        1 if seat in played.winners else first + others.index(score)
        for seat, score in enumerate(played.scores)
    ]


@dataclass
class Share:
    """An entrant's wins over the seats it took at one player count."""

    entrant: str
    seats: int = 0
    wins: float = 0.0
    score: float = 0.0

    def to_json(self) -> dict:
        low, high = wilson(self.wins, self.seats)
        rate = self.wins / self.seats if self.seats else 0.0
        mean = self.score / self.seats if self.seats else 0.0
        return {**asdict(self), "rate": rate, "low": low, "high": high, "mean_score": mean}


def shares(games: list[Played], names: Sequence[str]) -> dict[str, Share]:
    tally = {name: Share(name) for name in names}
    for played in games:
        for seat, name in enumerate(played.lineup):
            tally[name].seats += 1
            tally[name].score += played.scores[seat]
            if seat in played.winners:
                tally[name].wins += 1 / len(played.winners)
    return tally


def ratings(games: list[Played], names: Sequence[str]) -> dict[str, dict]:
    """One Plackett–Luce rating per entrant from every game's standing (OpenSkill)."""
    model = PlackettLuce()
    rated = {name: model.rating(name=name) for name in names}
    counted = 0
    for played in games:
        if len(set(played.lineup)) < len(played.lineup):
            continue  # one entrant in two seats: a rating cannot tell them apart
        teams = [[rated[name]] for name in played.lineup]
        updated = model.rate(teams, ranks=standing(played))
        for name, (rating,) in zip(played.lineup, updated, strict=True):
            rated[name] = rating
        counted += 1
    if not counted:
        return {}  # no game could be rated: the shares say it all
    return {
        name: {"mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal()} for name, r in rated.items()
    }


@dataclass
class GameReport:
    game: str
    cooperative: bool
    rows: list[dict] = field(default_factory=list)
    """Per player count: options, games, each entrant's share (see :class:`Share`)."""
    ratings: dict[str, dict] = field(default_factory=dict)


def league_of(
    game_id: str,
    entrants: dict[str, Entrant],
    players: list[int] | None,
    run: Run,
    console: Console,
) -> GameReport:
    game = bodoge.get_game(game_id)
    report = GameReport(game_id, game.cooperative)
    everything: list[Played] = []
    for options, count in configurations(game, players, run.only):
        rate = None
        if any(e.spec == OPENSPIEL for e in entrants.values()):
            rate = calibrate_openspiel(game, options, count, run.seconds)
        setting = Setting(game_id, options, count, run.seconds, rate)
        console.log(f"{game_id} {given(game, options) or ''} {count}p: {run.n} games …")
        start = time.perf_counter()
        games = play_setting(setting, entrants, run, game.cooperative)
        everything += games
        row = {
            "players": count,
            "options": given(game, options),
            "games": len(games),
            "seconds": time.perf_counter() - start,
            "fair": 1 / count,
            "shares": {k: v.to_json() for k, v in shares(games, list(entrants)).items()},
        }
        report.rows.append(row)
        names = list(entrants)
        console.log(
            "  ".join(f"{n} {c}" for n, c in zip(names, share_cells(row, names), strict=True))
        )
    if not game.cooperative and everything:
        report.ratings = ratings(everything, list(entrants))
    return report


# ------------------------------------------------------------------ output


def print_reports(reports: list[GameReport], names: list[str], settings: dict) -> None:
    console = Console(width=160)
    ratings_table = Table(
        title=f"League ratings (OpenSkill Plackett–Luce ordinal μ−3σ; μ±σ), "
        f"{settings['games_per_count']} games per player count, seed {settings['seed']}"
    )
    ratings_table.add_column("game")
    for name in names:
        ratings_table.add_column(name, justify="right")
    for report in reports:
        if report.cooperative:
            cells = []
            for name in names:
                means = [row["shares"][name]["mean_score"] for row in report.rows]
                cells.append(" / ".join(f"{m:.1f}" for m in means) + " pts")
            ratings_table.add_row(report.game + " (mean score)", *cells)
            continue
        rated = report.ratings
        ratings_table.add_row(
            report.game,
            *(
                f"{rated[n]['ordinal']:.1f} ({rated[n]['mu']:.1f}±{rated[n]['sigma']:.1f})"
                if rated
                else "— (shares only)"
                for n in names
            ),
        )
    console.print(ratings_table)
    shares_table = Table(title="Win share per player count (95% Wilson interval; fair share)")
    for column in ("game", "options", "n", "fair", *names):
        shares_table.add_column(
            column, justify="left" if column in ("game", "options") else "right"
        )
    for report in reports:
        for row in report.rows:
            options = ",".join(f"{k}={v}" for k, v in row["options"].items()) or "default"
            shares_table.add_row(
                report.game,
                options,
                str(row["players"]),
                f"{row['fair']:.0%}",
                *share_cells(row, names),
            )
    console.print(shares_table)


def share_cells(row: dict, names: list[str]) -> list[str]:
    """Each entrant's share of the wins in one row, with its interval."""
    cells = []
    for name in names:
        share = row["shares"][name]
        cells.append(f"{share['rate']:.0%} ({share['low']:.0%}–{share['high']:.0%})")
    return cells


def entrants_of(args: argparse.Namespace) -> dict[str, Entrant]:
    entrants = {}
    for level in (name.strip() for name in args.levels.split(",") if name.strip()):
        entrants[level] = Entrant(level, level_spec(level))
    for entrant in args.entrant:
        if entrant.name in entrants:
            raise SystemExit(f"two entrants are called {entrant.name!r}")
        entrants[entrant.name] = entrant
    for entrant in entrants.values():
        entrant.check()
    if len(entrants) < 2:
        raise SystemExit("a league needs two entrants at least")
    return entrants


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(BUILTIN_IDS))
    parser.add_argument("--players", default=None, help="comma-separated counts (default: all)")
    parser.add_argument("--levels", default=",".join(LEVELS), help="levels that take part")
    parser.add_argument(
        "--entrant",
        type=parse_entrant,
        action="append",
        default=[],
        metavar="NAME=SPEC",
        help="an outside entrant: a bot spec, or python:module:callable (repeatable)",
    )
    parser.add_argument(
        "--against", default=None, metavar="NAME", help="seat each other entrant alone among NAME"
    )
    add_options_argument(parser)
    parser.add_argument("--n", type=int, default=60, help="games per game and player count")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed: every game's follows")
    parser.add_argument(
        "--seconds", type=float, default=1.0, help="OpenSpiel's search time per move"
    )
    parser.add_argument(
        "--workers", "--jobs", type=int, default=1, help="local processes (0: one per CPU)"
    )
    parser.add_argument("--ray", default=None, metavar="auto|ADDRESS", help="run on Ray")
    parser.add_argument("--out", type=Path, default=None, help="one row per game (JSON lines)")
    parser.add_argument("--resume", action="store_true", help="play only what --out lacks")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = parser.parse_args()
    entrants = entrants_of(args)
    if args.against is not None and args.against not in entrants:
        raise SystemExit(f"--against {args.against!r} is not an entrant")
    if args.resume and args.out is None:
        raise SystemExit("--resume needs --out")
    players = [int(p) for p in args.players.split(",")] if args.players else None
    console = Console(stderr=True)
    earlier = read_results(args.out) if args.resume and args.out.exists() else []
    workers = check_run(args.n, args.workers)
    with ExitStack() as stack:
        run = Run(
            args.n,
            args.seed,
            args.seconds,
            args.against,
            dict(args.options),
            stack.enter_context(backend_for(workers, args.ray)),
            None if args.out is None else stack.enter_context(open_writer(args.out, args.resume)),
            earlier,
        )
        reports = [
            league_of(game_id, entrants, players, run, console) for game_id in args.games.split(",")
        ]
    settings = {
        "entrants": {name: e.spec for name, e in entrants.items()},
        "against": args.against,
        "options": dict(args.options),
        "openspiel_seconds_per_move": args.seconds,
        "games_per_count": args.n,
        "seed": args.seed,
    }
    print_reports(reports, list(entrants), settings)
    if args.json is not None:
        args.json.write_text(
            json.dumps({"settings": settings, "games": [asdict(r) for r in reports]}, indent=1)
        )


if __name__ == "__main__":
    main()
