"""The rules of United Square: place tiles so that touching sides match in colour.

On a turn the player places one of their tiles on an empty cell next to a
tile already on the board, turned so that every side it touches meets the
same colour.  Two touching triangles of one colour make a square across the
shared edge, and each square scores a point for whoever owns that colour.
A player who can place must (even to score for somebody else); one who
cannot is passed over, and the game ends when nobody can place.

The board is a flat list of cells, row by row, each ``""`` or a tile string
(see :mod:`.data`); hands are counts per type.  Which tiles fit a cell
depends only on the colours its placed neighbours show it, so the fits of
every such pattern are computed once.  See the package docstring for the
rulings applied.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from itertools import product
from typing import Any, ClassVar

from ...engine import Action, Outcome
from ...engine.kit import Phase, Rules, expect, explains, plays
from .actions import Place, cell_name
from .data import (
    COLOUR_OF,
    COLOURS,
    COPIES,
    LETTERS,
    OPPOSITE,
    OWNED,
    SIDES,
    TEAMS,
    TILES,
    TYPES,
    type_of,
)
from .text import summary_lines
from .vocabulary import PHASES

PLAYING, OVER = PHASES
TYPE_INDEX = {kind: index for index, kind in enumerate(TYPES)}
TILE_TYPE = {tile: TYPE_INDEX[type_of(tile)] for tile in TILES}
COLOUR_INDEX = {letter: index for index, letter in enumerate(LETTERS)}


def _fitting(pattern: tuple[str, ...]) -> tuple[str, ...]:
    """The tiles whose sides show ``pattern``'s colours (``""``: no neighbour there)."""
    return tuple(
        tile
        for tile in TILES
        if all(want == "" or tile[side] == want for side, want in enumerate(pattern))
    )


FITS = {pattern: _fitting(pattern) for pattern in product(("", *LETTERS), repeat=len(SIDES))}
"""For every pattern of neighbouring colours, the tiles that may lie there (no neighbour: none)."""
FITS[("",) * len(SIDES)] = ()


