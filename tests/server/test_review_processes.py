"""A review's process never outlives its server, even stopped while live bots think.

A real ``bodoge serve`` runs a review; then the bots of a live table think,
so the server stops the review's process (SIGSTOP); the test kills the
process that started it with SIGKILL (the server, or with ``--workers 2`` its
worker) and waits for the review's process to be gone.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from bodoge.server.front import worker_for
from patience import PATIENCE
from workers import http_call, serve

SLOW = "iterations=100000,worlds=10000,candidates=4,curve=0"
"""A review budget no test waits out: the review is still running when its server dies."""


def stat(pid: int) -> list[str]:
    """The fields of ``/proc/<pid>/stat`` after the name: state, parent, …; [] once gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return []


def gone(pid: int) -> bool:
    """Ended: no such process, or a zombie (it holds nothing; its new parent reaps it)."""
    fields = stat(pid)
    return not fields or fields[0] in ("Z", "X")


def wait_until(test: Callable[[], object], what: str) -> object:
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        if value := test():
            return value
        time.sleep(0.05)
    raise AssertionError(f"{what} did not happen in {PATIENCE:g} s")


def descendants(pid: int) -> set[int]:
    """Every process under ``pid``, whichever of its threads started it."""
    found = set()
    for children in Path(f"/proc/{pid}/task").glob("*/children"):
        with contextlib.suppress(OSError):
            for child in map(int, children.read_text().split()):
                found |= {child, *descendants(child)}
    return found


def spawned(server: int) -> set[int]:
    """The processes under ``server`` that multiprocessing spawned (not its resource
    tracker), once they run Python's own code rather than a copy of the server's."""
    found = set()
    for pid in descendants(server):
        with contextlib.suppress(OSError):
            if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes():
                found.add(pid)
    return found


def bots_table(port: int, bot: str) -> str:
    """An open table of three bots, playing."""
    seats = [{"kind": "bot", "bot": bot}] * 3
    created = http_call(
        port, "POST", "/api/tables", {"game": "egyptian-bride", "seats": seats, "listed": True}
    )
    table_id: str = created["table"]["id"]
    return table_id


def thinking_on_every_worker(port: int, workers: int) -> None:
    """Tables of bots that think a second a move, until every worker plays one: any worker
    may have claimed the review, and a review gives way to its own process's bots."""
    covered: set[int] = set()
    for _ in range(20 * workers):
        covered.add(worker_for(bots_table(port, "ismcts:seconds=1"), workers))
        if len(covered) == workers:
            return
    raise AssertionError(f"20 tables a worker left workers {set(range(workers)) - covered} idle")


def finished_table(port: int) -> str:
    """An open table of three random bots, played to its end."""
    table_id = bots_table(port, "random")
    wait_until(
        lambda: http_call(port, "GET", f"/api/tables/{table_id}")["status"] == "over",
        "the bots' game ending",
    )
    return table_id


@pytest.mark.parametrize("workers", [1, 2])
def test_a_stopped_review_ends_when_its_server_is_killed(tmp_path: Path, workers: int) -> None:
    settings = {"BODOGE_REVIEW_BUDGET": SLOW, "BODOGE_REVIEW_SECONDS": "0"}
    with serve(f"sqlite:///{tmp_path / 'db.sqlite'}", workers, settings) as server:
        table_id = finished_table(server.port)
        workers_before = spawned(server.pid)  # with --workers 2, the workers are too
        http_call(server.port, "POST", f"/t/{table_id}/reviews", {"seat": 0})
        found = wait_until(
            lambda: spawned(server.pid) - workers_before, "the review's process starting"
        )
        assert isinstance(found, set) and len(found) == 1, found
        (child,) = found
        try:
            thinking_on_every_worker(server.port, workers)
            wait_until(lambda: stat(child)[:1] == ["T"], "the server stopping the review")
            parent = int(stat(child)[1])
            assert parent == server.pid or parent in descendants(server.pid)
            os.kill(parent, signal.SIGKILL)
            wait_until(lambda: gone(child), "the stopped review's process ending with its server")
        finally:  # a process left behind would keep the server's output open
            if not gone(child):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(child, signal.SIGKILL)
