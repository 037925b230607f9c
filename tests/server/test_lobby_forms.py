"""The lobby's form for a new table: every combination it offers makes a table, in every
game; a form it refuses is a page in the visitor's language that says what to change.

The walk reads the lobby as its page offers it: each option's field and the values it can
send, the fields ``lobby.js`` hides (and so disables: a disabled field is not sent) while
an option does not apply (``Option.only_with``), and the player counts it leaves enabled
for the chosen options (the form's ``data-ranges``).  Each combination is posted as the
browser would post it.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bodoge.engine import Game, Option
from bodoge.games import BUILTIN_IDS
from bodoge.server import Settings, create_app
from bodoge.server.pages import games_for_lobby

from .serverkit import form_host

LEFT_OUT = None
"""A field that sends nothing (an unchecked checkbox)."""


@pytest.fixture
def lobby(tmp_path: Any) -> Iterator[TestClient]:
    """An app without the per-client quotas: the walk makes hundreds of tables."""
    settings = Settings(
        database_url=f"sqlite:///{tmp_path}/bodoge.sqlite",
        bot_pause=0,
        tables_per_minute=0,
        waiting_per_client=0,
    )
    with TestClient(create_app(settings)) as client:
        yield client


def field_values(option: Option) -> list[str | None]:
    """What the option's field in the lobby can send (``lobby.html``)."""
    if option.kind is bool and option.derive is not None:
        return ["", "on", "off"]  # a select: default, on, off
    if option.kind is bool:
        return ["on", LEFT_OUT]  # a checkbox
    if option.choices is not None:
        return [str(choice) for choice in option.choices]  # a select
    if option.kind is int:  # a number field: its bounds and its default
        ends = (option.minimum, option.default, option.maximum)
        return list(dict.fromkeys(str(v) for v in ends if v is not None))
    return [str(option.default)]


def as_sent(option: Option, raw: str | None) -> object:
    """A field's value as ``lobby.js`` reads it (``valueOf``); None: not set."""
    if option.kind is bool and option.derive is None:
        return raw == "on"
    if raw in ("on", "off"):
        return raw == "on"
    if raw in (None, ""):
        return None
    return int(raw) if option.kind is int else raw


def offered_forms(game: Game) -> Iterator[tuple[dict[str, str], dict[str, object]]]:
    """Every combination of the option fields the lobby shows together: what the form
    sends, and the options ``lobby.js`` reads from its enabled fields (``chosen``)."""
    options = game.options
    seen = set()
    for raws in itertools.product(*(field_values(option) for option in options)):
        current = {o.name: as_sent(o, raw) for o, raw in zip(options, raws, strict=True)}
        shown = [(o, raw) for o, raw in zip(options, raws, strict=True) if o.applies(current)]
        form = {f"option_{o.name}": raw for o, raw in shown if raw is not None}
        key = tuple(sorted(form.items()))
        if key not in seen:
            seen.add(key)
            yield form, {o.name: current[o.name] for o, _ in shown if current[o.name] is not None}


def offered_counts(entry: dict[str, Any], chosen: dict[str, object]) -> list[int]:
    """The player counts ``lobby.js`` leaves enabled for ``chosen`` (its ``allowed``)."""
    fitting = [
        r
        for r in entry["ranges"]
        if all(k not in r["options"] or r["options"][k] == v for k, v in chosen.items())
    ]
    low = min((r["low"] for r in fitting), default=entry["low"])
    high = max((r["high"] for r in fitting), default=entry["high"])
    return list(range(max(low, entry["low"]), min(high, entry["high"]) + 1))


LOBBY = {entry["game"].id: entry for entry in games_for_lobby("ja")}


