"""One game between bots, played on the fast path, and its result.

Everything random in a simulated game follows from its seed: the game's own
generator is seeded with it, and the bot at each seat with
:func:`bot_seed` ``(seed, seat)``.  So ``play_game`` with the same arguments
gives the same result on any machine, in any process.

>>> import bodoge
>>> game = bodoge.get_game("egyptian-bride")
>>> result = play_game(game, 4, None, seed=11, bot_specs=["random"], keep_record=True)
>>> result == play_game(game, 4, None, seed=11, bot_specs=["random"], keep_record=True)
True
>>> bodoge.replay(result.record).winners == result.winners
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots import BotSpec, expand_bot_specs, make_bot
from ..engine import Game, Score, get_game
from ..engine.rng import SEED_BITS

DEFAULT_MAX_ACTIONS = 100_000
"""A game still running after this many actions is reported as a bug."""


def derive_seed(base: int, *parts: object) -> int:
    """A seed for an independent stream, fixed by ``base`` and ``parts``.

    It hashes its arguments (BLAKE2b), so it is the same on every machine and
    Python version, and streams derived from one base do not overlap.

    >>> derive_seed(7, "game", 0) == derive_seed(7, "game", 0) != derive_seed(7, "game", 1)
    True
    """
    text = "/".join(str(part) for part in (base, *parts))
    digest = hashlib.blake2b(text.encode(), digest_size=8, person=b"bodoge-sim").digest()
    return int.from_bytes(digest, "big") >> (64 - SEED_BITS)


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in the game seeded with ``game_seed``."""
    return derive_seed(game_seed, "bot", seat)


class GameTooLong(RuntimeError):
    """A simulated game did not end within ``max_actions`` actions."""


@dataclass(frozen=True)
class GameResult:
    """The outcome of one simulated game.

    ``index`` is the game's position in a run (0 for a single game); ``seed``
    reproduces it with :func:`play_game`; ``actions`` counts every applied
    decision.  ``record`` (``state.record()``) is kept only when asked for.
    ``stopped``: the game was stopped by a safety limit, not ended by a rule
    (it has no winner; see ``State.stopped``).
    """

    index: int
    seed: int
    num_players: int
    bots: tuple[str, ...]
    scores: tuple[Score, ...]
    winners: tuple[int, ...]
    actions: int
    record: dict[str, Any] | None = field(default=None, hash=False)
    stopped: bool = False

    def to_json(self) -> dict[str, Any]:
        """One JSON line of ``bodoge sim --out``."""
        return {
            "index": self.index,
            "seed": self.seed,
            "num_players": self.num_players,
            "bots": list(self.bots),
            "scores": list(self.scores),
            "winners": list(self.winners),
            "actions": self.actions,
            "stopped": self.stopped,
            "record": self.record,
        }


def play_game(
    game: Game | str,
    num_players: int | None = None,
    options: Mapping[str, object] | None = None,
    seed: int = 0,
    bot_specs: Sequence[str | BotSpec] = ("random",),
    *,
    keep_record: bool = False,
    index: int = 0,
    checked: bool = False,
    max_actions: int = DEFAULT_MAX_ACTIONS,
) -> GameResult:
    """Play one game between bots and return its result.

    ``bot_specs`` gives one spec for every seat or one per seat.  Bots pick
    from ``legal_actions``, so their actions go through the fast path
    ``apply_unchecked``; ``checked=True`` uses the checked ``apply`` instead
    (for trying out a new bot).  Simultaneous decisions are taken one seat at
    a time in ``to_act`` order; a bot sees only what the contract shows it.
    Raises :class:`InvalidOptions` for bad options or player counts,
    :class:`BadBotSpec` for bad specs and :class:`GameTooLong` for a game
    that does not end.
    """
    if isinstance(game, str):
        game = get_game(game)
    state = game.new_game(num_players, seed, options)
    specs = expand_bot_specs(bot_specs, state.num_players)
    bots = [make_bot(spec, game, bot_seed(state.seed, seat)) for seat, spec in enumerate(specs)]
    apply = state.apply if checked else state.apply_unchecked
    count = 0
    to_act = state.to_act
    while to_act:
        if count >= max_actions:
            raise GameTooLong(
                f"{game.id} with {state.num_players} players, options {dict(state.options)}, "
                f"seed {state.seed} did not end within {max_actions} actions"
            )
        seat = to_act[0]
        apply(seat, bots[seat].choose(state, seat))
        count += 1
        to_act = state.to_act
    return GameResult(
        index=index,
        seed=state.seed,
        num_players=state.num_players,
        bots=tuple(str(spec) for spec in specs),
        scores=tuple(state.scores),
        winners=tuple(state.winners),
        actions=count,
        record=state.record() if keep_record else None,
        stopped=state.stopped,
    )
