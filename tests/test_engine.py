"""Unit tests of the engine itself: randomness, options, actions, errors, events, records."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from dataclasses import FrozenInstanceError, dataclass
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bodoge
from bodoge.engine import (
    NOTHING,
    RECORD_FORMAT,
    Action,
    BodogeError,
    Event,
    Game,
    GameOver,
    IllegalAction,
    InvalidOptions,
    InvalidRecord,
    MalformedAction,
    Option,
    Outcome,
    Rng,
    State,
    Strategy,
    Text,
    UnknownGame,
    WrongSeat,
    as_rng,
    check_lang,
    copy_plain,
    get_game,
    parse_action,
    parse_record,
    register,
    registry,
    replay,
    resolve_options,
    seat_name,
    unregister,
)
from bodoge.engine.rng import SEED_BITS, check_seed
from bodoge.games.egyptian_bride import Place, StopTaking
from toys import coop, sealed_bids

# ---------------------------------------------------------------- the Rng


def test_rng_golden_sequences() -> None:
    """Pinned outputs: a change here breaks every stored record's replay."""
    rng = Rng(7)
    assert [rng.below(10) for _ in range(8)] == [5, 2, 6, 0, 1, 8, 1, 5]
    rng = Rng(0)
    assert [rng.below(1_000_003) for _ in range(4)] == [885440, 403958, 794772, 933488]
    rng = Rng(2**63 - 1)
    assert [rng.roll(6) for _ in range(10)] == [3, 6, 6, 2, 4, 4, 1, 4, 6, 6]
    cards = list(range(10))
    Rng(42).shuffle(cards)
    assert cards == [7, 3, 2, 8, 5, 6, 9, 4, 0, 1]
    rng = Rng(42)
    assert [rng.randint(-3, 3) for _ in range(8)] == [2, -3, -3, 2, -1, -2, -2, -2]
    assert rng.choice("abcdef") == "f"
    assert rng.seed_for_child() == 6241451104962158503
    rng = Rng(12345)
    assert [rng.below(2**40) for _ in range(2)] == [593537256020, 960208693573]


def _reference_below(mt: random.Random, n: int) -> int:
    bits = n.bit_length()
    while True:
        draw = mt.getrandbits(bits)
        if draw < n:
            return draw


@given(st.integers(0, 2**SEED_BITS - 1), st.lists(st.integers(1, 10**12), max_size=20))
def test_rng_draws_only_from_getrandbits_by_rejection(seed: int, bounds: list[int]) -> None:
    rng, mt = Rng(seed), random.Random(seed)
    for n in bounds:
        assert rng.below(n) == _reference_below(mt, n)
    assert rng.seed_for_child() == mt.getrandbits(SEED_BITS)


