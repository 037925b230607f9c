"""United Square in Chromium at phone width: the 7 × 7 board fits, a tile type is chosen and
its turned preview shows on the legal cells.  (``test_browser_games`` plays whole games by
clicking, as for every game.)"""

from __future__ import annotations

from playwright.sync_api import Browser, Page

from .browser_support import Server, Watcher, join

PHONE = {"width": 390, "height": 844}


def fits(page: Page) -> None:
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"] + 1, f"{width} px wide on a {PHONE['width']} px screen"


def seat_at_phone(browser: Browser, server: Server, options: dict[str, object]) -> Watcher:
    created = server.new_table(["person", "bot:heuristic"], options, game="united-square")
    context = browser.new_context(viewport=PHONE, locale="ja-JP", is_mobile=True, has_touch=True)
    person = Watcher(context.new_page(), seat=0)
    join(person, server, created["invites"]["0"], "Ann")
    return person


def test_the_seven_by_seven_board_fits_and_previews_the_chosen_tile(
    browser: Browser, server: Server
) -> None:
    page = seat_at_phone(browser, server, {"board": 7}).page
    box = page.eval_on_selector(
        "#game [data-testid=board]", "el => el.getBoundingClientRect().toJSON()"
    )
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert box["width"] > 300, "the board uses the width of the screen"
    fits(page)
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
    assert shown.first.evaluate("el => getComputedStyle(el).opacity") != "1"
    shown.first.hover()
    assert shown.first.evaluate("el => getComputedStyle(el).opacity") == "1"
    page.context.close()
