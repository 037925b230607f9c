"""A count of one reads "1 point", "1 card" (and −1 "−1 point") in the games' summaries,
terminal views and page words: several games printed "1 points" and "1 cards"."""

from __future__ import annotations

import random
import re
from types import SimpleNamespace

import pytest

import bodoge
from bodoge.engine import Text
from bodoge.games import BUILTIN_IDS
from bodoge.games.cardiceo.text import decided_by
from bodoge.games.cardiceo.text import summary_lines as cardiceo_summary
from bodoge.games.egyptian_bride.text import tie_break_line
from bodoge.games.number_heist.text import summary_lines as heist_summary
from bodoge.games.papayoo.text import summary_lines as papayoo_summary
from bodoge.server.render import render_game
from viewkit import live_table

ONE_IN_THE_PLURAL = re.compile(
    r"(?<![\d.,])[-−]?1 (points|pts|cards|desserts|rounds|turns|squares|gaps|nuts"
    r"|empty positions)\b"
)


@pytest.mark.parametrize("game_id", BUILTIN_IDS)
def test_no_finished_game_tells_a_count_of_one_in_the_plural(game_id: str) -> None:
    """Random games (short ones) at the fewest and most players: the summary and each seat's
    terminal view at the end."""
    game = bodoge.get_game(game_id)
    for players in sorted(set(game.player_range(game.resolve_options(None)))):
        for seed in range(12):
            state = game.new_game(players, seed)
            rng = random.Random(seed)
            while not state.is_over:
                seat = state.to_act[0]
                state.apply(seat, rng.choice(state.legal_actions(seat)))
            lines = [*state.summary("en")]
            lines += [game.describe_view(state.view(s), "en") for s in range(players)]
            for line in lines:
                assert not ONE_IN_THE_PLURAL.search(line), (players, seed, line)


def test_one_serves_minus_one_too() -> None:
    points = Text("{n}点", "{n} pts", one="{n} pt")
    assert [points.format(n=n)("en") for n in (-2, -1, 0, 1, 2)] == [
        "-2 pts",
        "-1 pt",
        "0 pts",
        "1 pt",
        "2 pts",
    ]


def test_summaries_with_several_counts_count_each() -> None:
    cardiceo = {
        "rounds": 2,
        "cards_left": [1, 2],
        "sums": [1, 9],
        "totals": [1, 12],
        "winners": [0],
        "emptied": None,
        "by_limit": False,
    }
    assert cardiceo_summary(cardiceo, "en")[0] == "P1: 1 card left (1 point), total 1"
    assert cardiceo_summary(cardiceo, "ja")[0] == "P1: 残り1枚（1点） 合計1点"
    assert decided_by(cardiceo, "en") == "After 2 rounds the lowest total (1 point) wins."
    assert papayoo_summary([1, 0, 4], [1], "en")[0] == "P1: 1 point"
    settlement = {"points": [1, 1, 0], "out": [False] * 3, "married": [[5], [7], []]}
    line = tie_break_line({**settlement, "winners": [1]}, ["Ann", "Bo", "Cy"], "en")
    assert line == "Ann, Bo tie on 1 point: Bo married the highest number (7) and wins."
    heist = SimpleNamespace(
        ending="won",
        final=(1,),
        num_players=2,
        points=[1, 30],
        goal=30,
        last_numbers=[12, 34],
        last_results=["fail", "success"],
        last_gains=[[0], [3]],
    )
    assert "P1: 12, failed (a card was gone), +0 → 1 point" in heist_summary(heist, "en")


@pytest.mark.parametrize(("game_id", "players"), [("go-nuts-for-donuts", 2), ("anehambra", 3)])
def test_the_pages_count_one_card_and_one_empty_position(game_id: str, players: int) -> None:
    """Go Nuts' end ("the deck holds 1 card, too few to refill 2 empty positions") and
    Anehambra's palaces under construction (one card), on the pages of random games."""
    seen = ""
    for seed in range(2):
        live = live_table(game_id, players, seed)
        state, rng = live.state, random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            action = rng.choice(state.legal_actions(seat))
            state.apply(seat, action)
            if action.TYPE == "build" or state.is_over:  # a palace grows; the game's end
                page = render_game(live, seat, "en")
                assert not ONE_IN_THE_PLURAL.search(page), ONE_IN_THE_PLURAL.search(page)
                seen += page if " 1 card" in page else ""
    assert " 1 card" in seen