@given(st.integers(0, 2**SEED_BITS - 1), st.integers(0, 30))
def test_rng_shuffle_is_a_fisher_yates_permutation(seed: int, size: int) -> None:
    items = list(range(size))
    Rng(seed).shuffle(items)
    mt = random.Random(seed)
    expected = list(range(size))
    for i in range(size - 1, 0, -1):
        j = _reference_below(mt, i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected and sorted(items) == list(range(size))


def test_rng_bounds_and_errors() -> None:
    rng = Rng(3)
    assert {rng.below(1) for _ in range(20)} == {0}
    assert {rng.roll(3) for _ in range(200)} == {1, 2, 3}
    assert {rng.randint(5, 6) for _ in range(200)} == {5, 6}
    for bad in (0, -4):
        with pytest.raises(ValueError, match="positive bound"):
            rng.below(bad)


def test_rng_copy_is_independent_and_in_the_same_position() -> None:
    rng = Rng(11)
    rng.below(100)
    twin, spare = rng.copy(), rng.copy()
    ahead = [twin.below(1000) for _ in range(50)]
    assert [rng.below(1000) for _ in range(50)] == ahead  # same position
    twin.below(1000)  # advancing a copy leaves the others alone
    assert [spare.below(1000) for _ in range(50)] == ahead
    assert [rng.below(10**9) for _ in range(5)] != [twin.below(10**9) for _ in range(5)]


@given(
    st.integers(0, 2**SEED_BITS - 1),
    st.lists(st.tuples(st.booleans(), st.integers(0, 7), st.integers(1, 2**40)), max_size=40),
)
def test_rng_copies_behave_like_eager_copies(
    seed: int, script: list[tuple[bool, int, int]]
) -> None:
    """However copies (lazy or not) are made and drawn from, each is its own generator."""
    rngs, models = [Rng(seed)], [random.Random(seed)]
    for copy, which, bound in script:
        i = which % len(rngs)
        if copy:
            rngs.append(rngs[i].copy())
            model = random.Random()
            model.setstate(models[i].getstate())
            models.append(model)
        else:
            assert rngs[i].below(bound) == _reference_below(models[i], bound)
    for rng, model in zip(rngs, models, strict=True):
        assert rng.seed_for_child() == model.getrandbits(SEED_BITS)


def test_check_seed() -> None:
    assert check_seed(0) == 0
    assert check_seed(2**63 - 1) == 2**63 - 1
    for bad in (True, 1.0, "7", None):
        with pytest.raises(ValueError, match="a seed must be an integer"):
            check_seed(bad)
    for bad in (-1, 2**63, 2**64):
        with pytest.raises(ValueError, match=r"between 0 and 2\*\*63-1"):
            check_seed(bad)
    with pytest.raises(ValueError, match="must be an integer"):
        Rng(False)  # type: ignore[arg-type]


def test_as_rng() -> None:
    rng = Rng(5)
    assert as_rng(rng) is rng
    assert as_rng(9).below(10**9) == Rng(9).below(10**9)
    source = random.Random(4)
    child = as_rng(source)
    expected = random.Random(4).getrandbits(SEED_BITS)
    assert child.below(10**9) == Rng(expected).below(10**9)
    with pytest.raises(ValueError):
        as_rng(-1)


# ---------------------------------------------------------------- options

SHORT = Option("short", Text("短縮", "Short"), default=False)
ROUNDS = Option("rounds", Text("回数", "Rounds"), default=3, minimum=1, maximum=5)
MODE = Option("mode", Text("モード", "Mode"), default="calm", choices=("calm", "wild"))
BONUS = Option(
    "bonus",
    Text("ボーナス", "Bonus"),
    default=1,
    derive=lambda earlier: 2 if earlier["short"] else 1,
    default_text=Text("短縮なら2", "2 in a short game"),
)
DECLARED = (SHORT, ROUNDS, MODE, BONUS)


def test_options_defaults_and_derived_defaults() -> None:
    everything = {"short": False, "rounds": 3, "mode": "calm", "bonus": 1}
    assert resolve_options(DECLARED, None) == everything
    assert resolve_options(DECLARED, {}) == everything
    assert resolve_options(DECLARED, {"short": True})["bonus"] == 2
    assert resolve_options(DECLARED, {"short": True, "bonus": 7})["bonus"] == 7
    resolved = resolve_options(DECLARED, {"mode": "wild", "rounds": 5})
    assert list(resolved) == ["short", "rounds", "mode", "bonus"]
    assert (resolved["mode"], resolved["rounds"]) == ("wild", 5)


def test_egyptian_bride_first_turn_limits_default_follows_the_expansion() -> None:
    game = get_game("egyptian-bride")
    assert game.resolve_options(None) == {"expansion": False, "first_turn_limits": True}
    assert game.resolve_options({"expansion": True})["first_turn_limits"] is False
    assert game.resolve_options({"expansion": True, "first_turn_limits": True}) == {
        "expansion": True,
        "first_turn_limits": True,
    }


def test_unknown_option_names_the_allowed_options() -> None:
    with pytest.raises(InvalidOptions) as info:
        resolve_options(DECLARED, {"rouns": 3})
    assert str(info.value) == "unknown option 'rouns'; this game has: short, rounds, mode, bonus"
    with pytest.raises(InvalidOptions, match="this game has: no options"):
        resolve_options((), {"x": 1})


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"rounds": "3"}, "option 'rounds' cannot be '3'; allowed: integers 1..5"),
        ({"rounds": 0}, "option 'rounds' cannot be 0; allowed: integers 1..5"),
        ({"rounds": 6}, "option 'rounds' cannot be 6; allowed: integers 1..5"),
        ({"rounds": True}, "option 'rounds' cannot be True; allowed: integers 1..5"),
        ({"rounds": 3.0}, "option 'rounds' cannot be 3.0; allowed: integers 1..5"),
        ({"short": 1}, "option 'short' cannot be 1; allowed: true, false"),
        ({"short": "yes"}, "option 'short' cannot be 'yes'; allowed: true, false"),
        ({"mode": "loud"}, "option 'mode' cannot be 'loud'; allowed: 'calm', 'wild'"),
    ],
)
def test_wrong_option_values_name_the_allowed_values(given: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidOptions) as info:
        resolve_options(DECLARED, given)
    assert str(info.value) == message


def test_options_must_be_a_mapping() -> None:
    for bad in (["short"], "short", 3):
        with pytest.raises(InvalidOptions, match="options must be a mapping"):
            resolve_options(DECLARED, bad)  # type: ignore[arg-type]


def test_an_options_samples_replace_its_representative_values() -> None:
    """Samples keep long variants out of the quick tests; each must be an allowed value."""
    sampled = Option(
        "rounds", Text("回数", "Rounds"), default=3, minimum=1, maximum=50, samples=(1, 3)
    )
    assert sampled.values() == (1, 3)
    assert bodoge.get_game("cardiceo").options[2].values() == (1, 3)
    with pytest.raises(InvalidOptions, match="cannot be 99"):
        Option("rounds", Text("回数", "Rounds"), default=3, minimum=1, maximum=50, samples=(99,))


def test_option_values_and_json() -> None:
    assert SHORT.values() == (False, True)
    assert ROUNDS.values() == (1, 3, 5)
    assert MODE.values() == ("calm", "wild")
    assert BONUS.values() == (1,)
    assert ROUNDS.to_json() == {
        "name": "rounds",
        "type": "int",
        "default": 3,
        "title": {"ja": "回数", "en": "Rounds"},
        "help": {"ja": "", "en": ""},
        "minimum": 1,
        "maximum": 5,
    }
    assert MODE.to_json()["choices"] == ["calm", "wild"]
    assert BONUS.to_json()["default_text"] == {"ja": "短縮なら2", "en": "2 in a short game"}


