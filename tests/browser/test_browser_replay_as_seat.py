"""A finished Just Desserts in Chromium, seen as a seat: its replay names whose turn it was
(never "your turn" at a past position), and its end screen keeps a gap between the game's
end (summary, replay buttons) and the board's piles."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from .browser_support import Server

LOCALES = {"en": "en-US", "ja": "ja-JP"}
CASES = [(width, lang) for width in (1280, 390) for lang in LOCALES]
YOUR_TURN = {"en": "Your turn", "ja": "あなたの番です"}
THEIR_TURN = {"en": "Bot {n} to play", "ja": "ボット{n} の番です"}
GAP = 8
"""Pixels at least between the end of the game's words and the deck under them."""


@pytest.fixture(scope="module")
def finished(server: Server) -> Iterator[tuple[str, int]]:
    """Three random bots' game of Just Desserts, to its end, and the seat that began it."""
    made = server.new_table(["bot:random"] * 3, game="just-desserts")
    table = made["table"]["id"]
    deadline = time.monotonic() + 120
    while server.api("GET", f"/api/tables/{table}")["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish their game"
        time.sleep(0.1)
    record = server.api("GET", f"/api/tables/{table}/record")
    yield table, record["actions"][0][0]


def gap_above_deck(page: Page, above: str) -> float:
    return float(
        page.evaluate(
            """above => {
                const deck = document.querySelector('#game [data-testid=deck]');
                const end = document.querySelector(`#game ${above}`);
                return deck.getBoundingClientRect().top - end.getBoundingClientRect().bottom;
            }""",
            above,
        )
    )


@pytest.mark.parametrize(("width", "lang"), CASES, ids=[f"{w}-{lang}" for w, lang in CASES])
def test_a_replay_seen_as_a_seat_names_whose_turn_and_the_end_has_room(
    browser: Browser, server: Server, finished: tuple[str, int], width: int, lang: str
) -> None:
    table, first = finished
    context = browser.new_context(locale=LOCALES[lang], viewport={"width": width, "height": 900})
    page = context.new_page()
    page.goto(server.url(f"/t/{table}/replay") + f"#step=0&seat={first}")
    page.wait_for_selector("#game .game-root")
    page.wait_for_function("document.getElementById('game').dataset.step === '0'")
    assert page.get_by_test_id("replay-seat").input_value() == str(first)
    turn = page.locator("#game [data-testid=turn] .turn-main").first
    assert YOUR_TURN[lang] not in turn.inner_text()
    assert THEIR_TURN[lang].format(n=first + 1) in turn.inner_text()  # its turn, by name
    page.click("[data-step=last]")
    total = page.get_by_test_id("replay-controls").get_attribute("data-total")
    page.wait_for_function(f"document.getElementById('game').dataset.step === '{total}'")
    assert gap_above_deck(page, "[data-testid=summary]") >= GAP
    if os.environ.get("BODOGE_SHOTS"):
        page.screenshot(path=f"{os.environ['BODOGE_SHOTS']}/jd-replay-{width}-{lang}.png")
    # the table's own end screen, with its replay buttons above the board
    page.goto(server.url(f"/t/{table}"))
    page.wait_for_selector("#game [data-testid=after-game]")
    assert gap_above_deck(page, "[data-testid=after-game]") >= GAP
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    if os.environ.get("BODOGE_SHOTS"):
        page.locator("#game [data-testid=after-game]").scroll_into_view_if_needed()
        page.screenshot(path=f"{os.environ['BODOGE_SHOTS']}/jd-end-{width}-{lang}.png")
    context.close()
