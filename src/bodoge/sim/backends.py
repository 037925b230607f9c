"""Where simulated games run: in this process, in local worker processes, or on Ray.

A backend maps a picklable, top-level function over a list of work items
and yields the results as they finish, in any order.  :func:`run_many`
hands it chunks of games and never depends on the order, so every backend
gives the same set of results.

:class:`RayBackend` runs the chunks as Ray tasks, on a local Ray instance
it starts (``bodoge sim --ray auto``) or on an existing cluster
(``--ray ADDRESS``).  Ray is an optional dependency (``bodoge[cluster]``);
without it, asking for Ray raises :class:`RayMissing`, which says how to
install it.  On a cluster every node needs the same bodoge installed.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, Protocol, TypeVar

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


RAY_INSTALL = "pip install 'ray>=2.9'"  # the cluster extra, from a checkout or not


class RayMissing(RuntimeError):
    """Ray was asked for and is not installed."""

    def __init__(self) -> None:
        super().__init__(f"Ray is not installed; install it with: {RAY_INSTALL}")


class RayBackend:
    """Chunks as Ray tasks: on a local instance (``address="auto"``) or a cluster.

    ``address="auto"`` starts a local Ray instance with ``num_cpus`` CPUs
    (all of them by default) and shuts it down on :meth:`close`; any other
    address (``ray://host:10001``, ``host:6379``) connects to a running
    cluster and leaves it running.  An already initialised Ray is used as it
    is.  Results are yielded as tasks finish (``ray.wait``); tasks still
    pending when the consumer stops are cancelled.
    """

    def __init__(self, address: str = "auto", num_cpus: int | None = None) -> None:
        try:
            import ray
        except ImportError:
            raise RayMissing() from None
        self._ray: Any = ray
        self._started = False
        if not self._ray.is_initialized():
            local = address == "auto"
            self._ray.init(
                address="local" if local else address,
                num_cpus=num_cpus if local else None,
                include_dashboard=False,
                log_to_driver=False,
                configure_logging=False,
            )
            self._started = True
        self._workers = max(1, int(self._ray.cluster_resources().get("CPU", 1)))
        self._remote: dict[Callable[..., object], Any] = {}

    @property
    def workers(self) -> int:
        return self._workers

    def map_unordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        ray = self._ray
        remote = self._remote.get(fn)
        if remote is None:
            remote = self._remote[fn] = ray.remote(fn)
        pending = [remote.remote(item) for item in items]
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for ref in done:
                    yield ray.get(ref)
        finally:
            for ref in pending:
                ray.cancel(ref)

    def close(self) -> None:
        """Shut down the Ray instance this backend started (not a cluster it joined)."""
        if self._started:
            self._ray.shutdown()
            self._started = False