def test_variants_cover_every_representative_combination_once() -> None:
    class Plain(Game):
        id = "test-plain"
        title = Text("試験", "Test")
        players = (2, 3)
        options = DECLARED
        action_types = ()
        state_class = State

    game = Plain()
    variants = game.variants()
    combos = {(v["short"], v["rounds"], v["mode"], v["bonus"]) for v in variants}
    # bonus takes its one listed value (1) everywhere, and its derived default
    # (2 in a short game) in the six short combinations.
    assert len(combos) == len(variants) == 2 * 3 * 2 + 3 * 2
    assert {v["bonus"] for v in variants if v["short"]} == {1, 2}
    assert {v["bonus"] for v in variants if not v["short"]} == {1}
    assert all(game.resolve_options(v) == v for v in variants)
    eb = get_game("egyptian-bride")
    assert len(eb.variants()) == 4


# ---------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Bet(Action):
    TYPE = "bet"
    amount: int


@dataclass(frozen=True, slots=True)
class Flag(Action):
    TYPE = "flag"
    on: bool


@dataclass(frozen=True, slots=True)
class Say(Action):
    TYPE = "say"
    word: str


@dataclass(frozen=True, slots=True)
class Pass(Action):
    TYPE = "pass"


TYPES = (Bet, Flag, Say, Pass)


def test_actions_round_trip_and_are_frozen() -> None:
    for action in (Bet(3), Bet(-2), Flag(True), Say("こんにちは"), Pass()):
        wire = action.to_json()
        assert parse_action(TYPES, wire) == action
        assert parse_action(TYPES, json.loads(json.dumps(wire))) == action
    assert Bet(3).to_json() == {"type": "bet", "amount": 3}
    assert Pass().to_json() == {"type": "pass"}
    assert Bet(3).label() == "bet(amount=3)"
    assert hash(Bet(3)) == hash(Bet(3)) and Bet(3) != Bet(4)
    with pytest.raises(FrozenInstanceError):
        Bet(3).amount = 4  # type: ignore[misc]


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        ([], "an action must be a JSON object, not []"),
        (None, "an action must be a JSON object, not None"),
        ('{"type": "pass"}', 'an action must be a JSON object, not \'{"type": "pass"}\''),
        ({}, "unknown action type None; this game has: bet, flag, pass, say"),
        ({"type": "fold"}, "unknown action type 'fold'; this game has: bet, flag, pass, say"),
        ({"type": ["bet"]}, "unknown action type ['bet']; this game has: bet, flag, pass, say"),
        (
            {"type": "bet"},
            "a 'bet' action has fields ['amount']; missing ['amount'], unexpected []",
        ),
        (
            {"type": "bet", "amount": 1, "x": 2},
            "a 'bet' action has fields ['amount']; missing [], unexpected ['x']",
        ),
        (
            {"type": "pass", "amount": 1},
            "a 'pass' action has fields []; missing [], unexpected ['amount']",
        ),
        ({"type": "bet", "amount": "3"}, "field 'amount' of a 'bet' action must be int, not '3'"),
        ({"type": "bet", "amount": 3.0}, "field 'amount' of a 'bet' action must be int, not 3.0"),
        ({"type": "bet", "amount": True}, "field 'amount' of a 'bet' action must be int, not True"),
        ({"type": "bet", "amount": None}, "field 'amount' of a 'bet' action must be int, not None"),
        ({"type": "flag", "on": 1}, "field 'on' of a 'flag' action must be bool, not 1"),
        ({"type": "say", "word": 5}, "field 'word' of a 'say' action must be str, not 5"),
    ],
)
def test_parse_action_errors(obj: object, message: str) -> None:
    with pytest.raises(MalformedAction) as info:
        parse_action(TYPES, obj)
    assert str(info.value) == message
    assert isinstance(info.value, IllegalAction) and isinstance(info.value, ValueError)
    assert info.value.code == "malformed_action"


def test_game_parse_action_uses_the_games_types() -> None:
    game = get_game("egyptian-bride")
    assert game.parse_action({"type": "place", "number": 7}) == Place(7)
    with pytest.raises(MalformedAction, match="this game has: jealousy, place, stop_taking"):
        game.parse_action({"type": "bet", "amount": 1})


def test_parse_action_mixed_type_extra_keys_is_malformed_not_a_type_error() -> None:
    """Regression: sorting extra keys of mixed types raised TypeError, not MalformedAction."""
    with pytest.raises(MalformedAction):
        parse_action(TYPES, {"type": "bet", "amount": 1, 2: 3, "x": 4})


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)
WIRE_LIKE = st.fixed_dictionaries(
    {"type": st.sampled_from(["bet", "flag", "say", "pass", "nope"])},
    optional={"amount": JSON_VALUES, "on": JSON_VALUES, "word": JSON_VALUES, "x": JSON_VALUES},
)


@given(st.one_of(JSON_VALUES, WIRE_LIKE))
def test_parse_action_accepts_exactly_the_wire_forms(obj: Any) -> None:
    try:
        action = parse_action(TYPES, obj)
    except MalformedAction:
        return
    assert action.to_json() == obj
    assert all(type(obj[k]) is type(v) for k, v in action.to_json().items())


# ----------------------------------------------------------------- errors


def test_error_classes_and_codes() -> None:
    codes = {
        IllegalAction: "illegal_action",
        MalformedAction: "malformed_action",
        WrongSeat: "wrong_seat",
        GameOver: "game_over",
        InvalidOptions: "invalid_options",
        InvalidRecord: "invalid_record",
        UnknownGame: "unknown_game",
    }
    for cls, code in codes.items():
        assert cls.code == code and issubclass(cls, BodogeError)
        assert issubclass(cls, LookupError if cls is UnknownGame else ValueError)
    for cls in (MalformedAction, WrongSeat, GameOver):
        assert issubclass(cls, IllegalAction)
    assert len(set(codes.values())) == len(codes)
    assert bodoge.IllegalAction is IllegalAction and bodoge.InvalidRecord is InvalidRecord


