"""Issue 26 in the browser: clocks and bots standing in, the host, open tables,
rematch, chat; and that none of it shows anything hidden."""

from __future__ import annotations

import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

import bodoge
from bodoge.server.db import Store
from patience import PATIENCE

from .browser_support import (
    STEP_TIMEOUT_MS,
    Server,
    Watcher,
    check_against_record,
    check_server_log,
    join,
    new_table_form,
    play,
)

COUNT_ANIMATIONS = """
window.bodogeAnimations = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.bodogeAnimations += 1;
  return animate.apply(this, args);
};
"""
"""Counts the animations a page starts (the motion of issue 26)."""


def stored_clocks(server: Server, table_id: str) -> list[tuple[float | None, float | None]]:
    """Each seat's clock as the database holds it (read with the server stopped)."""
    store = Store(f"sqlite:///{server.database}")
    try:
        info = store.table(table_id)
        assert info is not None
        return [(s.clock.since, s.clock.left) if s.clock else (None, None) for s in info.seats]
    finally:
        store.engine.dispose()


def wait_played_by_bot(page: Page, seat: int, by_bot: bool = True) -> None:
    selector = f"[data-testid=room-seat-{seat}]" + (".by-bot" if by_bot else ":not(.by-bot)")
    page.wait_for_selector(selector, timeout=STEP_TIMEOUT_MS)


def test_time_runs_out_bots_stand_in_the_person_comes_back_and_restarts_keep_deadlines(
    browser: Browser, own_server: Server
) -> None:
    """Alice and Bob stop playing: at each deadline a bot plays their seat, and everyone
    sees it; Alice takes hers back; a restart keeps every stored deadline; the bots
    finish the game and the record marks their moves for the people."""
    server = own_server
    # A slow table (a day a move) whose deadlines must survive the restart.
    slow = server.new_table(
        ["person", "person", "person"], clock={"kind": "move", "seconds": 86400}
    )
    for seat, path in slow["invites"].items():
        server.api(
            "POST",
            f"/api/tables/{slow['table']['id']}/join",
            {"invite": path.rsplit("/", 1)[1], "name": f"P{seat}"},
        )
    made = server.new_table(
        ["person", "person", "bot:random"],
        clock={"kind": "move", "seconds": 5},  # long enough to see it tick on a busy machine
        stand_in="random",
    )
    table = made["table"]["id"]
    alice = Watcher(browser.new_context().new_page(), seat=0)
    bob = Watcher(browser.new_context().new_page(), seat=1)
    join(alice, server, made["invites"]["0"], "Alice")
    join(bob, server, made["invites"]["1"], "Bob")
    # Alice is first to act; her clock ticks on every page, then a bot takes over.
    bob.page.wait_for_selector("[data-testid=room-seat-0].ticking", timeout=STEP_TIMEOUT_MS)
    slow_page = Watcher(browser.new_context().new_page(), seat=None)
    slow_page.page.goto(server.url(f"/t/{slow['table']['id']}"))
    slow_page.page.wait_for_selector("#game .game-root")

    wait_played_by_bot(bob.page, 0)
    assert "bot" in bob.page.locator("[data-testid=played-by-0]").inner_text()
    alice.page.wait_for_selector("[data-testid=take-seat]:visible")
    alice.page.click("[data-testid=take-seat]")
    wait_played_by_bot(alice.page, 0, by_bot=False)
    wait_played_by_bot(bob.page, 0, by_bot=False)

    server.stop()
    before = stored_clocks(server, slow["table"]["id"])
    assert before[0][0] is not None and before[0][1] == 86400
    server.start()
    slow_page.page.wait_for_selector("[data-testid=connection]", state="hidden")
    assert server.api("GET", f"/api/tables/{slow['table']['id']}")["seats"][0]["clock"] == {
        "since": before[0][0],
        "left": 86400,
    }
    left = slow_page.page.locator("[data-testid=clock-0]").inner_text()
    assert left.startswith(("23:59:", "1d")) or left.startswith("23:"), left

    # Nobody plays any more: the bots finish the game for them.
    deadline = time.monotonic() + PATIENCE
    while not alice.is_over():
        assert time.monotonic() < deadline, "the bots did not finish the game"
        alice.page.wait_for_timeout(100)
    bob.page.wait_for_selector("#game [data-testid=settlement]", timeout=STEP_TIMEOUT_MS)
    record: dict[str, Any] = server.api("GET", f"/api/tables/{table}/record")
    marked = set(record["meta"]["bot_moves"])
    people = {i for i, (seat, _) in enumerate(record["actions"]) if seat in (0, 1)}
    assert marked and marked <= people
    assert bodoge.replay(record).is_over
    for watcher in (alice, bob):
        watcher.check_frames()  # every clock and room message: public facts only
    check_against_record(record, [alice, bob])


