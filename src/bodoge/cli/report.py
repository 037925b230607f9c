"""``bodoge report`` and ``bodoge sweep``: the designer's HTML report, and design sweeps.

``sweep`` plays every combination of the ``--vary`` values on the same
seeds (game ``i`` of every variant starts from the same shuffle, with the
same bots at the same seats), so that the report compares matched pairs.
The first value of each ``--vary`` is the baseline.
"""

import itertools
import secrets
from pathlib import Path
from typing import Annotated, Any

import typer

from ..bots import describe_bots, expand_bot_specs
from ..engine import Game, Text
from ..sim import run_sweep
from . import simkit as kit
from . import text as t
from .common import (
    CliError,
    Command,
    Lang,
    check_folder,
    find_game,
    parse_bot_list,
    parse_option_value,
    parse_options,
    resolve_lang,
    say,
    user_errors,
)
from .games import LANG_HELP
from .play import GAME_HELP, OPTION_HELP
from .sim import BOTS_HELP, COUNT_HELP, SEED_HELP, WORKERS_HELP

REPORT_HELP = Text(
    "bodoge sim --out のファイルから HTML のバランスレポートを作る。",
    "Build the HTML balance report from a file of bodoge sim --out.",
)
FILE_HELP = Text(
    "bodoge sim --out のファイル（JSON Lines か Parquet）。", "A bodoge sim --out file."
)
REPORT_OUT_HELP = Text(
    "レポートのファイル（既定: FILE の拡張子を .html にしたもの）。",
    "The report file (default: FILE with the suffix .html).",
)
SWEEP_HELP = Text(
    "デザインパラメータやオプションの値を変えて同じシードで遊び、差を区間つきで比べる。",
    "Play every variant of design parameters or options on the same seeds and compare them, "
    "with intervals.",
)
VARY_HELP = Text(
    "変える値: 名前=値1,値2,…（デザインパラメータかオプション、繰り返し可）。最初の値が基準。",
    "Values to try: NAME=V1,V2,... (a design parameter or an option; repeatable). "
    "The first value is the baseline.",
)
SWEEP_OUT_HELP = Text(
    "各ゲームの行をこのファイルにも書く（JSON Lines か .parquet）。",
    "Also write one row per game to this file (JSON lines, or Parquet for *.parquet).",
)
SWEEP_REPORT_HELP = Text(
    "HTML レポートのファイル（既定: GAME-sweep.html）。",
    "The HTML report (default: GAME-sweep.html).",
)
BAD_VARY = Text(
    "--vary は 名前=値1,値2,… の形です（{given!r}）", "--vary takes NAME=V1,V2,..., not {given!r}"
)
UNKNOWN_NAME = Text(
    "{name!r} はこのゲームのオプションでもデザインパラメータでもありません（{known}）",
    "{name!r} is neither an option nor a design parameter of this game ({known})",
)
VARY_TWICE = Text("{name!r} が2回 --vary にあります", "{name!r} is given to --vary twice")
NO_VARY = Text(
    "--vary を1つ以上か、--players に2つ以上の人数を指定してください",
    "give at least one --vary, or several player counts to --players",
)
BAD_COUNTS = Text(
    "--players は 人数,人数,… の形で、同じ人数は1回だけです（{given!r}）",
    "--players takes distinct counts N,N,..., not {given!r}",
)
SWEEP_PLAYERS_HELP = Text(
    "人数。カンマ区切りで複数指定すると人数ごとに比べる（省略時は最少人数）。",
    "Number of players; several, comma-separated, compare player counts (default: the fewest).",
)
SWEEP_TITLE = Text(
    "{title}: {variants}通り × {games}ゲーム、{n}人、シード {seed}（同じシードで対にした比較）",
    "{title}: {variants} variants × {games} games, {n} players, seed {seed} (matched pairs)",
)
DIFF_LINE = Text(
    "  {variant}: {metric} {diff} ± {margin}{mark}",
    "  {variant}: {metric} {diff} ± {margin}{mark}",
)
GROUP_LINE = Text(
    "  {variant}: 平均 {length:.1f}手、P1 の勝率 {p1}、スタートプレイヤーの有利 {adv} ± {margin}"
    " ポイント、席の有利の検定 {p}（Holm 補正）",
    "  {variant}: mean length {length:.1f}, P1 wins {p1}, first-player advantage {adv} ± "
    "{margin} points, seat test {p} (Holm)",
)
TEAM_GROUP_LINE = Text(
    "  {variant}: 平均 {length:.1f}手、チームの成功率 {rate} ± {margin}",
    "  {variant}: mean length {length:.1f}, the team wins {rate} ± {margin}",
)
HOLM_LINE = Text(
    "  * = Holm 法で{k}個の差について補正して有意（5 %）",
    "  * = significant at 5 % after Holm's correction over {k} differences",
)


