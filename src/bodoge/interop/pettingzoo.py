"""PettingZoo adapter: a native AEC environment for every bodoge game.

>>> from bodoge.interop.pettingzoo import env
>>> table = env("egyptian-bride", num_players=3)
>>> table.reset(seed=7)
>>> table.agent_selection, sorted(table.observe("player_0"))
('player_0', ['action_mask', 'observation'])
>>> observation, reward, terminated, truncated, info = table.last()
>>> table.step(int(observation["action_mask"].argmax()))
>>> table.agent_selection
'player_1'

How the game contract maps onto the AEC API:

* **Agents** are ``player_0`` … ``player_{n-1}``, one per seat.
* **Turns.**  ``agent_selection`` is the first seat in ``to_act``.  During a
  simultaneous decision the seats in ``to_act`` are selected one after the
  other; the engine hides each commitment from the others' views until the
  rules reveal it, so acting in turn reveals nothing.
* **Observations** are ``{"observation": float32 vector, "action_mask":
  int8 vector}``: the agent's ``view(seat)`` encoded by
  :class:`~bodoge.interop.encoding.ViewEncoder`, and its legal actions when
  it is the selected agent (all zeros otherwise).  ``infos`` are empty.
* **Actions** are ``Discrete(n)`` ids from the game's declared action space
  (:mod:`bodoge.interop.declared`), the same ids as the OpenSpiel adapter's.
  The raw environment (:class:`BodogeAECEnv`) raises ``bodoge.IllegalAction``
  for an illegal id and changes nothing; :func:`env` wraps it the way
  PettingZoo's classic games are wrapped, so that an illegal move ends the
  game with -1 for the offender.
* **Rewards** are 0 until the end, then :func:`bodoge.interop.encoding.returns`
  (winners share 1; in a cooperative game every seat gets 1 for a win).
* **Eliminations.**  A seat in ``state.eliminated`` is terminated at once
  with reward 0 (the contract keeps eliminated seats out of ``winners``),
  then removed from ``agents`` after its ``step(None)``, as PettingZoo
  expects.  At the end every remaining agent is terminated, except after a
  safety stop (``state.stopped``: a few games have a limit on length far
  beyond any game people play, and a game stopped by it has no winner):
  then every remaining agent is truncated with reward 0, since the episode
  was cut short rather than ended by a rule.
* **Seeding.**  ``reset(seed=s)`` plays the bodoge game with seed ``s``
  (its record replays it); a later ``reset()`` without a seed draws the next
  seed from a generator seeded by ``s``.  ``reset``'s ``options`` are not
  used: the game's options are fixed when the environment is made, since the
  spaces depend on them.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from ..engine import Rng, State, get_game
from ..engine.rng import SEED_BITS, check_seed
from .encoding import RENDER_MODES, Prepared, check_render_mode, prepare, render_text, returns

AgentID = str


def agent_name(seat: int) -> AgentID:
    return f"player_{seat}"


class BodogeAECEnv(AECEnv):  # type: ignore[misc]
    """One bodoge game as a PettingZoo AEC environment (see the module docstring)."""

    def __init__(
        self,
        game_id: str,
        num_players: int | None = None,
        options: Mapping[str, object] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        game = get_game(game_id)
        self.prepared: Prepared = prepare(game, options, num_players)
        num_players = self.prepared.num_players
        check_render_mode(render_mode)
        self.render_mode = render_mode
        self.metadata = {
            "name": f"bodoge_{game_id.replace('-', '_')}_v{game.version}",
            "render_modes": list(RENDER_MODES),
            "is_parallelizable": False,
        }
        self.possible_agents: list[AgentID] = [agent_name(s) for s in range(num_players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        encoder = self.prepared.encoder
        actions = len(self.prepared.table)
        self.observation_spaces = {
            agent: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(
                        low=encoder.low, high=encoder.high, dtype=np.float32
                    ),
                    "action_mask": gymnasium.spaces.Box(0, 1, shape=(actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: gymnasium.spaces.Discrete(actions) for agent in self.possible_agents
        }
        self._seeds = Rng(secrets.randbits(SEED_BITS))
        self._state: State | None = None

    # ------------------------------------------------------------- spaces

    def observation_space(self, agent: AgentID) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: AgentID) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def bodoge_state(self) -> State:
        """The bodoge state being played (after ``reset``); for reading only."""
        if self._state is None:
            raise RuntimeError("call reset() first")
        return self._state

    # ---------------------------------------------------------------- API

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        del options  # the game's options are fixed at construction (see the module docstring)
        if seed is not None:
            check_seed(seed)
            self._seeds = Rng(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.seed_for_child()
        prepared = self.prepared
        self._state = prepared.game.new_game(prepared.num_players, game_seed, prepared.options)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[AgentID, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self._update_after_play()

    def observe(self, agent: AgentID) -> dict[str, Any]:
        state = self.bodoge_state
        seat = self._seat[agent]
        table = self.prepared.table
        if agent == self.agent_selection and seat in state.to_act:
            mask = table.mask(state.legal_actions(seat))
        else:
            mask = np.zeros(len(table), dtype=np.int8)
        return {"observation": self.prepared.encoder.encode(state.view(seat)), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.bodoge_state
        state.apply(self._seat[agent], self.prepared.table.action(action))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._update_after_play()

    def _update_after_play(self) -> None:
        """Rewards, terminations and the next agent, from the state after a decision."""
        state = self.bodoge_state
        if state.is_over:
            ended = self.truncations if state.stopped else self.terminations
            for agent, value in zip(self.possible_agents, returns(state), strict=True):
                if agent in self.agents and not self.terminations[agent]:
                    self.rewards[agent] = value
                    ended[agent] = True
        else:
            for seat in state.eliminated:
                agent = agent_name(seat)
                if agent in self.agents and not self.terminations[agent]:
                    self.terminations[agent] = True
            self.agent_selection = agent_name(state.to_act[0])
        self._accumulate_rewards()
        self._deads_step_first()

    def render(self) -> str | None:
        return render_text(self.bodoge_state, None, self.render_mode)

    def close(self) -> None:
        self._state = None


def raw_env(
    game_id: str,
    num_players: int | None = None,
    options: Mapping[str, object] | None = None,
    render_mode: str | None = None,
) -> BodogeAECEnv:
    """The unwrapped environment: an illegal action raises ``bodoge.IllegalAction``."""
    return BodogeAECEnv(game_id, num_players, options, render_mode)


def env(
    game_id: str,
    num_players: int | None = None,
    options: Mapping[str, object] | None = None,
    render_mode: str | None = None,
) -> AECEnv:
    """The environment wrapped like PettingZoo's classic games.

    An illegal action ends the game with reward -1 for the offender, an
    action outside the space fails an assertion, and the API order
    (``reset`` before ``step``...) is enforced.
    """
    wrapped = wrappers.TerminateIllegalWrapper(
        raw_env(game_id, num_players, options, render_mode), illegal_reward=-1
    )
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
