"""The adapters' shared ground: declarations, action ids, view shapes and returns."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping

import pytest

import bodoge
from bodoge.engine import Game, OptionValue, Rng, State
from bodoge.engine.schema import (
    Array,
    Choice,
    Counts,
    Flag,
    Maybe,
    Num,
    Record,
    Seat,
    Seats,
    Seq,
    Skip,
    ViewMismatch,
)
from bodoge.games import egyptian_bride as eb
from bodoge.interop import NotDeclared, declarations
from toys import coop, raid, sealed_bids

np = pytest.importorskip("numpy", reason="the adapters need the rl extra")
encoding = pytest.importorskip("bodoge.interop.encoding")
prepare, returns = encoding.prepare, encoding.returns

Setup = tuple[str, Mapping[str, OptionValue], int]
SEEDS = (0, 1)


def _playout(state: State, rng: random.Random, max_steps: int) -> list[State]:
    """Random play to the end; every state passed through, the first included."""
    seen = [state.clone()]
    for _ in range(max_steps + 1):
        if state.is_over:
            return seen
        seat = state.to_act[rng.randrange(len(state.to_act))]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
        seen.append(state.clone())
    raise AssertionError(f"no end after {max_steps} decisions, the declared maximum")


def test_every_registered_game_declares_what_the_adapters_need() -> None:
    for game_id in bodoge.game_ids():
        game = bodoge.get_game(game_id)
        for options in game.variants():
            low, high = game.player_range(options)
            for players in range(low, high + 1):
                found = declarations(game, options, players)
                assert found.actions and found.max_game_length > 0


def test_a_game_without_declarations_is_refused_by_name() -> None:
    class Undeclared(Game):
        """toy-coop's metadata and rules, without the hooks."""

        id = "toy-undeclared"
        title = coop.Coop.title
        players = coop.Coop.players
        options = coop.Coop.options
        action_types = coop.Coop.action_types
        state_class = coop.Coop.state_class

    with pytest.raises(NotDeclared, match=r"toy-undeclared does not declare Game\.action_space"):
        declarations(Undeclared(), {"difficulty": "easy"}, 1)


def test_declared_spaces_cover_play_and_views_fit_their_shapes(setup: Setup) -> None:
    """Every legal action has an id, every view encodes within bounds, games end in time."""
    game_id, options, players = setup
    prepared = prepare(bodoge.get_game(game_id), options, players)
    table, encoder = prepared.table, prepared.encoder
    for seed in SEEDS:
        state = prepared.game.new_game(players, seed, options)
        for step in _playout(state, random.Random(seed), prepared.declared.max_game_length):
            for seat in step.to_act:
                legal = step.legal_actions(seat)
                ids = table.ids(legal)
                assert [table.action(i) for i in ids] == sorted(legal, key=table.id)
            for viewer in (None, *range(players)):
                vector = encoder.encode(step.view(viewer))
                assert vector.shape == (encoder.size,) and vector.dtype == np.float32
                assert (encoder.low <= vector).all() and (vector <= encoder.high).all()
        assert len(state.events) <= prepared.declared.max_game_length
    assert (encoder.low < encoder.high).all()
    assert len(encoder.slot_names()) == encoder.size


def test_spectator_and_seat_encodings_differ_only_where_views_do() -> None:
    prepared = prepare(bodoge.get_game("toy-sealed-bids"), None, 3)
    state = prepared.game.new_game(3, 4)
    state.apply(1, sealed_bids.Bid(5))
    seen_by = {viewer: prepared.encoder.encode(state.view(viewer)) for viewer in (None, 0, 1)}
    assert not np.array_equal(seen_by[0], seen_by[1])  # seat 1 sees its own bid
    (bid,) = [start for key, start, _ in prepared.encoder.pieces if key == "bid"]
    assert seen_by[None][bid] == seen_by[0][bid] == 0 and seen_by[1][bid] == 1


# -------------------------------------------------------------- action ids


def _fingerprint(table: encoding.ActionTable) -> str:
    wire = encoding.canonical_json([action.to_json() for action in table.actions])
    return hashlib.sha256(wire.encode()).hexdigest()[:16]


@pytest.mark.parametrize(
    ("options", "players", "size", "fingerprint"),
    [
        ({"expansion": False}, 3, 32, "9553af4caff6c5d3"),
        ({"expansion": False}, 5, 32, "9553af4caff6c5d3"),
        ({"expansion": True}, 4, 4451, "1a64adb8bfe32894"),
        ({"expansion": True}, 6, 6653, "0b673693332de9d7"),
    ],
)
def test_egyptian_bride_ids_are_stable(
    options: dict[str, OptionValue], players: int, size: int, fingerprint: str
) -> None:
    """Golden: a change here renumbers every id, so it needs a new game version."""
    table = prepare(bodoge.get_game("egyptian-bride"), options, players).table
    assert len(table) == size
    assert table.actions[:3] == (eb.TakeFaceUp(4), eb.TakeFaceUp(5), eb.TakeFaceUp(6))
    assert _fingerprint(table) == fingerprint


