"""Golden playthroughs: the committed files in tests/golden/ must match a fresh run.

``scripts/regen_golden.py`` writes them; this test regenerates every file in
memory and compares line by line.  A rule change that alters play shows up
here first; if it is intended, rerun the script and review the diff.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

import bodoge
from bodoge.engine import RECORD_FORMAT
from bodoge.games import BUILTIN_IDS

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "regen_golden.py"
GOLDEN = Path(__file__).resolve().parent / "golden"
HINT = "if the change is intended, run `python scripts/regen_golden.py` and review the diff"


def _load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("regen_golden", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


regen = _load_script()
CASES = regen.cases()


def _excerpt(line: str, at: int, width: int = 80) -> str:
    start = max(0, at - width // 2)
    end = start + width
    return ("…" if start else "") + line[start:end] + ("…" if end < len(line) else "")


def _where(line: str) -> str:
    try:
        data = json.loads(line)
    except ValueError:
        return "not JSON"
    if not isinstance(data, dict):
        return "not an object"
    kind = data.get("kind", "?")
    return f"step {data.get('step')}" if kind == "step" else str(kind)


def first_difference(committed: str, fresh: str) -> str | None:
    """A short report of the first line where two texts differ, or None."""
    old_lines, new_lines = committed.splitlines(), fresh.splitlines()
    for number, (old, new) in enumerate(zip(old_lines, new_lines, strict=False), start=1):
        if old != new:
            at = next(
                (i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b),
                min(len(old), len(new)),
            )
            return (
                f"line {number} ({_where(old)}) differs at column {at + 1}:\n"
                f"  committed: {_excerpt(old, at)}\n"
                f"  now:       {_excerpt(new, at)}"
            )
    if len(old_lines) != len(new_lines):
        return (
            f"the committed file has {len(old_lines)} lines, a fresh run {len(new_lines)}; "
            f"first extra line {min(len(old_lines), len(new_lines)) + 1}"
        )
    return None


def test_every_game_and_player_count_has_a_golden_file() -> None:
    missing = [case.filename for case in CASES if not (GOLDEN / case.filename).exists()]
    assert not missing, f"no golden file for {missing}; {HINT}"


def test_every_golden_file_belongs_to_a_game() -> None:
    expected = {case.filename for case in CASES}
    stale = regen.stale_files(GOLDEN, expected)
    assert not stale, f"golden files without a registered game/count: {stale}; {HINT}"


def test_every_registered_game_is_covered() -> None:
    """Every shipped game has golden files; only test-only games (toys) have none."""
    covered = {case.game_id for case in CASES}
    assert set(BUILTIN_IDS) <= covered
    for game_id in set(bodoge.game_ids()) - covered:
        module = type(bodoge.get_game(game_id)).__module__
        assert not module.startswith("bodoge."), f"{game_id} ({module}) has no golden files"
    for game_id in covered:
        game = bodoge.get_game(game_id)
        counts = {c.num_players for c in CASES if c.game_id == game_id and not c.given}
        assert counts == set(range(game.min_players, game.max_players + 1))


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_golden_playthrough_is_unchanged(case: regen.Case) -> None:
    path = GOLDEN / case.filename
    if not path.exists():
        pytest.fail(f"{path} is missing; {HINT}")
    difference = first_difference(path.read_text(encoding="utf-8"), regen.render(case))
    if difference is not None:
        pytest.fail(f"{path.name}: {difference}\n{HINT}", pytrace=False)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_golden_file_replays(case: regen.Case) -> None:
    """The recorded wire forms replay through the checked path to the recorded end."""
    path = GOLDEN / case.filename
    if not path.exists():
        pytest.fail(f"{path} is missing; {HINT}")
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    header, end = lines[0], lines[-1]
    assert header["kind"] == "header" and end["kind"] == "end"
    steps = [line for line in lines if line["kind"] == "step"]
    record = {
        "format": RECORD_FORMAT,
        "game": header["game"],
        "game_version": header["game_version"],
        "options": header["options"],
        "num_players": header["num_players"],
        "seed": header["seed"],
        "actions": [[step["seat"], step["action"]] for step in steps],
    }
    state = bodoge.replay(record)
    assert state.is_over
    assert [list(state.scores), list(state.winners)] == [end["scores"], end["winners"]]
    last = (steps[-1] if steps else lines[1])["views"]  # a game may end before any step
    assert state.view(None) == last["spectator"]
    for seat, delta in enumerate(last["seats"]):
        assert state.view(seat) == regen.unpack_view(last["spectator"], delta)


def test_first_difference_reports_the_line() -> None:
    assert first_difference("a\nb\n", "a\nb\n") is None
    report = first_difference('a\n{"x":1}\n', 'a\n{"x":2}\n')
    assert report is not None and report.startswith("line 2 (?) differs at column 6")
    assert "lines" in (first_difference("a\n", "a\nb\n") or "")
