"""Conformance: every registered game meets the game contract at every step.

Parametrized over every registered game (the real games and the toys in
``tests/toys``), every option set of ``game.variants()``, every player count
those options allow, and several seeds.  A random playout, driven only by a
local ``random.Random(seed)``, checks at every step (but see below): turn order and legal
lists agree; wrong seats, illegal and malformed actions are refused with the
right error and change nothing; actions round-trip through their wire form;
views are JSON-ready and fresh; determinized copies agree with what each
seat sees; clones are independent and earlier clones never change;
components are conserved; scores and winners are well-formed.  What the
game declares about all its games (``Game.action_space``, ``view_schema``,
``score_range``, ``max_game_length``) holds: every legal action is in the
action space, every view fits the view schema, scores stay in their range
and the game ends within its maximum length.  At the end
the record replays exactly, and a second run of the same seed and actions,
with the global ``random`` module disturbed, gives the same game.

Each game declares its own ``State.check_conservation`` (every component
accounted for), called at every step; a meta-test fails for a game without one.
``--runslow`` adds a soak test over many more seeds.

A quick playout checks its first ``FULL_STEPS`` steps in full; past them it
checks conservation, turn order and the result at every step and the rest
(views, refusals, re-deals, clones) at every ``SPARSE``-th step, so that a
random game of a thousand steps (Just Desserts with five players) costs the
suite about what a short one does.  The soak checks every step in full.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

import bodoge
from bodoge.engine import (
    LANGS,
    Action,
    Game,
    GameOver,
    IllegalAction,
    MalformedAction,
    Rng,
    State,
    Text,
    ViewMismatch,
    WrongSeat,
)
from bodoge.engine.schema import Record
from bodoge.games import BUILTIN_IDS
from cases import covering, every_pair
from toys import TOY_IDS

MAX_STEPS = 20_000
FAST_SEEDS = (0, 1, 2)
FULL_STEPS = 150
"""Steps of a quick playout checked in full."""
SPARSE = 10
"""Past ``FULL_STEPS``, the full checks run at every ``SPARSE``-th step."""
SLOW_SEEDS = range(3, 33)

# ------------------------------------------------------------------- cases


@dataclasses.dataclass(frozen=True)
class Case:
    game_id: str
    num_players: int
    options: tuple[tuple[str, Any], ...]

    @property
    def game(self) -> Game:
        return bodoge.get_game(self.game_id)

    @property
    def id(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in self.options)
        return f"{self.game_id}-{self.num_players}p" + (f"-{opts}" if opts else "")

    def new_game(self, seed: int) -> State:
        return self.game.new_game(self.num_players, seed, dict(self.options))


def configurations(game: Game) -> list[dict[str, Any]]:
    """``game.variants()``, plus each with its derived options left to their defaults.

    ``variants()`` passes every option explicitly, so a default derived from
    other options (``Option.derive``) is only covered if it happens to be one
    of that option's representative values; this adds it.
    """
    found = game.variants()
    derived = {option.name for option in game.options if option.derive is not None}
    for options in list(found):
        default = game.resolve_options({k: v for k, v in options.items() if k not in derived})
        if default not in found:
            found.append(default)
    return found


def all_cases(quick: bool) -> list[Case]:
    """Every game's cases: a covering set (``quick``) or every option set × player count."""
    found = []
    for game_id in bodoge.game_ids():
        game = bodoge.get_game(game_id)
        pairs = every_pair(game, configurations(game))
        for options, n in covering(game, pairs) if quick else pairs:
            found.append(Case(game_id, n, tuple(options.items())))
    return found


ALL_CASES = all_cases(quick=False)
CASES = all_cases(quick=True)
CASE_PARAMS = [pytest.param(case, id=case.id) for case in CASES]
ALL_CASE_PARAMS = [pytest.param(case, id=case.id) for case in ALL_CASES]


# ------------------------------------------------------------ declarations

HEADER_KEYS = frozenset(
    (
        "game",
        "seat",
        "num_players",
        "options",
        "version",
        "to_act",
        "is_over",
        "scores",
        "winners",
        "stopped",
    )
)
"""The keys of the engine's header in every view (``State.view``); the rest is the game's."""


