"""Issue 37, points 7, 8 and 10: each figure against an independent count.

Per card (``Game.choice_subject``): rows count what could be chosen and what
was, as a replay counts it; the report's "is this card too strong" table
against a count by hand and scipy (a description, beside the effects).
"""

from __future__ import annotations

import importlib
import math
from collections import Counter
from pathlib import Path

import numpy
import pytest
from markupsafe import escape
from scipy import stats as scipy_stats

import bodoge
from bodoge.games import BUILTIN_IDS
from bodoge.games.go_nuts_for_donuts.actions import Bid, Keep, Take
from bodoge.games.go_nuts_for_donuts.data import DONUTS
from bodoge.sim import GameResult, play_game, run_many
from bodoge.sim.analysis import analyse
from bodoge.sim.report import build_report
from statskit import exact_sign_flip


def _donut(state: object, action: object) -> str | None:
    """Go Nuts' card of an action, read off the row by hand (not through the hook)."""
    if isinstance(action, Bid):
        card = state.row[action.position - 1]  # type: ignore[attr-defined]
        return DONUTS[card] if card >= 0 else None
    return action.donut if isinstance(action, (Keep, Take)) else None


def test_rows_count_each_card_legal_and_chosen_as_a_replay_does() -> None:
    game = bodoge.get_game("go-nuts-for-donuts")
    for seed in (1, 2):
        result = play_game(game, 3, None, seed, ["random"], keep_record=True)
        assert result.record is not None
        state = game.new_game(3, seed, result.record["options"])
        legal: list[Counter[str]] = [Counter() for _ in range(3)]
        chosen: list[Counter[str]] = [Counter() for _ in range(3)]
        for event in bodoge.replay(result.record).events:
            keys = {_donut(state, a) for a in state.legal_actions(event.seat)} - {None}
            legal[event.seat].update(keys)  # type: ignore[arg-type]
            key = _donut(state, event.action)
            if key is not None:
                chosen[event.seat][key] += 1
            state.apply(event.seat, event.action)
        assert [dict(seat) for seat in result.subject_legal] == [dict(s) for s in legal]
        assert [dict(seat) for seat in result.subjects] == [dict(s) for s in chosen]
        back = GameResult.from_json(result.to_json())
        assert (back.subjects, back.subject_legal) == (result.subjects, result.subject_legal)


def test_cardiceo_counts_the_card_each_discard_names() -> None:
    game = bodoge.get_game("cardiceo")
    assert game.declares_subjects
    result = play_game(game, 3, None, 3, ["random"], keep_record=True)
    assert result.record is not None
    state = game.new_game(3, 3, result.record["options"])
    legal: list[Counter[str]] = [Counter() for _ in range(3)]
    chosen: list[Counter[str]] = [Counter() for _ in range(3)]
    for event in bodoge.replay(result.record).events:
        cards = {str(a.card) for a in state.legal_actions(event.seat) if a.TYPE == "discard"}
        legal[event.seat].update(cards)
        if event.action.TYPE == "discard":
            chosen[event.seat][str(event.action.card)] += 1  # type: ignore[attr-defined]
        state.apply(event.seat, event.action)
    assert any(chosen) and [dict(s) for s in result.subjects] == [dict(s) for s in chosen]
    assert [dict(s) for s in result.subject_legal] == [dict(s) for s in legal]


def test_a_game_that_names_no_card_keeps_no_card_columns() -> None:
    result = play_game("number-heist", 3, None, 1, ["random"])
    assert result.subjects == result.subject_legal == ()
    assert not analyse([result]).groups[0].subjects


def test_which_cards_win_against_a_count_by_hand() -> None:
    results = list(run_many("egyptian-bride", 3, None, 4, n=40))
    (group,) = analyse(results).groups
    assert group.subjects
    raw = []
    for row in group.subjects:
        chose, passed = [], []
        times = legal = 0
        for r in results:
            for seat in range(3):
                could = r.subject_legal[seat].get(row.kind, 0)
                if could:
                    won = 1 / len(r.winners) if seat in r.winners else 0.0
                    took = r.subjects[seat].get(row.kind, 0)
                    (chose if took else passed).append(won)
                    times, legal = times + took, legal + could
        a, b = numpy.array(chose), numpy.array(passed)
        assert (row.chose, row.passed) == (len(a), len(b))
        assert row.chosen_when_legal == pytest.approx(times / legal)
        assert row.chose_rate == pytest.approx(a.mean())
        assert row.difference == pytest.approx(a.mean() - b.mean())
        won_a, won_b = int((a > 0).sum()), int((b > 0).sum())  # won, alone or shared
        table = [[won_a, len(a) - won_a], [won_b, len(b) - won_b]]
        small = min(len(a), len(b)) < 20
        raw.append(math.nan if small else scipy_stats.fisher_exact(table).pvalue)
    adjusted = iter(_brute_holm([p for p in raw if not math.isnan(p)]))
    expected = [math.nan if math.isnan(p) else next(adjusted) for p in raw]
    assert [row.p_adjusted for row in group.subjects] == pytest.approx(expected, nan_ok=True)
    page = build_report(results, "ja")
    assert 'data-testid="subjects"' in page and "勝者が多く選んだカード（記述）" in page


