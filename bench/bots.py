"""Bot strength: bodoge's IS-MCTS against random players, heuristic bots and OpenSpiel.

For each game and player count, one IS-MCTS bot (or any bot named with
``--bot``, such as ``heuristic``) plays against a table of opponents of one
kind; its seat rotates from game to game so that it never keeps the first
seat.  A game counts as won when the bot is among the
winners (shared wins count).  Win rates come with 95% Wilson intervals,
beside the bot's mean score: the measure of a cooperative or one-player
game (its table is partners, not opponents), where a one-player game is
played once, ``alone``, whatever ``--against`` says.

Opponents:

* ``random``: uniformly random legal moves;
* ``heuristic``: the game's own heuristic bot;
* ``openspiel``: OpenSpiel's Python ``ISMCTSBot`` playing through bodoge's
  OpenSpiel adapter (random-rollout evaluator, resampler built on
  ``determinize``), given the same time per move as bodoge's bot: its
  simulation count is calibrated from its measured simulations per second.

Iterations per second are measured for both search bots.

``--peek`` lets the bot's search see everything: each world it samples is
the true state, hidden cards and the generator of future chance included.
Such a bot is not fair and is never offered to players; it measures a
ceiling, how often a search of the same budget wins when nothing is hidden
from it, which tells a goal the game's luck puts out of reach from one a
fair bot falls short of.  The league's ``strong_seeing_cards`` entrant sees
the hidden cards only: its worlds keep every card where it is but draw the
rolls to come afresh, which separates what hidden cards are worth from what
the dice are.

``--bot openspiel`` puts OpenSpiel's IS-MCTS in the bot's seat too: in a
co-operative game the table is partners, so the reference for "ahead of
OpenSpiel" is OpenSpiel's own result with the same partners (or alone).

``--tweak MODULE.NAME=VALUE`` (repeatable) gives the bot's own decisions
another value of a module constant, such as a heuristic's weight, while
every opponent keeps the shipped one: a tuning experiment against the
stock bot, on the same seeds.

Usage::

    python bench/bots.py                                # every game, default counts
    python bench/bots.py --games egyptian-bride --players 3 --n 40 --seconds 0.2
    python bench/bots.py --against random,heuristic --json
    python bench/bots.py --bot heuristic --against random --n 100 --jobs 2
    python bench/bots.py --games cardiceo --players 4 --against heuristic --peek
    python bench/bots.py --bot openspiel --games tarot-storia --players 1,2 --against openspiel
    python bench/bots.py --bot heuristic --games anehambra --against heuristic \
        --tweak bodoge.games.anehambra.bot.CARD_VALUE=0.05 --n 800 --jobs 2

No assertion is made anywhere: the figures are reported, not tested.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import math
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from unittest import mock

import numpy as np
from rich.console import Console
from rich.table import Table

import bodoge
from bodoge.bots import make_bot
from bodoge.engine import Action, Game, Rng, State
from bodoge.engine.rng import as_rng
from bodoge.games import BUILTIN_IDS

OPPONENTS = ("random", "heuristic", "openspiel")
MIN_OPENSPIEL_SIMULATIONS = 2


@dataclass
class Result:
    game: str
    options: str
    players: int
    opponent: str
    games: int
    wins: int
    rate: float
    low: float
    high: float
    score: float
    ours_its: float
    theirs_its: float | None
    seconds: float


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


class Timed:
    """Wraps a search bot to add up its iterations and its thinking time."""

    def __init__(self, choose: Callable[[State, int], Action], count: Callable[[], int]) -> None:
        self._choose, self._count = choose, count
        self.iterations = 0
        self.elapsed = 0.0

    def choose(self, state: State, seat: int) -> Action:
        start = time.perf_counter()
        action = self._choose(state, seat)
        self.elapsed += time.perf_counter() - start
        self.iterations += self._count()
        return action

    @property
    def rate(self) -> float:
        return self.iterations / self.elapsed if self.elapsed else 0.0


def peeking(
    choose: Callable[[State, int], Action], world: Callable[..., State] | None = None
) -> Callable[[State, int], Action]:
    """``choose`` with every world it samples the true state (``--peek``: a ceiling), or
    what ``world`` makes of it (:func:`cards_world`: the cards, not the future rolls)."""
    seen = true_world if world is None else world

    def choose_seeing_all(state: State, seat: int) -> Action:
        with mock.patch.object(type(state), "determinize", seen):
            return choose(state, seat)

    return choose_seeing_all


def tweaked(
    choose: Callable[[State, int], Action], tweaks: tuple[tuple[str, float], ...]
) -> Callable[[State, int], Action]:
    """``choose`` with module constants set to other values during its own decisions.

    The touched modules' cached functions are cleared on the way in and out,
    since their cached answers were worked out from the other values.  A
    module that imported the constant by name keeps its own copy.
    """
    modules = {path.rpartition(".")[0] for path, _ in tweaks}

    def clear_caches() -> None:
        for name in modules:
            for value in vars(importlib.import_module(name)).values():
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()

    def choose_tweaked(state: State, seat: int) -> Action:
        with contextlib.ExitStack() as stack:
            for path, value in tweaks:
                stack.enter_context(mock.patch(path, value))
            clear_caches()
            stack.callback(clear_caches)
            return choose(state, seat)

    return choose_tweaked


def parse_tweak(text: str) -> tuple[str, float]:
    """``MODULE.NAME=VALUE``, checked now rather than in a worker process."""
    path, equals, value = text.partition("=")
    module, _, name = path.rpartition(".")
    try:
        current = getattr(importlib.import_module(module), name, None)
        if not equals or isinstance(current, bool) or not isinstance(current, int | float):
            raise ValueError
        return path, float(value)
    except (ImportError, ValueError):
        raise argparse.ArgumentTypeError(
            f"{text!r}: expected MODULE.NAME=NUMBER, a numeric constant of an importable module"
        ) from None


class Peeking:
    """A bot whose search sees every world as it is (a ceiling, never offered to players)."""

    def __init__(self, bot: object, world: Callable[..., State] | None = None) -> None:
        self.bot = bot
        self.choose = peeking(bot.choose, world)  # type: ignore[attr-defined]


def strong_peeking(game: Game, num_players: int, options: Mapping, seed: int) -> Peeking:
    """The ``strong`` level at its game's budget, seeing every hidden card: the league's
    ceiling entrant (``--entrant peek=python:bots:strong_peeking``)."""
    del num_players, options
    return Peeking(make_bot("strong", game, seed))


def strong_seeing_cards(game: Game, num_players: int, options: Mapping, seed: int) -> Peeking:
    """The ``strong`` level seeing every hidden card but not the rolls to come: the ceiling
    that hidden cards leave, apart from the luck of the dice
    (``--entrant cards=python:bots:strong_seeing_cards``)."""
    del num_players, options
    return Peeking(make_bot("strong", game, seed), cards_world)


def cards_world(state: State, seat: int | None, rng: Rng | int) -> State:
    """A copy that keeps every hidden card, with its generator reseeded: future chance unknown."""
    del seat
    world = state.clone()
    world.rng = Rng(as_rng(rng).seed_for_child())
    world.determinized = True
    return world


def true_world(state: State, seat: int | None, rng: object) -> State:
    """A copy that keeps every hidden card and the generator of future chance."""
    del seat, rng
    world = state.clone()
    world.determinized = True
    return world


class OpenSpielPlayer:
    """OpenSpiel's Python IS-MCTS choosing for a bodoge seat through the adapter."""

    def __init__(self, game: Game, options: dict, players: int, simulations: int, seed: int):
        from open_spiel.python.algorithms import ismcts, mcts

        from bodoge.interop import openspiel
        from bodoge.interop.encoding import prepare

        self.table = prepare(game, options, players).table
        self.spiel_game = openspiel.load(game.id, players, options)
        self.openspiel = openspiel
        rng = np.random.RandomState(seed % 2**32)  # NumPy's legacy generator takes 32 bits
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        self.bot = ismcts.ISMCTSBot(
            self.spiel_game,
            evaluator,
            uct_c=2.0,
            max_simulations=simulations,
            random_state=rng,
            allow_inconsistent_action_sets=True,
        )
        self.bot.set_resampler(openspiel.resampler(seed))
        self.simulations = simulations

    def choose(self, state: State, seat: int) -> Action:
        spiel_state = self.openspiel.wrap(self.spiel_game, state)
        return self.table.action(int(self.bot.step(spiel_state)))


