"""Regenerate the golden playthroughs in ``tests/golden/``.

One seeded random game per registered game, per option set that changes the
allowed player counts, and per player count.  Each file is JSON Lines, one
object per line, so that a change to the rules shows up in a code review as
the few lines (steps) it changes:

* ``"kind": "header"``: game id and version, options, player count, seed,
  the format version and notes on how the rest of the file is laid out;
* ``"kind": "start"``: the views before the first action;
* ``"kind": "step"``: one per applied action (see ``NOTES["step"]``, also
  written in the header);
* ``"kind": "end"``: step count, scores, winners and ``summary`` in ja and en.

Views are written compactly: the spectator view in full and, for each seat,
only the top-level keys in which its view differs from the spectator's, so
``view(seat) == {**spectator, **seats[seat]}`` (keys a seat's view lacks are
listed under ``"-"``; :func:`unpack_view` undoes it).

Usage::

    python scripts/regen_golden.py           # rewrite every golden file
    python scripts/regen_golden.py --check   # change nothing, exit 1 listing what differs

``tests/test_golden.py`` regenerates the files in memory and compares.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import bodoge

FORMAT = "bodoge-golden/1"
SEED = 20240607
"""Seed of every golden game, and of its action chooser."""
MAX_STEPS = 100_000
"""A game still running after this many actions is a bug, not a golden file."""
GOLDEN_DIR = Path(__file__).resolve().parents[1] / "tests" / "golden"
SUFFIX = ".jsonl"
ABSENT = "-"

NOTES = {
    "chooser": "random.Random(seed).choice(state.legal_actions(seat)) with seat = state.to_act[0]",
    "step": (
        "step: 0-based index of the action (= its event index); seat; action: wire form; "
        "label: {ja, en}; to_act and legal (number of legal actions of each seat in to_act): "
        "BEFORE the step; views: AFTER the step"
    ),
    "views": (
        "spectator: view(None) in full; seats[i]: only the top-level keys of view(i) that "
        "differ from the spectator view ('-': keys that view(i) lacks)"
    ),
}


@dataclass(frozen=True)
class Case:
    """One golden game: a game, one of its option sets and a player count."""

    game_id: str
    given: dict[str, Any]
    """The non-default options (what a caller passes to ``new_game``)."""
    options: dict[str, Any]
    """The options resolved, as in records."""
    num_players: int

    @property
    def name(self) -> str:
        """``egyptian-bride-4p``, ``egyptian-bride-expansion-5p``, ..."""
        parts = [self.game_id]
        for key, value in self.given.items():
            slug = key.replace("_", "-")
            if value is True:
                parts.append(slug)
            elif value is False:
                parts.append(f"no-{slug}")
            else:
                parts.append(f"{slug}-{value}")
        parts.append(f"{self.num_players}p")
        return "-".join(parts)

    @property
    def filename(self) -> str:
        return self.name + SUFFIX


def non_default(game: bodoge.Game, options: Mapping[str, Any]) -> dict[str, Any]:
    """The smallest set of options to pass so that they resolve to ``options``.

    Options are declared in order and a default may derive from earlier ones,
    so an option counts as given only when it differs from the default that
    the options given before it imply.
    """
    given: dict[str, Any] = {}
    for option in game.options:
        if game.resolve_options(given)[option.name] != options[option.name]:
            given[option.name] = options[option.name]
    return given


def player_variants(game: bodoge.Game) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """One option set per distinct player range, as ``(given, resolved)`` pairs.

    The default options come first; every other player range is represented
    by the variant that needs the fewest non-default options.
    """
    best: dict[tuple[int, int], tuple[dict[str, Any], dict[str, Any]]] = {}
    for resolved in [game.resolve_options(None), *game.variants()]:
        given = non_default(game, resolved)
        players = game.player_range(resolved)
        if players not in best or len(given) < len(best[players][0]):
            best[players] = (given, dict(resolved))
    return list(best.values())


def golden_game_ids() -> list[str]:
    """The registered games that ship in the ``bodoge`` package.

    Outside a test session this is ``bodoge.game_ids()``; inside one it
    leaves out the test-only games a session registers (``tests/toys``).
    """
    return [
        game_id
        for game_id in bodoge.game_ids()
        if type(bodoge.get_game(game_id)).__module__.startswith("bodoge.")
    ]


def cases() -> list[Case]:
    """Every golden game of every shipped game, in a stable order."""
    found = []
    for game_id in golden_game_ids():
        game = bodoge.get_game(game_id)
        for given, resolved in player_variants(game):
            low, high = game.player_range(resolved)
            found += [Case(game_id, given, resolved, n) for n in range(low, high + 1)]
    return found


def dumps(obj: object) -> str:
    """One compact JSON line; Japanese stays readable."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def unpack_view(spectator: Mapping[str, Any], delta: Mapping[str, Any]) -> dict[str, Any]:
    """A seat's full view from the spectator view and that seat's delta."""
    absent = set(delta.get(ABSENT, ()))
    view = {k: v for k, v in spectator.items() if k not in absent}
    view.update((k, v) for k, v in delta.items() if k != ABSENT)
    return view


