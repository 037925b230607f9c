"""Gymnasium adapter: one seat of a bodoge game, the other seats played by bodoge bots.

Most reinforcement-learning code trains a single agent on a
``gymnasium.Env`` with action masks; this environment gives it one seat of
any bodoge game and lets bots named by spec strings (``random``,
``heuristic``, the levels, ``ismcts:iterations=200``…) play the others.

>>> from bodoge.interop.gymnasium import env
>>> table = env("egyptian-bride", num_players=3, opponents="random")
>>> observation, info = table.reset(seed=7)
>>> observation.shape == table.observation_space.shape, bool(info["action_mask"].any())
(True, True)
>>> action = table.action_space.sample(mask=info["action_mask"])
>>> observation, reward, terminated, truncated, info = table.step(action)

How the game contract maps onto the Gymnasium API:

* **Observation**: ``view(seat)`` of the agent's seat encoded as a
  fixed-size ``float32`` vector by :class:`~bodoge.interop.encoding.ViewEncoder`
  (the same vector as the PettingZoo and OpenSpiel adapters give), so a
  plain MLP policy takes it.  The view holds only what that seat may see.
* **Action**: ``Discrete(n)`` over the game's declared action space, the
  same integer ids as the other adapters.  The legal ones are in
  ``info["action_mask"]`` (an ``int8`` vector, 1 for legal: pass it to
  ``action_space.sample(mask=...)``) and in :meth:`BodogeEnv.action_masks`
  (booleans: sb3-contrib's ``MaskablePPO`` calls it).
* **Other seats**: after ``reset`` and after each step, the bots play every
  decision until it is the agent's turn again (the first seat in
  ``to_act``, as in :func:`bodoge.sim.play.play_game`) or the game is over.
  A seat eliminated before the end sees the rest played out by the bots.
* **Reward**: 0 until the end, then the seat's outcome from
  :func:`bodoge.interop.encoding.returns`: 1 for a lone win, ``1/k`` for a
  win shared by ``k`` seats, 0 for a loss (in a cooperative game every seat
  gets 1 when the group wins).  ``terminated`` is true when the game ends
  by its rules.  A few games have a safety limit on length, far beyond any
  game people play; a game stopped by it (``state.stopped``) has no winner
  and ends the episode as ``truncated`` with reward 0, since it was cut
  short, not decided (wrap the env in ``gymnasium.wrappers.TimeLimit`` to
  cut episodes shorter).
* **Illegal actions** end the episode at once as a loss for the agent
  (reward ``-1``, ``info["illegal_action"]`` set) with a warning
  (``illegal="lose"``, the default): the convention of PettingZoo's classic
  games, so that ``gymnasium.utils.env_checker.check_env``, which steps with
  unmasked random actions, passes on every registered env.
  ``illegal="raise"`` instead raises :class:`bodoge.IllegalAction` and
  changes nothing, for code that must never send one.
* **Seeding**: ``reset(seed=s)`` plays the bodoge game with seed ``s`` (its
  record replays it) and seeds the bot at seat ``i`` with
  :func:`bodoge.sim.play.bot_seed` ``(s, i)``, as ``bodoge sim`` does: the
  same seed and the same actions give the same episode.  A ``reset()``
  without a seed draws the next game seed from ``np_random``.  ``reset``'s
  ``options`` are not used: the game's options are fixed when the
  environment is made, since the spaces depend on them.
* **Seat**: ``seat=0`` by default; ``seat="random"`` draws the agent's seat
  for each episode from its game seed (``info["seat"]`` says which), so a
  policy learns every seat; the seat is in the observation too.

Every game is registered with Gymnasium as ``bodoge/<game id>-v<version>``,
so ``gymnasium.make("bodoge/number-heist-v1", opponents="heuristic")``
works once this module is imported.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from typing import Any, Literal

import gymnasium
import numpy as np

from ..bots import BadBotSpec, Bot, BotSpec, expand_bot_specs, make_bot
from ..engine import Game, IllegalAction, State, game_ids, get_game
from ..engine.rng import SEED_BITS, check_seed
from ..sim.play import bot_seed, derive_seed
from .encoding import (
    RENDER_MODES,
    FloatArray,
    MaskArray,
    Prepared,
    check_render_mode,
    prepare,
    render_text,
    returns,
)

Illegal = Literal["raise", "lose"]
ILLEGAL_REWARD = -1.0
"""The reward of an illegal action under ``illegal="lose"``, the default (below a loss, 0)."""
RANDOM_SEAT = "random"
NAMESPACE = "bodoge"
Opponents = str | BotSpec | Sequence[str | BotSpec]
BoolArray = np.ndarray[Any, np.dtype[np.bool_]]


class BodogeEnv(gymnasium.Env[FloatArray, np.int64]):
    """One seat of a bodoge game against bots (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012
    """Text renderings only; Gymnasium wants a frame rate for every render mode."""

    def __init__(
        self,
        game_id: str,
        num_players: int | None = None,
        options: Mapping[str, object] | None = None,
        opponents: Opponents = "random",
        seat: int | Literal["random"] = 0,
        illegal: Illegal = "lose",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        game = get_game(game_id)
        self.prepared: Prepared = prepare(game, options, num_players)
        count = self.prepared.num_players
        self.opponents = _opponent_specs(game, opponents, count)
        if seat != RANDOM_SEAT and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < count
        ):
            raise ValueError(f"seat is 0..{count - 1} or 'random', not {seat!r}")
        self.seat_choice = seat
        if illegal not in ("raise", "lose"):
            raise ValueError(f"illegal is 'raise' or 'lose', not {illegal!r}")
        self.illegal = illegal
        check_render_mode(render_mode)
        self.render_mode = render_mode
        encoder = self.prepared.encoder
        self.observation_space = gymnasium.spaces.Box(
            low=encoder.low, high=encoder.high, dtype=np.float32
        )
        self.action_space = gymnasium.spaces.Discrete(len(self.prepared.table))
        self.seat = 0 if seat == RANDOM_SEAT else int(seat)
        """The agent's seat in the current episode."""
        self._state: State | None = None
        self._bots: dict[int, Bot] = {}
        self._mask: MaskArray = np.zeros(len(self.prepared.table), dtype=np.int8)
        self._done = True

    # ------------------------------------------------------------------ reading

    @property
    def bodoge_state(self) -> State:
        """The bodoge state being played (after ``reset``); for reading only."""
        if self._state is None:
            raise RuntimeError("call reset() first")
        return self._state

    def action_masks(self) -> BoolArray:
        """The legal actions now as booleans (all false once the episode is over)."""
        return self._mask.astype(bool)

    # ---------------------------------------------------------------------- API

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[FloatArray, dict[str, Any]]:
        del options  # the game's options are fixed at construction (see the module docstring)
        super().reset(seed=seed)
        if seed is not None:
            game_seed = check_seed(seed)
        else:
            game_seed = int(self.np_random.integers(0, 2**SEED_BITS, dtype=np.uint64))
        prepared = self.prepared
        count = prepared.num_players
        state = prepared.game.new_game(count, game_seed, prepared.options)
        if self.seat_choice == RANDOM_SEAT:
            self.seat = derive_seed(game_seed, "gymnasium-seat") % count
        others = [s for s in range(count) if s != self.seat]
        self._bots = {
            other: make_bot(spec, prepared.game, bot_seed(game_seed, other))
            for other, spec in zip(others, self.opponents, strict=True)
        }
        self._state = state
        self._done = False
        self._play_others()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[FloatArray, float, bool, bool, dict[str, Any]]:
        state = self.bodoge_state
        if self._done:
            raise RuntimeError("the episode is over; call reset() to start another")
        index = self._legal_index(action)
        if index is None:
            gymnasium.logger.warn(
                f"an illegal action ({action!r}) ends the episode as a loss for seat {self.seat};"
                " info['action_mask'] holds the legal ones"
            )
            self._done = True
            self._mask = np.zeros_like(self._mask)
            return self._observe(), ILLEGAL_REWARD, True, False, self._info(illegal_action=True)
        state.apply_unchecked(self.seat, self.prepared.table.actions[index])
        self._play_others()
        reward = returns(state)[self.seat] if state.is_over else 0.0
        stopped = state.is_over and state.stopped
        return self._observe(), reward, state.is_over and not stopped, stopped, self._info()

    def render(self) -> str | None:
        return render_text(self.bodoge_state, self.seat, self.render_mode)

    def close(self) -> None:
        self._state = None
        self._bots = {}
        self._done = True

    # ---------------------------------------------------------------- internals

    def _play_others(self) -> None:
        """Let the bots decide until the agent's turn (first in ``to_act``) or the end."""
        state = self.bodoge_state
        to_act = state.to_act
        while to_act and to_act[0] != self.seat:
            other = to_act[0]
            state.apply_unchecked(other, self._bots[other].choose(state, other))
            to_act = state.to_act
        self._done = not to_act
        legal = state.legal_actions(self.seat) if to_act else []
        self._mask = self.prepared.table.mask(legal)

    def _legal_index(self, action: object) -> int | None:
        """The id of a legal action; ``None`` for an illegal one under ``illegal="lose"``."""
        try:
            index = operator.index(action)  # type: ignore[arg-type]
        except TypeError:
            raise IllegalAction(f"an action is an integer id, not {action!r}") from None
        size = len(self._mask)
        if 0 <= index < size and self._mask[index]:
            return int(index)
        if self.illegal == "lose":
            return None
        if not 0 <= index < size:
            raise IllegalAction(
                f"{self.prepared.game.id} has action ids 0..{size - 1}, not {index}"
            )
        shown = self.prepared.table.actions[index]
        legal = np.flatnonzero(self._mask).tolist()
        listed = ", ".join(map(str, legal[:20])) + (", …" if len(legal) > 20 else "")
        raise IllegalAction(
            f"action {index} ({shown!r}) is not legal for seat {self.seat} now; "
            f"the legal ids are {listed} (info['action_mask'], action_masks())"
        )

    def _observe(self) -> FloatArray:
        return self.prepared.encoder.encode(self.bodoge_state.view(self.seat))

    def _info(self, **extra: Any) -> dict[str, Any]:
        return {"action_mask": self._mask.copy(), "seat": self.seat, **extra}


def _opponent_specs(game: Game, opponents: Opponents, num_players: int) -> list[BotSpec]:
    """One checked spec per other seat: one spec for all, or one for each other seat.

    Each is made once here, so a bad spec (or ``heuristic`` for a game
    without one) fails when the environment is made, not in the middle of
    an episode.
    """
    given = [opponents] if isinstance(opponents, str | BotSpec) else list(opponents)
    others = num_players - 1
    if not others:
        if given and not isinstance(opponents, str | BotSpec):
            raise BadBotSpec(f"{game.id} with one player has no opponents to name")
        return []
    specs = expand_bot_specs(given, others)
    for text in {str(spec): spec for spec in specs}.values():
        make_bot(text, game, 0)
    return specs


env = BodogeEnv
"""One seat of a game against bots named by ``opponents`` (see the module docstring)."""


def env_id(game: Game) -> str:
    """The Gymnasium id of a game: ``bodoge/<game id>-v<version>``."""
    return f"{NAMESPACE}/{game.id}-v{game.version}"


def register_envs() -> list[str]:
    """Register every bodoge game with Gymnasium (again harmlessly); return the ids.

    Called when this module is imported; call it again after registering a
    new game.
    """
    registered = []
    for game_id in game_ids():
        name = env_id(get_game(game_id))
        if name not in gymnasium.registry:
            gymnasium.register(
                id=name,
                entry_point=BodogeEnv,  # type: ignore[arg-type]
                kwargs={"game_id": game_id},
            )
        registered.append(name)
    return registered


register_envs()
