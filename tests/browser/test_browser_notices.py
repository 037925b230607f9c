"""What a revoked friend's page says in Chromium: at an open table, that the seat is open
again (not that someone else has it); at a table they may no longer see, the notice alone,
with no empty panel under it."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Browser

from .browser_support import STEP_TIMEOUT_MS, Server, Watcher, join

LOCALES = {"en": "en-US", "ja": "ja-JP"}
CASES = [(width, lang) for width in (1280, 390) for lang in LOCALES]
SAID = {
    (
        "open",
        "en",
    ): "The host withdrew your invitation: your seat is open again. You can still watch.",
    (
        "open",
        "ja",
    ): "ホストがあなたの招待を取り消したので、席は空席に戻りました。観戦だけできます。",
    ("gone", "en"): "You no longer have a seat at this table.",
    ("gone", "ja"): "この卓にはもうあなたの席がありません。",
}
PANELS = """() => [...document.querySelectorAll('main > *')].filter((node) => {
    const style = getComputedStyle(node);
    const box = node.getBoundingClientRect();
    return box.height > 0 && style.display !== 'none'
      && !node.matches('.table-head, [data-testid=seat-lost]') && !node.innerText.trim();
}).map((node) => node.id || node.className)"""
"""The empty boxes left on the page: any shown element of the page's main part without text."""


@pytest.mark.parametrize("kind", ["open", "gone"])
@pytest.mark.parametrize(("width", "lang"), CASES, ids=[f"{w}-{lang}" for w, lang in CASES])
def test_a_revoked_friend_is_told_what_became_of_the_seat(
    browser: Browser, server: Server, width: int, lang: str, kind: str
) -> None:
    listed = {"listed": True} if kind == "open" else {"watch": "players"}
    made = server.new_table(["person", "person", "bot:random"], **listed)
    table = made["table"]["id"]
    context = browser.new_context(locale=LOCALES[lang], viewport={"width": width, "height": 800})
    friend = Watcher(context.new_page(), seat=1)
    join(friend, server, made["invites"]["1"], "Mallory")
    server.api("POST", f"/api/tables/{table}/seats/1/revoke", host=made["host_token"])
    page = friend.page
    notice = page.get_by_test_id("seat-lost")
    notice.wait_for(state="visible", timeout=STEP_TIMEOUT_MS)
    assert notice.inner_text() == SAID[kind, lang]
    if kind == "gone":
        assert friend.frames[-1]["code"] == "seat_gone"
    else:  # still watching the table
        assert page.locator("#game .game-root").is_visible()
    assert page.evaluate(PANELS) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    if os.environ.get("BODOGE_SHOTS"):
        page.screenshot(path=f"{os.environ['BODOGE_SHOTS']}/notice-{kind}-{width}-{lang}.png")
    context.close()
