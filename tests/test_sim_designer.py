"""The designer's simulator, second edition (issue 37): each figure against an independent count.

Every number here is recomputed from the results (or by replaying the games)
without the analysis code, or checked against scipy.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections import Counter

import numpy
import pytest
from scipy import stats as scipy_stats

import bodoge
from bodoge.sim import GameResult, play_game, run_many, run_sweep
from bodoge.sim.analysis import analyse, finishing_places, holm
from bodoge.sim.inference import detectable_gap
from bodoge.sim.report import build_report, findings, summary
from bodoge.sim.report_words import format_percent, format_points


def made(
    winners: list[tuple[int, ...]],
    lengths: list[int] | None = None,
    scores: list[tuple[int, ...]] | None = None,
    game: str = "egyptian-bride",
) -> list[GameResult]:
    n = 4
    return [
        GameResult(
            i,
            i,
            n,
            ("random",) * n,
            scores[i] if scores else (0,) * n,
            won,
            lengths[i] if lengths else 10,
            game=game,
            counts=({},) * n,
            phases=({},) * 3,
        )
        for i, won in enumerate(winners)
    ]


# ------------------------------------------------------ 1. co-operative games


def test_a_cooperative_game_reports_the_teams_success_and_its_rank_bands() -> None:
    from bodoge.games.tarot_storia.data import rank

    results = list(run_many("tarot-storia", 2, None, 7, ["heuristic"], n=40))
    analysis = analyse(results, bands=bodoge.get_game("tarot-storia").score_bands)
    (group,) = analysis.groups
    team = group.team
    assert team is not None and group.cooperative
    won = sum(1 for r in results if r.winners)
    assert team.wins == won and team.rate == won / 40
    wilson = scipy_stats.binomtest(won, 40).proportion_ci(method="wilson")
    # scipy's z is 1.95996…, the report's 1.96: they agree to 1e-5
    assert (team.low, team.high) == pytest.approx((wilson.low, wilson.high), abs=1e-5)
    tally = Counter(rank(int(max(r.scores)), 2) for r in results)
    assert [count for _, count in team.bands] == [tally[i] for i in range(len(team.bands))]
    first = summary(analysis, "en")[0]
    assert first.startswith(f"A co-operative game: the team wins {format_percent(won / 40)} ±")
    page = build_report(results, "en")
    assert "degrees of freedom" not in page and "shared win" not in summary(analysis, "en")
    assert "Win rate by seat" not in page and "The team&#39;s success" in page
    assert "Complete strangers" in page  # the rules' verdicts, by name


def test_the_terminal_gives_a_cooperative_games_team_success_not_seats() -> None:
    from typer.testing import CliRunner

    from bodoge.cli import build_app

    result = CliRunner().invoke(
        build_app("en"),
        ["sim", "tarot-storia", "-n", "30", "-p", "2", "--seed", "7", "-q", "-b", "random"],
    )
    assert result.exit_code == 0, result.output
    games = list(run_many("tarot-storia", 2, None, 7, ["random"], n=30))
    won = sum(1 for r in games if r.winners)
    wilson = scipy_stats.binomtest(won, 30).proportion_ci(method="wilson")
    assert f"Team success: {100 * won / 30:.1f} % ± {50 * (wilson.high - wilson.low):.1f} %" in (
        result.output
    )
    assert "First-player advantage" not in result.output and "shared win" not in result.output
    from bodoge.games.tarot_storia.data import DUET_RANKS, rank

    tally = Counter(rank(int(max(r.scores)), 2) for r in games)
    name = DUET_RANKS[0][1].en
    assert f"The rules' verdicts: {name} {100 * tally[0] / 30:.1f} % ({tally[0]})" in result.output


def test_the_terminal_margin_is_wilsons() -> None:
    from bodoge.sim import Stats

    games = list(run_many("egyptian-bride", 3, None, 4, n=30))
    stats = Stats.from_results(games)
    for seat in stats.seats:
        wins = sum(1 / len(r.winners) for r in games if seat.seat in r.winners)
        z2 = 1.96**2
        p = wins / 30
        low, high = sorted(numpy.roots([1 + z2 / 30, -(2 * p + z2 / 30), p * p]).real)
        assert seat.win_margin == pytest.approx((high - low) / 2)


# --------------------------------------------- 2. legal and chosen, per type


def test_rows_count_where_each_type_was_legal_as_a_replay_does() -> None:
    game = bodoge.get_game("imhotep")
    for seed in (1, 2):
        result = play_game(game, 2, None, seed, ["random"], keep_record=True)
        assert result.record is not None
        state = game.new_game(2, seed, result.record["options"])
        legal: list[Counter[str]] = [Counter(), Counter()]
        for event in bodoge.replay(result.record).events:
            legal[event.seat].update({a.TYPE for a in state.legal_actions(event.seat)})
            state.apply(event.seat, event.action)
        assert [dict(seat) for seat in result.legal] == [dict(seat) for seat in legal]
        assert GameResult.from_json(result.to_json()).legal == result.legal


def test_never_chosen_names_only_what_was_legal_and_never_taken() -> None:
    results = list(run_many("imhotep", 2, None, 1, n=6))
    (group,) = analyse(results).groups
    chosen: Counter[str] = Counter()
    legal: Counter[str] = Counter()
    for r in results:
        for seat in range(2):
            chosen.update(r.counts[seat])
            legal.update(r.legal[seat])
    assert "choose_pyramid" not in group.never_chosen  # side A: it can never be legal
    assert set(group.never_chosen) == {k for k in legal if not chosen[k]}
    for action in group.actions:
        assert action.legal == legal[action.kind]
        assert action.chosen_when_legal == pytest.approx(chosen[action.kind] / legal[action.kind])
    page = build_report(results, "en")
    assert "Chosen when legal" in page and "choose_pyramid" not in page


# ---------------------------------------- 3. multiple testing and power


def brute_holm(p: list[float]) -> list[float]:
    ordered = sorted(p)
    m = len(p)
    steps = [min(1.0, (m - j) * ordered[j]) for j in range(m)]
    return [max(steps[: ordered.index(value) + 1]) for value in p]


def test_holm_matches_its_definition() -> None:
    rng = numpy.random.default_rng(5)
    for _ in range(50):
        p = [float(x) for x in rng.uniform(0, 0.2, size=int(rng.integers(1, 12)))]
        assert holm(p) == pytest.approx(brute_holm(p))


@pytest.mark.parametrize(("seats", "games"), [(3, 2000), (4, 2000), (5, 2000), (4, 300)])
def test_the_power_line_is_the_power_of_the_seat_test_the_report_runs(
    seats: int, games: int
) -> None:
    """Draw whole runs with one seat ahead by the line's gap and run the report's own test
    (Pearson's chi-square over all seats) on each: 80 % of them reject, within a point (the
    noncentral chi-square's line was one to three points optimistic)."""
    fair = 1 / seats
    gap = detectable_gap(games, fair, seats)
    rates = [fair + gap] + [fair - gap / (seats - 1)] * (seats - 1)
    wins = numpy.random.default_rng(seats + games).multinomial(games, rates, size=40000)
    p = scipy_stats.chisquare(wins, axis=1).pvalue
    assert float(numpy.mean(p < 0.05)) == pytest.approx(0.8, abs=0.01)
    if games != 2000:
        return
    results = [
        dataclasses.replace(
            r,
            num_players=seats,
            scores=(0,) * seats,
            counts=({},) * seats,
            bots=("random",) * seats,
        )
        for r in made([(i % seats,) for i in range(games)])
    ]
    text = " ".join(summary(analyse(results), "en"))
    assert f"2000 games detect a seat gap of {100 * gap:.1f} percentage points" in text
    assert f"chi-square over {seats} seats" in text


def test_a_sweep_corrects_its_comparisons_with_holm() -> None:
    variants = [(None, None), (None, {"winning_set": 4}), (None, {"winning_set": 6})]
    analysis = analyse(list(run_sweep("hoarders", 4, variants, 3, n=20)))
    family = [d for c in analysis.comparisons for d in c.differences]
    assert all(d.paired for d in family)
    assert [d.p_adjusted for d in family] == pytest.approx(brute_holm([d.p_value for d in family]))
    assert all(d.significant == (d.p_adjusted < 0.05) for d in family)
    # a difference its own interval excludes is no finding once 30-odd tests share the family
    assert any(abs(d.difference) > d.margin and not d.significant for d in family)


# -------------------------------------------------- 4. ranked findings


def test_the_summary_ranks_seat_gaps_and_length_bands_and_links_their_plots() -> None:
    """Four seats: P3 wins 38 %, P1 13.5 %; in the shortest fifth of games P1 wins 3 %."""
    count = 2000
    rng = numpy.random.default_rng(3)
    winners = [int(w) for w in rng.choice(4, size=count, p=[0.135, 0.24, 0.38, 0.245])]
    short = [i for i in range(count) if winners[i] != 0][:388] + [
        i for i in range(count) if winners[i] == 0
    ][:12]
    lengths = [20 + i % 20 if i in set(short) else 100 + i % 50 for i in range(count)]
    results = made([(w,) for w in winners], lengths)
    lines = findings(analyse(results), "en")
    texts = [line.text for line in lines]
    rate = {s: winners.count(s) / count for s in range(4)}
    assert texts[0].startswith(f"P3 wins {format_percent(rate[2])}")
    p1 = next(i for i, t in enumerate(texts) if t.startswith(f"P1 wins {format_percent(rate[0])}"))
    band = next(i for i, t in enumerate(texts) if "of games end within 20–39 actions" in t)
    assert "where P1 wins 3.0 %" in texts[band]
    assert p1 < band or abs(rate[0] - 0.25) < abs(0.03 - rate[0])  # by size
    assert lines[0].anchor == "v0-win" and lines[band].anchor == "v0-bands"
    page = build_report(results, "en")
    assert 'href="#v0-bands"' in page and 'id="v0-bands"' in page and 'id="v0-win"' in page


# --------------------------------------------------- 5. the small things


def test_small_things_percents_points_ticks_and_bars() -> None:
    assert format_percent(0.2415) in ("24.1 %", "24.2 %") and format_percent(0.5) == "50.0 %"
    assert format_points(1) == "1 point" and format_points(2.5) == "2.5 points"
    assert format_points(1, percentage=True) == "1 percentage point"
    scores = [
        tuple(int(x) for x in row) for row in numpy.random.default_rng(2).integers(0, 6, (40, 4))
    ]
    results = made([(i % 4,) for i in range(40)], [336] * 40, scores)
    page = build_report(results, "en")
    ticks = re.findall(r"<text[^>]*>([^<]*)</text>", page)
    assert "335.6" not in page and "336" in ticks
    assert "% of games" in ticks and "final score" in ticks  # bars for 0–5 scores, not boxes
    assert "Boxes: quartiles" not in page
    assert {"game length (actions)", "games", "win rate (%)", "seat"} <= set(ticks)
    counts = [float(t) for t in ticks if re.fullmatch(r"-?\d+(\.\d+)?", t)]
    assert counts and all(value.is_integer() for value in counts), "fractional ticks"


# ----------------------------------------------------- 7. how games are won


def test_how_games_are_won_against_a_count_by_hand() -> None:
    results = list(run_many("egyptian-bride", 4, None, 11, n=60))
    (group,) = analyse(results).groups
    won = group.won
    assert won is not None
    single = [r for r in results if len(r.winners) == 1]
    margins = []
    for r in single:
        (w,) = r.winners
        margins.append(r.scores[w] - max(s for i, s in enumerate(r.scores) if i != w))
    assert won.decided == len(single)
    assert won.margin_mean == pytest.approx(numpy.mean(margins))
    assert won.tie_break == sum(1 for m in margins if m <= 0)
    assert won.one_point == margins.count(1)
    ranks = numpy.zeros((4, 4), dtype=int)
    for r in results:
        key = [-(10**6 * (s in r.winners) + r.scores[s]) for s in range(4)]
        order = scipy_stats.rankdata(key, "min")
        for seat in range(4):
            ranks[seat][int(order[seat]) - 1] += 1
    assert [list(row) for row in won.ranks] == ranks.tolist()
    assert finishing_places(dataclasses.replace(results[0], winners=(), scores=(3, 3, 1, 0))) == [
        0,
        0,
        2,
        3,
    ]


# ---------------------------------------------------- 6. player counts as an axis


def test_a_sweep_over_player_counts_reports_each_counts_first_player_advantage(
    tmp_path: pytest.TempPathFactory,
) -> None:
    from typer.testing import CliRunner

    from bodoge.cli import build_app
    from bodoge.sim.files import read_results

    out, page = tmp_path / "rows.jsonl", tmp_path / "sweep.html"  # type: ignore[operator]
    args = ["sweep", "egyptian-bride", "--players", "3,4", "-n", "24", "--seed", "3", "-q"]
    args += ["-b", "random"]
    result = CliRunner().invoke(build_app("en"), [*args, "--out", str(out), "--report", str(page)])
    assert result.exit_code == 0, result.output
    rows = read_results(out)
    assert Counter(r.num_players for r in rows) == {3: 24, 4: 24}
    for count in (3, 4):
        games = sorted((r for r in rows if r.num_players == count), key=lambda r: r.index)
        assert [dataclasses.replace(r, variant=0) for r in games] == sorted(
            run_many("egyptian-bride", count, None, 3, n=24), key=lambda r: r.index
        )
        d = numpy.array(
            [
                (1 / len(r.winners) if 0 in r.winners else 0) - (1 / count if r.winners else 0)
                for r in games
            ]
        )
        margin = 1.96 * d.std(ddof=1) / math.sqrt(len(d))
        line = f"players={count}: mean length {numpy.mean([r.actions for r in games]):.1f}"
        assert line in result.output
        assert f"first-player advantage {100 * d.mean():+.1f} ± {100 * margin:.1f} points" in (
            result.output
        )
    html = page.read_text(encoding="utf-8")
    assert 'data-testid="player-counts"' in html and "Player counts" in html
    bad = CliRunner().invoke(build_app("en"), ["sweep", "egyptian-bride", "--players", "3,x"])
    assert bad.exit_code != 0 and "--players takes distinct counts" in bad.output


# -------------------------------------------------------------- 10. tuning


def test_tune_finds_the_toys_fair_compensation_within_its_interval() -> None:
    from bodoge.sim.tune import tune
    from toys.dice_duel import FAIR_COMPENSATION, GAME

    # the answer, computed exactly: P1's share of wins over all 36 rolls is ½ only at c = 1
    def share(c: int) -> float:
        rolls = [(x + 1, y + c) for x in range(1, 7) for y in range(1, 7)]
        return sum(1.0 if a > b else 0.5 if a == b else 0.0 for a, b in rolls) / 36

    assert [c for c in range(5) if share(c) == 0.5] == [FAIR_COMPENSATION]
    result = tune(GAME, "compensation", 0, 4, seed=5, batch=100, max_games=3000)
    assert result.low <= FAIR_COMPENSATION <= result.high and result.high - result.low <= 1
    assert result.best.value == FAIR_COMPENSATION
    first = result.rounds[0]
    assert [c.value for c in first.candidates] == [0, 1, 2, 3, 4]
    assert result.games < 5 * 3000 and result.reason in ("one left", "narrow")
    assert any(r.dropped for r in result.rounds[:-1]) or len(result.rounds) == 1  # early stops
    for candidate in first.candidates:  # matched seeds: every value played games 0..99
        games = list(run_many(GAME, 2, None, 5, n=100, design={"compensation": candidate.value}))
        d = [(1 / len(g.winners) if 0 in g.winners else 0) - 0.5 for g in games]
        assert candidate.mean == pytest.approx(numpy.mean(d))
        assert candidate.margin == pytest.approx(1.96 * numpy.std(d, ddof=1) / 10)


def test_the_tune_command_prints_the_path_and_refuses_bad_input() -> None:
    from typer.testing import CliRunner

    from bodoge.cli import build_app

    app, runner = build_app("en"), CliRunner()
    args = ["tune", "toy-dice-duel", "--param", "compensation=0..4", "--seed", "5"]
    result = runner.invoke(app, [*args, "--batch", "100"])
    assert result.exit_code == 0, result.output
    assert (
        "Round 1 (100 games each):" in result.output
        and "(dropped: farther from the target than another value" in result.output
    )
    assert "Best value: compensation = 1 " in result.output
    assert "Still in the race (not told apart from the best): 1." in result.output
    assert "drops any value when none differs is at most 5 % over the whole race" in result.output
    assert "Its power to drop a value 5.0 pt farther from the target than the best: " in (
        result.output
    )
    for bad, message in (
        (["--param", "compensation=0-4"], "--param takes NAME=LOW..HIGH"),
        (["--param", "nothing=0..4"], "'nothing' is not a design parameter"),
        (["--param", "compensation=0..9"], "compensation"),
        (["--param", "compensation=0..4", "--target", "fun=1"], "unknown metric 'fun'"),
    ):
        refused = runner.invoke(app, ["tune", "toy-dice-duel", *bad])
        assert refused.exit_code != 0 and message in refused.output, refused.output
        assert "Traceback" not in refused.output


# -------------------------------------------------------- 8. which choices win


def test_which_choices_win_against_a_count_by_hand() -> None:
    results = list(run_many("imhotep", 2, None, 3, n=40))
    (group,) = analyse(results).groups
    assert group.choices
    raw = []
    for row in group.choices:
        chose, passed = [], []
        for r in results:
            for seat in range(2):
                if r.legal[seat].get(row.kind):
                    won = 1 / len(r.winners) if seat in r.winners else 0.0
                    (chose if r.counts[seat].get(row.kind) else passed).append(won)
        a, b = numpy.array(chose), numpy.array(passed)
        assert (row.chose, row.passed) == (len(a), len(b))
        assert row.difference == pytest.approx(a.mean() - b.mean())
        # Newcombe's interval from scipy's Wilson intervals (no shared wins in Imhotep)
        (la, ha), (lb, hb) = (
            scipy_stats.binomtest(int(x.sum()), len(x)).proportion_ci(method="wilson")
            for x in (a, b)
        )
        low = a.mean() - b.mean() - math.hypot(a.mean() - la, hb - b.mean())
        high = a.mean() - b.mean() + math.hypot(ha - a.mean(), b.mean() - lb)
        assert (row.difference_low, row.difference_high) == pytest.approx((low, high), rel=1e-4)
        table = [[int(a.sum()), len(a) - int(a.sum())], [int(b.sum()), len(b) - int(b.sum())]]
        small = min(len(a), len(b)) < 20
        raw.append(math.nan if small else scipy_stats.fisher_exact(table).pvalue)
    adjusted = iter(brute_holm([p for p in raw if not math.isnan(p)]))
    expected = [math.nan if math.isnan(p) else next(adjusted) for p in raw]
    assert [row.p_adjusted for row in group.choices] == pytest.approx(expected, nan_ok=True)
    page = build_report(results, "en")
    assert 'data-testid="choices"' in page
    assert "Chosen more often by the winners (description)" in page


# ------------------------------------------------- 9. what happens during a game


def test_the_running_score_comebacks_and_lead_changes_by_replay() -> None:
    game = bodoge.get_game("imhotep")
    results = [play_game(game, 2, None, seed, ["random"], keep_record=True) for seed in range(12)]
    half_games = half_won = 0
    changes = []
    for result in results:
        assert result.record is not None
        state = game.new_game(2, result.seed, result.record["options"])
        running = [tuple(state.scores)]
        for event in bodoge.replay(result.record).events:
            state.apply(event.seat, event.action)
            running.append(tuple(state.scores))
        # the trace holds every change of the running score, at its step
        assert [(0, running[0])] + [
            (k, s) for k, s in enumerate(running) if k and s != running[k - 1]
        ] == [(k, tuple(s)) for k, s in result.trace]
        sole = [max(range(2), key=s.__getitem__) if s[0] != s[1] else None for s in running]
        held = [seat for seat in sole if seat is not None]
        changes.append(sum(1 for i in range(1, len(held)) if held[i] != held[i - 1]))
        half = sole[result.actions // 2]
        if len(result.winners) == 1 and half is not None:
            half_games += 1
            half_won += half == result.winners[0]
    line = analyse(results).groups[0].timeline
    assert line is not None and line.games == 12
    assert (line.half_games, line.half_won) == (half_games, half_won)
    assert line.lead_changes == pytest.approx(numpy.mean(changes))
    for seat in range(2):
        finals = [r.scores[seat] for r in results]
        assert line.curve[seat][-1] == pytest.approx(numpy.mean(finals))
    assert "The seat leading at half-time wins" in " ".join(summary(analyse(results), "en"))


# ------------------------------------------------- 11. the library's balance


def test_the_balance_bench_writes_a_summary_per_game(
    tmp_path: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib.util
    import sys
    from pathlib import Path

    script = Path(__file__).parent.parent / "bench" / "balance.py"
    spec = importlib.util.spec_from_file_location("balance_bench", script)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    assert bench.usual_players(bodoge.get_game("tarot-storia")) == 2
    assert bench.usual_players(bodoge.get_game("egyptian-bride")) == 4
    out = Path(str(tmp_path)) / "balance"
    argv = ["balance.py", "--only", "egyptian-bride", "--games", "12", "--seed", "4"]
    monkeypatch.setattr(sys, "argv", [*argv, "--out", str(out)])
    bench.main()
    games = list(run_many("egyptian-bride", 4, None, 4, ["normal"], n=12))
    d = numpy.array(
        [(1 / len(r.winners) if 0 in r.winners else 0) - (0.25 if r.winners else 0) for r in games]
    )
    index = (out / "README.md").read_text(encoding="utf-8")
    assert f"| 4 | 12 | {100 * d.mean():+.1f} ± {196 * d.std(ddof=1) / math.sqrt(12):.1f} pt |" in (
        index
    )
    page = (out / "egyptian-bride.md").read_text(encoding="utf-8")
    assert "bodoge sim egyptian-bride -p 4 -b normal -n 12 --seed 4" in page
    assert summary(analyse(games), "en")[0] in page


def test_tune_says_when_no_value_reaches_the_target() -> None:
    from bodoge.sim.tune import tune
    from toys.dice_duel import GAME

    # P1's share is at most 23.5/36 (compensation 0): +15.3 points, never +40
    result = tune(GAME, "compensation", 0, 4, "first_player_advantage", 0.4, seed=5, batch=100)
    assert not result.reached and result.best.value == 0 and result.low == result.high == 0
