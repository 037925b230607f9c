"""The designer's statistics at the sizes they meet, each test checked against scipy.

A report compares groups of every size: thousands of seat-games against a
handful, a tuning round's 200 matched games of which most come out the
same.  Here: exact tests and the stated minimum for small groups, a tuner
that drops a value only on a valid paired test, the small output fixes, and
the property that games where nothing differs raise no more alarms than the
report's stated rate.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy
import pytest
from scipy import stats as scipy_stats
from typer.testing import CliRunner

from bodoge.cli import build_app
from bodoge.sim import GameResult, run_many
from bodoge.sim.analysis import ALPHA, analyse
from bodoge.sim.report import build_report, findings
from statskit import exact_sign_flip

UNKNOWN = "fair-coin"
"""A game id no registry knows: the rows stand alone (named keys, no rules)."""


def row(
    index: int,
    winner: int,
    *,
    seats: int = 4,
    length: int = 10,
    legal: tuple[dict[str, int], ...] = (),
    chosen: tuple[dict[str, int], ...] = (),
    cards_legal: tuple[dict[str, int], ...] = (),
    cards: tuple[dict[str, int], ...] = (),
) -> GameResult:
    return GameResult(
        index,
        index,
        seats,
        ("normal",) * seats,
        (0,) * seats,
        (winner,),
        length,
        game=UNKNOWN,
        counts=chosen or ({},) * seats,
        phases=({},) * 3,
        legal=legal,
        subjects=cards,
        subject_legal=cards_legal,
    )


# ------------------------------------------- 1. small groups: exact, or too few to say


def test_one_seat_game_that_passed_is_too_few_to_say() -> None:
    """Hoarders' allow_theft: every seat-game that could chose it but one, which lost."""
    results = [
        row(
            i,
            i % 4,
            legal=({"allow": 1},) * 4,
            chosen=tuple({} if (i, seat) == (1, 0) else {"allow": 1} for seat in range(4)),
        )
        for i in range(400)
    ]
    (group,) = analyse(results).groups
    (choice,) = group.choices
    assert (choice.chose, choice.passed, choice.passed_rate) == (1599, 1, 0.0)
    assert math.isnan(choice.p_adjusted) and choice.too_few
    table = [[400, 1199], [0, 1]]
    assert scipy_stats.fisher_exact(table).pvalue == 1.0  # what an exact test says of it
    # the difference's interval carries the single game's uncertainty (Wilson 0–79.3 %)
    assert choice.passed_high == pytest.approx(0.7935, abs=1e-4)
    assert choice.difference_low < -0.5 < 0.25 < choice.difference_high
    ranked = [line.text for line in findings(analyse(results), "en") if line.tier == 0]
    assert not any("allow" in text for text in ranked)
    page = build_report(results, "en")
    assert "too few games to say (fewer than 20)" in page
    assert "ゲームが少なすぎて判断できません（20未満）" in build_report(results, "ja")


def test_a_group_at_the_minimum_is_tested_exactly() -> None:
    """20 seat-games that passed and all lost, against 1,580 that chose at the fair 25 %."""
    passed = [i for i in range(400) if i % 4 != 3][:20]  # games P4 lost
    results = [
        row(
            i,
            i % 4,
            legal=({"bid": 1},) * 4,
            chosen=tuple({} if i in passed and seat == 3 else {"bid": 1} for seat in range(4)),
        )
        for i in range(400)
    ]
    (choice,) = analyse(results).groups[0].choices
    assert (choice.chose, choice.passed, choice.passed_rate) == (1580, 20, 0.0)
    expected = scipy_stats.fisher_exact([[400, 1180], [0, 20]]).pvalue
    assert choice.p_adjusted == pytest.approx(expected)
    assert choice.p_adjusted < ALPHA


