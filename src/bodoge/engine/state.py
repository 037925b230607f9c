"""The state of one game in play, and the bookkeeping every game shares.

A game subclasses :class:`State` and writes only its hooks (``_setup``,
``to_act``, ``_legal``, ``_play``, ``_view``, ``scores``, ``winners`` and, with
hidden information, ``_redeal``).  The public methods here do the shared
work once: checked application, event records, views with the common header,
copies, determinisation and records.

Two speeds:

* :meth:`State.apply` is the checked path for anything that comes from a
  person, a file or the network.  It raises :class:`IllegalAction` (or a
  subclass) with a readable reason and leaves the state unchanged.
* :meth:`State.apply_unchecked` is the fast path for bots and simulation
  that take their action from :meth:`State.legal_actions` themselves.  It
  skips the legality check; an illegal action there corrupts the state.
"""

from __future__ import annotations

import marshal
import random
import re
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Self

from .actions import Action, check_field_types
from .errors import GameOver, IllegalAction, MalformedAction, WrongSeat
from .events import NOTHING, Event, Outcome
from .options import DesignValue, OptionValue
from .rng import Rng, as_rng
from .text import DEFAULT_LANG, Text, seat_name

if TYPE_CHECKING:
    from .game import Game

RECORD_FORMAT = "bodoge-record/1"
WINNERS = Text("勝者: {names}", "Winners: {names}")
NO_WINNER = Text("勝者なし", "No winner")
Score = int | float
KEY_FORMAT = 2
"""The marshal format of :meth:`State.information_key`: the last without references
(format 3 marks objects seen twice, which would make equal views' keys differ)."""

_CONTAINERS = (list, dict, set)


def copy_plain(value: Any) -> Any:
    """Copy nested lists, dicts and sets of immutable values (fast deepcopy)."""
    kind = type(value)
    if kind is list:
        return [copy_plain(v) if type(v) in _CONTAINERS else v for v in value]
    if kind is dict:
        return {k: copy_plain(v) if type(v) in _CONTAINERS else v for k, v in value.items()}
    if kind is set:
        return set(value)
    return value


def _copy_containers(values: list[Any]) -> list[Any]:
    """Deep copies of plain containers: marshal does it in C, :func:`copy_plain` otherwise.

    Search bots clone a state for every playout and the server for every
    decision, so this is one of the engine's hottest paths.  marshal copies
    exactly the built-in types (lists, dicts, sets, tuples, numbers, strings,
    ``None``) and refuses anything else, which then takes the slower path.
    The values come as a list, not a dict by name, so that marshal does not
    write and read every field's name at every copy.
    """
    try:
        copied: list[Any] = marshal.loads(marshal.dumps(values))
    except ValueError:
        return [copy_plain(value) for value in values]
    return copied


_CONTAINER_ANNOTATION = re.compile(r"\s*['\"]?(list|dict|set)\b")


def container_fields(cls: type) -> tuple[str, ...]:
    """The attributes a state class declares as plain containers: what :meth:`State.clone` copies.

    Derived from the class annotations (its own and its bases' below
    :class:`State`): a field annotated ``list[...]``, ``dict[...]`` or
    ``set[...]`` (possibly ``| None``) holds a plain container that each copy
    needs for itself; any other field holds an immutable value that copies
    share.  There is no list to keep by hand; the conformance suite checks
    at every step that every attribute holding a container is declared so.

    >>> class Toy:
    ...     deck: list[int]
    ...     hands: "dict[int, list[int]] | None"
    ...     round: int
    >>> container_fields(Toy)
    ('deck', 'hands')
    """
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        if klass in (State, ABC, object):
            continue
        for name, hint in vars(klass).get("__annotations__", {}).items():
            text = hint if isinstance(hint, str) else getattr(hint, "__name__", repr(hint))
            if name not in names and _CONTAINER_ANNOTATION.match(text):
                names.append(name)
    return tuple(names)


