"""The lobby's forms and the table around the game, as a newcomer meets them (issue 34):
Imhotep's "All B sides" makes its table, United Square's teams are shown from the lobby on,
a bot standing in for a person does not tell that person "Your turn", and the "Connection
lost" banner goes as soon as the server is back."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, WebSocket

from .browser_support import Server, Watcher, check_server_log, join, new_table_form


def lobby_page(browser: Browser, server: Server, locale: str) -> Page:
    page = browser.new_context(locale=locale).new_page()
    page.goto(server.base + "/")
    return page


def test_all_b_sides_in_japanese_creates_the_table(browser: Browser, server: Server) -> None:
    """It answered a 422 page with "option 'market_side' applies with sides='custom' only"."""
    page = lobby_page(browser, server, "ja-JP")
    form = new_table_form(page, "imhotep")
    sites = form.locator("select[name$=_side]")
    assert sites.count() == 5
    assert all(not sites.nth(i).is_visible() for i in range(5)), "site sides shown for 'A'"
    form.locator("select[name=option_sides]").select_option("B")
    assert all(not sites.nth(i).is_visible() for i in range(5))
    form.locator("input[name=name]").fill("はなこ")
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/t/*")
    table = page.url.rsplit("/", 1)[1]
    options = server.stored_table(table)["options"]
    assert options["sides"] == "B" and options["market_side"] == "B"
    # "custom" shows the sites' own sides, and sends them.
    page.goto(server.base + "/")
    form = new_table_form(page, "imhotep")
    form.locator("select[name=option_sides]").select_option("custom")
    assert all(sites.nth(i).is_visible() for i in range(5))
    form.locator("select[name=option_temple_side]").select_option("B")
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/t/*")
    options = server.stored_table(page.url.rsplit("/", 1)[1])["options"]
    assert options["sides"] == "custom" and options["temple_side"] == "B"
    page.context.close()


def test_united_square_teams_are_shown_from_the_lobby_on(browser: Browser, server: Server) -> None:
    """Seats 1 & 3 play against 2 & 4: the lobby's seat list pairs them once teams are
    chosen, the waiting room and the invitation group them, each seat's header names its
    team and partner during the game."""
    page = lobby_page(browser, server, "ja-JP")
    form = new_table_form(page, "united-square")
    assert not form.locator("[data-testid=team-note]").is_visible()
    form.locator("input[name=option_teams]").check()
    assert form.locator("select[name=num_seats]").input_value() == "4"
    note = form.locator("[data-testid=team-note]")
    assert note.text_content() == "席1と席3 対 席2と席4"
    order = form.evaluate(
        """(f) => [...f.querySelectorAll('.seat-kind')]
            .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top
                         || a.getBoundingClientRect().left - b.getBoundingClientRect().left)
            .map((l) => [Number(l.dataset.seat), l.dataset.team])"""
    )
    assert order == [[0, "0"], [2, "0"], [1, "1"], [3, "1"]]
    form.locator("select[name=seat_1]").select_option("person")
    form.locator("input[name=name]").fill("Ann")
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/t/*")
    table = page.url.rsplit("/", 1)[1]
    for team, seats in ((0, ["0", "2"]), (1, ["1", "3"])):
        members = page.locator(f"#game [data-testid=team-{team}] [data-seat]")
        assert [members.nth(i).get_attribute("data-seat") for i in range(2)] == seats
    invite = page.locator("[data-testid=invite-1]").input_value()
    friend = Watcher(browser.new_context(locale="en-US").new_page(), seat=1)
    friend.page.goto(invite)
    assert "Team 2" in (friend.page.locator("[data-testid=team-1-head]").text_content() or "")
    join(friend, server, invite.removeprefix(server.base), "Ben")
    assert server.stored_table(table)["status"] == "playing"
    page.reload()
    assert page.locator("[data-testid=my-team]").text_content() == "チーム1 · 味方: ボット3"
    mine = friend.page.locator("[data-testid=my-team]").text_content()
    assert mine == "Team 2 · partner: Bot 4"
    for seat, team in ((0, "1"), (1, "2"), (2, "1"), (3, "2")):
        tag = page.locator(f"[data-testid=room-seat-{seat}] .team-tag").text_content()
        assert tag == f"チーム{team}"
    page.context.close()
    friend.page.context.close()


@pytest.fixture
def slow_bots(tmp_path: Path) -> Iterator[Server]:
    """A server whose bots wait half a second a move: a bot's turns last long enough to look."""
    running = Server(tmp_path / "bodoge.sqlite", tmp_path / "server.log", bot_pause="0.5")
    running.start()
    yield running
    running.stop()
    check_server_log(running)