def test_unknown_game() -> None:
    for bad in ("nope", None, ["egyptian-bride"]):
        with pytest.raises(UnknownGame) as info:
            get_game(bad)  # type: ignore[arg-type]
        assert str(info.value).startswith(f"no game {bad!r}; the games are: ")
        assert "egyptian-bride" in str(info.value)
    assert str(UnknownGame()) == "unknown game"


# ----------------------------------------------------------------- events


def test_event_for_seat_hides_a_secret_action_and_private_facts() -> None:
    outcome = Outcome(public={"round": 2}, private={1: {"card": 9}, 2: {"card": 4}}, secret=True)
    event = Event(5, 1, Bet(3), outcome)
    mine = event.for_seat(1)
    assert mine == {
        "index": 5,
        "seat": 1,
        "action": {"type": "bet", "amount": 3},
        "label": "bet(amount=3)",
        "facts": {"round": 2, "card": 9},
    }
    for other in (0, 2, None):
        seen = event.for_seat(other)
        assert seen["action"] is None and seen["label"] is None
        assert seen["facts"] == ({"round": 2, "card": 4} if other == 2 else {"round": 2})
        assert json.loads(json.dumps(seen)) == seen
    shown = Event(0, 0, Bet(1), Outcome(public={"x": 1})).for_seat(None)
    assert shown["action"] == {"type": "bet", "amount": 1} and shown["facts"] == {"x": 1}
    assert Outcome() == NOTHING and not NOTHING.secret


def test_secret_commitments_stay_out_of_others_logs_until_revealed() -> None:
    state = get_game("toy-sealed-bids").new_game(2, 3, {"rounds": 1})
    state.apply(1, sealed_bids.Bid(4))
    assert state.log(1)[0]["action"] == {"type": "bid", "amount": 4}
    assert state.log(0)[0]["action"] is None and state.log(None)[0]["action"] is None
    assert state.view(0)["players"][1]["committed"] is True and state.view(0)["bid"] is None
    state.apply(0, sealed_bids.Bid(2))
    assert state.log(None)[1]["facts"]["bids"] == [2, 4]
    assert state.is_over and state.winners == (1,)


# ------------------------------------------------------------ game and state


def test_new_game_refuses_bad_player_counts_naming_the_range() -> None:
    game = get_game("egyptian-bride")
    with pytest.raises(InvalidOptions) as info:
        game.new_game(2)
    assert "takes 3–5 players" in str(info.value) and str(info.value).endswith("not 2")
    with pytest.raises(InvalidOptions, match="takes 4–6 players"):
        game.new_game(3, options={"expansion": True})
    for bad in (True, 4.0, "4"):
        with pytest.raises(InvalidOptions, match="number of players must be an integer"):
            game.new_game(bad)  # type: ignore[arg-type]
    assert game.new_game(options={"expansion": True}).num_players == 4
    assert (game.min_players, game.max_players) == (3, 5)


def test_new_game_refuses_bad_seeds_and_draws_one_when_missing() -> None:
    game = get_game("egyptian-bride")
    for bad in (-1, 2**63, "1", 1.5, False):
        with pytest.raises(InvalidOptions, match="a seed must be"):
            game.new_game(3, bad)  # type: ignore[arg-type]
    state = game.new_game(3)
    assert 0 <= state.seed < 2**63 and state.record()["seed"] == state.seed


def test_apply_errors_name_the_input_and_the_situation() -> None:
    game = get_game("egyptian-bride")
    state = game.new_game(3, 7)
    legal = state.legal_actions(0)
    with pytest.raises(WrongSeat) as wrong:
        state.apply(1, legal[0])
    assert str(wrong.value) == (f"P2 cannot act now ({legal[0].to_json()!r}); waiting for P1")
    with pytest.raises(WrongSeat, match="no seat 3 in a 3-player game"):
        state.apply(3, legal[0])
    with pytest.raises(WrongSeat, match=r"a seat is a number 0\.\.2, not '0'"):
        state.apply("0", legal[0])  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="you have no 99 in your hand"):
        state.apply(0, Place(99))
    with pytest.raises(MalformedAction, match="is not an action of egyptian-bride"):
        state.apply(0, Bet(1))
    assert state.version == 0 and state.legal_actions(0) == legal
    assert state.legal_actions(1) == [] and state.legal_actions(99) == []


def test_illegal_action_lists_at_most_eight_legal_actions() -> None:
    state = get_game("egyptian-bride").new_game(3, 4)
    rnd = random.Random(4)
    while len(state.legal_actions(state.to_act[0])) <= 8 or state.view(None)["taking"]:
        seat = state.to_act[0]
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, StopTaking())  # not taking cards now
    message = str(info.value)
    shown = "; ".join(action.label() for action in legal[:8])
    assert message.endswith(f"the legal actions are: {shown}; and {len(legal) - 8} more")
    quoted = "({'type': 'stop_taking'})"
    assert message.startswith(f"{seat_name(seat)} cannot Stop taking cards {quoted}: ")