def test_ids_are_the_same_for_every_seat_and_refuse_what_is_not_an_id() -> None:
    table = prepare(bodoge.get_game("toy-raid"), None, 3).table
    assert [table.id(raid.Steal(seat)) for seat in range(3)] == [0, 1, 2]
    assert table.action(np.int64(3)) == raid.UseShield()
    for bad in (-1, len(table), 1.0, "2", None):
        with pytest.raises(ValueError, match="action id"):
            table.action(bad)
    with pytest.raises(match="missing from its declared action space"):
        table.id(raid.Steal(7))
    assert table.mask([raid.Draw(), raid.Done()]).tolist() == [0] * 5 + [1, 0, 0, 0, 0, 1]


# ------------------------------------------------------------------ shapes


def test_shapes_encode_exactly_and_name_their_slots() -> None:
    shape = Record(
        {
            "n": Num(-2, 2),
            "f": Flag(),
            "c": Choice(("a", "b")),
            "s": Seats(3),
            "k": Counts((1, 2), most=3),
            "a": Array(Num(0, 9), 2),
            "q": Seq(Seat(2), most=2),
            "m": Maybe(Num(1, 3)),
            "x": Skip(),
        }
    )
    out: list[float] = []
    shape.encode(
        {
            "n": -1,
            "f": True,
            "c": "b",
            "s": [2, 0],
            "k": [2, 2, 1],
            "a": [3, 4],
            "q": [1],
            "x": [1, 2],
        },
        out,
    )
    assert out == [-1, 1, 0, 1, 1, 0, 1, 1, 2, 3, 4, 1, 0, 1, 0, 0, 0, 0]
    assert shape.size == len(out) == len(shape.slot_names(""))
    assert shape.slot_names("")[:3] == ["n", "f", "c=a"]
    # absent or None: zeros, and 0 always within the bounds of what may be absent
    assert Maybe(Num(1, 3)).bounds() == [(0, 1), (0, 3)]
    assert Seq(Num(4, 6), most=1).bounds() == [(0, 1), (0, 6)]


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ({"a": [1, 2], "b": None, "extra": 1}, "extra: this key is not in the declared shape"),
        ({"b": None}, "a: missing"),
        ({"a": [1, 2, 3], "b": None}, "a: expected a list of 2"),
        ({"a": [1, 12], "b": None}, r"a\.\[1\]: 12 is outside 0\.\.9"),
        ({"a": [1, True], "b": None}, r"a\.\[1\]: expected a number, not True"),
        ({"a": [1, 2], "b": {"c": [0, 0]}}, r"b\.c: \[0, 0\] is not a list of distinct seats"),
    ],
)
def test_a_view_that_does_not_fit_says_where(value: dict[str, object], message: str) -> None:
    shape = Record({"a": Array(Num(0, 9), 2), "b": Maybe(Record({"c": Seats(2)}))})
    with pytest.raises(ViewMismatch, match=message):
        shape.encode(value, [])


def test_shapes_refuse_empty_bounds() -> None:
    with pytest.raises(ValueError, match="low < high"):
        Num(3, 3)
    with pytest.raises(ValueError, match="distinct"):
        Choice(("a", "a"))
    with pytest.raises(ValueError, match="both declare"):
        Record({"a": Flag()}).merged(Record({"a": Flag()}))


# ----------------------------------------------------------------- returns


def _finish(state: State, seed: int) -> State:
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    return state


def test_winners_share_one_and_the_others_get_nothing() -> None:
    state = bodoge.get_game("toy-sealed-bids").new_game(2, 1, {"rounds": 1})
    assert returns(state) == [0.0, 0.0]
    state.apply(0, sealed_bids.Bid(2))
    state.apply(1, sealed_bids.Bid(2))
    assert state.winners == (0, 1) and returns(state) == [0.5, 0.5]
    for seed in range(10):
        finished = _finish(bodoge.get_game("toy-raid").new_game(3, seed), seed)
        values = returns(finished)
        assert sum(values) == pytest.approx(1.0)
        assert [v > 0 for v in values] == [s in finished.winners for s in range(3)]


def test_a_cooperative_group_wins_or_loses_as_one() -> None:
    outcomes = set()
    for seed in range(20):
        finished = _finish(bodoge.get_game("toy-coop").new_game(2, seed), seed)
        outcomes.add(tuple(returns(finished)))
    assert outcomes == {(1.0, 1.0), (0.0, 0.0)}


def test_a_determinized_state_encodes_like_the_original_for_its_seat() -> None:
    prepared = prepare(bodoge.get_game("egyptian-bride"), None, 4)
    state = _finish_partly(prepared.game.new_game(4, 3), 40)
    twin = state.determinize(2, Rng(9))
    assert np.array_equal(
        prepared.encoder.encode(twin.view(2)), prepared.encoder.encode(state.view(2))
    )


def _finish_partly(state: State, steps: int) -> State:
    rng = random.Random(steps)
    for _ in range(steps):
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    return state