def views(state: bodoge.State) -> dict[str, Any]:
    """Every seat's view and the spectator's, packed (see the module docstring)."""
    spectator = state.view(None)
    seats = []
    for seat in range(state.num_players):
        view = state.view(seat)
        missing = object()
        delta = {k: v for k, v in view.items() if spectator.get(k, missing) != v}
        absent = [k for k in spectator if k not in view]
        if absent:
            delta[ABSENT] = absent
        if ABSENT in view or unpack_view(spectator, delta) != view:
            raise RuntimeError(f"view({seat}) cannot be packed against the spectator view")
        seats.append(delta)
    return {"spectator": spectator, "seats": seats}


def play(case: Case) -> Iterator[str]:
    """The lines of ``case``'s golden file, without line ends."""
    game = bodoge.get_game(case.game_id)
    state = game.new_game(case.num_players, SEED, case.given)
    if dict(state.options) != case.options:
        raise RuntimeError(f"{case.name}: options resolve to {dict(state.options)}")
    chooser = random.Random(SEED)
    yield dumps(
        {
            "kind": "header",
            "format": FORMAT,
            "game": game.id,
            "game_version": game.version,
            "options": case.options,
            "num_players": case.num_players,
            "seed": SEED,
            "notes": NOTES,
        }
    )
    yield dumps({"kind": "start", "views": views(state)})
    step = 0
    while to_act := state.to_act:
        if step >= MAX_STEPS:
            raise RuntimeError(f"{case.name}: the game has not ended after {MAX_STEPS} actions")
        legal = {seat: state.legal_actions(seat) for seat in to_act}
        seat = to_act[0]
        action = chooser.choice(legal[seat])
        state.apply(seat, action)
        yield dumps(
            {
                "kind": "step",
                "step": step,
                "seat": seat,
                "action": action.to_json(),
                "label": {"ja": action.label("ja"), "en": action.label("en")},
                "to_act": list(to_act),
                "legal": [len(legal[s]) for s in to_act],
                "views": views(state),
            }
        )
        step += 1
    yield dumps(
        {
            "kind": "end",
            "steps": step,
            "scores": list(state.scores),
            "winners": list(state.winners),
            "summary": {"ja": state.summary("ja"), "en": state.summary("en")},
        }
    )


def render(case: Case) -> str:
    """The full text of ``case``'s golden file."""
    return "".join(line + "\n" for line in play(case))


def expected_files() -> dict[str, str]:
    """File name → text, for every golden file that should exist."""
    return {case.filename: render(case) for case in cases()}


def stale_files(directory: Path, expected: Mapping[str, str]) -> list[str]:
    """Golden files on disk that no registered game produces."""
    return sorted(p.name for p in directory.glob(f"*{SUFFIX}") if p.name not in expected)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Regenerate the golden playthroughs.")
    parser.add_argument(
        "--check", action="store_true", help="change nothing; exit 1 listing the files that differ"
    )
    parser.add_argument(
        "--dir", type=Path, default=GOLDEN_DIR, help=f"golden directory (default {GOLDEN_DIR})"
    )
    args = parser.parse_args(argv)
    directory: Path = args.dir
    expected = expected_files()
    changed = []
    for name, text in expected.items():
        path = directory / name
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old != text:
            changed.append((name, "missing" if old is None else "differs"))
    stale = stale_files(directory, expected)
    if args.check:
        for name, why in changed:
            print(f"{why}: {directory / name}")
        for name in stale:
            print(f"no such game: {directory / name}")
        if changed or stale:
            print("run `python scripts/regen_golden.py` if the change is intended")
            return 1
        print(f"{len(expected)} golden files up to date")
        return 0
    directory.mkdir(parents=True, exist_ok=True)
    for name, why in changed:
        (directory / name).write_text(expected[name], encoding="utf-8", newline="\n")
        print(f"wrote ({why}): {directory / name}")
    for name in stale:
        (directory / name).unlink()
        print(f"removed (no such game): {directory / name}")
    print(f"{len(expected)} golden files: {len(changed)} written, {len(stale)} removed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