def host_opens_a_table(browser: Browser, server: Server) -> tuple[str, Watcher, Watcher, Watcher]:
    """Alice makes seat 3 a bot and opens the table; a stranger joins from the lobby."""
    host = Watcher(browser.new_context().new_page(), seat=0)
    host.page.add_init_script(COUNT_ANIMATIONS)
    host.page.goto(server.base + "/")
    form = new_table_form(host.page, "egyptian-bride")
    form.locator("input[name=name]").fill("Alice")
    form.locator("select[name=num_seats]").select_option("3")
    form.locator("select[name=seat_1]").select_option("person")
    form.locator("select[name=seat_2]").select_option("person")
    form.locator("button[type=submit]").click()
    host.page.wait_for_selector("[data-testid=waiting-room]")
    table = host.page.url.rstrip("/").split("/")[-1]
    host.page.click("[data-testid=make-bot-2]")
    host.page.wait_for_selector("[data-testid=make-person-2]")
    host.page.click("[data-testid=toggle-open]")
    host.page.wait_for_selector("[data-testid=host-panel]")

    stranger = Watcher(browser.new_context().new_page(), seat=1)
    stranger.page.goto(server.base + "/")
    sit = stranger.page.locator(f"[data-testid=sit-{table}]")
    sit.locator("input[name=name]").fill("Stranger")
    sit.locator("button[type=submit]").click()
    for watcher in (host, stranger):
        watcher.page.wait_for_selector("#game [data-testid=game-root].eb-table")
    assert "You are Stranger" in stranger.page.locator("[data-testid=who]").inner_text()
    spectator = Watcher(browser.new_context(reduced_motion="reduce").new_page(), seat=None)
    spectator.page.add_init_script(COUNT_ANIMATIONS)
    spectator.page.goto(server.base + f"/t/{table}")
    spectator.page.wait_for_selector("#game .game-root")
    assert spectator.page.locator("[data-testid=chat-form]").count() == 0
    return table, host, stranger, spectator


def say(watcher: Watcher, text: str) -> None:
    watcher.page.fill("[data-testid=chat-input]", text)
    watcher.page.click("[data-testid=chat-send]")


def check_replay_chat(browser: Browser, server: Server, table: str) -> None:
    """The replay shows the second line only from the step it was written at."""
    replay = browser.new_context().new_page()
    replay.goto(server.base + f"/t/{table}/replay")
    replay.wait_for_selector("#game[data-step='0']")
    lines = replay.locator("[data-testid=replay-chat] li")
    assert lines.nth(0).is_visible() and lines.nth(1).is_hidden()
    replay.click("[data-testid=last]")
    replay.wait_for_function(
        "document.querySelectorAll('[data-testid=replay-chat] li:not([hidden])').length === 2"
    )
    assert "<b>all</b>" in lines.nth(0).inner_text()


def check_rematch(server: Server, table: str, host: Watcher, stranger: Watcher) -> None:
    """Play again: the same people, seats turned by one, no invitation."""
    host.page.click("#game [data-testid=rematch]")
    host.page.wait_for_url(lambda url: table not in url)
    new_table = host.page.url.rstrip("/").split("/")[-1]
    stranger.page.click("[data-testid=to-rematch]")
    stranger.page.wait_for_url(f"**/t/{new_table}")
    assert "You are Alice" in host.page.locator("[data-testid=who]").inner_text()
    assert "You are Stranger" in stranger.page.locator("[data-testid=who]").inner_text()
    seats = server.stored_table(new_table)["seats"]  # private, like every rematch
    assert [(s["kind"], s["name"]) for s in seats] == [
        ("person", "Stranger"),
        ("bot", None),
        ("person", "Alice"),
    ]
    assert host.page.locator("[data-testid=invites]").count() == 0


