"""Effects by intervention: what a choice does to the chooser's chance of winning.

The report's "which choices win" used to compare the seats that chose a
thing with those that could and did not, which a game's end condition can
fix in advance.  These tests hold the measured effects to games whose truth
is known: a toy where one choice is worth exactly 20 points of win chance and
others nothing (though one goes with losing by construction), and Cardiceo,
where the winner's hand is empty so every kept card goes with losing.
"""

from __future__ import annotations

import math
from dataclasses import astuple

import pytest

from bodoge import get_game
from bodoge.sim import run_many
from bodoge.sim.analysis import MIN_GROUP, Effect, analyse
from bodoge.sim.effects import EffectBudget, kinds_at, sample, with_effects
from bodoge.sim.report import findings
from toys.cheer import BOLD_EFFECT

pytest.importorskip("scipy")


def _cheer(n: int = 120, decisions: int = 100):
    results = list(run_many("toy-cheer", 2, seed=3, n=n, bot_specs=["heuristic"]))
    return with_effects(analyse(results), EffectBudget(decisions, worlds=2, seed=5))


def test_a_choice_worth_twenty_points_is_found_within_its_interval() -> None:
    group = _cheer().groups[0]
    bold = next(e for e in group.effects if e.kind == "bold")
    assert bold.decisions == 100
    assert bold.low <= BOLD_EFFECT <= bold.high
    assert bold.low > 0 and bold.finding
    safe = next(e for e in group.effects if e.kind == "safe")
    assert safe.high < 0 and safe.finding  # the same pair, the other way round


def test_a_choice_of_no_worth_that_goes_with_losing_is_no_finding() -> None:
    analysis = _cheer()
    group = analysis.groups[0]
    stay = next(row for row in group.choices if row.kind == "stay")
    # described: the seats that stayed quiet are exactly the losers
    assert stay.chose_rate == 0.0 and stay.passed_rate == 1.0
    assert stay.p_adjusted < 0.05
    for kind in ("stay", "cheer", "grumble"):
        effect = next(e for e in group.effects if e.kind == kind)
        assert effect.mean == 0.0 and effect.low == effect.high == 0.0
        assert not effect.finding
    said = " ".join(finding.text for finding in findings(analysis, "en") if finding.tier == 0)
    assert "Choosing bold" in said
    assert not any(word in said for word in ("stay", "cheer", "grumble"))


def test_decisions_are_sampled_one_per_game_where_the_choice_had_an_alternative() -> None:
    game = get_game("toy-cheer")
    results = list(run_many(game, 2, seed=3, n=30, bot_specs=["heuristic"]))
    sampled = sample(game, results, EffectBudget(decisions=25, seed=1))
    assert len(sampled[False, "bold"]) == 25  # every game offers it; 25 asked for
    assert len(sampled[False, "cheer"]) == 25
    for (_, kind), decisions in sampled.items():
        for decision in decisions:
            legal = decision.position.legal_actions(decision.seat)
            assert (False, kind) in kinds_at(game, decision.position, legal)


def test_too_few_decisions_are_not_tested() -> None:
    analysis = _cheer(n=MIN_GROUP - 1, decisions=50)
    for effect in analysis.groups[0].effects:
        assert effect.decisions == MIN_GROUP - 1 and effect.too_few
        assert math.isnan(effect.p_adjusted) and not effect.finding


@pytest.fixture(scope="module")
def cardiceo():
    results = list(run_many("cardiceo", 4, seed=11, n=120, bot_specs=["normal"]))
    return with_effects(analyse(results), EffectBudget(decisions=25, worlds=1, seed=2))


def test_cardiceo_no_card_is_a_finding_because_keeping_it_loses(cardiceo) -> None:
    """Every card's "could and did not" seats are losers by construction (they still hold it):
    the description shows the gap, the findings do not take it for an effect."""
    group = cardiceo.groups[0]
    confounded = [row for row in group.subjects if row.passed and row.passed_rate == 0.0]
    assert len(confounded) >= 10  # the trap is there
    said = [finding.text for finding in findings(cardiceo, "en")]
    assert not any("Seats that chose" in text for text in said)
    cards = {effect.kind for effect in group.effects if effect.subject}
    assert {row.kind for row in confounded} <= cards  # each measured by intervention instead
    effect_lines = [text for text in said if text.startswith("Choosing")]
    assert len(effect_lines) == sum(effect.finding for effect in group.effects)


def test_cardiceo_deal_compares_every_card_dealt_with_against_dealt_without(cardiceo) -> None:
    group = cardiceo.groups[0]
    assert {row.kind for row in group.dealt} == {str(card) for card in range(1, 16)}
    for row in group.dealt:
        assert row.chose + row.passed == 4 * group.games  # every seat-game on one side


def test_effects_measured_on_worker_processes_are_those_measured_here() -> None:
    """``--workers`` spreads the choices over processes (a decision travels as its record,
    which replays exactly, and its seeds depend on the choice alone): the same effects."""
    from bodoge.sim.backends import ProcessBackend

    results = list(run_many("cardiceo", 3, seed=8, n=24, bot_specs=["normal"]))
    budget = EffectBudget(4, worlds=1, seed=2)
    here = with_effects(analyse(results), budget).groups[0].effects
    spread = with_effects(analyse(results), budget, backend=ProcessBackend(2)).groups[0].effects

    def seen(effects: tuple[Effect, ...]) -> list[tuple[object, ...]]:  # nan is not nan
        return [tuple(_untested(v) for v in astuple(e)) for e in effects]

    assert here and seen(spread) == seen(here)


def _untested(value: object) -> object:
    """``value``, with the p of a test not run (nan) made comparable."""
    return "untested" if isinstance(value, float) and math.isnan(value) else value
