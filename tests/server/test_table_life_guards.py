"""Issue 26's guards and corners, in process.

Every state-changing request it added refuses a foreign page and a wrong
host secret; a bot's seat becomes a person's again before the start; the
chat's limits; the lobby's lines; clocks during a secret choice made in
steps; the disconnect grace across a restart.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bodoge.server.db import ABANDONED, CANCELLED, CHAT, OVER, PLAYING, WAITING, now
from bodoge.server.deps import HOST_COOKIE, SEAT_COOKIE
from bodoge.server.hub import Hub

from .serverkit import (
    FOREIGN,
    ORIGIN,
    FakeTime,
    Table,
    act,
    assert_quiet,
    bid,
    create,
    frames_until,
    host,
    join_seat,
    make_app,
    receive,
    receive_error,
    receive_state,
    run_deadlines,
    socket,
    table_json,
    wait_status,
)

LISTED = "listed"
"""A waiting table open to anyone (a state for :func:`table_in`, not a status)."""
STATUSES = (WAITING, PLAYING, OVER, CANCELLED, ABANDONED)
FOREIGN_PAGES = (
    {"origin": FOREIGN},
    {"origin": "http://evil.example"},
    {"origin": "null"},
    {"referer": "http://evil.example/attack.html"},
)
"""How a browser says that another site's page sent the request."""


def hub_of(client: TestClient) -> Hub:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub


def table_in(client: TestClient, state: str) -> Table:
    """A table of two seats in ``state``: waiting, listed, playing or over (two bots)."""
    if state == OVER:
        table = create(client, seats=["random", "random"], options={"rounds": 1})
        wait_status(client, table.id, OVER)
        return table
    return create(client, join=state == PLAYING, listed=state == LISTED)


def snapshot(client: TestClient, table_id: str) -> tuple[Any, ...]:
    """Everything a request could change: the table and its seats, its moves, the tables."""
    store = client.app.state.store  # type: ignore[attr-defined]
    return store.table(table_id), store.actions(table_id), len(store.tables(STATUSES, 10_000))


@dataclass(frozen=True)
class Endpoint:
    """A state-changing request of issue 26 and the table state in which it succeeds."""

    path: str
    state: str
    body: dict[str, Any] | None = None
    form: bool = False
    refused: str | None = "not_host"
    """The error code without the host's secret (``None``: anyone may)."""

    def send(
        self, client: TestClient, table: Table, headers: dict[str, str], secret: str | None
    ) -> Any:
        """Post it with the host's ``secret``: a header from programs, the cookie from forms."""
        url = self.path.format(id=table.id)
        if not self.form:
            credential = {} if secret is None else {"X-Bodoge-Host": secret}
            return client.post(url, json=self.body, headers={**headers, **credential})
        client.cookies.clear()
        if secret is not None:
            client.cookies.set(HOST_COOKIE.format(table=table.id), secret)
        try:
            return client.post(url, data=self.body or {}, headers=headers, follow_redirects=False)
        finally:
            client.cookies.clear()


