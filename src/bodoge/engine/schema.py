"""The shape of a view, declared as data, with bounds: a fixed-size numeric encoding.

A view is a JSON-ready dict whose lists may grow and whose fields may be
``None``; learning code wants a flat vector of a fixed length with known
bounds.  A game declares the shape of its view with the small vocabulary
below, and :meth:`Shape.encode` turns a view into exactly :attr:`Shape.size`
numbers, each within the bounds :meth:`Shape.bounds` gives, or raises
:class:`ViewMismatch` naming where the view and its declared shape disagree.

A game declares its own view's shape with :meth:`Game.view_schema
<bodoge.engine.Game.view_schema>`; the OpenSpiel and PettingZoo adapters
(``bodoge.interop``) encode views with it, and the conformance tests check
every view against it.  This module needs nothing but the standard library.

>>> shape = Record({
...     "round": Num(1, 5),
...     "hand": Counts((1, 2, 3), most=2),
...     "leader": Maybe(Seat(3)),
...     "title": Skip(),
... })
>>> out: list[float] = []
>>> shape.encode({"round": 2, "hand": [3, 1, 3], "leader": 1, "title": "x"}, out)
>>> out
[2, 1, 0, 2, 1, 0, 1, 0]
>>> shape.size, shape.bounds()[0]
(8, (1, 5))
>>> shape.encode({"round": 9, "hand": [], "leader": None, "title": "x"}, [])
Traceback (most recent call last):
...
bodoge.engine.schema.ViewMismatch: round: 9 is outside 1..5
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

Number = int | float
Bound = tuple[Number, Number]


class ViewMismatch(ValueError):
    """A view does not have the shape its game declared."""

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}" if where else problem)

    def inside(self, key: str) -> ViewMismatch:
        """The same mismatch, one level further out (``key`` prefixed to its place)."""
        return ViewMismatch(f"{key}.{self.where}" if self.where else key, self.problem)


def _is_number(value: object) -> bool:
    return type(value) is int or type(value) is float


class Shape(ABC):
    """One node of a view's shape: a fixed number of slots, each with bounds."""

    @property
    @abstractmethod
    def size(self) -> int:
        """How many numbers :meth:`encode` writes."""

    @abstractmethod
    def bounds(self) -> list[Bound]:
        """``(low, high)`` of each slot, ``low < high``."""

    @abstractmethod
    def encode(self, value: Any, out: list[Number]) -> None:
        """Append exactly :attr:`size` numbers for ``value`` to ``out``."""

    def slot_names(self, prefix: str) -> list[str]:
        """A readable name for each slot (for layouts and debugging)."""
        return (
            [prefix] * self.size if self.size == 1 else [f"{prefix}[{i}]" for i in range(self.size)]
        )

    @property
    def nullable(self) -> bool:
        """Whether a record may leave this field out (it then encodes as ``None``)."""
        return False


class Num(Shape):
    """A number between ``low`` and ``high`` (inclusive), written as it is."""

    def __init__(self, low: Number, high: Number) -> None:
        if not low < high:
            raise ValueError(f"Num needs low < high, not {low}..{high}")
        self.low, self.high = low, high

    @property
    def size(self) -> int:
        return 1

    def bounds(self) -> list[Bound]:
        return [(self.low, self.high)]

    def encode(self, value: Any, out: list[Number]) -> None:
        if not _is_number(value):
            raise ViewMismatch("", f"expected a number, not {value!r}")
        if not self.low <= value <= self.high:
            raise ViewMismatch("", f"{value} is outside {self.low}..{self.high}")
        out.append(value)

    def __repr__(self) -> str:
        return f"Num({self.low}, {self.high})"


class Flag(Shape):
    """``true`` or ``false``, written as 1 or 0."""

    @property
    def size(self) -> int:
        return 1

    def bounds(self) -> list[Bound]:
        return [(0, 1)]

    def encode(self, value: Any, out: list[Number]) -> None:
        if type(value) is not bool:
            raise ViewMismatch("", f"expected true or false, not {value!r}")
        out.append(1 if value else 0)

    def __repr__(self) -> str:
        return "Flag()"