def test_game_over_refuses_every_action() -> None:
    state = get_game("toy-coop").new_game(1, 0, {"difficulty": "easy"})
    while not state.is_over:
        state.apply(0, coop.Brace())
    assert state.winners == () and state.to_act == ()
    with pytest.raises(GameOver, match="the game is over"):
        state.apply(0, coop.Build())
    with pytest.raises(WrongSeat):
        state.apply(1, coop.Build())


def test_view_header_and_seat_checks() -> None:
    state = get_game("egyptian-bride").new_game(3, 7)
    view = state.view(None)
    keys = ("game", "seat", "num_players", "version", "to_act", "is_over")
    assert {k: view[k] for k in keys} == {
        "game": "egyptian-bride",
        "seat": None,
        "num_players": 3,
        "version": 0,
        "to_act": [0],
        "is_over": False,
    }
    assert "scores" not in view and "winners" not in view
    for bad in (3, -1, True, "1"):
        with pytest.raises(WrongSeat):
            state.view(bad)  # type: ignore[arg-type]


def test_clone_and_determinize() -> None:
    state = get_game("toy-raid").new_game(3, 5)
    before = [state.view(seat) for seat in (None, 0, 1, 2)]
    twin = state.clone()
    twin.apply(0, twin.legal_actions(0)[-1])  # discard a card: a step of a compound decision
    assert twin.view(None)["picking"] and not state.view(None)["picking"]
    assert [state.view(seat) for seat in (None, 0, 1, 2)] == before
    for source in (1, random.Random(1), Rng(1)):
        guess = state.determinize(0, source)
        assert guess.determinized and not state.determinized
        assert guess.view(0) == state.view(0)
        with pytest.raises(ValueError, match="determinized state has no record"):
            guess.record()
    with pytest.raises(WrongSeat):
        state.determinize(3, 1)
    hidden = {json.dumps(state.determinize(0, seed).hands) for seed in range(20)}
    assert len(hidden) > 1, "determinize(0) never re-dealt the others' hands"


def test_determinize_reseeds_future_chance() -> None:
    state = get_game("toy-coop").new_game(1, 9)
    futures = set()
    for seed in range(20):
        guess = state.determinize(None, seed)
        guess.apply(0, coop.Build())
        futures.add(guess.rolls[0])
    assert len(futures) > 1


def test_clone_copies_containers_of_any_values() -> None:
    """The fast copy (marshal) and the fallback for values it refuses both make deep copies."""
    for card in (7, Rng(3)):  # an int marshals; an Rng (any object) takes the slower path
        state = get_game("toy-raid").new_game(3, 5)
        state.hands[0].append(card)  # type: ignore[attr-defined]
        twin = state.clone()
        twin.hands[0].pop()  # type: ignore[attr-defined]
        assert state.hands[0][-1] is card  # type: ignore[attr-defined]
        assert twin.hands is not state.hands  # type: ignore[attr-defined]
        assert twin.hands[1] == state.hands[1] and twin.hands[1] is not state.hands[1]  # type: ignore[attr-defined]


def test_copy_plain() -> None:
    inner = [1, 2]
    data = {"a": [inner, {3}], "b": {"c": [4]}, "t": (inner,)}
    copied = copy_plain(data)
    assert copied == data
    assert copied["a"] is not data["a"] and copied["a"][0] is not inner
    assert copied["a"][1] is not data["a"][1] and copied["b"]["c"] is not data["b"]["c"]
    assert copied["t"] is data["t"]  # tuples are immutable containers: shared


# ---------------------------------------------------------------- records


def _finished_record() -> dict[str, Any]:
    state = get_game("egyptian-bride").new_game(3, 11)
    rnd = random.Random(11)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    return json.loads(json.dumps(state.record()))


def _midgame_record() -> dict[str, Any]:
    state = get_game("egyptian-bride").new_game(4, 2, {"expansion": True})
    for _ in range(10):
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    return json.loads(json.dumps(state.record()))


def test_records_replay_exactly() -> None:
    for record in (_finished_record(), _midgame_record()):
        state = replay(record)
        assert state.record() == record
        assert set(record) == {
            "format",
            "game",
            "game_version",
            "options",
            "num_players",
            "seed",
            "actions",
            *(["result"] if state.is_over else []),
        }
        assert record["format"] == RECORD_FORMAT
    assert replay({**_midgame_record(), "meta": {"table": "x"}}).version == 10


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(record: dict[str, Any]) -> None:
        record[key] = value

    return change


