"""Each of the twelve games to its end screen in both languages, in Chromium: no console
error, no text overflowing its card or button, at a phone's width and a desktop's.

Two people sit (one reads Japanese on a phone, one English on a desktop; a game of one
is played by the first alone) with random bots in the other seats.  Each person clicks a
few times, then the host hands their seats to bots (random, without a pause between moves)
that play on to the end while the pages watch.  That keeps a whole game to seconds and
shows the pages every state of the game: the stand-in's table, then the end screen.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page

import bodoge
from bodoge.games import BUILTIN_IDS

from .browser_support import Server, Watcher, check_server_log, join

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
CLICKS = 3
"""Clicks each person makes before a bot plays their seat."""

OVERFLOWING = """() => {
  // Cards, buttons and tags whose text is wider than their box (Playwright's usual test:
  // scrollWidth > clientWidth), and the page wider than the screen.
  const boxes = document.querySelectorAll(
    "#game button, #game .card, #game .mini-card, #game .chip, #game .pile, #game .tag,"
    + " #game .action, .button, .room .tag, .take-seat button");
  const wide = [];
  // A badge placed over a card's edge on purpose (position: absolute, as the count "×2")
  // is not text overflowing the card: it is set aside while the card is measured.
  const inFlowWidth = (el) => {
    const placed = [...el.querySelectorAll("*")].filter(
      (child) => getComputedStyle(child).position === "absolute");
    const before = placed.map((child) => child.style.display);
    placed.forEach((child) => { child.style.display = "none"; });
    const width = el.scrollWidth;
    placed.forEach((child, i) => { child.style.display = before[i]; });
    return width;
  };
  boxes.forEach((el) => {
    if (!el.offsetParent || el.clientWidth === 0) return;  // not shown
    if (el.scrollWidth > el.clientWidth + 1 && inFlowWidth(el) > el.clientWidth + 1) {
      wide.push(`${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`
        + ` "${el.textContent.trim().slice(0, 40)}" ${el.scrollWidth}>${el.clientWidth}`);
    }
  });
  const page = document.scrollingElement.scrollWidth;
  if (page > window.innerWidth + 1) wide.push(`the page: ${page} > ${window.innerWidth}`);
  return wide;
}"""


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Bots move without a pause: each whole game takes seconds."""
    folder = tmp_path_factory.mktemp("quick")
    running = Server(folder / "bodoge.sqlite", folder / "server.log", bot_pause="0")
    running.start()
    yield running
    running.stop()
    check_server_log(running)


def seats_for(game_id: str) -> tuple[int, int]:
    """Players and people: two people (one per language) where the game has two seats."""
    low, high = bodoge.get_game(game_id).player_range()
    players = min(max(2, low), high)
    return players, min(2, players)


def overflowing(page: Page) -> list[str]:
    found: list[str] = page.evaluate(OVERFLOWING)
    return found


SHORT = {"papayoo": {"hands": "one"}}
"""Options that keep a game short where the default deals several hands (the end screen is
the same)."""


@pytest.mark.parametrize("game_id", BUILTIN_IDS)
def test_every_game_to_its_end_screen_in_both_languages(
    browser: Browser, quick_server: Server, game_id: str
) -> None:
    players, persons = seats_for(game_id)
    created = quick_server.new_table(
        ["person"] * persons + ["bot:random"] * (players - persons),
        SHORT.get(game_id),
        game=game_id,
        stand_in="random",
    )
    table = created["table"]["id"]
    looks = [("ja-JP", PHONE), ("en-US", DESKTOP)][:persons]
    errors: list[str] = []
    people = []
    for seat, (locale, viewport) in enumerate(looks):
        page = browser.new_context(locale=locale, viewport=viewport).new_page()
        page.on("console", lambda m, s=seat: note_error(errors, s, m))
        page.on("pageerror", lambda e, s=seat: errors.append(f"seat {s}: {e}"))
        people.append(Watcher(page, seat=seat))
    for watcher, name in zip(people, ("はなこ", "Alexandra Montgomery"), strict=False):
        join(watcher, quick_server, created["invites"][str(watcher.seat)], name)

    rng = random.Random(game_id)
    clicking = list(people)
    give_up = time.monotonic() + 60
    while clicking:
        assert time.monotonic() < give_up, f"{game_id}: the people could not act"
        for watcher in list(clicking):
            if len(watcher.states) and over(watcher):
                clicking.remove(watcher)
            elif watcher.actables() and watcher.clicks >= CLICKS:
                hand_to_bot(quick_server, created, watcher)
                clicking.remove(watcher)
            elif watcher.actables():
                watcher.click_any(rng)
                watcher.clicks += 1
                for shown in people:
                    assert overflowing(shown.page) == [], f"{game_id}, seat {shown.seat}"
        people[0].page.wait_for_timeout(20)  # a bot's turn, or another person's
    wait_over(quick_server, table)
    for watcher in people:
        watcher.page.goto(f"{quick_server.base}/t/{table}")
        end_screen(watcher.page, game_id)
    assert errors == [], f"{game_id}: console errors {errors}"
    for watcher in people:
        watcher.page.context.close()


def hand_to_bot(server: Server, created: dict[str, Any], watcher: Watcher) -> None:
    """The host hands the seat to a bot; the page leaves, to come back for the end screen
    (while the bots play, a page watching would render every state)."""
    path = f"/api/tables/{created['table']['id']}/seats/{watcher.seat}"
    server.api("POST", path, {"kind": "bot"}, created["host_token"])
    watcher.page.goto("about:blank")


def wait_over(server: Server, table: str) -> None:
    give_up = time.monotonic() + 120
    while server.api("GET", f"/api/tables/{table}")["status"] != "over":
        assert time.monotonic() < give_up, "the bots did not end the game"
        time.sleep(0.1)


def end_screen(page: Page, game_id: str) -> None:
    """The end screen says the game is over and fits, at a phone's width and a desktop's."""
    page.locator("#game .turn.over").wait_for()
    assert page.locator("#game [data-testid=after-game]").is_visible()
    for viewport in (PHONE, DESKTOP):
        page.set_viewport_size(viewport)
        assert overflowing(page) == [], f"{game_id} at {viewport['width']} px"


def over(watcher: Watcher) -> bool:
    return watcher.page.locator("#game").get_attribute("data-status") == "over"


def note_error(errors: list[str], seat: int, message: ConsoleMessage) -> None:
    if message.type == "error":
        errors.append(f"seat {seat}: {message.text}")


def test_the_overflow_probe_finds_text_wider_than_its_button(browser: Browser) -> None:
    """The probe above, on a button too narrow for its text and a card whose only wide
    part is its count badge (placed over the edge on purpose, not an overflow)."""
    page = browser.new_page()
    page.set_content(
        '<div id="game"><button style="width:40px;white-space:nowrap">Play my seat again'
        '</button><button class="card" style="position:relative;width:60px">7'
        '<span style="position:absolute;right:-20px">×2</span></button></div>'
    )
    found = overflowing(page)
    assert len(found) == 1 and '"Play my seat again"' in found[0], found
    page.close()
