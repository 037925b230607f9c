"""Regenerate the golden playthroughs in ``tests/golden/``.

One seeded random game per golden case: for every shipped game, the lowest
and the highest player count of each option set that changes the allowed
player counts, and the lowest count of each option value away from the
defaults (:func:`cases`).  Each file is JSON Lines, one object per line, so
that a change to the rules shows up in a code review as the few lines
(steps) it changes, and each is small enough to read:

* ``"kind": "header"``: game id and version, options, player count, seed,
  the format, notes on how the rest of the file is laid out, and the size
  and digest of the game's action space (``game.action_space(options,
  num_players)``, whose indices are the action ids of ``legal``);
* ``"kind": "start"``: every view before the first action, in full;
* ``"kind": "step"``: one per applied action: the seat, the action's wire
  form and label, who was to act and each such seat's legal actions (as
  action ids) before it, and a digest of every view after it.  The
  :data:`FULL_STEPS` steps that changed the most top-level values over all
  the views (a new deal, a reveal, the end of a hand), and the last step,
  also hold the views in full (see ``NOTES``, also written in the header);
* ``"kind": "end"``: step count, scores, winners and ``summary`` in ja and en.

The digest is the first 16 hex digits of the SHA-256 of the canonical JSON
(sorted keys, no spaces, UTF-8) of ``{"spectator": view(None), "seats":
[view(0), …]}``, so any change to any view at any step changes a line,
while the full views at a few steps keep the diff reviewable.  Full views
are written compactly: the spectator view in full and, for each seat, only
the top-level keys in which its view differs from the spectator's, so
``view(seat) == {**spectator, **seats[seat]}`` (keys a seat's view lacks are
listed under ``"-"``; :func:`unpack_view` undoes it).

Usage::

    python scripts/regen_golden.py                 # rewrite every golden file
    python scripts/regen_golden.py --check         # change nothing, exit 1 listing what differs
    python scripts/regen_golden.py --views papayoo-8p 41   # every full view after step 41

``tests/test_golden.py`` regenerates the files in memory and compares; when
a step's digest differs, ``--views`` shows that step's views (run it before
and after the change to compare them).
"""

from __future__ import annotations

import argparse
import hashlib
import heapq
import json
import random
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import bodoge
from bodoge.engine import InvalidOptions

FORMAT = "bodoge-golden/2"
SEED = 20240607
"""Seed of every golden game and of its action chooser (but :data:`MORE_GAMES`')."""
MAX_STEPS = 100_000
"""A game still running after this many actions is a bug, not a golden file."""
FULL_STEPS = 6
"""Steps, besides the last, whose views are written in full: those that change them most."""
DIGEST_DIGITS = 16
GOLDEN_DIR = Path(__file__).resolve().parents[1] / "tests" / "golden"
SUFFIX = ".jsonl"
ABSENT = "-"