@dataclasses.dataclass(frozen=True)
class Declared:
    """What a game declares for one configuration, in the form the checks use."""

    actions: frozenset[Action]
    view: Record
    score_range: tuple[float, float]
    max_game_length: int


@functools.cache
def declared(case: Case) -> Declared:
    """The game's four hooks for ``case``, checked once per configuration."""
    game, options, n = case.game, dict(case.options), case.num_players
    actions = game.action_space(options, n)
    assert actions, f"{case.id}: the action space is empty"
    assert len(set(actions)) == len(actions), f"{case.id}: the action space repeats an action"
    assert all(type(action) in game.action_types for action in actions), case.id
    view = game.view_schema(options, n)
    assert isinstance(view, Record), f"{case.id}: view_schema must return a schema.Record"
    clash = sorted(set(view.fields) & HEADER_KEYS)
    assert not clash, f"{case.id}: the view schema declares the engine's header keys {clash}"
    low, high = game.score_range(options, n)
    assert low < high, f"{case.id}: an empty score range {low}..{high}"
    longest = game.max_game_length(options, n)
    assert type(longest) is int and longest >= 1, f"{case.id}: max_game_length {longest!r}"
    return Declared(frozenset(actions), view, (low, high), longest)


# ----------------------------------------------------------------- helpers


def _json_ready(value: object) -> None:
    assert json.loads(json.dumps(value)) == value, f"not JSON-ready: {value!r}"


def fingerprint(state: State) -> dict[str, Any]:
    """Everything observable of a state (views, legal actions, record), as fresh values."""
    seats = range(state.num_players)
    return {
        "version": state.version,
        "to_act": state.to_act,
        "spectator": state.view(None),
        "seats": [state.view(seat) for seat in seats],
        "legal": [state.legal_actions(seat) for seat in seats],
        "scores": state.scores,
        "winners": state.winners,
        "record": None if state.determinized else state.record(),
    }


def random_step(state: State, rnd: random.Random) -> tuple[int, Action]:
    seat = rnd.choice(state.to_act)
    action = rnd.choice(state.legal_actions(seat))
    state.apply(seat, action)
    return seat, action


def random_actions(case: Case, seed: int) -> list[tuple[int, Action]]:
    state, rnd = case.new_game(seed), random.Random(seed)
    played = []
    while not state.is_over:
        assert len(played) < MAX_STEPS, f"{case.id} seed {seed}: no end after {MAX_STEPS} steps"
        played.append(random_step(state, rnd))
    return played


@dataclasses.dataclass(frozen=True, slots=True)
class Alien(Action):
    """An action no game declares."""

    TYPE = "alien"
    number: int


def _variants_of(action: Action) -> Iterator[dict[str, Any]]:
    """Wire forms near a legal action: each field pushed out of range or flipped."""
    wire = action.to_json()
    for name, value in wire.items():
        if name == "type":
            continue
        if type(value) is bool:
            yield {**wire, name: not value}
        elif type(value) is int:
            for delta in (-1, 1, -100, 100):
                yield {**wire, name: value + delta}
        else:
            yield {**wire, name: value + "?"}


def _mutate_all(value: Any) -> None:
    """Empty every list and dict inside a view (to prove views are fresh copies)."""
    if isinstance(value, dict):
        for item in value.values():
            _mutate_all(item)
        value.clear()
    elif isinstance(value, list):
        for item in value:
            _mutate_all(item)
        value.clear()


# -------------------------------------------------------- per-step checks


