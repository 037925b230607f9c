"""United Square's rules, one test per rule of the text (and the rulings that settle it).

Positions are built with the game's public builder (``state.arrange``) and
played through ``state.apply``.  The rule text has no worked example with a
figure; its one example in words (a strong player of a weak team finishing
third) is reproduced below from a fixed position and a fixed list of moves.
"""

from __future__ import annotations

import random

import pytest

import bodoge
from bodoge.engine import IllegalAction, InvalidOptions
from bodoge.games.united_square import GAME, Place, UnitedSquareState, standings
from bodoge.games.united_square.data import (
    COLOURS,
    COPIES,
    HAND_SIZE,
    LETTERS,
    TILES,
    TYPES,
    mirror,
    rotations,
    type_of,
)
from bodoge.games.united_square.rules import FITS, TILE_TYPE

FIVE = {"board": 5}
SEVEN = {"board": 7}


def new(players: int, seed: int = 1, **options: object) -> UnitedSquareState:
    state = GAME.new_game(players, seed, options)
    assert isinstance(state, UnitedSquareState)
    return state


def hand_of(**counts: int) -> dict[str, int]:
    return dict(counts)


def full_tiling(size: int, seed: int, empty: int = -1) -> dict[str, str]:
    """A whole board of matching tiles but the cell ``empty``, at most the game's copies of
    each type (a search)."""
    rnd = random.Random(seed)
    cells = size * size
    centre = cells // 2
    board = [""] * cells
    used = [0] * len(TYPES)

    def fill(cell: int) -> bool:
        if cell == cells:
            return True
        if cell == empty:
            return fill(cell + 1)
        row, col = divmod(cell, size)
        above = board[cell - size] if row else ""
        left = board[cell - 1] if col else ""
        pattern = (above[2] if above else "", "", "", left[1] if left else "")
        options = list(FITS[pattern]) if any(pattern) else list(TILES)
        rnd.shuffle(options)
        for tile in options:
            kind = TILE_TYPE[tile]
            if cell != centre and used[kind] == COPIES[size]:
                continue
            board[cell] = tile
            used[kind] += cell != centre
            if fill(cell + 1):
                return True
            used[kind] -= cell != centre
        board[cell] = ""
        return False

    assert fill(0)
    return {f"{'ABCDEFG'[c % size]}{c // size + 1}": t for c, t in enumerate(board) if t}


def played(players: int, seed: int, **options: object) -> UnitedSquareState:
    """A game played to its end by random moves (``random.Random(seed)``)."""
    state = new(players, seed, **options)
    rnd = random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    return state


def place(state: UnitedSquareState, seat: int, cell: str, tile: str) -> bodoge.Event:
    col, row = "ABCDEFG".index(cell[0]), int(cell[1:]) - 1
    return state.apply(seat, Place(row, col, tile))


# The text's example in words, built by hand on the 5 × 5 board (C3 is the centre):
#
#        A     B     C     D            a tile's sides: top, right, bottom, left
#   1          ybrg                     B1 B2    red     (B1 bottom, B2 top)
#   2          rgby  ybrg  ygrb         B2 C2    green   C2 D2   blue
#   3    grby  bgyr  rbyg  rygb         C2 C3    red     D2 D3   red
#                                       A3 B3    red     B2 B3   blue
#                                       B3 C3    green   C3 D3   blue
#
# Nine shared edges: red 4, blue 3, yellow 0, green 2.
EXAMPLE_START = {"C3": "rbyg", "C2": "ybrg", "D3": "rygb", "B2": "rgby"}
EXAMPLE_MOVES = (
    (0, "B1", "ybrg", ["red"]),
    (1, "D2", "ygrb", ["red", "blue"]),  # seat 2 holds nothing: passed
    (3, "B3", "bgyr", ["blue", "green"]),
    (0, "A3", "grby", ["red"]),  # every hand is empty: the game is over
)
EXAMPLE_HANDS = {0: {"rgyb": 1, "rbyg": 1}, 1: {"rbyg": 1}, 3: {"rbgy": 1}}
EXAMPLE_BOARD = {**EXAMPLE_START, **{cell: tile for _, cell, tile, _ in EXAMPLE_MOVES}}