@pytest.mark.parametrize("game_id", BUILTIN_IDS)
def test_every_combination_the_lobby_offers_creates_a_table(
    lobby: TestClient, game_id: str
) -> None:
    """Imhotep's "All B sides" among them (it answered a 422 "applies with sides='custom'
    only" whatever the language)."""
    entry = LOBBY[game_id]
    made = 0
    for form, chosen in offered_forms(entry["game"]):
        for count in offered_counts(entry, chosen):
            seats = {f"seat_{n}": "person" for n in range(count)}
            data = {"game": game_id, "num_seats": str(count), **seats, **form}
            response = lobby.post("/tables", data=data, follow_redirects=False)
            assert response.status_code == 303, (data, refusal(response.text))
            made += 1
    assert made >= 2
    newest = lobby.app.state.store.tables(["waiting"], limit=1)  # type: ignore[attr-defined]
    assert newest and newest[0].game == game_id  # private: the API does not list them


def refusal(page: str) -> str:
    found = re.search(r'data-testid="error-message">([^<]*)<', page)
    return found.group(1) if found else page[:300]


@pytest.mark.parametrize(
    ("form", "words"),
    [
        ({"game": "chess", "num_seats": "2"}, ["ゲーム", "ロビー"]),
        (
            {"game": "cardiceo", "num_seats": "6", "option_hardcore": "on"},
            ["2〜4人", "人数を選び直して"],
        ),
        ({"game": "cardiceo", "num_seats": "3", "option_rounds": "999"}, ["「ラウンド数」", "1〜"]),
        (
            {"game": "imhotep", "num_seats": "2", "option_sides": "Z"},
            ["「建造物の面」", "すべてB面"],
        ),
        ({"game": "united-square", "num_seats": "3", "option_teams": "on"}, ["4人", "4人にして"]),
        ({"game": "imhotep", "num_seats": "2", "seat_1": "bot:genius"}, ["ボット"]),
    ],
)
def test_a_refused_form_says_what_to_change_in_the_visitors_language(
    lobby: TestClient, form: dict[str, str], words: list[str]
) -> None:
    lobby.cookies.set("bodoge_lang", "ja")
    response = lobby.post("/tables", data=form, follow_redirects=False)
    assert response.status_code == 422
    message = refusal(response.text)
    for expected in words:
        assert expected in message, message
    assert not re.search(r"[A-Za-z]{4,}", message), f"a developer's message: {message}"
    assert 'data-testid="error-detail"' not in response.text
    assert lobby.get("/api/tables").json() == []


def test_a_side_chosen_site_by_site_is_left_out_unless_the_sides_are_custom(
    lobby: TestClient,
) -> None:
    """A browser without lobby.js sends the hidden fields too: they do not apply, so the
    table is the one chosen ("All B sides"), not a refusal."""
    sites = {f"option_{site}_side": "A" for site in ("market", "pyramid", "temple")}
    form = {"game": "imhotep", "num_seats": "2", "option_sides": "B", **sites}
    response = lobby.post("/tables", data=form, follow_redirects=False)
    assert response.status_code == 303, refusal(response.text)
    table_id = response.headers["location"].removeprefix("/t/")
    table = lobby.get(f"/api/tables/{table_id}", headers=form_host(lobby, table_id)).json()
    assert table["options"]["sides"] == "B"
    assert {v for k, v in table["options"].items() if k.endswith("_side")} == {"B"}


def test_the_other_forms_refuse_in_the_visitors_language_too(lobby: TestClient) -> None:
    """Joining a table that is gone, a host's button pressed by someone else, a rematch of a
    game not over: a page in Japanese, never the API's English."""
    response = lobby.post("/tables", data={"game": "imhotep", "num_seats": "2"})
    table = str(response.url).rsplit("/", 1)[1]
    lobby.cookies.clear()
    lobby.cookies.set("bodoge_lang", "ja")
    for path, form in (
        ("/t/nothing/join/abc", {"name": "はなこ"}),
        (f"/t/{table}/host/cancel", {}),
        (f"/t/{table}/host/seat/1", {"kind": "bot"}),
        (f"/t/{table}/sit", {"name": "はなこ"}),
    ):
        page = lobby.post(path, data=form, follow_redirects=False)
        assert 400 <= page.status_code < 500, path
        message = refusal(page.text)
        assert not re.search(r"[A-Za-z]{4,}", message), f"{path}: {message}"
        assert re.search(r"[ぁ-んァ-ン一-龥]", message), f"{path}: {message}"
