"""The review queue is fair: bounded per table as per address, every address's first
review before anyone's second, and a waiting review says how long it may wait."""

from __future__ import annotations

import math

from bodoge.server.config import Settings
from bodoge.server.db import Store
from bodoge.server.reviews import OVERTIME_SECONDS, ask, claim, read

from .test_reviews import as_client, finished_game, hold_bots, review_app, running


def test_every_address_s_first_review_goes_before_anyone_s_second(db_url: str) -> None:
    with running(review_app(db_url)) as client:
        first = finished_game(client)
        second = finished_game(client)
    store = Store(db_url)
    seconds = Settings().review_seconds
    try:
        assert ask(store, first, 0, "10.0.0.1", 2, 10, "en", 2)
        assert ask(store, first, 1, "10.0.0.1", 2, 10, "en", 2)
        assert ask(store, second, 0, "10.0.0.2", 2, 10, "en", 2)  # asked last, its first
        waits = {(t, s): read(store, t, s, seconds) for t, s in ((first, 1), (second, 0))}
        assert {key: shown["ahead"] for key, shown in waits.items()} == {  # type: ignore[index]
            (first, 1): 2,
            (second, 0): 1,
        }
        longest = math.ceil(3 * (seconds + OVERTIME_SECONDS) / 60)
        assert waits[(first, 1)]["minutes"] == longest  # type: ignore[index]
        taken = [claim(store, "one", 60) for _ in range(3)]
        assert taken == [(first, 0), (second, 0), (first, 1)]
        assert "ahead" not in read(store, first, 0, seconds)  # type: ignore[operator]
    finally:
        store.close()


def test_a_table_has_so_many_reviews_at_a_time_and_the_asker_is_told_the_wait(
    db_url: str,
) -> None:
    app = review_app(db_url, per_client=2, queue=10)
    with running(app) as client:
        table_id = finished_game(client, seats=("random",) * 3)
        hold_bots(app, 1)  # live play holds the worker: nothing finishes
        asked = client.post(f"/t/{table_id}/reviews", json={"seat": 0})
        assert asked.status_code == 202
        as_client(client, "10.0.0.2")
        second = client.post(f"/t/{table_id}/reviews", json={"seat": 1})
        assert second.status_code == 202
        assert second.json()["ahead"] == 1 and second.json()["minutes"] >= 1
        as_client(client, "10.0.0.3")
        for lang, words in (("en", "reviews of this table"), ("ja", "この卓の検討")):
            refused = client.post(
                f"/t/{table_id}/reviews", json={"seat": 2}, headers={"accept-language": lang}
            )
            assert refused.status_code == 429 and refused.json()["error"]["code"] == "per_table"
            assert words in refused.json()["error"]["message"]
        assert client.get(f"/t/{table_id}/reviews/2").json()["status"] == "none"
        hold_bots(app, 0)
