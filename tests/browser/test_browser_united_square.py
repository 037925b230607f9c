"""United Square in Chromium at phone width: the 7 × 7 board fits, a tile type is chosen,
its turned preview shows on the legal cells, and a whole game is played by clicking."""

from __future__ import annotations

import random
import time

from playwright.sync_api import Browser

from .browser_support import Server, Watcher, check_dom_is_its_frame, join

PHONE = {"width": 390, "height": 844}


def test_a_seven_by_seven_game_is_played_by_clicking_on_a_phone(
    browser: Browser, server: Server
) -> None:
    created = server.new_table(["person", "bot:heuristic"], {"board": 7}, game="united-square")
    context = browser.new_context(viewport=PHONE, locale="ja-JP", is_mobile=True, has_touch=True)
    person = Watcher(context.new_page(), seat=0)
    join(person, server, created["invites"]["0"], "Ann")
    page = person.page
    board = page.locator("[data-testid=board]")
    box = board.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"] + 1
    # Before a type is picked the first playable one is: its previews are the visible pieces.
    checked = page.locator("input[name=us-pick]:checked").get_attribute("value")
    visible = page.locator("#game .us-preview:visible")
    assert visible.count() == 4  # the four cells around the start tile
    assert {visible.nth(i).get_attribute("data-type") for i in range(4)} == {checked}
    other = page.locator("input[name=us-pick]:not(:checked):enabled").first
    kind = other.get_attribute("value")
    page.locator(f"[data-testid=pick-{kind}]").click()
    shown = page.locator("#game .us-preview:visible")
    assert shown.count() == 4 and shown.first.get_attribute("data-type") == kind
    shown.first.hover()
    assert shown.first.evaluate("el => getComputedStyle(el).opacity") == "1"

    rng = random.Random(5)
    clicks = 0
    give_up = time.monotonic() + 120
    while page.locator("#game").get_attribute("data-status") != "over":
        assert time.monotonic() < give_up, "the game did not move on"
        if not page.locator("#game .us-preview:visible:enabled").count():
            page.wait_for_timeout(40)  # the bot's turn
            continue
        picks = page.locator("#game .us-pick:not(.off)")
        picks.nth(rng.randrange(picks.count())).click()
        assert person.click_any(rng)
        clicks += 1
        check_dom_is_its_frame(person)
        assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"] + 1
    assert clicks >= 10
    page.wait_for_selector("[data-testid=settlement]")
    settlement = page.locator("[data-testid=settlement]").inner_text()
    assert "正方形" in settlement and "引き分け" in settlement
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"] + 1
    page.screenshot(path=str(server.database.parent / "united-square-end.png"), full_page=True)
    context.close()
