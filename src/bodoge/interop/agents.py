"""Outside agents as bodoge bots, so a trained policy plays at a table or in the league.

A *policy* here is any callable from an observation and a legal-action mask
to an action id, in the vocabulary of the Gymnasium environment
(:mod:`bodoge.interop.gymnasium`): the observation is ``view(seat)`` encoded
by :class:`~bodoge.interop.encoding.ViewEncoder`, the mask an ``int8`` vector
over the game's declared action space.  :class:`PolicyBot` turns such a
callable into a :class:`bodoge.bots.Bot`.

>>> import bodoge
>>> state = bodoge.get_game("egyptian-bride").new_game(3, seed=1)
>>> bot = PolicyBot(first_legal)
>>> bot.choose(state, 0) == state.legal_actions(0)[0]
True

A model trained with Stable-Baselines3 (sb3-contrib's ``MaskablePPO`` by
default) becomes a policy with :func:`load_sb3`; Stable-Baselines3 is
imported only then (``pip install 'bodoge[train]'``).

The league (``bench/league.py``) takes an entrant ``NAME=python:module:callable``
where ``callable(game, num_players, options, seed)`` returns a bot.  Two ways
to enter a saved model:

* ``BODOGE_SB3_MODEL=path/to/model.zip`` and the entrant
  ``ppo=python:bodoge.interop.agents:sb3_from_env`` (one model per run);
* a module that says ``entrant = sb3_entrant("path/to/model.zip")`` (the
  training example writes one next to the model) on ``PYTHONPATH``, and the
  entrant ``ppo=python:that_module:entrant`` (any number of models).

:func:`policy_entrant` does the same for any callable policy.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import operator
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from ..bots import Bot, NoLegalAction
from ..engine import Action, Game, IllegalAction, State, get_game
from .encoding import FloatArray, MaskArray, Prepared, prepare

Policy = Callable[[FloatArray, MaskArray], object]
"""``(observation, mask) -> action id`` (an int, or anything ``operator.index`` takes)."""
Entrant = Callable[[Any, int, Mapping[str, object] | None, int], Bot]
"""``(game or game id, num_players, options, seed) -> Bot``: a league entrant."""
MODEL_VARIABLE = "BODOGE_SB3_MODEL"
"""The environment variable :func:`sb3_from_env` reads the model's path from."""
TRAINED_FOR = "bodoge_trained_for"
"""The model attribute naming the game, version, player count and options it was trained
for (Stable-Baselines3 saves a model's attributes with it); see :func:`remember_setup`."""


def first_legal(observation: FloatArray, mask: MaskArray) -> int:
    """The simplest policy: the legal action with the lowest id."""
    del observation
    return int(np.flatnonzero(mask)[0])


class PolicyBot:
    """A bot that asks ``policy`` for each decision (see the module docstring).

    The policy sees only ``view(seat)`` and the legal actions, as a bot
    should.  An action id it returns that is not legal raises
    :class:`bodoge.IllegalAction` naming the policy: the contract lets
    callers apply a bot's choice without checking it again.
    """

    def __init__(self, policy: Policy, name: str | None = None) -> None:
        self.policy = policy
        self.name = name or getattr(policy, "__name__", type(policy).__name__)
        self._prepared: Prepared | None = None

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if not legal:
            raise NoLegalAction(state, seat)
        prepared = self._tables(state)
        mask = prepared.table.mask(legal)
        chosen = self.policy(prepared.encoder.encode(state.view(seat)), mask)
        try:
            index = operator.index(chosen)  # type: ignore[arg-type]
        except TypeError:
            raise IllegalAction(
                f"policy {self.name} returned {chosen!r}, not an integer action id"
            ) from None
        if not 0 <= index < len(mask) or not mask[index]:
            raise IllegalAction(
                f"policy {self.name} chose action id {index}, which is not legal for seat "
                f"{seat}; the legal ids are {np.flatnonzero(mask).tolist()}"
            )
        return prepared.table.actions[index]

    def _tables(self, state: State) -> Prepared:
        """The action table and encoder of the state's set-up (kept for the next call)."""
        known = self._prepared
        if (
            known is None
            or known.game is not state.game
            or known.num_players != state.num_players
            or dict(known.options) != dict(state.options)
        ):
            known = self._prepared = prepare(state.game, state.options, state.num_players)
        return known

    def __repr__(self) -> str:
        return f"PolicyBot({self.name})"


def policy_entrant(policy: Policy, name: str | None = None) -> Entrant:
    """A league entrant that plays ``policy`` at its seat, whatever the game."""

    def entrant(
        game: Game | str, num_players: int, options: Mapping[str, object] | None, seed: int
    ) -> Bot:
        del game, num_players, options, seed  # the policy decides from each view alone
        return PolicyBot(policy, name)

    return entrant


# --------------------------------------------------------- Stable-Baselines3


