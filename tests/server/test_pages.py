"""The HTML pages and the routes a browser uses: status codes, cookies, refusals."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

import bodoge
from bodoge.server.deps import SEAT_COOKIE

from .serverkit import (
    BRIDE,
    SEALED,
    create,
    form_host,
    join_seat,
    receive_state,
    socket,
    stored,
    wait_status,
)


def test_lobby(client: TestClient) -> None:
    create(client)
    response = client.get("/")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert "<html" in response.text.lower()


def test_static_files(client: TestClient) -> None:
    for name in ("style.css", "table.js", "lobby.js", "replay.js"):
        assert client.get(f"/static/{name}").status_code == 200
    response = client.get("/static/nothing.css")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_language_switch_sets_a_cookie_and_goes_back(client: TestClient) -> None:
    response = client.get(
        "/lang/ja", headers={"referer": "http://testserver/api/games"}, follow_redirects=False
    )
    assert response.status_code == 303
    assert response.headers["location"] == "http://testserver/api/games"
    assert response.cookies.get("bodoge_lang") == "ja"
    response = client.get(
        "/lang/xx", headers={"referer": "https://evil.example/"}, follow_redirects=False
    )
    assert response.status_code == 303
    assert response.headers["location"] == "/"
    assert "bodoge_lang" not in response.cookies


def test_table_page_and_unknown_table(client: TestClient) -> None:
    table = create(client)
    assert client.get(f"/t/{table.id}").status_code == 200
    assert client.get("/t/nope").status_code == 404


@pytest.mark.parametrize(
    ("lang", "still_open", "open_seat"),
    [("en", "1 seat still open.", "open"), ("ja", "空席あと1。", "空席")],
)
def test_the_waiting_room_counts_one_open_seat_and_names_it_as_the_room_does(
    client: TestClient, lang: str, still_open: str, open_seat: str
) -> None:
    """It read "1 seat(s) still open", and the same seat was "P2" beside the game and
    "open" in the waiting list."""
    table = create(client, join=False)
    join_seat(client, table, 0, "Ann")
    page = client.get(f"/t/{table.id}", params={"lang": lang}).text
    assert still_open in page and "seat(s)" not in page
    room_name = re.search(
        r'data-testid="room-seat-1".*?<span class="room-name">(.*?)</span>', page, re.S
    )
    assert room_name is not None and room_name.group(1) == open_seat
    with socket(client, table.id, table.tokens[0], lang=lang) as ws:
        names = [seat["name"] for seat in receive_state(ws)["room"]["seats"]]
    assert names == ["Ann", open_seat]


def test_form_creates_a_table_seats_the_creator_and_starts_bots(client: TestClient) -> None:
    response = client.post(
        "/tables",
        data={
            "game": SEALED,
            "option_rounds": "1",
            "num_seats": "2",
            "seat_0": "person",
            "seat_1": "bot:random",
            "name": "Alice",
        },
        follow_redirects=False,
    )
    assert response.status_code == 303, response.text
    table_id = response.headers["location"].removeprefix("/t/")
    assert client.cookies.get(SEAT_COOKIE.format(table=table_id))
    info = client.get(f"/api/tables/{table_id}", headers=form_host(client, table_id)).json()
    assert info["status"] == "playing"
    assert info["seats"][0]["name"] == "Alice"
    assert info["seats"][1]["bot"] == "random"
    with socket(client, table_id) as ws:  # the seat cookie makes this socket seat 0
        frame = receive_state(ws)
        assert frame["seat"] == 0
        assert frame["view"]["hand"] == [1, 2, 3, 4, 5]


@pytest.mark.parametrize(
    "form",
    [
        {"game": "chess", "num_seats": "2"},
        {"game": SEALED, "num_seats": "two"},
        {"game": SEALED, "num_seats": "40"},
        {"game": SEALED, "num_seats": "1"},
        {"game": SEALED, "num_seats": "2", "option_rounds": "77"},
        {"game": SEALED, "num_seats": "2", "seat_1": "bot:genius"},
        {"game": SEALED, "num_seats": "2", "seat_1": "bot:" + "x" * 300},
    ],
)
def test_form_refuses_bad_tables(client: TestClient, form: dict[str, str]) -> None:
    response = client.post("/tables", data=form, follow_redirects=False)
    assert response.status_code == 422
    assert response.headers["content-type"].startswith("text/html")
    assert client.get("/api/tables").json() == []


def test_join_page_and_form(client: TestClient) -> None:
    table = create(client, join=False)
    invite = table.invites[1]
    assert client.get(f"/t/{table.id}/join/{invite}").status_code == 200
    assert client.get(f"/t/nope/join/{invite}").status_code == 404
    blank = client.post(f"/t/{table.id}/join/{invite}", data={"name": "  "})
    assert blank.status_code == 422
    missing = client.post(f"/t/{table.id}/join/{invite}", data={})
    assert missing.status_code == 422
    response = client.post(
        f"/t/{table.id}/join/{invite}", data={"name": "Bea"}, follow_redirects=False
    )
    assert response.status_code == 303
    assert response.headers["location"] == f"/t/{table.id}"
    assert client.cookies.get(SEAT_COOKIE.format(table=table.id))
    again = client.post(f"/t/{table.id}/join/{invite}", data={"name": "Eve"})
    assert again.status_code == 409
    forged = client.post(f"/t/{table.id}/join/forged", data={"name": "Eve"})
    assert forged.status_code == 409
    assert client.get(f"/api/tables/{table.id}").json()["seats"][1]["name"] == "Bea"


def test_a_used_or_unknown_invitation_says_so_at_once_and_offers_to_watch(
    client: TestClient,
) -> None:
    table = create(client, seats=["person", "person", "random"], join=False)
    fresh = client.get(f"/t/{table.id}/join/{table.invites[1]}").text
    assert 'data-testid="join-form"' in fresh and 'data-testid="invite-used"' not in fresh
    assert client.post(f"/t/{table.id}/join/{table.invites[1]}", data={"name": "Bea"}).is_success
    client.cookies.clear()  # a friend's browser, not Bea's
    for invite in (table.invites[1], "forged", "x" * 5000):
        page = client.get(f"/t/{table.id}/join/{invite}").text
        assert 'data-testid="invite-closed"' in page, invite[:10]  # names nothing of it
        assert 'data-testid="join-form"' not in page
        assert 'data-testid="watch"' not in page  # a private table: nothing to watch for them
    assert table.watch_key is not None  # given the watch link, they are offered to watch
    page = client.get(f"/t/{table.id}/join/forged", params={"watch": table.watch_key}).text
    assert f'href="/t/{table.id}" data-testid="watch"' in page
    assert 'data-testid="invite-used"' in page


def test_replay_and_record_download_only_after_the_end(client: TestClient) -> None:
    table = create(client, game=BRIDE, seats=["person", "random", "random"])
    for path in (f"/t/{table.id}/replay", f"/t/{table.id}/replay/0"):
        assert client.get(path).status_code == 403
    response = client.get(f"/t/{table.id}/record.json")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "not_over"
    assert "seed" not in response.text

    done = create(client, game=BRIDE, seats=["random"] * 3, seed=3)
    wait_status(client, done.id, "over")
    total = len(stored(client, done.id))
    assert client.get(f"/t/{done.id}/replay").status_code == 200
    for step in (0, 1, total):
        assert client.get(f"/t/{done.id}/replay/{step}").status_code == 200
    assert client.get(f"/t/{done.id}/replay/1?seat=2").status_code == 200
    assert client.get(f"/t/{done.id}/replay/{total + 1}").status_code == 404
    assert client.get(f"/t/{done.id}/replay/1?seat=7").status_code == 404
    response = client.get(f"/t/{done.id}/record.json")
    assert response.status_code == 200
    assert "attachment" in response.headers["content-disposition"]
    assert bodoge.replay(response.json()).version == total
    assert response.json()["players"] == ["Bot 1", "Bot 2", "Bot 3"]


def test_replay_and_record_download_of_an_unknown_table(client: TestClient) -> None:
    assert client.get("/t/nope/replay").status_code == 404
    assert client.get("/t/nope/replay/0").status_code == 404
    response = client.get("/t/nope/record.json")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "table_not_found"


def test_option_values_are_shown_in_words(client: TestClient) -> None:
    lobby = client.get("/", headers={"accept-language": "en"}).text
    assert '<option value="2n" >two per player</option>' in lobby
    assert '<option value="one" >one hand</option>' in lobby
    japanese = client.get("/", headers={"accept-language": "ja"}).text
    assert "1人1ハンド（人数と同じ）</option>" in japanese
    table = create(client, game="papayoo", seats=["person", "person", "random"], join=False)
    waiting = client.get(f"/t/{table.id}", headers={"accept-language": "en"}).text
    assert "<dd>one per player</dd>" in waiting
    assert ">n<" not in waiting


def test_the_lobby_has_no_link_back_to_itself(client: TestClient) -> None:
    table = create(client)
    assert "Back to the lobby" not in client.get("/", headers={"accept-language": "en"}).text
    assert (
        "Back to the lobby" in client.get(f"/t/{table.id}", headers={"accept-language": "en"}).text
    )


def test_provisional_data_is_told_in_players_words(client: TestClient) -> None:
    table = create(client, game="hoarders", seats=["random"] * 3)
    for lang, heading in (("en", "Our own rulings"), ("ja", "原作のルールにない取り決め")):
        page = client.get(f"/t/{table.id}", headers={"accept-language": lang}).text
        assert heading in page
        assert "data.py" not in page and "src/bodoge" not in page