class Playout:
    """One random game of ``case`` with every per-step check of the contract."""

    def __init__(self, case: Case, seed: int, full_steps: int | None = FULL_STEPS) -> None:
        self.case = case
        self.full_steps = full_steps
        """Steps checked in full before the costly checks thin out (``None``: every step)."""
        self.seed = seed
        self.game = case.game
        self.rnd = random.Random(seed)
        self.state = case.new_game(seed)
        self.seats = range(self.state.num_players)
        self.declared = declared(case)
        self.seen: dict[str, Action] = {}
        """Every action seen legal so far, by wire text: candidates for illegal tries."""
        self.clones: list[tuple[State, dict[str, Any]]] = []
        self.out: frozenset[int] = frozenset()
        self.replay_at = self.rnd.randrange(1, 40)

    def where(self) -> str:
        return f"{self.case.id} seed {self.seed} step {self.state.version}"

    def run(self) -> None:
        state = self.state
        for bad in (-1, state.num_players, True, "0"):
            with pytest.raises(WrongSeat):
                state.view(bad)  # type: ignore[arg-type]
        while True:
            assert state.version <= MAX_STEPS, f"{self.where()}: the game does not end"
            longest = self.declared.max_game_length
            assert state.version <= longest, (
                f"{self.where()}: longer than max_game_length {longest}"
            )
            self.check_step(full=self.in_full(state.version))
            if state.is_over:
                break
            before = state.version
            seat = self.rnd.choice(state.to_act)
            action = self.rnd.choice(state.legal_actions(seat))
            event = state.apply(seat, action)
            assert state.version == before + 1 and event is state.events[-1]
            assert (event.index, event.seat, event.action) == (before, seat, action)
            for viewer in (None, *self.seats):
                _json_ready(event.for_seat(viewer))
            if state.version == self.replay_at and not state.is_over:
                self.check_replay()
        self.check_end()

    def in_full(self, step: int) -> bool:
        """Whether ``step`` gets the costly checks too."""
        limit = self.full_steps
        return limit is None or step < limit or step % SPARSE == 0 or self.state.is_over

    def check_step(self, full: bool = True) -> None:
        state = self.state
        state.check_conservation()
        self.check_turn()
        self.check_result()
        if not full:
            return
        self.check_declared_fields()
        self.check_views()
        before = fingerprint(state)
        self.check_refusals()
        assert fingerprint(state) == before, f"{self.where()}: a refused action changed the state"
        self.check_determinize()
        assert fingerprint(state) == before, f"{self.where()}: determinize changed the original"
        self.check_clone(before)
        assert fingerprint(state) == before, f"{self.where()}: playing a clone changed the original"

    def check_declared_fields(self) -> None:
        """Every attribute holding a container is declared one, so that clones copy it."""
        state = self.state
        copied = set(type(state)._copied)
        shared = [
            name
            for name, value in vars(state).items()
            if type(value) in (list, dict, set) and name != "events" and name not in copied
        ]
        assert not shared, (
            f"{self.where()}: {shared} hold containers but are not annotated list/dict/set "
            f"on {type(state).__name__}; clones would share them"
        )

    def check_turn(self) -> None:
        state, game = self.state, self.game
        to_act = state.to_act
        assert isinstance(to_act, tuple) and all(type(seat) is int for seat in to_act)
        assert len(set(to_act)) == len(to_act) and set(to_act) <= set(self.seats)
        assert state.is_over == (not to_act)
        assert not set(to_act) & state.eliminated, f"{self.where()}: an eliminated seat acts"
        if len(to_act) > 1:
            assert game.simultaneous, f"{self.where()}: several seats act; declare simultaneous"
        for seat in self.seats:
            legal = state.legal_actions(seat)
            if seat not in to_act:
                assert legal == [], f"{self.where()}: seat {seat} is not in to_act but has actions"
                continue
            assert legal, f"{self.where()}: seat {seat} is in to_act without a legal action"
            assert all(type(action) in game.action_types for action in legal)
            assert len(set(legal)) == len(legal), f"{self.where()}: duplicate legal actions"
            undeclared = [a for a in legal if a not in self.declared.actions]
            assert not undeclared, f"{self.where()}: {undeclared} legal, not in action_space"
            legal.clear()  # the list handed out is the caller's own
            assert state.legal_actions(seat), f"{self.where()}: legal_actions shares its list"
            for action in state.legal_actions(seat):
                self.check_wire(action)

    def check_wire(self, action: Action) -> None:
        wire = action.to_json()
        assert wire["type"] == action.TYPE
        text = json.dumps(wire)
        self.seen.setdefault(text, action)
        for form in (wire, json.loads(text)):
            again = self.game.parse_action(form)
            assert again == action and type(again) is type(action) and hash(again) == hash(action)
        names = [f"«player {seat}»" for seat in range(self.state.num_players)]
        for lang in LANGS:
            label = action.label(lang)
            assert isinstance(label, str) and label.strip()
            named = action.label(lang, names)  # a seat named by its player, never patched in
            assert isinstance(named, str) and named.strip()
            assert named == label or "«player" in named, f"{action}: names change more than names"

    def check_result(self) -> None:
        state, game = self.state, self.game
        seats = set(self.seats)
        scores, winners, out = state.scores, state.winners, state.eliminated
        assert isinstance(scores, tuple) and len(scores) == state.num_players
        assert all(isinstance(s, int | float) and not isinstance(s, bool) for s in scores)
        low, high = self.declared.score_range
        assert all(low <= s <= high for s in scores), (
            f"{self.where()}: {scores} not in {low}..{high}"
        )
        assert isinstance(winners, tuple) and len(set(winners)) == len(winners)
        assert set(winners) <= seats and all(type(seat) is int for seat in winners)
        assert isinstance(out, frozenset) and out <= seats
        assert not set(winners) & out, f"{self.where()}: an eliminated seat wins"
        assert self.out <= out, f"{self.where()}: an eliminated seat came back"
        self.out = out
        if not state.is_over:
            assert winners == (), f"{self.where()}: winners before the end"
        groups = state.teams
        if groups is not None:  # a game played in teams (an option may decide it)
            assert game.has_teams, f"{self.where()}: teams from a game without has_teams"
            assert sorted(seat for team in groups for seat in team) == sorted(seats)
            if game.ranks_within_team:  # winners come from a team with the largest total
                totals = {team: sum(scores[seat] for seat in team) for team in groups}
                best = max(totals.values())
                assert all(totals[team] == best for team in groups if set(team) & set(winners))
            else:
                assert all(set(team) <= set(winners) for team in groups if set(team) & set(winners))
        if game.cooperative:
            assert len(set(scores)) == 1, f"{self.where()}: a cooperative score is not shared"
            assert winners in ((), tuple(self.seats))

    def check_views(self) -> None:
        state = self.state
        spectator = state.view(None)
        for viewer in (None, *self.seats):
            view = state.view(viewer)
            _json_ready(view)
            assert view["seat"] == viewer and view["version"] == state.version
            assert view["to_act"] == list(state.to_act) and view["is_over"] == state.is_over
            assert view.get("stopped", False) is (state.is_over and state.stopped)
            self.check_view_schema(viewer, view)
            if not self.game.hidden_information:
                assert {**view, "seat": None} == spectator, f"{self.where()}: a view hides"
        viewer = self.rnd.choice([None, *self.seats])
        view = state.view(viewer)
        kept = json.dumps(view, sort_keys=True)
        _mutate_all(view)
        again = json.dumps(state.view(viewer), sort_keys=True)
        assert again == kept, f"{self.where()}: view({viewer}) shares the state's containers"

    def check_view_schema(self, viewer: int | None, view: dict[str, Any]) -> None:
        """The game's part of the view fits its declared ``view_schema``."""
        own = {key: value for key, value in view.items() if key not in HEADER_KEYS}
        try:
            self.declared.view.encode(own, [])
        except ViewMismatch as error:
            pytest.fail(f"{self.where()}: view({viewer}) does not fit view_schema: {error}")

    def check_refusals(self) -> None:
        """Wrong seats, illegal and malformed actions raise; the caller checks nothing changed."""
        state, rnd = self.state, self.rnd
        to_act = state.to_act
        known = list(self.seen.values())
        if not to_act:
            for seat in self.seats:
                for action in rnd.sample(known, min(3, len(known))):
                    with pytest.raises(GameOver):
                        state.apply(seat, action)
            return
        actor = rnd.choice(to_act)
        legal = state.legal_actions(actor)
        sample = rnd.choice(legal)
        for seat in (-1, state.num_players, True, "0", None):
            with pytest.raises(WrongSeat):
                state.apply(seat, sample)  # type: ignore[arg-type]
        outside = [seat for seat in self.seats if seat not in to_act]
        if outside:
            with pytest.raises(WrongSeat) as info:
                state.apply(rnd.choice(outside), sample)
            assert info.value.code == "wrong_seat"
        for thing in (sample.to_json(), None, "pass", Alien(1), Action()):
            with pytest.raises(MalformedAction):
                state.apply(actor, thing)  # type: ignore[arg-type]
        wire = sample.to_json()
        for bad in (
            [wire],
            {k: v for k, v in wire.items() if k != "type"},
            {**wire, "type": "no-such-action"},
            {**wire, "extra_field": 1},
            *({**wire, k: [v]} for k, v in wire.items() if k != "type"),
        ):
            with pytest.raises(MalformedAction):
                self.game.parse_action(bad)
        candidates = [a for a in known if a not in legal]
        candidates = rnd.sample(candidates, min(3, len(candidates)))
        for wire in _variants_of(sample):
            try:
                action = self.game.parse_action(wire)
            except MalformedAction:
                continue
            if action not in legal:
                candidates.append(action)
        for action in candidates:
            with pytest.raises(IllegalAction) as info:
                state.apply(actor, action)
            error = info.value
            assert type(error) is IllegalAction and error.code == "illegal_action"
            assert repr(action.to_json()) in str(error), f"the message does not quote: {error}"

    def check_determinize(self) -> None:
        state, rnd = self.state, self.rnd
        spectator = state.view(None)
        for seat in (None, *self.seats):
            source = rnd.choice([Rng(rnd.getrandbits(32)), random.Random(rnd.getrandbits(32))])
            twin = state.determinize(seat, source)
            where = f"{self.where()}: determinize({seat})"
            assert twin.determinized and twin.to_act == state.to_act, where
            assert twin.view(None) == spectator, f"{where} changed what a spectator sees"
            if seat is not None:
                assert twin.view(seat) == state.view(seat), f"{where} changed what {seat} sees"
                assert twin.legal_actions(seat) == state.legal_actions(seat), where
            if not self.game.hidden_information:
                assert all(twin.view(s) == state.view(s) for s in self.seats), where
            with pytest.raises(ValueError, match="determinized"):
                twin.record()
            self.check_redeal_depends_only_on_information(seat, twin)
            if twin.to_act:
                random_step(twin, rnd)  # a determinized copy plays on
            twin.check_conservation()

    def check_redeal_depends_only_on_information(self, seat: int | None, twin: Any) -> None:
        """Determinising the state or one of its determinisations gives the same world.

        Fair search rests on this: a bot that samples worlds from what it is
        given decides the same on the true state and on any re-deal of it.
        """
        key = self.rnd.getrandbits(32)
        direct = self.state.determinize(seat, Rng(key))
        again = twin.determinize(seat, Rng(key))
        where = f"{self.where()}: determinize({seat}) of a determinization"
        for viewer in (None, *self.seats):
            assert direct.view(viewer) == again.view(viewer), f"{where}: views of {viewer} differ"
        steps = random.Random(key)
        for _ in range(4):
            if direct.is_over:
                break
            actor = direct.to_act[0]
            assert direct.legal_actions(actor) == again.legal_actions(actor), where
            action = steps.choice(direct.legal_actions(actor))
            direct.apply(actor, action)
            again.apply(actor, action)
            assert all(direct.view(v) == again.view(v) for v in (None, *self.seats)), where

    def check_clone(self, before: dict[str, Any]) -> None:
        state = self.state
        kept = state.clone()
        assert fingerprint(kept) == before
        self.clones.append((kept, before))
        twin = state.clone()
        for _ in range(3):
            if twin.is_over:
                break
            random_step(twin, self.rnd)
        twin.check_conservation()

    def check_replay(self) -> None:
        record = json.loads(json.dumps(self.state.record()))
        again = bodoge.replay(record)
        assert fingerprint(again) == fingerprint(self.state), f"{self.where()}: replay differs"

    def check_end(self) -> None:
        state = self.state
        assert state.is_over and all(state.legal_actions(s) == [] for s in self.seats)
        for seat in (None, *self.seats):
            log = state.log(seat)
            assert len(log) == state.version
            _json_ready(log)
        record = state.record()
        text = json.dumps(record)
        assert json.loads(text) == record
        result = {"scores": list(state.scores), "winners": list(state.winners)}
        if state.stopped:
            assert state.winners == (), f"{self.where()}: a stopped game has a winner"
            result["stopped"] = True
        assert record["result"] == result
        again = bodoge.replay(json.loads(text))
        assert fingerprint(again) == fingerprint(state), f"{self.where()}: replay differs"
        assert (again.scores, again.winners) == (state.scores, state.winners)
        for number, (clone, then) in enumerate(self.clones):
            assert fingerprint(clone) == then, f"{self.case.id}: the clone of step {number} changed"