def calibrate_openspiel(game: Game, options: dict, players: int, seconds: float) -> float:
    """OpenSpiel IS-MCTS simulations per second on this game (a short trial)."""
    probe = OpenSpielPlayer(game, options, players, simulations=50, seed=0)
    state = game.new_game(players, seed=1, options=options)
    start = time.perf_counter()
    runs = 0
    while time.perf_counter() - start < max(1.0, 5 * seconds) and not state.is_over:
        seat = state.to_act[0]
        action = probe.choose(state, seat)
        state.apply(seat, action)
        runs += 1
    return 50 * runs / (time.perf_counter() - start)


@dataclass(frozen=True)
class Match:
    """One row of the table: who plays whom, on what, for how long."""

    spec: str
    game_id: str
    options: dict
    players: int
    opponent: str
    seconds: float
    sims_per_second: float | None
    peek: bool = False
    tweaks: tuple[tuple[str, float], ...] = ()


def openspiel_player(match: Match, game: Game, seed: int) -> Timed:
    """OpenSpiel's IS-MCTS for one seat, its simulations calibrated to the time per move."""
    assert match.sims_per_second is not None
    # Its first simulation only expands the root, and a search of one
    # fails its own `total_visits > 0` check: two at the least, even
    # where that takes longer than the time per move (long playouts).
    sims = max(MIN_OPENSPIEL_SIMULATIONS, round(match.sims_per_second * match.seconds))
    player = OpenSpielPlayer(game, match.options, match.players, sims, seed=seed)
    return Timed(player.choose, lambda: sims)


