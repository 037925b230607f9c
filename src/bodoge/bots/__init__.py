"""Bots that play every game through the public contract.

>>> import bodoge
>>> from bodoge.bots import make_bot
>>> game = bodoge.get_game("egyptian-bride")
>>> state = game.new_game(3, seed=2)
>>> bot = make_bot("random", game, seed=9)
>>> bot.choose(state, 0) in state.legal_actions(0)
True

Bots are named by spec strings (see :mod:`bodoge.bots.spec`).  A new kind
of bot registers a :class:`BotType` with :func:`register_bot`; game-specific
bots (a game's heuristic bot) are reached through the ``game`` argument
their factory receives.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..engine import Game, Text
from .base import Bot, NoLegalAction
from .hints import SearchHints, search_hints
from .ismcts import ISMCTSBot
from .levels import EASY_TEMPERATURE, Slipping, easy_bot
from .random_bot import RandomBot
from .spec import (
    AUTO,
    BadBotSpec,
    BotFactory,
    BotSpec,
    BotType,
    Param,
    ParamValue,
    bot_names,
    bot_type,
    describe_bots,
    expand_bot_specs,
    make_bot,
    parse_bot_spec,
    register_bot,
    split_bot_specs,
    unregister_bot,
)


def _random(game: Game, seed: int, params: Mapping[str, ParamValue]) -> Bot:
    del game, params
    return RandomBot(seed)


RANDOM = register_bot(
    BotType("random", Text("合法手から一様に無作為に選ぶ", "uniformly random legal moves"), _random)
)


def _strategy(game: Game, seed: int, temperature: float = 0.0) -> Bot:
    bot = game.heuristic_bot(seed, temperature)
    if bot is None:
        raise BadBotSpec(f"{game.id} has no heuristic bot yet; try 'random' or 'strong'")
    return bot


def _heuristic(game: Game, seed: int, params: Mapping[str, ParamValue]) -> Bot:
    del params
    return _strategy(game, seed)


HEURISTIC = register_bot(
    BotType("heuristic", Text("ゲームごとの戦略に従う", "the game's own strategy"), _heuristic)
)


BELIEF = Param(
    "belief",
    AUTO,
    Text(
        "他の席の指し手から隠れた札を読む強さ（0なら読まず一様に配り直す。1はベイズの規則どおり。"
        "auto ならゲームの指定）",
        "how much the others' moves weigh the hidden cards the search deals (0: uniform "
        "re-deals; 1: Bayes' rule with the opponent model; auto: as the game declares)",
    ),
    0.0,
    1.0,
    numeric=float,
)
"""Shared by ``ismcts`` and ``strong``: see :class:`~.belief.Belief`."""

MATRIX = Param(
    "matrix",
    0,
    Text(
        "1なら、同時の秘密の選択を行列ゲームとして探索し、協力ゲームの相棒をその戦略どおりに"
        "指させる（測定中のため既定は0）",
        "1: search secret choices made at once as matrix games and play a co-operative "
        "partner by its strategy (being measured, so 0 by default)",
    ),
    0,
    1,
    numeric=int,
)
"""Shared by ``ismcts`` and ``strong``: see :mod:`.simultaneous`."""

LEARN = "learn"
"""The value of ``ismcts:noise`` that learns each other seat's randomness from its moves."""


def _ismcts(game: Game, seed: int, params: Mapping[str, ParamValue]) -> Bot:
    hints = search_hints(game)
    rollout: Bot | None = None
    if params["rollout"] == "heuristic":
        rollout = _heuristic(game, seed ^ 0x5EED, {})
    elif params["rollout"] == "auto" and hints.playouts == "heuristic":
        rollout = game.heuristic_bot(seed ^ 0x5EED)  # the game's own strategy, if it has one
    seconds = float(params["seconds"])
    prior = float(params["prior"])
    return ISMCTSBot(
        seed,
        iterations=int(params["iterations"]),
        seconds=seconds if seconds > 0 else None,
        exploration=float(params["c"]),
        rollout=rollout,
        noise=None if params["noise"] == LEARN else float(params["noise"]),
        horizon=hints.horizon if params["horizon"] == AUTO else int(params["horizon"]),
        prior=prior,
        advisor=game.heuristic_bot(seed ^ 0xAD7153) if prior else None,
        margin=hints.margin if params["margin"] == AUTO else float(params["margin"]),
        estimate=hints.estimate,
        belief=hints.belief if params["belief"] == AUTO else float(params["belief"]),
        rewind=hints.rewind,
        matrix=bool(int(params["matrix"])),
    )


