"""Game reviews asked for from the replay page: queue, caps, permission, restart, JSON shape."""

from __future__ import annotations

import asyncio
import html
import multiprocessing
import re
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, inspect, update

import bodoge
from bodoge.server import Settings, create_app
from bodoge.server import reviews as reviews_module
from bodoge.server.db import MIGRATIONS, SEATS, Store, migrate, normalise_url, now
from bodoge.server.hub import Hub
from bodoge.server.reviews import REVIEWS, RUNNING, ask, claim, renew

from .serverkit import SEALED, create, host, wait_status

TINY = "iterations=4,worlds=2,candidates=2,curve=1"


def review_app(db_url: str, per_client: int = 2, queue: int = 20, **limits: Any) -> FastAPI:
    """An app whose reviews are quick; ``limits``: ``review_decisions`` and the like."""
    settings = Settings(
        database_url=db_url,
        bot_pause=0,
        review_budget=TINY,
        reviews_per_client=per_client,
        review_queue=queue,
        **limits,
    )
    return create_app(settings)


@contextmanager
def running(app: FastAPI, address: str = "testclient") -> Iterator[TestClient]:
    with TestClient(app, client=(address, 50000)) as client:
        yield client


def finished_game(client: TestClient, seats: tuple[str, ...] = ("random", "random")) -> str:
    table = create(client, SEALED, seats=seats)
    wait_status(client, table.id, "over")
    return table.id


def wait_review(client: TestClient, table_id: str, seat: int, status: str) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        answer = client.get(f"/t/{table_id}/reviews/{seat}")
        assert answer.status_code == 200, answer.text
        body: dict[str, Any] = answer.json()
        if body["status"] == status:
            return body
        assert body["status"] != "failed", body["error"]
        time.sleep(0.02)
    raise AssertionError(f"the review of seat {seat} did not become {status!r}")


def step_counter(page: str, step: int) -> str:
    """What the replay page's step counter reads at ``step`` (replay.js fills its template)."""
    found = re.search(r'data-testid="step" data-template="([^"]*)"', page)
    assert found, "the replay page has a step counter"
    return html.unescape(found[1]).replace("{step}", str(step))


def first_number(text: str) -> int:
    found = re.search(r"\d+", text)
    assert found, text
    return int(found[0])


def hold_bots(app: FastAPI, thinking: int) -> None:
    """Pretend live bots are (or no longer are) thinking: the review worker gives way."""
    app.state.hub.thinking = thinking


def test_a_review_is_queued_run_and_shown_with_its_words_and_steps(db_url: str) -> None:
    with running(review_app(db_url)) as client:
        table_id = finished_game(client)
        asked = client.post(f"/t/{table_id}/reviews", json={"seat": 1})
        assert asked.status_code == 202, asked.text
        assert asked.json()["status"] in ("queued", "running", "done")
        body = wait_review(client, table_id, 1, "done")
        review = body["review"]
        assert body["done"] == body["total"] > 0
        assert review["seat"] == 1 and review["game"] == SEALED
        assert review["budget"]["iterations"] == 4 and review["budget"]["worlds"] == 2
        assert len(review["curves"]) == 2
        assert len(review["curves"][0]) == review["actions"] + 1
        assert review["judgements"], "every bid is a decision with several choices"
        pages = {
            lang: client.get(f"/t/{table_id}/replay", headers={"Accept-Language": lang}).text
            for lang in ("ja", "en")
        }
        assert ">検討する席を選んでください<" in pages["ja"]  # a visitor with no seat here
        for judgement in review["judgements"]:
            assert judgement["seat"] == 1
            assert 0 <= judgement["replay_step"] <= judgement["step"]
            assert "%" in judgement["said"]["en"] and "手目" in judgement["said"]["ja"]
            for lang, page in pages.items():
                # the sentence names the step it chose, numbered as the replay numbers its
                # steps (the first is 1); the counter shows the board it was chosen on
                counter = step_counter(page, judgement["replay_step"])
                assert first_number(judgement["said"][lang]) == first_number(counter) + 1, counter
            # a bot played seat 2: its review names it rather than telling the reader "you"
            assert (
                "Bot 2 played" in judgement["said"]["en"] and "you" not in judgement["said"]["en"]
            )
            assert "ボット2 は " in judgement["said"]["ja"]
        assert review["bot"] is True
        record = client.get(f"/api/tables/{table_id}/record").json()
        assert record["meta"]["bots"] == [0, 1]
        assert set(review["summary"]) == {"ja", "en"}
        again = client.post(f"/t/{table_id}/reviews", json={"seat": 1})
        assert again.status_code == 200 and again.json()["status"] == "done"
        assert again.json()["review"] == review  # asked again: the stored one, not a new run