def play_one(match: Match, index: int) -> tuple[bool, int, float, int, float, float]:
    """Game ``index`` of a match: won?, iterations and seconds of both search sides, score."""
    game = bodoge.get_game(match.game_id)
    me = index % match.players  # the search bot's seat rotates
    spec = match.spec
    if spec.split(":")[0] == "ismcts":  # the search bot thinks for the time given
        spec += f"{',' if ':' in spec else ':'}seconds={match.seconds}"
    if spec == "openspiel":  # the reference itself in the bot's seat (co-operative games)
        ours = openspiel_player(match, game, seed=index * 31 + me)
    else:
        search = make_bot(spec, game, seed=index)
        choose = peeking(search.choose) if match.peek else search.choose
        if match.tweaks:
            choose = tweaked(choose, match.tweaks)
        ours = Timed(choose, lambda: getattr(search, "last_iterations", 0))
    bots: list = []
    for seat in range(match.players):
        if seat == me:
            bots.append(ours)
        elif match.opponent == "openspiel":
            bots.append(openspiel_player(match, game, seed=index * 31 + seat))
        else:
            bots.append(make_bot(match.opponent, game, seed=index * 31 + seat))
    state = game.new_game(match.players, seed=10_000 + index, options=match.options)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state, seat))
    theirs = [b for seat, b in enumerate(bots) if seat != me and isinstance(b, Timed)]
    return (
        me in state.winners,
        ours.iterations,
        ours.elapsed,
        sum(b.iterations for b in theirs),
        sum(b.elapsed for b in theirs),
        float(state.scores[me]),
    )


def play_match(match: Match, n: int, jobs: int) -> Result:
    """``n`` games, on ``jobs`` processes (each game keeps its own time budget)."""
    start = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            games = list(pool.map(play_one, [match] * n, range(n)))
    else:
        games = [play_one(match, index) for index in range(n)]
    wins = sum(won for won, *_ in games)
    ours_iterations = sum(g[1] for g in games)
    ours_elapsed = sum(g[2] for g in games)
    theirs_iterations = sum(g[3] for g in games)
    theirs_elapsed = sum(g[4] for g in games)
    game = bodoge.get_game(match.game_id)
    low, high = wilson(wins, n)
    return Result(
        game=match.game_id,
        options=",".join(f"{k}={v}" for k, v in given(game, match.options).items()) or "default",
        players=match.players,
        opponent=match.opponent,
        games=n,
        wins=wins,
        rate=wins / n,
        low=low,
        high=high,
        score=sum(g[5] for g in games) / n,
        ours_its=ours_iterations / ours_elapsed if ours_elapsed else 0.0,
        theirs_its=theirs_iterations / theirs_elapsed if theirs_elapsed else None,
        seconds=time.perf_counter() - start,
    )


def given(game: Game, variant: dict) -> dict:
    """The options one must pass to get ``variant`` (the others are defaults)."""
    chosen: dict = {}
    for option in game.options:
        if game.resolve_options(chosen)[option.name] != variant[option.name]:
            chosen[option.name] = variant[option.name]
    return chosen


def plainest(game: Game, variants: list[dict]) -> dict:
    """The variant that needs the fewest options given explicitly."""
    return min(variants, key=lambda variant: len(given(game, variant)))


def parse_option(text: str) -> tuple[str, str]:
    """``NAME=VALUE`` of ``--options``."""
    name, equals, value = text.partition("=")
    if not equals or not name:
        raise argparse.ArgumentTypeError(f"{text!r}: write NAME=VALUE")
    return name.strip(), value.strip()


