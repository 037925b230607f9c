"""Names that read alike are one person's: invisible marks, capitals of other scripts,
look-alikes inside Latin, and the names the table itself shows are refused."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from bodoge.server import names

from .serverkit import SEALED, create, join_seat, table_json
from .test_table_hardening import THREE

INVISIBLE = [
    "Ann\ufe0f",  # VARIATION SELECTOR-16
    "Ann\ufe00",  # VARIATION SELECTOR-1
    "Ann\U000e0100",  # VARIATION SELECTOR-17
    "Ann\u180b",  # MONGOLIAN FREE VARIATION SELECTOR ONE
    "Ann\u180f",  # MONGOLIAN FREE VARIATION SELECTOR FOUR
    "Ann\U00016fe4",  # KHITAN SMALL SCRIPT FILLER
    "A\ufe0fn\ufe0fn",
]
CAPITALS = [
    ("Hans", "\u041dans"),  # Cyrillic
    ("Ben", "\u0412en"),
    ("Tom", "\u0422om"),
    ("Kai", "\u041aai"),
    ("Max", "\u041cax"),
    ("Nina", "\u039dina"),  # Greek
    ("Zoe", "\u0396oe"),
    ("Bob", "\u0392ob"),
    ("Mia", "\u039cia"),
    ("Kim", "\u039aim"),
    ("Tina", "\u03a4ina"),
    ("Hugo", "\u0397ugo"),
    ("Eva", "\u0395va"),
    ("Yuri", "\u03a5uri"),
    ("Hans", "\u041d\u0410NS"),
]
LATIN = [
    ("Alice", "AIice"),  # capital I for l
    ("Alice", "A\u01c0ice"),  # LATIN LETTER DENTAL CLICK
    ("Will", "WiII"),
    ("ann", "\u0251nn"),  # LATIN SMALL LETTER ALPHA
    ("Alice", "Ali\u0307ce"),  # a dot above the dotted i
]
SHOWN = [
    "Bot 2",
    "bot 2",
    "\uff22\uff4f\uff54\u3000\uff12",
    "ボット2",
    "Bot\u00a02",
    "open",
    "空席",
]


def refused(client: TestClient, first: str, second: str) -> None:
    """``second`` is refused beside ``first`` at a new table, and the seat stays open."""
    table = create(client, game=SEALED, seats=THREE, join=False)
    join_seat(client, table, 0, first)
    answer = client.post(
        f"/api/tables/{table.id}/join", json={"invite": table.invites[1], "name": second}
    )
    assert answer.status_code in (409, 422), (second, answer.text)
    assert answer.json()["error"]["code"] in ("name_taken", "bad_name")
    assert not table_json(client, table.id)["seats"][1]["filled"]


@pytest.mark.parametrize("second", INVISIBLE)
def test_a_name_with_invisible_marks_is_not_another(client: TestClient, second: str) -> None:
    refused(client, "Ann", second)


@pytest.mark.parametrize(("first", "second"), CAPITALS + LATIN)
def test_a_look_alike_name_is_refused(client: TestClient, first: str, second: str) -> None:
    refused(client, first, second)
    refused(client, second, first)


def test_the_invitation_form_and_sit_refuse_look_alikes_too(client: TestClient) -> None:
    table = create(client, game=SEALED, seats=THREE, join=False, listed=True)
    join_seat(client, table, 0, "Ann")
    for name in ("Ann\ufe0f", "\u0391nn", "\u0391NN"):
        form = client.post(f"/t/{table.id}/join/{table.invites[1]}", data={"name": name})
        assert form.status_code == 409, name
        sat = client.post(f"/api/tables/{table.id}/sit", json={"name": name})
        assert sat.status_code == 409 and sat.json()["error"]["code"] == "name_taken", name
    assert [seat["filled"] for seat in table_json(client, table.id)["seats"]] == [
        True,
        False,
        False,
    ]


@pytest.mark.parametrize("name", SHOWN)
def test_the_names_the_table_shows_are_nobodys(client: TestClient, name: str) -> None:
    table = create(client, game=SEALED, seats=("person", "random", "person"), join=False)
    answer = client.post(
        f"/api/tables/{table.id}/join", json={"invite": table.invites[0], "name": name}
    )
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "name_taken"
    assert not table_json(client, table.id)["seats"][0]["filled"]


def test_names_that_differ_to_the_eye_are_all_taken(client: TestClient) -> None:
    table = create(client, game=SEALED, seats=("person",) * 4, join=False)
    for seat, name in enumerate(["Bot", "Botan", "Opener", "Анна"]):
        join_seat(client, table, seat, name)


def test_the_skeleton_is_the_same_for_both_cases_and_every_script() -> None:
    hans = names.skeleton("Hans")
    assert names.skeleton("HANS") == names.skeleton("\u041d\u0410NS") == hans
    assert names.skeleton("\u043d\u0430ns") != hans  # small Cyrillic en reads as a small capital
