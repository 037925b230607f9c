"""OpenSpiel adapter: every bodoge game as a registered ``pyspiel`` game.

Importing this module registers ``bodoge_<id>`` (dashes become underscores)
for every game in :func:`bodoge.game_ids`; :func:`register` adds a game
registered later.  The games are plain OpenSpiel Python games:

>>> import pyspiel
>>> from bodoge.interop import openspiel
>>> game = pyspiel.load_game("bodoge_egyptian_bride", {"players": 4})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes()) == openspiel.DEALS
(True, True)
>>> state.apply_action(7)                   # deal 7: bodoge seed = seed parameter + 7
>>> state.current_player(), state.legal_actions()[:2]
(0, [3, 6])
>>> state.action_to_string(0, 0)
'{"number":4,"type":"take_face_up"}'

How the game contract maps onto OpenSpiel:

* **Parameters.**  ``players``, ``seed`` (default 0), ``deals`` (default
  :data:`DEALS`) and one parameter per game option, with the option's own
  name, type and default.  An option whose default the rules derive from
  other options (Egyptian Bride's ``first_turn_limits``) is an int: -1 (the
  default) derives it, 0 and 1 set it off or on (a string could not survive
  OpenSpiel's game-string round trip).
* **Chance.**  bodoge draws all chance from a generator seeded once, so the
  only chance node is the first: ``deals`` equally likely outcomes, outcome
  *k* seeding the game with ``seed + k``.  Everything after it is determined
  by that seed and the players' actions, so OpenSpiel's history (deal and
  actions) is exactly a bodoge record.  The seed stays hidden from every
  player, which is why every game is declared with imperfect information.
* **Turns.**  Sequential.  A simultaneous decision is taken one seat at a
  time in ``to_act`` order; the engine keeps each commitment out of the
  others' views until the rules reveal it, so this is fair.
* **Actions.**  Integer ids from the game's declared action space (see
  :mod:`bodoge.interop.declared`); ``action_to_string`` is the action's
  canonical wire JSON.  ``apply_action`` takes the checked path: an illegal
  id raises ``bodoge.IllegalAction`` and changes nothing.
* **Observations.**  One observer (``make_py_observer``) parameterised by
  viewer: with private information of a single player it shows that
  player's ``view``; with none, the spectator's ``view(None)``.  The string
  is the view's canonical JSON (it is also the information state string,
  which OpenSpiel's IS-MCTS uses as its node key); the tensor is the view
  encoded by :class:`~bodoge.interop.encoding.ViewEncoder`, one named piece
  per top-level key of the view.
* **Returns.**  :func:`bodoge.interop.encoding.returns`: winners share 1, the
  others get 0 (general-sum); a cooperative game gives every seat 1 for a
  win and 0 for a loss (identical utilities).  Terminal rewards only.
* **Serialisation.**  A state pickles as its bodoge record (seed and
  actions) and unpickles by replaying it; a determinised state has no
  record and cannot be serialised.
* **Search.**  :func:`resampler` gives OpenSpiel's Python IS-MCTS a
  resampler built on ``State.determinize``; ``resample_from_infostate`` is
  provided too, for Python callers.  (The C++ ``pyspiel.MCTSBot`` and
  ``ISMCTSBot`` of open-spiel 2.0.2 crash on Python games: use the Python
  bots in ``open_spiel.python.algorithms``.)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from ..engine import Game, Option, OptionValue, Rng, State, game_ids, get_game, replay
from ..engine.rng import SEED_BITS
from .encoding import Prepared, canonical_json, prepare, returns

DEALS = 2**12
"""Default number of equally likely outcomes of the deal (the first chance node).

OpenSpiel lists every outcome of a chance node, so this is a trade-off: raise
the ``deals`` parameter to train on more distinct deals.
"""

DERIVED = -1
"""An int parameter's value meaning "derive this option from the others"."""

DERIVED_TEXT = "auto"
"""A str parameter's value meaning "derive this option from the others"."""

PREFIX = "bodoge_"
_LIMIT_INT = 2**31 - 1  # OpenSpiel's int parameters are C++ ints

