"""A game: its metadata, declared as data, and the factory for its states."""

from __future__ import annotations

import itertools
import json
import random
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from .actions import Action, parse_action
from .errors import InvalidOptions
from .kit.mixing import EXACT, draw_index, mixed_weights
from .kit.rules import View
from .options import (
    DesignParameter,
    DesignValue,
    Option,
    OptionValue,
    resolve_design,
    resolve_options,
)
from .rng import SEED_BITS, check_seed
from .schema import Record
from .state import State
from .text import DEFAULT_LANG, Text

_LEFT_OUT = object()


ROUNDS = Text("ラウンド", "rounds")
TURNS = Text("ターン", "turns")
"""Common :attr:`Game.length_unit` words."""


class Chooser(Protocol):
    """Anything that picks a legal action for a seat (bots satisfy it)."""

    def choose(self, state: State, seat: int) -> Action: ...


class SeededChooser(Chooser, Protocol):
    """A bot class made from a seed (and a temperature, for weaker play), as a game's
    heuristic is (see :class:`Strategy`)."""

    def __init__(self, seed: int, temperature: float = 0.0) -> None: ...


class Strategy:
    """Base of a game's own heuristic bot: a seeded generator of its own, forced moves at once.

    A game's ``bot.py`` subclasses it and writes :meth:`values`, one number
    per legal move (higher is better), asked only when there is a real
    choice.  The strategy then plays from a distribution over the moves
    (:mod:`bodoge.engine.kit.mixing`), never a fixed pick: moves within
    :attr:`near` of the best share the probability, so copies of one bot
    choosing at the same time do not all want the same thing; with a
    ``temperature`` (the ``easy`` level, in units of :attr:`scale`) worse
    moves keep some probability too.  :meth:`policy` exposes the
    distribution for opponent models and reviews.  A strategy that cannot
    score moves may override :meth:`decide` instead (a pure choice).

    Draws come from ``_rng`` so that a game between bots replays exactly.
    """

    near: ClassVar[float] = EXACT
    """Values at most this far below the best are near-equal, in the game's value units."""
    scale: ClassVar[float] = 1.0
    """A typical gap between a good move and a poor one, in value units: ``temperature``'s unit."""

    def __init__(self, seed: int, temperature: float = 0.0) -> None:
        self.seed = seed
        self.temperature = temperature
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        name = f"{type(self).__module__}.{type(self).__qualname__}"
        heat = f", temperature={self.temperature}" if self.temperature else ""
        return f"{name}(seed={self.seed}{heat})"

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        return self.decide(state, seat, legal)

    def decide(self, state: State, seat: int, legal: list[Action]) -> Action:
        """The strategy's choice among ``legal`` (two or more actions): a draw from
        :meth:`weights`."""
        return legal[draw_index(self.weights(state, seat, legal), self._rng)]

    def weights(self, state: State, seat: int, legal: list[Action]) -> list[float]:
        """The probability of each of ``legal``, from :meth:`values`."""
        return mixed_weights(
            self.values(state, seat, legal),
            near=self.near,
            temperature=self.temperature * self.scale,
        )

    def policy(self, state: State, seat: int) -> list[tuple[Action, float]]:
        """Each legal action of ``seat`` with the probability that this strategy plays it."""
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        return list(zip(legal, self.weights(state, seat, legal), strict=True))

    def values(self, state: State, seat: int, legal: list[Action]) -> list[float]:
        """How good each of ``legal`` is for ``seat`` (higher is better), from what it may see."""
        raise NotImplementedError(f"{type(self).__qualname__} must write values() or decide()")


@dataclass(frozen=True)
class Provisional:
    """A stand-in for data the original sources lack, shipped labelled.

    ``source`` names the data file that holds the stand-in values, so the
    real values can replace them without touching the rules code.
    """

    name: str
    text: Text
    source: str

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "text": self.text.to_json(), "source": self.source}


class Declarations(Protocol):
    """The four facts a game declares about all its games (usually its ``spaces`` module)."""

    def action_space(
        self, options: Mapping[str, OptionValue], num_players: int
    ) -> list[Action]: ...

    def view_schema(self, options: Mapping[str, OptionValue], num_players: int) -> Record: ...

    def score_range(
        self, options: Mapping[str, OptionValue], num_players: int
    ) -> tuple[float, float]: ...

    def max_game_length(self, options: Mapping[str, OptionValue], num_players: int) -> int: ...


