"""A long game's review strip in Chromium: every mark is in view without scrolling, at a
desk's width and on a phone, its marks nudged apart where steps crowd them (a strip whose
marks are too many for the width scrolls and says so: test_browser_review)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser

from .browser_support import Server, check_server_log
from .test_browser_review import (
    LOCALES,
    judging_every_decision,
    phone_or_desk,
    reviewed_at_its_end,
)

MIN_MARK = 14
"""Pixels from one mark's centre to the next at least (replay.js)."""
MARK_BOXES = """() => {
    const strip = document.querySelector('[data-testid=review-curve] .review-scroll');
    const frame = strip.getBoundingClientRect();
    const marks = [...document.querySelectorAll('[data-testid=review-mark]')].map((mark) => {
        const box = mark.getBoundingClientRect();
        return { step: Number(mark.dataset.step), left: box.left, right: box.right };
    });
    return { left: frame.left, right: frame.right, marks,
             scrolls: strip.scrollWidth > strip.clientWidth + 1 };
}"""


def in_view(boxes: dict[str, Any], mark: dict[str, Any]) -> bool:
    return bool(boxes["left"] - 0.5 <= mark["left"] <= mark["right"] <= boxes["right"] + 0.5)


@pytest.fixture(scope="module")
def long_review(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str, Any]]:
    """Go Nuts for Donuts at six seats (about a hundred steps) and its first seat's review."""
    running = judging_every_decision(tmp_path_factory.mktemp("strip"))
    table_id = running.new_table(["bot:random"] * 6, game="go-nuts-for-donuts")["table"]["id"]
    yield running, table_id, reviewed_at_its_end(running, table_id, 0)
    running.stop()
    check_server_log(running)


@pytest.mark.parametrize("lang", LOCALES)
@pytest.mark.parametrize("width", (1280, 390))
def test_a_long_games_marks_are_all_in_view_or_the_strip_says_it_scrolls(
    browser: Browser, long_review: tuple[Server, str, Any], width: int, lang: str
) -> None:
    server, table_id, review = long_review
    page = phone_or_desk(browser, server, f"/t/{table_id}/replay", width, lang)
    total = int(page.get_by_test_id("replay-controls").get_attribute("data-total") or 0)
    assert total > 80, "a long game: more steps than a desk's width holds at 14 px a step"
    page.get_by_test_id("review-seat").select_option("0")
    page.locator("[data-testid=review-mark]").first.wait_for(state="visible")
    page.get_by_test_id("review-curve").scroll_into_view_if_needed()
    boxes = page.evaluate(MARK_BOXES)
    steps = sorted({j["replay_step"] + 1 for j in review["judgements"]})
    assert [m["step"] for m in boxes["marks"]] == steps
    for mark, after in zip(boxes["marks"], boxes["marks"][1:], strict=False):
        assert mark["right"] <= after["left"] + 0.5, (mark, after)  # none covers the next
    more = page.get_by_test_id("review-more")
    if width == 1280 or len(steps) * MIN_MARK <= boxes["right"] - boxes["left"]:
        # the whole game at a glance, its last marks too, wherever the marks fit the width
        assert not boxes["scrolls"] and more.is_hidden()
        assert all(in_view(boxes, mark) for mark in boxes["marks"]), boxes
    else:  # more marks than the width holds: the strip scrolls, says so, and reaches the end
        assert boxes["scrolls"] and more.is_visible()
        page.get_by_test_id("review-mark").last.focus()
        assert in_view(boxes, page.evaluate(MARK_BOXES)["marks"][-1])
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    if os.environ.get("BODOGE_SHOTS"):
        page.screenshot(path=f"{os.environ['BODOGE_SHOTS']}/strip-{width}-{lang}.png")
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()
