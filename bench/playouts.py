"""Random-playout throughput of every registered game, through both apply paths.

    python bench/playouts.py [--seconds S] [--warmup W] [--games ID ...] [--json]

For each game, each option set that changes the allowed player counts (for
Egyptian Bride: base 3–5, expansion 4–6) and each player count, whole games
are played from ``new_game`` to the end, actions chosen uniformly from
``state.legal_actions(seat)`` (``seat = state.to_act[0]``) by a local
``random.Random``, once through the checked path ``state.apply`` and once
through the fast path ``state.apply_unchecked``.  Each measurement runs for a
fixed wall time after a warm-up and counts finished games and their actions.

For comparison, the same run measures a plain hand-written random loop of
base Egyptian Bride (:func:`plain_egyptian_bride`: plain lists, no bodoge
imports) with the same action choices, and prints it beside the fast path.

Nothing here asserts on speed; see bench/README.md for the columns.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

# --------------------------------------------------------------------------
# The plain loop: base Egyptian Bride with plain lists, self-contained.
# Same rules as bodoge's engine with the default options (first-turn limits
# on): take 1-3 cards one at a time (face-up row refilled at once), place a
# card, take a chip; the game ends when the next player (after the first
# round) could take at most one of those three actions; then settlement.
# Actions are small ints: 0 deck, 1 stop, n a face-up n, 100+n place, 200+n chip.

_LOW, _TOP = 4, 13
_SET_ASIDE, _FACE_UP, _MAX_TAKE, _MAX_BRIDES = 10, 3, 3, 4
_DECK, _STOP, _PLACE, _CHIP = 0, 1, 100, 200
_NUMBERS = range(_LOW, _TOP + 1)
_FULL_DECK = [n for n in _NUMBERS for _ in range(n)]


def _plain_deal(rng: random.Random) -> tuple[list[int], list[int]]:
    deck = _FULL_DECK.copy()
    rng.shuffle(deck)
    del deck[:_SET_ASIDE]  # set aside unseen; the top of the deck is the end
    return deck, [deck.pop() for _ in range(_FACE_UP)]


def plain_egyptian_bride(num_players: int, rng: random.Random) -> tuple[int, list[int]]:
    """Play one random game of base Egyptian Bride; return (actions, winners)."""
    choice = rng.choice
    deck, row = _plain_deal(rng)
    size = _TOP + 1
    hands = [[0] * size for _ in range(num_players)]
    placed = [[0] * size for _ in range(num_players)]
    chips = [-1] * size
    turns = [1] + [0] * (num_players - 1)  # turns begun; seat 0 has begun its first
    seat, taken, limit, actions = 0, 0, 1, 0  # the start player takes 1 card at first
    while True:
        hand = hands[seat]
        legal = list(set(row))
        if deck:
            legal.append(_DECK)
        if taken:
            legal.append(_STOP)
        else:
            mine = placed[seat]
            legal += [_PLACE + n for n in _NUMBERS if hand[n]]
            legal += [_CHIP + n for n in _NUMBERS if mine[n] and chips[n] < 0]
        action = choice(legal)
        actions += 1
        if action == _STOP:
            pass
        elif action < _PLACE:
            if action == _DECK:
                card = deck.pop()
            else:
                card = action
                row.remove(card)
                if deck:
                    row.append(deck.pop())
            hand[card] += 1
            taken += 1
            if taken < limit and (row or deck):
                continue
        elif action < _CHIP:
            hand[action - _PLACE] -= 1
            placed[seat][action - _PLACE] += 1
        else:
            chips[action - _CHIP] = seat
        # end of turn: the next player begins, unless the end check stops the game
        taken = 0
        seat = (seat + 1) % num_players
        if turns[seat]:
            mine = placed[seat]
            can_chip = any(mine[n] and chips[n] < 0 for n in _NUMBERS)
            if bool(row or deck) + any(hands[seat]) + can_chip <= 1:
                break
        turns[seat] += 1
        limit = seat + 1 if turns[seat] == 1 and seat < 2 else _MAX_TAKE
    return actions, _plain_settle(num_players, hands, placed, chips)


def _plain_settle(
    num_players: int, hands: list[list[int]], placed: list[list[int]], chips: list[int]
) -> list[int]:
    points = [0] * num_players
    brides = []
    for n in _NUMBERS:
        counts = [hands[s][n] + placed[s][n] for s in range(num_players)]
        most = max(counts)
        tied = [s for s in range(num_players) if counts[s] == most]
        holder = chips[n]
        bride = -1
        if most:
            if len(tied) == 1:
                bride = tied[0]
            elif holder in tied:
                bride = holder
        if bride >= 0:
            points[bride] += 2 if holder == bride else 1
        if holder >= 0 and holder != bride:
            points[holder] -= 1
        brides.append(bride)
    standing = [s for s in range(num_players) if brides.count(s) <= _MAX_BRIDES]
    if not standing:
        return []
    best = max(points[s] for s in standing)
    tied = [s for s in standing if points[s] == best]
    for bride in reversed(brides):
        if bride in tied:
            return [bride]
    return tied


# --------------------------------------------------------------------------
# Measurement

Playout = Callable[[int], int]
"""Plays one whole game from a seed; returns the number of actions applied."""


@dataclass
class Rate:
    games: int
    actions: int
    seconds: float

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds

    @property
    def actions_per_s(self) -> float:
        return self.actions / self.seconds

    @property
    def actions_per_game(self) -> float:
        return self.actions / self.games

    def to_json(self) -> dict[str, float]:
        return {
            **asdict(self),
            "games_per_s": self.games_per_s,
            "actions_per_s": self.actions_per_s,
            "actions_per_game": self.actions_per_game,
        }


def measure(playout: Playout, seconds: float, warmup: float) -> Rate:
    """Run whole games for ``warmup`` seconds, then count them for ``seconds``."""
    clock = time.perf_counter
    seed = 0
    deadline = clock() + warmup
    while clock() < deadline:
        playout(seed)
        seed += 1
    games = actions = 0
    start = clock()
    deadline = start + seconds
    while True:
        actions += playout(seed)
        seed += 1
        games += 1
        now = clock()
        if now >= deadline:
            return Rate(games, actions, now - start)


def engine_playout(game: Any, num_players: int, options: Mapping[str, Any], fast: bool) -> Playout:
    """Whole random games through ``apply`` (checked) or ``apply_unchecked`` (fast)."""
    rng = random.Random(1)
    choice = rng.choice

    def playout(seed: int) -> int:
        state = game.new_game(num_players, seed, options)
        apply = state.apply_unchecked if fast else state.apply
        legal_actions = state.legal_actions
        count = 0
        while to_act := state.to_act:
            seat = to_act[0]
            apply(seat, choice(legal_actions(seat)))
            count += 1
        return count

    return playout


def plain_playout(num_players: int) -> Playout:
    rng = random.Random(1)

    def playout(seed: int) -> int:
        del seed  # the plain loop draws its shuffles from the same local generator
        return plain_egyptian_bride(num_players, rng)[0]

    return playout


def player_variants(game: Any) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """One option set per distinct player range: ``(non-default options, resolved)``."""
    best: dict[tuple[int, int], tuple[dict[str, Any], dict[str, Any]]] = {}
    for resolved in [game.resolve_options(None), *game.variants()]:
        given: dict[str, Any] = {}
        for option in game.options:  # defaults may derive from earlier options
            if game.resolve_options(given)[option.name] != resolved[option.name]:
                given[option.name] = resolved[option.name]
        players = game.player_range(resolved)
        if players not in best or len(given) < len(best[players][0]):
            best[players] = (given, dict(resolved))
    return list(best.values())


@dataclass
class Row:
    game: str
    options: dict[str, Any]
    players: int
    checked: Rate
    fast: Rate
    plain: Rate | None = None

    @property
    def ratio(self) -> float | None:
        """Fast path actions/s over the plain loop's."""
        if self.plain is None:
            return None
        return self.fast.actions_per_s / self.plain.actions_per_s

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": self.options,
            "players": self.players,
            "checked": self.checked.to_json(),
            "fast": self.fast.to_json(),
            "plain": None if self.plain is None else self.plain.to_json(),
            "fast_over_plain": self.ratio,
        }


