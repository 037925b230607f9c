"""A game review in Chromium: asked for on the replay page, followed, drawn, and a decision
clicked shows its step as the reviewed seat saw it, with the search's verdict."""

from __future__ import annotations

import re
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


def test_a_review_queues_shows_progress_draws_curves_and_jumps_to_a_decision(
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
    assert ask.inner_text() == "Review Bot 2's play"  # "Bot 2" says it is a bot already
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
    steps = sorted({j["replay_step"] for j in review["judgements"]})
    assert marks.count() == len(steps) > 0
    judgement = next((j for j in review["judgements"] if j["mark"]), review["judgements"][-1])
    index = steps.index(judgement["replay_step"])
    page.get_by_test_id("replay-seat").select_option("")  # watching as a spectator
    marks.nth(index).click()
    said = page.get_by_test_id("review-said")
    page.wait_for_function(
        "step => document.getElementById('game').dataset.step === String(step)",
        arg=judgement["replay_step"],
    )
    assert judgement["said"]["en"] in said.inner_text()
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
    assert japanese.get_by_test_id("review-ask").inner_text() == "検討する席を選んでください"
    japanese.get_by_test_id("review-seat").select_option("1")
    japanese.locator("[data-testid=review-curve] svg").wait_for(state="visible")
    assert japanese.get_by_test_id("review-status").inner_text().startswith("一部だけの検討です")
    japanese.get_by_test_id("review-mark").nth(index).click()
    japanese.wait_for_function(
        "text => document.querySelector('[data-testid=review-said]').textContent.includes(text)",
        arg=judgement["said"]["ja"],
    )
    assert "手目" in judgement["said"]["ja"]
    assert japanese.errors == []  # type: ignore[attr-defined]
    japanese.context.close()


# ---------------------------------------------------------------- the timeline, whose play

WIDTHS = (1280, 390)
LOCALES = {"en": "en-US", "ja": "ja-JP"}
SEVERITY = {"blunder": 3, "mistake": 2, "inaccuracy": 1, None: 0}
ASK = {
    "en": ("Choose a seat to review", "Review Bob's play", "Review Bot 2's play"),
    "ja": ("検討する席を選んでください", "Bobの手を検討する", "ボット2の手を検討する"),
}
MY_PLAY = {"en": "Review my play", "ja": "自分の手を検討する"}


@pytest.fixture(scope="module")
def reviewed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str, Any]]:
    """A finished Papayoo game (passing cards is a choice made of several steps) whose seat 1
    Bob took and left to a stand-in, and the review of his seat: every decision judged."""
    running = judging_every_decision(tmp_path_factory.mktemp("reviewed"))
    created = running.new_table(
        ["person", "bot:random", "bot:random"], game="papayoo", grace=1, stand_in="random"
    )
    table_id = created["table"]["id"]
    invite = created["invites"]["0"].rsplit("/", 1)[1]
    joined = running.api("POST", f"/api/tables/{table_id}/join", {"invite": invite, "name": "Bob"})
    running.bob_token = joined["token"]  # type: ignore[attr-defined]
    yield running, table_id, reviewed_at_its_end(running, table_id, 0)
    running.stop()
    check_server_log(running)


def judging_every_decision(folder: Path) -> Server:
    """A server started in ``folder`` whose reviews judge every decision, at a tiny budget."""
    with pytest.MonkeyPatch.context() as env:
        env.setenv("BODOGE_REVIEW_BUDGET", TINY)
        env.setenv("BODOGE_REVIEW_DECISIONS", "200")
        running = Server(folder / "bodoge.sqlite", folder / "server.log")
        running.start()
    return running


def reviewed_at_its_end(server: Server, table_id: str, seat: int) -> Any:
    """The seat's review, asked for once the table's game is over (within five minutes)."""
    deadline = time.monotonic() + 300
    while server.api("GET", f"/api/tables/{table_id}")["status"] != "over":
        assert time.monotonic() < deadline, "the game did not finish"
        time.sleep(0.2)
    server.api("POST", server.watching(f"/t/{table_id}/reviews"), {"seat": seat})
    while (body := stored_review(server, table_id, seat))["status"] != "done":
        assert body["status"] != "failed", body["error"]
        assert time.monotonic() < deadline, "the review did not finish"
        time.sleep(0.2)
    return body["review"]


