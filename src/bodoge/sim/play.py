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
from ..engine import Action, DesignValue, Event, Game, OptionValue, Score, State, get_game
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


PHASES = 3
"""Action statistics split each game into this many equal parts (early, middle, late)."""

NORMAL = "normal"
STOPPED = "stopped"
ENDINGS = (NORMAL, STOPPED)
"""How a game ended: by its rules, or stopped by a safety limit (``State.stopped``)."""


@dataclass(frozen=True)
class GameResult:
    """The outcome of one simulated game.

    ``index`` is the game's position in a run (0 for a single game); ``seed``
    reproduces it with :func:`play_game` given the same ``options``,
    ``design`` and ``bots`` (one spec per seat, as seated in this game);
    ``actions`` counts every applied decision.  ``ending`` is
    :data:`NORMAL` or :data:`STOPPED`.  ``counts[seat]`` maps each action
    type (``Action.TYPE``) to how often that seat chose it; ``phases[p]``
    does the same for all seats in the ``p``-th third of the game (action
    ``k`` of ``L`` falls in third ``3k // L``).  ``legal[seat]`` maps each
    action type to the number of that seat's decisions at which at least one
    action of the type was legal (``()`` in rows written before it was kept),
    so that "chosen when legal" is ``counts / legal``.  ``variant`` numbers the
    variant of a sweep and ``base_seed`` names the run.  ``record``
    (``state.record()``) is kept only when asked for.
    """

    index: int
    seed: int
    num_players: int
    bots: tuple[str, ...]
    scores: tuple[Score, ...]
    winners: tuple[int, ...]
    actions: int
    record: dict[str, Any] | None = field(default=None, hash=False)
    game: str = ""
    options: Mapping[str, OptionValue] = field(default_factory=dict, hash=False)
    design: Mapping[str, DesignValue] = field(default_factory=dict, hash=False)
    ending: str = NORMAL
    counts: tuple[Mapping[str, int], ...] = field(default=(), hash=False)
    phases: tuple[Mapping[str, int], ...] = field(default=(), hash=False)
    variant: int = 0
    base_seed: int | None = None
    legal: tuple[Mapping[str, int], ...] = field(default=(), hash=False)
    trace: tuple[tuple[int, tuple[Score, ...]], ...] = field(default=(), hash=False)
    """The running score: ``(actions applied, scores)`` at the start and after every
    action that changed a score (``()`` in rows written before it was kept)."""
    subjects: tuple[Mapping[str, int], ...] = field(default=(), hash=False)
    """Per seat, how often it chose each card or tile (``Game.choice_subject``);
    ``()`` when the game declares none or the row predates it."""
    subject_legal: tuple[Mapping[str, int], ...] = field(default=(), hash=False)
    """Per seat, the decisions at which each card or tile could be chosen."""
    units: int | None = None
    """The length as a player counts it (``Game.length_in_units``; ``None`` in older rows)."""
    how: str = ""
    """How the game ended by its rules (``Game.how_ended``; "" for the ordinary end)."""

    @property
    def stopped(self) -> bool:
        """The game was stopped by a safety limit, not ended by a rule (no winner)."""
        return self.ending == STOPPED

    def to_json(self) -> dict[str, Any]:
        """One row of ``bodoge sim --out`` (a JSON line, or a Parquet row)."""
        row: dict[str, Any] = {
            "game": self.game,
            "base_seed": self.base_seed,
            "variant": self.variant,
            "index": self.index,
            "seed": self.seed,
            "num_players": self.num_players,
            "options": dict(self.options),
            "design": dict(self.design),
            "bots": list(self.bots),
            "scores": list(self.scores),
            "winners": list(self.winners),
            "length": self.actions,
            "ending": self.ending,
            "actions": [dict(seat) for seat in self.counts],
            "phases": [dict(phase) for phase in self.phases],
            "legal": [dict(seat) for seat in self.legal],
            "trace": [[step, list(scores)] for step, scores in self.trace],
            "subjects": [dict(seat) for seat in self.subjects],
            "subject_legal": [dict(seat) for seat in self.subject_legal],
            "units": self.units,
            "how_ended": self.how,
        }
        if self.record is not None:
            row["record"] = self.record
        return row

    @classmethod
    def from_json(cls, row: Mapping[str, Any]) -> GameResult:
        """The result a row of :meth:`to_json` came from; ``ValueError`` if it is not one."""
        try:
            result = cls(
                index=_int(row["index"]),
                seed=_int(row["seed"]),
                num_players=_int(row["num_players"]),
                bots=tuple(str(bot) for bot in row["bots"]),
                scores=tuple(_number(score) for score in row["scores"]),
                winners=tuple(_int(seat) for seat in row["winners"]),
                actions=_int(row["length"]),
                record=row.get("record"),
                game=str(row["game"]),
                options=dict(row["options"]),
                design=dict(row["design"]),
                ending=str(row["ending"]),
                counts=tuple(_counts(seat) for seat in row["actions"]),
                phases=tuple(_counts(phase) for phase in row["phases"]),
                variant=_int(row.get("variant", 0)),
                base_seed=None if row.get("base_seed") is None else _int(row["base_seed"]),
                legal=tuple(_counts(seat) for seat in row.get("legal") or ()),
                trace=tuple(
                    (_int(step), tuple(_number(x) for x in scores))
                    for step, scores in row.get("trace") or ()
                ),
                subjects=tuple(_counts(seat) for seat in row.get("subjects") or ()),
                subject_legal=tuple(_counts(seat) for seat in row.get("subject_legal") or ()),
                units=None if row.get("units") is None else _int(row["units"]),
                how=str(row.get("how_ended") or ""),
            )
        except (KeyError, TypeError, AttributeError) as error:
            raise ValueError(f"not a row of bodoge sim --out: {error!r}") from None
        n = result.num_players
        if (
            n < 1
            or len(result.bots) != n
            or len(result.scores) != n
            or len(result.counts) != n
            or len(result.phases) != PHASES
            or len(result.legal) not in (0, n)
            or len(result.subject_legal) not in (0, n)
            or len(result.subjects) != len(result.subject_legal)
            or any(len(scores) != n for _, scores in result.trace)
            or any(not 0 <= seat < n for seat in result.winners)
            or result.ending not in ENDINGS
            or result.actions < 0
        ):
            raise ValueError(f"row {result.index}: its fields do not fit {n} players")
        return result