ParamValue = bool | int | str


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a bodoge game: ``egyptian-bride`` → ``bodoge_egyptian_bride``."""
    return PREFIX + game_id.replace("-", "_")


# ------------------------------------------------------------- parameters


def _derived_sentinel(game: Game, option: Option) -> ParamValue:
    if option.kind is str:
        if option.choices is not None and DERIVED_TEXT in option.choices:
            raise ValueError(f"{game.id}: option {option.name!r} may not use {DERIVED_TEXT!r}")
        return DERIVED_TEXT
    if option.kind is int and (option.minimum is None or option.minimum <= DERIVED):
        raise ValueError(
            f"{game.id}: derived int option {option.name!r} needs a minimum above {DERIVED}"
        )
    return DERIVED


def parameter_specification(game: Game) -> dict[str, ParamValue]:
    """The OpenSpiel parameters of ``game`` and their defaults."""
    defaults = game.resolve_options(None)
    spec: dict[str, ParamValue] = {
        "players": game.player_range(defaults)[0],
        "seed": 0,
        "deals": DEALS,
    }
    for option in game.options:
        if option.name in spec:
            raise ValueError(f"{game.id}: option {option.name!r} clashes with a parameter")
        spec[option.name] = _derived_sentinel(game, option) if option.derive else option.default
    return spec


def _options_from_params(game: Game, params: Mapping[str, Any]) -> dict[str, OptionValue]:
    """The options given by OpenSpiel parameters, derived ones left out to be derived."""
    options: dict[str, OptionValue] = {}
    for option in game.options:
        value = params[option.name]
        if option.derive is not None:
            if value == _derived_sentinel(game, option) and type(value) is not bool:
                continue
            if option.kind is bool:
                if type(value) is not int or value not in (0, 1):
                    raise ValueError(
                        f"parameter {option.name!r} is {DERIVED} (as the rules derive it), "
                        f"0 or 1, not {value!r}"
                    )
                value = bool(value)
        options[option.name] = value
    return options


def _params_from_options(game: Game, options: Mapping[str, object]) -> dict[str, Any]:
    """OpenSpiel parameters for bodoge options (the inverse of the above)."""
    by_name = {option.name: option for option in game.options}
    params: dict[str, Any] = {}
    for name, value in options.items():
        option = by_name.get(name)
        if option is not None and option.derive is not None and isinstance(value, bool):
            params[name] = int(value)  # the int form of a derived flag (see DERIVED)
        else:
            params[name] = value
    return params


def _check_int(name: str, value: object, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"parameter {name!r} must be an integer {low}..{high}, not {value!r}")
    return value


# ------------------------------------------------------------------ types


def _game_type(game: Game) -> Any:
    ranges = [game.player_range(options) for options in game.variants()]
    kind = pyspiel.GameType
    return kind(
        short_name=short_name(game.id),
        long_name=f"{game.title.en} (bodoge)",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC,
        information=kind.Information.IMPERFECT_INFORMATION,
        utility=kind.Utility.IDENTICAL if game.cooperative else kind.Utility.GENERAL_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=max(high for _, high in ranges),
        min_num_players=min(low for low, _ in ranges),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(game),
    )


class BodogeGame(pyspiel.Game):  # type: ignore[misc]
    """One bodoge game, option set and player count, as an OpenSpiel game."""

    GAME_ID: str
    """The bodoge game; each registered game has a subclass that sets it."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        game_id = self.GAME_ID
        game = get_game(game_id)
        spec = parameter_specification(game)
        given = dict(params or {})
        unknown = sorted(set(given) - set(spec))
        if unknown:
            raise ValueError(
                f"{short_name(game_id)} has no parameters {unknown}; it has {sorted(spec)}"
            )
        full = {**spec, **given}
        deals = _check_int("deals", full["deals"], 1, _LIMIT_INT)
        seed = _check_int("seed", full["seed"], 0, 2**SEED_BITS - deals)
        prepared = prepare(game, _options_from_params(game, full), full["players"])
        info = pyspiel.GameInfo(
            num_distinct_actions=len(prepared.table),
            max_chance_outcomes=deals,
            num_players=prepared.num_players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=prepared.declared.max_game_length,
        )
        super().__init__(_game_type(game), info, full)
        self.prepared = prepared
        self.first_seed = seed
        self.deals = deals
        self.chance = [(k, 1.0 / deals) for k in range(deals)]

    def new_initial_state(self) -> BodogeState:
        """A state before the deal (a chance node)."""
        return BodogeState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> Observer:
        return Observer(self.prepared, iig_obs_type, params)