def _set_action(index: int, part: int, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(record: dict[str, Any]) -> None:
        record["actions"][index][part] = value

    return change


def _other_winners(record: dict[str, Any]) -> None:
    winners = record["result"]["winners"]
    record["result"]["winners"] = [seat for seat in range(3) if [seat] != winners]


def _actions_as_dict(record: dict[str, Any]) -> None:
    record["actions"] = {str(i): entry for i, entry in enumerate(record["actions"])}


TAMPERINGS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("format", _set("format", "bodoge-record/0"), "unsupported record format 'bodoge-record/0'"),
    ("unknown game", _set("game", "no-such-game"), "no game 'no-such-game'"),
    ("game as list", _set("game", ["egyptian-bride"]), "'game' must be a game id"),
    ("game_version", _set("game_version", "0"), "version '0' of egyptian-bride's rules"),
    (
        "incomplete options",
        lambda r: r["options"].pop("first_turn_limits"),
        "options are incomplete",
    ),
    ("options as list", _set("options", [["expansion", False]]), "options must be a mapping"),
    ("unknown option", lambda r: r["options"].update(colour=True), "unknown option 'colour'"),
    ("bad seed", _set("seed", -3), "bad set-up: a seed must be between"),
    ("seed as text", _set("seed", "11"), "bad set-up: a seed must be an integer"),
    ("bool seed", _set("seed", True), "bad set-up: a seed must be an integer"),
    ("too many players", _set("num_players", 9), "egyptian-bride takes 3–5 players"),
    ("players as text", _set("num_players", "3"), "number of players must be an integer"),
    (
        "tampered action",
        _set_action(0, 1, {"type": "place", "number": 13}),
        "action 0 {'type': 'place', 'number': 13} by P1: P1 cannot",
    ),
    ("malformed action", _set_action(3, 1, {"type": "place"}), "action 3 {'type': 'place'}"),
    ("wrong seat", _set_action(0, 0, 1), "action 0 "),
    ("seat as text", _set_action(0, 0, "0"), "action 0: the seat must be a number 0..2, not '0'"),
    ("entry not a pair", lambda r: r["actions"][2].pop(), "action 2: expected [seat, action]"),
    (
        "entry as dict",
        lambda r: r["actions"].__setitem__(2, {"seat": 0}),
        "action 2: expected [seat, action]",
    ),
    (
        "action after the end",
        lambda r: r["actions"].append([0, {"type": "stop_taking"}]),
        "the game is over",
    ),
    ("truncated actions", lambda r: r["actions"].pop(), "does not match the replay"),
    ("tampered result", _other_winners, "does not match the replay"),
    (
        "tampered scores",
        lambda r: r["result"]["scores"].__setitem__(0, r["result"]["scores"][0] + 1),
        "does not match the replay",
    ),
    ("float seed", _set("seed", 11.0), "bad set-up: a seed must be an integer, not 11.0"),
    ("huge seed", _set("seed", 10**5000), "not <an integer of about 5001 digits>"),
    ("bool players", _set("num_players", True), "number of players must be an integer, not True"),
    ("float players", _set("num_players", 3.0), "number of players must be an integer, not 3.0"),
    ("huge players", _set("num_players", 10**5000), "<an integer of about 5001 digits> players"),
    ("bool seat", _set_action(0, 0, True), "action 0: the seat must be a number 0..2, not True"),
    ("float seat", _set_action(0, 0, 0.0), "action 0: the seat must be a number 0..2, not 0.0"),
    ("huge seat", _set_action(0, 0, 10**5000), "not <an integer of about 5001 digits>"),
    ("negative seat", _set_action(0, 0, -1), "action 0: the seat must be a number 0..2, not -1"),
    ("float field", _set_action(0, 1, {"type": "place", "number": 13.0}), "must be int, not 13.0"),
    ("NaN field", _set_action(0, 1, {"type": "place", "number": math.nan}), "not nan"),
    ("deep action", _set_action(0, 1, [[[[[[[[["deep"]]]]]]]]]), "action 0 [[[[...]]]] by P1"),
    ("long action type", _set_action(0, 1, {"type": "x" * 10**6}), "unknown action type"),
    ("too many actions", lambda r: r["actions"].extend(r["actions"] * 20), "has at most"),
    ("result as text", _set("result", "won"), "the recorded result 'won' does not match"),
    ("actions as dict", _actions_as_dict, "'actions' must be a list"),
    ("actions as text", lambda r: r.update(actions=json.dumps(r["actions"])), "must be a list"),
    ("missing key", lambda r: r.pop("seed"), "missing ['seed']"),
    ("unknown key", _set("comment", "hi"), "unknown ['comment']"),
]


@pytest.mark.parametrize(
    ("change", "message"), [t[1:] for t in TAMPERINGS], ids=[t[0] for t in TAMPERINGS]
)
def test_replay_refuses_malformed_and_tampered_records(
    change: Callable[[dict[str, Any]], None], message: str
) -> None:
    record = _finished_record()
    replay(record)  # the untouched record is fine
    change(record)
    with pytest.raises(InvalidRecord) as info:
        replay(record)
    assert message in str(info.value)
    assert isinstance(info.value, ValueError) and info.value.code == "invalid_record"
    assert len(str(info.value)) <= 400 and "\n" not in str(info.value), "one short line"


