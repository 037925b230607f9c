"""The rules' plumbing: an action table, dispatch per action type, phases, a declared view.

:class:`Rules` is a :class:`~bodoge.engine.State` for a game written the
kit's way.  Its subclass declares, next to the rules they belong to:

* ``@plays(Kind)`` on the method that carries out actions of type ``Kind``
  (``_play`` dispatches on the action's type: no ``isinstance`` chain);
* ``PHASES``: for each value of ``self.phase``, the action types it accepts
  and what the table is doing, so that an action of the wrong kind is
  refused with that sentence, derived from the same declaration that
  decides who acts (``_why_illegal``); ``@explains(Kind)`` adds the reason
  an action of an accepted kind is not legal now.

Its game declares ``view``: a :class:`View`, the view declared once, each
field's shape beside the code that fills it, so that ``_view`` and the
game's ``view_schema`` come from the same lines.  The game holds it, not
the state class, because the view's fields read the state: the view imports
the rules, never the reverse.

Legal actions come from :meth:`Rules.table`, built once per option set and
player count from the game's declared ``action_space``: the rules hand out
the very actions the space declares.

>>> from dataclasses import dataclass
>>> from bodoge.engine import Action
>>> @dataclass(frozen=True, slots=True)
... class Bid(Action):
...     TYPE = "bid"
...     amount: int
>>> table = ActionTable([Bid(1), Bid(2)])
>>> table.of(Bid)[2], table.index[Bid(2)]
(Bid(amount=2), 1)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from ..actions import Action
from ..events import Outcome
from ..schema import Record, Shape
from ..state import State

if TYPE_CHECKING:
    from ..options import OptionValue

A = TypeVar("A", bound=Action)
S = TypeVar("S", bound=State)
Handler = Callable[[Any, int, Any], Outcome | None]
Explainer = Callable[[Any, int, Any], str | None]


def expect(condition: object, problem: str) -> None:
    """Raise ``AssertionError(problem)`` unless ``condition``: for ``check_conservation``.

    Unlike ``assert``, it also checks under ``python -O``.
    """
    if not condition:
        raise AssertionError(problem)


class ActionTable:
    """Every action of a declared action space, each once, indexed for the rules.

    ``of(Kind)`` maps an action's field value (or tuple of values, with
    several fields) to the action; ``one(Kind)`` is the action of a kind
    without fields.  The actions are the space's own objects, so legal
    lists hand out shared, immutable values.
    """

    def __init__(self, actions: Iterable[Action]) -> None:
        self.actions = tuple(actions)
        self.index = {action: i for i, action in enumerate(self.actions)}
        by_type: dict[type[Action], dict[Any, Action]] = {}
        for action in self.actions:
            values = tuple(getattr(action, f.name) for f in dataclasses.fields(action))
            key = values[0] if len(values) == 1 else (values or None)
            by_type.setdefault(type(action), {})[key] = action
        self._by_type = {kind: MappingProxyType(found) for kind, found in by_type.items()}

    def of(self, kind: type[A]) -> Mapping[Any, A]:
        """The actions of ``kind``, by field value (or tuple of values); read-only, shared."""
        return self._by_type.get(kind, _NONE)  # type: ignore[return-value]

    def one(self, kind: type[A]) -> A:
        """The action of a kind that has no fields."""
        return self._by_type[kind][None]  # type: ignore[return-value]


_NONE: Mapping[Any, Any] = MappingProxyType({})
_TABLES: dict[tuple[str, tuple[tuple[str, Any], ...], int], ActionTable] = {}


def plays(*kinds: type[Action]) -> Callable[[Handler], Handler]:
    """Mark a :class:`Rules` method as the one that carries out actions of ``kinds``."""

    def mark(method: Handler) -> Handler:
        method.__plays__ = kinds  # type: ignore[attr-defined]
        return method

    return mark


def explains(kind: type[Action]) -> Callable[[Explainer], Explainer]:
    """Mark a :class:`Rules` method as the reason an accepted action of ``kind`` is illegal."""

    def mark(method: Explainer) -> Explainer:
        method.__explains__ = kind  # type: ignore[attr-defined]
        return method

    return mark


@dataclasses.dataclass(frozen=True)
class Phase:
    """What a phase of the game accepts: action types, and what the table is doing."""

    accepts: tuple[type[Action], ...]
    doing: str | None = None
    """Said to a seat that tries an action of another kind (English, for developers);
    ``None``: the refusal lists the legal actions instead."""


class Rules(State):
    """A state written the kit's way (see the module docstring)."""

    PHASES: ClassVar[Mapping[Any, Phase]] = {}
    phase: Any
    _handlers: ClassVar[dict[type[Action], Handler]] = {}
    _explainers: ClassVar[dict[type[Action], Explainer]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        handlers: dict[type[Action], Handler] = {}
        explainers: dict[type[Action], Explainer] = {}
        for klass in reversed(cls.__mro__):
            for value in vars(klass).values():
                for kind in getattr(value, "__plays__", ()):
                    handlers[kind] = value
                if hasattr(value, "__explains__"):
                    explainers[value.__explains__] = value
        cls._handlers, cls._explainers = handlers, explainers

    def table(self) -> ActionTable:
        """The game's declared action space for these options and players, built once."""
        key = (self.game.id, tuple(sorted(self.options.items())), self.num_players)
        table = _TABLES.get(key)
        if table is None:
            table = _TABLES[key] = ActionTable(
                self.game.action_space(self.options, self.num_players)
            )
        return table

    def _play(self, seat: int, action: Action) -> Outcome | None:
        return self._handlers[type(action)](self, seat, action)

    def _why_illegal(self, seat: int, action: Action) -> str | None:
        phase = self.PHASES.get(self.phase)
        if phase is not None and type(action) not in phase.accepts:
            return phase.doing  # None: the engine lists the legal actions
        explain = self._explainers.get(type(action))
        return None if explain is None else explain(self, seat, action)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return self.game.view.render(self, seat)

    def view_part(self, seat: int | None, *names: str) -> dict[str, Any]:
        """The fields ``names`` of what ``view(seat)`` adds to the header, and nothing else.

        A game's heuristic reads its seat's view, so that it never sees more
        than the seat; in a search's playouts it decides at every move, where
        building the whole view for the few fields it reads costs more than
        the decision.  The fields come from the view's own functions.
        """
        return self.game.view.part(self, seat, names)


# --------------------------------------------------------------------- view

ShapeOf = Shape | Callable[["Mapping[str, OptionValue]", int], Shape]


class View:
    """A view declared once: each field's shape beside the function that fills it.

    ``render(state, key)`` calls every field's function with the state and
    ``key`` (the viewing seat, or for a nested view such as one player's,
    that player) in declaration order; ``schema(options, num_players)``
    gives the :class:`~bodoge.engine.schema.Record` the same fields declare.

    >>> from bodoge.engine.schema import Num
    >>> view = View()
    >>> @view.field(Num(0, 9))
    ... def score(state, seat):
    ...     return state["score"]
    >>> view.render({"score": 3}, None), view.schema({}, 2)
    ({'score': 3}, Record({'score': Num(0, 9)}))
    """

    def __init__(self) -> None:
        self.fields: list[tuple[str, ShapeOf, Callable[[Any, Any], Any]]] = []
        self._fills: dict[str, Callable[[Any, Any], Any]] = {}

    def field(
        self, shape: ShapeOf, name: str | None = None
    ) -> Callable[[Callable[[Any, Any], Any]], Callable[[Any, Any], Any]]:
        """Declare the field named after the decorated function (or ``name``)."""

        def add(fill: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
            self._add(name or fill.__name__, shape, fill)
            return fill

        return add

    def constant(self, name: str, shape: ShapeOf, value: Callable[[Any, Any], Any]) -> None:
        """A field whose value a one-line function gives (a count, a copy)."""
        self._add(name, shape, value)

    def _add(self, name: str, shape: ShapeOf, fill: Callable[[Any, Any], Any]) -> None:
        self.fields.append((name, shape, fill))
        self._fills[name] = fill

    def render(self, state: Any, key: Any) -> dict[str, Any]:
        return {name: fill(state, key) for name, _, fill in self.fields}

    def part(self, state: Any, key: Any, names: Iterable[str]) -> dict[str, Any]:
        """The fields ``names`` of :meth:`render`, filled by the same functions, and no other."""
        fills = self._fills
        return {name: fills[name](state, key) for name in names}

    def schema(self, options: Mapping[str, OptionValue], num_players: int) -> Record:
        return Record(
            {
                name: shape if isinstance(shape, Shape) else shape(options, num_players)
                for name, shape, _ in self.fields
            }
        )
