"""A phone-width screen (390 px): no page scrolls sideways, mid-game or at the end."""

from __future__ import annotations

import random
import time

import pytest
from playwright.sync_api import Browser, Page

from .browser_support import Server, Watcher, join

PHONE = {"width": 390, "height": 844}
WIDTH_PROBE = "document.scrollingElement.scrollWidth"


def fits(page: Page, what: str) -> None:
    width = page.evaluate(WIDTH_PROBE)
    assert width <= PHONE["width"] + 1, f"{what}: {width} px wide on a {PHONE['width']} px screen"


def test_lobby_join_and_waiting_room_fit(browser: Browser, server: Server) -> None:
    context = browser.new_context(viewport=PHONE, locale="ja-JP", is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(server.base + "/")
    fits(page, "the lobby")
    for summary in page.locator("details.game-card summary").all():
        summary.click()  # every game's form open, with its options in words
    fits(page, "the lobby with every game's form open")
    created = server.new_table(["person", "person", "bot:random"])
    page.goto(server.base + created["invites"]["1"])
    fits(page, "the invitation")
    page.fill("input[name=name]", "とても長い名前のプレイヤーさん")
    page.click("[data-testid=join-form] button[type=submit]")
    page.wait_for_selector("[data-testid=waiting-room]")
    fits(page, "the waiting room")
    context.close()


@pytest.mark.parametrize("locale", ["ja-JP", "en-US"])
def test_a_muted_players_chat_form_keeps_its_box_and_button_on_a_phone(
    browser: Browser, server: Server, locale: str
) -> None:
    created = server.new_table(["person", "person", "bot:random"])
    table = created["table"]["id"]
    context = browser.new_context(viewport=PHONE, locale=locale, is_mobile=True, has_touch=True)
    watcher = Watcher(context.new_page(), seat=1)
    join(watcher, server, created["invites"]["1"], "とても長い名前のプレイヤーさん")
    server.api("POST", f"/api/tables/{table}/seats/1/mute", {"muted": True}, created["host_token"])
    page = watcher.page
    page.locator("[data-testid=chat-muted]").wait_for(state="visible")
    fits(page, "the muted chat form")
    form, box, send = (
        page.locator(f"[data-testid={part}]").bounding_box()
        for part in ("chat-form", "chat-input", "chat-send")
    )
    assert form and box and send
    assert box["width"] >= form["width"] / 2, f"the chat box is {box['width']} px wide"
    one_line = page.locator("[data-testid=chat-send]").evaluate(
        "(el) => parseFloat(getComputedStyle(el).lineHeight) || el.scrollHeight"
    )
    assert send["height"] < 2 * one_line, "the send button wraps"
    context.close()


@pytest.mark.parametrize(
    ("seats", "options", "seed"),
    [(3, {}, 4), (6, {"expansion": True}, 6)],
    ids=["base-3", "expansion-6"],
)
def test_a_bot_game_fits_while_watched_and_replayed(
    browser: Browser, server: Server, seats: int, options: dict[str, bool], seed: int
) -> None:
    created = server.new_table(["bot:random"] * seats, options, seed=seed)
    table = created["table"]["id"]
    context = browser.new_context(viewport=PHONE, locale="en-US", is_mobile=True, has_touch=True)
    watcher = Watcher(context.new_page(), seat=None)
    watcher.page.goto(server.url(f"/t/{table}"))
    watcher.page.wait_for_selector("#game .eb-table")
    deadline = time.monotonic() + 90
    while not watcher.is_over():
        assert time.monotonic() < deadline, "the bots did not finish"
        watcher.check(max_width=PHONE["width"])
        watcher.page.wait_for_timeout(150)
    watcher.check(max_width=PHONE["width"])
    watcher.page.locator("[data-testid=settlement]").scroll_into_view_if_needed()
    fits(watcher.page, "the settlement")

    page = watcher.page
    page.click("[data-testid=replay-link]")
    page.wait_for_selector("#game[data-step='0']")
    page.select_option("[data-testid=replay-seat]", "0")
    for _ in range(12):
        page.click("[data-testid=forward]")
    page.wait_for_selector("#game[data-step='12']:not(.pending) [data-testid=hand]")
    fits(page, "the replay")
    page.click("[data-testid=last]")
    page.wait_for_selector("#game:not(.pending) [data-testid=settlement]")
    fits(page, "the replay's last step")
    context.close()


UNCOVERED = """() => {
  // Scroll the hand to the top of the screen, then ask what is under each playable card.
  const hand = document.querySelector("[data-testid=hand]");
  window.scrollTo(0, hand.getBoundingClientRect().top + window.scrollY);
  const covered = [];
  hand.querySelectorAll("[data-act]").forEach((card) => {
    const box = card.getBoundingClientRect();
    if (box.bottom < 0 || box.top > window.innerHeight) return;
    for (const y of [box.top + 3, box.top + box.height / 2]) {
      const hit = document.elementFromPoint(box.left + box.width / 2, y);
      if (!card.contains(hit)) covered.push(card.title + " under " + (hit && hit.className));
    }
  });
  return {covered: covered, cards: hand.querySelectorAll("[data-act]").length};
}"""


@pytest.mark.parametrize(
    ("viewport", "locale"),
    [({"width": 1280, "height": 800}, "ja-JP"), (PHONE, "en-US")],
    ids=["desktop-ja", "phone-en"],
)
def test_papayoos_pass_nothing_covers_a_card_and_names_keep_their_case(
    browser: Browser, server: Server, viewport: dict[str, int], locale: str
) -> None:
    created = server.new_table(["person", "bot:random", "bot:random"], game="papayoo")
    context = browser.new_context(viewport=viewport, locale=locale)
    page = context.new_page()
    join(Watcher(page, seat=0), server, created["invites"]["0"], "Alice")
    page.wait_for_selector("#game [data-testid=pass-zone]")
    probe = page.evaluate(UNCOVERED)
    assert probe["cards"] >= 10, "the hand's cards are not buttons"
    assert probe["covered"] == [], probe["covered"]
    # innerText is the text as shown, after any CSS text-transform.
    label = page.locator("[data-testid=pass-zone] .zone-label").inner_text()
    assert "Bot 2" in label or "ボット2" in label, label
    # The long list of "choose ♠3" buttons is folded away; the cards are the buttons.
    index = page.locator("#game [data-testid=actions]")
    assert index.evaluate("(el) => el.tagName") == "DETAILS" and not index.get_attribute("open")
    assert page.locator("#game [data-act]:visible").count() == probe["cards"]
    if viewport == PHONE:
        fits(page, "papayoo's pass")
    context.close()


def test_moriya_wars_fits_a_phone_to_the_end(browser: Browser, server: Server) -> None:
    """Moriya Wars at 390 px: dice by face, regions, the identity card and the end screen."""
    created = server.new_table(
        ["person", "bot:heuristic", "bot:random", "bot:random"], game="moriya-wars"
    )
    context = browser.new_context(viewport=PHONE, locale="ja-JP", is_mobile=True, has_touch=True)
    watcher = Watcher(context.new_page(), seat=0)
    join(watcher, server, created["invites"]["0"], "とても長い名前のプレイヤーさん")
    page = watcher.page
    page.wait_for_selector("#game [data-testid=identity]")
    rng = random.Random(3)
    deadline = time.monotonic() + 90
    while page.locator("#game").get_attribute("data-status") != "over":
        assert time.monotonic() < deadline, "the game did not finish"
        fits(page, "the table")
        if not watcher.click_any(rng):
            page.wait_for_timeout(100)
    page.wait_for_selector("#game [data-testid=summary]")
    fits(page, "the end screen")
    context.close()


def test_imhotep_fits_a_phone_mid_game_and_at_the_end(browser: Browser, server: Server) -> None:
    """Ships, sites, the market and the end screen's table by site stay within 390 px."""
    created = server.new_table(["bot:random"] * 4, {"sides": "B"}, game="imhotep", seed=3)
    context = browser.new_context(viewport=PHONE, locale="ja-JP", is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(server.url(f"/t/{created['table']['id']}"))
    page.wait_for_selector("#game .im-table")
    deadline = time.monotonic() + 120
    while page.locator("#game [data-testid=final-scoring]").count() == 0:
        assert time.monotonic() < deadline, "the bots did not finish"
        fits(page, "imhotep mid-game")
        page.wait_for_timeout(250)
    fits(page, "imhotep's end screen")
    assert page.locator("#game [data-testid=final-burial]").count() == 1
    context.close()


@pytest.mark.parametrize(
    ("game", "seats", "options"),
    [
        ("hoarders", ["bot:random"] * 6, {}),
        ("cardiceo", ["bot:heuristic"] * 4, {}),
        ("go-nuts-for-donuts", ["bot:random"] * 6, {}),
        ("just-desserts", ["bot:heuristic"] * 5, {"advanced": True, "buffet": True}),
        ("tarot-storia", ["bot:heuristic"] * 2, {}),
    ],
    ids=lambda value: value if isinstance(value, str) else None,
)
def test_a_watched_bot_game_fits_a_phone_to_the_end(
    browser: Browser, server: Server, game: str, seats: list[str], options: dict[str, object]
) -> None:
    """Games without a phone test of their own, at a crowded table: a spectator's page
    never scrolls sideways, mid-game or at the end.  (Anehambra is left out: even a
    three-player bot game takes over half a minute here.)"""
    created = server.new_table(seats, options, game=game, seed=5)
    context = browser.new_context(viewport=PHONE, locale="ja-JP", is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(server.url(f"/t/{created['table']['id']}"))
    page.wait_for_selector("#game .game-root")
    deadline = time.monotonic() + 120
    while page.locator("#game").get_attribute("data-status") != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        fits(page, f"{game} mid-game")
        page.wait_for_timeout(200)
    page.wait_for_selector("#game [data-testid=summary], #game [data-testid=settlement]")
    fits(page, f"{game}'s end screen")
    context.close()
