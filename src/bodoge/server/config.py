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

    @classmethod
    def from_env(cls) -> Settings:
        return cls(
            database_url=os.environ.get("BODOGE_DATABASE_URL", DEFAULT_DATABASE),
            bot_pause=float(os.environ.get("BODOGE_BOT_PAUSE", "0.6")),
            migrate=os.environ.get("BODOGE_MIGRATE", "1") != "0",
            dedicated=os.environ.get("BODOGE_DEDICATED", "0") == "1",
            workers=int(os.environ.get("BODOGE_WORKERS", "1")),
        )

    def to_env(self) -> dict[str, str]:
        return {
            "BODOGE_DATABASE_URL": self.database_url,
            "BODOGE_BOT_PAUSE": str(self.bot_pause),
            "BODOGE_MIGRATE": "1" if self.migrate else "0",
            "BODOGE_DEDICATED": "1" if self.dedicated else "0",
            "BODOGE_WORKERS": str(self.workers),
        }


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