class _Box:
    """Holds a state's bodoge state: copied by ``clone``, pickled as its record.

    It also caches, per viewer, the view, its JSON and its encoding until the
    next action: OpenSpiel asks for strings and tensors of every player at
    every step.
    """

    __slots__ = ("cache", "prepared", "state")

    def __init__(self, state: State, prepared: Prepared) -> None:
        self.state = state
        self.prepared = prepared
        self.cache: dict[int | None, list[Any]] = {}

    def _entry(self, seat: int | None) -> list[Any]:
        entry = self.cache.get(seat)
        if entry is None:
            entry = self.cache[seat] = [self.state.view(seat), None, None]
        return entry

    def json(self, seat: int | None) -> str:
        entry = self._entry(seat)
        if entry[1] is None:
            entry[1] = canonical_json(entry[0])
        return str(entry[1])

    def tensor(self, seat: int | None) -> Any:
        entry = self._entry(seat)
        if entry[2] is None:
            entry[2] = self.prepared.encoder.encode(entry[0])
        return entry[2]

    def changed(self) -> None:
        self.cache = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        twin = _Box(self.state.clone(), self.prepared)
        twin.cache = self.cache  # entries are never changed, only dropped
        return twin

    def __reduce__(self) -> tuple[Callable[[str], _Box], tuple[str]]:
        if self.state.determinized:
            raise ValueError(
                "a determinized state cannot be serialised: it has no record "
                "(its hidden cards are invented)"
            )
        return (_unbox, (canonical_json(self.state.record()),))


def _unbox(record: str) -> _Box:
    state = replay(json.loads(record))
    return _Box(state, prepare(state.game, state.options, state.num_players))