def _brute_holm(p: list[float]) -> list[float]:
    ordered = sorted(p)
    steps = [min(1.0, (len(p) - j) * ordered[j]) for j in range(len(p))]
    return [max(steps[: ordered.index(value) + 1]) for value in p]


def test_the_report_and_terminal_name_cards_as_players_do() -> None:
    from typer.testing import CliRunner

    from bodoge.cli import build_app

    results = list(run_many("just-desserts", 3, None, 2, n=20))
    page = build_report(results, "en")
    assert 'data-testid="subjects"' in page
    assert "Cards chosen more often by the winners (description)" in page
    names = [
        bodoge.get_game("just-desserts").subject_name(r.kind, "en")
        for r in analyse(results).groups[0].subjects
    ]
    assert names and all(f"<td>{escape(name)}</td>" in page for name in names)
    output = (
        CliRunner().invoke(build_app("en"), ["sim", "papayoo", "-n", "12", "--seed", "1"]).output
    )
    assert "Cards (a description): the widest gap " in output
    assert "Not what choosing it does" in output


# ------------------------------------------- 7. length as a player counts it


def test_length_is_counted_in_the_games_unit_by_replay() -> None:
    for game_id, unit in (("hoarders", "rounds"), ("just-desserts", "turns")):
        game = bodoge.get_game(game_id)
        assert game.length_unit("en") == unit
        result = play_game(game, 3, None, 7, ["random"], keep_record=True)
        assert result.record is not None
        replayed = bodoge.replay(result.record)
        # counted by hand: a round (turn) starts whenever the round (turn) number moves on
        state = game.new_game(3, 7, result.record["options"])
        counter = game.length_counter
        seen = {getattr(state, counter)}
        for event in replayed.events:
            state.apply(event.seat, event.action)
            seen.add(getattr(state, counter))
        assert result.units == max(seen) and result.units < result.actions
        assert result.how == replayed.ending  # type: ignore[attr-defined]
    plain = play_game("egyptian-bride", 3, None, 1, ["random"])
    assert plain.units == plain.actions and plain.how == ""


def test_the_report_gives_length_in_units_and_win_rates_by_ending() -> None:
    results = list(run_many("just-desserts", 3, None, 3, n=24))
    (group,) = analyse(results).groups
    units = sorted(r.units for r in results)
    assert group.units_mean == pytest.approx(numpy.mean(units))
    assert group.units_quantile(0.5) == pytest.approx(numpy.median(units))
    endings = Counter(r.how for r in results)
    assert len(endings) > 1 and [e.how for e in group.by_ending] == sorted(endings)
    for row in group.by_ending:
        mine = [r for r in results if r.how == row.how]
        assert row.games == len(mine) == endings[row.how]
        for seat in range(3):
            wins = sum(1 / len(r.winners) for r in mine if seat in r.winners)
            assert row.rates[seat] == pytest.approx(wins / len(mine))
            interval = scipy_stats.binomtest(round(wins), len(mine)).proportion_ci(method="wilson")
            if float(wins).is_integer():
                expected = (interval.low, interval.high)  # scipy's z is 1.95996..., ours 1.96
                assert (row.low[seat], row.high[seat]) == pytest.approx(expected, abs=1e-4)
    page = build_report(results, "en")
    assert 'data-testid="by-ending"' in page and "As players count it (turns)" in page
    game = bodoge.get_game("just-desserts")
    for how in endings:  # each ending by its declared name, never its key
        name = game.ending_name(how, "en") if how else "the ordinary end"
        assert f"<td>{escape(name)}</td>" in page
        assert not how or f"<td>{how}</td>" not in page


