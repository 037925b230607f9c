"""The game contract every bodoge game meets, and the machinery it shares.

A game is a package under ``bodoge.games`` holding a :class:`Game` subclass
(its metadata as data), a :class:`State` subclass (its rules), frozen
:class:`Action` dataclasses (its decisions) and its ja/en :class:`Text`.
The engine does the shared bookkeeping once; the game writes only hooks.
:mod:`bodoge.engine.kit` holds the pieces games share (zones and the one
re-deal, commitments and stepwise choices, dice, an action table, dispatch
per action type, phases, a view declared once); Hoarders is the example to
copy (docs/adding-a-game.md).

How a game author expresses each kind of rule
---------------------------------------------

*Turns.*  ``to_act`` returns the seats whose decision is awaited, usually one.
``_legal(seat)`` lists that seat's legal actions; it is the single source of
truth for legality (``apply`` checks membership in it, bots pick from it).

*Secret simultaneous decisions* (sealed bids, passing cards, choosing
critters).  ``to_act`` lists every seat that still has to commit.  Each seat
commits with its own ``apply``; ``_play`` stores the commitment and returns
``Outcome(secret=True)`` so that the event hides the action from everyone
else.  ``_view`` shows others only *that* a seat has committed.  When the last
commitment arrives, ``_play`` reveals them all together and its ``Outcome``
lists the revealed values in ``public``.  A commitment made in several steps
marks every step but the last ``Outcome(draft=True)`` (``kit.Commitment``):
logs and replays (``replay_stops``) show the choice once, and the others read
only that the seat has chosen (``facts["chosen"]``).

*Reactions out of turn* (a hamster cancelling a theft, blocking a poach).
After the triggering action, ``to_act`` is the reacting seat alone and its
legal actions are the reaction and a decline; the interrupted turn resumes
after it.  The reacting seat decides with the knowledge its view gives it.

*Compound decisions* (serve several cards, discard a subset).  Split into
steps: one action per element, then a ``done`` action, with the partial
choice kept in the state and shown in the acting seat's view.  Each step's
legal list stays short, so people can click it and search can branch on it.
``kit.Stepwise`` gives pick, take back and confirm, with no limit on
take-backs a person could reach.

*Eliminated players.*  Keep them in the state but out of ``to_act`` for good,
report them in the ``eliminated`` property and in the view; turn order skips
them.  ``winners`` never contains them unless the rules say otherwise.

*Teams.*  The ``teams`` property groups seats; ``scores`` gives every member
the team's score and ``winners`` lists every seat of the winning team; where
the rules rank within a team, declare ``ranks_within_team``: ``scores`` stay
individual and ``winners`` may be only the winning team's best member(s).
Declare ``has_teams``
when the game can be played in teams; where an option decides it,
``teams`` is ``None`` in a game played without them.

*Cooperative and one-player games.*  ``player_range`` may start at 1.  A
cooperative game gives every seat the shared score and lists all seats in
``winners`` when the group wins, none when it loses.  Declare ``cooperative``:
search rewards, the adapters' returns and the simulator's win rates then count
the group's win whole to every seat (not ``1/k``), and a bot's measure is its
mean score (Tarot Storia, solo and duet).

*Several rounds.*  Keep the running totals in the state; ``scores`` returns
them at every moment and the final totals once over; the view shows the
round number.  A new round's deal draws from ``self.rng`` like the first.

*Chance.*  Only ``self.rng`` (an :class:`Rng`), seeded from the game's seed.
Never the ``random`` module's global generator, never the clock.

*Hidden information.*  ``_view(seat)`` returns only what that seat may see;
``_redeal(seat, rng)`` re-deals everything hidden from that seat,
consistent with what it has seen, so that ``determinize`` serves fair search.
It sorts the unseen components before shuffling: determinising a state and
determinising any determinisation of it (same ``rng``) give the same world.

*Copies.*  Declare every attribute of the state with a class annotation;
those annotated ``list``, ``dict`` or ``set`` are copied deeply by ``clone``
(derived, see :func:`~.state.container_fields`), the rest are shared and must
not change in place.  The conformance suite checks this at every step.

*Conservation and positions.*  ``check_conservation`` raises unless every
component is accounted for (the conformance suite calls it at every step);
a game's state offers ``arrange(...)``, a documented position builder, so
that tests set up situations through it rather than by writing attributes.

Records replay exactly: ``(game, options, num_players, seed, actions)``, and
``design`` when the game was played with other values of its design
parameters.  A record from a file or the network is read with
``parse_record`` and checked by ``replay``: any malformed one is an
:class:`InvalidRecord`.

*Design parameters.*  The numbers a designer would tune (a card's points,
the cards set aside, a goal) are declared as :class:`DesignParameter` data
in ``Game.design`` (name, ja/en title and help, default, bounds) and read in
the rules from ``self.design[name]`` rather than from a constant, so that
``bodoge sim --set`` and ``bodoge sweep --vary`` can play other values.
The four declared facts below describe the game as printed (the default
values): other values are for simulation, not for the fixed-size adapters.

What a game declares about every game it can be
-----------------------------------------------

Besides its metadata (id, title, player counts, options, action types,
flags), each :class:`Game` overrides four hooks; each takes the resolved
options and the player count:

* ``action_space(options, num_players) -> list[Action]``: every action that
  can ever be legal, each once.  An action's index is its stable integer id
  (change the order only with the game's ``version``).
* ``view_schema(options, num_players) -> schema.Record``: the shape and
  bounds of the game's own part of ``view()`` (see :mod:`.schema`).
* ``score_range(options, num_players) -> (low, high)``: bounds of a score.
* ``max_game_length(options, num_players) -> int``: the most ``apply``
  calls any game can take.

Fixed-size interfaces (the OpenSpiel and PettingZoo adapters) are built
from them; the conformance tests check them against random play.
"""

from . import schema
from .actions import Action, parse_action
from .errors import (
    BodogeError,
    GameOver,
    IllegalAction,
    InvalidOptions,
    InvalidRecord,
    MalformedAction,
    UnknownGame,
    WrongSeat,
)
from .events import NOTHING, Event, Outcome, replay_stops
from .game import ROUNDS, TURNS, Chooser, Game, Provisional, Strategy
from .options import (
    DesignParameter,
    DesignValue,
    Option,
    OptionValue,
    applicable,
    resolve_design,
    resolve_options,
)
from .registry import game_ids, get_game, parse_record, register, replay, unregister
from .rng import Rng, as_rng
from .schema import ViewMismatch
from .state import RECORD_FORMAT, Score, State, copy_plain
from .text import CARDS, LANGS, POINTS, Text, check_lang, listing, seat_name

__all__ = [
    "CARDS",
    "LANGS",
    "NOTHING",
    "POINTS",
    "RECORD_FORMAT",
    "ROUNDS",
    "TURNS",
    "Action",
    "BodogeError",
    "Chooser",
    "DesignParameter",
    "DesignValue",
    "Event",
    "Game",
    "GameOver",
    "IllegalAction",
    "InvalidOptions",
    "InvalidRecord",
    "MalformedAction",
    "Option",
    "OptionValue",
    "Outcome",
    "Provisional",
    "Rng",
    "Score",
    "State",
    "Strategy",
    "Text",
    "UnknownGame",
    "ViewMismatch",
    "WrongSeat",
    "applicable",
    "as_rng",
    "check_lang",
    "copy_plain",
    "game_ids",
    "get_game",
    "listing",
    "parse_action",
    "parse_record",
    "register",
    "replay",
    "replay_stops",
    "resolve_design",
    "resolve_options",
    "schema",
    "seat_name",
    "unregister",
]