NOTES = {
    "chooser": "random.Random(seed).choice(state.legal_actions(seat)) with seat = state.to_act[0]",
    "step": (
        "step: 0-based index of the action (= its event index); seat; action: wire form; "
        "label: {ja, en}; to_act and legal (for each seat in to_act, its legal actions as "
        "indices into action_space): BEFORE the step; digest and views: AFTER the step"
    ),
    "action_space": "size and digest of [a.to_json() for a in game.action_space(options, n)]",
    "digest": (
        f"first {DIGEST_DIGITS} hex digits of sha256 of the canonical JSON (sort_keys, "
        "separators (',', ':'), UTF-8) of {spectator: view(None), seats: [view(0), ...]}"
    ),
    "views": (
        "in full at the start, at the steps that change the views most and at the last step; "
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
    seed: int = SEED

    @property
    def name(self) -> str:
        """``egyptian-bride-4p``, ``egyptian-bride-expansion-5p``, ``moriya-wars-4p-seed-28290``."""
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
        if self.seed != SEED:
            parts.append(f"seed-{self.seed}")
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


def option_variants(game: bodoge.Game) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """For each option, its first representative value away from the defaults, alone.

    ``(given, resolved)`` pairs; a value the other defaults do not allow
    (options that exclude each other) is passed over.  One value an option
    is enough to catch drift in the code that option switches on; every
    value is played by the conformance suite, and more values here would
    only make the files longer to review (Papayoo's longer hand counts).
    """
    found = []
    defaults = game.resolve_options(None)
    for option in game.options:
        for value in option.values():
            try:
                resolved = game.resolve_options({option.name: value})
            except InvalidOptions:
                continue
            if resolved != defaults:
                found.append((non_default(game, resolved), dict(resolved)))
                break
    return found


MORE_GAMES: dict[str, tuple[tuple[dict[str, Any], int, int], ...]] = {
    # Two short games of places and takes only from the common seed; these
    # seeds were searched for games that bribe, evict (also after the face's
    # action, then end the turn), steal and swap (3p: a swap with the spare,
    # the humans run out; 4p: a swap, claims asked, the youkai run out;
    # 5p: a swap, then ⑤ claims and wins).
    "moriya-wars": (({}, 3, 24), ({}, 4, 28290), ({}, 5, 10951)),
    # The variant's option lists no sample beyond its default (it would double
    # every generic suite's option sets), so its one golden game is named here.
    "imhotep": (({"wrath": True}, 2, SEED),),
}
"""Golden games beyond :func:`cases`' rule: ``(given options, players, seed)`` per game."""


def cases() -> list[Case]:
    """Every golden game of every shipped game, in a stable order.

    The lowest and the highest player count of each player range (the
    range's plainest options), then the lowest count of one value of each
    option away from the defaults: every rule an option switches on is
    played at least once, and the files stay few and small.  Then the games
    of :data:`MORE_GAMES`.
    """
    found: list[Case] = []
    for game_id in golden_game_ids():
        game = bodoge.get_game(game_id)
        wanted = []
        for given, resolved in player_variants(game):
            low, high = game.player_range(resolved)
            wanted += [(given, resolved, low), (given, resolved, high)]
        for given, resolved in option_variants(game):
            wanted.append((given, resolved, game.player_range(resolved)[0]))
        for given, resolved, count in wanted:
            case = Case(game_id, given, resolved, count)
            if all(
                (c.game_id, c.options, c.num_players) != (game_id, resolved, count) for c in found
            ):
                found.append(case)
        for given, count, seed in MORE_GAMES.get(game_id, ()):
            found.append(Case(game_id, given, dict(game.resolve_options(given)), count, seed))
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


def canonical(obj: object) -> str:
    """The canonical JSON the digests are taken of."""
    return json.dumps(obj, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def all_views(state: bodoge.State) -> dict[str, Any]:
    """Every view in full: ``{"spectator": view(None), "seats": [view(0), …]}``."""
    return {
        "spectator": state.view(None),
        "seats": [state.view(seat) for seat in range(state.num_players)],
    }


def digest(obj: object) -> str:
    """The digest of :func:`all_views`, or of the action space (see the module docstring)."""
    return hashlib.sha256(canonical(obj).encode("utf-8")).hexdigest()[:DIGEST_DIGITS]


def pack(full: Mapping[str, Any]) -> dict[str, Any]:
    """Every seat's view packed against the spectator's (see the module docstring)."""
    spectator = full["spectator"]
    seats = []
    for seat, view in enumerate(full["seats"]):
        missing = object()
        delta = {k: v for k, v in view.items() if spectator.get(k, missing) != v}
        absent = [k for k in spectator if k not in view]
        if absent:
            delta[ABSENT] = absent
        if ABSENT in view or unpack_view(spectator, delta) != view:
            raise RuntimeError(f"view({seat}) cannot be packed against the spectator view")
        seats.append(delta)
    return {"spectator": spectator, "seats": seats}


def change(before: Mapping[str, Any], after: Mapping[str, Any]) -> int:
    """How much the views changed: how many top-level values differ, over every view."""
    total = 0
    for old, new in zip(
        [before["spectator"], *before["seats"]], [after["spectator"], *after["seats"]], strict=True
    ):
        total += sum(old.get(key) != new.get(key) for key in old.keys() | new.keys())
    return total


@dataclass
class Step:
    """One applied action and what it left, before it is written."""

    line: dict[str, Any]
    views: dict[str, Any]
    change: int


def playthrough(case: Case) -> tuple[bodoge.State, dict[str, Any], list[Step]]:
    """Play ``case`` out: the final state, the views at the start, and every step."""
    game = bodoge.get_game(case.game_id)
    state = game.new_game(case.num_players, case.seed, case.given)
    if dict(state.options) != case.options:
        raise RuntimeError(f"{case.name}: options resolve to {dict(state.options)}")
    ids = {action: i for i, action in enumerate(game.action_space(state.options, case.num_players))}
    chooser = random.Random(case.seed)
    start = previous = all_views(state)
    steps: list[Step] = []
    while to_act := state.to_act:
        if len(steps) >= MAX_STEPS:
            raise RuntimeError(f"{case.name}: the game has not ended after {MAX_STEPS} actions")
        legal = {seat: state.legal_actions(seat) for seat in to_act}
        seat = to_act[0]
        action = chooser.choice(legal[seat])
        state.apply(seat, action)
        now = all_views(state)
        line = {
            "kind": "step",
            "step": len(steps),
            "seat": seat,
            "action": action.to_json(),
            "label": {"ja": action.label("ja"), "en": action.label("en")},
            "to_act": list(to_act),
            "legal": [[ids[a] for a in legal[s]] for s in to_act],
            "digest": digest(now),
        }
        steps.append(Step(line, now, change(previous, now)))
        previous = now
    return state, start, steps


def full_steps(steps: list[Step]) -> set[int]:
    """The steps written with full views: the :data:`FULL_STEPS` that change most, and the last."""
    most = heapq.nlargest(FULL_STEPS, range(len(steps)), key=lambda i: (steps[i].change, -i))
    return {*most, len(steps) - 1} if steps else set()


def play(case: Case) -> Iterator[str]:
    """The lines of ``case``'s golden file, without line ends."""
    game = bodoge.get_game(case.game_id)
    state, start, steps = playthrough(case)
    space = [action.to_json() for action in game.action_space(state.options, case.num_players)]
    yield dumps(
        {
            "kind": "header",
            "format": FORMAT,
            "game": game.id,
            "game_version": game.version,
            "options": case.options,
            "num_players": case.num_players,
            "seed": case.seed,
            "notes": NOTES,
            "action_space": {"size": len(space), "digest": digest(space)},
        }
    )
    yield dumps({"kind": "start", "digest": digest(start), "views": pack(start)})
    chosen = full_steps(steps)
    for index, step in enumerate(steps):
        line = dict(step.line)
        if index in chosen:
            line["views"] = pack(step.views)
        yield dumps(line)
    yield dumps(
        {
            "kind": "end",
            "steps": len(steps),
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


def show_views(name: str, step: str) -> int:
    """Print the full views of case ``name`` after ``step``, one JSON object."""
    found = [case for case in cases() if case.name == name.removesuffix(SUFFIX)]
    if not found:
        print(f"no golden case {name!r}; the cases: {', '.join(c.name for c in cases())}")
        return 2
    _, start, steps = playthrough(found[0])
    if step != "start" and not (step.isdigit() and int(step) < len(steps)):
        print(f"{name} has steps 0–{len(steps) - 1} and 'start', not {step!r}")
        return 2
    views = start if step == "start" else steps[int(step)].views
    print(json.dumps(views, ensure_ascii=False, indent=1, sort_keys=True))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Regenerate the golden playthroughs.")
    parser.add_argument(
        "--check", action="store_true", help="change nothing; exit 1 listing the files that differ"
    )
    parser.add_argument(
        "--dir", type=Path, default=GOLDEN_DIR, help=f"golden directory (default {GOLDEN_DIR})"
    )
    parser.add_argument(
        "--views",
        nargs=2,
        metavar=("CASE", "STEP"),
        help="print every full view after STEP (or 'start') of CASE (a file name without .jsonl)",
    )
    args = parser.parse_args(argv)
    if args.views:
        return show_views(*args.views)
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
