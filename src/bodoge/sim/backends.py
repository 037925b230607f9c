"""Where simulated games run: in this process, or in local worker processes.

A backend maps a picklable, top-level function over a list of work items
and yields the results as they finish, in any order.  :func:`run_many`
hands it chunks of games and never depends on the order, so every backend
gives the same set of results.

The seam for a cluster: a Ray backend is a class with the same
``map_unordered`` method (submit ``ray.remote(fn).remote(item)`` for each
item, then ``ray.wait`` and yield), chosen by :func:`get_backend` when a
cluster address is named.  Nothing else in :mod:`bodoge.sim` changes.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Protocol, TypeVar

T = TypeVar("T")
R = TypeVar("R")


class Backend(Protocol):
    """Runs ``fn`` on every item and yields each result as soon as it is ready."""

    def map_unordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]: ...

    @property
    def workers(self) -> int:
        """How many items can run at once (for sizing chunks)."""
        ...


class InProcessBackend:
    """Runs everything here, one item after the other (``workers=1``)."""

    @property
    def workers(self) -> int:
        return 1

    def map_unordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        for item in items:
            yield fn(item)


class ProcessBackend:
    """Local worker processes (``concurrent.futures.ProcessPoolExecutor``).

    Workers are started with ``spawn`` by default: a clean interpreter that
    imports bodoge, safe even when the parent runs threads (a progress bar
    does).  Workers ignore Ctrl-C, which the parent handles: if the consumer
    stops early or is interrupted, pending work is cancelled and the workers
    end after their current item.
    """

    def __init__(self, workers: int, start_method: str = "spawn") -> None:
        if workers < 1:
            raise ValueError(f"a process backend needs at least one worker, not {workers}")
        self._workers = workers
        self.start_method = start_method

    @property
    def workers(self) -> int:
        return self._workers

    def map_unordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        if not items:
            return
        context = multiprocessing.get_context(self.start_method)
        pool = ProcessPoolExecutor(
            min(self._workers, len(items)), mp_context=context, initializer=_ignore_interrupts
        )
        try:
            pending: set[Future[R]] = {pool.submit(fn, item) for item in items}
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()
        finally:
            pool.shutdown(wait=True, cancel_futures=True)


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def cpu_count() -> int:
    """CPUs this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def get_backend(workers: int) -> Backend:
    """The local backend for ``workers`` processes (1: in this process; 0: one per CPU)."""
    if workers < 0:
        raise ValueError(f"workers must be 0 (one per CPU) or more, not {workers}")
    if workers == 0:
        workers = cpu_count()
    return InProcessBackend() if workers == 1 else ProcessBackend(workers)