def test_reviews_are_refused_with_typed_errors_in_both_languages(db_url: str) -> None:
    with running(review_app(db_url)) as client:
        table_id = finished_game(client)
        playing = create(client, SEALED, seats=("person", "person"))
        cases = [
            ("/t/nosuchtable/reviews", {"seat": 0}, 404, "not_found"),
            ("/t/bad%00id/reviews", {"seat": 0}, 404, "not_found"),
            (f"/t/{playing.id}/reviews", {"seat": 0}, 403, "not_over"),
            (f"/t/{table_id}/reviews", {"seat": 2}, 422, "bad_seat"),
            (f"/t/{table_id}/reviews", {"seat": -1}, 422, "bad_seat"),
            (f"/t/{table_id}/reviews", {"seat": "x"}, 422, "bad_request"),
            (f"/t/{table_id}/reviews", {}, 422, "bad_request"),
            (f"/t/{table_id}/reviews", {"seat": 10**30}, 422, "bad_request"),
        ]
        for path, body, status, code in cases:
            answer = client.post(path, json=body)
            assert answer.status_code == status, (path, body, answer.text)
            assert answer.json()["error"]["code"] == code, (path, body)
        japanese = client.post(
            f"/t/{playing.id}/reviews", json={"seat": 0}, headers={"Accept-Language": "ja"}
        )
        assert "対局が終わってから" in japanese.json()["error"]["message"]
        never = client.get(f"/t/{table_id}/reviews/0")
        assert never.status_code == 200 and never.json()["status"] == "none"
        assert client.get(f"/t/{table_id}/reviews/7").json()["error"]["code"] == "bad_seat"
        assert client.get(f"/t/{playing.id}/reviews/0").json()["error"]["code"] == "not_over"
        assert client.get(f"/t/{table_id}/reviews/0").json()["status"] == "none"  # none queued


def as_client(client: TestClient, address: str) -> None:
    """Send the test client's next requests from another address (one app, one event loop)."""
    client._transport.client = (address, 50000)  # type: ignore[attr-defined]


def test_a_client_may_have_so_many_reviews_waiting_and_the_server_so_many(db_url: str) -> None:
    app = review_app(db_url, per_client=1, queue=2)
    with running(app) as client:
        first = finished_game(client)
        second = finished_game(client)
        hold_bots(app, 1)  # the worker gives way after its first position: nothing finishes
        assert client.post(f"/t/{first}/reviews", json={"seat": 0}).status_code == 202
        refused = client.post(f"/t/{first}/reviews", json={"seat": 1})
        assert refused.status_code == 429 and refused.json()["error"]["code"] == "per_client"
        as_client(client, "10.0.0.2")
        assert client.post(f"/t/{first}/reviews", json={"seat": 1}).status_code == 202
        as_client(client, "10.0.0.3")
        full = client.post(f"/t/{second}/reviews", json={"seat": 0})
        assert full.status_code == 429 and full.json()["error"]["code"] == "queue_full"
        assert client.get(f"/t/{second}/reviews/0").json()["status"] == "none"  # not stored
        hold_bots(app, 0)  # live play is done: the queue drains
        wait_review(client, first, 0, "done")
        wait_review(client, first, 1, "done")
        assert client.post(f"/t/{second}/reviews", json={"seat": 0}).status_code == 202
        wait_review(client, second, 0, "done")