def add_options_argument(parser: argparse.ArgumentParser) -> None:
    """``--options NAME=VALUE`` (repeatable): the variants :func:`configurations` keeps."""
    parser.add_argument(
        "--options",
        type=parse_option,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="play only the variants with this option value (repeatable)",
    )


def configurations(
    game: Game, players: list[int] | None, only: Mapping[str, object] | None = None
) -> list[tuple[dict, int]]:
    """For each player range the options allow, its plainest options and each count.

    ``only`` keeps the variants whose options it names take the values it gives
    (``--options expansion=false``); a game without such an option is not held to it.
    """
    by_range: dict[tuple[int, int], list[dict]] = {}
    for options in game.variants():
        named = {k: v for k, v in (only or {}).items() if k in options}
        if any(str(options[k]).lower() != str(v).lower() for k, v in named.items()):
            continue
        by_range.setdefault(game.player_range(options), []).append(options)
    found = []
    for (low, high), variants in by_range.items():
        options = plainest(game, variants)
        found += [(options, p) for p in range(low, high + 1) if players is None or p in players]
    return found


def settings(args: argparse.Namespace) -> dict:
    """What a run measured with, kept beside its rows so that a saved result says it."""
    return {
        "bot": args.bot,
        "seconds_per_move": args.seconds,
        "games_per_row": args.n,
        "peek": args.peek,
        "tweaks": dict(args.tweak),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(BUILTIN_IDS))
    parser.add_argument("--players", default=None, help="comma-separated counts (default: all)")
    parser.add_argument("--against", default=",".join(OPPONENTS))
    parser.add_argument("--n", type=int, default=30, help="games per match")
    parser.add_argument("--seconds", type=float, default=0.1, help="thinking time per move")
    parser.add_argument(
        "--jobs", type=int, default=1, help="games played at once (one process each)"
    )
    parser.add_argument(
        "--bot",
        default="ismcts",
        help="bodoge's search bot, as a spec (seconds are added), or openspiel (the reference)",
    )
    parser.add_argument(
        "--peek",
        action="store_true",
        help="the bot's search sees every hidden card and future chance (a ceiling, not fair)",
    )
    parser.add_argument(
        "--tweak",
        type=parse_tweak,
        action="append",
        default=[],
        metavar="MODULE.NAME=VALUE",
        help="another value of a module constant for the bot's own decisions only",
    )
    add_options_argument(parser)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    players = [int(p) for p in args.players.split(",")] if args.players else None
    console = Console(stderr=True)
    results: list[Result] = []
    for game_id in args.games.split(","):
        game = bodoge.get_game(game_id)
        for options, count in configurations(game, players, dict(args.options)):
            rate = None
            for opponent in args.against.split(",") if count > 1 else ["alone"]:
                if "openspiel" in (opponent, args.bot) and rate is None:
                    rate = calibrate_openspiel(game, options, count, args.seconds)
                console.log(f"{game_id} {options} {count}p vs {opponent} …")
                results.append(
                    play_match(
                        Match(
                            args.bot,
                            game_id,
                            options,
                            count,
                            opponent,
                            args.seconds,
                            rate,
                            args.peek,
                            tuple(args.tweak),
                        ),
                        args.n,
                        args.jobs,
                    )
                )
    if args.json:
        print(
            json.dumps({"settings": settings(args), "rows": [asdict(r) for r in results]}, indent=1)
        )
        return
    title_notes = ", seeing every hidden card (--peek)" if args.peek else ""
    title_notes += "".join(f", {path}={value}" for path, value in args.tweak)
    table = Table(
        title=f"{args.bot} at {args.seconds}s per move{title_notes}, {args.n} games per row"
    )
    for column in (
        "game",
        "options",
        "n",
        "against",
        "won",
        "95% CI",
        "score",
        "ours it/s",
        "theirs it/s",
        "time",
    ):
        table.add_column(
            column, justify="right" if column not in ("game", "options", "against") else "left"
        )
    for r in results:
        table.add_row(
            r.game,
            r.options,
            str(r.players),
            r.opponent,
            f"{r.rate:.0%}",
            f"{r.low:.0%}–{r.high:.0%}",
            f"{r.score:.1f}",
            f"{r.ours_its:,.0f}",
            "" if r.theirs_its is None else f"{r.theirs_its:,.0f}",
            f"{r.seconds:.0f}s",
        )
    Console(width=140).print(table)


if __name__ == "__main__":
    main()
