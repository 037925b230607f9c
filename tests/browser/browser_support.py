"""What the browser tests share: a page that records its WebSocket frames, clicking,
and the checks that no seat ever receives or shows another seat's hand."""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, WebSocket
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import bodoge
from bodoge.server.api import table_out
from bodoge.server.db import Store
from bodoge.server.rebuilding import record_of
from patience import PATIENCE, PATIENCE_MS

CHROMIUM = os.environ.get("BODOGE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
BOT_PAUSE = "0.05"
STARTUP_SECONDS = PATIENCE


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """One ``bodoge serve`` process; it can be stopped and started again on the same DB."""

    def __init__(
        self,
        database: Path,
        log: Path,
        port: int | None = None,
        bot_pause: str = BOT_PAUSE,
        workers: int = 1,
    ) -> None:
        self.database = database
        self.workers = workers
        self.log_path = log
        self.bot_pause = bot_pause
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.watch_keys: dict[str, str] = {}
        """Table id → watch key of the tables :meth:`new_table` made (``watch: "link"``)."""

    def start(self) -> None:
        assert self.process is None, "already running"
        command = [
            sys.executable,
            "-m",
            "bodoge.cli",
            "serve",
            "--port",
            str(self.port),
            "--database",
            f"sqlite:///{self.database}",
            "--bot-pause",
            self.bot_pause,
            "--tables-per-minute",  # one browser opens table after table
            "0",
            "--workers",
            str(self.workers),
        ]
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                command, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
            )
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self.process = None
                pytest.fail(f"bodoge serve exited at start:\n{self.log()}")
            try:
                with urllib.request.urlopen(self.base + "/api/games", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.1)
        self.stop()
        pytest.fail(f"bodoge serve did not answer within {STARTUP_SECONDS} s:\n{self.log()}")

    def stop(self) -> None:
        process, self.process = self.process, None
        if process is None:
            return
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def api(
        self, method: str, path: str, body: object | None = None, host: str | None = None
    ) -> Any:
        """A JSON API call; ``host``: the table's host secret (``X-Bodoge-Host``).  A GET of
        a table :meth:`new_table` made carries its watch key, as a stranger given it would."""
        if method == "GET":
            path = self.watching(path)
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"}
        if host is not None:
            headers["X-Bodoge-Host"] = host
        request = urllib.request.Request(
            self.base + path, data=data, method=method, headers=headers
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.loads(answer.read())

    def new_table(
        self,
        seats: list[str],
        options: dict[str, Any] | None = None,
        game: str = "egyptian-bride",
        **extra: Any,
    ) -> Any:
        """A table through the JSON API: ``seats`` like ``["person", "bot:random"]``."""
        specs = [
            {"kind": "bot", "bot": s.removeprefix("bot:")} if s.startswith("bot") else {"kind": s}
            for s in seats
        ]
        body = {"game": game, "options": options or {}, "seats": specs, **extra}
        body.setdefault("watch", "link")  # the tests' spectators are given the watch link
        created = self.api("POST", "/api/tables", body)
        if created.get("watch_link"):
            self.watch_keys[created["table"]["id"]] = created["watch_link"].split("watch=", 1)[1]
        return created

    def watching(self, path: str) -> str:
        """``path`` (``/t/{id}...`` or ``/api/tables/{id}...``) with the table's watch key,
        if :meth:`new_table` made it."""
        match = re.match(r"/(?:t|api/tables)/([A-Za-z0-9_-]+)", path)
        key = self.watch_keys.get(match.group(1)) if match else None
        if key is None:
            return path
        return f"{path}{'&' if '?' in path else '?'}watch={key}"

    def url(self, path: str) -> str:
        """The address a stranger given the watch link opens for ``path``."""
        return self.base + self.watching(path)

    @contextlib.contextmanager
    def store(self) -> Iterator[Store]:
        """The server's database, read directly (for checks only)."""
        store = Store(f"sqlite:///{self.database}")
        try:
            yield store
        finally:
            store.engine.dispose()

    def stored_count(self) -> int:
        """How many tables the database holds, private ones included (the API lists open
        tables only)."""
        every = ("waiting", "playing", "over", "cancelled", "abandoned")
        with self.store() as store:
            return len(store.tables(every, limit=100_000))

    def stored_table(self, table_id: str) -> dict[str, Any]:
        """What the API says of a table, read from the database (for tables the lobby's
        form made: the test holds none of their keys)."""
        with self.store() as store:
            info = store.table(table_id)
        assert info is not None, f"no table {table_id}"
        return table_out(info).model_dump(mode="json")

    def record_so_far(self, table_id: str) -> dict[str, Any]:
        """The table's record from the server's database, also mid-game (for checks only)."""
        with self.store() as store:
            info = store.table(table_id)
            assert info is not None, f"no table {table_id}"
            rows = store.actions(table_id)
        return record_of(info, rows)


def check_server_log(server: Server) -> None:
    """No request may have failed inside the server."""
    text = server.log()
    assert "Traceback" not in text, f"the server logged an error:\n{text}"


PUBLIC_PLAYER_KEYS = {"seat", "hand_count", "known_hand", "placed", "turns", "take_limit"}
MESSAGE_KEYS = {
    "type",
    "table",
    "status",
    "version",
    "seat",
    "answered",
    "view",
    "legal",
    "log",
    "sent_at",
    "room",
}
ROOM_KEYS = {"seats", "clock", "listed", "next"}
ROOM_SEAT_KEYS = {"seat", "name", "kind", "by_bot", "filled", "muted", "away", "clock"}
CLOCK_KEYS = {"left", "deadline", "ticking"}
CHAT_LINE_KEYS = {"n", "seat", "name", "text", "at", "version"}
STEP_TIMEOUT_MS = PATIENCE_MS
"""How long a page may take to show a step (generous: CI machines are shared)."""

DOM_PROBE = """() => {
  const game = document.getElementById("game");
  const hands = [...document.querySelectorAll("[data-testid=hand]")].map((zone) => ({
    seat: zone.dataset.seat,
    cards: [...zone.querySelectorAll(".card[data-number]")].map((card) => [
      Number(card.dataset.number),
      Number(card.dataset.count),
    ]),
  }));
  const counts = {};
  document.querySelectorAll("[data-testid^=hand-count-]").forEach((el) => {
    counts[el.dataset.testid.slice("hand-count-".length)] = el.textContent;
  });
  return {
    version: game ? game.dataset.version : null,
    status: game ? game.dataset.status : null,
    hands: hands,
    handCards: document.querySelectorAll(".in-hand").length,
    counts: counts,
    scrollWidth: document.scrollingElement.scrollWidth,
    innerWidth: window.innerWidth,
  };
}"""


@dataclass
class Watcher:
    """A page at a table, as one seat (``None``: a spectator), recording what it receives."""

    page: Page
    seat: int | None
    frames: list[dict[str, Any]] = field(default_factory=list)
    sent: list[str] = field(default_factory=list)
    """The type of each frame the page sent."""
    checked: int = 0
    sockets: int = 0
    closed: int = 0
    clicks: int = 0

    def __post_init__(self) -> None:
        self.page.on("websocket", self._socket)

    def _socket(self, socket: WebSocket) -> None:
        self.sockets += 1
        socket.on("framereceived", self._frame)
        socket.on("framesent", self._sent)
        socket.on("close", self._closed)

    def _sent(self, payload: str | bytes) -> None:
        text = payload.decode() if isinstance(payload, bytes) else payload
        self.sent.append(str(json.loads(text).get("type")))

    def _closed(self, _socket: WebSocket) -> None:
        self.closed += 1

    def _frame(self, payload: str | bytes) -> None:
        text = payload.decode() if isinstance(payload, bytes) else payload
        self.frames.append(json.loads(text))

    @property
    def states(self) -> list[dict[str, Any]]:
        return [f for f in self.frames if f.get("type") == "state"]

    def latest(self) -> dict[str, Any] | None:
        states = self.states
        return states[-1] if states else None

    def state_at(self, version: int) -> dict[str, Any] | None:
        for frame in reversed(self.states):
            if frame["version"] == version:
                return frame
        return None

    def version(self) -> int:
        return int(self.page.locator("#game").get_attribute("data-version") or "-1")

    def wait_new_frame(self, after: int, timeout: float = PATIENCE) -> dict[str, Any]:
        """The first state frame received after the first ``after`` ones."""
        deadline = time.monotonic() + timeout
        while len(self.states) <= after:
            if time.monotonic() > deadline:
                raise AssertionError(f"seat {self.seat}: no new frame")
            self.page.wait_for_timeout(20)
        return self.states[after]

    # ------------------------------------------------------------- acting

    def actables(self) -> int:
        return self.page.locator("#game [data-act]:enabled:visible").count()

    def click_any(self, rng: random.Random) -> bool:
        """Click an enabled clickable (card, deck, chip or button); wait for the result."""
        choices = self.page.locator("#game [data-act]:enabled:visible")
        count = choices.count()
        if not count:
            return False
        before = self.version()
        received, sent = len(self.frames), len(self.sent)
        choices.nth(rng.randrange(count)).click()
        try:
            self.page.wait_for_function(  # the page waits for its own action, not any move
                f"(document.getElementById('game').dataset.version !== '{before}'"
                " && !document.getElementById('game').classList.contains('pending'))"
                " || document.getElementById('error').textContent !== ''",
                timeout=STEP_TIMEOUT_MS,
            )
        except PlaywrightTimeout:
            raise AssertionError(self._unanswered(before, received, sent)) from None
        error = self.page.locator("#error").text_content()
        assert not error, f"seat {self.seat}: the click was refused: {error}"
        return True

    def _unanswered(self, before: int, received: int, sent: int) -> str:
        """What the page and its sockets did since a click that was never answered."""
        pending = self.page.evaluate("document.getElementById('game').className")
        frames = [
            (f.get("type"), f.get("version"), f.get("code"), f.get("answered"))
            for f in self.frames[received:]
        ]
        return (
            f"seat {self.seat}: a click on version {before} was never answered; the page shows"
            f" version {self.version()} (#game class {pending!r}); since the click it sent"
            f" {self.sent[sent:]} and received (type, version, code, answered) {frames};"
            f" sockets opened {self.sockets}, closed {self.closed}"
        )

    def is_over(self) -> bool:
        return self.page.locator("#game [data-testid=settlement]").count() > 0

    def dom_hand(self) -> list[int] | None:
        """The hand this page shows, as counts per number (``None``: no hand shown)."""
        probe = self.page.evaluate(DOM_PROBE)
        if not probe["hands"]:
            return None
        (zone,) = probe["hands"]
        frame = self.latest()
        assert frame is not None
        numbers = frame["view"]["numbers"]
        shown = dict(zone["cards"])
        return [shown.get(n, 0) for n in numbers]

    # ------------------------------------------------------------- checks

    def check(self, max_width: int | None = None) -> None:
        """The page's DOM and every new frame show this seat's own hand only."""
        self.check_frames()
        self.check_dom(max_width)

    def check_frames(self) -> None:
        for frame in self.frames[self.checked :]:
            if frame.get("type") == "state":
                check_frame(frame, self.seat)
            elif frame.get("type") == "chat":
                check_chat(frame)
            else:
                assert frame.get("type") == "pong", f"seat {self.seat} got {frame}"
        self.checked = len(self.frames)

    def settled_probe(self, timeout: float = PATIENCE) -> tuple[dict[str, Any], dict[str, Any]]:
        """The DOM and the frame it was rendered from.

        Right after a page load the DOM is the server-rendered page, whose version
        may have no frame at all if the table moved on before the socket opened.
        """
        deadline = time.monotonic() + timeout
        while True:
            probe = self.page.evaluate(DOM_PROBE)
            frame = self.state_at(int(probe["version"]))
            if frame is not None:
                return probe, frame
            if time.monotonic() > deadline:
                raise AssertionError(f"seat {self.seat}: no frame of version {probe['version']}")
            self.page.wait_for_timeout(20)

    def check_dom(self, max_width: int | None = None) -> None:
        probe, frame = self.settled_probe()
        seat = self.seat
        if seat is None:
            assert probe["hands"] == [], "a spectator's page shows a hand"
            assert probe["handCards"] == 0
        elif probe["status"] != "waiting":
            assert len(probe["hands"]) == 1, f"seat {seat}: {len(probe['hands'])} hands shown"
            (zone,) = probe["hands"]
            assert zone["seat"] == str(seat), f"seat {seat}'s page shows seat {zone['seat']}'s hand"
            assert probe["handCards"] == len(zone["cards"]), "hand cards outside the own hand"
        view = frame["view"]
        if seat is not None and probe["hands"]:
            shown = dict(probe["hands"][0]["cards"])
            assert [shown.get(n, 0) for n in view["numbers"]] == view["hand"]
        for player in view["players"]:
            text = probe["counts"].get(str(player["seat"]))
            if text is not None:
                assert re.findall(r"\d+", text) == [str(player["hand_count"])], text
        if max_width is not None:
            assert probe["scrollWidth"] <= max_width + 1, (
                f"the page is {probe['scrollWidth']} px wide at a {max_width} px screen"
            )


SAME_AS_FRAME = """(html) => {
  // The game area as the page shows it against the html of the frame it came from;
  // what the client itself changes (open panels, buttons disabled while sending) aside.
  const plain = (root) => {
    root.querySelectorAll("details").forEach((d) => d.removeAttribute("open"));
    root.querySelectorAll("[data-act]").forEach((e) => e.removeAttribute("disabled"));
    return root.innerHTML;
  };
  const shown = document.getElementById("game").cloneNode(true);
  const sent = document.createElement("div");
  sent.innerHTML = html;
  return plain(shown) === plain(sent);
}"""


def check_dom_is_its_frame(watcher: Watcher, timeout: float = PATIENCE) -> None:
    """The page shows exactly the html of a state frame it received for its own seat.

    Any game: with the frames checked against the engine's ``view(seat)``
    (:func:`check_against_record`) and the html proven to depend on that view
    alone (``test_browser_views``), nothing hidden can reach the page.
    """
    deadline = time.monotonic() + timeout
    while True:
        version = watcher.version()
        frame = watcher.state_at(version)
        if frame is not None and watcher.page.evaluate(SAME_AS_FRAME, frame["html"]):
            break
        if time.monotonic() > deadline:  # a page load may briefly show a frame-less version
            raise AssertionError(f"seat {watcher.seat}: the page is not the frame of {version}")
        watcher.page.wait_for_timeout(20)
    assert frame["seat"] == watcher.seat and frame["view"]["seat"] == watcher.seat


def iter_keys(value: object, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """Every key path in a JSON value (list positions are left out of the path)."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield (*path, key)
            yield from iter_keys(inner, (*path, key))
    elif isinstance(value, list):
        for inner in value:
            yield from iter_keys(inner, path)


def check_frame(frame: dict[str, Any], seat: int | None) -> None:
    """One state message as ``seat`` received it: nothing of another seat's hand."""
    assert set(frame) - {"html"} == MESSAGE_KEYS, sorted(frame)
    assert frame["seat"] == seat
    view = frame["view"]
    check_room(frame["room"], view["to_act"], frame["status"] == "playing")
    assert view["seat"] == seat
    hand_paths = [
        p for p in iter_keys({k: v for k, v in frame.items() if k != "html"}) if p[-1] == "hand"
    ]
    assert hand_paths == [("view", "hand")], f"hand keys in a frame: {hand_paths}"
    for player in view["players"]:
        assert set(player) == PUBLIC_PLAYER_KEYS, sorted(player)
        assert isinstance(player["hand_count"], int)
    if seat is None:
        assert view["hand"] is None, "a spectator was sent a hand"
        assert frame["legal"] == []
    else:
        hand = view["hand"]
        assert isinstance(hand, list) and len(hand) == len(view["numbers"])
        assert sum(hand) == view["players"][seat]["hand_count"]
        known = view["players"][seat]["known_hand"]
        assert all(k <= h for k, h in zip(known, hand, strict=True))
        if seat not in view["to_act"]:
            assert frame["legal"] == []
    for entry in frame["log"]:
        if entry["seat"] != seat:
            assert "card" not in entry["facts"], f"seat {seat} saw another seat's card: {entry}"
    html = frame.get("html", "")
    zones = re.findall(r'data-testid="hand" data-seat="([^"]*)"', html)
    assert html.count('data-testid="hand"') == len(zones)
    if seat is None:
        assert zones == []
    else:
        assert zones in ([], [str(seat)]), f"seat {seat}'s html shows hands {zones}"


def check_room(room: dict[str, Any], to_act: list[int], playing: bool) -> None:
    """The facts beside the game: names, who plays, clocks; nothing from any seat's view.

    Only seats in ``to_act`` (public in every view) have a ticking clock.
    """
    assert set(room) == ROOM_KEYS, sorted(room)
    for seat in room["seats"]:
        assert set(seat) == ROOM_SEAT_KEYS, sorted(seat)
        clock = seat["clock"]
        if clock is not None:
            assert set(clock) == CLOCK_KEYS, sorted(clock)
            assert clock["ticking"] == (playing and seat["seat"] in to_act)
            assert (clock["deadline"] is not None) == clock["ticking"]


def check_chat(frame: dict[str, Any]) -> None:
    """A chat message carries chat lines and nothing else."""
    assert set(frame) == {"type", "lines"}, sorted(frame)
    for line in frame["lines"]:
        assert set(line) == CHAT_LINE_KEYS, sorted(line)
        assert isinstance(line["text"], str) and len(line["text"]) <= 300


def check_against_record(record: dict[str, Any], watchers: list[Watcher]) -> None:
    """Every frame equals what the engine lets that seat see at that version, exactly."""
    game = bodoge.get_game(record["game"])
    state = game.new_game(record["num_players"], seed=record["seed"], options=record["options"])
    seats: list[int | None] = [None, *range(record["num_players"])]
    views = {}
    legal = {}
    answered = {}  # the version just after each seat's latest action
    for version in range(len(record["actions"]) + 1):
        for seat in seats:
            views[version, seat] = json.loads(json.dumps(state.view(seat)))
            mine = [e.index + 1 for e in state.events if e.seat == seat]
            answered[version, seat] = mine[-1] if mine else 0
            if seat is not None:
                legal[version, seat] = [a.to_json() for a in state.legal_actions(seat)]
        if version < len(record["actions"]):
            actor, wire = record["actions"][version]
            state.apply(actor, game.parse_action(wire))
    facts = {
        (event.index, seat): event.for_seat(seat)["facts"]
        for event in state.events
        for seat in seats
    }
    for watcher in watchers:
        for frame in watcher.states:
            version, seat = frame["version"], watcher.seat
            if frame["status"] == "waiting":
                continue
            assert frame["view"] == views[version, seat], f"seat {seat}, version {version}"
            if seat is not None:
                assert [item["action"] for item in frame["legal"]] == legal[version, seat]
            assert frame["answered"] == answered[version, seat], f"seat {seat}, version {version}"
            for entry in frame["log"]:
                assert entry["facts"] == facts[entry["index"], seat]


def new_table_form(page: Page, game_id: str) -> Locator:
    """The lobby's form for a new table of ``game_id``, its game card opened as a person would."""
    card = page.locator(f"details.game-card[data-game='{game_id}']")
    if card.get_attribute("open") is None:
        card.locator("summary").click()
    form = page.locator(f"[data-testid=new-table-{game_id}]")
    form.wait_for(state="visible")
    return form


def join(watcher: Watcher, server: Server, invite_path: str, name: str) -> None:
    """Take a seat through its invitation, as a person would.

    Returns once the page shows a frame from the socket: until then the
    server-rendered game may be replaced under a test's feet.
    """
    watcher.page.goto(server.base + invite_path)
    watcher.page.fill("input[name=name]", name)
    watcher.page.click("[data-testid=join-form] button[type=submit]")
    watcher.page.wait_for_selector("#game .game-root")
    check_dom_is_its_frame(watcher)


def play(
    people: list[Watcher],
    rng: random.Random,
    clicks: int | None = None,
    also_check: tuple[Watcher, ...] = (),
    max_width: dict[int | None, int] | None = None,
    deadline: float = PATIENCE,
) -> int:
    """The people click in turn (bots play by themselves), checking every page after each step.

    With ``clicks``, stop once that many were made and a person is to act (so the
    table stands still); else play to the end.  Returns the number of clicks.
    """
    done = 0
    give_up = time.monotonic() + deadline
    watchers = [*people, *also_check]
    while not people[0].is_over():
        assert time.monotonic() < give_up, "the game did not move on"
        mover = next((w for w in people if w.actables()), None)
        if mover is None:
            people[0].page.wait_for_timeout(30)  # a bot's turn
            continue
        if clicks is not None and done >= clicks:
            break
        assert mover.page.locator("[data-testid=turn]").get_attribute("data-mine") == "true"
        mover.click_any(rng)
        done += 1
        for watcher in watchers:
            watcher.check((max_width or {}).get(watcher.seat))
    return done
