"""A whole game of Egyptian Bride in the browser: two people, a bot and a spectator.

The host creates the table in the lobby, the second person joins through the
invite link in another browser context, and both play to the end by clicking
whatever is clickable.  After every step each page's DOM and every WebSocket
frame it received are checked: a seat sees its own hand only, others' hands
only as counts, and a spectator no hand at all.  At the end every frame is
compared with what the engine lets that seat see, the settlement is shown,
the replay steps forward and back as a chosen seat, and the downloaded record
replays to the same end.
"""

from __future__ import annotations

import json
import random
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, Page, Request

import bodoge

from .browser_support import Server, Watcher, check_against_record, new_table_form, play

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def test_two_people_and_a_bot_play_to_the_end(browser: Browser, server: Server) -> None:
    rng = random.Random(20240601)
    outside: list[str] = []

    def local_only(request: Request) -> None:
        scheme = urlsplit(request.url).scheme
        if scheme in ("http", "https", "ws", "wss") and not request.url.startswith(server.base):
            outside.append(request.url)

    host_context = browser.new_context(
        viewport=DESKTOP, locale="en-US", permissions=["clipboard-read", "clipboard-write"]
    )
    guest_context = browser.new_context(viewport=PHONE, locale="en-US")
    watch_context = browser.new_context(viewport=DESKTOP, locale="en-US")
    for context in (host_context, guest_context, watch_context):
        context.on("request", local_only)

    host, guest, spectator = open_table(server, host_context, guest_context, watch_context)
    watchers = [host, guest, spectator]
    steps = play([host, guest], rng, also_check=(spectator,), max_width={1: PHONE["width"]})
    assert steps > 5

    # The end: the settlement everywhere, the same final version everywhere.
    for watcher in watchers:
        watcher.page.wait_for_selector("#game [data-testid=settlement]")
        watcher.check(max_width=PHONE["width"] if watcher is guest else None)
        assert watcher.page.locator("[data-testid=winners]").inner_text().strip()
        assert watcher.page.locator("#game [data-act]").count() == 0
    final = host.version()
    assert guest.version() == spectator.version() == final
    settlement = host.page.locator("[data-testid=settlement]").inner_text()
    for name in ("Alice", "Bob", "Bot 3"):
        assert name in settlement

    # The record: downloaded from the table, it replays to the same end.
    with host.page.expect_download() as download:
        host.page.click("[data-testid=record-link]")
    path = download.value.path()
    record = json.loads(path.read_text())
    replayed = bodoge.replay(record)
    assert replayed.is_over and replayed.version == final
    assert list(replayed.scores) == host.latest()["view"]["scores"]
    check_against_record(record, watchers)

    check_replay(host.page, record, final)
    # The spectator's browser kept the watch key: the finished game's replay opens too.
    spectator.page.click("[data-testid=replay-link]")
    spectator.page.wait_for_selector("#game[data-step='0'] [data-testid=game-root]")

    assert outside == [], f"requests left the server: {outside}"
    for context in (host_context, guest_context, watch_context):
        context.close()