def test_a_run_too_short_for_the_seat_test_says_so() -> None:
    results = [row(i, 0 if i < 9 else 1) for i in range(12)]
    (group,) = analyse(results).groups
    assert math.isnan(group.p_value)
    lines = findings(analyse(results), "en")
    assert lines[0].text.startswith("Too few games to say whether a seat is favoured: 12 games")
    assert not [line.text for line in lines if line.tier == 0]  # P1's 9 of 12 is no finding
    assert (
        "ゲームでは少なすぎて席の有利は判断できません" in findings(analyse(results), "ja")[0].text
    )


def test_the_seat_test_against_the_fair_share_is_the_exact_binomial() -> None:
    """P1 wins 15 of 40 (the others share the rest): its p is scipy's binomial test."""
    winners = [0] * 15 + [1 + i % 3 for i in range(25)]
    (group,) = analyse([row(i, w) for i, w in enumerate(winners)]).groups
    raw = [scipy_stats.binomtest(winners.count(seat), 40, 0.25).pvalue for seat in range(4)]
    ordered = sorted(raw)
    steps = [min(1.0, (4 - j) * p) for j, p in enumerate(ordered)]
    holm = [max(steps[: ordered.index(p) + 1]) for p in raw]
    assert list(group.seat_p) == pytest.approx(holm)


# ------------------------------------------------------- 2. the tuner's paired test


def _fake_sweep(flipped: dict[int, int]) -> Any:
    """A stand-in for the games: P1 wins the even games; value ``v`` also wins the first
    ``flipped[v]`` odd ones.  Every other game comes out the same for every value."""

    def run_sweep(
        game: Any, players: Any, variants: Any, seed: Any, bots: Any, *, n: int, skip: Any, **_: Any
    ) -> Iterator[GameResult]:
        for variant, (_, design) in enumerate(variants):
            value = design["compensation"]
            for i in range(n):
                if (variant, i) in skip:
                    continue
                won = i % 2 == 0 or i // 2 < flipped.get(value, 0)
                yield GameResult(
                    i, i, 2, ("random",) * 2, (0, 0), (0,) if won else (1,), 2,
                    game="toy-dice-duel", design=design, variant=variant,
                )  # fmt: skip

    return run_sweep


