"""United Square in Chromium at phone width: the 7 × 7 board fits, a tile type is chosen and
its turned preview shows on the legal cells, and a whole game is played by clicking to its
end screen.  (``test_browser_games`` stops every game after a few clicks.)"""

from __future__ import annotations

import random

from playwright.sync_api import Browser, Page

from .browser_support import Server, Watcher, check_against_record, check_dom_is_its_frame, join

PHONE = {"width": 390, "height": 844}


def fits(page: Page) -> None:
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"] + 1, f"{width} px wide on a {PHONE['width']} px screen"


def seat_at_phone(
    browser: Browser, server: Server, options: dict[str, object]
) -> tuple[str, Watcher]:
    """A table of a person (seat 0, on a phone) and a bot: its id and the person's page."""
    created = server.new_table(["person", "bot:heuristic"], options, game="united-square")
    context = browser.new_context(viewport=PHONE, locale="ja-JP", is_mobile=True, has_touch=True)
    person = Watcher(context.new_page(), seat=0)
    join(person, server, created["invites"]["0"], "Ann")
    return created["table"]["id"], person


def test_the_seven_by_seven_board_fits_and_previews_the_chosen_tile(
    browser: Browser, server: Server
) -> None:
    page = seat_at_phone(browser, server, {"board": 7})[1].page
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


def test_a_whole_game_by_clicking_to_the_end_screen(browser: Browser, server: Server) -> None:
    """Each turn the person picks a type they can place and clicks one of its previews, until
    nobody can place; then the end screen: the result, each player's squares and place, and
    no cell left to click."""
    table, person = seat_at_phone(browser, server, {})
    page = person.page
    rng = random.Random(5)
    clicks = 0
    while page.locator("#game").get_attribute("data-status") != "over":
        if not person.actables():
            page.wait_for_timeout(30)  # the bot's turn
            continue
        assert clicks < 12, "a player holds 12 tiles and places one a click"
        picks = page.locator("#game .us-pick:not(.off)")
        picks.nth(rng.randrange(picks.count())).click()
        assert person.click_any(rng)
        clicks += 1
    check_dom_is_its_frame(person)
    view = person.states[-1]["view"]
    assert view["is_over"] and view["places"] is not None
    for region in ("settlement", "winners"):
        assert page.locator(f"#game [data-testid={region}]").is_visible()
    for seat in (0, 1):
        score = page.locator(f"#game [data-testid=score-{seat}]").text_content() or ""
        assert str(view["players"][seat]["score"]) in score
        assert str(view["places"][seat]) in (
            page.locator(f"#game [data-testid=place-{seat}]").text_content() or ""
        )
    assert page.locator("#game .us-cell.legal, #game [data-act]").count() == 0
    fits(page)
    record = server.record_so_far(table)
    assert clicks >= 1 and len(record["actions"]) >= clicks
    check_against_record(record, [person])
    page.context.close()
