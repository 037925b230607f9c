"""A chat line keeps who wrote it: after its writer's seat is revoked and taken by
someone else, the line still reads as the writer's, live, on the replay, and on
another server reading the same database."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from .serverkit import SEALED, create, frames_until, make_app, receive_state, socket, watching
from .test_table_hardening import THREE, end, revoke

LINE = "I will throw this game on purpose"


def chat_keeps_its_writer(url: str) -> None:
    """Mallory writes before the start, the host revokes her seat, Nora takes it: every
    reader of the line, on this server and on another started on ``url`` afterwards,
    sees Mallory."""
    with TestClient(make_app(url)) as client:
        table = create(client, game=SEALED, seats=THREE, join=False)
        mallory = client.post(
            f"/api/tables/{table.id}/join", json={"invite": table.invites[0], "name": "Mallory"}
        ).json()["token"]
        client.post(f"/api/tables/{table.id}/join", json={"invite": table.invites[1], "name": "Bo"})
        with socket(client, table.id, mallory) as ws:
            receive_state(ws)
            ws.send_json({"type": "chat", "text": LINE})
            frames_until(ws, lambda frame: frame["type"] == "chat")
        invite = revoke(client, table.id, 0, table.host_token)
        nora = client.post(
            f"/api/tables/{table.id}/join", json={"invite": invite, "name": "Nora"}
        ).json()["token"]
        with socket(client, table.id, nora) as ws:
            line = frames_until(ws, lambda frame: frame["type"] == "chat")["lines"][0]
        assert (line["name"], line["text"]) == ("Mallory", LINE)
        client.post(f"/api/tables/{table.id}/join", json={"invite": table.invites[2], "name": "Cy"})
        end(client, table)
        assert replay_chat(client, table.id) == [("Mallory", LINE)]
    with TestClient(make_app(url)) as other:
        assert replay_chat(other, table.id) == [("Mallory", LINE)]


def replay_chat(client: TestClient, table_id: str) -> list[tuple[str, str]]:
    """(name, text) of each line of the replay page's chat."""
    page = client.get(f"/t/{table_id}/replay", params=watching(table_id))
    assert page.status_code == 200, page.text
    found = re.findall(
        r'<span class="who">([^<]*):</span> <span class="chat-text">([^<]*)<', page.text
    )
    return [(name, text) for name, text in found]


def test_a_chat_line_keeps_its_writer_after_the_seat_changes_hands(db_url: str) -> None:
    chat_keeps_its_writer(db_url)
