"""Naming bots with short spec strings: ``random``, ``ismcts:iterations=2000,c=1.4``.

A spec is a bot name, optionally followed by ``:`` and ``key=value`` pairs
separated by commas.  Each bot declares its parameters as data
(:class:`Param`: type, default, bounds), so values are parsed and checked
before any bot is made, and every mistake is a :class:`BadBotSpec` (a
``ValueError``) that names what is known.

>>> spec = parse_bot_spec("random")
>>> spec.name, dict(spec.params), str(spec)
('random', {}, 'random')
>>> parse_bot_spec("rnadom")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
bodoge.bots.spec.BadBotSpec: unknown bot 'rnadom'; the bots are: ...random...

Several specs in one string (as the command line takes them) are split at
commas; a ``key=value`` piece continues the parameters of the spec before it:

>>> split_bot_specs("random, ismcts:iterations=2000,c=1.4,random")
['random', 'ismcts:iterations=2000,c=1.4', 'random']
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from ..engine import BodogeError, Game, Text
from .base import Bot

ParamValue = bool | int | float | str

_NAME = re.compile(r"[a-z][a-z0-9_-]*\Z")
_INT = re.compile(r"[+-]?[0-9]+\Z")
_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


class BadBotSpec(BodogeError, ValueError):
    """A bot spec that names no known bot, or has bad parameters."""

    code = "bad_bot_spec"


AUTO = "auto"
"""The value of a number parameter left for the bot to choose per game (see ``Param.numeric``)."""


@dataclass(frozen=True)
class Param:
    """One parameter of a bot; its type is the type of ``default`` (or ``numeric``)."""

    name: str
    default: ParamValue
    help: Text = field(default_factory=lambda: Text("", ""))
    minimum: int | float | None = None
    maximum: int | float | None = None
    choices: tuple[str, ...] | None = None
    numeric: type[int] | type[float] | None = None
    """For a number that may also be left to the bot: its type.

    The parameter then also takes the word :attr:`word` (usually its
    default), which the bot's factory resolves: ``auto``, from what the
    game declares, say.
    """
    word: str = AUTO
    """The word a ``numeric`` parameter takes besides a number."""

    @property
    def kind(self) -> type:
        return self.numeric or type(self.default)

    def allowed(self) -> str:
        """The allowed values, in words, for error messages and listings."""
        if self.choices is not None:
            return "one of " + ", ".join(self.choices)
        if self.kind is bool:
            return "true or false"
        if self.kind is str:
            return "text"
        noun = "an integer" if self.kind is int else "a number"
        low = "" if self.minimum is None else f" ≥ {self.minimum}"
        high = "" if self.maximum is None else f" ≤ {self.maximum}"
        joint = " and" if low and high else ""
        return f"{noun}{low}{joint}{high}" + (f", or {self.word}" if self.numeric else "")

    def parse(self, bot: str, raw: str) -> ParamValue:
        """The typed value of ``raw``, or :class:`BadBotSpec`."""
        if self.numeric and raw.lower() == self.word:
            return self.word
        value = self._convert(raw)
        bad = value is None
        if isinstance(value, int | float) and not isinstance(value, bool):
            bad = (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            )
        if isinstance(value, str) and self.choices is not None:
            bad = value not in self.choices
        if bad or value is None:
            raise BadBotSpec(
                f"parameter {self.name!r} of bot {bot!r} must be {self.allowed()}, not {raw!r}"
            )
        return value

    def _convert(self, raw: str) -> ParamValue | None:
        if self.kind is bool:
            word = raw.lower()
            return True if word in _TRUE else False if word in _FALSE else None
        if self.kind is int:
            return int(raw) if _INT.match(raw) else None
        if self.kind is float:
            try:
                number = float(raw)
            except ValueError:
                return None
            return number if math.isfinite(number) else None
        return raw if raw else None


BotFactory = Callable[[Game, int, Mapping[str, ParamValue]], Bot]
"""Makes a bot for ``game`` from a seed and complete, checked parameters."""


@dataclass(frozen=True)
class BotType:
    """A kind of bot, declared as data: its name, parameters and factory."""

    name: str
    title: Text
    factory: BotFactory
    params: tuple[Param, ...] = ()

    def param(self, name: str) -> Param:
        for param in self.params:
            if param.name == name:
                return param
        have = ", ".join(p.name for p in self.params) or "none"
        raise BadBotSpec(f"bot {self.name!r} has no parameter {name!r}; its parameters: {have}")


@dataclass(frozen=True)
class BotSpec:
    """A parsed, checked spec: a known bot name and all its parameter values."""

    name: str
    params: Mapping[str, ParamValue] = field(default_factory=dict, hash=False)

    @property
    def bot_type(self) -> BotType:
        return bot_type(self.name)

    def __str__(self) -> str:
        """The canonical spec string: parameters that differ from their defaults."""
        declared = self.bot_type.params
        changed = [
            f"{p.name}={_show(self.params[p.name])}"
            for p in declared
            if self.params.get(p.name, p.default) != p.default
        ]
        return f"{self.name}:{','.join(changed)}" if changed else self.name


def _show(value: ParamValue) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


_BOTS: dict[str, BotType] = {}


def register_bot(kind: BotType) -> BotType:
    """Make a kind of bot available to :func:`make_bot` under its name."""
    if not _NAME.match(kind.name):
        raise ValueError(f"a bot name is lower-case letters, digits, '-' or '_': {kind.name!r}")
    known = _BOTS.get(kind.name)
    if known is not None and known != kind:
        raise ValueError(f"a different bot is already registered as {kind.name!r}")
    _BOTS[kind.name] = kind
    return kind


def unregister_bot(name: str) -> None:
    """Forget a kind of bot (for tests that register bots of their own)."""
    _BOTS.pop(name, None)


def bot_names() -> list[str]:
    """Names of every known bot, sorted."""
    return sorted(_BOTS)


def bot_type(name: str) -> BotType:
    """The registered kind of bot called ``name``, or :class:`BadBotSpec`."""
    try:
        return _BOTS[name]
    except KeyError:
        raise BadBotSpec(f"unknown bot {name!r}; the bots are: {', '.join(bot_names())}") from None


def parse_bot_spec(spec: str | BotSpec) -> BotSpec:
    """Parse ``name`` or ``name:key=value,...`` into a checked :class:`BotSpec`."""
    if isinstance(spec, BotSpec):
        return spec
    if not isinstance(spec, str):
        raise BadBotSpec(f"a bot spec is a string like 'random', not {spec!r}")
    text = spec.strip()
    name, colon, rest = text.partition(":")
    name = name.strip()
    if not name:
        raise BadBotSpec(f"empty bot spec {spec!r}; the bots are: {', '.join(bot_names())}")
    kind = bot_type(name)
    given: dict[str, ParamValue] = {}
    for piece in rest.split(",") if colon and rest.strip() else []:
        key, equals, raw = piece.partition("=")
        key, raw = key.strip(), raw.strip()
        if not equals or not key:
            raise BadBotSpec(
                f"bad parameter {piece.strip()!r} in bot spec {spec!r}; write key=value"
            )
        param = kind.param(key)
        if key in given:
            raise BadBotSpec(f"parameter {key!r} given twice in bot spec {spec!r}")
        given[key] = param.parse(name, raw)
    params = {p.name: given.get(p.name, p.default) for p in kind.params}
    return BotSpec(name, params)


def split_bot_specs(text: str) -> list[str]:
    """Split a comma-separated list of specs (see the module docstring)."""
    specs: list[str] = []
    for raw in text.split(","):
        piece = raw.strip()
        if specs and "=" in piece and ":" not in piece and ":" in specs[-1]:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def expand_bot_specs(specs: Iterable[str | BotSpec], seats: int) -> list[BotSpec]:
    """One parsed spec per seat: ``specs`` gives one for all seats or one for each."""
    parsed = [parse_bot_spec(spec) for spec in specs]
    if len(parsed) == 1:
        return parsed * seats
    if len(parsed) != seats:
        raise BadBotSpec(
            f"give one bot spec for all {seats} bot seats or one for each; got {len(parsed)}: "
            + ", ".join(str(spec) for spec in parsed)
        )
    return parsed


def make_bot(spec: str | BotSpec, game: Game, seed: int) -> Bot:
    """A new bot for ``game`` named by ``spec``, drawing randomness from ``seed``.

    >>> import bodoge
    >>> make_bot("random", bodoge.get_game("egyptian-bride"), seed=3)
    RandomBot(seed=3)
    """
    parsed = parse_bot_spec(spec)
    return parsed.bot_type.factory(game, seed, parsed.params)


def describe_bots(lang: str, names: Sequence[str] | None = None) -> list[str]:
    """One line per bot for help texts: name, title and parameters."""
    lines = []
    for name in names or bot_names():
        kind = bot_type(name)
        params = ", ".join(f"{p.name}={_show(p.default)}" for p in kind.params)
        lines.append(f"{name}: {kind.title(lang)}" + (f" ({params})" if params else ""))
    return lines