def check_cancel(server: Server, page: Page) -> None:
    """A second table waits for players: its host cancels it, the lobby lists it no more."""
    page.goto(server.base + "/")
    form = new_table_form(page, "egyptian-bride")
    form.locator("select[name=num_seats]").select_option("3")
    form.locator("input[data-testid=listed]").check()
    form.locator("button[type=submit]").click()
    page.wait_for_selector("[data-testid=waiting-room]")
    waiting = page.url.rstrip("/").split("/")[-1]
    page.click("[data-testid=cancel-table]")
    page.wait_for_selector("[data-testid=ended]:visible")
    assert page.locator("body").inner_text().count("The host cancelled this table.") == 1
    page.goto(server.base + "/")
    assert page.locator(f"[data-testid=sit-{waiting}]").count() == 0
    assert server.api("GET", f"/api/tables/{waiting}")["status"] == "cancelled"


def test_host_controls_open_tables_chat_replay_and_rematch(
    browser: Browser, server: Server
) -> None:
    """The host makes an open seat a bot and opens the table; a stranger joins from the
    lobby; chat reaches the players (a spectator only reads) and shows in the replay at
    its step; "Play again" seats the same people without new invitations; a waiting
    table is cancelled."""
    rng = random.Random(26)
    table, host, stranger, spectator = host_opens_a_table(browser, server)
    say(host, "good luck <b>all</b>")
    for watcher in (stranger, spectator):
        watcher.page.wait_for_selector("[data-testid=chat-lines] li")
        assert (
            watcher.page.locator("[data-testid=chat-lines]")
            .inner_text()
            .endswith("Alice: good luck <b>all</b>")
        )
    play([host, stranger], rng, clicks=2, also_check=(spectator,))
    say(stranger, "thanks")
    host.page.wait_for_selector("[data-testid=chat-lines] li:nth-child(2)")
    # The host hands both people's seats to bots, which finish the game.
    for seat in (1, 0):
        host.page.locator("[data-testid=host-panel] summary").click()
        host.page.click(f"[data-testid=hand-to-bot-{seat}]")
        wait_played_by_bot(host.page, seat)
    wait_played_by_bot(stranger.page, 1)
    for watcher in (host, stranger, spectator):
        watcher.page.wait_for_selector("#game [data-testid=settlement]", timeout=STEP_TIMEOUT_MS)
    for watcher in (host, stranger, spectator):
        watcher.check_frames()
    # Moves were animated for Alice; never for the spectator, who asked for less motion.
    assert host.page.evaluate("window.bodogeAnimations") > 0
    assert spectator.page.evaluate("window.bodogeAnimations") == 0
    record = server.api("GET", f"/api/tables/{table}/record")
    check_against_record(record, [host, stranger, spectator])
    check_replay_chat(browser, server, table)
    check_rematch(server, table, host, stranger)
    check_cancel(server, host.page)


def open_host_table(browser: Browser, server: Server) -> tuple[str, Page]:
    """Alice sets up a private table of three people from the lobby and sits at seat 1."""
    page = browser.new_context().new_page()
    page.goto(server.base + "/")
    form = new_table_form(page, "egyptian-bride")
    form.locator("input[name=name]").fill("Alice")
    form.locator("select[name=num_seats]").select_option("3")
    form.locator("select[name=seat_1]").select_option("person")
    form.locator("select[name=seat_2]").select_option("person")
    form.locator("button[type=submit]").click()
    page.wait_for_selector("[data-testid=waiting-room]")
    return page.url.rstrip("/").split("/")[-1], page


def invite_of(host: Page, seat: int) -> str:
    """The invite path the host's page shows for ``seat`` (read afresh)."""
    host.reload()
    link = host.locator(f"[data-testid=invite-{seat}]").input_value()
    return "/t/" + link.split("/t/", 1)[1]


