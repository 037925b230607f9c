"""What the server refuses before any route sees a request: foreign origins, large bodies.

**Origins.**  The seat cookie goes with every request a browser makes to
the server, whichever page makes it; a page of another origin (another
port of the same host, a sibling subdomain) could otherwise open a seat's
WebSocket, read its hand and play for it, or post the lobby's forms.  So a
WebSocket handshake and every request that may change something (any
method but GET, HEAD and OPTIONS) must come from the server's own origin
(the scheme of the request and its ``Host``) or one of
``Settings.allow_origins``; the browser says where it comes from in
``Origin`` (sent with every WebSocket handshake and every POST), else in
``Referer``.  A request with neither is not a browser's cross-site
request (a program's, say) and passes: the seat token it must carry is
its own.  A refused handshake is closed before it is accepted (the client
sees HTTP 403, no view); a refused request gets 403 ``forbidden_origin``.

This is chosen over a CSRF token because it protects the WebSocket too
(a token in the page would not stop a foreign page from opening the
socket with the cookie), needs no change to the forms and their pages,
and holds for clients that never loaded a form.

**Bodies.**  A request body may have at most ``Settings.max_body`` bytes:
one that says it is longer (``Content-Length``) is refused before it is
read, one that turns out longer is refused as soon as it passes the limit
(413 ``too_large``); nothing reads a large body whole.

**Slow requests.**  :class:`DeadlineHttpProtocol` is uvicorn's HTTP
protocol with a deadline on each request's arrival: uvicorn times out
idle keep-alive connections but waits for ever on a request whose headers
or body come in part.
"""

from __future__ import annotations

import json
import logging
from asyncio import TimerHandle, Transport
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

log = logging.getLogger("bodoge.server")

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}
WS_SCHEMES = {"ws": "http", "wss": "https"}
REQUEST_SECONDS = 10.0
"""How long a request may take to arrive whole (headers and body)."""

Origin = tuple[str, str, int]
"""(scheme, host, port) of an origin, normalised."""


def parse_origin(text: str) -> Origin | None:
    """An origin (or a URL's origin) as (scheme, host, port), or None if it is not one.

    >>> parse_origin("http://Example.org"), parse_origin("https://[::1]:8443/x?y")
    (('http', 'example.org', 80), ('https', '::1', 8443))
    >>> parse_origin("null"), parse_origin("http://h:99999")
    (None, None)
    """
    try:
        parts = urlsplit(text.strip())
        scheme = WS_SCHEMES.get(parts.scheme.lower(), parts.scheme.lower())
        host = parts.hostname
        port = parts.port or DEFAULT_PORTS.get(scheme)
    except ValueError:  # a port out of range, a bad IPv6 literal
        return None
    if scheme not in ("http", "https") or not host or port is None:
        return None
    return scheme, host, port


def own_origin(scope: dict[str, Any]) -> Origin | None:
    """The origin the request was made to: its scheme and ``Host`` header."""
    host = header(scope, b"host")
    if host is None:
        return None
    scheme = WS_SCHEMES.get(scope.get("scheme", "http"), scope.get("scheme", "http"))
    return parse_origin(f"{scheme}://{host}")


def header(scope: dict[str, Any], name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def from_allowed_origin(scope: dict[str, Any], allowed: frozenset[Origin]) -> bool:
    """Whether the browser that made the request is on the server's origin or an allowed one."""
    claimed = header(scope, b"origin")
    if claimed is None:
        claimed = header(scope, b"referer")
        if claimed is None:
            return True  # not a browser's cross-site request
    origin = parse_origin(claimed)
    return origin is not None and (origin == own_origin(scope) or origin in allowed)


def allowed_origins(texts: Iterable[str]) -> frozenset[Origin]:
    """The configured origins, parsed; a malformed one is a ``ValueError``."""
    parsed = set()
    for text in texts:
        origin = parse_origin(text)
        if origin is None:
            raise ValueError(f"not an origin (scheme://host[:port]): {text!r}")
        parsed.add(origin)
    return frozenset(parsed)


def error_body(code: str, message: str) -> bytes:
    return json.dumps({"error": {"code": code, "message": message}}).encode()


class Guard:
    """ASGI middleware: refuse foreign origins and large bodies (module docstring)."""

    def __init__(self, app: Any, allow_origins: Iterable[str] = (), max_body: int = 0) -> None:
        self.app = app
        self.allowed = allowed_origins(allow_origins)
        self.max_body = max_body

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        kind = scope["type"]
        if kind == "websocket" and not from_allowed_origin(scope, self.allowed):
            await receive()  # websocket.connect
            await send({"type": "websocket.close", "code": 1008, "reason": "foreign origin"})
            return
        if kind != "http":
            await self.app(scope, receive, send)
            return
        if scope["method"] not in SAFE_METHODS and not from_allowed_origin(scope, self.allowed):
            await respond(
                send, 403, "forbidden_origin", "requests from pages of another site are refused"
            )
            return
        if self.max_body:
            await self._limited(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _limited(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        limit = self.max_body
        too_large = f"a request body may have at most {limit} bytes"
        length = header(scope, b"content-length")
        if length is not None and (not length.strip().isdigit() or len(length) > 18):
            await respond(send, 400, "bad_request", "a malformed Content-Length")
            return
        if length is not None and int(length) > limit:
            await respond(send, 413, "too_large", too_large)
            return
        received = 0
        refused = False

        async def limited_receive() -> dict[str, Any]:
            nonlocal received, refused
            message: dict[str, Any] = await receive()
            if message["type"] == "http.request" and not refused:
                received += len(message.get("body", b""))
                if received > limit:
                    refused = True
                    await respond(send, 413, "too_large", too_large)
                    return {"type": "http.disconnect"}
            return message

        async def guarded_send(message: dict[str, Any]) -> None:
            if not refused:
                await send(message)

        try:
            await self.app(scope, limited_receive, guarded_send)
        except Exception:
            if not refused:
                raise  # the app's own failure: the usual handling
            # else: the app saw the body end early; the client has its 413


async def respond(send: Any, status: int, code: str, message: str) -> None:
    body = error_body(code, message)
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class DeadlineHttpProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol; a request must arrive whole within ``REQUEST_SECONDS``.

    The clock starts when the connection is made and at the first byte of
    each further request on it, and stops once the request is read (or the
    connection becomes a WebSocket).  A request late past it closes the
    connection, so a client sending headers or a body a byte at a time
    cannot hold a connection open (uvicorn's own ``timeout_keep_alive``
    covers only the idle time between requests).
    """

    request_seconds = REQUEST_SECONDS
    arrival: TimerHandle | None = None

    def connection_made(self, transport: Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm()

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        self._disarm()
        super().handle_websocket_upgrade()

    def _arm(self) -> None:
        if self.arrival is None:
            self.arrival = self.loop.call_later(self.request_seconds, self._late)

    def _disarm(self) -> None:
        if self.arrival is not None:
            self.arrival.cancel()
            self.arrival = None

    def _late(self) -> None:
        self.arrival = None
        if not self.transport.is_closing():
            self.transport.close()