def open_table(
    server: Server,
    host_context: BrowserContext,
    guest_context: BrowserContext,
    watch_context: BrowserContext,
) -> tuple[Watcher, Watcher, Watcher]:
    """The lobby, the waiting room, the invitation: everybody at the table."""
    # The host creates the table in the lobby: seat 1 themself, seat 2 a person, seat 3 a bot.
    host = Watcher(host_context.new_page(), seat=0)
    host.page.goto(server.base + "/")
    form = new_table_form(host.page, "egyptian-bride")
    form.locator("input[name=name]").fill("Alice")
    form.locator("select[name=num_seats]").select_option("3")
    form.locator("select[name=seat_1]").select_option("person")
    form.locator("select[name=seat_2]").select_option("bot:random")
    assert form.locator("select[name=seat_3]").is_hidden()
    assert form.locator("[data-testid=watch-players]").is_checked()  # players only by default
    form.locator("[data-testid=watch-link]").check()  # the spectator will be given the link
    form.locator("button[type=submit]").click()
    host.page.wait_for_selector("[data-testid=waiting-room]")
    table = host.page.url.rstrip("/").split("/")[-1]
    assert "Alice" in host.page.locator("[data-testid=seat-list]").inner_text()
    invite = host.page.locator("[data-testid=invite-1]").input_value()
    assert invite.startswith(server.base + f"/t/{table}/join/")
    assert host.page.locator("[data-testid=invite-0]").count() == 0
    host.page.click("[data-invite-seat='1'] button.copy")
    host.page.wait_for_selector("[data-invite-seat='1'] button.copy.done")
    assert host.page.evaluate("navigator.clipboard.readText()") == invite
    host.check()

    # The host copies the watch link; without it, the table is refused.
    watch_link = host.page.locator("[data-testid=watch-url]").input_value()
    assert watch_link.startswith(server.base + f"/t/{table}?watch=")
    host.page.click("[data-testid=watch-box] button.copy")
    host.page.wait_for_selector("[data-testid=watch-box] button.copy.done")
    assert host.page.evaluate("navigator.clipboard.readText()") == watch_link
    spectator = Watcher(watch_context.new_page(), seat=None)
    refused = spectator.page.goto(server.base + f"/t/{table}")
    assert refused is not None and refused.status == 403
    assert "You may not see this table" in spectator.page.inner_text("[data-testid=error-message]")
    # A spectator arrives with the link before the game starts; then the second person joins.
    spectator.page.goto(watch_link)
    spectator.page.wait_for_selector("[data-testid=waiting-room]")
    assert spectator.page.locator("[data-testid=invites]").count() == 0
    guest = Watcher(guest_context.new_page(), seat=1)
    guest.page.goto(invite)
    guest.page.fill("input[name=name]", "Bob")
    guest.page.click("[data-testid=join-form] button[type=submit]")
    for watcher in (host, guest, spectator):
        watcher.page.wait_for_selector("#game [data-testid=game-root].eb-table")
    assert host.page.locator("[data-testid=invites]").count() == 0, (
        "the invites stay after the start"
    )
    assert "You are Bob" in guest.page.locator("[data-testid=who]").inner_text()
    assert "Watching" in spectator.page.locator("[data-testid=who]").inner_text()
    for name in ("Alice", "Bob", "Bot 3"):
        assert name in spectator.page.locator(".players").inner_text()

    return host, guest, spectator


def check_replay(page: Page, record: dict[str, Any], final: int) -> None:
    """The replay, as Bob: forward, back, his hand as it was; then as a spectator."""
    page.click("[data-testid=replay-link]")
    page.wait_for_selector("#game [data-testid=game-root]")
    step = page.locator("[data-testid=step]")
    assert step.inner_text().startswith("Step 0 of")
    page.select_option("[data-testid=replay-seat]", "1")
    for _ in range(3):
        page.click("[data-testid=forward]")
    page.wait_for_selector("#game[data-step='3']:not(.pending)")
    assert step.inner_text().startswith("Step 3 of")
    shown = page.locator("#game [data-testid=hand]")
    assert shown.get_attribute("data-seat") == "1"
    start = {k: v for k, v in record.items() if k != "result"}
    past = bodoge.replay({**start, "actions": record["actions"][:3]})
    expected = {
        n: c for n, c in zip(past.view(1)["numbers"], past.view(1)["hand"], strict=True) if c
    }
    cards = shown.locator(".card[data-number]")
    seen = {
        int(cards.nth(i).get_attribute("data-number") or 0): int(
            cards.nth(i).get_attribute("data-count") or 0
        )
        for i in range(cards.count())
    }
    assert seen == expected
    assert page.locator("#game [data-act]").count() == 0, "a replay is not playable"
    page.click("[data-testid=back]")
    page.wait_for_selector("#game[data-step='2']:not(.pending)")
    assert step.inner_text().startswith("Step 2 of")
    page.select_option("[data-testid=replay-seat]", "")
    page.wait_for_function("!document.querySelector('#game [data-testid=hand]')")
    page.click("[data-testid=last]")
    page.wait_for_selector(f"#game[data-step='{final}'] [data-testid=settlement]")
    with page.expect_download() as again:
        page.click("[data-testid=download]")
    assert json.loads(again.value.path().read_text()) == record