def test_a_guest_finds_the_table_joined_through_an_invitation_under_your_tables(
    browser: Browser, server: Server
) -> None:
    """The seat cookie a guest's browser received reaches the lobby at ``/``."""
    made = server.new_table(["person", "person", "person"])
    table = made["table"]["id"]
    guest = Watcher(browser.new_context().new_page(), seat=1)
    join(guest, server, made["invites"]["1"], "Gil")
    guest.page.goto(server.base + "/")
    mine = guest.page.locator(f"[data-testid=mine-{table}]")
    mine.wait_for(timeout=STEP_TIMEOUT_MS)
    mine.locator("a").first.click()
    guest.page.wait_for_selector("[data-testid=who]")
    assert guest.page.locator("[data-testid=who]").inner_text() == "You are Gil"


def test_a_revoked_player_of_an_open_table_is_told_so_and_watches_in_japanese(
    browser: Browser, server: Server
) -> None:
    """At an open table the revoked person may watch: the page says so in Japanese and
    drops "あなたは … です" for "観戦中"."""
    made = server.new_table(["person", "person", "person"], listed=True)
    table = made["table"]["id"]
    context = browser.new_context(locale="ja-JP", extra_http_headers={"Accept-Language": "ja"})
    mallory = Watcher(context.new_page(), seat=1)
    join(mallory, server, made["invites"]["1"], "Mallory")
    who = mallory.page.locator("[data-testid=who]")
    assert who.inner_text() == "あなたは Mallory です"
    server.api("POST", f"/api/tables/{table}/seats/1/revoke", host=made["host_token"])
    notice = mallory.page.locator("[data-testid=seat-lost]")
    notice.wait_for(state="visible", timeout=STEP_TIMEOUT_MS)
    assert notice.inner_text() == (
        "ホストがあなたの招待を取り消したので、席は空席に戻りました。観戦だけできます。"
    )
    assert who.inner_text() == "観戦中"


def test_a_revoked_player_is_told_and_only_watches_and_private_tables_stay_private(
    browser: Browser, server: Server
) -> None:
    """Issue 33 in Chromium: the host's own seat has no Revoke; Mallory's page, open
    while the host revokes her seat at this players-only table, says she has no seat
    here, drops "You are ..." and the table, and receives nothing more while Bea plays
    it; a muted Bea is told beside her disabled chat box; the lobby lists the private
    table to its host only; once ended, nothing is clickable."""
    table, host = open_host_table(browser, server)
    assert host.locator("[data-testid=revoke-0]").count() == 0  # the host's own seat
    assert host.locator("[data-testid=revoke-1]").count() == 1
    mallory = Watcher(browser.new_context().new_page(), seat=1)
    join(mallory, server, invite_of(host, 1), "Mallory")
    assert mallory.page.locator("[data-testid=who]").inner_text() == "You are Mallory"
    host.reload()
    host.click("[data-testid=revoke-1]")
    notice = mallory.page.locator("[data-testid=seat-lost]")
    notice.wait_for(state="visible", timeout=STEP_TIMEOUT_MS)
    assert notice.inner_text() == "You no longer have a seat at this table."
    assert mallory.page.locator("[data-testid=who]").count() == 0
    assert mallory.page.locator("#game *").count() == 0
    assert mallory.page.locator("[data-testid=chat]").count() == 0
    assert mallory.page.locator("[data-testid=connection]").is_hidden()
    seen = len(mallory.frames)
    assert mallory.frames[-1]["code"] == "seat_gone"
    bea = Watcher(browser.new_context().new_page(), seat=1)
    join(bea, server, invite_of(host, 1), "Bea")
    cy = Watcher(browser.new_context().new_page(), seat=2)
    join(cy, server, invite_of(host, 2), "Cy")
    bea.page.wait_for_selector("#game [data-testid=game-root].eb-table")
    cy.page.wait_for_selector("#game [data-testid=game-root].eb-table")
    assert len(mallory.frames) == seen and mallory.sockets == 1  # nothing more; no reconnect
    assert "Mallory" not in mallory.page.locator("main").inner_text()

    host.locator("[data-testid=host-panel] summary").click()
    host.click("[data-testid=mute-1]")
    muted = bea.page.locator("[data-testid=chat-muted]")
    muted.wait_for(state="visible", timeout=STEP_TIMEOUT_MS)
    assert muted.inner_text() == "The host has muted you."
    assert bea.page.locator("[data-testid=chat-input]").is_disabled()

    stranger = browser.new_context().new_page()
    stranger.goto(server.base + "/")
    assert table not in stranger.content()
    host.goto(server.base + "/")
    host.wait_for_selector(f"[data-testid=mine-{table}]")

    host.goto(server.base + f"/t/{table}")
    host.locator("[data-testid=host-panel] summary").click()
    host.click("[data-testid=end-table]")
    bea.page.wait_for_selector("[data-testid=ended]:visible", timeout=STEP_TIMEOUT_MS)
    bea.page.wait_for_selector("#game[data-status=abandoned]")
    assert bea.page.locator("#game [data-act]").count() == 0
    assert bea.page.locator("#game .my-turn").count() == 0


DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


@pytest.mark.parametrize(
    ("viewport", "locale", "words", "workers"),
    [
        (DESKTOP, "en-US", r"disconnected · a bot stands in after [01]:\d\d", 1),
        (PHONE, "ja-JP", r"切断中・あと[01]:\d\dでボットが代打ち", 2),
    ],
    ids=["desktop-en", "phone-ja-two-workers"],
)
def test_every_viewer_sees_a_seat_disconnected_until_its_person_is_back(
    browser: Browser,
    server: Server,
    tmp_path: Path,
    viewport: dict[str, int],
    locale: str,
    words: str,
    workers: int,
) -> None:
    """Bob's last page closes: Alice and a spectator see his seat disconnected at once,
    with the time before a bot stands in; Bob opens the table again and it clears.  With
    two workers too (a table's pages and sockets reach the worker that owns it)."""
    if workers == 1:
        seen_disconnected(browser, server, viewport, locale, words)
        return
    several = Server(tmp_path / "bodoge.sqlite", tmp_path / "server.log", workers=workers)
    several.start()
    try:
        seen_disconnected(browser, several, viewport, locale, words)
    finally:
        several.stop()
    check_server_log(several)


def seen_disconnected(
    browser: Browser, server: Server, viewport: dict[str, int], locale: str, words: str
) -> None:
    created = server.new_table(["person", "person", "bot:random"], grace=60)
    table = created["table"]["id"]
    alice = Watcher(browser.new_context(viewport=viewport, locale=locale).new_page(), seat=0)
    join(alice, server, created["invites"]["0"], "Alice")
    spectator = browser.new_context(viewport=viewport, locale=locale).new_page()
    spectator.goto(server.url(f"/t/{table}"))
    bob_context = browser.new_context()
    bob = Watcher(bob_context.new_page(), seat=1)
    join(bob, server, created["invites"]["1"], "Bob")
    for page in (alice.page, spectator):
        page.locator("[data-testid=away-1]").wait_for(state="hidden", timeout=STEP_TIMEOUT_MS)
    bob.page.close()
    for page in (alice.page, spectator):
        badge = page.locator("[data-testid=away-1]")
        badge.wait_for(state="visible", timeout=STEP_TIMEOUT_MS)
        expect(badge).to_have_text(re.compile(words), timeout=STEP_TIMEOUT_MS)
        assert page.locator("[data-testid=away-0]").is_hidden()
        if viewport == PHONE:
            width = page.evaluate("document.scrollingElement.scrollWidth")
            assert width <= 391, f"the room with a disconnected seat: {width} px wide"
    back = bob_context.new_page()  # his seat's cookie brings him back to it
    back.goto(server.base + f"/t/{table}")
    for page in (alice.page, spectator):
        page.locator("[data-testid=away-1]").wait_for(state="hidden", timeout=STEP_TIMEOUT_MS)
    for context in (alice.page.context, spectator.context, bob_context):
        context.close()