def test_reviews_survive_a_restart_and_one_left_running_is_run_again(db_url: str) -> None:
    app = review_app(db_url)
    with running(app) as client:
        table_id = finished_game(client)
        hold_bots(app, 1)
        assert client.post(f"/t/{table_id}/reviews", json={"seat": 0}).status_code == 202
        client.post(f"/t/{table_id}/reviews", json={"seat": 1})
        wait_review(client, table_id, 0, "running")
        watch_cookies = dict(client.cookies)  # the private table's watch key, as a browser keeps it
    # the server stopped mid-review; a server that died leaves a row running, its lease run out
    store = app.state.store
    store.open()
    lapsed = {"status": RUNNING, "owner": "gone:1:0", "lease_until": now() - timedelta(seconds=1)}
    with store.engine.begin() as connection:
        connection.execute(update(REVIEWS).where(REVIEWS.c.seat == 1).values(**lapsed))
    store.close()
    with running(review_app(db_url)) as client:
        client.cookies.update(watch_cookies)
        first = wait_review(client, table_id, 0, "done")
        second = wait_review(client, table_id, 1, "done")
    with running(review_app(db_url)) as client:  # and a finished review is kept as it was
        client.cookies.update(watch_cookies)
        assert client.get(f"/t/{table_id}/reviews/0").json() == first
        assert client.get(f"/t/{table_id}/reviews/1").json() == second


def test_the_replay_page_offers_any_seat_by_name_and_the_visitors_own_as_theirs(
    db_url: str,
) -> None:
    with running(review_app(db_url)) as client:
        table = create(client, SEALED, seats=("random", "person"), grace=1, stand_in="random")
        wait_status(client, table.id, "over")  # the absent person's seat was played by a bot
        own = client.get(f"/t/{table.id}/replay", params={"token": table.tokens[1]}).text
        assert re.search(r'<option value="1" data-ask="Review my play"[^>]*selected>', own)
        assert 'data-ask="Review Bot 1&#39;s play"' in own
        assert 'data-testid="review-ask">Review my play<' in own
        anyone = client.get(f"/t/{table.id}/replay").text
        seats = anyone.split('data-testid="review-seat">')[1].split("</select>")[0]
        assert '<option value="" selected>' in seats and seats.count("selected") == 1
        assert 'data-ask="Review Player 1&#39;s play"' in seats and "my play" not in seats
        assert re.search(r'data-testid="review-ask" disabled>Choose a seat to review<', anyone)
        japanese = client.get(f"/t/{table.id}/replay", headers={"Accept-Language": "ja"}).text
        assert 'data-ask="Player 1の手を検討する"' in japanese
        assert 'data-ask="ボット1の手を検討する"' in japanese


ASK_BOTS = {
    "en": (["Review Bot 1's play", "Review Bot 2's play"], "Review the bot's play (Hal)"),
    "ja": (["ボット1の手を検討する", "ボット2の手を検討する"], "ボット（Hal）の手を検討する"),
}


def asks(client: TestClient, table_id: str, lang: str) -> list[str]:
    """The words of the replay page's review button for each seat, in seat order."""
    page = client.get(f"/t/{table_id}/replay", headers={"Accept-Language": lang}).text
    return [html.unescape(ask) for ask in re.findall(r'data-ask="([^"]*)"', page)]


