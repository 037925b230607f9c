"""The game review: fair, reproducible judgements of one seat's decisions, and the curves."""

from __future__ import annotations

import importlib.util
import itertools
import json
import re
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import bodoge
from bodoge.bots import RandomBot, make_bot, search_hints
from bodoge.bots.judge import playout_policy
from bodoge.cli import build_app
from bodoge.engine import Rng, State
from bodoge.engine.text import FONT_STACK
from bodoge.games import BUILTIN_IDS
from bodoge.games.papayoo.actions import card_name
from bodoge.review import (
    THRESHOLDS,
    Budget,
    Cause,
    Estimate,
    Judgement,
    Limits,
    Mark,
    judge,
    review,
)
from bodoge.review.words import describe, describe_judgement, figures, notes
from toys.pick import Take

QUICK = Budget(iterations=30, worlds=12, candidates=3, curve=0)


def pick_game(seed: int, blunder_at: int | None) -> dict[str, Any]:
    """A game of toy-pick where both take the largest card, but at ``blunder_at`` the smallest."""
    state = bodoge.get_game("toy-pick").new_game(2, seed=seed)
    step = 0
    while not state.is_over:
        (seat,) = state.to_act
        row = state.view(seat)["row"]
        state.apply(seat, Take(min(row) if step == blunder_at else max(row)))
        step += 1
    return state.record()


def bot_game(game_id: str, players: int, seed: int, spec: str = "heuristic") -> dict[str, Any]:
    game = bodoge.get_game(game_id)
    state = game.new_game(players, seed=seed)
    bots = [make_bot(spec, game, seed * 10 + s) for s in range(players)]
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state, seat))
    return state.record()


def test_a_planted_blunder_is_marked_and_no_best_move_is() -> None:
    """toy-pick's best move is known (take the largest card): the review approves every
    greedy move of both seats and marks the one poor move, with the move it should have been."""
    record = pick_game(seed=3, blunder_at=2)  # row 1 2 6 7 9: P1 takes 9, P2 7, P1 1 (not 6)
    budget = Budget(worlds=64, curve=0)
    blunderer = review(record, 0, budget)
    assert [j.step for j in blunderer.judgements] == [0, 2]  # the last card is forced
    first, poor = blunderer.judgements
    assert first.mark is None and first.played == first.best == Take(9)
    assert poor.played == Take(1) and poor.best == Take(6)
    assert poor.mark is Mark.BLUNDER and poor.loss.low > 0.2
    assert poor.best_value.mean > poor.played_value.mean
    for seed in range(6):
        for seat in (0, 1):
            greedy = review(pick_game(seed, blunder_at=None), seat, budget)
            assert greedy.judgements and not greedy.marked


@pytest.mark.parametrize("game_id", BUILTIN_IDS)
def test_every_game_can_be_reviewed_in_both_languages(game_id: str) -> None:
    """Every decision of the seat with a choice is judged, once, in order; every seat has a
    curve from the start to the end; the review reads in Japanese and English."""
    game = bodoge.get_game(game_id)
    players = 1 if game.cooperative else max(game.min_players, 2)
    record = bot_game(game_id, players, seed=3, spec="normal")
    tiny = Budget(iterations=4, worlds=2, candidates=2, curve=1)
    result = review(record, 0, tiny)
    assert [(j.step, j.last_step, j.played) for j in result.judgements] == whole_decisions(
        record, 0
    )
    assert [len(curve) for curve in result.curves] == [len(record["actions"]) + 1] * players
    assert result.metric == ("team" if game.cooperative else "win")
    assert json.loads(json.dumps(result.to_json())) == result.to_json()
    for lang, header in (("ja", "見えていたことだけから"), ("en", "from what P1 could see")):
        lines = describe(result, lang)
        unsure = 1 if any(j.unsure for j in result.judgements) else 0
        assert header in lines[0] and len(lines) == 3 + unsure + len(result.marked)