@cache
def neighbours(size: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each cell, ``(side, cell)`` of every neighbour on the board, sides clockwise."""
    found = []
    for cell in range(size * size):
        row, col = divmod(cell, size)
        near = []
        for side, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
            r, c = row + dr, col + dc
            if 0 <= r < size and 0 <= c < size:
                near.append((side, r * size + c))
        found.append(tuple(near))
    return tuple(found)


def standings(scores: Sequence[int], teams: Sequence[Sequence[int]] | None) -> list[int]:
    """Each seat's place (1 is first; equal keys share a place).

    Alone: by squares.  In teams: by the team's total first, then by the
    player's own squares (so the best player of the losing team can be no
    better than third).

    >>> standings([5, 3, 5, 0], None)
    [1, 3, 1, 4]
    >>> standings([2, 9, 8, 0], ((0, 2), (1, 3)))
    [2, 3, 1, 4]
    """
    total = {seat: sum(scores[s] for s in team) for team in teams or () for seat in team}
    keys = [(total.get(seat, 0), score) for seat, score in enumerate(scores)]
    return [1 + sum(other > key for other in keys) for key in keys]


class UnitedSquareState(Rules):
    """A game of United Square in progress."""

    PHASES: ClassVar[Mapping[str, Phase]] = {
        PLAYING: Phase((Place,), "it is your turn: place a tile"),
    }

    board: list[str]
    hands: list[list[int]]
    aside: list[int]
    points: list[int]

    def _setup(self) -> None:
        n = self.num_players
        self.size = int(self.options["board"])
        self.team_play = bool(self.options["teams"])
        self.owned = tuple(tuple(COLOURS.index(c) for c in colours) for colours in OWNED[n])
        """owned[seat]: the indices of the colours that seat scores."""
        self.put = self.table().of(Place)
        """(row, col, tile) -> the declared action placing it."""
        self.near = neighbours(self.size)
        self.centre = self.size * self.size // 2
        self.board = [""] * (self.size * self.size)
        self.board[self.centre] = self.rng.choice(TILES)  # the start tile (a ruling)
        pool = [kind for kind in range(len(TYPES)) for _ in range(COPIES[self.size])]
        self.rng.shuffle(pool)
        each = len(pool) // n
        self.hands = [[0] * len(TYPES) for _ in range(n)]
        for seat in range(n):
            for kind in pool[seat * each : (seat + 1) * each]:
                self.hands[seat][kind] += 1
        self.aside = [0] * len(TYPES)
        """Tiles out of this game (only a position built by :meth:`arrange` has any)."""
        self.points = [0] * len(COLOURS)
        """Squares made so far, per colour."""
        self.current = 0
        self.phase = PLAYING
        self.last = -1
        """The cell of the latest tile placed (-1 before the first)."""
        self.placed = 0
        """Tiles placed so far (the start tile not counted)."""
        self.frontier: tuple[tuple[int, tuple[str, ...]], ...] = ()
        self.frontier_at = -1
        """``frontier`` holds :meth:`open_cells` as it was after ``frontier_at`` placements."""

    # ------------------------------------------------------------ turn order

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.current,)

    @property
    def teams(self) -> tuple[tuple[int, ...], ...] | None:
        return TEAMS if self.team_play else None

    def pattern(self, cell: int) -> tuple[str, ...]:
        """What an empty cell's placed neighbours show it, side by side (``""``: nothing)."""
        board = self.board
        shown = ["", "", "", ""]
        for side, other in self.near[cell]:
            tile = board[other]
            if tile:
                shown[side] = tile[OPPOSITE[side]]
        return tuple(shown)

    def open_cells(self) -> tuple[tuple[int, tuple[str, ...]], ...]:
        """Every empty cell next to a tile, with the tiles that would fit it (maybe none).

        Kept until the next tile is placed: views, legal lists and passes all
        ask for it, and only a placement changes it.
        """
        if self.frontier_at == self.placed:
            return self.frontier
        board, near = self.board, self.near
        found = []
        for cell, tile in enumerate(board):
            if tile:
                continue
            shown = ["", "", "", ""]
            touched = False
            for side, other in near[cell]:
                neighbour = board[other]
                if neighbour:
                    shown[side] = neighbour[OPPOSITE[side]]
                    touched = True
            if touched:
                found.append((cell, FITS[tuple(shown)]))
        self.frontier, self.frontier_at = tuple(found), self.placed
        return self.frontier

    def dead_cells(self) -> list[int]:
        """Empty cells next to tiles that no tile can ever fill (one colour from two sides)."""
        return [cell for cell, fits in self.open_cells() if not fits]

    def placements(self, seat: int) -> list[tuple[int, str]]:
        """``(cell, tile)`` of every placement ``seat``'s hand allows now."""
        hand = self.hands[seat]
        return [
            (cell, tile)
            for cell, fits in self.open_cells()
            for tile in fits
            if hand[TILE_TYPE[tile]]
        ]

    def can_place(self, seat: int) -> bool:
        hand = self.hands[seat]
        if not any(hand):
            return False
        return any(hand[TILE_TYPE[tile]] for _, fits in self.open_cells() for tile in fits)

    def _next_turn(self, public: dict[str, Any]) -> None:
        """The next seat in order that can place; those who cannot pass; nobody: the end."""
        n = self.num_players
        passed = []
        for step in range(1, n + 1):
            seat = (self.current + step) % n
            if self.can_place(seat):
                self.current = seat
                break
            passed.append(seat)
        else:
            self.phase = OVER
            self.current = -1
            public["game_over"] = True
            return
        if passed:
            public["passed"] = passed

    # ---------------------------------------------------------------- legality

    def _legal(self, seat: int) -> list[Action]:
        size, put = self.size, self.put
        return [put[cell // size, cell % size, tile] for cell, tile in self.placements(seat)]

    @explains(Place)
    def _why_not_place(self, seat: int, action: Place) -> str:
        size = self.size
        if not (0 <= action.row < size and 0 <= action.col < size):
            return f"there is no cell {action.row}, {action.col} on a {size}×{size} board"
        if action.tile not in TILE_TYPE:
            return f"{action.tile!r} is no tile: a tile shows red, blue, yellow and green once each"
        cell = action.row * size + action.col
        where = cell_name(action.row, action.col)
        if self.board[cell]:
            return f"{where} already holds a tile"
        pattern = self.pattern(cell)
        if not any(pattern):
            return f"{where} is not next to a tile"
        if action.tile not in FITS[pattern]:
            wanted = ", ".join(
                f"{COLOUR_OF[colour]} {SIDES[side]}"
                for side, colour in enumerate(pattern)
                if colour
            )
            if not FITS[pattern]:
                return f"no tile fits {where}: it needs {wanted}, one colour twice"
            return f"the tile's sides do not match its neighbours on {where} (it needs {wanted})"
        return f"you have no tile of type {type_of(action.tile)} left"

    # ------------------------------------------------------------------- play

    @plays(Place)
    def _place(self, seat: int, action: Place) -> Outcome:
        cell = action.row * self.size + action.col
        tile = action.tile
        self.hands[seat][TILE_TYPE[tile]] -= 1
        self.board[cell] = tile
        self.last = cell
        self.placed += 1
        made = []
        for side, other in self.near[cell]:
            if self.board[other]:
                colour = COLOUR_INDEX[tile[side]]
                self.points[colour] += 1
                made.append(COLOURS[colour])
        public: dict[str, Any] = {"squares": made}
        self._next_turn(public)
        return Outcome(public)

    # ---------------------------------------------------- checks and positions

    def check_conservation(self) -> None:
        """Every tile is on the board, in a hand or set aside, once; every square is counted.

        Every pair of touching tiles matches in colour, and the squares per
        colour are exactly the matched edges of that colour on the board.
        """
        per_type = list(self.aside)
        for hand in self.hands:
            expect(len(hand) == len(TYPES) and min(hand) >= 0, f"a hand {hand}")
            per_type = [a + b for a, b in zip(per_type, hand, strict=True)]
        expect(self.board[self.centre] in TILE_TYPE, "the start tile left the centre")
        for cell, tile in enumerate(self.board):
            if tile and cell != self.centre:
                expect(tile in TILE_TYPE, f"cell {cell} holds {tile!r}")
                per_type[TILE_TYPE[tile]] += 1
        expect(per_type == [COPIES[self.size]] * len(TYPES), f"tiles per type {per_type}")
        squares = [0] * len(COLOURS)
        for cell, tile in enumerate(self.board):
            for side, other in self.near[cell]:
                if tile and self.board[other] and side in (1, 2):  # each edge once
                    expect(
                        tile[side] == self.board[other][OPPOSITE[side]],
                        f"cells {cell} and {other} clash",
                    )
                    squares[COLOUR_INDEX[tile[side]]] += 1
        expect(squares == self.points, f"squares {squares} but points {self.points}")

    def arrange(
        self,
        tiles: Mapping[str, str] | None = None,
        hands: Mapping[int, Mapping[str, int]] | None = None,
        current: int = 0,
    ) -> UnitedSquareState:
        """Set up a position for a test or a puzzle at the start of ``current``'s turn.

        ``tiles`` puts tiles on cells named as players name them (``"C3"``;
        the centre's entry replaces the start tile); ``hands`` gives each
        seat's tiles by type (seats not given hold none).  Every tile of the
        game that is neither on the board nor in a hand is set aside, out of
        this game.  The squares already on the board are counted.  Returns
        the state itself.

        >>> from bodoge.games.united_square import GAME
        >>> state = GAME.new_game(2, seed=1).arrange({"C3": "rbyg"}, {0: {"rgyb": 1}})
        >>> [(a.row, a.col, a.tile) for a in state.legal_actions(0)]
        [(1, 2, 'ybrg'), (2, 1, 'rgyb'), (2, 3, 'rgyb'), (3, 2, 'ybrg')]
        """
        size = self.size
        self.board = [""] * (size * size)
        start = self.centre
        for name, tile in {
            cell_name(*divmod(start, size)): self.rng.choice(TILES),
            **(tiles or {}),
        }.items():
            col, row = "ABCDEFG".index(name[0]), int(name[1:]) - 1
            self.board[row * size + col] = tile
        self.hands = [[0] * len(TYPES) for _ in range(self.num_players)]
        for seat, spec in (hands or {}).items():
            for kind, count in spec.items():
                self.hands[seat][TYPE_INDEX[kind]] = count
        used = [sum(hand[k] for hand in self.hands) for k in range(len(TYPES))]
        for cell, tile in enumerate(self.board):
            if tile and cell != start:
                used[TILE_TYPE[tile]] += 1
        self.aside = [COPIES[size] - count for count in used]
        if min(self.aside) < 0:
            raise ValueError(f"more tiles of a type than the game has: {used}")
        self.points = [0] * len(COLOURS)
        for cell, tile in enumerate(self.board):
            for side, other in self.near[cell]:
                if tile and self.board[other] and side in (1, 2):
                    self.points[COLOUR_INDEX[tile[side]]] += 1
        self.current = current
        self.phase = PLAYING
        self.frontier_at = -1
        return self

    # ------------------------------------------------------------ scoring

    def colour_points(self, seat: int) -> int:
        points = self.points
        return sum([points[colour] for colour in self.owned[seat]])

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's own squares: the squares of the colours they own.

        In team play too: the rules rank players within a team, so a seat's
        score is its own and ``winners`` (the winning team's best member)
        and :func:`standings` read the team totals from them.
        """
        return tuple(self.colour_points(seat) for seat in range(self.num_players))

    def team_totals(self) -> list[int] | None:
        if not self.team_play:
            return None
        scores = self.scores
        return [sum(scores[seat] for seat in team) for team in TEAMS]

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats in first place (see :func:`standings`); equal keys share the win.

        Alone: most squares.  In teams: the winning team's member with more
        squares of their own (「勝ったチームの中でさらに個人でたくさんの正方形を
        とった人が勝ち」); partners with equal squares share it.  With equal
        team totals the ranking goes on to the players' own squares.
        """
        if self.phase != OVER:
            return ()
        return tuple(seat for seat, place in enumerate(self.places()) if place == 1)

    def places(self) -> list[int]:
        """Every seat's final place (see :func:`standings`)."""
        return standings(self.scores, self.teams)

    def summary(self, lang: str = "en", names: Sequence[str] | None = None) -> list[str]:
        if self.phase != OVER:
            return []
        return summary_lines(
            self.num_players,
            self.points,
            self.scores,
            self.teams,
            self.winners,
            self.places(),
            lang,
            names,
        )