class Game:
    """Base class of every game; a game package registers one instance.

    Subclasses declare the class attributes below as data.  Nothing here
    knows any game's rules: the :attr:`state_class` does.

    Every game also declares four facts about all the games it can be, for
    an option set (resolved, as in records) and a player count.  Fixed-size
    interfaces (the OpenSpiel and PettingZoo adapters) rely on them and the
    conformance tests check them against play; the base class raises
    ``NotImplementedError`` naming the game and the hook, so a game that
    forgot one fails clearly:

    * :meth:`action_space`: every action that can ever be legal, each once.
      An action's index is its stable integer id, so the order is part of
      the game's interface: change it only with :attr:`version`.
    * :meth:`view_schema`: the shape and bounds of the game's own part of
      ``view(seat)`` (what ``State._view`` returns, not the engine's header),
      in the vocabulary of :mod:`bodoge.engine.schema`.
    * :meth:`score_range`: ``(low, high)`` bounds of any seat's score.
    * :meth:`max_game_length`: the most ``apply`` calls any game can take.

    A game usually keeps the four in a module of their own and names it in
    :attr:`declarations`; it names its strategy's class in :attr:`heuristic`.
    How a search should play the game (playouts, horizon, margin, estimate)
    is no concern of the engine's: the game's ``hints`` module tells the
    bots (:mod:`bodoge.bots.hints`).
    """

    id: ClassVar[str]
    title: ClassVar[Text]
    blurb: ClassVar[Text] = Text("", "")
    players: ClassVar[tuple[int, int]]
    options: ClassVar[tuple[Option, ...]] = ()
    design: ClassVar[tuple[DesignParameter, ...]] = ()
    """The numbers a designer tunes (see :class:`DesignParameter`); states read them
    from ``State.design``."""
    action_types: ClassVar[tuple[type[Action], ...]]
    state_class: ClassVar[type[State]]
    simultaneous: ClassVar[bool] = False
    hidden_information: ClassVar[bool] = False
    cooperative: ClassVar[bool] = False
    has_teams: ClassVar[bool] = False
    ranks_within_team: ClassVar[bool] = False
    """Team play whose rules rank the players inside the winning team too (United Square):
    ``scores`` stay individual and ``winners`` may be part of a team, drawn from a team
    with the largest total."""
    provisional: ClassVar[tuple[Provisional, ...]] = ()
    glossary: ClassVar[Mapping[str, Text]] = {}
    words: ClassVar[Mapping[str, Text]] = {}
    """The game's own words for its table, by key (its template's ``t("key")``).

    With the title, blurb, glossary, options and action labels, every word a
    player reads lives in the game's package once; the server adds only its
    own (lobby, errors).
    """
    version: ClassVar[str] = "1"
    """The version of the game's interface: it changes when something a saved agent, a
    trained policy or a stored record relies on changes (the action ids of
    :meth:`action_space`, the view's schema, a rule), and names the Gymnasium id
    (``bodoge/<id>-v<version>``)."""
    versions: ClassVar[Mapping[str, str]] = {"1": "The first version."}
    """What each version changed, oldest first; the last key is :attr:`version`."""
    length_unit: ClassVar[Text] = Text("手", "actions")
    """What a player counts a game's length in (:data:`ROUNDS`, :data:`TURNS`, ...)."""
    length_counter: ClassVar[str] = ""
    """The state attribute that counts :attr:`length_unit` ("": count the actions)."""
    endings: ClassVar[Mapping[str, Text]] = {}
    """A name for each key :meth:`how_ended` gives ("the deck ran out"), for the simulator's
    reports (see :meth:`ending_name`)."""
    points_against: ClassVar[Text | None] = None
    """For a game scored by points against (the fewest wins), whose ``scores`` are those
    points negated: how a seat's points read, ``{n}`` the points (see :meth:`score_label`)."""
    declarations: Declarations | None = None
    """Where the four declared hooks live (a module such as the game's ``spaces``)."""
    view: ClassVar[View]
    """The game's part of ``view(seat)``, declared once (a :class:`~.kit.rules.View`), for
    a state written with the kit (:class:`~.kit.rules.Rules` renders it).

    The game holds it, not the state class: the view's fields read the state, so the
    rules never import their view and a game package has no import circle.
    """
    heuristic: type[SeededChooser] | None = None
    """The game's own strategy: a bot class made from a seed (see :meth:`heuristic_bot`)."""

    # ----------------------------------------------------------- player counts

    def player_range(self, options: Mapping[str, object] | None = None) -> tuple[int, int]:
        """Allowed player counts (inclusive) for ``options``; may depend on them."""
        del options
        return self.players

    @property
    def min_players(self) -> int:
        return self.player_range(self.resolve_options(None))[0]

    @property
    def max_players(self) -> int:
        return self.player_range(self.resolve_options(None))[1]

    # ----------------------------------------------------------------- options

    def resolve_options(self, options: Mapping[str, object] | None) -> dict[str, OptionValue]:
        """Validate options and fill in defaults (the form kept in records)."""
        return resolve_options(self.options, options)

    def resolve_design(self, design: Mapping[str, object] | None) -> dict[str, DesignValue]:
        """Validate design values and fill in defaults (``InvalidOptions`` if refused)."""
        return resolve_design(self.design, design)

    def variants(self) -> list[dict[str, OptionValue]]:
        """Every combination of representative option values, for exhaustive tests.

        An option whose default is derived from others is also left out once,
        so that the derived default is among the combinations.
        """
        names = [o.name for o in self.options]
        choices = [(*o.values(), *((_LEFT_OUT,) if o.derive else ())) for o in self.options]
        found: list[dict[str, OptionValue]] = []
        for values in itertools.product(*choices):
            given = {n: v for n, v in zip(names, values, strict=True) if v is not _LEFT_OUT}
            try:
                resolved = self.resolve_options(given)
            except InvalidOptions:
                continue
            if resolved not in found:
                found.append(resolved)
        return found

    def check_players(self, num_players: object, options: Mapping[str, OptionValue]) -> int:
        low, high = self.player_range(options)
        if isinstance(num_players, bool) or not isinstance(num_players, int):
            raise InvalidOptions(f"the number of players must be an integer, not {num_players!r}")
        if not low <= num_players <= high:
            raise InvalidOptions(
                f"{self.id} takes {low}–{high} players with options "
                f"{json.dumps(dict(options), sort_keys=True)}, not {num_players}"
            )
        return num_players

    # ------------------------------------------------------------------- play

    def new_game(
        self,
        num_players: int | None = None,
        seed: int | None = None,
        options: Mapping[str, object] | None = None,
        design: Mapping[str, object] | None = None,
    ) -> State:
        """Start a game.  Without a seed a fresh one is drawn (and recorded).

        ``design`` plays with other values of the game's design parameters
        (the defaults when left out); the record keeps them.
        """
        resolved = self.resolve_options(options)
        values = self.resolve_design(design)
        if num_players is None:
            num_players = self.player_range(resolved)[0]
        count = self.check_players(num_players, resolved)
        if seed is None:
            seed = secrets.randbits(SEED_BITS)
        try:
            check_seed(seed)
        except ValueError as error:
            raise InvalidOptions(str(error)) from None
        return self.state_class(self, count, resolved, seed, values)

    def parse_action(self, obj: object) -> Action:
        """Build an action from its wire form; bad input raises ``IllegalAction``."""
        return parse_action(self.action_types, obj)

    # ------------------------------------- declared facts about all its games

    def _undeclared(self, hook: str) -> NotImplementedError:
        return NotImplementedError(
            f"{self.id} does not declare Game.{hook}(options, num_players); "
            "every game overrides it in its Game class (see bodoge.engine.Game)"
        )

    def action_space(self, options: Mapping[str, OptionValue], num_players: int) -> list[Action]:
        """Every action that can ever be legal with ``options`` and ``num_players``, each once.

        An action's index in this list is its stable integer id: change the
        order only with the game's :attr:`version`.
        """
        if self.declarations is None:
            raise self._undeclared("action_space")
        return self.declarations.action_space(options, num_players)

    def view_schema(self, options: Mapping[str, OptionValue], num_players: int) -> Record:
        """The shape and bounds of the game's own part of ``view(seat)``, for any seat.

        Only the keys the game adds (``State._view``), not the engine's header.
        """
        if self.declarations is None:
            raise self._undeclared("view_schema")
        return self.declarations.view_schema(options, num_players)

    def score_range(
        self, options: Mapping[str, OptionValue], num_players: int
    ) -> tuple[float, float]:
        """``(low, high)``: every score of every seat at every moment lies within them."""
        if self.declarations is None:
            raise self._undeclared("score_range")
        return self.declarations.score_range(options, num_players)

    def max_game_length(self, options: Mapping[str, OptionValue], num_players: int) -> int:
        """The most ``apply`` calls any game with ``options`` and ``num_players`` can take."""
        if self.declarations is None:
            raise self._undeclared("max_game_length")
        return self.declarations.max_game_length(options, num_players)

    # ------------------------------------------------------------------ extras

    def score_label(self, score: Any, lang: str = DEFAULT_LANG) -> str:
        """A seat's score as the game's own table says it, for a page that lists scores
        without the game's view (the lobby): a game scored by points against says its points
        (:attr:`points_against`), not their negation.

        >>> from bodoge import get_game
        >>> get_game("papayoo").score_label(-171, "ja"), get_game("hoarders").score_label(12)
        ('171点', '12')
        """
        if self.points_against is None:
            return str(score)
        return self.points_against.format(n=-score)(lang)

    def score_bands(self, num_players: int) -> tuple[tuple[float | None, Text], ...]:
        """How the rules name a final score, lowest band first: ``(below this score, name)``.

        The last band is open (``None``).  Co-operative and solo games often
        judge the final score this way (Tarot Storia's verdicts); the balance
        report counts the games in each band.  ``()`` when the rules do not.
        """
        return ()

    def heuristic_bot(self, seed: int, temperature: float = 0.0) -> Chooser | None:
        """The game's own strategy as a bot (``None`` until the game has one).

        It lives in the game's package because only the game knows its
        strategy; ``bodoge.bots`` offers it under the spec ``heuristic``.
        ``temperature`` above zero makes it err now and then (see
        :class:`Strategy`): the ``easy`` level.
        """
        return None if self.heuristic is None else self.heuristic(seed, temperature)

    def describe_view(self, view: Mapping[str, Any], lang: str = DEFAULT_LANG) -> str:
        """A plain-text rendering of a view for the terminal; games override it."""
        del lang
        return json.dumps(view, ensure_ascii=False, indent=1)

    def describe_action(
        self, view: Mapping[str, Any], action: Action, lang: str = DEFAULT_LANG
    ) -> str:
        """How a terminal names ``action`` to the seat whose ``view`` it is.

        An action's label knows nothing of the position; a game whose
        actions read better in context (a place named by the cards around
        it) overrides this, from the view only.
        """
        del view
        return action.label(lang)

    def length_in_units(self, state: State) -> int:
        """A finished game's length in :attr:`length_unit` (default: its actions)."""
        if self.length_counter:
            return int(getattr(state, self.length_counter))
        return len(state.events)

    def how_ended(self, state: State) -> str:
        """A short stable key for how a finished game ended ("" for the ordinary end).

        By convention a game that ends in more than one way keeps the reason in
        its state's ``ending`` attribute (Just Desserts' ``stuck``); a game may
        override this instead.
        """
        return str(getattr(state, "ending", "") or "")

    def ending_name(self, key: str, lang: str = DEFAULT_LANG) -> str:
        """The player-facing name of a :meth:`how_ended` key (the key if none is declared)."""
        name = self.endings.get(key)
        return name(lang) if name is not None else key

    def choice_subject(self, state: State, action: Action) -> str | None:
        """The card, tile or piece ``action`` picks, as a short stable key, or ``None``.

        The balance simulator counts, per key, how often a seat chose it when
        it was legal and how such seats fared ("is this card too strong").
        ``state`` is the position before the action (a bid may name a place
        whose card only the state knows).  Games that pick no named thing
        leave the default.
        """
        del state, action
        return None

    def subject_name(self, key: str, lang: str = DEFAULT_LANG) -> str:
        """The player-facing name of a :meth:`choice_subject` key."""
        del lang
        return key

    def dealt_subjects(self, state: State, seat: int) -> frozenset[str] | None:
        """The :meth:`choice_subject` keys ``seat`` holds in ``state`` (a new game), or ``None``.

        What a seat is dealt is settled by the shuffle, before any choice, so
        seats dealt a card and seats dealt none differ only by chance: the
        balance simulator compares their win rates as a randomised experiment
        ("does holding this card help"), beside what choosing the card does.
        Games that deal no named thing leave the default.
        """
        del state, seat
        return None

    @property
    def declares_subjects(self) -> bool:
        """Whether the game overrides :meth:`choice_subject`."""
        return type(self).choice_subject is not Game.choice_subject

    def metadata(self) -> dict[str, Any]:
        """Everything declared about the game, JSON-ready (for CLI and server)."""
        defaults = self.resolve_options(None)
        return {
            "id": self.id,
            "title": self.title.to_json(),
            "blurb": self.blurb.to_json(),
            "players": list(self.player_range(defaults)),
            "options": [o.to_json() for o in self.options],
            "design": [p.to_json() for p in self.design],
            "simultaneous": self.simultaneous,
            "hidden_information": self.hidden_information,
            "cooperative": self.cooperative,
            "teams": self.has_teams,
            "provisional": [p.to_json() for p in self.provisional],
            "version": self.version,
        }

    def __repr__(self) -> str:
        return f"<Game {self.id}>"