STANDING_IN = """() => {
  const box = document.querySelector('[data-testid=take-seat-box]');
  const game = document.getElementById('game');
  return {standing: !box.hidden && game.dataset.status === 'playing',
          mine: game.querySelectorAll('.turn.mine, .game-root.my-turn').length,
          says: game.textContent.includes('Your turn'), title: document.title,
          version: Number(game.dataset.version)};
}"""


def test_a_bot_standing_in_does_not_say_your_turn(browser: Browser, slow_bots: Server) -> None:
    """Tarot Storia alone: the seat is always to act, so while the host's bot plays it the
    board would say "Your turn" at every move.  "Play my seat again" is a styled button."""
    created = slow_bots.new_table(["person"], game="tarot-storia")
    table = created["table"]["id"]
    person = Watcher(browser.new_context(locale="en-US").new_page(), seat=0)
    join(person, slow_bots, created["invites"]["0"], "Ann")
    page = person.page
    assert page.evaluate(STANDING_IN)["mine"] > 0, "the person's own turn says so"
    slow_bots.api("POST", f"/api/tables/{table}/seats/0", {"kind": "bot"}, created["host_token"])
    page.wait_for_function("!document.querySelector('[data-testid=take-seat-box]').hidden")
    start = page.evaluate(STANDING_IN)["version"]
    seen = set()
    give_up = time.monotonic() + 60
    while len(seen) < 3:  # three of the bot's moves, each looked at once shown
        assert time.monotonic() < give_up, "the bot did not move"
        shown = page.evaluate(STANDING_IN)
        if not shown["standing"]:
            break  # the game ended
        assert shown["mine"] == 0 and not shown["says"], shown
        assert not shown["title"].startswith("●"), shown["title"]
        if shown["version"] > start:
            seen.add(shown["version"])
        page.wait_for_timeout(20)
    assert seen, "no move of the bot was shown"
    button = page.locator("[data-testid=take-seat]")
    styled = button.evaluate("(b) => getComputedStyle(b).backgroundColor")
    send = page.locator("[data-testid=chat-send]").evaluate(
        "(b) => getComputedStyle(b).backgroundColor"
    )
    assert styled == send, "'Play my seat again' is styled as the other buttons"
    if page.evaluate(STANDING_IN)["standing"]:
        button.click()
        page.wait_for_function("document.querySelector('[data-testid=take-seat-box]').hidden")
        page.wait_for_function(
            "document.querySelector('#game .turn.mine') !== null"
            " || document.getElementById('game').dataset.status === 'over'"
        )
    page.context.close()


def test_the_connection_banner_goes_as_soon_as_the_server_is_back(
    browser: Browser, own_server: Server
) -> None:
    """The page's clock is a fake one, moved by the test: while the server is down the page
    tries again at least every 1.5 s of its time (a doubling wait reached 8 s), and the try
    after the server is back clears the banner."""
    created = own_server.new_table(["person", "bot:random", "bot:random"])
    page = browser.new_context(locale="en-US").new_page()
    page.clock.install()
    attempts: list[WebSocket] = []
    closed: list[WebSocket] = []

    def opened(socket: WebSocket) -> None:
        attempts.append(socket)
        socket.on("close", lambda _: closed.append(socket))

    page.on("websocket", opened)
    watcher = Watcher(page, seat=0)
    join(watcher, own_server, created["invites"]["0"], "Ann")
    page.clock.pause_at(time.time() * 1000 + 1000)
    banner = page.locator("[data-testid=connection]")
    own_server.stop()
    banner.wait_for(state="visible")
    for _ in range(6):  # past where a doubling wait would exceed 1.5 s
        wait_until(page, lambda: len(closed) == len(attempts), "a try that does not end")
        tries = len(attempts)
        page.clock.run_for(1500)
        wait_until(page, lambda n=tries: len(attempts) > n, "no try within 1.5 s of page time")
    own_server.start()
    wait_until(page, lambda: len(closed) == len(attempts), "a try that does not end")
    page.clock.run_for(1500)
    banner.wait_for(state="hidden", timeout=15_000)
    page.context.close()


def wait_until(page: Page, condition: Callable[..., bool], failure: str) -> None:
    """Wait (real time, generously) for ``condition()``, letting Playwright's events in."""
    give_up = time.monotonic() + 15
    while not condition():
        assert time.monotonic() < give_up, failure
        page.wait_for_timeout(20)
