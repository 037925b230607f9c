"""A keen guest's browser: however many tables it has joined, its games still connect,
and "Your tables" lists the most recent first."""

from __future__ import annotations

import secrets
import time

from playwright.sync_api import Browser, BrowserContext

from bodoge.server.deps import SEAT_COOKIE
from patience import PATIENCE

from .browser_support import Server, Watcher, join

OTHER_TABLES = 160
"""Tables joined before (the handshake was refused from about 142 on, when every seat
cookie went with every request)."""


def keen_guest(context: BrowserContext, table_id: str) -> None:
    """Seat cookies of ``OTHER_TABLES`` more tables, each set as the server set this table's
    (same attributes, the table's own id wherever it names it)."""
    name = SEAT_COOKIE.format(table=table_id)
    seat = next(cookie for cookie in context.cookies() if cookie["name"] == name)
    more = []
    for _ in range(OTHER_TABLES):
        other = secrets.token_urlsafe(8)
        more.append(
            {
                **seat,
                "name": SEAT_COOKIE.format(table=other),
                "path": seat["path"].replace(table_id, other),
                "value": secrets.token_urlsafe(24),
            }
        )
    context.add_cookies(more)  # type: ignore[arg-type]


def first_frame_or_close(watcher: Watcher) -> None:
    """Wait until the page's socket has sent a frame or closed."""
    deadline = time.monotonic() + PATIENCE
    while not watcher.frames and not watcher.closed and time.monotonic() < deadline:
        watcher.page.wait_for_timeout(50)


def test_a_browser_that_joined_many_tables_still_plays(browser: Browser, server: Server) -> None:
    made = server.new_table(["person", "bot:random", "bot:random"])
    table_id = made["table"]["id"]
    context = browser.new_context()
    join(Watcher(context.new_page(), seat=0), server, made["invites"]["0"], "Keen")
    keen_guest(context, table_id)
    again = Watcher(context.new_page(), seat=0)
    again.page.goto(server.base + f"/t/{table_id}")
    first_frame_or_close(again)
    assert again.frames and again.frames[0]["type"] == "state", (again.closed, again.frames)
    assert again.frames[0]["seat"] == 0
    again.page.goto(server.base + "/")
    again.page.locator(f"[data-testid=mine-{table_id}]").wait_for()
    context.close()