def test_the_printed_games_longest_does_not_bound_a_record_with_other_design_values(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The declared longest game is the printed game's; other design values may last longer."""
    state = bodoge.get_game("hoarders").new_game(3, seed=5, design={"winning_set": 7})
    rnd = random.Random(5)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    record = state.record()
    from bodoge.games.hoarders import spaces

    monkeypatch.setattr(spaces, "max_game_length", lambda options, num_players: 3)
    assert replay(record).scores == state.scores
    printed = {key: value for key, value in record.items() if key != "design"}
    with pytest.raises(InvalidRecord, match="has at most 3"):
        replay({**printed, "actions": record["actions"][:4]})


HOSTILE_TEXTS = [
    ("seed of 5,000 digits", lambda r: r.replace('"seed": 11', '"seed": ' + "9" * 5000)),
    (
        "players of 5,000 digits",
        lambda r: r.replace('"num_players": 3', '"num_players": 1' + "0" * 4999),
    ),
    ("nested 100,000 deep", lambda r: "[" * 100_000 + "]" * 100_000),
    ("objects nested 100,000 deep", lambda r: '{"a": ' * 100_000 + "1" + "}" * 100_000),
    ("nested in a seat", lambda r: r.replace("[[0, {", "[[" + "[" * 30 + "]" * 30 + ", {", 1)),
    ("NaN seed", lambda r: r.replace('"seed": 11', '"seed": NaN')),
    ("Infinity seed", lambda r: r.replace('"seed": 11', '"seed": -Infinity')),
    ("seed out of float range", lambda r: r.replace('"seed": 11', '"seed": 1e999')),
    ("cut short", lambda r: r[: len(r) // 2]),
    ("empty", lambda r: ""),
]


@pytest.mark.parametrize("change", [t[1] for t in HOSTILE_TEXTS], ids=[t[0] for t in HOSTILE_TEXTS])
def test_parse_record_refuses_hostile_text(change: Callable[[str], str]) -> None:
    """Regression: a 4,301-digit number raised ``ValueError`` and deep nesting
    ``RecursionError`` out of ``json.loads``, so ``bodoge replay`` showed a traceback."""
    text = json.dumps(_finished_record())
    assert replay(parse_record(text)).is_over and parse_record(text.encode()) == json.loads(text)
    with pytest.raises(InvalidRecord) as info:
        replay(parse_record(change(text)))
    assert len(str(info.value)) <= 200 and "\n" not in str(info.value), "one short line"


def test_parse_record_refuses_text_too_long_or_not_utf8(monkeypatch: pytest.MonkeyPatch) -> None:
    text = json.dumps(_finished_record())
    with pytest.raises(InvalidRecord, match="not UTF-8"):
        parse_record(b'{"game": "\xff"}')
    monkeypatch.setattr(registry, "MAX_RECORD_CHARS", len(text) - 1)
    with pytest.raises(InvalidRecord, match="longer than"):
        parse_record(text)


def test_replay_refuses_what_is_not_a_record() -> None:
    for bad in (None, [], "record", list(_finished_record().items())):
        with pytest.raises(InvalidRecord, match="a record is a JSON object"):
            replay(bad)  # type: ignore[arg-type]


def test_replay_refuses_a_result_for_an_unfinished_game() -> None:
    record = _midgame_record()
    record["result"] = {"scores": [0, 0, 0, 0], "winners": []}
    with pytest.raises(InvalidRecord, match="does not match the replay"):
        replay(record)


def test_replay_refuses_a_record_without_a_player_count() -> None:
    """Regression: ``new_game`` reads a null player count as "the default", so such a
    record replayed as a different game instead of being refused."""
    record = _midgame_record()
    record["num_players"] = None
    with pytest.raises(InvalidRecord, match="number of players must be an integer"):
        replay(record)


@pytest.mark.parametrize("odd", [True, 1.0], ids=["bool", "float"])
def test_checked_apply_keeps_records_replayable_whatever_the_field_types(odd: Any) -> None:
    """Regression: ``Bid(True) == Bid(1)`` and ``Bid(1.0) == Bid(1)``, so the checked
    path accepted an action whose wire form ``parse_action`` refuses, and the
    record no longer replayed.  Refusing it or storing the legal twin are both fine."""
    state = get_game("toy-sealed-bids").new_game(2, 1)
    try:
        state.apply(0, sealed_bids.Bid(odd))
    except IllegalAction:
        return  # refusing it is one correct answer
    assert type(state.view(0)["bid"]) is int
    replay(json.loads(json.dumps(state.record())))


def test_record_of_a_determinized_state_is_refused() -> None:
    state = get_game("egyptian-bride").new_game(3, 1)
    with pytest.raises(ValueError, match="determinized state has no record"):
        state.determinize(1, 5).record()
    with pytest.raises(ValueError, match="determinized state has no record"):
        state.determinize(None, 5).clone().record()
    assert state.record()["actions"] == []


# --------------------------------------------------------------- registry


def test_register_and_unregister() -> None:
    class Other(type(get_game("toy-coop"))):  # type: ignore[misc]
        pass

    original = get_game("toy-coop")
    assert register(original) is original  # registering the same game again is fine
    with pytest.raises(ValueError, match="a different game is already registered as 'toy-coop'"):
        register(Other())
    assert get_game("toy-coop") is original

    class Extra(Other):
        id = "test-extra"

    extra = register(Extra())
    try:
        assert "test-extra" in bodoge.game_ids() and get_game("test-extra") is extra
    finally:
        unregister("test-extra")
    assert "test-extra" not in bodoge.game_ids()
    unregister("test-extra")  # a second time is harmless
    assert bodoge.game_ids() == sorted(bodoge.game_ids())


def test_a_game_that_forgets_a_declared_hook_fails_naming_game_and_hook() -> None:
    class Forgetful(Game):
        id = "test-forgetful"
        title = coop.Coop.title
        players = coop.Coop.players
        options = coop.Coop.options
        action_types = coop.Coop.action_types
        state_class = coop.Coop.state_class

    game = Forgetful()
    options = game.resolve_options(None)
    assert game.new_game(1, 3).legal_actions(0)  # playable, but undeclared
    for hook in ("action_space", "view_schema", "score_range", "max_game_length"):
        with pytest.raises(NotImplementedError, match=rf"test-forgetful .*Game\.{hook}\("):
            getattr(game, hook)(options, 1)


# ------------------------------------------------------------------- text


def test_text_and_languages(monkeypatch: pytest.MonkeyPatch) -> None:
    text = Text("{n}枚", "{n} cards").format(n=3)
    assert (text("ja"), text("en"), text()) == ("3枚", "3 cards", "3 cards")
    assert text.to_json() == {"ja": "3枚", "en": "3 cards"}
    assert check_lang("ja") == "ja"
    monkeypatch.setenv("BODOGE_LANG", "ja")
    assert check_lang(None) == "ja"
    monkeypatch.delenv("BODOGE_LANG")
    assert check_lang(None) == "en"
    with pytest.raises(ValueError, match="unknown language 'fr'; choose one of ja, en"):
        check_lang("fr")
    assert (seat_name(0), seat_name(4, "ja")) == ("P1", "P5")


# ------------------------------------------------- legality is the legal list


@given(st.integers(0, 2**20), st.integers(0, 3), st.integers(-3, 8))
def test_an_action_is_accepted_exactly_when_it_is_legal(seed: int, steps: int, amount: int) -> None:
    state = get_game("toy-sealed-bids").new_game(3, seed, {"rounds": 5})
    rnd = random.Random(seed)
    for _ in range(steps):
        seat = rnd.choice(state.to_act)
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    seat = rnd.choice(state.to_act)
    action = sealed_bids.Bid(amount)
    legal = action in state.legal_actions(seat)
    before = json.dumps([state.view(s) for s in (None, 0, 1, 2)])
    try:
        state.apply(seat, action)
    except IllegalAction:
        assert not legal
        assert json.dumps([state.view(s) for s in (None, 0, 1, 2)]) == before
    else:
        assert legal


def test_a_strategy_plays_forced_moves_itself_and_decides_the_rest() -> None:
    class Undecided(Strategy):
        pass

    state = get_game("egyptian-bride").new_game(3, 1)
    (seat,) = state.to_act
    assert len(state.legal_actions(seat)) > 1
    with pytest.raises(NotImplementedError, match="Undecided must write values"):
        Undecided(1).choose(state, seat)
    only = state.legal_actions(seat)[0]

    class OneChoice:  # all a strategy asks of a state
        def legal_actions(self, seat: int) -> list[Action]:
            return [only]

    assert Undecided(1).choose(OneChoice(), seat) == only  # type: ignore[arg-type]
    assert repr(Undecided(7)).endswith("Undecided(seed=7)")


def test_a_strategy_mixes_among_near_equal_moves_and_errs_with_a_temperature() -> None:
    """Copies of one strategy must not all want the same move (the bot ladder's collisions):
    moves within ``near`` of the best share the probability; a temperature keeps some for
    worse moves, fewer the worse they are; ``policy`` is the distribution that is drawn from."""

    class Graded(Strategy):
        near = 0.5

        def values(self, state: State, seat: int, legal: list[Action]) -> list[float]:
            return [0.0, 2.8, 3.0, *[-10.0] * (len(legal) - 3)]

    state = get_game("egyptian-bride").new_game(3, 1)
    (seat,) = state.to_act
    legal = state.legal_actions(seat)
    assert len(legal) >= 4
    normal = dict(Graded(1).policy(state, seat))
    assert normal[legal[1]] == normal[legal[2]] == 0.5
    assert normal[legal[0]] == normal[legal[3]] == 0.0
    picks = {Graded(seed).choose(state, seat) for seed in range(40)}
    assert picks == {legal[1], legal[2]}
    easy = [p for _, p in Graded(1, temperature=1.0).policy(state, seat)]
    assert sum(easy) == pytest.approx(1.0)
    assert easy[2] > easy[0] > easy[3] > 0
    assert "temperature=1.0" in repr(Graded(7, temperature=1.0))


def test_a_record_may_name_its_players_and_the_names_change_nothing() -> None:
    state = bodoge.get_game("toy-sealed-bids").new_game(2, seed=3)
    record = {**state.record(), "players": ["Alice", "Bot 2"]}
    assert bodoge.replay(record).view(None) == state.view(None)
    for bad in (["Alice"], ["Alice", ""], ["Alice", 2], "Alice,Bob", ["A", "B" * 81]):
        with pytest.raises(InvalidRecord, match="'players' must list 2 names"):
            bodoge.replay({**record, "players": bad})


def test_clones_copy_exactly_the_fields_annotated_as_containers() -> None:
    """No hand-kept list: ``State._copied`` is derived from the class annotations."""
    from bodoge.engine.state import container_fields

    state = bodoge.get_game("hoarders").new_game(3, seed=1)
    assert type(state)._copied == container_fields(type(state))
    assert {"deck", "nuts", "face_down"} <= set(type(state)._copied)
    twin = state.clone()
    twin.deck.pop()  # type: ignore[attr-defined]
    twin.nuts[0][0] += 1  # type: ignore[attr-defined]
    assert len(state.deck) == len(twin.deck) + 1  # type: ignore[attr-defined]
    assert state.nuts[0][0] + 1 == twin.nuts[0][0]  # type: ignore[attr-defined]


def test_an_article_before_a_number_follows_how_it_is_read() -> None:
    text = Text("「{n}」を{k}枚", "A {n} and a {k:>2} and a {name}, a {s}")
    assert text.format(n=8, k=11, name="egg", s="8")("en") == "An 8 and an 11 and a egg, a 8"
    assert text.format(n=7, k=18, name="x", s="")("en") == "A 7 and an 18 and a x, a "
    assert text.format(n=True, k=100, name="x", s="")("en").startswith("A True and a 100")
    assert text.format(n=8, k=11, name="x", s="")("ja") == "「8」を11枚"
