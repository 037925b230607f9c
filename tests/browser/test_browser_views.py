"""The server-rendered views, in process (no browser): every legal action is clickable,
any game is playable through the generic view, and every word exists in ja and en."""

from __future__ import annotations

import dataclasses
import json
import random
import re
import string
import sys
from pathlib import Path

import pytest

import bodoge
from bodoge.games.hoarders.actions import StealNut
from bodoge.games.papayoo.actions import Play
from bodoge.server.db import WAITING
from bodoge.server.i18n import WORDS
from bodoge.server.live import LiveTable
from bodoge.server.messages import state_message
from bodoge.server.render import ENV, game_words, render_game, table_template
from viewkit import clickable, clicked_move, live_table, play_and_check_every_page

from .browser_support import check_frame

SERVER = Path(bodoge.__file__).parent / "server"


def test_every_word_has_both_languages_and_the_same_placeholders() -> None:
    games = [bodoge.get_game(game_id) for game_id in bodoge.game_ids()]
    tables = [WORDS, *(game_words(game) for game in games)]
    for words in tables:
        for key, text in words.items():
            assert text.ja.strip() and text.en.strip(), key
            fields = [
                {f for _, f, _, _ in string.Formatter().parse(s) if f} for s in (text.ja, text.en)
            ]
            assert fields[0] == fields[1], f"{key}: ja and en fill different values"


def test_every_word_a_template_uses_exists() -> None:
    for name in ENV.list_templates(extensions=["html"]):
        source = ENV.loader.get_source(ENV, name)[0]  # type: ignore[union-attr]
        for key in re.findall(r'\bword\(\s*["\'](\w+)["\']\s*[,)]', source):
            assert key in WORDS, f"{name} uses the missing word {key!r}"
        for prefix in re.findall(r'\bword\(\s*["\'](\w+)["\']\s*~', source):  # "status_" ~ s
            assert any(key.startswith(prefix) for key in WORDS), (
                f"{name} uses words {prefix}… and there is none"
            )
        game = next((bodoge.get_game(g) for g in bodoge.game_ids() if name == f"{g}.html"), None)
        words = {**WORDS, **(game_words(game) if game is not None else {})}
        for key in re.findall(r'\bt\(\s*["\'](\w+)["\']\s*[,)]', source):
            assert game is not None and key in words, f"{name} uses the missing word {key!r}"
        for prefix in re.findall(r'\bt\(\s*["\'](\w+)["\']\s*~', source):  # t("colour_" ~ c)
            assert any(key.startswith(prefix) for key in words), (
                f"{name} uses words {prefix}… and there is none"
            )


def test_a_games_words_live_in_its_package_only() -> None:
    """No words file beside the templates: the game's ``text`` module holds them."""
    games = Path(bodoge.__file__).parent / "games"
    assert list(games.glob("*/templates/*.json")) == []
    for game_id in GAME_TEMPLATES:
        game = bodoge.get_game(game_id)
        assert game.words and type(game).words is sys.modules[type(game).__module__].WORDS


@pytest.mark.parametrize(
    ("players", "options"), [(3, {}), (5, {}), (4, {"expansion": True}), (6, {"expansion": True})]
)
def test_egyptian_bride_every_action_is_on_its_component_and_listed(
    players: int, options: dict[str, object]
) -> None:
    kinds_seen = play_and_check_every_page(
        "egyptian-bride",
        players,
        players * 7 + len(options),
        options=options,
        choose=clicked_move,
        move_seed=players,
        listed_only={"stop_taking"},  # a button only: it concerns no card, pile or chip
        watchers_every=10,
        end_marks=["settlement"],
    )
    assert {"take_face_up", "take_from_deck", "place", "take_chip"} <= kinds_seen


def test_egyptian_bride_replay_mode_is_not_clickable() -> None:
    live = live_table("egyptian-bride", 3, seed=1)
    html = render_game(live, 0, "en", replay=True)
    assert clickable(html) == []
    assert 'data-testid="hand" data-seat="0"' in html


def test_the_waiting_room_lists_the_seats() -> None:
    live = live_table("egyptian-bride", 4, seed=2, status=WAITING)
    html = render_game(live, 0, "ja")
    assert 'data-testid="waiting-room"' in html
    assert clickable(html) == []
    assert html.count("seat-entry") == 4


GENERIC_GAMES = [g for g in bodoge.game_ids() if g.startswith("toy-")]


