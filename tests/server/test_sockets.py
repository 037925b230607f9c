"""Live play over WebSocket: authority, typed refusals that change nothing, secrecy."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

import bodoge
from bodoge.engine import State
from bodoge.server.config import MAX_MESSAGE

from .serverkit import (
    BRIDE,
    SEALED,
    Table,
    act,
    assert_quiet,
    bid,
    create,
    join_seat,
    live_version,
    receive,
    receive_error,
    receive_state,
    socket,
    stored,
    wait_status,
)


class Seats:
    """Open sockets at one table: one per joined seat and one spectator."""

    def __init__(self, client: TestClient, table: Table, stack: ExitStack) -> None:
        self.client = client
        self.table = table
        self.ws = {
            seat: stack.enter_context(socket(client, table.id, token))
            for seat, token in sorted(table.tokens.items())
        }
        self.spectator = stack.enter_context(socket(client, table.id))
        self.last: dict[int | None, dict[str, Any]] = {}
        for seat, ws in self.all():
            self.last[seat] = receive_state(ws)

    def all(self) -> Iterator[tuple[int | None, WebSocketTestSession]]:
        yield from self.ws.items()
        yield None, self.spectator

    def everyone_receives(self) -> None:
        """Each connection receives exactly one new state (after an accepted action)."""
        for seat, ws in self.all():
            frame = receive_state(ws)
            assert frame["version"] == self.last[seat]["version"] + 1
            assert frame["seat"] == seat
            self.last[seat] = frame

    def assert_unchanged(self, version: int, actions: int) -> None:
        assert live_version(self.client, self.table.id) == version
        assert len(stored(self.client, self.table.id)) == actions
        for _, ws in self.all():
            assert_quiet(ws)


@pytest.fixture
def stack() -> Iterator[ExitStack]:
    with ExitStack() as exit_stack:
        yield exit_stack


@pytest.fixture
def sealed(client: TestClient, stack: ExitStack) -> Seats:
    """A two-person toy-sealed-bids table, both seats joined, everybody connected."""
    return Seats(client, create(client, game=SEALED, options={"rounds": 2}), stack)


# -------------------------------------------------------------- first frames


def test_first_frame_is_the_seats_own_view_and_legal_actions(sealed: Seats) -> None:
    for seat, frame in sealed.last.items():
        assert frame["status"] == "playing"
        assert frame["version"] == 0
        assert frame["seat"] == seat
        assert frame["view"]["seat"] == seat
        assert frame["view"]["to_act"] == [0, 1]
        if seat is None:
            assert frame["view"]["hand"] is None
            assert frame["legal"] == []
        else:
            assert frame["view"]["hand"] == [1, 2, 3, 4, 5]
            assert [item["action"] for item in frame["legal"]] == [bid(n) for n in range(1, 6)]
            assert frame["legal"][0]["label"] == "Bid 1"


def test_labels_follow_the_connection_language(client: TestClient) -> None:
    table = create(client)
    with socket(client, table.id, table.tokens[0], lang="ja") as ws:
        assert receive_state(ws)["legal"][0]["label"] == "1を入札する"


def test_html_is_sent_only_when_asked_for(client: TestClient) -> None:
    table = create(client)
    with socket(client, table.id, table.tokens[0], html="1") as ws:
        frame = receive_state(ws)
        assert isinstance(frame["html"], str) and frame["html"]
    with socket(client, table.id, table.tokens[0]) as ws:
        assert "html" not in receive_state(ws)


def test_unknown_table_gets_an_error_then_a_close(client: TestClient) -> None:
    with socket(client, "nope") as ws:
        receive_error(ws, "table_not_found")
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == 4404


def test_ping_pong(sealed: Seats) -> None:
    sealed.ws[0].send_json({"type": "ping"})
    assert receive(sealed.ws[0]) == {"type": "pong"}


# ------------------------------------------------------- accepted actions


def test_every_connection_receives_its_new_view_after_an_action(
    sealed: Seats, monkeypatch: pytest.MonkeyPatch
) -> None:
    hub = sealed.client.app.state.hub  # type: ignore[attr-defined]
    publish = hub.publish
    published: list[tuple[int, int]] = []

    def checked_publish(live: Any) -> None:  # committed before it is broadcast
        published.append((live.state.version, len(stored(sealed.client, live.info.id))))
        publish(live)

    monkeypatch.setattr(hub, "publish", checked_publish)
    act(sealed.ws[0], 0, bid(3))
    sealed.everyone_receives()
    assert sealed.last[0]["view"]["bid"] == 3
    assert sealed.last[0]["view"]["hand"] == [1, 2, 4, 5]
    assert sealed.last[0]["legal"] == []
    assert sealed.last[1]["view"]["hand"] == [1, 2, 3, 4, 5]
    assert sealed.last[1]["view"]["bid"] is None
    assert [p["committed"] for p in sealed.last[1]["view"]["players"]] == [True, False]
    assert stored(sealed.client, sealed.table.id) == [(0, 0, bid(3))]
    assert published == [(1, 1)]


@pytest.mark.parametrize("first", [0, 1])
def test_simultaneous_commits_are_accepted_in_either_order_and_stay_secret(
    sealed: Seats, first: int
) -> None:
    second = 1 - first
    amounts = {first: 4, second: 2}
    act(sealed.ws[first], 0, bid(amounts[first]))
    sealed.everyone_receives()
    for seat in (second, None):
        frame = sealed.last[seat]
        assert frame["view"]["players"][first] == {
            "seat": first,
            "committed": True,
            "revealed": [],
            "unrevealed": 5,
            "won": [],
        }
        assert frame["log"] == [
            {"index": 0, "seat": first, "action": None, "label": None, "facts": {}}
        ]
    # Each seat learns whether its own action was taken, nobody else's.
    assert [sealed.last[s]["answered"] for s in (first, second, None)] == [1, 0, 0]
    # The second seat saw version 0 and commits on it: concurrent, not stale.
    act(sealed.ws[second], 0, bid(amounts[second]))
    sealed.everyone_receives()
    assert [sealed.last[s]["answered"] for s in (first, second, None)] == [1, 2, 0]
    for seat in (0, 1, None):
        reveal = sealed.last[seat]["log"][-1]["facts"]
        assert reveal["bids"] == [amounts[0], amounts[1]]
        assert reveal["winner"] == first
    assert [row[1] for row in stored(sealed.client, sealed.table.id)] == [first, second]


def test_a_bot_and_a_person_commit_concurrently(client: TestClient) -> None:
    table = create(client, game=SEALED, seats=["person", "random"], options={"rounds": 1})
    with socket(client, table.id, table.tokens[0]) as ws:
        frame = receive_state(ws)
        while frame["version"] == 0 and 1 in frame["view"]["to_act"]:
            frame = receive_state(ws)  # the bot commits (bot_pause=0)
        act(ws, 0, bid(5))  # made on version 0, after the bot's commitment
        final = receive_state(ws)
        assert final["status"] == "over"
        assert final["view"]["is_over"]


# -------------------------------------------------------- refused messages


def test_malformed_json(sealed: Seats) -> None:
    for bad in ("{nope", "", "[" * 2000 + "]" * 2000):
        sealed.ws[0].send_text(bad)
        receive_error(sealed.ws[0], "malformed_json")
    sealed.ws[0].send_bytes(b"\xff\xfe\x00")
    receive_error(sealed.ws[0], "malformed_json")
    sealed.assert_unchanged(0, 0)


@pytest.mark.parametrize(
    "message",
    [
        [],
        "act",
        {},
        {"type": "fly"},
        {"type": "act", "version": 0},
        {"type": "act", "action": bid(1)},
        {"type": "act", "version": "0", "action": bid(1)},
        {"type": "act", "version": True, "action": bid(1)},
        {"type": "act", "version": 0.0, "action": bid(1)},
        {"type": "act", "version": 0, "action": bid(1), "seat": 1},
        {"type": "act", "version": 0, "action": bid(1), "token": "x"},
        {"type": "ping", "extra": 1},
    ],
)
def test_malformed_messages(sealed: Seats, message: object) -> None:
    sealed.ws[0].send_text(json.dumps(message))
    receive_error(sealed.ws[0], "malformed")
    sealed.assert_unchanged(0, 0)


def test_too_large(sealed: Seats) -> None:
    padded = {"type": "act", "version": 0, "action": bid(1) | {"pad": "x" * MAX_MESSAGE}}
    sealed.ws[0].send_text(json.dumps(padded))
    receive_error(sealed.ws[0], "too_large")
    sealed.ws[0].send_bytes(b" " * (MAX_MESSAGE + 1))
    receive_error(sealed.ws[0], "too_large")
    sealed.assert_unchanged(0, 0)


@pytest.mark.parametrize(
    "action",
    [
        {"type": "pass"},
        {"type": "bid", "amount": "3"},
        {"type": "bid", "amount": 3, "twice": True},
        {"type": "bid"},
        "bid 3",
        None,
    ],
)
def test_malformed_action(sealed: Seats, action: object) -> None:
    act(sealed.ws[0], 0, action)
    receive_error(sealed.ws[0], "malformed_action")
    sealed.assert_unchanged(0, 0)


def test_illegal_action(sealed: Seats) -> None:
    act(sealed.ws[0], 0, bid(9))
    receive_error(sealed.ws[0], "illegal_action")
    act(sealed.ws[0], 0, bid(2))
    sealed.everyone_receives()
    act(sealed.ws[1], 1, bid(4))
    sealed.everyone_receives()  # the reveal: round 2
    act(sealed.ws[0], 2, bid(2))  # already spent
    error = receive_error(sealed.ws[0], "illegal_action")
    assert "2" in error["message"]
    sealed.assert_unchanged(2, 2)


def test_spectators_cannot_act(sealed: Seats) -> None:
    act(sealed.spectator, 0, bid(1))
    receive_error(sealed.spectator, "wrong_seat")
    sealed.assert_unchanged(0, 0)


def test_a_seat_cannot_act_out_of_turn(sealed: Seats) -> None:
    act(sealed.ws[0], 0, bid(1))
    sealed.everyone_receives()
    act(sealed.ws[0], 1, bid(2))  # seat 0 already committed; only seat 1 is awaited
    receive_error(sealed.ws[0], "wrong_seat")
    sealed.assert_unchanged(1, 1)


def test_a_token_of_another_table_is_a_spectator(client: TestClient, sealed: Seats) -> None:
    other = create(client)
    with socket(client, sealed.table.id, other.tokens[0]) as intruder:
        frame = receive_state(intruder)
        assert frame["seat"] is None and frame["view"]["hand"] is None
        act(intruder, 0, bid(1))
        receive_error(intruder, "wrong_seat")
    with socket(client, sealed.table.id, "forged-token") as forger:
        assert receive_state(forger)["seat"] is None
    sealed.assert_unchanged(0, 0)


def test_stale_version(client: TestClient, stack: ExitStack) -> None:
    seats = Seats(client, create(client, game=BRIDE, seats=["person"] * 3), stack)
    first = seats.last[0]["legal"][0]["action"]
    act(seats.ws[0], 0, first)
    seats.everyone_receives()
    mover = seats.last[0]["view"]["to_act"][0]
    move = seats.last[mover]["legal"][0]["action"]
    for version in (0, 2, 99, -1):
        act(seats.ws[mover], version, move)
        receive_error(seats.ws[mover], "stale_version")
    seats.assert_unchanged(1, 1)
    act(seats.ws[mover], 1, move)
    seats.everyone_receives()


def test_stale_version_after_a_simultaneous_round_closed(sealed: Seats) -> None:
    act(sealed.ws[0], 0, bid(1))
    sealed.everyone_receives()
    act(sealed.ws[1], 0, bid(2))
    sealed.everyone_receives()  # round 2 begins at version 2
    act(sealed.ws[0], 1, bid(3))
    receive_error(sealed.ws[0], "stale_version")
    act(sealed.ws[1], 0, bid(3))
    receive_error(sealed.ws[1], "stale_version")
    sealed.assert_unchanged(2, 2)


def test_a_seat_filled_behind_the_hubs_back_is_still_recognised(client: TestClient) -> None:
    """Another worker may fill a seat that this worker's copy of the table shows empty."""
    table = create(client, join=False)
    with socket(client, table.id) as watcher:  # the table is now live here, both seats empty
        receive_state(watcher)
        store = client.app.state.store  # type: ignore[attr-defined]
        claimed = store.claim_seat(table.id, table.invites[1], "Elsewhere")  # not via this hub
        assert claimed is not None
        with socket(client, table.id, claimed[1]) as ws:
            assert receive_state(ws)["seat"] == 1
        with socket(client, table.id, "not-a-token") as ws:
            assert receive_state(ws)["seat"] is None