ISMCTS = register_bot(
    BotType(
        "ismcts",
        Text(
            "情報集合モンテカルロ木探索（隠れた札は見ない）", "information-set MCTS (never peeks)"
        ),
        _ismcts,
        params=(
            Param("iterations", 1000, Text("1手あたりの反復回数", "playouts per decision"), 1),
            Param(
                "seconds",
                0.0,
                Text("1手あたりの秒数（0なら反復回数で）", "seconds per decision (0: iterations)"),
                0.0,
            ),
            Param("c", 0.7, Text("探索の強さ（UCB定数）", "exploration (UCB constant)"), 0.0),
            Param(
                "rollout",
                "auto",
                Text(
                    "プレイアウトの方策（auto: ゲームの戦略が向いていればそれ、なければ無作為）",
                    "playout policy (auto: the game's heuristic where it suits, else random)",
                ),
                choices=("auto", "random", "heuristic"),
            ),
            Param(
                "noise",
                LEARN,
                Text(
                    "他の席がプレイアウトで無作為に指す割合（learn: 各席の指し手から学ぶ）",
                    "share of the other seats' playout moves made at random "
                    "(learn: learnt from each seat's moves)",
                ),
                0.0,
                1.0,
                numeric=float,
                word=LEARN,
            ),
            Param(
                "horizon",
                AUTO,
                Text(
                    "プレイアウトの最大手数（0なら終局まで、auto ならゲームの指定。"
                    "打ち切りはゲームによる最終得点の見積もりで判定）",
                    "playout moves at most (0: to the end; auto: as the game declares; "
                    "cut short, the game's estimate of the final scores judges)",
                ),
                0,
                numeric=int,
            ),
            Param(
                "prior",
                1.0,
                Text(
                    "木の中でゲームの戦略が選ぶ手に与える重み（0なら無し）",
                    "weight of the game's heuristic move in the tree (0: none)",
                ),
                0.0,
            ),
            Param(
                "margin",
                AUTO,
                Text(
                    "ゲームの戦略の手から離れるのに要る確かさ（標準誤差の何倍か。"
                    "0なら常に探索の手、auto ならゲームの指定）",
                    "how sure the search must be, in standard errors, to leave the heuristic's "
                    "move (0: always the search's; auto: as the game declares)",
                ),
                0.0,
                numeric=float,
            ),
            BELIEF,
            MATRIX,
        ),
    )
)


def _easy(game: Game, seed: int, params: Mapping[str, ParamValue]) -> Bot:
    temperature = float(params["temperature"])
    return easy_bot(_strategy(game, seed, temperature), temperature, seed ^ 0x511D)


EASY = register_bot(
    BotType(
        "easy",
        Text(
            "やさしい（ゲームごとの戦略で、ときどき劣る手も指す）",
            "the game's own strategy, now and then playing a worse move",
        ),
        _easy,
        params=(
            Param(
                "temperature",
                EASY_TEMPERATURE,
                Text(
                    "劣る手を指す度合い（0ならふつうと同じ）",
                    "how readily it plays worse moves (0: as normal)",
                ),
                0.0,
            ),
        ),
    )
)

NORMAL = register_bot(
    BotType(
        "normal",
        Text(
            "ふつう（ゲームごとの戦略。同じくらい良い手からは無作為に選ぶ）",
            "the game's own strategy (chooses at random among near-equal moves)",
        ),
        _heuristic,
    )
)


def _strong(game: Game, seed: int, params: Mapping[str, ParamValue]) -> Bot:
    search = dict(parse_bot_spec("ismcts").params)
    seconds = float(params["seconds"])
    iterations = params["iterations"]
    search["seconds"] = seconds
    if iterations == AUTO:
        iterations = search_hints(game).strong_iterations
    search["iterations"] = iterations
    search["belief"] = params["belief"]
    search["matrix"] = params["matrix"]
    return _ismcts(game, seed, search)


STRONG = register_bot(
    BotType(
        "strong",
        Text(
            "つよい（情報集合モンテカルロ木探索。隠れた札は見ない）",
            "information-set tree search (never peeks)",
        ),
        _strong,
        params=(
            Param(
                "iterations",
                AUTO,
                Text(
                    "1手あたりの反復回数（auto ならゲームの指定: 空いた1コアで1手1秒ほど）",
                    "playouts per decision (auto: as the game declares, about a second of "
                    "one idle core a move)",
                ),
                1,
                numeric=int,
            ),
            Param(
                "seconds",
                0.0,
                Text(
                    "1手あたりの秒数（0なら反復回数で。秒数は負荷で強さが変わる）",
                    "seconds per decision instead (0: by iterations; a time budget's strength "
                    "depends on the machine's load)",
                ),
                0.0,
            ),
            BELIEF,
            MATRIX,
        ),
    )
)

LEVELS = ("easy", "normal", "strong")
"""The named levels, weakest first (``random`` is for testing)."""

__all__ = [
    "EASY",
    "HEURISTIC",
    "ISMCTS",
    "LEVELS",
    "NORMAL",
    "RANDOM",
    "STRONG",
    "BadBotSpec",
    "Bot",
    "BotFactory",
    "BotSpec",
    "BotType",
    "ISMCTSBot",
    "NoLegalAction",
    "Param",
    "ParamValue",
    "RandomBot",
    "SearchHints",
    "Slipping",
    "bot_names",
    "bot_type",
    "describe_bots",
    "expand_bot_specs",
    "make_bot",
    "parse_bot_spec",
    "register_bot",
    "search_hints",
    "split_bot_specs",
    "unregister_bot",
]
