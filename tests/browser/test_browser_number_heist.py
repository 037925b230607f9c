"""The two-digit number game at a phone's width (390 px): a person makes numbers on the pad
and places diamonds among two bots, and nothing scrolls sideways, mid-game or at the end."""

from __future__ import annotations

import os
import time

from playwright.sync_api import Browser

from .browser_support import Server
from .test_browser_phone import PHONE, fits

SHOTS = os.environ.get("BODOGE_SHOTS")
"""A folder to save screenshots in, for a person to look at (not needed by the test)."""


def test_a_phone_plays_numbers_and_diamonds_to_the_end(browser: Browser, server: Server) -> None:
    created = server.new_table(["person", "bot:heuristic", "bot:random"], game="number-heist")
    context = browser.new_context(viewport=PHONE, locale="ja-JP", is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(server.base + created["invites"]["0"])
    page.fill("input[name=name]", "ひとり")
    page.click("[data-testid=join-form] button[type=submit]")
    page.wait_for_selector("#game .nh-table")
    deadline = time.monotonic() + 120
    shots = 0
    placed = called = False
    while not page.locator("[data-testid=winners]").count():
        assert time.monotonic() < deadline, "the game did not finish"
        pad = page.locator("[data-testid=pad] button.pad-cell:enabled")
        cards = page.locator("[data-testid=display] button.card.playable")
        if pad.count():
            fits(page, "the number pad")
            if SHOTS and shots < 2:
                page.screenshot(path=f"{SHOTS}/nh-pad-{shots}.png", full_page=True)
                shots += 1
            version = page.locator("[data-testid=game-root]").get_attribute("data-version")
            pad.first.click()
            called = True
            page.wait_for_function(
                "v => document.querySelector('[data-testid=game-root]').dataset.version !== v",
                arg=version,
            )
        elif cards.count():
            fits(page, "placing a diamond")
            cards.last.click()
            placed = True
            page.wait_for_timeout(200)
        else:
            page.wait_for_timeout(150)
    page.locator("[data-testid=summary]").scroll_into_view_if_needed()
    fits(page, "the end screen")
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/nh-end.png", full_page=True)
    assert called
    assert placed or "勝利" in page.locator("[data-testid=winners]").inner_text()
    context.close()
