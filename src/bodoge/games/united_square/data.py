"""The components and fixed numbers of United Square, kept apart from the rules.

Facts from the rule text and the BGA help pages (the project's data notes on
United Square): every tile is a square cut along both diagonals into four
triangles, one per side, coloured red, blue, yellow and green, each colour
once.  Up to rotation there are exactly six such tiles (the (4 - 1)! = 6
cyclic orders of four colours); flipping a tile over is not allowed, and a
tile's mirror image is another type.  The 5 × 5 board is played with four
tiles of each type (24, one per cell but the centre), the 7 × 7 board with
eight of each (48).  A separate start tile lies in the centre.

A tile on the board is written as its four side colours clockwise from the
top, one letter each: ``"rbyg"`` has red at the top, blue on the right,
yellow at the bottom and green on the left.  Its *type* is the same cycle
read from its red side, so the four rotations of a type are four different
strings (every colour differs, so no rotation gives the same tile twice)
and the 6 types × 4 rotations are all 24 orders of the four colours.

Nothing here is provisional: the rulings decide what the sources leave open
(the start tile, who owns which colour), and the game needs no safety limit
(every turn places a tile, so a game is at most as long as the tiles).

>>> len(TILES), rotations("rbyg"), type_of("gryb")
(24, ('rbyg', 'grby', 'ygrb', 'bygr'), 'rybg')
>>> HAND_SIZE[5][3], HAND_SIZE[7][4], mirror("rbyg")
(8, 12, 'rgyb')
"""

from __future__ import annotations

from itertools import permutations

from ...engine import Text

COLOURS = ("red", "blue", "yellow", "green")
"""The four colours, in seat order for three or four players."""
LETTERS = "rbyg"
"""Each colour's letter in a tile's name (``LETTERS[i]`` is ``COLOURS[i]``)."""
COLOUR_OF = dict(zip(LETTERS, COLOURS, strict=True))

SIDES = ("top", "right", "bottom", "left")
"""A tile's sides clockwise from the top; a tile names their colours in this order."""
TOP, RIGHT, BOTTOM, LEFT = range(4)
OPPOSITE = (BOTTOM, LEFT, TOP, RIGHT)

TYPES = ("rbyg", "rbgy", "rybg", "rygb", "rgby", "rgyb")
"""The six tile types: each is its colours clockwise, read from the red side."""


def rotations(tile: str) -> tuple[str, ...]:
    """The four ways ``tile`` can lie, turning it clockwise a quarter at a time.

    Turning a tile clockwise brings its left side to the top.
    """
    found = [tile]
    for _ in range(3):
        last = found[-1]
        found.append(last[-1] + last[:-1])
    return tuple(found)


def type_of(tile: str) -> str:
    """The type of a tile as it lies: its clockwise cycle read from red."""
    red = tile.index("r")
    return tile[red:] + tile[:red]


def mirror(tile: str) -> str:
    """A tile seen from the back (left and right swapped): what flipping would give."""
    return tile[TOP] + tile[LEFT] + tile[BOTTOM] + tile[RIGHT]


TILES = tuple(tile for kind in TYPES for tile in rotations(kind))
"""Every way a tile can lie on the board: six types, four rotations each."""
assert sorted(TILES) == sorted("".join(p) for p in permutations(LETTERS))

BOARD_SIZES = (5, 7)
"""The boards: 5 × 5 (the printed game) and 7 × 7 (the long game on BGA)."""
COPIES = {5: 4, 7: 8}
"""Tiles of each type for each board: one tile for every cell but the centre."""
TILE_COUNT = {size: COPIES[size] * len(TYPES) for size in BOARD_SIZES}
assert all(TILE_COUNT[s] == s * s - 1 for s in BOARD_SIZES)

MIN_PLAYERS, MAX_PLAYERS = 2, 4
TEAM_PLAYERS = 4
TEAMS = ((0, 2), (1, 3))
"""With the team option: seats 0 and 2 against seats 1 and 3 (a ruling)."""

HAND_SIZE = {
    size: {n: TILE_COUNT[size] // n for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
    for size in BOARD_SIZES
}
"""Every tile is dealt: 24 or 48 tiles divide evenly among 2, 3 or 4 players."""
assert all(HAND_SIZE[s][n] * n == TILE_COUNT[s] for s in BOARD_SIZES for n in HAND_SIZE[s])

OWNED = {
    2: (("red", "yellow"), ("blue", "green")),
    3: (("red",), ("blue",), ("yellow",)),
    4: (("red",), ("blue",), ("yellow",), ("green",)),
}
"""The colours each seat scores (a ruling): with three players green is nobody's."""


def shared_edges(size: int) -> int:
    """Pairs of orthogonally neighbouring cells: the most squares a board can hold."""
    return 2 * size * (size - 1)


COLOUR_NAMES = {
    "red": Text("赤", "red"),
    "blue": Text("青", "blue"),
    "yellow": Text("黄", "yellow"),
    "green": Text("緑", "green"),
}
SIDE_NAMES = {
    "top": Text("上", "top"),
    "right": Text("右", "right"),
    "bottom": Text("下", "bottom"),
    "left": Text("左", "left"),
}