class BodogeState(pyspiel.State):  # type: ignore[misc]
    """A bodoge state seen through OpenSpiel (a chance node until the deal)."""

    def __init__(self, game: BodogeGame) -> None:
        super().__init__(game)
        self._box: _Box | None = None

    @property
    def bodoge_state(self) -> State | None:
        """The underlying bodoge state, ``None`` before the deal; for reading only."""
        return None if self._box is None else self._box.state

    def current_player(self) -> int:
        box = self._box
        if box is None:
            return int(pyspiel.PlayerId.CHANCE)
        to_act = box.state.to_act
        return to_act[0] if to_act else int(pyspiel.PlayerId.TERMINAL)

    def _legal_actions(self, player: int) -> list[int]:
        box = self._box
        assert box is not None
        return box.prepared.table.ids(box.state.legal_actions(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes: list[tuple[int, float]] = self.get_game().chance
        return outcomes

    def _apply_action(self, action: int) -> None:
        box = self._box
        if box is None:
            game = self.get_game()
            deal = _check_int("deal", int(action), 0, game.deals - 1)
            prepared = game.prepared
            state = prepared.game.new_game(
                prepared.num_players, game.first_seed + deal, prepared.options
            )
            self._box = _Box(state, prepared)
            return
        seat = self.current_player()
        box.state.apply(seat, box.prepared.table.action(action))
        box.changed()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            game = self.get_game()
            return f"deal {action} (seed {game.first_seed + action})"
        return canonical_json(self.get_game().prepared.table.action(action).to_json())

    def is_terminal(self) -> bool:
        return self._box is not None and self._box.state.is_over

    def returns(self) -> list[float]:
        if self._box is None:
            return [0.0] * self.get_game().num_players()
        return returns(self._box.state)

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> BodogeState:
        """A copy with everything hidden from ``player`` re-dealt (``State.determinize``).

        ``probability_sampler()`` (a uniform number in [0, 1)) seeds the re-deal.
        """
        seed = int(probability_sampler() * 2**53)
        return self.resampled(player, Rng(seed))

    def resampled(self, player: int, rng: Rng) -> BodogeState:
        """A clone whose bodoge state is ``determinize(player, rng)`` of this one's."""
        box = self._box
        if box is None:
            raise ValueError("nothing is hidden before the deal")
        twin: BodogeState = self.clone()
        twin._box = _Box(box.state.determinize(player, rng), box.prepared)
        return twin

    def __str__(self) -> str:
        """Every seat's view, one JSON line each (all that the contract shows)."""
        box = self._box
        if box is None:
            return "(before the deal)"
        return "\n".join(box.json(seat) for seat in range(box.state.num_players))


class Observer:
    """The one observer, parameterised by viewer (see the module docstring)."""

    def __init__(
        self, prepared: Prepared, iig_obs_type: Any, params: Mapping[str, Any] | None
    ) -> None:
        if params:
            raise ValueError(f"bodoge observers take no parameters, not {dict(params)!r}")
        private = pyspiel.PrivateInfoType
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if not iig_obs_type.public_info:
            raise ValueError("bodoge views always include the public information")
        if iig_obs_type.private_info == private.ALL_PLAYERS:
            raise ValueError("no view shows every player's private information")
        self.spectator = iig_obs_type.private_info == private.NONE
        encoder = prepared.encoder
        self.tensor = np.zeros(encoder.size, dtype=np.float32)
        self.dict = {key: self.tensor[start : start + size] for key, start, size in encoder.pieces}

    def _viewer(self, player: int) -> int | None:
        return None if self.spectator else player

    def set_from(self, state: BodogeState, player: int) -> None:
        box = state._box
        if box is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = box.tensor(self._viewer(player))

    def string_from(self, state: BodogeState, player: int) -> str:
        box = state._box
        return "" if box is None else box.json(self._viewer(player))


# ------------------------------------------------------------- registration

_REGISTERED: dict[str, str] = {}
"""OpenSpiel name → bodoge game id, for the games this module registered."""


def register(game_id: str) -> str:
    """Register a bodoge game with OpenSpiel (once) and return its OpenSpiel name."""
    name = short_name(game_id)
    known = _REGISTERED.get(name)
    if known is not None:
        if known != game_id:
            raise ValueError(f"{game_id!r} and {known!r} have the same OpenSpiel name {name!r}")
        return name
    if name in pyspiel.registered_names():
        raise ValueError(f"OpenSpiel already has a game called {name!r}")
    game = get_game(game_id)
    # OpenSpiel keeps the creator until the process exits; a class (unlike a
    # partial or a closure) is not freed then, after Python has shut down.
    creator = type(f"BodogeGame_{name}", (BodogeGame,), {"GAME_ID": game_id})
    pyspiel.register_game(_game_type(game), creator)
    _REGISTERED[name] = game_id
    return name


def register_all() -> list[str]:
    """Register every game in :func:`bodoge.game_ids`; their OpenSpiel names."""
    return [register(game_id) for game_id in game_ids()]


def load(
    game_id: str,
    num_players: int | None = None,
    options: Mapping[str, object] | None = None,
    seed: int = 0,
    deals: int = DEALS,
) -> BodogeGame:
    """``pyspiel.load_game`` for a bodoge game, in bodoge's terms.

    Without ``num_players`` the fewest the options allow.
    """
    game = get_game(game_id)
    if num_players is None:
        num_players = game.player_range(game.resolve_options(options))[0]
    params = {"players": num_players, "seed": seed, "deals": deals}
    params.update(_params_from_options(game, options or {}))
    loaded: BodogeGame = pyspiel.load_game(register(game_id), params)
    return loaded


def deal(game: BodogeGame, seed: int) -> BodogeState:
    """A new state of ``game`` past its deal: the bodoge game with that seed."""
    state: BodogeState = game.new_initial_state()
    state.apply_action(seed - game.first_seed)
    return state


def wrap(game: BodogeGame, state: State) -> BodogeState:
    """An OpenSpiel state of ``game`` at the position of a bodoge ``state`` (a copy).

    For matches between OpenSpiel's bots and bodoge's: the game must have been
    loaded with the same game, options and player count.
    """
    prepared = game.prepared
    if (state.game.id, state.num_players, dict(state.options)) != (
        prepared.game.id,
        prepared.num_players,
        dict(prepared.options),
    ):
        raise ValueError(f"{state!r} is not a position of {game}")
    wrapped: BodogeState = game.new_initial_state()
    wrapped._box = _Box(state.clone(), prepared)
    return wrapped


def resampler(seed: int) -> Callable[[BodogeState, int], BodogeState]:
    """A resampler for ``ISMCTSBot.set_resampler``, drawing from its own generator."""
    rng = Rng(seed)

    def resample(state: BodogeState, player: int) -> BodogeState:
        return state.resampled(player, rng)

    return resample


__all__ = [
    "DEALS",
    "DERIVED",
    "BodogeGame",
    "BodogeState",
    "Observer",
    "deal",
    "load",
    "parameter_specification",
    "register",
    "register_all",
    "resampler",
    "short_name",
    "wrap",
]

register_all()