class Choice(Shape):
    """One of a few values (numbers or strings), written one-hot."""

    def __init__(self, values: Iterable[int | str]) -> None:
        self.values = tuple(values)
        if not self.values or len(set(self.values)) != len(self.values):
            raise ValueError(f"Choice needs distinct values, not {self.values!r}")
        self._index = {value: i for i, value in enumerate(self.values)}

    @property
    def size(self) -> int:
        return len(self.values)

    def bounds(self) -> list[Bound]:
        return [(0, 1)] * len(self.values)

    def encode(self, value: Any, out: list[Number]) -> None:
        index = self._index.get(value) if type(value) in (int, str) else None
        if index is None:
            raise ViewMismatch("", f"{value!r} is not one of {list(self.values)}")
        hot = [0] * len(self.values)
        hot[index] = 1
        out.extend(hot)

    def slot_names(self, prefix: str) -> list[str]:
        return [f"{prefix}={value}" for value in self.values]

    def __repr__(self) -> str:
        return f"Choice({self.values!r})"


class Seat(Choice):
    """A seat ``0..num_players-1``, written one-hot."""

    def __init__(self, num_players: int) -> None:
        super().__init__(range(num_players))

    def __repr__(self) -> str:
        return f"Seat({len(self.values)})"


class Seats(Shape):
    """A list of distinct seats (to act, winners), written as one flag per seat."""

    def __init__(self, num_players: int) -> None:
        self.num_players = num_players

    @property
    def size(self) -> int:
        return self.num_players

    def bounds(self) -> list[Bound]:
        return [(0, 1)] * self.num_players

    def encode(self, value: Any, out: list[Number]) -> None:
        if type(value) is not list:
            raise ViewMismatch("", f"expected a list of seats, not {value!r}")
        flags = [0] * self.num_players
        for seat in value:
            if type(seat) is not int or not 0 <= seat < self.num_players or flags[seat]:
                raise ViewMismatch("", f"{value!r} is not a list of distinct seats")
            flags[seat] = 1
        out.extend(flags)

    def __repr__(self) -> str:
        return f"Seats({self.num_players})"


class Counts(Shape):
    """A list of values whose order does not matter, written as a count per value."""

    def __init__(self, values: Iterable[int | str], most: int) -> None:
        self.values = tuple(values)
        if not self.values or len(set(self.values)) != len(self.values) or most < 1:
            raise ValueError(f"Counts needs distinct values and most >= 1, not {self.values!r}")
        self.most = most
        self._index = {value: i for i, value in enumerate(self.values)}

    @property
    def size(self) -> int:
        return len(self.values)

    def bounds(self) -> list[Bound]:
        return [(0, self.most)] * len(self.values)

    def encode(self, value: Any, out: list[Number]) -> None:
        if type(value) is not list:
            raise ViewMismatch("", f"expected a list, not {value!r}")
        counts = [0] * len(self.values)
        index = self._index
        for item in value:
            i = index.get(item) if type(item) in (int, str) else None
            if i is None:
                raise ViewMismatch("", f"{item!r} is not one of {list(self.values)}")
            counts[i] += 1
        if counts and max(counts) > self.most:
            raise ViewMismatch("", f"more than {self.most} of one value in {value!r}")
        out.extend(counts)

    def slot_names(self, prefix: str) -> list[str]:
        return [f"{prefix}#{value}" for value in self.values]

    def __repr__(self) -> str:
        return f"Counts({self.values!r}, most={self.most})"


class Array(Shape):
    """A list of exactly ``length`` items of one shape (one per seat, per number...)."""

    def __init__(self, item: Shape, length: int) -> None:
        if length < 1:
            raise ValueError(f"Array needs length >= 1, not {length}")
        self.item, self.length = item, length
        self._numbers = item.bounds()[0] if isinstance(item, Num) else None

    @property
    def size(self) -> int:
        return self.item.size * self.length

    def bounds(self) -> list[Bound]:
        return self.item.bounds() * self.length

    def encode(self, value: Any, out: list[Number]) -> None:
        if type(value) is not list or len(value) != self.length:
            raise ViewMismatch("", f"expected a list of {self.length}, not {value!r}")
        if self._numbers is not None:  # the common case, checked in bulk
            low, high = self._numbers
            if all(map(_is_number, value)) and low <= min(value) and max(value) <= high:
                out.extend(value)
                return
        for i, item in enumerate(value):
            try:
                self.item.encode(item, out)
            except ViewMismatch as error:
                raise error.inside(f"[{i}]") from None

    def slot_names(self, prefix: str) -> list[str]:
        return [n for i in range(self.length) for n in self.item.slot_names(f"{prefix}[{i}]")]

    def __repr__(self) -> str:
        return f"Array({self.item!r}, {self.length})"