def test_tune_keeps_the_default_on_four_games_and_drops_on_forty(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The default (3) differs from the others in 4 of 200 matched games, all one way: +0.020
    ± 0.0195 by the normal interval, but an exact sign-flip p of 0.125: it stays.  Value 0
    differs in 40: dropped, and the answer says how sure and what remains."""
    from bodoge.sim import tune as tuning
    from toys.dice_duel import GAME

    assert GAME.design[0].default == 3
    monkeypatch.setattr(tuning, "run_sweep", _fake_sweep({0: 40, 3: 4}))
    result = tuning.tune(GAME, "compensation", 0, 4, seed=1, batch=200, max_games=200)
    (first,) = result.rounds
    by_value = {c.value: c for c in first.candidates}
    assert by_value[3].gap == pytest.approx(0.02)
    assert by_value[3].gap_margin == pytest.approx(0.0195, abs=1e-4)
    assert first.dropped == (0,)
    assert result.remaining == (1, 2, 3, 4)
    # Holm over the round's ten pairs: value 0 against 1, 2 and 4 differs in 40 games (the
    # normal test, the smallest p, times ten); 3 against 1, 2 and 4 in four, all one way:
    # the exact sign-flip p = 0.125, sixth in order, times 10 - 4 remaining = 0.75
    d = numpy.array([1.0] * 40 + [0.0] * 160)
    z = d.mean() / (d.std(ddof=1) / math.sqrt(len(d)))
    assert result.surest == pytest.approx(10 * 2 * scipy_stats.norm.sf(z), rel=1e-6)
    assert by_value[3].p_adjusted == pytest.approx(6 * scipy_stats.binomtest(4, 4).pvalue)


def test_sign_flip_matches_scipys_exact_permutation_test() -> None:
    from bodoge.sim.inference import sign_flip_p

    rng = numpy.random.default_rng(7)
    for size in (3, 9, 16):
        d = rng.choice([-2.0, -1.0, 0.0, 0.5, 1.0, 3.0], size=size)
        nonzero = d[d != 0]
        if not len(nonzero):
            continue
        exact = scipy_stats.permutation_test(
            (nonzero,),
            numpy.mean,
            permutation_type="samples",
            n_resamples=numpy.inf,
            alternative="two-sided",
        ).pvalue
        assert sign_flip_p(list(d)) == pytest.approx(min(1.0, exact))
    # beyond 16 non-zero pairs: a seeded Monte Carlo within its error of the exact p, here
    # counted by convolving the flips of 30 whole-number differences
    d = [int(x) for x in rng.choice([-3, -2, -1, 1, 2, 3], size=30)]
    exact = exact_sign_flip(d)
    assert 0.01 < exact < 0.9
    assert sign_flip_p([float(x) for x in d]) == pytest.approx(exact, abs=0.015)


def test_the_tune_json_says_which_values_remain_in_strict_json() -> None:
    args = ["tune", "toy-dice-duel", "--param", "compensation=0..4", "--seed", "5"]
    ran = CliRunner().invoke(build_app("en"), [*args, "--batch", "100", "--json"])
    assert ran.exit_code == 0, ran.output

    def refuse(constant: str) -> None:
        raise AssertionError(f"{constant} is not JSON")

    data = json.loads(ran.stdout, parse_constant=refuse)
    assert data["remaining"] and set(data["remaining"]) <= {0, 1, 2, 3, 4}
    assert data["best"]["value"] in data["remaining"]
    assert data["rounds"][0]["candidates"]  # the best's own test is null, not NaN


# ------------------------------------------------------------- 4. the small things


def test_sim_json_with_out_is_json_alone(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    args = ["sim", "toy-dice-duel", "-n", "5", "--seed", "1", "-q", "--json", "--out", str(out)]
    ran = CliRunner().invoke(build_app("en"), args)
    assert ran.exit_code == 0, ran.output
    data = json.loads(ran.stdout)
    assert data["stats"]["games"] == 5 and len(out.read_text().splitlines()) == 5


def test_a_cooperative_games_json_has_no_seat_advantage_or_shared_wins() -> None:
    args = ["sim", "toy-coop", "-p", "2", "-n", "6", "--seed", "1", "-q", "--json"]
    ran = CliRunner().invoke(build_app("en"), args)
    assert ran.exit_code == 0, ran.output
    stats = json.loads(ran.stdout)["stats"]
    assert stats["cooperative"] is True and 0 <= stats["team_wins"] <= 6
    assert "first_player_advantage" not in stats and "shared_wins" not in stats
    competitive = json.loads(
        CliRunner()
        .invoke(build_app("en"), ["sim", "toy-dice-duel", "-n", "4", "-q", "--json"])
        .stdout
    )["stats"]
    assert "first_player_advantage" in competitive and "shared_wins" in competitive


def test_length_bands_are_described_not_ranked_as_seat_balance() -> None:
    """P2 wins none of the 100 shortest games and P1 most: the band says whose turn ends
    a short game, so it follows every seat finding instead of leading them."""
    rng = numpy.random.default_rng(3)
    winners = [int(w) for w in rng.choice(4, size=1000, p=[0.31, 0.23, 0.23, 0.23])]
    short = [i for i in range(1000) if winners[i] != 1][:200]
    lengths = [20 + i % 20 if i in set(short) else 100 + i % 50 for i in range(1000)]
    results = [row(i, w, length=n) for i, (w, n) in enumerate(zip(winners, lengths, strict=True))]
    lines = findings(analyse(results), "en")
    bands = [i for i, line in enumerate(lines) if line.anchor == "v0-bands"]
    ranked = [i for i, line in enumerate(lines) if line.tier == 0]
    assert bands and ranked and max(ranked) < min(bands)
    assert all(lines[i].tier == 1 for i in bands)
    assert "whose turn ends a game of that length, not a seat's balance" in lines[bands[0]].text


# ------------------------------------------- the property: nothing differs, no alarm


def _fair_report(seed: int, games: int = 160, seats: int = 4) -> list[GameResult]:
    """Games where nothing matters: a uniform winner; lengths and choices drawn apart from it.

    ``often`` is chosen by almost every seat-game that could (about 4 pass per report: below
    the minimum), ``mostly`` by 96 % (about 26 pass: just above it), ``half`` by half."""
    rng = numpy.random.default_rng(seed)
    rows = []
    for i in range(games):
        chosen = []
        cards = []
        for _ in range(seats):
            draw = rng.random(5)
            chosen.append(
                {
                    kind: 1
                    for kind, p, x in zip(
                        ("often", "mostly", "half"), (0.995, 0.96, 0.5), draw, strict=False
                    )
                    if x < p
                }
            )
            cards.append(
                {card: 1 for card, x in zip(("ace", "two"), draw[3:], strict=True) if x < 0.6}
            )
        rows.append(
            row(
                i,
                int(rng.integers(seats)),
                length=int(rng.integers(20, 200)),
                legal=({"often": 2, "mostly": 1, "half": 3},) * seats,
                chosen=tuple(chosen),
                cards_legal=({"ace": 1, "two": 1},) * seats,
                cards=tuple(cards),
            )
        )
    return rows


REPORTS = 250


def false_alarms(reports: int) -> dict[str, int]:
    """Over ``reports`` fair reports (seeds 0, 1, …): how many raised an alarm, per family.

    bench/README's figures: ``PYTHONPATH=src:tests python -c "from test_sim_statistics
    import false_alarms; print(false_alarms(2000))"``.
    """
    alarms = {"seats": 0, "choices": 0, "cards": 0, "bands": 0, "any finding": 0}
    for seed in range(reports):
        analysis = analyse(_fair_report(seed))
        (group,) = analysis.groups
        alarms["seats"] += group.p_adjusted < ALPHA
        alarms["choices"] += any(c.p_adjusted < ALPHA for c in group.choices)
        alarms["cards"] += any(c.p_adjusted < ALPHA for c in group.subjects)
        alarms["bands"] += any(b.p_adjusted < ALPHA for b in group.length_bins)
        alarms["any finding"] += any(line.tier == 0 for line in findings(analysis, "en"))
    return alarms


def test_reports_of_games_where_nothing_differs_raise_no_more_alarms_than_stated() -> None:
    """Each family of tests (the seat test, which choices win, which cards win, the length
    bands) holds its false alarms at :data:`ALPHA`: over 250 reports of 160 fair games, each
    family's rate stays within three standard errors of 5 %, and the summary's findings (tier
    0, any family) within the sum of the three that make them."""
    alarms = false_alarms(REPORTS)
    slack = 3 * math.sqrt(ALPHA * (1 - ALPHA) / REPORTS)
    for family in ("seats", "choices", "cards", "bands"):
        assert alarms[family] / REPORTS <= ALPHA + slack, alarms
    assert alarms["any finding"] / REPORTS <= 3 * ALPHA + slack, alarms


def test_a_fair_toy_played_by_identical_bots_raises_no_seat_alarm_beyond_the_rate() -> None:
    """toy-dice-duel at its fair compensation: P1's share is exactly ½."""
    from toys.dice_duel import FAIR_COMPENSATION, GAME

    design = {"compensation": FAIR_COMPENSATION}
    runs = 60
    alarms = 0
    for seed in range(runs):
        results = list(run_many(GAME, 2, None, seed, n=100, design=design))
        alarms += analyse(results).groups[0].p_adjusted < ALPHA
    assert alarms / runs <= ALPHA + 3 * math.sqrt(ALPHA * (1 - ALPHA) / runs)