def whole_decisions(record: dict[str, Any], seat: int) -> list[tuple[int, int, Any]]:
    """``seat``'s decisions with a choice, as (first step, last step, completing action): the
    seat's draft steps (a choice still being made) belong to the decision that completes them."""
    game = bodoge.get_game(record["game"])
    state = game.new_game(record["num_players"], record["seed"], record["options"])
    found, first = [], None
    for step, (actor, wire) in enumerate(record["actions"]):
        action = game.parse_action(wire)
        if actor == seat and first is None:
            first, choosing = step, len(state.legal_actions(seat)) > 1
        event = state.apply(actor, action)
        if actor == seat and not event.outcome.draft:
            if choosing:
                found.append((first, step, action))
            first = None
    return found


def test_the_review_json_gives_intervals_whole_decisions_and_unsure_verdicts() -> None:
    """The fields the browser reads: every percentage with its interval, a decision's first
    and last step and every step of each whole choice, and whether its verdict is unsure."""
    record = bot_game("papayoo", 3, seed=2)
    budget = Budget(iterations=8, worlds=4, candidates=2, curve=1, precision=0.1, most_worlds=8)
    shown = review(record, 0, budget, limits=Limits(decisions=6, points=3)).to_json()
    assert shown["budget"]["precision"] == 0.1 and shown["budget"]["most_worlds"] == 8
    passes = [j for j in shown["judgements"] if len(j["played_steps"]) > 1]
    assert passes, "Papayoo's cards to pass are one decision"
    for judgement in shown["judgements"]:
        assert judgement["step"] <= judgement["last_step"]
        assert judgement["played_steps"][-1] == judgement["played"]
        assert judgement["best_steps"][-1] == judgement["best"]
        assert isinstance(judgement["unsure"], bool)
        for key in ("played_value", "best_value", "loss"):
            value = judgement[key]
            assert value["low"] <= value["mean"] <= value["high"] and value["samples"] >= 4
    assert json.loads(json.dumps(shown)) == shown


def test_the_same_record_seed_and_budget_give_the_same_review() -> None:
    record = bot_game("egyptian-bride", 3, seed=2)
    budget = Budget(iterations=20, worlds=6, candidates=2, curve=2)
    first = review(record, 1, budget, seed=9).to_json()
    assert review(record, 1, budget, seed=9).to_json() == first
    assert json.loads(json.dumps(first)) == first
    assert first["judgements"] and len(first["curves"]) == 3


def _positions_of(record: dict[str, Any], seat: int, most: int) -> list[tuple[State, Any, int]]:
    game = bodoge.get_game(record["game"])
    state = game.new_game(record["num_players"], record["seed"], record["options"])
    found = []
    for step, (actor, wire) in enumerate(record["actions"]):
        action = game.parse_action(wire)
        if actor == seat and len(state.legal_actions(seat)) > 1 and len(found) < most:
            found.append((state.clone(), action, step))
        state.apply(actor, action)
    return found


@pytest.mark.parametrize(
    ("game_id", "players"),
    [("egyptian-bride", 4), ("go-nuts-for-donuts", 3), ("papayoo", 4), ("hoarders", 3)],
)
def test_a_judgement_is_unchanged_when_the_others_hidden_cards_are_re_dealt(
    game_id: str, players: int
) -> None:
    """The review never uses what the seat could not know: from any re-deal of the other
    seats' hidden cards consistent with what the seat saw, every judgement is the same."""
    record = bot_game(game_id, players, seed=5)
    seat = 1
    for position, played, step in _positions_of(record, seat, most=3):
        truth = judge(position, seat, played, step, QUICK, seed=4).to_json()
        for redeal in range(2):
            other = position.determinize(seat, Rng(100 + redeal))
            assert judge(other, seat, played, step, QUICK, seed=4).to_json() == truth