def test_a_bots_button_says_bot_once_and_a_named_bot_is_still_told_as_a_bot(
    db_url: str,
) -> None:
    """A bot nobody named is ``Bot 2`` / ``ボット2``, a name that says it is a bot already;
    a bot with another name is told as a bot, in either language."""
    app = review_app(db_url)
    with running(app) as client:
        table_id = finished_game(client)
        for lang, (unnamed, _) in ASK_BOTS.items():
            assert asks(client, table_id, lang) == unnamed
        watch_cookies = dict(client.cookies)
    store = app.state.store
    store.open()
    with store.engine.begin() as connection:
        connection.execute(
            update(SEATS).where(SEATS.c.table_id == table_id, SEATS.c.seat == 1).values(name="Hal")
        )
    store.close()
    with running(review_app(db_url)) as client:
        client.cookies.update(watch_cookies)
        for lang, (unnamed, named) in ASK_BOTS.items():
            assert asks(client, table_id, lang) == [unnamed[0], named]


def test_a_review_of_a_persons_seat_names_them_never_you(db_url: str) -> None:
    """A stored review is read by whoever may replay the game: a person's seat is named."""
    with running(review_app(db_url)) as client:
        table = create(client, SEALED, seats=("random", "person"), grace=1, stand_in="random")
        wait_status(client, table.id, "over")
        assert client.post(f"/t/{table.id}/reviews", json={"seat": 1}).status_code == 202
        review = wait_review(client, table.id, 1, "done")["review"]
        assert review["bot"] is False and review["judgements"]
        for judgement in review["judgements"]:
            assert "Player 1 played" in judgement["said"]["en"], judgement["said"]["en"]
            assert "you" not in judgement["said"]["en"]
            assert "Player 1 は " in judgement["said"]["ja"]


def test_a_table_the_visitor_may_not_see_has_no_review_for_them(db_url: str) -> None:
    with running(review_app(db_url)) as client:
        table = create(client, SEALED, seats=("random", "random"), listed=False)
        wait_status(client, table.id, "over")
        stranger = TestClient(client.app, client=("stranger", 50000))
        for answer in (
            stranger.post(f"/t/{table.id}/reviews", json={"seat": 0}),
            stranger.get(f"/t/{table.id}/reviews/0"),
        ):
            assert answer.status_code == 403 and answer.json()["error"]["code"] == "not_allowed"
        for path, status, code in (
            (f"/t/{table.id}/reviews/-1", 422, "bad_seat"),
            (f"/t/{table.id}/reviews/{10**30}", 422, "bad_seat"),
            (f"/t/{table.id}/reviews/x", 422, "bad_request"),
        ):
            answer = client.get(path)  # the client holds the watch link
            assert answer.status_code == status and answer.json()["error"]["code"] == code, path


def test_migration_0004_adds_and_removes_the_reviews_table(db_url: str) -> None:
    def tables() -> set[str]:
        engine = create_engine(normalise_url(db_url))
        try:
            return set(inspect(engine).get_table_names())
        finally:
            engine.dispose()

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", normalise_url(db_url))
    migrate(db_url)
    assert "reviews" in tables()
    command.downgrade(config, "0003")
    assert "reviews" not in tables() and "chat_messages" in tables()
    migrate(db_url)
    assert "reviews" in tables()


def test_the_hub_counts_the_bots_thinking_so_that_reviews_give_way(db_url: str) -> None:
    """``Hub.thinking`` is what the review worker waits on: up while a bot decides, then down."""
    state = bodoge.get_game("egyptian-bride").new_game(3, seed=1)
    seat = state.to_act[0]
    started, release = threading.Event(), threading.Event()

    class SlowBot:  # not a RandomBot: those decide at once, without the bot pool
        def choose(self, state: Any, seat: int) -> Any:
            started.set()
            release.wait(60)
            return state.legal_actions(seat)[0]

    async def decide() -> None:
        hub = Hub(Store(db_url))
        hub.bot_pool = ThreadPoolExecutor(1)
        assert hub.thinking == 0
        choice = asyncio.create_task(hub._choose(SlowBot(), None, state, seat))  # type: ignore[arg-type]
        await asyncio.to_thread(started.wait, 60)
        assert hub.thinking == 1
        release.set()
        assert await choice in state.legal_actions(seat)
        assert hub.thinking == 0
        hub.bot_pool.shutdown()
        hub.store.close()

    asyncio.run(decide())