class State(ABC):
    """One game in progress (or finished).  See the module docstring.

    A game declares every attribute of its state with a class annotation;
    those annotated as plain containers (``list``, ``dict``, ``set``) are
    copied deeply by :meth:`clone` (see :func:`container_fields`), the rest
    are immutable and shared.
    """

    _copied: ClassVar[tuple[str, ...]] = ()
    """Derived, never written: the container fields :meth:`clone` copies deeply."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "_copied" in cls.__dict__:
            raise TypeError(
                f"{cls.__name__} sets _copied, which is derived: annotate its container "
                "attributes at class level instead (e.g. `hands: list[list[int]]`)"
            )
        cls._copied = container_fields(cls)

    game: Game
    num_players: int
    options: Mapping[str, OptionValue]
    design: Mapping[str, DesignValue]
    """The values of the game's design parameters (``Game.design``), all of them."""
    seed: int
    rng: Rng
    events: list[Event]
    determinized: bool

    def __init__(
        self,
        game: Game,
        num_players: int,
        options: Mapping[str, OptionValue],
        seed: int,
        design: Mapping[str, DesignValue] | None = None,
    ) -> None:
        self.game = game
        self.num_players = num_players
        self.options = MappingProxyType(dict(options))
        self.design = MappingProxyType(
            dict(game.resolve_design(None) if design is None else design)
        )
        self.seed = seed
        self.rng = Rng(seed)
        self.events = []
        self.determinized = False
        self._setup()

    # ------------------------------------------------------------------ hooks

    @abstractmethod
    def _setup(self) -> None:
        """Deal, shuffle and choose the first decision, using ``self.rng``."""

    @property
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """Seats whose decision is awaited now; ``()`` once the game is over."""

    @abstractmethod
    def _legal(self, seat: int) -> list[Action]:
        """Legal actions of ``seat``, which is in ``to_act``."""

    @abstractmethod
    def _play(self, seat: int, action: Action) -> Outcome | None:
        """Carry out a legal action; report what became known to whom."""

    @abstractmethod
    def _view(self, seat: int | None) -> dict[str, Any]:
        """Game-specific part of :meth:`view`: only what ``seat`` may see."""

    @property
    @abstractmethod
    def scores(self) -> tuple[Score, ...]:
        """One number per seat (running totals during play, final once over)."""

    @property
    @abstractmethod
    def winners(self) -> tuple[int, ...]:
        """Winning seats per the game's tie-break rules; ``()`` before the end."""

    def _redeal(self, seat: int | None, rng: Rng) -> None:
        """Re-deal at random everything hidden from ``seat`` (hidden-information games).

        The result may depend only on what ``seat`` knows and on ``rng``: put
        the unseen components in a canonical order (sort them) before drawing,
        so that re-dealing the true state and re-dealing an already re-dealt
        copy give the same worlds.  A fair search bot relies on this: its
        decision then depends on the seat's information alone.
        """
        del seat, rng

    def _why_illegal(self, seat: int, action: Action) -> str | None:
        """A game-specific reason why a well-formed action is not legal now."""
        del seat, action
        return None

    def check_conservation(self) -> None:
        """Raise ``AssertionError`` unless every component is accounted for, once.

        Each game declares what it conserves (all cards somewhere, each
        once; counts never negative); the conformance suite calls this after
        every step, on the state, its clones and its determinisations.
        """
        raise NotImplementedError(f"{type(self).__name__} declares no conservation check")

    @property
    def stopped(self) -> bool:
        """True once the game was stopped by a safety limit rather than ended by a rule.

        A safety limit is not a rule: it is set far beyond any game people
        play, and a game stopped by it has no winner (``winners`` is ``()``).
        A game with such a limit overrides this; the view's header and the
        record's result then carry ``"stopped": true`` (the key is absent
        from games that ended by their rules).
        """
        return False

    @property
    def eliminated(self) -> frozenset[int]:
        """Seats out of the game (they may stay out of ``to_act`` for good)."""
        return frozenset()

    @property
    def teams(self) -> tuple[tuple[int, ...], ...] | None:
        """Seats grouped by team, when this game is played in teams (else ``None``).

        A game that can be played in teams declares ``Game.has_teams``; one
        whose team play is an option returns ``None`` without it.
        """
        return None

    def summary(self, lang: str = DEFAULT_LANG, names: Sequence[str] | None = None) -> list[str]:
        """End-of-game summary lines for people; games add their own detail.

        ``names`` (one per seat) names the players; else P1, P2, …
        """
        if not self.is_over:
            return []
        winners = ", ".join(seat_name(s, lang, names) for s in self.winners)
        if not winners:
            return [NO_WINNER(lang)]
        return [WINNERS.format(names=winners)(lang)]

    # --------------------------------------------------------------- contract

    def legal_actions(self, seat: int) -> list[Action]:
        """Legal actions of ``seat`` now; ``[]`` for a seat not in :attr:`to_act`."""
        if type(seat) is not int or seat not in self.to_act:
            return []
        return self._legal(seat)

    def apply(self, seat: int, action: Action) -> Event:
        """Apply one checked decision; on error raise and change nothing."""
        self._check_seat(seat)
        to_act = self.to_act
        if not to_act:
            raise GameOver(f"the game is over; {_quote(action)} was not applied")
        if seat not in to_act:
            waiting = ", ".join(seat_name(s) for s in to_act)
            raise WrongSeat(
                f"{seat_name(seat)} cannot act now ({_quote(action)}); waiting for {waiting}"
            )
        if not isinstance(action, Action) or type(action) not in self.game.action_types:
            raise MalformedAction(f"{action!r} is not an action of {self.game.id}")
        check_field_types(action)
        legal = self._legal(seat)
        if action not in legal:
            reason = self._why_illegal(seat, action) or _not_among(legal)
            raise IllegalAction(
                f"{seat_name(seat)} cannot {action.label()} ({_quote(action)}): {reason}"
            )
        return self.apply_unchecked(seat, action)

    def apply_unchecked(self, seat: int, action: Action) -> Event:
        """The fast path: apply without checking legality (see module docstring)."""
        outcome = self._play(seat, action) or NOTHING
        event = Event(len(self.events), seat, action, outcome)
        self.events.append(event)
        return event

    @property
    def is_over(self) -> bool:
        return not self.to_act

    @property
    def version(self) -> int:
        """How many actions have been applied; a stale client names an old one."""
        return len(self.events)

    def view(self, seat: int | None) -> dict[str, Any]:
        """JSON-ready: everything ``seat`` may see, nothing more (``None``: spectator)."""
        if seat is not None:
            self._check_seat(seat)
        to_act = self.to_act  # asked once: some games work it out
        header: dict[str, Any] = {
            "game": self.game.id,
            "seat": seat,
            "num_players": self.num_players,
            "options": dict(self.options),
            "version": len(self.events),
            "to_act": list(to_act),
            "is_over": not to_act,
        }
        if not to_act:
            header["scores"] = list(self.scores)
            header["winners"] = list(self.winners)
            if self.stopped:
                header["stopped"] = True
        header.update(self._view(seat))
        return header

    def information_key(self, seat: int | None) -> str:
        """A string naming everything ``seat`` knows now: equal keys, equal knowledge.

        Search trees key their nodes by it at every step of every iteration,
        so it is one of the engine's hot paths.  The default is ``view(seat)``
        serialised by marshal (in C, several times faster than JSON): equal
        views give equal keys as long as the view builds its dicts in an
        order that depends only on what the seat knows, which a view built
        field by field does (the information-key tests check every game).
        Format 2 writes neither back-references nor interning flags, so
        the key does not depend on which equal objects happen to be shared.
        A game may override it with something cheaper that distinguishes
        the same situations.
        """
        return marshal.dumps(self.view(seat), KEY_FORMAT).decode("latin-1")

    def log(self, seat: int | None, lang: str = DEFAULT_LANG) -> list[dict[str, Any]]:
        """Every event so far, as ``seat`` may see it."""
        return [event.for_seat(seat, lang) for event in self.events]

    def clone(self) -> Self:
        """An independent copy: changing one never changes the other."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.rng = self.rng.copy()
        twin.events = self.events.copy()  # events are immutable: a shallow copy is enough
        if self._copied:
            names = self._copied
            copies = _copy_containers([getattr(self, name) for name in names])
            twin.__dict__.update(zip(names, copies, strict=True))
        return twin

    def determinize(self, seat: int | None, rng: Rng | random.Random | int) -> Self:
        """A copy where everything hidden from ``seat`` is re-dealt at random.

        The copy agrees with all that ``seat`` has seen (its view is the same)
        and its own generator is reseeded, so future chance is unknown too.
        It is for search: it has no record.
        """
        if seat is not None:
            self._check_seat(seat)
        source = as_rng(rng)
        twin = self.clone()
        twin.rng = Rng(source.seed_for_child())
        twin.determinized = True
        twin._redeal(seat, source)
        return twin

    def record(self) -> dict[str, Any]:
        """JSON-ready record: enough to replay this game exactly."""
        if self.determinized:
            raise ValueError("a determinized state has no record: its hidden cards are invented")
        record: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "game": self.game.id,
            "game_version": self.game.version,
            "options": dict(self.options),
            "num_players": self.num_players,
            "seed": self.seed,
            "actions": [[e.seat, e.action.to_json()] for e in self.events],
        }
        if self.design != self.game.resolve_design(None):
            # Only when played with other values: a default game's record is as it always was.
            record["design"] = dict(self.design)
        if self.is_over:
            record["result"] = {"scores": list(self.scores), "winners": list(self.winners)}
            if self.stopped:
                record["result"]["stopped"] = True
        return record

    # -------------------------------------------------------------- internals

    def _check_seat(self, seat: object) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise WrongSeat(f"a seat is a number 0..{self.num_players - 1}, not {seat!r}")
        if not 0 <= seat < self.num_players:
            raise WrongSeat(f"there is no seat {seat} in a {self.num_players}-player game")

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} {self.game.id} players={self.num_players} "
            f"seed={self.seed} version={self.version} to_act={self.to_act}>"
        )


def _quote(action: object) -> str:
    return repr(action.to_json()) if isinstance(action, Action) else repr(action)


def _not_among(legal: Sequence[Action], most: int = 8) -> str:
    if not legal:
        return "no action is legal now"
    shown = "; ".join(action.label() for action in legal[:most])
    more = f"; and {len(legal) - most} more" if len(legal) > most else ""
    return f"the legal actions are: {shown}{more}"