class Seq(Shape):
    """A list of at most ``most`` items in an order that matters: its length, then the items.

    Missing items are written as zeros.
    """

    def __init__(self, item: Shape, most: int) -> None:
        if most < 1:
            raise ValueError(f"Seq needs most >= 1, not {most}")
        self.item, self.most = item, most

    @property
    def size(self) -> int:
        return 1 + self.item.size * self.most

    def bounds(self) -> list[Bound]:
        return [(0, self.most)] + _with_zero(self.item.bounds()) * self.most

    def encode(self, value: Any, out: list[Number]) -> None:
        if type(value) is not list or len(value) > self.most:
            raise ViewMismatch("", f"expected a list of at most {self.most}, not {value!r}")
        out.append(len(value))
        for i, item in enumerate(value):
            try:
                self.item.encode(item, out)
            except ViewMismatch as error:
                raise error.inside(f"[{i}]") from None
        out.extend([0] * (self.item.size * (self.most - len(value))))

    def slot_names(self, prefix: str) -> list[str]:
        items = [n for i in range(self.most) for n in self.item.slot_names(f"{prefix}[{i}]")]
        return [f"{prefix}.length", *items]

    def __repr__(self) -> str:
        return f"Seq({self.item!r}, most={self.most})"


class Maybe(Shape):
    """``inner`` or ``None`` (or, in a record, left out): a presence flag, then ``inner``.

    ``None`` is written as a 0 flag followed by zeros.
    """

    def __init__(self, inner: Shape) -> None:
        self.inner = inner

    @property
    def size(self) -> int:
        return 1 + self.inner.size

    def bounds(self) -> list[Bound]:
        return [(0, 1), *_with_zero(self.inner.bounds())]

    def encode(self, value: Any, out: list[Number]) -> None:
        if value is None:
            out.extend([0] * (1 + self.inner.size))
            return
        out.append(1)
        self.inner.encode(value, out)

    def slot_names(self, prefix: str) -> list[str]:
        return [f"{prefix}?", *self.inner.slot_names(prefix)]

    @property
    def nullable(self) -> bool:
        return True

    def __repr__(self) -> str:
        return f"Maybe({self.inner!r})"


class Skip(Shape):
    """A field left out of the encoding (constant for a game and option set, or text)."""

    @property
    def size(self) -> int:
        return 0

    def bounds(self) -> list[Bound]:
        return []

    def encode(self, value: Any, out: list[Number]) -> None:
        del value, out

    @property
    def nullable(self) -> bool:
        return True

    def __repr__(self) -> str:
        return "Skip()"


class Record(Shape):
    """A dict with exactly the declared keys, encoded in declaration order.

    A key may be missing only if its shape is :class:`Maybe` or :class:`Skip`;
    a key that is not declared is a mismatch, so a view that grows a field
    fails loudly instead of being encoded without it.
    """

    def __init__(self, fields: Mapping[str, Shape]) -> None:
        self.fields = dict(fields)
        self._size = sum(shape.size for shape in self.fields.values())

    @property
    def size(self) -> int:
        return self._size

    def bounds(self) -> list[Bound]:
        return [bound for shape in self.fields.values() for bound in shape.bounds()]

    def encode(self, value: Any, out: list[Number]) -> None:
        if type(value) is not dict:
            raise ViewMismatch("", f"expected an object, not {value!r}")
        fields = self.fields
        for key in value:
            if key not in fields:
                raise ViewMismatch(key, "this key is not in the declared shape")
        for key, shape in fields.items():
            item = value.get(key)
            if item is None and key not in value and not shape.nullable:
                raise ViewMismatch(key, "missing")
            try:
                shape.encode(item, out)
            except ViewMismatch as error:
                raise error.inside(key) from None

    def slot_names(self, prefix: str) -> list[str]:
        dot = f"{prefix}." if prefix else ""
        return [n for key, shape in self.fields.items() for n in shape.slot_names(dot + key)]

    def merged(self, other: Record) -> Record:
        """This record's fields followed by ``other``'s; a key in both is an error."""
        clash = sorted(set(self.fields) & set(other.fields))
        if clash:
            raise ValueError(f"the records both declare {clash}")
        return Record({**self.fields, **other.fields})

    def __repr__(self) -> str:
        return f"Record({self.fields!r})"


def _with_zero(bounds: Sequence[Bound]) -> list[Bound]:
    """Widen bounds to include 0, the filler for absent values."""
    return [(min(low, 0), max(high, 0)) for low, high in bounds]