ENDPOINTS = {
    "api-end": Endpoint("/api/tables/{id}/end", PLAYING),
    "api-listed": Endpoint("/api/tables/{id}/listed", WAITING, {"listed": True}),
    "api-mute": Endpoint("/api/tables/{id}/seats/0/mute", PLAYING, {"muted": True}),
    "api-seat": Endpoint("/api/tables/{id}/seats/1", WAITING, {"kind": "bot", "bot": "random"}),
    "api-seat-in-game": Endpoint("/api/tables/{id}/seats/1", PLAYING, {"kind": "bot"}),
    "api-revoke": Endpoint("/api/tables/{id}/seats/1/revoke", WAITING),
    "api-cancel": Endpoint("/api/tables/{id}/cancel", WAITING),
    "api-rematch": Endpoint("/api/tables/{id}/rematch", OVER, refused="not_seated"),
    "api-sit": Endpoint("/api/tables/{id}/sit", LISTED, {"name": "Eve"}, refused=None),
    "form-seat": Endpoint("/t/{id}/host/seat/1", WAITING, {"kind": "bot:random"}, form=True),
    "form-revoke": Endpoint("/t/{id}/host/revoke/1", WAITING, form=True),
    "form-mute": Endpoint("/t/{id}/host/mute/0", PLAYING, {"muted": "1"}, form=True),
    "form-cancel": Endpoint("/t/{id}/host/cancel", WAITING, form=True),
    "form-end": Endpoint("/t/{id}/host/end", PLAYING, form=True),
    "form-open": Endpoint("/t/{id}/host/open", WAITING, form=True),
    "form-close": Endpoint("/t/{id}/host/close", LISTED, form=True),
    "form-sit": Endpoint("/t/{id}/sit", LISTED, {"name": "Eve"}, form=True, refused=None),
    # Without a seat or the host's secret, "Play again" sends a spectator to the lobby.
    "form-rematch": Endpoint("/t/{id}/rematch", OVER, form=True, refused=None),
}


def changed_it(response: Any) -> bool:
    return response.status_code in (200, 303)


# ------------------------------------------------------------------ origins


@pytest.mark.parametrize("name", list(ENDPOINTS))
def test_a_foreign_page_is_refused_by_every_new_endpoint_and_changes_nothing(
    client: TestClient, name: str
) -> None:
    """403 ``forbidden_origin`` whatever the credential; from the table's own page it works."""
    endpoint = ENDPOINTS[name]
    table = table_in(client, endpoint.state)
    before = snapshot(client, table.id)
    for page in FOREIGN_PAGES:
        response = endpoint.send(client, table, page, table.host_token)
        assert response.status_code == 403, (page, response.text)
        assert response.json()["error"]["code"] == "forbidden_origin"
        assert snapshot(client, table.id) == before, page
    ours = endpoint.send(client, table, {"origin": ORIGIN}, table.host_token)
    assert changed_it(ours), ours.text
    assert snapshot(client, table.id) != before  # the same request was one that changes it


# ------------------------------------------------------------ host secrets


@pytest.mark.parametrize("name", [n for n, e in ENDPOINTS.items() if e.refused])
def test_a_wrong_or_missing_host_secret_is_refused_and_changes_nothing(
    client: TestClient, name: str
) -> None:
    endpoint = ENDPOINTS[name]
    table = table_in(client, endpoint.state)
    other = create(client, join=False)
    before = snapshot(client, table.id)
    wrong: list[str | None] = [None, "", "guess", table.host_token[:-1], "x" * 201]
    wrong += [other.host_token, *table.tokens.values()]  # another table's host; a player
    for secret in wrong:
        response = endpoint.send(client, table, {}, secret)
        assert response.status_code == 403, (secret, response.text)
        if endpoint.form:
            assert "only the table" in response.text.lower()  # the error page says why
        else:
            assert response.json()["error"]["code"] == endpoint.refused
        assert snapshot(client, table.id) == before, secret
    assert changed_it(endpoint.send(client, table, {}, table.host_token))
    assert snapshot(client, table.id) != before


# --------------------------------------------------------- seats, before the start


def invite_on_page(client: TestClient, table: Table, seat: int) -> str:
    """The invitation the host's table page shows for ``seat``."""
    client.cookies.set(HOST_COOKIE.format(table=table.id), table.host_token)
    try:
        page = client.get(f"/t/{table.id}").text
    finally:
        client.cookies.clear()
    found = re.search(rf'value="[^"]*/t/{table.id}/join/([^"]+)" data-testid="invite-{seat}"', page)
    assert found is not None, page
    return found.group(1)