def test_not_started_while_the_table_waits(client: TestClient) -> None:
    table = create(client, join=False)
    join_seat(client, table, 0)
    with socket(client, table.id, table.tokens[0]) as ws:
        frame = receive_state(ws)
        assert frame["status"] == "waiting"
        assert frame["legal"] == []
        act(ws, 0, bid(1))
        receive_error(ws, "not_started")
        assert_quiet(ws)
        assert stored(client, table.id) == []
        join_seat(client, table, 1)
        started = receive_state(ws)  # the seat change is pushed
        assert started["status"] == "playing"
        assert len(started["legal"]) == 5
        act(ws, 0, bid(1))
        assert receive_state(ws)["version"] == 1


def test_game_over(sealed: Seats) -> None:
    for version, (seat, amount) in enumerate([(0, 5), (1, 4), (0, 1), (1, 2)]):
        act(sealed.ws[seat], version, bid(amount))
        sealed.everyone_receives()
    assert all(frame["status"] == "over" for frame in sealed.last.values())
    act(sealed.ws[0], 4, bid(2))
    receive_error(sealed.ws[0], "game_over")
    sealed.assert_unchanged(4, 4)


def test_database_failure_is_unavailable_and_changes_nothing(
    sealed: Seats, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = sealed.client.app.state.store  # type: ignore[attr-defined]

    def broken(batch: object) -> list[bool]:
        raise OSError("disk on fire")

    monkeypatch.setattr(store, "append", broken)
    act(sealed.ws[0], 0, bid(3))
    receive_error(sealed.ws[0], "unavailable")
    monkeypatch.undo()
    sealed.assert_unchanged(0, 0)
    act(sealed.ws[0], 0, bid(3))
    sealed.everyone_receives()


# ---------------------------------------------------------- reconnecting


def test_reconnecting_restores_the_seats_view(client: TestClient) -> None:
    table = create(client)
    with socket(client, table.id, table.tokens[1]) as ws:
        receive_state(ws)
        act(ws, 0, bid(4))
        before = receive_state(ws)
    with socket(client, table.id, table.tokens[1]) as ws:
        after = receive_state(ws)
    assert after["version"] == before["version"] == 1
    assert after["view"] == before["view"]
    assert after["legal"] == before["legal"] == []
    assert after["view"]["bid"] == 4


def test_the_log_carries_only_what_the_connection_has_not_been_sent(client: TestClient) -> None:
    table = create(client)
    with socket(client, table.id, table.tokens[1]) as ws:
        assert receive_state(ws)["log"] == []
        act(ws, 0, bid(4))
        assert [entry["index"] for entry in receive_state(ws)["log"]] == [0]
    with socket(client, table.id, table.tokens[1]) as ws:  # a new connection: the recent past
        assert [entry["index"] for entry in receive_state(ws)["log"]] == [0]


def test_a_new_connection_gets_the_last_thirty_events(client: TestClient) -> None:
    # A fixed seed: about one game in twelve between random bots is over within 30 steps.
    table = create(client, game=BRIDE, seats=["random"] * 3, seed=1)
    wait_status(client, table.id, "over")
    with socket(client, table.id, None) as ws:
        frame = receive_state(ws)
    version = frame["version"]
    assert version > 30
    assert [entry["index"] for entry in frame["log"]] == list(range(version - 30, version))


# ------------------------------------------------- nothing hidden ever leaks


def keys_in(value: object) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from keys_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from keys_in(item)


@pytest.mark.parametrize(("game", "players"), [(BRIDE, 3), (SEALED, 3)])
def test_each_connection_gets_exactly_its_own_view_for_a_whole_game(
    client: TestClient, stack: ExitStack, game: str, players: int
) -> None:
    """Every frame is view(seat) and legal_actions(seat) of the true state, nothing else."""
    seats = Seats(client, create(client, game=game, seats=["person"] * players), stack)
    frames: dict[int | None, list[str]] = {seat: [] for seat, _ in seats.all()}
    chooser = random.Random(1)
    while seats.last[None]["status"] != "over":
        mover = chooser.choice(seats.last[None]["view"]["to_act"])
        action = chooser.choice(seats.last[mover]["legal"])["action"]
        act(seats.ws[mover], seats.last[mover]["version"], action)
        for seat, ws in seats.all():
            text = ws.receive_text()
            frames[seat].append(text)
            seats.last[seat] = json.loads(text)
            assert seats.last[seat]["type"] == "state"
    record = seats.client.get(f"/api/tables/{seats.table.id}/record").json()
    # The players' names, for replays, and never a secret.
    assert record["players"] == [f"Player {seat}" for seat in range(players)]
    assert not any(token in json.dumps(record) for token in seats.table.tokens.values())
    assert bodoge.replay(record).version == len(record["actions"])
    truth: list[State] = [
        bodoge.get_game(game).new_game(players, record["seed"], record["options"])
    ]
    for seat, wire in record["actions"]:
        state = truth[-1].clone()
        state.apply(seat, state.game.parse_action(wire))
        truth.append(state)
    seed = str(record["seed"])
    for seat, texts in frames.items():
        assert len(texts) == len(truth) - 1
        previous = 0  # the version of the frame the connection got on connecting
        for text in texts:
            frame = json.loads(text)
            state = truth[frame["version"]]
            assert frame["view"] == json.loads(json.dumps(state.view(seat)))
            legal = state.legal_actions(seat) if seat is not None else []
            assert [item["action"] for item in frame["legal"]] == [a.to_json() for a in legal]
            assert (
                frame["log"]
                == [  # only the events since the previous frame
                    json.loads(json.dumps(e.for_seat(seat))) for e in state.events[previous:]
                ]
            )
            previous = frame["version"]
            if not state.is_over:
                assert "seed" not in set(keys_in(frame))
                assert "actions" not in set(keys_in(frame))
                assert seed not in text
                if seat is None:
                    assert frame["view"]["hand"] is None


def test_an_unexpected_failure_is_internal_error_and_the_socket_lives_on(
    sealed: Seats, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    hub = sealed.client.app.state.hub  # type: ignore[attr-defined]

    async def crash(*args: object, **keywords: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(hub, "act", crash)
    act(sealed.ws[0], 0, bid(1))
    receive_error(sealed.ws[0], "internal_error")
    assert "a bug" in caplog.text
    monkeypatch.undo()
    sealed.assert_unchanged(0, 0)
    act(sealed.ws[0], 0, bid(1))
    sealed.everyone_receives()
