"""Nothing is lost: a reload restores the seat's view, and so does a server restart."""

from __future__ import annotations

import json
import random

from playwright.sync_api import Browser

import bodoge

from .browser_support import (
    Server,
    Watcher,
    check_against_record,
    join,
    play,
)


def test_a_reload_mid_game_restores_the_view(browser: Browser, server: Server) -> None:
    created = server.new_table(["person", "bot:random", "bot:random"])
    context = browser.new_context(locale="en-US")
    me = Watcher(context.new_page(), seat=0)
    join(me, server, created["invites"]["0"], "Carol")
    play([me], random.Random(7), clicks=4)
    version = me.version()
    assert version > 4
    hand = me.dom_hand()
    sockets = me.sockets
    received = len(me.states)
    assert hand is not None and sum(hand) > 0

    me.page.reload()
    # The server-rendered page already shows the same step and the same hand ...
    me.page.wait_for_selector("#game [data-testid=hand]")
    assert me.version() == version
    assert me.dom_hand() == hand
    # ... and the new socket confirms it.
    frame = me.wait_new_frame(received)
    assert frame["version"] == version
    assert frame["view"]["hand"] == hand
    assert me.sockets == sockets + 1
    assert me.page.locator("[data-testid=turn]").get_attribute("data-mine") == "true"
    assert "Carol" in me.page.locator("[data-testid=who]").inner_text()
    me.check()

    # The invitation again: its owner goes back to the seat; to anyone else a used
    # invitation of a private table names nothing of it.
    me.page.goto(server.base + created["invites"]["0"])
    me.page.wait_for_selector("#game [data-testid=hand]")
    assert "Carol" in me.page.locator("[data-testid=who]").inner_text()
    assert me.version() == version
    other = browser.new_context(locale="en-US")
    stranger = other.new_page()
    stranger.goto(server.base + created["invites"]["0"])
    assert stranger.locator("[data-testid=invite-closed]").is_visible()
    assert stranger.locator("[data-testid=join-form]").count() == 0
    other.close()
    context.close()


def test_a_restart_mid_game_loses_nothing(browser: Browser, own_server: Server) -> None:
    server = own_server
    rng = random.Random(11)
    created = server.new_table(["person", "bot:random", "person"])
    host_context = browser.new_context(locale="en-US")
    guest_context = browser.new_context(locale="en-US")
    first = Watcher(host_context.new_page(), seat=0)
    third = Watcher(guest_context.new_page(), seat=2)
    join(first, server, created["invites"]["0"], "Dana")
    join(third, server, created["invites"]["2"], "Eli")
    play([first, third], rng, clicks=4)
    version = first.version()
    hands = {0: first.dom_hand(), 2: third.dom_hand()}
    to_act = [w.seat for w in (first, third) if w.actables()]
    seen_before = {
        entry["index"]: [entry["seat"], entry["action"]]
        for watcher in (first, third)
        for frame in watcher.states
        for entry in frame["log"]
    }
    assert len(seen_before) == version > 4

    server.stop()
    for watcher in (first, third):
        watcher.page.wait_for_selector("[data-testid=connection]:visible")
    server.start()

    for watcher in (first, third):
        watcher.page.reload()
        watcher.page.wait_for_selector("#game [data-testid=hand]")
        assert watcher.version() == version, "the version changed over the restart"
        assert watcher.dom_hand() == hands[watcher.seat]
        watcher.check()
    assert [w.seat for w in (first, third) if w.actables()] == to_act

    # Both people play on to the end; the bot wakes up by itself.
    play([first, third], rng)
    third.page.wait_for_selector("#game [data-testid=settlement]")

    with first.page.expect_download() as download:
        first.page.click("[data-testid=record-link]")
    record = json.loads(download.value.path().read_text())
    assert bodoge.replay(record).version == first.version()
    for index, action in seen_before.items():
        assert record["actions"][index] == action, f"step {index} changed over the restart"
    check_against_record(record, [first, third])
    host_context.close()
    guest_context.close()


def test_a_playable_piece_stays_put_under_a_resting_pointer(
    browser: Browser, server: Server
) -> None:
    """A pointer on the lower edge of the deck: the deck lights up and does not move.

    A piece that rose on hover would leave such a pointer, drop back under it
    and rise again for as long as it rests there, and a click aimed at it
    could wait forever for it to hold still.
    """
    created = server.new_table(["person", "bot:random", "bot:random"])
    context = browser.new_context(locale="en-US")
    me = Watcher(context.new_page(), seat=0)
    join(me, server, created["invites"]["0"], "Fumi")
    deck = me.page.locator("#game [data-testid=deck].playable")
    deck.wait_for(state="visible")
    box = deck.bounding_box()
    assert box is not None
    me.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] - 1)
    me.page.wait_for_timeout(250)  # several hover transitions' worth
    seen = []
    for _ in range(6):
        seen.append(deck.bounding_box())
        me.page.wait_for_timeout(40)
    assert seen == [box] * len(seen)
    assert deck.evaluate("element => element.matches(':hover')")
    context.close()
