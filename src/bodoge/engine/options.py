"""Game options declared as data: type, default, allowed values, help text.

A game lists its :class:`Option` objects; :func:`resolve_options` turns what
a caller passed into a complete, validated dict (the form stored in records),
so that two equal option sets always compare equal.

>>> flag = Option("short", Text("短縮", "Short game"), default=False)
>>> resolve_options((flag,), {"short": True})
{'short': True}
>>> resolve_options((flag,), {"shrot": True})
Traceback (most recent call last):
...
bodoge.engine.errors.InvalidOptions: unknown option 'shrot'; this game has: short
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import InvalidOptions
from .text import Text

OptionValue = bool | int | str
NO_HELP = Text("", "")


@dataclass(frozen=True)
class Option:
    """One option of a game.

    The value's type is the type of ``default``.  ``choices`` restricts it to
    a list; ``minimum``/``maximum`` bound an integer.  ``derive`` computes the
    default from the options declared before it (for a default that depends
    on another option); ``default_text`` then says so to people.
    ``choice_text`` gives each of the ``choices`` its words for people (the
    values themselves stay what records and the API carry).  ``only_with``
    names the values other options must have for this one to mean anything
    (Imhotep's per-site side with ``sides="custom"``): otherwise it keeps its
    default, and a form leaves it out (:func:`applicable`).
    """

    name: str
    title: Text
    default: OptionValue
    help: Text = NO_HELP
    choices: tuple[OptionValue, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    derive: Callable[[Mapping[str, OptionValue]], OptionValue] | None = None
    default_text: Text | None = None
    choice_text: Mapping[OptionValue, Text] | None = None
    only_with: Mapping[str, tuple[OptionValue, ...]] | None = None
    samples: tuple[OptionValue, ...] | None = None
    """The values tests and golden files play, when the others only repeat the same
    rules for longer (Cardiceo's 20 rounds, Papayoo's 3n hands); by default every
    choice, or the minimum, the default and the maximum."""

    def __post_init__(self) -> None:
        if self.choice_text is not None and set(self.choice_text) != set(self.choices or ()):
            raise ValueError(f"option {self.name!r}: choice_text must name every choice once")
        for sample in self.samples or ():
            self.validate(sample)

    def applies(self, values: Mapping[str, object]) -> bool:
        """Whether this option means anything with the other options at ``values``."""
        return all(values.get(name) in allowed for name, allowed in (self.only_with or {}).items())

    def value_text(self, value: OptionValue, lang: str) -> str:
        """A value of this option in words, for people."""
        if self.choice_text is not None and value in self.choice_text:
            return self.choice_text[value](lang)
        return str(value)

    @property
    def kind(self) -> type:
        return type(self.default)

    def allowed(self) -> str:
        """The allowed values, in words, for error messages and listings."""
        if self.choices is not None:
            return ", ".join(repr(c) for c in self.choices)
        if self.kind is bool:
            return "true, false"
        if self.kind is int:
            low = "…" if self.minimum is None else str(self.minimum)
            high = "…" if self.maximum is None else str(self.maximum)
            return f"integers {low}..{high}"
        return "text"

    def validate(self, value: object) -> OptionValue:
        """Return ``value`` if allowed, else raise :class:`InvalidOptions`."""
        wrong = InvalidOptions(
            f"option {self.name!r} cannot be {value!r}; allowed: {self.allowed()}"
        )
        if type(value) is not self.kind:  # bool is not accepted as int, nor int as bool
            raise wrong
        assert isinstance(value, (bool, int, str))
        if self.choices is not None and value not in self.choices:
            raise wrong
        if isinstance(value, int) and not isinstance(value, bool):
            if self.minimum is not None and value < self.minimum:
                raise wrong
            if self.maximum is not None and value > self.maximum:
                raise wrong
        return value

    def default_for(self, earlier: Mapping[str, OptionValue]) -> OptionValue:
        return self.derive(earlier) if self.derive is not None else self.default

    def values(self) -> tuple[OptionValue, ...]:
        """Representative values for exhaustive tests: the samples, every choice, or both ends."""
        if self.samples is not None:
            return self.samples
        if self.choices is not None:
            return self.choices
        if self.kind is bool:
            return (False, True)
        ends = [v for v in (self.minimum, self.default, self.maximum) if v is not None]
        return tuple(dict.fromkeys(ends))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "name": self.name,
            "type": self.kind.__name__,
            "default": self.default,
            "title": self.title.to_json(),
            "help": self.help.to_json(),
        }
        if self.choices is not None:
            data["choices"] = list(self.choices)
        if self.minimum is not None:
            data["minimum"] = self.minimum
        if self.maximum is not None:
            data["maximum"] = self.maximum
        if self.default_text is not None:
            data["default_text"] = self.default_text.to_json()
        if self.choice_text is not None:
            data["choice_text"] = {str(k): v.to_json() for k, v in self.choice_text.items()}
        if self.only_with is not None:
            data["only_with"] = {k: list(v) for k, v in self.only_with.items()}
        return data


def resolve_options(
    declared: Sequence[Option], given: Mapping[str, object] | None
) -> dict[str, OptionValue]:
    """Validate ``given`` against ``declared`` and fill in every default."""
    given = _known(given, [option.name for option in declared], "option", "no options")
    resolved: dict[str, OptionValue] = {}
    for option in declared:
        if option.name in given:
            resolved[option.name] = option.validate(given[option.name])
        else:
            resolved[option.name] = option.default_for(resolved)
    return resolved


def applicable(
    declared: Sequence[Option], given: Mapping[str, OptionValue]
) -> dict[str, OptionValue]:
    """``given`` without the options that mean nothing beside the others (``only_with``).

    A form that shows every option sends them all; those that do not apply
    (a site's side unless the sides are chosen site by site) are left to
    their defaults rather than refused.  The other options are read as
    given, else at their defaults.

    >>> sides = Option("sides", Text("面", "Sides"), "A", choices=("A", "B", "custom"))
    >>> one = Option("one", Text("1", "One"), "A", only_with={"sides": ("custom",)})
    >>> applicable((sides, one), {"sides": "B", "one": "B"})
    {'sides': 'B'}
    >>> applicable((sides, one), {"sides": "custom", "one": "B"})
    {'sides': 'custom', 'one': 'B'}
    """
    values: dict[str, OptionValue] = {}
    for option in declared:
        values[option.name] = given.get(option.name, option.default_for(values))
    by_name = {option.name: option for option in declared}
    return {
        name: value
        for name, value in given.items()
        if name not in by_name or by_name[name].applies(values)
    }


DesignValue = int | float
"""The value of a design parameter: a count, a number of points, a ratio."""


@dataclass(frozen=True)
class DesignParameter:
    """A number a designer tunes: a card's points, a deck's make-up, a limit.

    Unlike an :class:`Option`, which players choose at the table, a design
    parameter is part of the game as printed; ``bodoge sim --set`` and
    ``bodoge sweep --vary`` play with other values to see what they change.
    The value's type is the type of ``default`` (an ``int`` or a ``float``);
    ``minimum`` and ``maximum`` bound it (inclusive), so that every value in
    bounds gives a game the rules can play.

    >>> goal = DesignParameter("goal", Text("目標", "Goal"), 5, minimum=3, maximum=9)
    >>> resolve_design((goal,), {"goal": 7}), resolve_design((goal,), None)
    ({'goal': 7}, {'goal': 5})
    >>> resolve_design((goal,), {"goal": 2})
    Traceback (most recent call last):
    ...
    bodoge.engine.errors.InvalidOptions: design parameter 'goal' cannot be 2; allowed: integers 3..9
    """

    name: str
    title: Text
    default: DesignValue
    minimum: DesignValue
    maximum: DesignValue
    help: Text = NO_HELP

    def __post_init__(self) -> None:
        if type(self.default) not in (int, float):
            raise TypeError(f"design parameter {self.name!r}: the default must be int or float")
        if not self.minimum <= self.default <= self.maximum:
            raise ValueError(f"design parameter {self.name!r}: the default is out of bounds")

    @property
    def kind(self) -> type:
        return type(self.default)

    def allowed(self) -> str:
        words = "integers" if self.kind is int else "numbers"
        return f"{words} {self.minimum}..{self.maximum}"

    def validate(self, value: object) -> DesignValue:
        """Return ``value`` (a float parameter takes an int as a float), else raise."""
        if self.kind is float and type(value) is int:
            value = float(value)
        if type(value) is not self.kind:
            raise InvalidOptions(
                f"design parameter {self.name!r} cannot be {value!r}; allowed: {self.allowed()}"
            )
        assert isinstance(value, (int, float))
        if not (math.isfinite(value) and self.minimum <= value <= self.maximum):
            raise InvalidOptions(
                f"design parameter {self.name!r} cannot be {value!r}; allowed: {self.allowed()}"
            )
        return value

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "type": self.kind.__name__,
            "default": self.default,
            "minimum": self.minimum,
            "maximum": self.maximum,
            "title": self.title.to_json(),
            "help": self.help.to_json(),
        }


def resolve_design(
    declared: Sequence[DesignParameter], given: Mapping[str, object] | None
) -> dict[str, DesignValue]:
    """Validate ``given`` against ``declared`` and fill in every default."""
    given = _known(given, [p.name for p in declared], "design parameter", "none")
    return {p.name: p.validate(given[p.name]) if p.name in given else p.default for p in declared}


def _known(
    given: Mapping[str, object] | None, names: list[str], what: str, nothing: str
) -> Mapping[str, object]:
    """``given`` (``{}`` for ``None``) if it is a mapping of declared names, else raise."""
    given = {} if given is None else given
    if not isinstance(given, Mapping):
        raise InvalidOptions(f"{what}s must be a mapping of names to values, not {given!r}")
    for name in given:
        if name not in names:
            have = ", ".join(names) if names else nothing
            raise InvalidOptions(f"unknown {what} {name!r}; this game has: {have}")
    return given
