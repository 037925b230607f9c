"""A game review in Chromium: asked for on the replay page, followed, drawn, and a decision
clicked shows its step as the reviewed seat saw it, with the search's verdict."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from .browser_support import Server, check_server_log

TINY = "iterations=4,worlds=2,candidates=2,curve=1"
DECISIONS = 3
"""Decisions a review judges here: fewer than a game has, so the review is partial."""


@pytest.fixture
def review_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Server]:
    """A server whose reviews get a tiny budget and judge a few decisions of a game (set by
    the environment, as in production)."""
    monkeypatch.setenv("BODOGE_REVIEW_BUDGET", TINY)
    monkeypatch.setenv("BODOGE_REVIEW_DECISIONS", str(DECISIONS))
    running = Server(tmp_path / "bodoge.sqlite", tmp_path / "server.log")
    running.start()
    yield running
    running.stop()
    check_server_log(running)


def finished_bot_game(server: Server) -> str:
    table_id: str = server.new_table(["bot:random"] * 3)["table"]["id"]
    deadline = time.monotonic() + 120
    while server.api("GET", f"/api/tables/{table_id}")["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish their game"
        time.sleep(0.1)
    return table_id


def stored_review(server: Server, table_id: str, seat: int) -> Any:
    return server.api("GET", f"/t/{table_id}/reviews/{seat}")


def open_replay(browser: Browser, server: Server, table_id: str, locale: str) -> Page:
    page = browser.new_context(locale=locale).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(server.url(f"/t/{table_id}/replay"))  # a stranger given the watch link
    page.wait_for_selector("#game .game-root")
    page.set_default_timeout(120_000)
    page.errors = errors  # type: ignore[attr-defined]
    page.requested = requested  # type: ignore[attr-defined]
    return page


def test_review_my_game_queues_shows_progress_draws_curves_and_jumps_to_a_decision(
    browser: Browser, review_server: Server
) -> None:
    table_id = finished_bot_game(review_server)
    page = open_replay(browser, review_server, table_id, "en-US")
    status = page.get_by_test_id("review-status")
    page.evaluate(
        """status => { window.seen = [];
        new MutationObserver(() => window.seen.push(status.textContent))
          .observe(status, {childList: true, characterData: true, subtree: true}); }""",
        status.element_handle(),
    )
    page.get_by_test_id("review-seat").select_option("1")
    ask = page.get_by_test_id("review-ask")
    assert ask.inner_text() == "Review my game"
    ask.click()
    page.locator("[data-testid=review-curve] svg").wait_for(state="visible")
    seen = page.evaluate("window.seen")
    assert any(s.startswith(("Reviewing…", "Waiting in the queue")) for s in seen), seen
    review = stored_review(review_server, table_id, 1)["review"]
    of = review["coverage"]["of_decisions"]
    assert of > DECISIONS and review["partial"] is True
    assert status.inner_text().startswith(f"A partial review: {DECISIONS} of the {of} decisions")
    assert page.locator("[data-testid=review-curve] svg polyline").count() == 3
    legend = page.locator(".review-legend")
    assert legend.locator("strong").inner_text().strip() == "━ Bot 2"  # the reviewed seat
    marks = page.get_by_test_id("review-mark")
    assert marks.count() == len(review["judgements"]) > 0
    index = next(
        (i for i, j in enumerate(review["judgements"]) if j["mark"]), len(review["judgements"]) - 1
    )
    judgement = review["judgements"][index]
    page.get_by_test_id("replay-seat").select_option("")  # watching as a spectator
    marks.nth(index).click()
    said = page.get_by_test_id("review-said")
    page.wait_for_function(
        "step => document.getElementById('game').dataset.step === String(step)",
        arg=judgement["replay_step"],
    )
    assert said.inner_text() == judgement["said"]["en"]
    assert "Bot 2 played" in said.inner_text() and "%" in said.inner_text()  # a bot's seat
    assert page.get_by_test_id("step").inner_text().startswith(f"Step {judgement['replay_step']} ")
    # the step is shown as seat 2 (index 1) saw it, never as another seat
    assert page.get_by_test_id("replay-seat").input_value() == "1"
    assert "seat=1" in page.evaluate("location.hash")
    views = [url for url in page.requested if "/replay/" in url]  # type: ignore[attr-defined]
    assert views[-1].endswith(f"/replay/{judgement['replay_step']}?seat=1"), views[-3:]
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()

    # the review is stored: the seat's review shows at once, in Japanese too
    japanese = open_replay(browser, review_server, table_id, "ja-JP")
    assert japanese.get_by_test_id("review-ask").inner_text() == "この対局を検討する"
    japanese.get_by_test_id("review-seat").select_option("1")
    japanese.locator("[data-testid=review-curve] svg").wait_for(state="visible")
    assert japanese.get_by_test_id("review-status").inner_text().startswith("一部だけの検討です")
    japanese.get_by_test_id("review-mark").nth(index).click()
    japanese.wait_for_function(
        "text => document.querySelector('[data-testid=review-said]').textContent === text",
        arg=judgement["said"]["ja"],
    )
    assert "手目" in judgement["said"]["ja"]
    assert japanese.errors == []  # type: ignore[attr-defined]
    japanese.context.close()
