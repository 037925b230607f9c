"""The bot levels the lobby offers, what it picks first, and the stand-in (issues 34.15, 35.1).

The lobby's other seats and the stand-in start at the normal level (they
once started at uniformly random moves, labelled "easy"); every level is
described in both languages; tables stored with the older specs
(``heuristic``, ``ismcts:...``) still get their bots.
"""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

import bodoge
from bodoge.bots import ISMCTSBot, make_bot, search_hints
from bodoge.server.bot_turns import STAND_IN
from bodoge.server.pages import LOBBY_BOTS, bots_for, default_bot

from .serverkit import BRIDE, SEALED, create, form_host

SELECT = re.compile(r'<select name="(seat_\d+|stand_in)"[^>]*>(.*?)</select>', re.DOTALL)
SELECTED = re.compile(r'<option value="([^"]+)" selected>')


def lobby_choices(html: str, game_id: str) -> dict[str, str]:
    """The option each seat's (and the stand-in's) select starts on, in ``game_id``'s form."""
    form = html.split(f'data-testid="new-table-{game_id}"', 1)[1].split("</form>", 1)[0]
    chosen = {}
    for name, options in SELECT.findall(form):
        found = SELECTED.findall(options)
        assert len(found) == 1, (name, options)
        chosen[name] = found[0]
    return chosen


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_lobby_starts_the_other_seats_and_the_stand_in_at_normal(
    client: TestClient, lang: str
) -> None:
    client.cookies.set("bodoge_lang", lang)
    html = client.get("/").text
    for game_id in bodoge.games.BUILTIN_IDS:
        chosen = lobby_choices(html, game_id)
        assert chosen.pop("seat_0") == "person"
        assert chosen.pop("stand_in") == "bot:normal", game_id
        assert set(chosen.values()) == {"bot:normal"}, (game_id, chosen)


def test_the_lobby_offers_the_levels_easiest_first_described_in_both_languages() -> None:
    game = bodoge.get_game("go-nuts-for-donuts")
    assert [spec for spec, _ in LOBBY_BOTS][:3] == ["easy", "normal", "strong"]
    english = dict(bots_for(game, "en"))
    japanese = dict(bots_for(game, "ja"))
    assert "easy" in english["easy"] and "worse move" in english["easy"]
    assert "normal" in english["normal"] and "strong" in english["strong"]
    assert "random" in english["random"]
    assert "やさしい" in japanese["easy"] and "ふつう" in japanese["normal"]
    assert "つよい" in japanese["strong"]
    assert len(set(english.values())) == len(english)


def test_a_game_without_a_strategy_is_offered_strong_and_random_and_starts_at_the_first() -> None:
    game = bodoge.get_game(SEALED)
    offered = bots_for(game, "en")
    assert [spec for spec, _ in offered] == ["strong", "random"]
    assert default_bot(offered) == "strong"


def test_the_stand_in_is_the_normal_level_when_a_table_names_none(client: TestClient) -> None:
    assert STAND_IN == "normal"
    table = create(client, game=BRIDE, seats=("person", "person", "person"))
    store = client.app.state.store  # type: ignore[attr-defined]
    assert store.table(table.id).stand_in == "normal"


@pytest.mark.parametrize(
    ("stand_in", "kind"),
    [("heuristic", "strategy"), ("ismcts:iterations=30", "search"), ("normal", "strategy")],
)
def test_tables_stored_with_older_specs_still_get_their_stand_in(
    client: TestClient, stand_in: str, kind: str
) -> None:
    table = create(client, game=BRIDE, seats=("person", "person", "person"), stand_in=stand_in)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    info = client.app.state.store.table(table.id)  # type: ignore[attr-defined]
    assert info.stand_in == stand_in
    bot = hub._stand_in(info, 1)
    game = bodoge.get_game(BRIDE)
    if kind == "search":
        assert isinstance(bot, ISMCTSBot) and bot.time_cap == hub.limits.seconds
    else:
        assert type(bot) is type(make_bot("normal", game, seed=1))


def test_a_strong_stand_in_searches_its_games_budget_with_the_time_limit_as_a_guard(
    client: TestClient,
) -> None:
    table = create(client, game=BRIDE, seats=("person", "person", "person"), stand_in="strong")
    hub = client.app.state.hub  # type: ignore[attr-defined]
    bot = hub._stand_in(client.app.state.store.table(table.id), 1)  # type: ignore[attr-defined]
    assert isinstance(bot, ISMCTSBot) and bot.seconds is None
    assert bot.iterations == search_hints(bodoge.get_game(BRIDE)).strong_iterations
    assert bot.time_cap == hub.limits.seconds


def test_a_level_chosen_in_the_lobby_form_is_the_seat_s_bot(client: TestClient) -> None:
    form = {
        "game": BRIDE,
        "num_seats": "3",
        "seat_0": "person",
        "seat_1": "bot:easy",
        "seat_2": "bot:strong",
        "stand_in": "bot:easy",
        "name": "Ann",
    }
    response = client.post("/tables", data=form, follow_redirects=False)
    assert response.status_code == 303, response.text
    table_id = response.headers["location"].removeprefix("/t/")
    info = client.get(f"/api/tables/{table_id}", headers=form_host(client, table_id)).json()
    assert [seat["bot"] for seat in info["seats"][1:]] == ["easy", "strong"]
    assert client.app.state.store.table(table_id).stand_in == "easy"  # type: ignore[attr-defined]


@pytest.mark.parametrize("spec", ["strong:seconds=5", "strong:iterations=999999"])
def test_a_strong_level_beyond_the_server_s_limits_is_refused(
    client: TestClient, spec: str
) -> None:
    body = {"game": BRIDE, "seats": [{"kind": "person"}, {"kind": "bot", "bot": spec}] * 2}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 422, response.text
    assert response.json()["error"]["code"] == "invalid_bot"
    stand_in = {"game": BRIDE, "seats": [{"kind": "person"}] * 3, "stand_in": spec}
    assert client.post("/api/tables", json=stand_in).status_code == 422


def test_the_api_takes_every_level_for_a_seat(client: TestClient) -> None:
    seats = ["person", "easy", "normal", "strong:iterations=20"]
    table = create(client, game=BRIDE, seats=seats, join=False)
    info = client.get(f"/api/tables/{table.id}").json()
    assert [seat["bot"] for seat in info["seats"][1:]] == seats[1:]