def test_a_bots_seat_becomes_a_persons_again_with_a_new_invitation(client: TestClient) -> None:
    """Person → bot → person before the start: the seat waits for a person, invited anew."""
    table = create(client, join=False)
    made_bot = client.post(
        f"/api/tables/{table.id}/seats/1",
        json={"kind": "bot", "bot": "random"},
        headers=host(table),
    )
    assert made_bot.json()["seats"][1]["kind"] == "bot"
    to_person = Endpoint("/t/{id}/host/seat/1", WAITING, {"kind": "person"}, form=True)
    back = to_person.send(client, table, {}, table.host_token)
    assert back.status_code == 303, back.text
    info = table_json(client, table.id)
    assert info["status"] == WAITING
    assert info["seats"][1] == {
        "seat": 1,
        "kind": "person",
        "bot": None,
        "name": None,
        "filled": False,
        "by_bot": False,
        "clock": None,
    }
    old = client.post(
        f"/api/tables/{table.id}/join", json={"invite": table.invites[1], "name": "X"}
    )
    assert old.status_code == 409 and old.json()["error"]["code"] == "seat_taken"
    table.invites[1] = invite_on_page(client, table, 1)
    join_seat(client, table, 1, "Bea")
    assert table_json(client, table.id)["status"] == WAITING  # seat 0 still waits for its person
    join_seat(client, table, 0, "Al")
    info = table_json(client, table.id)
    assert info["status"] == PLAYING
    assert [(s["kind"], s["name"]) for s in info["seats"]] == [("person", "Al"), ("person", "Bea")]
    with socket(client, table.id, table.tokens[1]) as ws:
        assert receive_state(ws)["seat"] == 1
    assert hub_of(client).tables[table.id].bots == {}  # nobody plays it but Bea


# ------------------------------------------------------------------ chat


def say(ws: Any, text: str) -> None:
    ws.send_json({"type": "chat", "text": text})


def test_the_host_unmutes_a_seat_and_it_may_write_again(client: TestClient) -> None:
    table = create(client, options={"rounds": 1})
    mute = ENDPOINTS["form-mute"]
    with socket(client, table.id, table.tokens[0]) as alice:
        receive_state(alice)
        client.post(
            f"/api/tables/{table.id}/seats/0/mute", json={"muted": True}, headers=host(table)
        )
        assert receive_state(alice)["room"]["seats"][0]["muted"] is True
        say(alice, "hello")
        receive_error(alice, "muted")
        unmuted = Endpoint(mute.path, PLAYING, {"muted": "0"}, form=True)
        assert unmuted.send(client, table, {}, table.host_token).status_code == 303
        assert receive_state(alice)["room"]["seats"][0]["muted"] is False
        say(alice, "hello again")
        assert [line["text"] for line in receive(alice)["lines"]] == ["hello again"]
    store = client.app.state.store  # type: ignore[attr-defined]
    assert [line.text for line in store.chat(table.id)] == ["hello again"]


def test_a_chat_line_has_at_most_300_characters(client: TestClient) -> None:
    """Characters, not bytes, counted after the spaces around are dropped."""
    table = create(client, options={"rounds": 1})
    with socket(client, table.id, table.tokens[0]) as alice, socket(client, table.id) as watcher:
        receive_state(alice)
        receive_state(watcher)
        for longest in ("あ" * 300, "  " + "b" * 300 + "\n"):
            say(alice, longest)
            said = receive(alice)
            assert said["type"] == "chat", said  # not refused
            (line,) = said["lines"]
            assert line["text"] == longest.strip()
            assert receive(watcher)["lines"] == [line]
        for too_long in ("あ" * 301, "b" * 150 + " " + "b" * 150):
            say(alice, too_long)
            receive_error(alice, "bad_chat")
        assert_quiet(watcher)  # nothing of the refused lines reached anyone
    store = client.app.state.store  # type: ignore[attr-defined]
    assert [len(line.text) for line in store.chat(table.id)] == [300, 300]