def add_to(app: typer.Typer, hl: str) -> None:
    """Add ``report`` and ``sweep``, with help texts in language ``hl``."""
    bots_help = BOTS_HELP(hl) + " " + t.KNOWN_BOTS(hl) + "; ".join(describe_bots(hl))

    @app.command("report", help=REPORT_HELP(hl), cls=Command)
    def report(
        file: Annotated[Path, typer.Argument(metavar="FILE", help=FILE_HELP(hl))],
        *,
        out: Annotated[
            Path | None, typer.Option("--out", metavar="FILE", help=REPORT_OUT_HELP(hl))
        ] = None,
        effects: Annotated[
            int, typer.Option("--effects", metavar="N", help=kit.EFFECTS_HELP(hl))
        ] = kit.EFFECT_DECISIONS,
        quiet: Annotated[bool, typer.Option("--quiet", "-q", help=kit.QUIET_HELP(hl))] = False,
        lang: Annotated[Lang | None, typer.Option("--lang", help=LANG_HELP(hl))] = None,
    ) -> None:
        ln = resolve_lang(lang)
        with user_errors(ln):
            kit.check_effects(effects)
            target = out if out is not None else file.with_suffix(".html")
            check_folder(target)
            results = kit.read_file(file)
            if not results:
                raise CliError(kit.BAD_FILE.format(detail=f"{file} holds no games"))
            kit.write_report(results, target, ln, quiet=quiet, effects=effects)

    @app.command("sweep", help=SWEEP_HELP(hl), cls=Command)
    def sweep(
        game_id: Annotated[str, typer.Argument(metavar="GAME", help=GAME_HELP(hl))],
        *,
        vary: Annotated[
            list[str] | None,
            typer.Option("--vary", metavar="NAME=V1,V2,...", help=VARY_HELP(hl)),
        ] = None,
        n: Annotated[int, typer.Option("--games", "-n", metavar="N", help=COUNT_HELP(hl))] = 100,
        players: Annotated[
            str | None,
            typer.Option("--players", "-p", metavar="N[,N...]", help=SWEEP_PLAYERS_HELP(hl)),
        ] = None,
        seed: Annotated[int | None, typer.Option("--seed", metavar="N", help=SEED_HELP(hl))] = None,
        workers: Annotated[
            int, typer.Option("--workers", "-w", metavar="K", help=WORKERS_HELP(hl))
        ] = 1,
        ray: Annotated[
            str | None, typer.Option("--ray", metavar="auto|ADDRESS", help=kit.RAY_HELP(hl))
        ] = None,
        bots: Annotated[
            list[str] | None, typer.Option("--bots", "-b", metavar="SPEC,...", help=bots_help)
        ] = None,
        fixed_seats: Annotated[
            bool, typer.Option("--fixed-seats", help=kit.FIXED_HELP(hl))
        ] = False,
        option: Annotated[
            list[str] | None,
            typer.Option("--option", "-o", metavar="NAME=VALUE", help=OPTION_HELP(hl)),
        ] = None,
        design: Annotated[
            list[str] | None,
            typer.Option("--set", metavar="NAME=VALUE", help=kit.SET_HELP(hl)),
        ] = None,
        out: Annotated[
            Path | None, typer.Option("--out", metavar="FILE", help=SWEEP_OUT_HELP(hl))
        ] = None,
        report: Annotated[
            Path | None,
            typer.Option("--report", metavar="FILE", help=SWEEP_REPORT_HELP(hl)),
        ] = None,
        effects: Annotated[
            int, typer.Option("--effects", metavar="N", help=kit.EFFECTS_HELP(hl))
        ] = kit.EFFECT_DECISIONS,
        quiet: Annotated[bool, typer.Option("--quiet", "-q", help=kit.QUIET_HELP(hl))] = False,
        lang: Annotated[Lang | None, typer.Option("--lang", help=LANG_HELP(hl))] = None,
    ) -> None:
        ln = resolve_lang(lang)
        with user_errors(ln):
            game = find_game(game_id)
            workers = kit.check_run(n, workers)
            kit.check_effects(effects)
            target = report if report is not None else Path(f"{game.id}-sweep.html")
            kit.check_files(out, target)
            counts = parse_counts(players)
            variants = sweep_variants(
                game, parse_options(option), kit.parse_design(design), vary or [], len(counts)
            )
            if seed is None:
                seed = secrets.randbelow(2**31)
            first = game.resolve_options(variants[0][0])
            if not counts:
                counts = [game.player_range(first)[0]]
            for count in counts:
                game.check_players(count, first)
            specs = parse_bot_list(bots, game)
            expand_bot_specs(specs, max(counts))
            with kit.backend_for(workers, ray) as backend:
                results = run_sweep(
                    game,
                    counts,
                    variants,
                    seed,
                    specs,
                    n=n,
                    backend=backend,
                    rotate=not fixed_seats,
                )
                order = [(i, v) for i in range(n) for v in range(len(variants) * len(counts))]
                collected, _ = kit.collect(results, order, out, ln, quiet=quiet)
            show_sweep(game, len(variants), n, counts, seed, collected, ln)
            if out is not None:
                say(t.WROTE.format(games=len(collected), file=out)(ln))
            kit.write_report(
                collected, target, ln, quiet=quiet, effects=effects, workers=workers, ray=ray
            )


