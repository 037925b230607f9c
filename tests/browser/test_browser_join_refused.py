"""A name refused on the join page in Chromium: the refusal stands beside the field, what was
typed stays in it, and another name joins from the same form."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Browser

from .browser_support import Server, Watcher, check_dom_is_its_frame

LOCALES = {"en": "en-US", "ja": "ja-JP"}
REFUSED = {
    "en": (
        "Someone at this table already has that name, or one that looks the same",
        "Please enter a name (1–40 characters",
    ),
    "ja": ("この卓にはもう同じ名前（またはそっくりな名前）の人がいます", "名前を入力してください"),
}
CASES = [(width, lang) for width in (1280, 390) for lang in LOCALES]


@pytest.fixture(scope="module")
def table(server: Server) -> dict[str, object]:
    """Ann holds the first seat; one open seat for each case below."""
    made = server.new_table(["person"] * (1 + len(CASES)), game="papayoo")
    invite = made["invites"]["0"].rsplit("/", 1)[1]
    server.api("POST", f"/api/tables/{made['table']['id']}/join", {"invite": invite, "name": "Ann"})
    return dict(made)


@pytest.mark.parametrize(("width", "lang"), CASES, ids=[f"{w}-{lang}" for w, lang in CASES])
def test_a_refused_name_is_kept_in_the_form_with_the_refusal_beside_it(
    browser: Browser, server: Server, table: dict[str, object], width: int, lang: str
) -> None:
    seat = CASES.index((width, lang)) + 1
    context = browser.new_context(locale=LOCALES[lang], viewport={"width": width, "height": 800})
    guest = Watcher(context.new_page(), seat=seat)
    page = guest.page
    invites = table["invites"]
    assert isinstance(invites, dict)
    page.goto(server.base + invites[str(seat)])
    field, refusal = page.locator("input[name=name]"), page.get_by_test_id("name-refused")
    for typed, said in zip(("Ann", "   "), REFUSED[lang], strict=True):  # taken, then blank
        field.fill(typed)
        page.click("[data-testid=join-form] button[type=submit]")
        refusal.wait_for(state="visible")
        assert said in refusal.inner_text()
        assert field.input_value() == typed
        assert field.get_attribute("aria-invalid") == "true"
        box, beside = field.bounding_box(), refusal.bounding_box()
        assert box and beside and 0 <= beside["y"] - (box["y"] + box["height"]) < 40
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert page.get_by_test_id("error-message").count() == 0  # not an error page
    if os.environ.get("BODOGE_SHOTS"):
        page.screenshot(path=f"{os.environ['BODOGE_SHOTS']}/join-{width}-{lang}.png")
    field.fill(f"Guest {seat}")
    page.click("[data-testid=join-form] button[type=submit]")
    page.wait_for_selector("#game .game-root")
    check_dom_is_its_frame(guest)
    context.close()