# ------------------------------------------------------------------ set-up


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players(players: int) -> None:
    """The game takes 2 to 4 players; other counts are refused."""
    assert new(players).num_players == players
    for wrong in (1, 5):
        with pytest.raises(InvalidOptions):
            GAME.new_game(wrong, 1)


def test_team_play_takes_exactly_four_players() -> None:
    """The team option is for four players (two teams of two)."""
    assert new(4, teams=True).teams == ((0, 2), (1, 3))
    for wrong in (2, 3):
        with pytest.raises(InvalidOptions, match="4–4 players"):
            GAME.new_game(wrong, 1, {"teams": True})
    assert new(4).teams is None and new(2).teams is None


@pytest.mark.parametrize(("size", "tiles"), [(5, 24), (7, 48)])
def test_the_boards_and_their_tiles(size: int, tiles: int) -> None:
    """5 × 5 with 24 tiles (4 of each of the 6 types); 7 × 7, an option, with 48 (8 of each)."""
    state = new(2, board=size)
    view = state.view(None)
    assert view["size"] == size and len(view["board"]) == size * size
    per_type = [sum(p["hand"][k] for p in view["players"]) for k in range(len(TYPES))]
    assert per_type == [tiles // 6] * 6 and sum(per_type) == tiles
    assert GAME.resolve_options(None)["board"] == 5
    with pytest.raises(InvalidOptions):
        GAME.new_game(2, 1, {"board": 6})


def test_the_start_tile_lies_in_the_centre_chosen_by_the_seeded_generator() -> None:
    """Ruling: one separate start tile in the centre, type and rotation from the seed."""
    starts = set()
    for seed in range(40):
        for size in (5, 7):
            view = new(2, seed, board=size).view(None)
            centre = size * size // 2
            assert view["start"] == centre
            assert [i for i, tile in enumerate(view["board"]) if tile] == [centre]
            starts.add(view["board"][centre])
            assert new(2, seed, board=size).view(None)["board"] == view["board"]
    assert len(starts) > 12, "type and rotation both vary with the seed"


SIX_TYPES = {
    "rbyg": ("red", "blue", "yellow", "green"),
    "rbgy": ("red", "blue", "green", "yellow"),
    "rybg": ("red", "yellow", "blue", "green"),
    "rygb": ("red", "yellow", "green", "blue"),
    "rgby": ("red", "green", "blue", "yellow"),
    "rgyb": ("red", "green", "yellow", "blue"),
}
"""The data file's tiles: four triangles, one per side, red, blue, yellow and green once
each; up to rotation the six cyclic orders, written here from the red side clockwise
(top, right, bottom, left)."""

TURNS = {
    "rbyg": ("rbyg", "grby", "ygrb", "bygr"),
    "rbgy": ("rbgy", "yrbg", "gyrb", "bgyr"),
    "rybg": ("rybg", "gryb", "bgry", "ybgr"),
    "rygb": ("rygb", "bryg", "gbry", "ygbr"),
    "rgby": ("rgby", "yrgb", "byrg", "gbyr"),
    "rgyb": ("rgyb", "brgy", "ybrg", "gybr"),
}
"""Each type turned clockwise a quarter at a time (the left side comes to the top)."""


def test_the_six_tile_types_each_show_every_colour_once() -> None:
    """The data file's six types, edge by edge, each with four different rotations."""
    assert len(TYPES) == 6 and set(TYPES) == set(SIX_TYPES)
    for kind in TYPES:
        assert tuple(COLOURS[LETTERS.index(side)] for side in kind) == SIX_TYPES[kind]
        assert sorted(rotations(kind)) == sorted(TURNS[kind])
        assert {type_of(tile) for tile in TURNS[kind]} == {kind}
    assert sorted(TILES) == sorted(tile for turns in TURNS.values() for tile in turns)
    assert len(set(TILES)) == 24  # no rotation of a type gives the same tile twice
    # On a cell (here A1) the declared placements are each type's four rotations, once each.
    corner = [
        a.tile
        for a in GAME.action_space({"board": 5, "teams": False}, 2)
        if (a.row, a.col) == (0, 0)
    ]
    assert len(corner) == 24
    assert all(
        sorted(t for t in corner if t in TURNS[kind]) == sorted(TURNS[kind]) for kind in TYPES
    )


def test_rotations_that_give_the_same_tile_are_one_action() -> None:
    """Each distinct placement is declared once: 24 tiles on each cell but the centre, no
    two alike; and on a cell each held type can lie in the one rotation that fits."""
    for size in (5, 7):
        space = GAME.action_space({"board": size, "teams": False}, 2)
        assert len(space) == len(set(space)) == 24 * (size * size - 1)
        placements = {(a.row, a.col, a.tile) for a in space}
        assert len(placements) == len(space)
    state = new(2).arrange({}, {0: dict.fromkeys(TYPES, 1)})
    legal = state.legal_actions(0)
    by_cell: dict[tuple[int, int], list[str]] = {}
    for action in legal:
        by_cell.setdefault((action.row, action.col), []).append(action.tile)
    assert len(by_cell) == 4  # the four cells next to the start tile
    for tiles in by_cell.values():  # one constraint: each type fits in exactly one rotation
        assert sorted(type_of(t) for t in tiles) == sorted(TYPES)


def test_tiles_turn_but_never_flip() -> None:
    """No flipping: a tile's mirror image is another type, so it is not playable from it."""
    assert {kind: type_of(mirror(kind)) for kind in TYPES} == {
        "rbyg": "rgyb",
        "rgyb": "rbyg",
        "rbgy": "rygb",
        "rygb": "rbgy",
        "rybg": "rgby",
        "rgby": "rybg",
    }
    state = new(2).arrange({"C3": "rbyg"}, {0: {"rbyg": 1}})
    tiles = {a.tile for a in state.legal_actions(0)}
    assert tiles and all(type_of(t) == "rbyg" for t in tiles)
    # C4, below the start tile, must show yellow on top; the flipped tile would lie so:
    flipped = next(t for t in rotations(mirror("rbyg")) if t[0] == "y")
    with pytest.raises(IllegalAction, match="no tile of type rgyb"):
        state.apply(0, Place(3, 2, flipped))
    turned = next(t for t in rotations("rbyg") if t[0] == "y")
    state.apply(0, Place(3, 2, turned))


@pytest.mark.parametrize(("size", "players"), [(5, 2), (5, 3), (5, 4), (7, 2), (7, 3), (7, 4)])
def test_all_tiles_are_dealt_equally_at_random(size: int, players: int) -> None:
    """Every tile is dealt, the same number to each player, at random (a type may be missing)."""
    hands = set()
    for seed in range(8):
        view = new(players, seed, board=size).view(None)
        counts = [p["hand"] for p in view["players"]]
        assert all(sum(hand) == HAND_SIZE[size][players] for hand in counts)
        assert [sum(h[k] for h in counts) for k in range(6)] == [COPIES[size]] * 6
        hands.add(tuple(counts[0]))
    assert len(hands) > 1
    assert HAND_SIZE[5] == {2: 12, 3: 8, 4: 6} and HAND_SIZE[7] == {2: 24, 3: 16, 4: 12}


def test_every_hand_is_public_and_nothing_is_hidden() -> None:
    """Every player's remaining tiles per type are public; a hand has no order to hide."""
    state = new(3, 5)
    assert not GAME.hidden_information
    before = state.view(None)["players"][0]["hand"]
    action = state.legal_actions(0)[0]
    state.apply(0, action)
    views = [state.view(seat) for seat in (None, 0, 1, 2)]
    assert all({**v, "seat": None} == views[0] for v in views)
    after = views[0]["players"][0]["hand"]
    kind = TYPES.index(type_of(action.tile))
    assert after[kind] == before[kind] - 1 and sum(after) == sum(before) - 1


# ------------------------------------------------------------------ colours


def test_colours_by_seat() -> None:
    """Ruling: 2 players: seat 0 red + yellow, seat 1 blue + green; 3–4 players: red, blue,
    yellow, green by seat; with 3, green is nobody's."""
    owned = {n: [p["colours"] for p in new(n).view(None)["players"]] for n in (2, 3, 4)}
    assert owned[2] == [["red", "yellow"], ["blue", "green"]]
    assert owned[3] == [["red"], ["blue"], ["yellow"]]
    assert owned[4] == [["red"], ["blue"], ["yellow"], ["green"]]


@pytest.mark.parametrize(
    ("players", "scores"), [(2, (4 + 0, 3 + 2)), (3, (4, 3, 0)), (4, (4, 3, 0, 2))]
)
def test_each_seat_scores_the_squares_of_its_own_colours(
    players: int, scores: tuple[int, ...]
) -> None:
    """Ruling, in the scores: on a board of red 4, blue 3, yellow 0 and green 2 squares
    (every pair of colours a different sum), 2 players score red + yellow and blue +
    green; 3 or 4 score red, blue, yellow (and green) by seat."""
    state = new(players).arrange(EXAMPLE_BOARD)
    assert state.view(None)["points"] == [4, 3, 0, 2]
    assert state.scores == scores


def test_with_three_players_green_squares_score_for_nobody() -> None:
    state = new(3).arrange({"C3": "grby"}, {0: {"rbyg": 2}})
    place(state, 0, "C2", "bygr")  # its bottom (green) meets the start tile's green top
    assert state.view(None)["points"] == [0, 0, 0, 1]
    assert state.scores == (0, 0, 0)


# ------------------------------------------------------------------ placement


def test_a_tile_goes_next_to_a_placed_tile() -> None:
    """An empty cell orthogonally next to a tile; elsewhere (or diagonally) it is refused
    with the reason, and nothing changes."""
    state = new(2).arrange({"C3": "rbyg"}, {0: dict.fromkeys(TYPES, 1)})
    cells = {(a.row, a.col) for a in state.legal_actions(0)}
    assert cells == {(1, 2), (2, 3), (3, 2), (2, 1)}
    before = state.view(0)
    for far in (Place(0, 0, "rbyg"), Place(1, 1, "rbyg")):
        with pytest.raises(IllegalAction, match="not next to a tile"):
            state.apply(0, far)
    with pytest.raises(IllegalAction, match="already holds a tile"):
        state.apply(0, Place(2, 2, "rbyg"))
    with pytest.raises(IllegalAction, match="no cell"):
        state.apply(0, Place(5, 0, "rbyg"))
    with pytest.raises(IllegalAction, match="no tile"):
        state.apply(0, Place(1, 2, "rrrr"))
    assert state.view(0) == before


def test_every_touching_side_must_match_in_colour() -> None:
    """The sides a tile touches must show the same colour as the tiles they meet."""
    state = new(2).arrange({"C3": "rbyg", "D3": "gryb"}, {0: dict.fromkeys(TYPES, 2)})
    # D2 touches only D3 below it, which shows it a green top.
    tiles_d2 = {a.tile for a in state.legal_actions(0) if (a.row, a.col) == (1, 3)}
    assert len(tiles_d2) == 6 and all(t[2] == "g" for t in tiles_d2)
    # D4 is below D3 (yellow bottom): any fitting tile has yellow on top.
    with pytest.raises(IllegalAction, match="do not match"):
        place(state, 0, "D4", "rbyg")
    event = place(state, 0, "D4", "ygrb")
    assert event.outcome.public["squares"] == ["yellow"]


def test_a_tile_touching_two_tiles_must_match_both() -> None:
    """Where several neighbours are placed, every touching side must match."""
    state = new(2).arrange({"C3": "rbyg", "B2": "rbyg"}, {0: dict.fromkeys(TYPES, 2)})
    # C2 has C3 below it (red top) and B2 on its left (blue right side).
    fits = sorted(a.tile for a in state.legal_actions(0) if (a.row, a.col) == (1, 2))
    assert fits == sorted(t for t in TILES if t[2] == "r" and t[3] == "b")
    assert len(fits) == 2
    event = place(state, 0, "C2", fits[0])
    assert sorted(event.outcome.public["squares"]) == ["blue", "red"]
    assert state.view(None)["points"] == [1, 1, 0, 0]


def test_a_cell_shown_one_colour_from_two_sides_is_dead() -> None:
    """No tile shows a colour twice, so such a cell can never be filled (the BGA table
    paints it black); a tile may still go next to it showing it any colour."""
    # C2's two neighbours both show it red: C3's red top and B2's red right side.
    state = new(2).arrange({"C3": "rbyg", "B2": "grby"}, {0: dict.fromkeys(TYPES, 2)})
    assert 1 * 5 + 2 in state.view(None)["dead"]
    assert not [a for a in state.legal_actions(0) if (a.row, a.col) == (1, 2)]
    with pytest.raises(IllegalAction, match="one colour twice"):
        place(state, 0, "C2", "rbyg")
    place(state, 0, "D3", "ygrb")  # its blue left side meets C3's blue right side
    # D2, above D3 and right of the dead C2: only D3's yellow top constrains it.
    fits = [a.tile for a in state.legal_actions(0) if (a.row, a.col) == (1, 3)]
    assert len(fits) == 6 and {t[2] for t in fits} == {"y"}
    assert {t[3] for t in fits} == {"r", "b", "g"}  # any colour may face the dead cell
    place(state, 0, "D2", fits[0])
    assert 1 * 5 + 2 in state.view(None)["dead"]


def test_a_player_who_can_place_must_even_without_scoring() -> None:
    """There is no pass while a placement exists, even one that scores only for others."""
    state = new(2).arrange({"C3": "bygr"}, {0: {"rbyg": 1}, 1: {"rbyg": 1}})
    # The start tile shows blue and green (seat 1's colours) … and yellow, red: seat 0
    legal = state.legal_actions(0)
    assert legal and all(isinstance(a, Place) for a in legal)
    others_only = [a for a in legal if a.row == 1]  # above: meets the blue top, blue's square
    assert others_only
    state.apply(0, others_only[0])
    assert state.scores == (0, 1)


def _holes(empty: int = -1, seed: int = 3) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """A tiling of the 5 × 5 board with two interior cells left empty, far apart, whose only
    tiles differ in type."""
    board = full_tiling(5, seed, empty)
    interior = [n for n in board if n[0] in "BCD" and n[1] in "234" and n != "C3"]
    for first in interior:
        for second in interior:
            a, b = board[first], board[second]
            far = abs(ord(first[0]) - ord(second[0])) + abs(int(first[1]) - int(second[1])) > 1
            if far and type_of(a) != type_of(b):
                rest = {n: t for n, t in board.items() if n not in (first, second)}
                return rest, [(first, a), (second, b)]
    raise AssertionError("no two holes")


def test_one_who_cannot_place_passes_and_the_game_ends_when_nobody_can() -> None:
    """A player with tiles but no placement is passed over (no decision; an empty hand
    likewise); when nobody can place the game is over, tiles left in hand."""
    for seed in range(50):  # a board whose corner cell A1 is dead: one tile spare
        board, [(first, a), (second, b)] = _holes(empty=0, seed=seed)
        state = new(3).arrange(board)
        if 0 in state.dead_cells():
            break
    spare = next(
        k for k in TYPES if state.aside[TYPES.index(k)] and k not in (type_of(a), type_of(b))
    )
    state = new(3).arrange(board, {0: {type_of(a): 1}, 1: {spare: 1}, 2: {type_of(b): 1}})
    assert [x.tile for x in state.legal_actions(0)] == [a]  # four sides: one tile fits
    event = place(state, 0, first, a)
    assert event.outcome.public["passed"] == [1]
    assert state.to_act == (2,)
    assert state.legal_actions(1) == []
    event = place(state, 2, second, b)
    assert event.outcome.public["game_over"] is True
    assert state.is_over and state.to_act == ()
    assert state.view(None)["players"][1]["hand"][TYPES.index(spare)] == 1  # never placed
    empty_hand = new(2).arrange({}, {0: {"rbyg": 2}})
    event = empty_hand.apply(0, empty_hand.legal_actions(0)[0])
    assert event.outcome.public["passed"] == [1] and empty_hand.to_act == (0,)


def test_a_game_ends_when_nobody_can_place_even_with_tiles_left() -> None:
    """Random play: every game ends with no seat able to place; tiles may be left over."""
    left = 0
    for seed in range(20):
        state = played(4, seed)
        assert not any(state.can_place(seat) for seat in range(4))
        left += sum(sum(p["hand"]) for p in state.view(None)["players"])
    assert left > 0


# ------------------------------------------------------------------ scoring


def test_one_point_per_matched_edge_of_your_colour() -> None:
    """Each pair of touching triangles of one colour is a square, one point for its owner."""
    state = new(2).arrange({"C3": "rbyg"}, {0: dict.fromkeys(TYPES, 2), 1: dict.fromkeys(TYPES, 2)})
    place(state, 0, "C2", "bgry")  # bottom red meets C3's red top: red, seat 0
    assert state.scores == (1, 0)
    place(state, 1, "D3", "ygrb")  # its left side (blue) meets C3's blue right side
    assert state.view(None)["points"] == [1, 1, 0, 0]
    assert state.scores == (1, 1)
    # D2 touches C2 (its right side, green) and D3 (its top, yellow): two squares.
    event = place(
        state, 0, "D2", next(a.tile for a in state.legal_actions(0) if (a.row, a.col) == (1, 3))
    )
    assert sorted(event.outcome.public["squares"]) == ["green", "yellow"]
    assert state.scores == (2, 2)


def test_edges_on_the_border_never_score() -> None:
    """Only shared edges make squares: a side on the edge of the board scores nothing."""
    board, holes = _holes()
    state = new(2).arrange({**board, **dict(holes)})
    edges = 2 * 5 * 4
    assert sum(state.view(None)["points"]) == edges
    assert sum(state.scores) == edges


def test_most_squares_wins_and_ties_are_draws() -> None:
    """The most squares of one's colours wins; equal totals share the win (a draw)."""
    board, [(first, a), (second, b)] = _holes()
    for owner in (0, 1):
        state = new(2).arrange(board, {owner: {type_of(a): 1, type_of(b): 1}}, current=owner)
        place(state, owner, first, a)
        place(state, owner, second, b)
        assert state.is_over
        scores = state.scores
        best = max(scores)
        assert state.winners == tuple(s for s in (0, 1) if scores[s] == best)
    for seed in range(60):  # a draw among several players is shared by all of them
        state = played(3, seed)
        if len(state.winners) > 1:
            assert len({state.scores[s] for s in state.winners}) == 1
            break
    else:
        raise AssertionError("no draw in 60 games")


# ------------------------------------------------------------------ teams


def test_team_totals_first_then_individual() -> None:
    """Team play: seats 0+2 against 1+3; the team total decides, then a player's own squares
    (however many squares you make, a weak partner may leave you third)."""
    assert standings([9, 2, 0, 8], ((0, 2), (1, 3))) == [3, 2, 4, 1]
    assert standings([4, 4, 4, 4], ((0, 2), (1, 3))) == [1, 1, 1, 1]
    assert standings([3, 1, 2, 4], None) == [2, 4, 3, 1]


def test_in_team_play_the_best_member_of_the_winning_team_wins() -> None:
    """The engine's team convention: ``teams`` groups the seats, ``scores`` stay each
    player's own, and the winner is the member of the winning team with more squares of
    their own (「勝ったチームの中でさらに個人でたくさんの正方形をとった人が勝ち」);
    equal squares inside the winning team share the win."""
    decided = shared = 0
    for seed in range(40):
        state = played(4, seed, teams=True)
        s = state.scores
        totals = (s[0] + s[2], s[1] + s[3])
        view = state.view(None)
        assert view["team_scores"] == list(totals) and view["teams"] == [[0, 2], [1, 3]]
        assert view["places"] == standings(list(s), ((0, 2), (1, 3)))
        assert state.winners == tuple(seat for seat in range(4) if view["places"][seat] == 1)
        if totals[0] != totals[1]:
            team = (0, 2) if totals[0] > totals[1] else (1, 3)
            best = max(s[seat] for seat in team)
            assert state.winners == tuple(seat for seat in team if s[seat] == best)
            decided += 1
            shared += len(state.winners) == 2
    assert decided and shared


def test_team_winner_seed_1200_is_the_better_partner_alone() -> None:
    """The issue's game: squares [6, 6, 5, 3], teams 11 to 9; seat 0 (6) beats its partner
    seat 2 (5), so seat 0 alone wins (it used to be (0, 2))."""
    state = played(4, 1200, teams=True)
    assert state.scores == (6, 6, 5, 3) and state.team_totals() == [11, 9]
    assert state.winners == (0,)
    assert state.places() == [1, 3, 2, 4]
    assert state.summary("en")[-1] == "Winners: P1"


def play_example(state: UnitedSquareState) -> UnitedSquareState:
    """The example's moves from its start, each making the squares the drawing shows."""
    state.arrange(EXAMPLE_START, EXAMPLE_HANDS)
    assert state.view(None)["points"] == [1, 1, 0, 1]  # C2-C3 red, C3-D3 blue, B2-C2 green
    for seat, cell, tile, squares in EXAMPLE_MOVES:
        assert state.to_act == (seat,)
        event = place(state, seat, cell, tile)
        assert event.outcome.public["squares"] == squares
        assert event.outcome.public.get("passed", []) == ([2] if cell == "D2" else [])
    assert state.is_over
    return state


def test_the_strong_player_of_a_weak_team_can_finish_third() -> None:
    """The text's example in words: however many squares you make, a partner who makes few
    may leave you third.  Seat 0 (red) makes 4 squares, more than anybody, and seat 2
    (yellow) none; seats 1 (blue, 3) and 3 (green, 2) win 5 to 4, and seat 0 is third."""
    state = play_example(new(4, teams=True))
    view = state.view(None)
    assert view["points"] == [4, 3, 0, 2]
    assert state.scores == (4, 3, 0, 2)
    assert [p["score"] for p in view["players"]] == [4, 3, 0, 2]
    assert view["team_scores"] == [4, 5]
    assert state.winners == (1,)
    assert view["places"] == [3, 1, 4, 2]
    lines = state.summary("en")
    assert lines[-8:] == [
        "Team P1 & P3: 4 in all",
        "Team P2 & P4: 5 in all",
        "Team play: the winner is the member of the team with the larger total who has more "
        "squares of their own (equal: both win); places go by team total, then by a player's "
        "own squares.",
        "Place 1: P2",
        "Place 2: P4",
        "Place 3: P1",
        "Place 4: P3",
        "Winners: P2",
    ]
    # The same game without teams: seat 0's four squares win outright.
    alone = play_example(new(4))
    assert alone.scores == (4, 3, 0, 2) and alone.winners == (0,)
    assert alone.view(None)["places"] == [1, 2, 4, 3]


def test_a_safety_limit_is_not_needed() -> None:
    """Every decision places a tile: a game lasts at most as many decisions as tiles."""
    for size, players in ((5, 2), (7, 4)):
        options = GAME.resolve_options({"board": size})
        assert GAME.max_game_length(options, players) == size * size - 1
    assert not GAME.provisional


def test_the_seven_by_seven_board_meets_the_contract() -> None:
    """The 7 × 7 option, which the generic suites leave out (``samples``), checked at every
    step of a random game by the conformance suite's own playout (four players in teams,
    the longest game there is)."""
    from test_conformance import Case, Playout

    Playout(Case("united-square", 4, (("board", 7), ("teams", True))), 0).run()