def parse_counts(given: str | None) -> list[int]:
    """``--players 3,4,5``: the player counts of a sweep (``[]``: the game's fewest)."""
    if given is None:
        return []
    counts = []
    for word in given.split(","):
        try:
            count = int(word.strip())
        except ValueError:
            raise CliError(BAD_COUNTS.format(given=given)) from None
        if count in counts:
            raise CliError(BAD_COUNTS.format(given=given))
        counts.append(count)
    return counts


def sweep_variants(
    game: Game,
    options: dict[str, Any],
    design: dict[str, Any],
    vary: list[str],
    counts: int = 1,
) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Every combination of the ``--vary`` values, over the fixed ``--option``/``--set``.

    Each name is looked up among the game's options, then its design
    parameters; every variant is checked before anything is played.  With
    several player ``counts`` nothing needs to vary: the counts are the axis.
    """
    if not vary:
        if counts > 1:
            game.resolve_options(options)
            game.resolve_design(design)
            return [(dict(options), dict(design))]
        raise CliError(NO_VARY)
    option_names = {o.name for o in game.options}
    design_names = {p.name for p in game.design}
    axes: list[tuple[str, list[Any]]] = []
    for entry in vary:
        name, equals, raw = entry.partition("=")
        name = name.strip()
        values = [parse_option_value(v.strip()) for v in raw.split(",") if v.strip()]
        if not equals or not name or not values:
            raise CliError(BAD_VARY.format(given=entry))
        if name not in option_names | design_names:
            known = ", ".join(sorted(option_names | design_names)) or "-"
            raise CliError(UNKNOWN_NAME.format(name=name, known=known))
        if any(name == seen for seen, _ in axes):
            raise CliError(VARY_TWICE.format(name=name))
        axes.append((name, values))
    variants = []
    for combination in itertools.product(*(values for _, values in axes)):
        chosen_options, chosen_design = dict(options), dict(design)
        for (name, _), value in zip(axes, combination, strict=True):
            (chosen_options if name in option_names else chosen_design)[name] = value
        game.resolve_options(chosen_options)
        game.resolve_design(chosen_design)
        variants.append((chosen_options, chosen_design))
    return variants


def show_sweep(
    game: Game, variants: int, n: int, counts: list[int], seed: int, results: list[Any], lang: str
) -> None:
    from ..sim.report_words import (
        format_amount,
        format_margin,
        format_p,
        format_percent,
        metric_name,
    )

    say(
        SWEEP_TITLE.format(
            title=game.title(lang),
            variants=variants,
            games=n,
            n=",".join(str(count) for count in counts),
            seed=seed,
        )(lang)
    )
    analysis = kit.analysed(results)
    for group in analysis.groups:
        label = analysis.label(group) or "-"
        if group.team is not None:
            say(
                TEAM_GROUP_LINE.format(
                    variant=label,
                    length=group.length_mean,
                    rate=format_percent(group.team.rate),
                    margin=format_percent((group.team.high - group.team.low) / 2),
                )(lang)
            )
            continue
        say(
            GROUP_LINE.format(
                variant=label,
                length=group.length_mean,
                p1=format_percent(group.seats[0].win_rate),
                adv=f"{100 * group.advantage:+.1f}",
                margin=f"{100 * group.advantage_margin:.1f}",
                p=format_p(group.p_adjusted, lang),
            )(lang)
        )
    family = sum(len(c.differences) for c in analysis.comparisons)
    if family:
        say(HOLM_LINE.format(k=family)(lang))
    for comparison in analysis.comparisons:
        for d in comparison.differences:
            if d.metric == "score" or d.baseline == d.value == d.margin == 0:
                continue  # per-seat scores are in the report; nothing happened in either
            say(
                DIFF_LINE.format(
                    variant=analysis.label(comparison.group),
                    metric=metric_name(d, lang),
                    diff=format_amount(d.metric, d.difference, signed=True),
                    margin=format_margin(d.metric, d.margin),
                    mark=" *" if d.significant else "",
                )(lang)
            )