@pytest.mark.parametrize("game_id", GENERIC_GAMES)
def test_a_game_without_a_template_is_playable_through_the_generic_view(game_id: str) -> None:
    game = bodoge.get_game(game_id)
    assert table_template(game) == "generic.html"
    players = game.min_players
    live = live_table(game_id, players, seed=5)
    rng = random.Random(5)
    for step in range(2_000):
        if live.state.is_over:
            break
        seat = rng.choice(live.state.to_act)
        legal = live.state.legal_actions(seat)
        lang = "ja" if step % 2 else "en"
        html = render_game(live, seat, lang)
        assert sorted(set(clickable(html))) == list(range(len(legal)))
        assert clickable(render_game(live, None, lang)) == []
        live.state.apply(seat, legal[rng.choice(clickable(html))])
    assert live.state.is_over
    html = render_game(live, None, "en")
    assert 'data-testid="settlement"' in html and 'data-testid="scores"' in html


@pytest.mark.parametrize("game_id", bodoge.game_ids())
def test_a_seats_page_depends_only_on_what_the_seat_may_know(game_id: str) -> None:
    """Re-dealing everything hidden from a seat never changes the html it is sent.

    With this, a page that equals its frame's html (``check_dom_is_its_frame``)
    shows nothing of another seat's secrets, whatever the game's template does.
    """
    game = bodoge.get_game(game_id)
    live = live_table(game_id, game.min_players, seed=11)
    rng = random.Random(11)
    for step in range(120):
        if live.state.is_over:
            break
        if step % 6 == 0:
            for seat in [None, *range(live.state.num_players)]:
                lang = "ja" if step % 12 else "en"
                world = dataclasses.replace(live, state=live.state.determinize(seat, step))
                assert render_game(world, seat, lang) == render_game(live, seat, lang), (
                    f"{game_id} step {step}: seat {seat}'s page changes with hidden cards"
                )
        actor = rng.choice(live.state.to_act)
        live.state.apply(actor, rng.choice(live.state.legal_actions(actor)))


def test_the_leak_checks_pass_real_messages_and_catch_doctored_ones() -> None:
    """The browser tests' frame check has teeth: it passes what the hub sends, not a leak."""
    live = live_table("egyptian-bride", 3, seed=9)
    rng = random.Random(9)
    while live.state.version < 12:
        for seat in [None, 0, 1, 2]:
            check_frame(
                json.loads(json.dumps(state_message(live, seat, True, "en", render=render_game))),
                seat,
            )
        (actor,) = live.state.to_act
        live.state.apply(actor, rng.choice(live.state.legal_actions(actor)))
    message = json.loads(json.dumps(state_message(live, 1, True, "en", render=render_game)))
    other_hand = live.state.view(0)["hand"]
    leaks = [
        lambda m: m["view"]["players"][0].update(hand=other_hand),
        lambda m: m.update(extra={"hand": other_hand}),
        lambda m: m["log"].append(
            {"index": 99, "seat": 0, "action": None, "label": None, "facts": {"card": 7}}
        ),
        lambda m: m.update(html=m["html"] + '<div data-testid="hand" data-seat="0"></div>'),
        lambda m: m.update(seat=0),
    ]
    for leak in leaks:
        doctored = json.loads(json.dumps(message))
        leak(doctored)
        with pytest.raises(AssertionError):
            check_frame(doctored, 1)
    spectator = json.loads(json.dumps(state_message(live, None, True, "en", render=render_game)))
    spectator["view"]["hand"] = other_hand
    with pytest.raises(AssertionError):
        check_frame(spectator, None)


def test_labels_name_players_by_name_in_both_languages() -> None:
    """A label fills its seat placeholder with the player's name: no text is patched."""
    names = ["Alice", "Bob"]
    assert StealNut(1, "walnut").label("en", names) == "Steal Bob's Walnut"
    assert "Bob" in StealNut(1, "walnut").label("ja", names)
    assert StealNut(1, "walnut").label("en") == "Steal P2's Walnut"
    assert Play("P2").label("en", names) == Play("P2").label("en")  # a card, not a seat


BUTTON = re.compile(r'<button type="button" class="action\b[^"]*" data-act="(\d+)"')
INDEX = re.compile(r'<details class="actions action-index".*?</details>', re.S)
GAME_TEMPLATES = [g for g in bodoge.game_ids() if not g.startswith("toy-")]


