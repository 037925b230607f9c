"""One minimum everywhere: no test, and no finding, from fewer than MIN_GROUP games or pairs.

Seats, cards and choices already waited for :data:`MIN_GROUP`; length bands
were tested from five expected wins a seat and a sweep's matched pairs from
two.  And ``--json`` prints the JSON alone, whatever else is written.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from bodoge.sim import run_many, run_sweep
from bodoge.sim.analysis import MIN_GROUP, analyse
from bodoge.sim.report import findings

pytest.importorskip("scipy")


def test_a_length_band_under_the_minimum_is_not_tested() -> None:
    """Cardiceo at two players, 60 games: its bands hold 17 or so games each."""
    analysis = analyse(list(run_many("cardiceo", 2, seed=5, n=60, bot_specs=["normal"])))
    bands = analysis.groups[0].length_bins
    assert any(band.games < MIN_GROUP for band in bands)
    for band in bands:
        assert math.isnan(band.p_value) == (band.games < MIN_GROUP)
    small = [f"{band.low}–{band.high}" for band in bands if band.games < MIN_GROUP]
    said = [finding.text for finding in findings(analysis, "en")]
    assert not any(span in text for span in small for text in said)


def test_a_sweep_of_fewer_pairs_than_the_minimum_tests_nothing() -> None:
    variants = [(None, {"set_aside": 0}), (None, {"set_aside": 40})]
    analysis = analyse(
        list(run_sweep("egyptian-bride", 4, variants, 1, ["heuristic"], n=MIN_GROUP - 1))
    )
    family = [d for c in analysis.comparisons for d in c.differences]
    assert family and all(d.paired and d.pairs == MIN_GROUP - 1 for d in family)
    assert all(math.isnan(d.p_value) and not d.significant for d in family)
    assert not any(finding.tier == 0 for finding in findings(analysis, "en"))


def test_json_stdout_is_the_json_alone_with_a_report(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from bodoge.cli import build_app

    page = tmp_path / "r.html"
    args = ["sim", "hoarders", "-p", "4", "-n", "20", "--seed", "1", "--json", "-q"]
    ran = CliRunner().invoke(build_app("en"), [*args, "--report", str(page), "--effects", "0"])
    assert ran.exit_code == 0, ran.output
    assert json.loads(ran.stdout)["stats"]["games"] == 20
    assert page.exists()


def test_a_negative_effects_count_is_refused_before_anything_is_played(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from bodoge.cli import build_app

    page = tmp_path / "r.html"
    args = ["sim", "hoarders", "-n", "20", "--report", str(page), "--effects", "-1"]
    ran = CliRunner().invoke(build_app("en"), args)
    assert ran.exit_code != 0 and "--effects must be 0 or more" in ran.output
    assert "Traceback" not in ran.output and not page.exists()
