"""Japanese and English: chosen from the browser's language, flipped by the visible switch."""

from __future__ import annotations

import random

from playwright.sync_api import Browser, Page

from .browser_support import Server, Watcher, join, new_table_form


def lang_of(page: Page) -> str | None:
    return page.locator("html").get_attribute("lang")


def switch(page: Page, lang: str) -> None:
    page.click(f"[data-testid=lang-switch] a[data-lang={lang}]")
    page.wait_for_function(f"document.documentElement.lang === '{lang}'")


def test_accept_language_picks_the_language(browser: Browser, server: Server) -> None:
    for locale, lang, heading in (("ja-JP", "ja", "ゲーム"), ("en-GB", "en", "Games")):
        context = browser.new_context(locale=locale)
        page = context.new_page()
        page.goto(server.base + "/")
        assert lang_of(page) == lang
        assert page.locator("main h2").first.inner_text() == heading
        current = page.locator("[data-testid=lang-switch] a[aria-current]")
        assert current.get_attribute("data-lang") == lang
        context.close()


def test_the_switch_flips_lobby_and_table(browser: Browser, server: Server) -> None:
    context = browser.new_context(locale="ja-JP")
    page = context.new_page()
    page.goto(server.base + "/")
    assert "卓を作る" in new_table_form(page, "egyptian-bride").inner_text()

    switch(page, "en")
    assert "Create the table" in new_table_form(page, "egyptian-bride").inner_text()
    assert page.url == server.base + "/"

    # The choice sticks (a cookie) and reaches the table, its live updates included.
    created = server.new_table(["person", "bot:random", "bot:random"])
    me = Watcher(page, seat=0)
    join(me, server, created["invites"]["0"], "Fumi")
    assert lang_of(page) == "en"
    page.wait_for_selector("#game .eb-table")
    assert "Face-up cards" in (page.locator("#game").text_content() or "")
    assert "You are Fumi" in page.locator("[data-testid=who]").inner_text()

    switch(page, "ja")
    assert "/t/" in page.url, "the switch leaves the visitor where they were"
    page.wait_for_selector("#game .eb-table")
    received = len(me.states)
    me.click_any(random.Random(1))
    frame = me.wait_new_frame(received)
    assert "表向きのカード" in frame["html"], "live updates come in the chosen language"
    assert "表向きのカード" in (page.locator("#game").text_content() or "")
    assert "あなたは Fumi です" in page.locator("[data-testid=who]").inner_text()
    assert all(item["label"] for item in frame["legal"])
    me.check()

    page.goto(server.base + "/")
    assert lang_of(page) == "ja"
    context.close()