# ------------------------------------------------------------------ tests


@pytest.mark.parametrize("seed", FAST_SEEDS)
@pytest.mark.parametrize("case", CASE_PARAMS)
def test_random_playout_meets_the_contract(case: Case, seed: int) -> None:
    Playout(case, seed).run()


@pytest.mark.slow
@pytest.mark.parametrize("case", ALL_CASE_PARAMS)
def test_soak(case: Case) -> None:
    for seed in SLOW_SEEDS:
        Playout(case, seed, full_steps=None).run()


@pytest.mark.parametrize("seed", FAST_SEEDS)
@pytest.mark.parametrize("case", CASE_PARAMS)
def test_same_seed_and_actions_same_game_whatever_the_global_random(case: Case, seed: int) -> None:
    played = random_actions(case, seed)
    runs = []
    for global_seed in (1, 2):
        random.seed(global_seed)
        state = case.new_game(seed)
        seen = [fingerprint(state)]
        for seat, action in played:
            random.random()
            untouched = random.getstate()
            state.apply(seat, action)
            state.clone()
            state.determinize(None, seed)
            seen.append(fingerprint(state))
            assert random.getstate() == untouched, f"{case.id}: the game used the global random"
        runs.append(seen)
    assert runs[0] == runs[1]


@pytest.mark.parametrize("game_id", bodoge.game_ids())
def test_game_declares_its_metadata(game_id: str) -> None:
    game = bodoge.get_game(game_id)
    assert game.id == game_id and isinstance(game.title, Text)
    assert game.title.ja and game.title.en and isinstance(game.version, str)
    assert issubclass(game.state_class, State)
    names = [option.name for option in game.options]
    assert len(set(names)) == len(names)
    variants = game.variants()
    assert variants and game.resolve_options(None) in variants
    for options in variants:
        assert game.resolve_options(options) == options
        low, high = game.player_range(options)
        assert 1 <= low <= high
    assert (game.min_players, game.max_players) == game.player_range(game.resolve_options(None))
    _json_ready(game.metadata())
    if game.hidden_information:
        assert game.state_class._redeal is not State._redeal, "hidden information needs _redeal"
    types = game.action_types
    assert len({cls.TYPE for cls in types}) == len(types)
    for cls in types:
        assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
        assert cls.TYPE != Action.TYPE and cls.label is not Action.label, f"{cls}: no ja/en label"


def test_every_registered_game_is_covered() -> None:
    """The quick run has every option set and every player count; the soak run all pairs."""
    covered = {case.game_id for case in CASES}
    assert covered == set(bodoge.game_ids())
    for game_id in bodoge.game_ids():
        game = bodoge.get_game(game_id)
        for options in game.variants():
            low, high = game.player_range(options)
            assert any(c.game_id == game_id and dict(c.options) == options for c in CASES)
            for n in range(low, high + 1):
                assert Case(game_id, n, tuple(options.items())) in ALL_CASES
                assert any(c.game_id == game_id and c.num_players == n for c in CASES)


def test_every_registered_game_declares_its_conservation_check() -> None:
    missing = [
        game_id
        for game_id in bodoge.game_ids()
        if bodoge.get_game(game_id).state_class.check_conservation is State.check_conservation
    ]
    assert not missing, f"these games declare no State.check_conservation: {sorted(missing)}"


def test_real_games_and_toys_are_registered() -> None:
    ids = set(bodoge.game_ids())
    assert set(BUILTIN_IDS) <= ids and set(TOY_IDS) <= ids
    assert all(game_id.startswith("toy-") for game_id in TOY_IDS)
    assert not set(BUILTIN_IDS) & set(TOY_IDS)