class SB3Policy:
    """A saved Stable-Baselines3 model as a :data:`Policy`.

    ``deterministic=True`` (the default) plays the model's most likely
    action, so its games replay from their seeds; sampling would draw from
    torch's global generator instead.
    """

    def __init__(self, model: Any, deterministic: bool = True, name: str = "sb3") -> None:
        self.model = model
        self.deterministic = deterministic
        self.__name__ = name
        predict = inspect.signature(model.predict).parameters
        self._masked = "action_masks" in predict

    @property
    def sizes(self) -> tuple[int, int]:
        """``(observation size, number of actions)`` the model was trained with."""
        return int(np.prod(self.model.observation_space.shape)), int(self.model.action_space.n)

    def check(self, prepared: Prepared) -> None:
        """Raise ``ValueError`` unless the model was trained for this game, option set and
        player count: options that leave the sizes alone (Cardiceo's ``hardcore``) change
        the game all the same."""
        trained = getattr(self.model, TRAINED_FOR, None)
        if trained is None:
            raise ValueError(
                f"model {self.__name__} does not say which game, options and player count it "
                "was trained for: call bodoge.interop.agents.remember_setup(model, env) "
                "before model.save()"
            )
        if trained != setup_of(prepared):
            raise ValueError(
                f"model {self.__name__} was trained for {_setup_words(trained)}, "
                f"not {_setup_words(setup_of(prepared))}"
            )
        wanted = (prepared.encoder.size, len(prepared.table))
        if self.sizes != wanted:
            raise ValueError(
                f"model {self.__name__} takes observations of {self.sizes[0]} numbers and "
                f"{self.sizes[1]} actions, but {prepared.game.id} with "
                f"{prepared.num_players} players has {wanted[0]} and {wanted[1]}: "
                "it was trained for another game, option set or player count"
            )

    def __call__(self, observation: FloatArray, mask: MaskArray) -> int:
        extra = {"action_masks": mask.astype(bool)} if self._masked else {}
        action, _ = self.model.predict(observation, deterministic=self.deterministic, **extra)
        return int(np.asarray(action).reshape(-1)[0])


def setup_of(prepared: Prepared) -> dict[str, Any]:
    """What a model is trained for: game, version, player count and every option's value."""
    return {
        "game": prepared.game.id,
        "version": prepared.game.version,
        "num_players": prepared.num_players,
        "options": dict(prepared.options),
    }


def remember_setup(model: Any, env: Any) -> None:
    """Record on ``model`` the set-up of the Gymnasium ``env`` it learns from (saved with it)."""
    setattr(model, TRAINED_FOR, setup_of(env.unwrapped.prepared))


def _setup_words(setup: Mapping[str, Any]) -> str:
    options = ", ".join(f"{name}={value}" for name, value in dict(setup["options"]).items())
    return f"{setup['game']} v{setup['version']} with {setup['num_players']} players ({options})"


def load_sb3(
    path: str | os.PathLike[str], algorithm: Any = None, deterministic: bool = True
) -> SB3Policy:
    """Load a saved model (sb3-contrib's ``MaskablePPO`` unless ``algorithm`` says).

    ``algorithm`` is any Stable-Baselines3 class with ``load``; one whose
    ``predict`` takes no ``action_masks`` is given none (and a bot playing
    it raises :class:`bodoge.IllegalAction` if it ever picks an illegal id).
    """
    if algorithm is None:
        algorithm = _sb3_contrib().MaskablePPO
    model = algorithm.load(str(path), device="cpu")
    return SB3Policy(model, deterministic, name=Path(path).stem)


def _sb3_contrib() -> Any:
    try:
        return importlib.import_module("sb3_contrib")
    except ImportError as error:
        raise ImportError(
            "loading a trained model needs Stable-Baselines3 and sb3-contrib: "
            "pip install 'bodoge[train]'"
        ) from error


def sb3_entrant(path: str | os.PathLike[str], deterministic: bool = True) -> Entrant:
    """A league entrant playing the model saved at ``path``, loaded at its first game.

    Each game checks that the model was trained for that game, version,
    player count and options (:func:`remember_setup`), and fails with a clear
    ``ValueError`` otherwise.
    """

    @functools.cache
    def loaded() -> SB3Policy:
        return load_sb3(path, deterministic=deterministic)

    def entrant(
        game: Game | str, num_players: int, options: Mapping[str, object] | None, seed: int
    ) -> Bot:
        del seed  # a deterministic policy needs no randomness
        found = get_game(game) if isinstance(game, str) else game
        policy = loaded()
        policy.check(prepare(found, options, num_players))
        return PolicyBot(policy, policy.__name__)

    return entrant


def sb3_from_env(
    game: Game | str, num_players: int, options: Mapping[str, object] | None, seed: int
) -> Bot:
    """The league entrant for the model named by ``$BODOGE_SB3_MODEL``."""
    path = os.environ.get(MODEL_VARIABLE)
    if not path:
        raise ValueError(
            f"set {MODEL_VARIABLE} to the path of a saved model (model.zip) "
            "to enter it with python:bodoge.interop.agents:sb3_from_env"
        )
    return _entrant_for(path)(game, num_players, options, seed)


@functools.cache
def _entrant_for(path: str) -> Entrant:
    return sb3_entrant(path)
