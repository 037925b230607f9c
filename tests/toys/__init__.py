"""Toy games that exercise the patterns of the game contract Egyptian Bride does not.

Each is a complete, correct game written the way a real game package is;
``tests/conftest.py`` registers them for the test session only.

* ``toy-sealed-bids``: simultaneous secret commitments revealed together,
  hidden information, several rounds with running totals, an int option.
* ``toy-raid``: out-of-turn reactions, a compound decision split into steps,
  eliminated players, a game without options.
* ``toy-teams``: teams, a fixed player count, chance without hidden information.
* ``toy-coop``: a cooperative game down to one player, a str option with choices.
* ``toy-pick``: a game whose best move is known at every step (for the game review).
* ``toy-dice-duel``: a design parameter at whose one value the first player's
  advantage is exactly zero (``bodoge tune`` must find it).
* ``toy-bluff``: open moves that say something about a hidden card (for the
  search's belief, which must read them, and only them).
* ``toy-cheer``: a choice worth a known chance of winning, and choices worth
  nothing that go with losing by construction (for the balance report's effects).
"""

from __future__ import annotations

from bodoge.engine import Game

from . import bluff, cheer, coop, dice_duel, pick, raid, sealed_bids, teams

TOY_GAMES: list[Game] = [
    sealed_bids.GAME,
    raid.GAME,
    teams.GAME,
    coop.GAME,
    pick.GAME,
    dice_duel.GAME,
    bluff.GAME,
    cheer.GAME,
]
TOY_IDS = tuple(game.id for game in TOY_GAMES)

__all__ = [
    "TOY_GAMES",
    "TOY_IDS",
    "bluff",
    "cheer",
    "coop",
    "dice_duel",
    "pick",
    "raid",
    "sealed_bids",
    "teams",
]
