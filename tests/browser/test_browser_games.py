"""Every game in the browser: two people and bots play, a spectator watches, nothing leaks.

Egyptian Bride has its own whole-game test (``test_browser_game``); this one
runs every other built-in game the same way, through whatever its template
makes clickable.  After each click every page is checked: it shows exactly
the html of a frame it received for its own seat.  Then every frame each page
received is compared with what the engine lets that seat see at that
version, rebuilt from the server's database.  With the html proven to depend
on the seat's view alone (``test_browser_views``), no page and no frame can
carry another seat's secrets.
"""

from __future__ import annotations

import random
import re
import time

import pytest
from playwright.sync_api import Browser, WebSocketRoute

import bodoge
from bodoge.games import BUILTIN_IDS
from patience import PATIENCE

from .browser_support import (
    Server,
    Watcher,
    check_against_record,
    check_dom_is_its_frame,
    join,
)

GAMES = [game_id for game_id in BUILTIN_IDS if game_id != "egyptian-bride"]
CLICKS = 24
"""Clicks by the people, in all, before the frames are compared (or the end)."""
DEADLINE = PATIENCE


@pytest.mark.parametrize("game_id", GAMES)
def test_people_bots_and_a_spectator_play(browser: Browser, server: Server, game_id: str) -> None:
    game = bodoge.get_game(game_id)
    low, high = game.player_range()
    players = min(max(3, low), high)  # a game of one or two has no seat for a bot
    persons = min(2, players)
    created = server.new_table(
        ["person"] * persons + ["bot:random"] * (players - persons), game=game_id
    )
    table = created["table"]["id"]
    contexts = [browser.new_context(locale=locale) for locale in ("en-US", "ja-JP", "en-US")]
    people = [Watcher(contexts[seat].new_page(), seat=seat) for seat in range(persons)]
    spectator = Watcher(contexts[2].new_page(), seat=None)
    spectator.page.goto(server.url(f"/t/{table}"))
    for watcher, name in zip(people, ("Ann", "Ben")[:persons], strict=True):
        join(watcher, server, created["invites"][str(watcher.seat)], name)
    watchers = [*people, spectator]

    rng = random.Random(game_id)
    clicks = 0
    give_up = time.monotonic() + DEADLINE
    while clicks < CLICKS and not over(people[0]):
        assert time.monotonic() < give_up, f"{game_id}: the game did not move on"
        mover = next((w for w in people if w.actables()), None)
        if mover is None:
            people[0].page.wait_for_timeout(30)  # the bots' turn
            continue
        mover.click_any(rng)
        clicks += 1
        for watcher in watchers:
            check_dom_is_its_frame(watcher)
    assert clicks >= min(CLICKS, 4), f"{game_id}: the people could hardly act"

    record = server.record_so_far(table)
    assert len(record["actions"]) >= clicks
    check_against_record(record, watchers)
    for watcher in watchers:
        assert watcher.states, f"seat {watcher.seat} received no state"
    for context in contexts:
        context.close()


def over(watcher: Watcher) -> bool:
    return watcher.page.locator("#game").get_attribute("data-status") == "over"


def test_tarot_storia_a_whole_solo_game_by_clicking(browser: Browser, server: Server) -> None:
    """Tarot Storia alone: pick a hand card, click a glowing place (or a swap), to the end
    screen and its scoring steps, at a phone's width."""
    created = server.new_table(["person"], game="tarot-storia")
    table = created["table"]["id"]
    context = browser.new_context(locale="en-US", viewport={"width": 390, "height": 844})
    player = Watcher(context.new_page(), seat=0)
    join(player, server, created["invites"]["0"], "Ann")
    rng = random.Random(7)
    clicks = 0
    while not over(player):
        assert clicks < 200, "the game did not end"
        assert player.click_any(rng), "nothing to click before the end"
        clicks += 1
    check_dom_is_its_frame(player)
    page = player.page
    assert page.locator("#game [data-testid=scoring-1]").count() == 1
    assert page.locator("#game [data-testid=rank]").is_visible()
    record = server.record_so_far(table)
    assert len(record["actions"]) == clicks >= 22
    check_against_record(record, [player])
    context.close()


