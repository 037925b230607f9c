"""The library's balance, published: one summary per game in docs/balance/.

    python bench/balance.py [--games N] [--seed S] [--effects N] [--only ID ...] [--out DIR]

For every registered game (or those named by ``--only``) it plays ``--games``
games between ``normal`` bots (each game's own strategy) at the game's usual player count (four,
or the nearest count the game allows), seats rotated, and writes
``DIR/<game>.md``: the report's summary findings (seat advantage with its
power, team success for co-operative games, what choices and cards dealt do,
measured with ``--effects`` decisions per choice, how games are won, length,
actions) and ``DIR/README.md``, one line per game.  The multi-megabyte HTML
reports are not kept: ``bodoge sim GAME -p N -b normal -n N --seed S
--report r.html`` rebuilds any of them exactly.
"""

from __future__ import annotations

import argparse
import datetime
import subprocess
import time
from pathlib import Path

import bodoge
from bodoge.sim import run_many
from bodoge.sim.analysis import Group, analyse
from bodoge.sim.effects import EffectBudget, with_effects
from bodoge.sim.report import findings
from bodoge.sim.report_words import format_p, format_percent

USUAL = 4


def usual_players(game: bodoge.Game) -> int:
    low, high = game.player_range(game.resolve_options(None))
    return min(max(USUAL, low), high)


def row(game: bodoge.Game, players: int, group: Group) -> str:
    if group.team is not None:
        balance = f"team wins {format_percent(group.team.rate)}"
        seats = "—"
    else:
        balance = f"{100 * group.advantage:+.1f} ± {100 * group.advantage_margin:.1f} pt"
        seats = format_p(group.p_value)
    close = "—" if group.won is None or not group.won.decided else format_percent(group.won.close)
    median = group.length_quantile(0.5)
    return (
        f"| [{game.title('en')}]({game.id}.md) | {players} | {group.games} | {balance} | "
        f"{seats} | {median:.0f} | {close} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--effects", type=int, default=200)
    parser.add_argument("--only", nargs="*", default=None)
    parser.add_argument("--out", type=Path, default=Path("docs/balance"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    rows = []
    for game_id in args.only or bodoge.game_ids():
        game = bodoge.get_game(game_id)
        if game.id.startswith("toy-"):
            continue
        players = usual_players(game)
        started = time.perf_counter()
        results = list(run_many(game, players, None, args.seed, ["normal"], n=args.games))
        analysis = analyse(results, bands=game.score_bands)
        if args.effects:
            analysis = with_effects(analysis, EffectBudget(args.effects, seed=args.seed))
        (group,) = analysis.groups
        command = (
            f"bodoge sim {game.id} -p {players} -b normal -n {args.games} "
            f"--seed {args.seed} --effects {args.effects} --report {game.id}.html"
        )
        lines = [f"# {game.title('en')}: balance with normal bots", ""]
        lines.append(f"{args.games} games, {players} players, seats rotated. Rebuild the full")
        lines.append(f"report with `{command}`.")
        lines.append("")
        lines.extend(f"- {finding.text}" for finding in findings(analysis, "en"))
        (args.out / f"{game.id}.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
        rows.append(row(game, players, group))
        print(f"{game.id}: {time.perf_counter() - started:.1f} s", flush=True)
    header = [
        "# The library's balance",
        "",
        "`normal` bots (each game's own strategy) at each game's usual player count, "
        f"{args.games} games each, seed "
        f"{args.seed}, effects from {args.effects} decisions per choice; built "
        f"{datetime.date.today().isoformat()} at commit {_commit()} by "
        f"`python bench/balance.py --games {args.games} --seed {args.seed} "
        f"--effects {args.effects}`. First-player advantage: P1's win",
        "rate minus the fair share, 95 % interval; seat test: Pearson's chi-square p; length:",
        "median actions; close: share of one-winner games decided by one point or a tie-break.",
        "Bots' strength changes these figures: they describe these bots, not expert play.",
        "",
        "| Game | Players | Games | First-player advantage | Seat test | Length | Close |",
        "|---|---|---|---|---|---|---|",
    ]
    (args.out / "README.md").write_text("\n".join(header + rows) + "\n", encoding="utf-8")


def _commit() -> str:
    done = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], check=False, capture_output=True, text=True
    )
    return done.stdout.strip() or "unknown"


if __name__ == "__main__":
    main()
