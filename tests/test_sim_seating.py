"""Seating in the simulator: every order of the lineup in turn, rotations within each block."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Hashable, Sequence
from typing import TypeVar

from hypothesis import given
from hypothesis import strategies as st

import bodoge
from bodoge.bots import expand_bot_specs
from bodoge.sim import run_many, seat_specs, seating_cycle

EGYPTIAN = bodoge.get_game("egyptian-bride")
Spec = TypeVar("Spec", bound=Hashable)

lineups = st.lists(st.sampled_from("ABCD"), min_size=1, max_size=6)


def rotation(lineup: Sequence[Spec], index: int) -> tuple[Spec, ...]:
    """The seating of plain rotation: game ``i`` seats spec ``(seat + i) mod n``."""
    shift = index % len(lineup)
    return tuple(lineup[shift:]) + tuple(lineup[:shift])


def next_seats(seatings: Sequence[Sequence[str]]) -> Counter[tuple[str, str]]:
    """How often each spec sits right after another (the next seat round the table)."""
    return Counter(
        (seating[seat], seating[(seat + 1) % len(seating)])
        for seating in seatings
        for seat in range(len(seating))
    )


@given(lineups)
def test_a_cycle_seats_every_distinct_order_equally_often(lineup: list[str]) -> None:
    cycle = seating_cycle(lineup)
    seatings = [seat_specs(lineup, index, True) for index in range(cycle)]
    seen = Counter(seatings)
    assert set(seen) == set(itertools.permutations(lineup))
    assert len(set(seen.values())) == 1
    assert [seat_specs(lineup, cycle + index, True) for index in range(cycle)] == seatings


@given(lineups, st.integers(0, 10**6))
def test_every_block_of_n_games_seats_each_spec_in_each_seat_as_often_as_it_has_seats(
    lineup: list[str], block: int
) -> None:
    n = len(lineup)
    seatings = [seat_specs(lineup, block * n + shift, True) for shift in range(n)]
    first = seatings[0]
    assert seatings == [rotation(first, shift) for shift in range(n)]
    for seat in range(n):
        assert Counter(seating[seat] for seating in seatings) == Counter(lineup)


def test_with_three_different_bots_each_sits_right_after_each_other_equally_often() -> None:
    seatings = [seat_specs("ABC", index, True) for index in range(6)]  # its 3! orders
    after = next_seats(seatings)
    assert after["A", "B"] == after["A", "C"] == after["B", "C"] == after["C", "B"] == 3
    four = [seat_specs("ABCD", index, True) for index in range(seating_cycle("ABCD"))]
    assert len(set(next_seats(four).values())) == 1


def test_workers_seat_every_order_as_this_process_does() -> None:
    specs = ["random", "heuristic", "easy"]

    def bots(workers: int) -> list[tuple[str, ...]]:
        results = run_many(EGYPTIAN, 3, None, 8, specs, n=6, workers=workers, chunk_size=1)
        return [result.bots for result in sorted(results, key=lambda result: result.index)]

    alone = bots(1)
    assert bots(2) == alone
    assert set(alone) == set(itertools.permutations(specs))


@given(st.integers(2, 8), st.data())
def test_lineups_whose_orders_are_rotations_seat_as_plain_rotation(
    players: int, data: st.DataObject
) -> None:
    odd = data.draw(st.integers(0, players - 1))
    lineup = ["normal"] * players
    lineup[odd] = "strong"
    pair = data.draw(st.lists(st.sampled_from(["easy", "normal"]), min_size=2, max_size=2))
    for specs in (lineup, pair, ["random"] * players):
        parsed = expand_bot_specs(specs, len(specs))
        assert seating_cycle(parsed) == len(specs)
        for index in range(3 * len(specs)):
            assert seat_specs(parsed, index, True) == rotation(parsed, index)


def test_fixed_seats_keep_the_lineup() -> None:
    assert {seat_specs("ABC", index, False) for index in range(12)} == {("A", "B", "C")}