@pytest.mark.parametrize("game_id", ["go-nuts-for-donuts", "imhotep", "just-desserts"])
def test_a_whole_game_by_clicking_against_a_heuristic(
    browser: Browser, server: Server, game_id: str
) -> None:
    """Games whose generic test stops after a few clicks, played to the end screen by one
    person clicking at random (at two, the shortest table) against the heuristic.
    (United Square's whole game is its own test, at a phone's width.)"""
    created = server.new_table(["person", "bot:heuristic"], game=game_id)
    context = browser.new_context(locale="en-US")
    player = Watcher(context.new_page(), seat=0)
    join(player, server, created["invites"]["0"], "Ann")
    rng = random.Random(game_id)
    clicks = 0
    give_up = time.monotonic() + DEADLINE
    while not over(player):
        assert time.monotonic() < give_up, f"{game_id}: the game did not end"
        if not player.click_any(rng):
            player.page.wait_for_timeout(30)  # the bot's turn
            continue
        clicks += 1
        check_dom_is_its_frame(player)
    check_dom_is_its_frame(player)
    assert player.page.locator("#game [data-testid=summary]").is_visible()
    assert player.actables() == 0
    record = server.record_so_far(created["table"]["id"])
    assert bodoge.replay(record).is_over
    assert sum(1 for seat, _ in record["actions"] if seat == 0) == clicks
    check_against_record(record, [player])
    context.close()


def test_a_click_in_flight_waits_for_its_answer_past_other_seats_moves(
    browser: Browser, server: Server
) -> None:
    """In a simultaneous choice, Ann's pick is held on its way while Ben picks: Ann's page
    shows Ben's move yet lets her click nothing until her own pick is taken, so she never
    decides twice on one view (the server would refuse that as stale)."""
    created = server.new_table(["person", "person", "bot:random"], game="papayoo")
    table = created["table"]["id"]
    contexts = [browser.new_context(locale="en-US") for _ in range(2)]
    ann, ben = (Watcher(context.new_page(), seat=seat) for seat, context in enumerate(contexts))
    held: list[tuple[WebSocketRoute, str | bytes]] = []
    holding = [False]

    def hold_acts(page_socket: WebSocketRoute) -> None:
        upstream = page_socket.connect_to_server()

        def outgoing(message: str | bytes) -> None:
            if holding[0] and '"act"' in str(message):
                held.append((upstream, message))
            else:
                upstream.send(message)

        page_socket.on_message(outgoing)

    ann.page.route_web_socket(re.compile(r"/ws\b"), hold_acts)
    for watcher, name in ((ann, "Ann"), (ben, "Ben")):
        join(watcher, server, created["invites"][str(watcher.seat)], name)
    game = ann.page.locator("#game")
    holding[0] = True
    seen = ann.version()
    game.locator("[data-act]:enabled:visible").first.click()
    give_up = time.monotonic() + 10
    while not held:
        assert time.monotonic() < give_up, "Ann's click sent no action"
        ann.page.wait_for_timeout(20)
    ben.click_any(random.Random(1))
    ann.page.wait_for_function(f"document.getElementById('game').dataset.version !== '{seen}'")
    check_dom_is_its_frame(ann)
    assert "pending" in (game.get_attribute("class") or "")
    assert ann.actables() == 0, "Ann could click again before her pick was taken"

    holding[0] = False
    upstream, message = held.pop()
    upstream.send(message)
    ann.page.wait_for_function("!document.getElementById('game').classList.contains('pending')")
    assert ann.page.locator("#error").text_content() == ""
    assert ann.actables() > 0
    record = server.record_so_far(table)
    assert [seat for seat, _ in record["actions"]].count(0) == 1
    check_against_record(record, [ann, ben])
    for context in contexts:
        context.close()
