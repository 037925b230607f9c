"""Search hints: declared in a game's own package, read only by the bots, checked."""

from __future__ import annotations

import types

import pytest

import bodoge
from bodoge.bots import BadBotSpec, ISMCTSBot, make_bot, search_hints
from bodoge.bots.hints import SearchHints, _hints_of, hints_module, running_scores
from bodoge.engine import Game
from bodoge.games import BUILTIN_IDS


def test_the_engine_keeps_no_search_tuning() -> None:
    for name in ("heuristic_playouts", "search_horizon", "search_margin", "estimate"):
        assert not hasattr(Game, name), f"Game.{name} is a search hint: it belongs in hints.py"


@pytest.mark.parametrize("game_id", BUILTIN_IDS)
def test_every_games_hints_are_valid(game_id: str) -> None:
    game = bodoge.get_game(game_id)
    hints = search_hints(game)
    assert isinstance(hints, SearchHints)
    module = hints_module(game)
    if module is not None:
        assert module.__name__ == type(game).__module__.rpartition(".")[0] + ".hints"
    bot = make_bot("ismcts", game, seed=1)
    assert isinstance(bot, ISMCTSBot)
    assert (bot.horizon, bot.margin, bot.estimate) == (hints.horizon, hints.margin, hints.estimate)
    assert bot.belief == hints.belief
    assert (bot.rollout is None) == (hints.playouts == "random")


def test_a_game_without_hints_gets_the_defaults() -> None:
    game = bodoge.get_game("toy-raid")
    assert hints_module(game) is None
    assert search_hints(game) == SearchHints()
    assert search_hints(game).estimate is running_scores


def _module(**names: object) -> types.ModuleType:
    module = types.ModuleType("somewhere.hints")
    vars(module).update(names)
    return module


@pytest.mark.parametrize(
    ("names", "message"),
    [
        ({"HORIZN": 3}, r"declare \['HORIZN'\]; the bots read PLAYOUTS, HORIZON, MARGIN"),
        ({"PLAYOUTS": "smart"}, "PLAYOUTS must be one of"),
        ({"REVIEW_PLAYOUTS": "strong"}, "REVIEW_PLAYOUTS must be one of"),
        ({"HORIZON": -1}, "HORIZON must be an int ≥ 0"),
        ({"HORIZON": True}, "HORIZON must be an int ≥ 0"),
        ({"MARGIN": "2"}, "MARGIN must be a number ≥ 0"),
        ({"estimate": 3}, "estimate must be a function"),
        ({"BELIEF": 1.5}, r"BELIEF must be a number in \[0, 1\]"),
        ({"BELIEF": True}, r"BELIEF must be a number in \[0, 1\]"),
    ],
)
def test_a_bad_or_misspelt_hint_is_an_error(names: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        _hints_of("some-game", _module(**names))


def test_noise_is_learnt_by_default_or_fixed_by_a_number() -> None:
    game = bodoge.get_game("egyptian-bride")
    learnt, fixed = make_bot("ismcts", game, seed=1), make_bot("ismcts:noise=0.2", game, seed=1)
    assert isinstance(learnt, ISMCTSBot) and isinstance(fixed, ISMCTSBot)
    assert learnt.noise is None and fixed.noise == 0.2
    assert make_bot("ismcts:noise=LEARN", game, seed=1).noise is None  # type: ignore[attr-defined]
    for bad in ("ismcts:noise=often", "ismcts:noise=1.5"):
        with pytest.raises(BadBotSpec, match=r"a number ≥ 0\.0 and ≤ 1\.0, or learn"):
            make_bot(bad, game, seed=1)
    for gone in ("ismcts:adapt=false", "ismcts:opponents=policy"):
        with pytest.raises(BadBotSpec, match="has no parameter"):
            make_bot(gone, game, seed=1)
    with pytest.raises(ValueError, match="noise"):
        ISMCTSBot(seed=1, noise=2.0)


def test_the_belief_is_the_games_unless_the_spec_says() -> None:
    """``belief=auto`` takes the game's ``BELIEF``; a number overrides it, in ``strong`` too."""
    game = bodoge.get_game("egyptian-bride")
    declared = search_hints(game).belief
    for spec, belief in (
        ("ismcts", declared),
        ("ismcts:belief=0", 0.0),
        ("strong:iterations=10,belief=0.5", 0.5),
        ("strong", declared),
    ):
        bot = make_bot(spec, game, seed=1)
        assert isinstance(bot, ISMCTSBot) and bot.belief == belief, spec
    with pytest.raises(BadBotSpec, match=r"belief.*≤ 1\.0, or auto"):
        make_bot("strong:belief=2", game, seed=1)