def _int(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"expected an integer, not {value!r}")
    return value


def _number(value: object) -> Score:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"expected a number, not {value!r}")
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _counts(value: object) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise TypeError(f"expected counts by action type, not {value!r}")
    return {str(kind): _int(count) for kind, count in value.items()}


def action_counts(
    events: Sequence[Event], num_players: int
) -> tuple[tuple[dict[str, int], ...], tuple[dict[str, int], ...]]:
    """Per seat and per third of the game: how often each action type was chosen.

    >>> import bodoge
    >>> state = bodoge.get_game("egyptian-bride").new_game(3, seed=1)
    >>> _ = state.apply(0, state.legal_actions(0)[0])
    >>> action_counts(state.events, 3)
    (({'take_face_up': 1}, {}, {}), ({'take_face_up': 1}, {}, {}))
    """
    seats: tuple[dict[str, int], ...] = tuple({} for _ in range(num_players))
    phases: tuple[dict[str, int], ...] = tuple({} for _ in range(PHASES))
    total = len(events)
    for position, event in enumerate(events):
        kind = event.action.TYPE
        mine = seats[event.seat]
        mine[kind] = mine.get(kind, 0) + 1
        phase = phases[position * PHASES // total]
        phase[kind] = phase.get(kind, 0) + 1
    return seats, phases


def bots_record(state: State) -> dict[str, Any]:
    """The game's record, saying that bots played every seat (``meta.bots``, as the server's)."""
    return {**state.record(), "meta": {"bots": list(range(state.num_players))}}


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
    design: Mapping[str, object] | None = None,
    variant: int = 0,
    base_seed: int | None = None,
) -> GameResult:
    """Play one game between bots and return its result.

    ``bot_specs`` gives one spec for every seat or one per seat.  Bots pick
    from ``legal_actions``, so their actions go through the fast path
    ``apply_unchecked``; ``checked=True`` uses the checked ``apply`` instead
    (for trying out a new bot).  Simultaneous decisions are taken one seat at
    a time in ``to_act`` order; a bot sees only what the contract shows it.
    ``design`` plays other values of the game's design parameters.
    Raises :class:`InvalidOptions` for bad options, design values or player
    counts, :class:`BadBotSpec` for bad specs and :class:`GameTooLong` for a
    game that does not end.
    """
    if isinstance(game, str):
        game = get_game(game)
    state = game.new_game(num_players, seed, options, design)
    specs = expand_bot_specs(bot_specs, state.num_players)
    bots = [make_bot(spec, game, bot_seed(state.seed, seat)) for seat, spec in enumerate(specs)]
    apply = state.apply if checked else state.apply_unchecked
    count = 0
    legal: tuple[dict[str, int], ...] = tuple({} for _ in range(state.num_players))
    subjects = _SubjectTally(game, state.num_players) if game.declares_subjects else None
    scores = tuple(state.scores)
    trace = [(0, scores)]
    to_act = state.to_act
    while to_act:
        if count >= max_actions:
            raise GameTooLong(
                f"{game.id} with {state.num_players} players, options {dict(state.options)}, "
                f"seed {state.seed} did not end within {max_actions} actions"
            )
        seat = to_act[0]
        options_now = state.legal_actions(seat)
        _count_legal(legal[seat], options_now)
        action = bots[seat].choose(state, seat)
        if subjects is not None:
            subjects.decision(state, seat, options_now, action)
        apply(seat, action)
        count += 1
        if tuple(state.scores) != scores:
            scores = tuple(state.scores)
            trace.append((count, scores))
        to_act = state.to_act
    counts, phases = action_counts(state.events, state.num_players)
    return GameResult(
        index=index,
        seed=state.seed,
        num_players=state.num_players,
        bots=tuple(str(spec) for spec in specs),
        scores=tuple(state.scores),
        winners=tuple(state.winners),
        actions=count,
        record=bots_record(state) if keep_record else None,
        game=game.id,
        options=dict(state.options),
        design=dict(state.design),
        ending=STOPPED if state.stopped else NORMAL,
        counts=counts,
        phases=phases,
        variant=variant,
        base_seed=base_seed,
        legal=legal,
        trace=tuple(trace),
        subjects=subjects.chosen if subjects is not None else (),
        subject_legal=subjects.legal if subjects is not None else (),
        units=game.length_in_units(state),
        how=game.how_ended(state),
    )


