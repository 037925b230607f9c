"""The host changes who may watch while the game runs, in Chromium: "Make it private" ends a
stranger's view at once, and a withdrawn watch link ends its holders' views, told why, while
the new link the host's page then shows admits a watcher again."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Browser, Page

from .browser_support import STEP_TIMEOUT_MS, Server

LOCALES = {"en": "en-US", "ja": "ja-JP"}
CASES = [(width, lang) for width in (1280, 390) for lang in LOCALES]
SAID = {
    ("private", "en"): "This table is now private: you can no longer watch it.",
    ("private", "ja"): "この卓は非公開になりました。観戦はできません。",
    ("withdrawn", "en"): "The host withdrew this watch link: you can no longer watch this table.",
    ("withdrawn", "ja"): "ホストがこの観戦リンクを取り消しました。観戦はできません。",
}


def watcher(browser: Browser, url: str, width: int, lang: str) -> Page:
    context = browser.new_context(locale=LOCALES[lang], viewport={"width": width, "height": 800})
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("#game .game-root")
    return page


def told(page: Page, kind: str, lang: str) -> None:
    notice = page.get_by_test_id("seat-lost")
    notice.wait_for(state="visible", timeout=STEP_TIMEOUT_MS)
    assert notice.inner_text() == SAID[kind, lang]
    assert page.locator("#game *").count() == 0


@pytest.mark.parametrize(("width", "lang"), CASES, ids=[f"{w}-{lang}" for w, lang in CASES])
def test_the_host_makes_a_running_table_private_and_withdraws_its_watch_link(
    browser: Browser, server: Server, width: int, lang: str
) -> None:
    made = server.new_table(["person", "bot:random", "bot:random"], listed=True)
    table = made["table"]["id"]
    invite = made["invites"]["0"].rsplit("/", 1)[1]
    server.api("POST", f"/api/tables/{table}/join", {"invite": invite, "name": "Ann"})
    assert server.api("GET", f"/api/tables/{table}")["status"] == "playing"
    stranger = watcher(browser, server.base + f"/t/{table}", width, lang)  # an open table
    by_link = watcher(browser, server.url(f"/t/{table}"), width, lang)  # the watch link
    host = watcher(browser, server.base + f"/t/{table}", width, lang)
    host.context.add_cookies(
        [{"name": f"bodoge_host_{table}", "value": made["host_token"], "url": server.base}]
    )
    host.goto(server.base + f"/t/{table}")
    host.wait_for_selector("#game .game-root")
    old_link = host.get_by_test_id("watch-url").input_value()

    host.locator("[data-testid=host-panel] summary").click()
    toggle = host.get_by_test_id("toggle-open")
    assert toggle.is_visible()  # offered while the game runs
    toggle.click()
    told(stranger, "private", lang)
    assert by_link.locator("#game .game-root").is_visible()  # the link still admits

    host.get_by_test_id("new-watch-link").click()
    told(by_link, "withdrawn", lang)
    new_link = host.get_by_test_id("watch-url").input_value()
    assert new_link != old_link and f"/t/{table}?watch=" in new_link
    assert host.evaluate("document.documentElement.scrollWidth") <= width
    if os.environ.get("BODOGE_SHOTS"):
        host.screenshot(path=f"{os.environ['BODOGE_SHOTS']}/watch-host-{width}-{lang}.png")
        by_link.screenshot(path=f"{os.environ['BODOGE_SHOTS']}/watch-gone-{width}-{lang}.png")
    again = watcher(browser, new_link, width, lang)
    assert again.get_by_test_id("seat-lost").is_hidden()
    old = again.context.new_page()  # the withdrawn link admits nobody
    answer = old.goto(old_link)
    assert answer is not None and answer.status == 403
    for page in (stranger, by_link, host, again):
        page.context.close()