@pytest.mark.parametrize("game_id", GAME_TEMPLATES)
def test_the_pieces_are_the_buttons_and_the_list_is_a_folded_index(game_id: str) -> None:
    """Every legal action is on the table exactly once, and once more in the folded index.

    No button is offered twice (in the banner and below it, or two buttons for
    one inspection), and there is no second set of big buttons beside the cards.
    """
    game = bodoge.get_game(game_id)
    players = min(max(3, game.min_players), game.max_players)  # 1–2 player games too
    live = live_table(game_id, players, seed=21)
    rng = random.Random(21)
    for step in range(400):
        if live.state.is_over:
            break
        seat = rng.choice(live.state.to_act)
        legal = live.state.legal_actions(seat)
        html = render_game(live, seat, "ja" if step % 2 else "en")
        (index,) = INDEX.findall(html)
        assert sorted(clickable(index)) == list(range(len(legal))), f"{game_id} step {step}"
        table = INDEX.sub("", html)
        pieces = clickable(table)
        buttons = [int(i) for i in BUTTON.findall(table)]
        for number, action in enumerate(legal):
            assert number in pieces, f"{game_id} step {step}: {action} is not on the table"
            assert buttons.count(number) <= 1, f"{game_id} step {step}: two buttons for {action}"
            if number in buttons:
                assert pieces.count(number) == 1, (
                    f"{game_id} step {step}: {action} has a button and a piece"
                )
        assert 'class="action-buttons"' not in table
        assert ">×1<" not in html, "a single card has a count badge"
        live.state.apply(seat, rng.choice(legal))


def played_out(game_id: str, players: int, seed: int, options: dict[str, object]) -> LiveTable:
    """A table whose game was played to the end by random moves (``random.Random(seed)``)."""
    live = live_table(game_id, players, seed=seed, options=options)
    state = bodoge.get_game(game_id).new_game(players, seed=seed, options=options)
    live = dataclasses.replace(live, state=state)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return live


def test_egyptian_bride_explains_its_tie_break() -> None:
    live = played_out("egyptian-bride", 4, 0, {"expansion": True})
    english = render_game(live, None, "en")
    assert "Name0, Name3 tie on 4 points: Name3 married the highest number (18) and wins." in (
        english
    )
    assert "whoever of them married the highest number wins" in english
    assert "最も大きい数字（18）と結婚したName3の勝ち" in render_game(live, 1, "ja")


def test_cardiceo_names_the_rule_that_decided_and_labels_every_row() -> None:
    live = played_out("cardiceo", 3, 4, {"rounds": 3})
    result = live.state.view(None)["result"]
    html = render_game(live, None, "en")
    low = min(result["totals"])
    assert f"After 3 rounds the lowest total ({low} points) wins." in html
    assert "emptied their hand first" not in html
    assert f"After 3 rounds the lowest total ({low} points) wins." in live.state.summary("en")
    rows = re.findall(r"<tr[^>]*>\s*<th scope=\"row\">(.*?)</th>", html, re.S)
    assert rows and all(label.strip() for label in rows), rows
    assert "Outcome" in rows and "勝敗" in render_game(live, 0, "ja")


def test_anehambra_offers_only_the_kinds_of_action_there_are_and_says_why() -> None:
    live = live_table("anehambra", 3, seed=3)
    seat = live.state.to_act[0]
    assert {a.TYPE for a in live.state.legal_actions(seat)} == {"draw", "build"}
    html = render_game(live, seat, "en")
    assert "Do one: draw or build." in html
    assert "You cannot inspect: nobody else has an unverified palace." in html
    assert "An earthquake needs four pillars of one colour in your hand." in html
    assert "inspect or cause an earthquake" not in html
    assert "山札から引く・宮殿を建てる、のどれかひとつ。" in render_game(live, seat, "ja")
    finished = played_out("anehambra", 3, 3, {})
    assert '<th scope="row">Palaces</th>' in render_game(finished, None, "en")


EMOJI = re.compile("[\U0001f300-\U0001faff\ufe0f]")


def test_hoarders_draws_its_critters_and_names_the_thief() -> None:
    """SVG drawings shipped with the game (no emoji font needed), each critter's effect on
    its card, and a theft's log line says who took the nut."""
    live = live_table("hoarders", 3, seed=8)
    html = render_game(live, 0, "en")
    assert not EMOJI.findall(html), EMOJI.findall(html)
    for critter in ("squirrel", "raccoon", "hamster", "groundhog", "beaver"):
        assert f'<symbol id="hd-critter-{critter}"' in html
        assert f'<use href="#hd-critter-{critter}"/>' in html
    assert '<span class="critter-effect">Steal a nut</span>' in html
    rng = random.Random(8)
    state = live.state
    while not state.is_over:
        seat = state.to_act[0]
        event = state.apply(seat, rng.choice(state.legal_actions(seat)))
        stolen = event.outcome.public.get("stolen")
        if stolen is not None:
            break
    assert stolen is not None, "no theft in this game"
    thief, victim = f"Name{stolen['by']}", f"Name{stolen['from']}"
    html = render_game(live, None, "en")
    assert re.search(rf"{thief} took {victim}&#39;s \w", html), "the thief is not named"
    assert f"{thief}が{victim}の" in render_game(live, None, "ja")