def run(game_ids: list[str], seconds: float, warmup: float, progress: bool) -> list[Row]:
    import bodoge

    rows = []
    for game_id in game_ids:
        game = bodoge.get_game(game_id)
        for given, resolved in player_variants(game):
            low, high = game.player_range(resolved)
            for n in range(low, high + 1):
                if progress:
                    print(f"  {game_id} {given or ''} {n}p ...", file=sys.stderr, flush=True)
                checked = measure(engine_playout(game, n, given, fast=False), seconds, warmup)
                fast = measure(engine_playout(game, n, given, fast=True), seconds, warmup)
                plain = None
                if game_id == "egyptian-bride" and resolved == game.resolve_options(None):
                    plain = measure(plain_playout(n), seconds, warmup)
                rows.append(Row(game_id, given, n, checked, fast, plain))
    return rows


def _fmt(value: float | None) -> str:
    return "" if value is None else f"{value:,.0f}"


def print_table(rows: list[Row], seconds: float) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"Random playouts, {seconds:g} s per measurement (games/s, actions/s)")
    for header in ("game", "options", "n", "act/game"):
        table.add_column(header, justify="left" if header in ("game", "options") else "right")
    for header in ("checked g/s", "checked a/s", "fast g/s", "fast a/s"):
        table.add_column(header, justify="right")
    for header in ("plain g/s", "plain a/s", "plain act/game", "fast/plain"):
        table.add_column(header, justify="right", style="cyan")
    for row in rows:
        options = " ".join(f"{k}={v}" for k, v in row.options.items()) or "default"
        plain = row.plain
        table.add_row(
            row.game,
            options,
            str(row.players),
            f"{row.fast.actions_per_game:.1f}",
            _fmt(row.checked.games_per_s),
            _fmt(row.checked.actions_per_s),
            _fmt(row.fast.games_per_s),
            _fmt(row.fast.actions_per_s),
            _fmt(plain and plain.games_per_s),
            _fmt(plain and plain.actions_per_s),
            "" if plain is None else f"{plain.actions_per_game:.1f}",
            "" if row.ratio is None else f"{row.ratio:.2f}×",
        )
    console = Console()
    if not console.is_terminal:
        console = Console(width=160)
    console.print(table)


def main(argv: list[str] | None = None) -> int:
    import bodoge

    parser = argparse.ArgumentParser(description="Random-playout throughput of every game.")
    parser.add_argument("--seconds", type=float, default=2.0, help="wall time per measurement")
    parser.add_argument("--warmup", type=float, default=0.3, help="warm-up before each one")
    parser.add_argument("--games", nargs="+", metavar="ID", help="only these games")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.warmup < 0:
        parser.error("--seconds must be positive and --warmup not negative")
    known = bodoge.game_ids()
    game_ids = args.games or known
    unknown = [g for g in game_ids if g not in known]
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; the games are: {', '.join(known)}")
    rows = run(game_ids, args.seconds, args.warmup, progress=not args.json)
    if args.json:
        print(json.dumps({"seconds": args.seconds, "rows": [r.to_json() for r in rows]}, indent=1))
    else:
        print_table(rows, args.seconds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