def test_a_table_keeps_at_most_1000_chat_lines(client: TestClient) -> None:
    """With 999 lines stored, one more is taken and the next is ``chat_full``."""
    table = create(client, options={"rounds": 1})
    store = client.app.state.store  # type: ignore[attr-defined]
    stamp = now()
    rows = [
        {"table_id": table.id, "n": n, "seat": 1, "text": f"old {n}", "version": 0}
        for n in range(999)
    ]
    with store.engine.begin() as connection:  # stored before the table is loaded
        connection.execute(CHAT.insert(), [{**row, "created_at": stamp} for row in rows])
    with socket(client, table.id, table.tokens[0]) as alice:
        receive_state(alice)
        assert len(receive(alice)["lines"]) == 200  # the latest stored lines come first
        say(alice, "the last line")
        assert receive(alice)["lines"][0]["n"] == 999
        say(alice, "one more")
        receive_error(alice, "chat_full")
    assert [line.text for line in store.chat(table.id)][-2:] == ["old 998", "the last line"]


# ------------------------------------------------------------------ the lobby


def lobby_text(client: TestClient, lang: str, testid: str) -> str | None:
    page = client.get("/", headers={"accept-language": lang}).text
    found = re.search(rf'data-testid="{testid}">([^<]*)<', page)
    return None if found is None else found.group(1)


def test_the_lobby_names_the_winner_the_scores_and_whose_turn_it_is(client: TestClient) -> None:
    """Sealed bids: the highest bid nobody else made takes the prize (its value in points)."""
    over = create(client, join=False, options={"rounds": 1})
    join_seat(client, over, 0, "Al")
    join_seat(client, over, 1, "Bea")
    with (
        socket(client, over.id, over.tokens[0]) as al,
        socket(client, over.id, over.tokens[1]) as bea,
    ):
        prize = receive_state(al)["view"]["prize"]
        receive_state(bea)
        act(al, 0, bid(1))
        act(bea, 0, bid(2))  # on the version it saw: a simultaneous decision
    wait_status(client, over.id, OVER)
    playing = create(client, join=False, seats=["person"] * 3, options={"rounds": 1})
    for seat, name in enumerate(("Al", "Bea", "Cy")):
        join_seat(client, playing, seat, name)
    with socket(client, playing.id, playing.tokens[1]) as ws:
        act(ws, receive_state(ws)["version"], bid(3))
        receive_state(ws)
    ended = create(client)
    client.post(f"/api/tables/{ended.id}/end", headers=host(ended))
    # The lobby lists these to the people who hold their cookies ("Your tables").
    client.cookies.set(SEAT_COOKIE.format(table=over.id), over.tokens[0])
    client.cookies.set(SEAT_COOKIE.format(table=playing.id), playing.tokens[1])
    client.cookies.set(HOST_COOKIE.format(table=ended.id), ended.host_token)
    assert lobby_text(client, "en", f"winner-{over.id}") == "Won by Bea"
    assert lobby_text(client, "ja", f"winner-{over.id}") == "勝者: Bea"
    assert lobby_text(client, "en", f"scores-{over.id}") == f"Al 0 · Bea {prize}"
    turn = lobby_text(client, "en", f"turn-{playing.id}")
    assert turn is not None and re.fullmatch(r"Al, Cy to play \(\d+ s\)", turn), turn
    turn = lobby_text(client, "ja", f"turn-{playing.id}")
    assert turn is not None and re.fullmatch(r"Al, Cy の番（\d+秒）", turn), turn
    assert lobby_text(client, "en", f"winner-{ended.id}") == "No winner"
    assert lobby_text(client, "en", f"scores-{ended.id}") is None  # ended: no scores to show


# ------------------------------------------------------------------ clocks


def public_part(frame: dict[str, Any]) -> dict[str, Any]:
    """A state frame without what changes with every step or second (versions, times left)."""
    room = dict(frame["room"])
    room["seats"] = [
        {**s, "clock": {k: v for k, v in s["clock"].items() if k != "left"}} for s in room["seats"]
    ]
    view = {k: v for k, v in frame["view"].items() if k != "version"}
    return {
        **{k: v for k, v in frame.items() if k not in ("version", "sent_at")},
        "room": room,
        "view": view,
    }