def test_the_curves_tell_chance_from_decisions() -> None:
    """In toy-coop every build rolls a die: its step is put down to the decision and chance;
    a brace is the decision alone; the curve ends at the game's result."""
    record = bot_game("toy-coop", 2, seed=3, spec="random")
    result = review(record, 0, Budget(iterations=10, worlds=4, curve=4))
    mine, theirs = result.curves
    assert mine[0].cause is Cause.START
    assert len(mine) == len(record["actions"]) + 1
    for point, (actor, wire) in zip(mine[1:], record["actions"], strict=True):
        own = actor == 0
        if wire["type"] == "build":
            assert point.cause is (Cause.OWN_AND_CHANCE if own else Cause.OTHER_AND_CHANCE)
        else:
            assert point.cause is (Cause.OWN if own else Cause.OTHER)
    won = 1.0 if bodoge.replay(record).winners else 0.0
    assert mine[-1].value.mean == theirs[-1].value.mean == won
    assert result.metric == "team"


def test_the_terminal_review_prints_the_marks_and_writes_json_and_a_page(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    record.write_text(json.dumps(pick_game(seed=4, blunder_at=2)))
    out, page = tmp_path / "review.json", tmp_path / "review.html"
    args = ["review", str(record), "--seat", "1", "--worlds", "48", "--curve", "4"]
    result = CliRunner().invoke(
        build_app("en"), [*args, "--out", str(out), "--report", str(page), "--lang", "ja"]
    )
    assert result.exit_code == 0, result.output
    assert "3手目・大悪手。2 を取る を選びました。見込み " in result.output
    assert "探索なら 7 を取る、見込み " in result.output
    saved = json.loads(out.read_text())
    assert [j["mark"] for j in saved["judgements"]] == [None, "blunder"]
    html = page.read_text()
    assert "<svg" in html and not re.search(r"(src|href)=[\"']?(https?:)?//", html)
    assert "大悪手" in html
    assert f"font: 15px/1.5 {FONT_STACK};" in html  # Japanese fonts of each common system


def test_a_review_of_a_bot_names_it_and_a_persons_says_you(tmp_path: Path) -> None:
    """The record's ``meta.bots`` says who played: "you" was said to the reader of a bot's
    review."""
    game = {**pick_game(seed=4, blunder_at=2), "players": ["Easy", "Ann"]}
    said = {}
    for who, meta in (("person", {}), ("bot", {"meta": {"bots": [0]}})):
        record = tmp_path / f"{who}.json"
        record.write_text(json.dumps({**game, **meta}))
        for lang in ("en", "ja"):
            args = ["review", str(record), "--seat", "1", "--worlds", "48", "--curve", "0"]
            result = CliRunner().invoke(build_app("en"), [*args, "--lang", lang])
            assert result.exit_code == 0, result.output
            said[who, lang] = result.output
    assert "Step 3, blunder. You played Take 2: " in said["person", "en"]
    assert "3手目・大悪手。2 を取る を選びました" in said["person", "ja"]
    assert "Step 3, blunder. Easy played Take 2: " in said["bot", "en"]
    assert "3手目・大悪手。Easy は 2 を取る を選びました" in said["bot", "ja"]
    assert "you" not in said["bot", "en"].lower()


def test_the_terminal_review_refuses_bad_input_clearly(tmp_path: Path) -> None:
    unfinished = bodoge.get_game("toy-pick").new_game(2, seed=1).record()
    files = {"unfinished": unfinished, "finished": pick_game(1, None)}
    for name, content in files.items():
        (tmp_path / f"{name}.json").write_text(json.dumps(content))
    runner, app = CliRunner(), build_app("en")
    cases = [
        (["review", str(tmp_path / "unfinished.json"), "--seat", "1"], "is not over"),
        (["review", str(tmp_path / "finished.json"), "--seat", "3"], "seats 1–2"),
        (["review", str(tmp_path / "missing.json"), "--seat", "1"], "missing.json"),
    ]
    for args, message in cases:
        result = runner.invoke(app, args)
        assert result.exit_code != 0
        assert message in result.output
        assert "Traceback" not in result.output


def test_a_game_ended_before_any_move_gets_an_empty_review_that_says_so() -> None:
    """A table its host ended at once: no decision, one point per curve, and a sentence."""
    record = bodoge.get_game("toy-pick").new_game(2, seed=1).record()
    assert record["actions"] == []
    result = review(record, 1, Budget(iterations=4, worlds=2, curve=2))
    assert result.judgements == () and result.actions == 0 and not result.partial
    assert [[point.step for point in curve] for curve in result.curves] == [[0], [0]]
    assert describe(result, "en") == [
        "The game ended before any move: there is no decision to review."
    ]
    assert describe(result, "ja") == notes(result, "ja") and "1手も" in describe(result, "ja")[0]
    assert result.to_json()["coverage"]["of_decisions"] == 0


def test_a_long_game_is_reviewed_in_part_evenly_and_says_so() -> None:
    """Limits keep an even spread of the decisions and of each curve's points, judged as the
    whole review judges them; the review and its words say it is partial."""
    record = bot_game("egyptian-bride", 3, seed=5, spec="random")
    budget = Budget(iterations=8, worlds=2, candidates=2, curve=1)
    whole = review(record, 0, budget, seed=2)
    assert not whole.partial and len(whole.judgements) == whole.decisions > 6
    part = review(record, 0, budget, seed=2, limits=Limits(decisions=3, points=5))
    assert part.partial and not part.stopped and part.decisions == whole.decisions
    every = [j.step for j in whole.judgements]
    assert [j.step for j in part.judgements] == [every[0], every[len(every) // 2], every[-1]]
    assert set(part.judgements) <= set(whole.judgements)  # the same seeds, the same judgements
    steps = [point.step for point in part.curves[0]]
    assert len(steps) == 5 and steps[0] == 0 and steps[-1] == whole.actions
    assert set(part.curves[1]) <= set(whole.curves[1])
    shown = part.to_json()
    assert shown["partial"] is True
    assert shown["coverage"] == {
        "decisions": 3,
        "of_decisions": whole.decisions,
        "points": 5,
        "of_points": whole.actions + 1,
        "stopped": False,
    }
    assert f"A partial review: 3 of the {whole.decisions} decisions" in describe(part, "en")[1]
    assert f"判断 {whole.decisions} 回のうち 3 回" in describe(part, "ja")[1]
    assert "Partial curves: 5 of" in describe(part, "en")[2]


def test_a_review_cut_short_keeps_what_it_looked_at_and_says_so() -> None:
    record = bot_game("egyptian-bride", 3, seed=5, spec="random")
    asked = []

    def enough() -> bool:
        asked.append(1)
        return len(asked) > 4

    result = review(record, 0, Budget(iterations=8, worlds=2, candidates=2, curve=1), enough=enough)
    assert result.stopped and result.partial
    assert 0 < len(result.judgements) < result.decisions and 0 < result.points < result.actions
    assert len(result.judgements) + result.points == 4
    assert "The review's time limit cut it short." in describe(result, "en")
    assert "検討の時間の上限で打ち切りました。" in describe(result, "ja")


def test_the_terminal_says_a_review_is_partial(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    record.write_text(json.dumps(bot_game("egyptian-bride", 3, seed=5, spec="random")))
    args = ["review", str(record), "--seat", "1", "--iterations", "8", "--worlds", "2"]
    said = {}
    for lang in ("en", "ja"):
        result = CliRunner().invoke(
            build_app("en"), [*args, "--curve", "0", "--decisions", "2", "--lang", lang]
        )
        assert result.exit_code == 0, result.output
        said[lang] = result.output
    assert "A partial review: 2 of the" in said["en"]
    assert "一部だけの検討です" in said["ja"]


def _settled(loss: Any, precision: float) -> bool:
    return (loss.high - loss.low) / 2 <= precision or not any(
        loss.low < limit < loss.high for _, limit in THRESHOLDS["win"]
    )


def test_a_verdict_is_sure_or_it_says_it_is_not() -> None:
    """Worlds are added to a decision until its loss is known to the precision (or its mark
    cannot change); a decision the budget left unsure says so; a mark needs the loss's whole
    interval above its threshold; the words give each percentage with its interval."""
    record = bot_game("egyptian-bride", 3, seed=2)
    budget = Budget(iterations=20, worlds=4, candidates=3, curve=0, precision=0.05, most_worlds=24)
    result = review(record, 0, budget)
    limits = dict(THRESHOLDS["win"])
    assert any(j.played_value.samples > budget.worlds for j in result.judgements)
    for j in result.judgements:
        assert budget.worlds <= j.played_value.samples <= budget.most_worlds
        assert j.unsure == (not _settled(j.loss, budget.precision))
        if j.unsure:
            assert j.played_value.samples == budget.most_worlds
        if not j.agrees:  # the loss is measured on worlds other than those that chose
            assert j.loss.samples == j.played_value.samples - budget.worlds
        if j.mark is not None:
            assert j.loss.low >= limits[j.mark]
        else:
            assert all(j.loss.low < limit for limit in limits.values())
    lines = describe(result, "en")
    for j, line in zip(result.marked, lines[-1 - len(result.marked) : -1], strict=True):
        low, high = round(j.played_value.low * 100), round(j.played_value.high * 100)
        assert f"({low}–{high})" in line
        assert ("at least" in line) == j.unsure
    if any(j.unsure for j in result.judgements):
        assert any("left unsure" in line for line in lines)


def test_a_choice_made_in_steps_is_judged_once_as_the_whole_choice() -> None:
    """Papayoo's cards to pass are picked one by one: the review judges the pass once, from
    the board before its first pick (nothing chosen yet), compares whole passes, and its
    sentence says each whole pass as the cards passed ("pass Payoo 6, ♣2 and ♣7"), never as
    the clicks that made it ("Choose Payoo 6 to pass, Take ♣2 back …")."""
    record = bot_game("papayoo", 3, seed=4)
    game = bodoge.get_game("papayoo")
    result = review(record, 1, Budget(iterations=10, worlds=4, candidates=2, curve=0))
    passes = [j for j in result.judgements if len(j.played_choice) > 1]
    assert passes
    spans = [(j.step, j.last_step) for j in result.judgements]
    assert all(a_last < b_first for (_, a_last), (b_first, _) in itertools.pairwise(spans))
    state = game.new_game(record["num_players"], record["seed"], record["options"])
    before = {}
    for step, (actor, wire) in enumerate(record["actions"]):
        before[step] = state.clone()
        state.apply(actor, game.parse_action(wire))
    for j in passes:
        assert before[j.step].view(1)["selected"] == []
        assert len(j.played_choice) <= j.last_step - j.step + 1
        assert j.played == game.parse_action(record["actions"][j.last_step][1])
        for choice in (j.played_choice, j.best_choice):
            line = before[j.step].clone()
            for action in choice[:-1]:
                assert line.apply(1, action).outcome.draft
            assert not line.apply(1, choice[-1]).outcome.draft
        for lang, verb in (("en", "pass "), ("ja", "を渡す")):
            said = describe_judgement(j, lang)
            for choice in (j.played_choice, j.best_choice):
                passed = before[j.step].clone()
                for action in choice[:-1]:
                    passed.apply(1, action)
                cards = [card_name(card, lang) for card in passed.view(1)["selected"]]
                assert cards and all(card in said for card in cards) and verb in said, said
            assert not any(action.label(lang) in said for action in j.played_choice[:-1])


def test_a_decision_is_told_with_one_rounding_and_one_wording() -> None:
    """The sentence and the figures line under it round alike (0.125 is 13 % in both), an
    unmarked decision carries its interval too, a difference has its unit, and Japanese text
    uses Japanese brackets: an unsure mark reads "at least a blunder", not ASCII asides."""
    played, best = Take(2), Take(7)
    half = Estimate(0.125, 0.045, 0.205, 16)
    base = Judgement(
        step=3,
        seat=0,
        played_choice=(played,),
        best_choice=(best,),
        played_value=half,
        best_value=Estimate(0.335, 0.25, 0.42, 16),
        loss=Estimate(0.2, 0.07, 0.325, 16),
        choices=2,
        mark=None,
    )
    agreed = replace(base, best_choice=(played,), best_value=half)
    unsure = replace(base, mark=Mark.INACCURACY, unsure=True)
    for j in (base, agreed, unsure):
        for lang in ("en", "ja"):
            said, shown = describe_judgement(j, lang), figures(j, lang)
            assert "12" not in said + shown and "13" in said and "13" in shown, said
            expected = {"en": "13 % (5–21)", "ja": "13%（5〜21）"}[lang]
            assert expected in said and expected in shown, said
            if lang == "ja":
                assert "(" not in said + shown and ")" not in said + shown, said
    assert "The search agrees." in describe_judgement(agreed, "en")
    assert "20 points (7–33)" in figures(base, "en")
    assert "20ポイント（7〜33）" in figures(base, "ja")
    assert "Step 4, at least an inaccuracy. You played Take 2" in describe_judgement(unsure, "en")
    said = describe_judgement(unsure, "ja")
    assert said.startswith("4手目・少なくとも不正確。2 を取る を選びました")
    assert "±5ポイント" in describe_judgement(unsure, "ja")


def test_a_mark_is_checked_against_a_stronger_judge(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bench's stronger judge (more budget, another playout policy) confirms the planted
    blunder of toy-pick and refuses a mark put on a greedy move."""
    path = Path(__file__).parents[1] / "bench" / "review_agreement.py"
    spec = importlib.util.spec_from_file_location("review_agreement", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, bench)  # a dataclass finds its module there
    spec.loader.exec_module(bench)
    record = pick_game(seed=3, blunder_at=2)
    budget = Budget(worlds=16, curve=0)
    first, poor = review(record, 0, budget).judgements
    assert poor.mark is Mark.BLUNDER and first.mark is None
    strong = bench.stronger_budget(budget, 4)
    referee = bench.referee_playouts("toy-pick", "ismcts:iterations=20")
    positions = {j.step: bench._position(bodoge.replay(record), j.step) for j in (first, poor)}
    assert bench.recheck(positions[poor.step], poor, strong, referee, seed=1).agrees
    planted = replace(first, mark=Mark.BLUNDER)
    assert not bench.recheck(positions[first.step], planted, strong, referee, seed=1).agrees


def test_a_review_plays_out_with_the_strategy_unless_the_game_says_it_is_too_dear() -> None:
    """Anehambra's search plays out at random (it keeps its strategy's move unless sure), but
    a verdict has no margin: the review plays its worlds out with the strategy, cut at the
    game's horizon and judged by its estimate.  Imhotep's strategy tries every action before
    each move, too dear for a review (its hints say so): random moves cut at the horizon.
    Hoarders: its strategy to the end."""
    state = bodoge.get_game("imhotep").new_game(3, seed=1)
    playouts = playout_policy(state)
    assert playouts.horizon == 60 and playouts.estimate is not None
    assert isinstance(playouts.policy(3), RandomBot)
    world = state.clone()
    value = playouts.value(world, 0, seed=3)
    assert len(world.events) == 60 and not world.is_over
    scores = playouts.estimate(world)
    assert value == (1.0 / scores.count(max(scores)) if scores[0] == max(scores) else 0.0)
    anehambra = bodoge.get_game("anehambra")
    assert search_hints(anehambra).playouts == "random"
    judged = playout_policy(anehambra.new_game(3, seed=1))
    assert judged.horizon == 60 and judged.estimate is not None
    assert type(judged.policy(1)) is type(make_bot("heuristic", anehambra, 1))
    hoarders = playout_policy(bodoge.get_game("hoarders").new_game(3, seed=1))
    assert hoarders.horizon == 0
    assert type(hoarders.policy(1)) is type(make_bot("heuristic", bodoge.get_game("hoarders"), 1))