def phone_or_desk(browser: Browser, server: Server, path: str, width: int, lang: str) -> Page:
    context = browser.new_context(locale=LOCALES[lang], viewport={"width": width, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.errors = errors  # type: ignore[attr-defined]
    page.set_default_timeout(60_000)
    page.goto(server.url(path))
    page.wait_for_selector("#game .game-root")
    return page


@pytest.fixture(
    params=[(w, lang) for w in WIDTHS for lang in LOCALES], ids=lambda p: f"{p[0]}-{p[1]}"
)
def bobs_review(
    request: pytest.FixtureRequest, browser: Browser, reviewed: tuple[Server, str, Any]
) -> Iterator[tuple[Page, Any, str]]:
    """The replay page at a width and in a language, a spectator's, showing Bob's review."""
    width, lang = request.param
    server, table_id, review = reviewed
    page = phone_or_desk(browser, server, f"/t/{table_id}/replay", width, lang)
    page.get_by_test_id("review-seat").select_option("0")
    page.locator("[data-testid=review-mark]").first.wait_for(state="visible")
    yield page, review, lang
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_the_timeline_has_one_mark_per_step_each_reachable_by_click_and_keyboard(
    bobs_review: tuple[Page, Any, str],
) -> None:
    page, review, lang = bobs_review
    width = page.viewport_size["width"]  # type: ignore[index]
    by_step: dict[int, list[Any]] = {}
    for judgement in review["judgements"]:
        by_step.setdefault(judgement["replay_step"] + 1, []).append(judgement)
    # a pass of several picks is one whole decision, judged once at the step that completes it
    assert all(len(j["played_steps"]) >= 1 for j in review["judgements"])
    assert any(len(j["played_steps"]) > 1 for j in review["judgements"]), "a pass is whole"
    marks = page.get_by_test_id("review-mark")
    shown = [
        (int(m.get_attribute("data-step") or 0), m.get_attribute("data-mark") or None)
        for m in marks.all()
    ]
    # one mark per step, in step order, showing the most serious of its decisions
    assert [step for step, _ in shown] == sorted(by_step)
    for step, mark in shown:
        worst = max(by_step[step], key=lambda j: SEVERITY[j["mark"]])
        assert SEVERITY[mark] == SEVERITY[worst["mark"]], step
    # each mark is the element a click at its centre meets: none covers another
    covered = page.evaluate(
        """() => [...document.querySelectorAll('[data-testid=review-mark]')].filter((mark) => {
            mark.scrollIntoView({block: 'center', inline: 'center'});
            const box = mark.getBoundingClientRect();
            const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
            return document.elementFromPoint(x, y) !== mark;
        }).map((mark) => mark.dataset.step)"""
    )
    assert covered == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # the strip scrolls
    # a click on the last mark, then arrows and Enter from the first, reach their steps
    last_step = shown[-1][0]
    marks.last.click()
    wait_step(page, last_step - 1)
    marks.first.focus()
    for step, _ in shown[1:4]:
        page.keyboard.press("ArrowRight")
        assert page.evaluate("document.activeElement.dataset.step") == str(step)
    page.keyboard.press("Enter")
    step = shown[min(3, len(shown) - 1)][0]
    wait_step(page, step - 1)
    said = page.get_by_test_id("review-said").inner_text()
    for judgement in by_step[step]:
        assert judgement["said"][lang] in said
    # numbered as the replay numbers its steps: the first step is 1, never "Step 0"
    assert all(numbered(j["said"][lang], lang) == step for j in by_step[step]), said
    assert all(numbered(j["said"][lang], lang) >= 1 for j in review["judgements"])
    assert page.get_by_test_id("step").inner_text().startswith(COUNTER[lang].format(n=step - 1))


def numbered(sentence: str, lang: str) -> int:
    """The step a review's sentence names (it begins with it)."""
    found = re.match(r"Step (\d+)\D" if lang == "en" else r"(\d+)手目", sentence)
    assert found, sentence
    return int(found[1])


COUNTER = {"en": "Step {n} of", "ja": "{n} / "}


def wait_step(page: Page, step: int) -> None:
    page.wait_for_function(
        "step => document.getElementById('game').dataset.step === String(step)", arg=step
    )


def test_the_curve_has_axes_ticks_a_band_and_its_points_on_the_line(
    bobs_review: tuple[Page, Any, str],
) -> None:
    page, review, lang = bobs_review
    total = int(page.get_by_test_id("replay-controls").get_attribute("data-total") or 0)
    curve = page.get_by_test_id("review-curve")
    y_ticks = curve.locator("[data-testid=review-axis-y] .tick").all_text_contents()
    assert y_ticks == ["0 %", "25 %", "50 %", "75 %", "100 %"]
    x_axis = curve.locator("[data-testid=review-axis-x] .tick")
    x_ticks = [int(t) for t in x_axis.all_text_contents()]
    assert x_ticks[0] == 0 and len(x_ticks) >= 3 and all(0 <= t <= total for t in x_ticks)
    assert x_ticks == sorted(x_ticks)
    names = curve.locator(".axis-name").all_text_contents()
    assert {"en": "Step", "ja": "手目"}[lang] in names
    assert curve.get_by_test_id("review-band").count() == 1  # the reviewed seat's interval
    # every decision's point lies on the reviewed seat's line, at the step it chose
    off = page.evaluate(
        """seat => {
            const line = document.querySelector(`polyline[data-seat="${seat}"]`);
            const points = line.getAttribute('points').trim().split(' ')
              .map((p) => p.split(',').map(Number));
            const on = (x) => {
              const i = points.findIndex(([px]) => px >= x - 1e-6);
              if (i <= 0) return points[Math.max(i, 0)][1];
              const [[x0, y0], [x1, y1]] = [points[i - 1], points[i]];
              return y0 + (y1 - y0) * (x - x0) / (x1 - x0);
            };
            return [...document.querySelectorAll('[data-testid=review-curve] circle')]
              .filter((c) => {
                const [x, y] = [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))];
                return Math.abs(on(x) - y) > 0.5;
              })
              .map((c) => c.dataset.step);
        }""",
        review["seat"],
    )
    assert off == []
    dots = curve.locator("circle")
    assert dots.count() == page.get_by_test_id("review-mark").count()


@pytest.mark.parametrize("lang", LOCALES)
@pytest.mark.parametrize("width", WIDTHS)
def test_a_review_names_whose_play_it_is_and_a_spectator_gets_no_seat_as_theirs(
    browser: Browser, reviewed: tuple[Server, str, Any], width: int, lang: str
) -> None:
    server, table_id, review = reviewed
    choose, bob, bot = ASK[lang]
    page = phone_or_desk(browser, server, f"/t/{table_id}/replay", width, lang)  # watch link
    seat, ask = page.get_by_test_id("review-seat"), page.get_by_test_id("review-ask")
    assert seat.input_value() == "" and ask.is_disabled() and ask.inner_text() == choose
    seat.select_option("1")
    assert ask.inner_text() == bot and ask.is_enabled()
    seat.select_option("0")
    assert ask.inner_text() == bob
    page.locator("[data-testid=review-mark]").first.wait_for(state="visible")
    page.get_by_test_id("review-mark").first.click()
    said = page.get_by_test_id("review-said").inner_text()
    assert "Bob" in said and "you" not in said.lower()
    assert page.get_by_test_id("review-before").inner_text().count("Bob") == 1
    for judgement in review["judgements"]:  # stored once, read by anyone: never "you"
        assert "you" not in judgement["said"]["en"] and "Bob" in judgement["said"][lang]
    page.context.close()
    # Bob himself is offered his own seat, as his
    own = phone_or_desk(
        browser,
        server,
        f"/t/{table_id}/replay?token={server.bob_token}",
        width,
        lang,  # type: ignore[attr-defined]
    )
    assert own.get_by_test_id("review-seat").input_value() == "0"
    assert own.get_by_test_id("review-ask").inner_text() == MY_PLAY[lang]
    own.get_by_test_id("review-seat").select_option("2")
    assert own.get_by_test_id("review-ask").inner_text() != MY_PLAY[lang]
    assert own.errors == []  # type: ignore[attr-defined]
    own.context.close()


MORE = {
    "en": "The curve and its marks scroll sideways to show every step",
    "ja": "横にスクロールすると、ほかの手も見られます",
}
AXIS_BOXES = """() => {
    // the y-axis labels (each with whether a click at its centre meets it), the gridlines,
    // and the scrolling part of the curve, as the viewport places them
    const box = (node) => {
        const { left, right, top, bottom } = node.getBoundingClientRect();
        return { left, right, top, bottom };
    };
    const centre = ({ left, right, top, bottom }) => [(left + right) / 2, (top + bottom) / 2];
    const curve = document.querySelector('[data-testid=review-curve]');
    return {
        labels: [...curve.querySelectorAll('[data-testid=review-axis-y] .tick')].map((label) => {
            const at = box(label);
            const hit = document.elementFromPoint(...centre(at));
            return { ...at, text: label.textContent, seen: hit === label };
        }),
        grid: [...curve.querySelectorAll('.review-plot line.grid')].map(box),
        plot: box(curve.querySelector('.review-scroll')),
    };
}"""


@pytest.mark.parametrize("lang", LOCALES)
def test_on_a_phone_the_y_axis_stays_in_view_while_the_curve_scrolls_to_its_end(
    browser: Browser, reviewed: tuple[Server, str, Any], lang: str
) -> None:
    server, table_id, _ = reviewed
    page = phone_or_desk(browser, server, f"/t/{table_id}/replay", 390, lang)
    page.get_by_test_id("review-seat").select_option("0")
    page.locator("[data-testid=review-mark]").first.wait_for(state="visible")
    page.get_by_test_id("review-curve").scroll_into_view_if_needed()
    scroller = page.locator("[data-testid=review-curve] .review-scroll")
    assert scroller.evaluate("s => s.scrollWidth > s.clientWidth")  # the curve is wider
    more = page.get_by_test_id("review-more")  # and says so
    assert more.is_visible() and MORE[lang] in more.inner_text()
    at_start = page.evaluate(AXIS_BOXES)
    scroller.evaluate("s => { s.scrollLeft = s.scrollWidth; }")
    page.wait_for_function(
        "s => s.scrollLeft > 0 && s.scrollLeft + s.clientWidth >= s.scrollWidth - 1",
        arg=scroller.element_handle(),
    )
    at_end = page.evaluate(AXIS_BOXES)
    labels, plot = at_end["labels"], at_end["plot"]
    assert [label["text"] for label in labels] == ["0 %", "25 %", "50 %", "75 %", "100 %"]
    # every label is in the viewport, shown, left of the plot, and did not move
    for label, before in zip(labels, at_start["labels"], strict=True):
        assert label["left"] >= 0 and label["right"] <= plot["left"] + 0.5, label
        assert label["seen"], label
        assert all(abs(label[side] - before[side]) < 0.5 for side in ("left", "top")), label
    # each label is level with its gridline (0 % lowest), which reaches the plot's left edge
    grid = sorted(at_end["grid"], key=lambda line: -line["top"])
    assert len(grid) == len(labels)
    for label, line in zip(labels, grid, strict=True):
        assert abs((label["top"] + label["bottom"]) / 2 - line["top"]) <= 1, (label, line)
        assert line["left"] <= plot["left"] + 0.5 < plot["right"] <= line["right"] + 0.5
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # only the plot scrolls
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()
