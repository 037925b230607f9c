"""Actions: small frozen values with a JSON wire form and ja/en labels.

A game declares each kind of decision as a frozen dataclass subclass of
:class:`Action` with a unique ``TYPE``.  The wire form is a flat JSON object
``{"type": TYPE, field: value, ...}``; :func:`parse_action` checks the shape
and field types strictly and raises :class:`MalformedAction` on anything
else, so input from people and networks never reaches the rules unchecked.
Whether a well-formed action is *legal now* is the state's business.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Bid(Action):
...     TYPE = "bid"
...     amount: int
>>> Bid(3).to_json()
{'type': 'bid', 'amount': 3}
>>> parse_action((Bid,), {"type": "bid", "amount": 3})
Bid(amount=3)
>>> parse_action((Bid,), {"type": "bid", "amount": "3"})
Traceback (most recent call last):
...
bodoge.engine.errors.MalformedAction: field 'amount' of a 'bid' action must be int, not '3'
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Sequence
from typing import Any, ClassVar

from .errors import MalformedAction
from .text import DEFAULT_LANG


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base class of every game's actions (subclasses are frozen dataclasses)."""

    TYPE: ClassVar[str] = "action"

    def to_json(self) -> dict[str, Any]:
        """The wire form: a flat JSON object with the action's ``type``."""
        data: dict[str, Any] = {"type": self.TYPE}
        for name in _field_types(type(self)):
            data[name] = getattr(self, name)
        return data

    def label(self, lang: str = DEFAULT_LANG, names: Sequence[str] | None = None) -> str:
        """A short phrase for people; games override it with ja/en text.

        A label that names a seat calls it ``seat_name(seat, lang, names)``:
        by its player's name when ``names`` (one per seat) is given.
        """
        del lang, names
        fields = ", ".join(f"{k}={v}" for k, v in self.to_json().items() if k != "type")
        return f"{self.TYPE}({fields})"

    def whole_label(
        self,
        steps: Sequence[Action],
        lang: str = DEFAULT_LANG,
        names: Sequence[str] | None = None,
    ) -> str:
        """A whole choice made in steps, in words, said by the action that completes it:
        ``steps`` are the draft steps before it, in order.  By default each step's label in
        turn; a game whose steps pick and take back items overrides it to say what was
        chosen ("pass Payoo 6, ♣2 and ♣7"), not how it was clicked.
        """
        return ("、" if lang == "ja" else ", ").join(
            action.label(lang, names) for action in (*steps, self)
        )


_WIRE_TYPES = (bool, int, str)
_FIELD_TYPES: dict[type[Action], dict[str, type]] = {}


def _field_types(cls: type[Action]) -> dict[str, type]:
    """Field name → wire type (bool, int or str), worked out once per class."""
    known = _FIELD_TYPES.get(cls)
    if known is not None:
        return known
    hints = typing.get_type_hints(cls)
    types: dict[str, type] = {}
    for field in dataclasses.fields(cls):
        hint = hints[field.name]
        if hint not in _WIRE_TYPES:
            raise TypeError(f"{cls.__name__}.{field.name}: action fields must be bool, int or str")
        types[field.name] = hint
    _FIELD_TYPES[cls] = types
    return types


def check_field_types(action: Action) -> None:
    """Refuse an action built in Python with fields of the wrong type.

    ``Place(4.0) == Place(4)`` and ``Place(True) == Place(1)`` in Python, so
    without this check a checked ``apply`` could accept a value that the
    wire form would refuse and that a record could not replay.
    """
    for name, wire_type in _field_types(type(action)).items():
        value = getattr(action, name)
        if type(value) is not wire_type:
            raise MalformedAction(
                f"field {name!r} of a {action.TYPE!r} action must be "
                f"{wire_type.__name__}, not {value!r}"
            )


def parse_action(types: Sequence[type[Action]], obj: object) -> Action:
    """Build one of ``types`` from its wire form, or raise :class:`MalformedAction`."""
    if not isinstance(obj, dict):
        raise MalformedAction(f"an action must be a JSON object, not {obj!r}")
    kind = obj.get("type")
    by_type = {cls.TYPE: cls for cls in types}
    cls = by_type.get(kind) if isinstance(kind, str) else None
    if cls is None:
        known = ", ".join(sorted(by_type))
        raise MalformedAction(f"unknown action type {kind!r}; this game has: {known}")
    expected = _field_types(cls)
    given = set(obj) - {"type"}
    if given != set(expected):
        missing = sorted(set(expected) - given)
        extra = sorted(given - set(expected), key=repr)
        raise MalformedAction(
            f"a {kind!r} action has fields {sorted(expected)}; "
            f"missing {missing}, unexpected {extra}"
        )
    values: dict[str, Any] = {}
    for name, wire_type in expected.items():
        value = obj[name]
        if type(value) is not wire_type:
            raise MalformedAction(
                f"field {name!r} of a {kind!r} action must be {wire_type.__name__}, not {value!r}"
            )
        values[name] = value
    return cls(**values)
