"""A seat whose person never opened the table, in Chromium: everyone sees it away, with the
time before a bot stands in, so a table waiting on it says why."""

from __future__ import annotations

import os
import re

import pytest
from playwright.sync_api import Browser, expect

from .browser_support import STEP_TIMEOUT_MS, Server

LOCALES = {"en": "en-US", "ja": "ja-JP"}
CASES = [(width, lang) for width in (1280, 390) for lang in LOCALES]
AWAY = {"en": r"^disconnected · a bot stands in after \d", "ja": r"^切断中・あと\d"}


@pytest.fixture(scope="module")
def table(server: Server) -> str:
    """Ann was seated (through the API) and never opened the table; two bots play."""
    made = server.new_table(["person", "bot:random", "bot:random"], grace=600)
    table_id: str = made["table"]["id"]
    invite = made["invites"]["0"].rsplit("/", 1)[1]
    server.api("POST", f"/api/tables/{table_id}/join", {"invite": invite, "name": "Ann"})
    return table_id


@pytest.mark.parametrize(("width", "lang"), CASES, ids=[f"{w}-{lang}" for w, lang in CASES])
def test_a_seat_never_connected_is_seen_away(
    browser: Browser, server: Server, table: str, width: int, lang: str
) -> None:
    context = browser.new_context(locale=LOCALES[lang], viewport={"width": width, "height": 800})
    page = context.new_page()
    page.goto(server.url(f"/t/{table}"))  # a spectator with the watch link
    badge = page.get_by_test_id("away-0")
    badge.wait_for(state="visible", timeout=STEP_TIMEOUT_MS)
    expect(badge).to_have_text(re.compile(AWAY[lang]), timeout=STEP_TIMEOUT_MS)
    assert page.get_by_test_id("away-1").is_hidden()  # a bot's seat is never away
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    if os.environ.get("BODOGE_SHOTS"):
        page.screenshot(path=f"{os.environ['BODOGE_SHOTS']}/unseen-{width}-{lang}.png")
    context.close()
