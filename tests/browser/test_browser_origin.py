"""A page of another origin on the same host cannot use a seat's cookie (issue 18).

The seat cookie is scoped to the host, not the port, so a page served from
another port of 127.0.0.1 is "same site" and the browser sends the cookie
with its WebSocket and form requests; the server must refuse them by origin.
"""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from .browser_support import Server, Watcher, free_port, join

ATTACK = """<!doctype html><meta charset="utf-8"><title>elsewhere</title>
<form id="form" method="post" action="{base}/tables" target="sink">
  <input name="game" value="egyptian-bride"><input name="num_seats" value="3">
  <input name="name" value="Mallory"></form>
<iframe name="sink"></iframe>
<script>
window.result = {{opened: false, frames: 0, closed: false}};
const ws = new WebSocket("{ws}/t/{table}/ws");
ws.onopen = () => {{ window.result.opened = true; }};
ws.onmessage = (event) => {{
  window.result.frames += 1;
  const message = JSON.parse(event.data);
  if (message.type === "state" && message.legal.length) {{
    const action = message.legal[0].action;
    ws.send(JSON.stringify({{type: "act", version: message.version, action: action}}));
  }}
}};
ws.onclose = () => {{ window.result.closed = true; }};
</script>"""


@pytest.fixture
def elsewhere() -> Iterator[tuple[str, dict[str, str]]]:
    """A second web server on another loopback port, serving whatever page is put in."""
    pages: dict[str, str] = {}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = pages.get(self.path, "").encode()
            self.send_response(200 if body else 404)
            self.send_header("content-type", "text/html; charset=utf-8")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            pass

    port = free_port()
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{port}", pages
    httpd.shutdown()
    httpd.server_close()


def test_a_page_on_another_port_cannot_act_for_a_seat(
    browser: Browser, server: Server, elsewhere: tuple[str, dict[str, str]]
) -> None:
    created = server.new_table(["person", "bot:random", "bot:random"])
    table = created["table"]["id"]
    context = browser.new_context(locale="en-US")
    me = Watcher(context.new_page(), seat=0)
    join(me, server, created["invites"]["0"], "Carol")  # the seat cookie is in this browser
    before = server.record_so_far(table)["actions"]
    tables = server.stored_count()

    origin, pages = elsewhere
    pages["/attack.html"] = ATTACK.format(
        base=server.base, ws=server.base.replace("http", "ws", 1), table=table
    )
    attacker = context.new_page()
    attacker.goto(origin + "/attack.html")
    attacker.wait_for_function("window.result.closed", timeout=10_000)
    result = attacker.evaluate("window.result")
    assert result == {"opened": False, "frames": 0, "closed": True}
    attacker.evaluate("document.getElementById('form').submit()")
    attacker.wait_for_timeout(500)  # the refused form post has nowhere to lead
    assert [a for a in server.record_so_far(table)["actions"] if a[0] == 0] == [
        a for a in before if a[0] == 0
    ]
    assert server.stored_count() == tables
    context.close()
