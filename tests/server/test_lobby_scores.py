"""The lobby lists a finished game's scores as the game's own table says them."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

import bodoge
from bodoge.server.db import OVER
from bodoge.server.deps import HOST_COOKIE

from .serverkit import create, table_json, wait_status


def test_papayoos_points_read_in_the_lobby_as_at_its_table(client: TestClient) -> None:
    """Papayoo counts points against the players: its ``scores`` are their negation, and the
    lobby said "Bot 1 -171" where the table says 「Bot 1: 171点」."""
    table = create(client, game="papayoo", seats=["random"] * 3, options={"hands": "one"})
    wait_status(client, table.id, OVER)
    client.cookies.set(HOST_COOKIE.format(table=table.id), table.host_token)
    scores = table_json(client, table.id)["result"]["scores"]
    assert any(score < 0 for score in scores)
    shown = {}
    for lang in ("en", "ja"):
        page = client.get("/", headers={"accept-language": lang}).text
        found = re.search(rf'data-testid="scores-{table.id}">([^<]*)<', page)
        assert found is not None
        shown[lang] = found.group(1)
    assert "-" not in shown["en"] + shown["ja"] and "−" not in shown["en"] + shown["ja"]
    for seat, score in enumerate(scores):
        assert f"{-score}点" in shown["ja"].split(" · ")[seat]
        assert re.search(rf"\b{-score} points?$", shown["en"].split(" · ")[seat])
    assert bodoge.get_game("cardiceo").score_label(-12, "en") == "total 12"