def test_a_step_of_a_secret_choice_moves_no_clock_and_tells_the_others_nothing(
    client: TestClient,
) -> None:
    """Papayoo's pass, with a time bank: picks and take-backs are no decision; confirming is."""
    at = FakeTime(time.time())
    start = at.at
    hub_of(client).clock = at
    bank = {"kind": "bank", "seconds": 600, "increment": 5}
    table = create(client, game="papayoo", seats=["person"] * 3, clock=bank)
    stored = [s["clock"] for s in table_json(client, table.id)["seats"]]
    assert stored == [{"left": 600.0, "since": start}] * 3
    with (
        socket(client, table.id, table.tokens[0]) as me,
        socket(client, table.id, table.tokens[1]) as other,
        socket(client, table.id, table.tokens[2]),  # every seat here: none is shown away
        socket(client, table.id) as watcher,
    ):
        mine, theirs, watched = receive_state(me), receive_state(other), receive_state(watcher)
        picks = [a["action"] for a in mine["legal"] if a["action"]["type"] == "pick_pass"]
        steps = [picks[0], {"type": "unpick_pass", "card": picks[0]["card"]}]
        steps += picks[1:6]  # three players pass five cards (the rules' table of counts)
        seen: list[str] = []
        for number, step in enumerate(steps, 1):
            at.at = start + 10 * number
            act(me, mine["version"], step)
            mine = receive_state(me)
            assert [s["clock"]["deadline"] for s in mine["room"]["seats"]] == [start + 600] * 3
            assert all(s["clock"]["ticking"] for s in mine["room"]["seats"])
            assert [s["clock"] for s in table_json(client, table.id)["seats"]] == stored
            for ws, last in ((other, theirs), (watcher, watched)):
                frame = receive_state(ws)
                assert public_part(frame) == public_part(last), step  # the same view, no log
                seen.append(json.dumps(frame))
        ready = [a["action"] for a in mine["legal"] if a["action"]["type"] == "confirm_pass"]
        assert ready, "five cards chosen: the pass may be confirmed"
        at.at = start + 100
        act(me, mine["version"], ready[0])
        receive_state(me)
        seen += [json.dumps(receive_state(other)), json.dumps(receive_state(watcher))]
    clocks = [s["clock"] for s in table_json(client, table.id)["seats"]]
    assert clocks == [{"left": 600 - 100 + 5, "since": None}, stored[1], stored[2]]
    for card in {step["card"] for step in steps if "card" in step}:
        assert not any(f'"{card}"' in text for text in seen), card  # nobody else saw a pick


# ------------------------------------------------------------------ grace


def test_after_a_restart_the_grace_is_not_cut_short_and_still_ends(db_url: str) -> None:
    """The grace of a seat nobody opened runs on after a restart: never sooner than it
    would have ended, at the latest a whole grace after the restart, then a bot plays."""
    grace = 60.0
    at = FakeTime(time.time())
    start = at.at
    app = make_app(db_url)
    app.state.hub.clock = at
    with TestClient(app) as client:
        table = create(client, options={"rounds": 1}, grace=grace, stand_in="random")
        live = hub_of(client).tables[table.id]
        assert hub_of(client).deadlines(live) == [(start + grace, 0), (start + grace, 1)]
    at.at = start + 50
    app = make_app(db_url)
    app.state.hub.clock = at
    with TestClient(app) as client:
        hub = hub_of(client)
        live = hub.tables[table.id]  # restored when the server started
        assert live.watch is not None  # and its deadline awaited
        with socket(client, table.id, table.tokens[0]) as ws:
            receive_state(ws)
            ((due, seat),) = hub.deadlines(live)
            assert seat == 1 and start + grace <= due <= at.at + grace
            at.at = due
            run_deadlines(client, table.id)
            frame = frames_until(
                ws, lambda f: f["type"] == "state" and f["room"]["seats"][1]["by_bot"]
            )
            assert not frame["room"]["seats"][0]["by_bot"]  # connected again: kept