@pytest.mark.parametrize("game_id", BUILTIN_IDS)
def test_every_way_a_game_ends_has_a_name_in_both_languages(game_id: str) -> None:
    """The keys ``how_ended`` gives are those the game's view lists as its endings."""
    game = bodoge.get_game(game_id)
    view = importlib.import_module(type(game).__module__.rsplit(".", 1)[0] + ".view")
    keys = getattr(view, "ENDINGS", ())
    assert set(game.endings) == set(keys)
    for key in keys:
        ja, en = game.ending_name(key, "ja"), game.ending_name(key, "en")
        assert ja and en and key not in (ja, en) and ja != en


@pytest.mark.parametrize(
    ("game_id", "unit", "counter"),
    [
        ("papayoo", "hands", "hand_number"),
        ("anehambra", "turns", "turn"),
        ("moriya-wars", "turns", "turn"),
    ],
)
def test_length_in_units_counts_what_the_unit_names(game_id: str, unit: str, counter: str) -> None:
    """Hands dealt (Papayoo), turns begun (Anehambra, Moriya Wars), counted from the events."""
    game = bodoge.get_game(game_id)
    assert game.length_unit("en") == unit and game.length_unit("ja") != unit
    result = play_game(game, 3, None, 2, ["random"], keep_record=True)
    assert result.record is not None
    state = game.new_game(3, 2, result.record["options"])
    seen = {getattr(state, counter)}
    for event in bodoge.replay(result.record).events:
        state.apply(event.seat, event.action)
        seen.add(getattr(state, counter))
    assert result.units == max(seen) and 0 < result.units < result.actions


# ---------------------------------------------- 10. tune: paired, and its page


def test_tune_drops_by_paired_differences_on_matched_seeds(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from bodoge.cli import build_app
    from bodoge.sim.tune import tune
    from toys.dice_duel import GAME

    result = tune(GAME, "compensation", 0, 4, seed=5, batch=40, max_games=40)
    # by hand: each value's 40 games, P1's share minus ½, paired game by game
    x = {
        c: numpy.array(
            [
                (1 / len(g.winners) if 0 in g.winners else 0) - 0.5
                for g in sorted(
                    run_many(GAME, 2, None, 5, n=40, design={"compensation": c}),
                    key=lambda g: g.index,
                )
            ]
        )
        for c in range(5)
    }
    best = min(x, key=lambda c: abs(x[c].mean()))
    y = {c: numpy.sign(x[c].mean() or 1) * x[c] for c in x}

    # every pair, not each against the best: the exact sign-flip test of the paired
    # differences when at most ten games differ, else the normal test of their mean; Holm
    # over the round's ten pairs, one round (so the whole 5 % is spent in it)
    pairs = [(a, b) for a in x for b in x if a < b]
    raw = []
    for a, b in pairs:
        d = y[a] - y[b]
        if numpy.count_nonzero(d) <= 10:
            raw.append(exact_sign_flip([round(2 * v) for v in d]))
        else:
            raw.append(2 * scipy_stats.norm.sf(abs(d.mean()) / (d.std(ddof=1) / math.sqrt(len(d)))))
    sure: dict[int, float] = {}
    for (a, b), q in zip(pairs, _brute_holm(raw), strict=True):
        farther = a if (y[a] - y[b]).mean() > 0 else b
        sure[farther] = min(q, sure.get(farther, 1.0))
    paired = {c for c, q in sure.items() if q < 0.05}
    (first,) = result.rounds
    assert set(first.dropped) == paired and 0 < len(paired) < len(x) - 1
    for c in first.candidates:
        expected = math.nan if c.value == best else sure.get(c.value, math.nan)
        assert c.p_adjusted == pytest.approx(expected, rel=1e-6, nan_ok=True)
    for c in first.candidates:
        z = (
            numpy.sign(x[c.value].mean() or 1) * x[c.value]
            - numpy.sign(x[best].mean() or 1) * x[best]
        )
        assert c.gap == pytest.approx(z.mean(), abs=1e-12)
    page = tmp_path / "path.html"
    args = ["tune", "toy-dice-duel", "--param", "compensation=0..4", "--seed", "5"]
    ran = CliRunner().invoke(build_app("en"), [*args, "--batch", "40", "--report", str(page)])
    assert ran.exit_code == 0, ran.output
    text = page.read_text()
    assert "<svg" in text and "<script" not in text and text.count('data-testid="round"') >= 1
    assert "Round 1" in text and text.count("dropped</td>") >= len(paired)
    refused = CliRunner().invoke(
        build_app("en"), [*args, "--report", str(tmp_path / "no" / "such.html")]
    )
    assert refused.exit_code != 0 and "Traceback" not in refused.output
