"""Imhotep's browser table, rendered in process: every legal action is on the piece it
concerns and in the folded list; hidden cards reach nobody; the end screen scores site by site."""

from __future__ import annotations

import html
import random
import re

import pytest

from bodoge.games.imhotep import GAME, SailShip, TakeCard
from bodoge.games.imhotep.data import CARD_NAMES
from bodoge.server.render import render_game
from viewkit import (
    check_template_words,
    live_table,
    play_and_check_every_page,
    sole_random_move,
)


@pytest.mark.parametrize(("players", "options"), [(2, {}), (3, {"sides": "B", "wrath": True})])
def test_every_action_is_on_its_component_and_listed(players: int, options: dict) -> None:
    kinds = play_and_check_every_page(
        "imhotep",
        players,
        5 + players,
        options=options,
        choose=sole_random_move,
        pages_every=3,
        watchers_every=None,
        end_marks=["final-scoring", "final-burial"],
    )
    assert {"take_stones", "place_stone", "sail_ship", "take_card"} <= kinds


def test_the_face_down_pair_is_shown_only_to_its_taker() -> None:
    """Market B's pair is drawn face down: other seats' pages do not depend on it."""
    pages = []
    for pair in (["statue", "lever"], ["sail", "chisel"]):
        live = live_table("imhotep", 3, seed=2, options={"sides": "B"})
        live.state.arrange(ships=[1, 1, 1, 1], cargo={0: [1]}, pair=pair)
        pages.append([render_game(live, other, "en") for other in (None, 0, 1, 2)])
    assert pages[0] == pages[1]


def test_every_word_the_template_uses_exists_in_both_languages() -> None:
    check_template_words("imhotep", whole_keys_only=True)


def test_the_provisional_data_is_labelled_in_the_rules_panel() -> None:
    """The four stand-ins the data file asks for are declared provisional and listed, in both
    languages, under the rules panel's heading; no bare 'Provisional data' line is left."""
    assert [p.name for p in GAME.provisional] == [
        "round_cards_3p", "pyramid_b", "temple_b", "obelisk_b",
    ]  # fmt: skip
    live = live_table("imhotep", 3, seed=1)
    for lang, label in (("en", "Provisional: "), ("ja", "暫定データ: ")):
        page = html.unescape(render_game(live, 0, lang))
        listed = page.split('data-testid="provisional">', 1)[1].split("</ul>", 1)[0]
        for part in GAME.provisional:
            assert part.text(lang).startswith(label) and part.text(lang) in listed
        if lang == "en":
            assert "Provisional data" not in page


CARD_COLOURS = {"red": ["entrance", "sarcophagus", "paved_path"],
                "green": ["pyramid_deco", "temple_deco", "burial_deco", "obelisk_deco"],
                "purple": ["statue"], "blue": ["lever", "hammer", "sail", "chisel"]}  # fmt: skip
"""The colour of each market card, as the data file gives it."""
CARD_BUTTON = re.compile(r'class="card im-card im-(\w+)[^>]*>\s*<span class="card-face">'
                         r'<span class="im-card-name">([^<]+)<')  # fmt: skip


def test_every_card_in_the_keep_prompt_carries_its_colour() -> None:
    """Market B's face-down pair, shown to its taker: each card's class names its colour,
    whatever its kind (as in the market row and the players' cards)."""
    name_of = {CARD_NAMES[card]("en"): card for card in CARD_NAMES}
    kinds = [card for cards in CARD_COLOURS.values() for card in cards]
    seen = {}
    for pair in zip(kinds[::2], kinds[1::2], strict=True):
        live = live_table("imhotep", 2, seed=2, options={"sides": "B"})
        live.state.arrange(ships=[1, 1, 1, 1], cargo={0: [1]}, pair=list(pair))
        live.state.apply(0, SailShip(0, "market"))
        live.state.apply(1, TakeCard(3))
        prompt = render_game(live, 1, "en").split('data-testid="keep"', 1)[1].split("</div>")[0]
        seen.update((name_of[name], colour) for colour, name in CARD_BUTTON.findall(prompt))
    assert seen == {card: colour for colour, cards in CARD_COLOURS.items() for card in cards}


def test_option_hints_name_choices_as_the_lobby_shows_them() -> None:
    """Issue 34 (8): the raw value ``custom`` showed in the options' hints in both languages;
    the hints now name the choice as the lobby lists it ("Chosen per site")."""
    for option in GAME.options:
        for lang in ("ja", "en"):
            hint = option.help(lang)
            assert "custom" not in hint and "random:" not in hint, (option.name, lang, hint)
    sides = next(o for o in GAME.options if o.name == "sides")
    assert "Chosen per site" in sides.help("en") and "建造物ごとに指定" in sides.help("ja")
    market = next(o for o in GAME.options if o.name == "market_side")
    assert market.help("en") == "Used only when 'Site sides' is 'Chosen per site'."


def _played_out(options: dict, seed: int) -> tuple:
    live = live_table("imhotep", 2, seed=seed, options=options)
    rng = random.Random(seed)
    state = live.state
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return live, state


def test_the_end_shows_pharaohs_wrath_only_when_played_and_japanese_brackets_in_japanese() -> None:
    """The end table had a 「ファラオの怒り 0」 row with wrath off; the Japanese summary
    read "P1: 23 (ピラミッド 10, …; ソリの石（同点時） 3)"."""
    live, state = _played_out({}, seed=2)
    assert 'data-testid="final-wrath"' not in render_game(live, None, "ja")
    assert 'data-testid="final-pyramid"' in render_game(live, None, "ja")
    summary = "\n".join(state.summary("ja"))
    assert not re.search(r"[(;,]", summary), summary
    assert re.search(r"^.+: \d+点（.+。同点時のソリの石 \d+）$", summary, re.M), summary
    english = "\n".join(state.summary("en"))
    assert re.search(r"^.+: \d+ \(.+; stones on sled for a tie-break \d+\)$", english, re.M)
    for seed in range(20):
        live, state = _played_out({"wrath": True}, seed=seed)
        if min(min(row) for row in state.final_points) < 0:
            break
    else:
        pytest.fail("nobody met the Pharaoh's wrath in 20 random games")
    page = render_game(live, None, "en")
    assert 'data-testid="final-wrath"' in page and "<td>−5</td>" in page
    assert "Pharaoh's wrath −5" in "\n".join(state.summary("en"))