def test_a_failed_review_says_why_and_may_be_asked_for_again(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    stored = reviews_module.stored_record

    def broken(store: Store, table_id: str) -> tuple[dict[str, Any], int, reviews_module.Names]:
        """The record as a damaged database would give it: the child's review fails."""
        record, seed, names = stored(store, table_id)
        record["actions"][0][1] = {"type": "nonsense"}
        return record, seed, names

    with running(review_app(db_url)) as client:
        table_id = finished_game(client)
        with monkeypatch.context() as patch:
            patch.setattr(reviews_module, "stored_record", broken)
            assert client.post(f"/t/{table_id}/reviews", json={"seat": 0}).status_code == 202
            failed = wait_review(client, table_id, 0, "failed")
        assert "nonsense" in failed["error"] and failed["review"] is None
        again = client.post(f"/t/{table_id}/reviews", json={"seat": 0})
        assert again.status_code == 202 and again.json()["status"] in ("queued", "running", "done")
        assert wait_review(client, table_id, 0, "done")["review"]["seat"] == 0


def process_state(pid: int) -> str:
    """The state letter of a process (``T``: stopped; empty once it is gone), from /proc."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return ""


def wait_for(test: Any, what: str) -> Any:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        value = test()
        if value:
            return value
        time.sleep(0.01)
    raise AssertionError(f"{what} did not happen")


def test_a_review_under_way_is_stopped_while_live_bots_think(db_url: str) -> None:
    app = review_app(db_url)
    with running(app) as client:
        table_id = finished_game(client)
        worker = app.state.reviews
        assert client.post(f"/t/{table_id}/reviews", json={"seat": 0}).status_code == 202
        child = wait_for(lambda: worker.child, "the review's process")
        hold_bots(app, 1)
        wait_for(lambda: process_state(child.pid) == "T", "stopping the review")
        assert client.get(f"/t/{table_id}/reviews/0").json()["status"] == "running"
        hold_bots(app, 0)
        wait_for(lambda: process_state(child.pid) != "T", "continuing the review")
        wait_review(client, table_id, 0, "done")


def test_a_review_of_a_game_ended_before_any_move_is_empty_and_says_so(db_url: str) -> None:
    with running(review_app(db_url)) as client:
        table = create(client, SEALED, seats=("person", "person"))
        ended = client.post(f"/api/tables/{table.id}/end", headers=host(table))
        assert ended.status_code == 200, ended.text
        assert client.post(f"/t/{table.id}/reviews", json={"seat": 0}).status_code == 202
        review = wait_review(client, table.id, 0, "done")["review"]
        assert review["judgements"] == [] and review["actions"] == 0
        assert review["partial"] is False
        assert review["note"]["en"] == (
            "The game ended before any move: there is no decision to review."
        )
        assert "1手も指されずに終わりました" in review["note"]["ja"]
        assert review["summary"]["en"] == [review["note"]["en"]]


def test_a_long_game_is_reviewed_in_part_within_the_servers_limits(db_url: str) -> None:
    app = review_app(db_url, review_decisions=2, review_points=3)
    with running(app) as client:
        table_id = finished_game(client)
        assert client.post(f"/t/{table_id}/reviews", json={"seat": 0}).status_code == 202
        review = wait_review(client, table_id, 0, "done")["review"]
        coverage = review["coverage"]
        assert review["partial"] is True and coverage["of_decisions"] > 2
        assert coverage == {
            "decisions": 2,
            "of_decisions": coverage["of_decisions"],
            "points": 3,
            "of_points": review["actions"] + 1,
            "stopped": False,
        }
        assert len(review["judgements"]) == 2 and [len(c) for c in review["curves"]] == [3, 3]
        assert review["note"]["en"].startswith(
            f"A partial review: 2 of the {coverage['of_decisions']} decisions"
        )
        assert "一部だけの検討です" in review["note"]["ja"]


def test_a_review_ends_with_what_it_has_when_its_time_is_up(db_url: str) -> None:
    """The time counts from the child's start: a tiny limit is up before its first position."""
    app = review_app(db_url, review_seconds=0.01)
    with running(app) as client:
        table_id = finished_game(client)
        assert client.post(f"/t/{table_id}/reviews", json={"seat": 1}).status_code == 202
        review = wait_review(client, table_id, 1, "done")["review"]
        assert review["partial"] is True and review["coverage"]["stopped"] is True
        assert review["coverage"]["decisions"] < review["coverage"]["of_decisions"]
        assert "The review's time limit cut it short." in review["note"]["en"]
        assert "打ち切りました" in review["note"]["ja"]


def test_a_review_runs_once_across_servers_sharing_a_database(db_url: str) -> None:
    """A second server started on the database while the first runs a review leaves it
    alone: the first holds its lease (a blind re-queue at start-up ran it twice)."""
    first = review_app(db_url)
    with running(first) as client:
        table_id = finished_game(client)
        hold_bots(first, 1)  # the first server's review waits, running, for live play
        assert client.post(f"/t/{table_id}/reviews", json={"seat": 0}).status_code == 202
        wait_review(client, table_id, 0, "running")
        second = review_app(db_url)
        with running(second, "10.0.0.2") as other:
            other.cookies.update(client.cookies)
            worker = second.state.reviews
            wait_for(lambda: worker.looked >= 3, "the second server looking for work")
            assert worker.started == 0
            assert other.get(f"/t/{table_id}/reviews/0").json()["status"] == "running"
            hold_bots(first, 0)
            wait_review(client, table_id, 0, "done")
            assert worker.started == 0
        assert first.state.reviews.started == 1


def test_a_lease_is_taken_over_only_once_it_has_run_out(db_url: str) -> None:
    with running(review_app(db_url)) as client:
        table_id = finished_game(client)
        store = Store(db_url)
    try:
        assert ask(store, table_id, 0, "10.0.0.1", 2, 20, "en")
        assert claim(store, "first", 60) == (table_id, 0)
        assert claim(store, "second", 60) is None  # held: never taken
        assert renew(store, table_id, 0, "first", 60)
        assert not renew(store, table_id, 0, "second", 60)
        with store.engine.begin() as connection:  # the first server died a while ago
            connection.execute(update(REVIEWS).values(lease_until=now() - timedelta(seconds=1)))
        assert claim(store, "second", 60) == (table_id, 0)
        assert claim(store, "third", 60) is None
        assert not renew(store, table_id, 0, "first", 60)  # its writes change nothing now
        assert reviews_module._set(store, table_id, 0, "second", done=3)
        assert not reviews_module._set(store, table_id, 0, "first", done=1)
        assert reviews_module.read(store, table_id, 0)["done"] == 3  # type: ignore[index]
    finally:
        store.close()


def test_a_review_past_its_time_is_told_once_then_ended_if_it_overruns(db_url: str) -> None:
    """The worker's clock counts the review's running time: at ``seconds`` the child is told
    to end with what it has, and past the overtime the worker gives up on it."""
    worker = reviews_module.ReviewWorker(
        Store(db_url), reviews_module.DEFAULT_BUDGET, bool, seconds=5
    )
    ours, theirs = multiprocessing.Pipe()
    clock = reviews_module.Stopwatch()
    clock.pause(True)  # a stopped review's time does not count
    assert worker._mind_time(ours, clock, told=False) is False and not theirs.poll()
    clock.ran = 5.0
    assert worker._mind_time(ours, clock, told=False) is True
    assert theirs.recv() == "enough"
    assert worker._mind_time(ours, clock, told=True) is True and not theirs.poll()  # told once
    clock.ran = 5.0 + reviews_module.OVERTIME_SECONDS
    with pytest.raises(bodoge.BodogeError, match="longer than 5 s"):
        worker._mind_time(ours, clock, told=True)
    worker.store.close()
