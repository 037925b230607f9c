"""A review's process ends by itself once another server holds its review, however
frozen its own server is: it reads the lease, not its server."""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

from sqlalchemy import update

from bodoge.server import Settings, create_app
from bodoge.server.db import Store, now
from bodoge.server.reviews import REVIEWS, claim, read

from .serverkit import create, wait_status
from .test_reviews import process_state, running, wait_for

SLOW = "iterations=100000000,worlds=10000,candidates=4,curve=0"
"""A review budget no test waits out: the review is still running when it is taken over."""


def frozen_worker(worker: Any, freeze: threading.Event, thaw: threading.Event) -> None:
    """From ``freeze`` on, the worker's thread stops dead where it holds its lease (it
    neither renews it nor reads its child) until ``thaw``: a server frozen mid-review."""
    hold = worker._hold

    def held(table_id: str, seat: int, renewed: float) -> float:
        if freeze.is_set():
            thaw.wait()
        return hold(table_id, seat, renewed)

    worker._hold = held


def child_ends_when_its_review_is_taken_over(db_url: str) -> None:
    app = create_app(Settings(database_url=db_url, bot_pause=0, review_budget=SLOW))
    freeze, thaw = threading.Event(), threading.Event()
    with running(app) as client:
        table = create(client, "egyptian-bride", seats=("random",) * 3)
        wait_status(client, table.id, "over")
        table_id = table.id
        worker = app.state.reviews
        frozen_worker(worker, freeze, thaw)
        assert client.post(f"/t/{table_id}/reviews", json={"seat": 0}).status_code == 202
        child = wait_for(lambda: worker.child, "the review's process")
        freeze.set()
        other = Store(db_url)
        try:
            with other.engine.begin() as connection:  # the frozen server's lease ran out
                connection.execute(update(REVIEWS).values(lease_until=now() - timedelta(seconds=1)))
            assert claim(other, "another:1:0", 600) == (table_id, 0)
            wait_for(lambda: process_state(child.pid) in ("", "Z"), "the child ending by itself")
            assert read(other, table_id, 0)["status"] == "running"  # type: ignore[index]
        finally:
            thaw.set()
            other.close()


def test_a_review_process_ends_once_another_server_holds_its_review(db_url: str) -> None:
    child_ends_when_its_review_is_taken_over(db_url)
