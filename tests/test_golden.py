"""Golden playthroughs: the committed files in tests/golden/ must match a fresh run.

``scripts/regen_golden.py`` writes them; this test regenerates every file in
memory and compares line by line.  Every step's line holds a digest of every
view after it, so any change to any view fails here, at the first step it
touches; a few steps hold the views in full, so that the diff can be read.
A rule change that alters play shows up here first; if it is intended,
rerun the script and review the diff.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import bodoge
from bodoge.engine import RECORD_FORMAT
from bodoge.games import BUILTIN_IDS

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "regen_golden.py"
GOLDEN = Path(__file__).resolve().parent / "golden"
HINT = "if the change is intended, run `python scripts/regen_golden.py` and review the diff"
MAX_BYTES_PER_GAME = 1_000_000
"""A game's golden files together stay small enough for a person to review."""


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


def _load(line: str) -> dict[str, Any] | None:
    try:
        data = json.loads(line)
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def _where(line: str) -> str:
    data = _load(line)
    if data is None:
        return "not a JSON object"
    kind = data.get("kind", "?")
    return f"step {data.get('step')}" if kind == "step" else str(kind)


def _fields(old: str, new: str) -> str:
    """Which fields of two versions of a line differ, in words."""
    before, after = _load(old), _load(new)
    if before is None or after is None:
        return ""
    fields = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    words = {"digest": "the views after it (digest)", "legal": "the legal actions before it"}
    return "; it differs in " + ", ".join(words.get(f, f) for f in fields)


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
                f"line {number} ({_where(old)}) differs at column {at + 1}{_fields(old, new)}:\n"
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
        plain = [c for c in CASES if c.game_id == game_id and not c.given and c.seed == regen.SEED]
        counts = {c.num_players for c in plain}
        assert counts == {game.min_players, game.max_players}
        alone = {name for given, _ in regen.option_variants(game) for name in given}
        for option in game.options:  # every option is played away from its default
            if set(option.values()) <= {option.default}:
                continue  # its other values only lengthen the game (``samples``)
            if option.name not in alone:
                continue  # only another option lets it change (Just Desserts' buffet)
            assert any(option.name in c.given for c in CASES if c.game_id == game_id), option.name


def test_every_games_golden_files_stay_reviewable() -> None:
    sizes: dict[str, int] = {}
    for case in CASES:
        path = GOLDEN / case.filename
        size = path.stat().st_size if path.exists() else 0
        sizes[case.game_id] = sizes.get(case.game_id, 0) + size
    large = {game_id: size for game_id, size in sizes.items() if size > MAX_BYTES_PER_GAME}
    assert not large, f"golden files over {MAX_BYTES_PER_GAME:,} bytes a game: {large}"


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
    last = steps[-1] if steps else lines[1]  # a game may end before any step
    views = regen.all_views(state)
    assert regen.digest(views) == last["digest"]
    assert views["spectator"] == last["views"]["spectator"]  # the last step is always in full
    for seat, delta in enumerate(last["views"]["seats"]):
        assert views["seats"][seat] == regen.unpack_view(last["views"]["spectator"], delta)


def test_first_difference_reports_the_line() -> None:
    assert first_difference("a\nb\n", "a\nb\n") is None
    report = first_difference('a\n{"x":1}\n', 'a\n{"x":2}\n')
    assert report is not None
    assert report.startswith("line 2 (?) differs at column 6; it differs in x")
    assert "lines" in (first_difference("a\n", "a\nb\n") or "")


def test_a_changed_view_fails_at_the_first_step_it_touches(monkeypatch: pytest.MonkeyPatch) -> None:
    """Views are kept as digests at most steps; a change to one still names its step."""
    case = next(c for c in CASES if c.game_id == "hoarders")
    committed = regen.render(case)
    state_class = bodoge.get_game(case.game_id).state_class
    view = state_class.view

    def drifted(self: bodoge.State, seat: int | None = None) -> dict[str, Any]:
        shown = view(self, seat)
        if seat == 1 and self.version >= 5:  # one seat's view, from the sixth action on
            shown = {**shown, "drift": True}
        return shown

    monkeypatch.setattr(state_class, "view", drifted)
    report = first_difference(committed, regen.render(case))
    assert report is not None
    assert report.startswith("line 7 (step 4) differs")  # header, start, steps 0–3, then 4
    assert "the views after it (digest)" in report


def test_the_full_views_are_where_they_change_most_and_at_the_end() -> None:
    case = next(c for c in CASES if c.game_id == "hoarders")
    _, start, steps = regen.playthrough(case)
    chosen = regen.full_steps(steps)
    assert len(steps) - 1 in chosen and len(chosen) in (regen.FULL_STEPS, regen.FULL_STEPS + 1)
    least_kept = min(steps[i].change for i in chosen if i != len(steps) - 1)
    assert all(step.change <= least_kept for i, step in enumerate(steps) if i not in chosen)
    assert regen.digest(start) == regen.digest(json.loads(regen.canonical(start)))


def test_views_prints_a_steps_full_views(capsys: pytest.CaptureFixture[str]) -> None:
    case = next(c for c in CASES if c.game_id == "hoarders")
    assert regen.main(["--views", case.name, "3"]) == 0
    shown = json.loads(capsys.readouterr().out)
    _, _, steps = regen.playthrough(case)
    assert shown == steps[3].views and regen.digest(shown) == steps[3].line["digest"]
    assert regen.main(["--views", case.filename, "start"]) == 0
    assert json.loads(capsys.readouterr().out)["spectator"]["version"] == 0
    assert regen.main(["--views", case.name, str(len(steps))]) == 2
    assert "has steps 0–" in capsys.readouterr().out
    assert regen.main(["--views", "no-such-game-3p", "0"]) == 2
