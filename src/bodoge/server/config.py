"""Server settings: command-line flags first, then ``BODOGE_*`` environment variables.

Worker processes started by uvicorn read the environment, so ``bodoge serve``
writes its flags there before it starts them.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

DEFAULT_DATABASE = "sqlite:///bodoge.sqlite"
MAX_MESSAGE = 4096
"""Largest WebSocket message a client may send, in characters."""
MAX_BODY = 64 * 1024
"""Largest HTTP request body, in bytes (a table's set-up or a join is well under 2 kB)."""


@dataclass(frozen=True)
class Settings:
    database_url: str = DEFAULT_DATABASE
    bot_pause: float = 0.6
    """Seconds a bot waits before acting, so that people can follow."""
    migrate: bool = True
    dedicated: bool = False
    """The process does nothing but serve (``bodoge serve``): tune it for that.

    A dedicated server on an SQLite file also meets the other servers on
    that file (:mod:`bodoge.server.peers`): its workers, or another
    ``bodoge serve`` started on the same file.
    """
    workers: int = 1
    """Worker processes sharing the database (on SQLite they tell each other of changes)."""
    worker_index: int | None = None
    """Which of ``workers`` this process is (set by the front); ``None``: it owns every table.

    A table's bots are played only by the worker that owns the table
    (:func:`bodoge.server.front.worker_for`), the one its connections reach.
    """
    allow_origins: tuple[str, ...] = ()
    """Origins besides the server's own whose pages may use its WebSocket and forms
    (``https://games.example.org``: a deployment behind a proxy that changes the host)."""
    max_bot_seconds: float = 2.0
    """Longest a bot asked for from the network may think per decision."""
    max_bot_iterations: int = 20_000
    """Most playouts per decision of a bot asked for from the network.

    About what IS-MCTS runs in ``max_bot_seconds`` on the quicker games;
    the decision is cut at ``max_bot_seconds`` whatever its iterations.
    """
    api_docs: bool = False
    """Serve ``/openapi.json`` (the schema of the JSON API); off by default."""
    max_body: int = MAX_BODY
    """Largest request body, in bytes."""
    tables_per_minute: int = 20
    """Tables one client (address) may create per minute; 0: no limit."""
    waiting_per_client: int = 20
    """Tables waiting for players one client may have open at once; 0: no limit."""
    waiting_hours: float = 24.0
    """A table still waiting for players this long after it was made is removed; 0: never."""

    review_budget: str = ""
    """A game review's budget per decision, ``iterations=100,worlds=16,curve=6`` (missing
    keys: :data:`bodoge.server.reviews.DEFAULT_BUDGET`); ``BODOGE_REVIEW_BUDGET``."""
    reviews_per_client: int = 2
    """Reviews one client (address) may have waiting or running at once; 0: no limit."""
    reviews_per_table: int = 2
    """Reviews of one table waiting or running at once; 0: no limit."""
    review_queue: int = 10
    """Reviews the server holds waiting or running at once (the longest wait is this many
    reviews' time); 0: no limit."""
    review_decisions: int = 60
    """Most decisions a review judges, evenly spread over the game; 0: all."""
    review_points: int = 100
    """Most points of each curve a review draws, evenly spread over the game; 0: all."""
    review_seconds: float = 120.0
    """Longest a review runs (not counting its pauses for live bots), then it ends with
    what it has; 0: no limit."""

    @classmethod
    def from_env(cls) -> Settings:
        return cls(
            database_url=os.environ.get("BODOGE_DATABASE_URL", DEFAULT_DATABASE),
            bot_pause=float(os.environ.get("BODOGE_BOT_PAUSE", "0.6")),
            migrate=os.environ.get("BODOGE_MIGRATE", "1") != "0",
            dedicated=os.environ.get("BODOGE_DEDICATED", "0") == "1",
            workers=int(os.environ.get("BODOGE_WORKERS", "1")),
            worker_index=_optional_int(os.environ.get("BODOGE_WORKER_INDEX")),
            allow_origins=tuple(o for o in os.environ.get("BODOGE_ALLOW_ORIGINS", "").split() if o),
            max_bot_seconds=float(os.environ.get("BODOGE_MAX_BOT_SECONDS", "2")),
            max_bot_iterations=int(os.environ.get("BODOGE_MAX_BOT_ITERATIONS", "20000")),
            api_docs=os.environ.get("BODOGE_API_DOCS", "0") == "1",
            max_body=int(os.environ.get("BODOGE_MAX_BODY", str(MAX_BODY))),
            tables_per_minute=int(os.environ.get("BODOGE_TABLES_PER_MINUTE", "20")),
            waiting_per_client=int(os.environ.get("BODOGE_WAITING_PER_CLIENT", "20")),
            waiting_hours=float(os.environ.get("BODOGE_WAITING_HOURS", "24")),
            # not in to_env: ``bodoge serve`` has no flags for them, its workers inherit them
            review_budget=os.environ.get("BODOGE_REVIEW_BUDGET", ""),
            reviews_per_client=int(os.environ.get("BODOGE_REVIEWS_PER_CLIENT", "2")),
            reviews_per_table=int(os.environ.get("BODOGE_REVIEWS_PER_TABLE", "2")),
            review_queue=int(os.environ.get("BODOGE_REVIEW_QUEUE", "10")),
            review_decisions=int(os.environ.get("BODOGE_REVIEW_DECISIONS", "60")),
            review_points=int(os.environ.get("BODOGE_REVIEW_POINTS", "100")),
            review_seconds=float(os.environ.get("BODOGE_REVIEW_SECONDS", "120")),
        )

    def to_env(self) -> dict[str, str]:
        return {
            "BODOGE_DATABASE_URL": self.database_url,
            "BODOGE_BOT_PAUSE": str(self.bot_pause),
            "BODOGE_MIGRATE": "1" if self.migrate else "0",
            "BODOGE_DEDICATED": "1" if self.dedicated else "0",
            "BODOGE_WORKERS": str(self.workers),
            "BODOGE_ALLOW_ORIGINS": " ".join(self.allow_origins),
            "BODOGE_MAX_BOT_SECONDS": str(self.max_bot_seconds),
            "BODOGE_MAX_BOT_ITERATIONS": str(self.max_bot_iterations),
            "BODOGE_API_DOCS": "1" if self.api_docs else "0",
            "BODOGE_MAX_BODY": str(self.max_body),
            "BODOGE_TABLES_PER_MINUTE": str(self.tables_per_minute),
            "BODOGE_WAITING_PER_CLIENT": str(self.waiting_per_client),
            "BODOGE_WAITING_HOURS": str(self.waiting_hours),
        }


def _optional_int(text: str | None) -> int | None:
    return int(text) if text else None


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


POSTGRES_SCHEMES = ("postgresql://", "postgresql+psycopg://", "postgres://")


def is_postgres(url: str) -> bool:
    """Whether ``url`` names a PostgreSQL database.

    >>> is_postgres("postgresql://bodoge@localhost/bodoge"), is_postgres("sqlite:///x.sqlite")
    (True, False)
    """
    return url.startswith(POSTGRES_SCHEMES)


def is_in_memory(url: str) -> bool:
    """Whether an SQLite URL names a database that lives in one process's memory.

    >>> is_in_memory("sqlite://"), is_in_memory("sqlite:///:memory:")
    (True, True)
    >>> is_in_memory(DEFAULT_DATABASE)
    False
    """
    path = url.split("://", 1)[-1].removeprefix("/")
    return path in ("", ":memory:") or "mode=memory" in url
