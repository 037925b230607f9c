"""The training example end to end, tiny: it trains, saves, writes its entrant and measures.

Needs the train extra (torch); slow, so it runs with ``--runslow``.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

import bodoge

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_maskable_ppo.py"


@pytest.mark.slow
def test_the_example_trains_saves_and_measures(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("sb3_contrib", reason="needs the train extra")
    spec = importlib.util.spec_from_file_location("train_maskable_ppo", EXAMPLE)
    assert spec and spec.loader
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    out = tmp_path / "run"
    argv = ["x", "--timesteps", "512", "--envs", "2", "--eval-games", "6", "--out", str(out)]
    monkeypatch.setattr(sys, "argv", [*argv, "--against", "random,grandmaster"])
    example.main()
    printed = capsys.readouterr().out
    assert re.search(r"^random\s+6\s+\d\.\d{3} \[\d\.\d{3}, \d\.\d{3}\]", printed, re.MULTILINE)
    assert re.search(r"^grandmaster\s+skipped: unknown bot", printed, re.MULTILINE)
    assert (out / "model.zip").is_file()
    monkeypatch.syspath_prepend(str(out))
    entrant = importlib.import_module("ppo_number_heist").entrant
    state = bodoge.get_game("number-heist").new_game(2, seed=1)
    bot = entrant("number-heist", 2, None, 0)
    while state.to_act:
        seat = state.to_act[0]
        state.apply(seat, bot.choose(state, seat))
    assert state.is_over