def _count_legal(tally: dict[str, int], legal: Sequence[Action]) -> None:
    """Add one decision to ``tally`` for every action type in ``legal`` (a seat's, now).

    This asks the rules for the legal actions once more per decision (the
    bot asks too); it is the cheap way to know what could have been chosen,
    against replaying every game for the report (measured in bench/README.md).
    """
    # dict.fromkeys, not a set: the order of the row's keys must not depend on string
    # hashing, which differs between worker processes (byte-identical files)
    for kind in dict.fromkeys(action.TYPE for action in legal):
        tally[kind] = tally.get(kind, 0) + 1


class _SubjectTally:
    """Per seat: the cards or tiles (``Game.choice_subject``) it could choose, and chose.

    Like action types, keys are counted in the legal actions' order (no set),
    so rows are byte-identical across worker processes.
    """

    def __init__(self, game: Game, num_players: int) -> None:
        self.subject = game.choice_subject
        self.legal: tuple[dict[str, int], ...] = tuple({} for _ in range(num_players))
        self.chosen: tuple[dict[str, int], ...] = tuple({} for _ in range(num_players))

    def decision(self, state: State, seat: int, legal: Sequence[Action], action: Action) -> None:
        tally = self.legal[seat]
        keys = (self.subject(state, option) for option in legal)
        for key in dict.fromkeys(key for key in keys if key is not None):
            tally[key] = tally.get(key, 0) + 1
        picked = self.subject(state, action)
        if picked is not None:
            mine = self.chosen[seat]
            mine[picked] = mine.get(picked, 0) + 1
