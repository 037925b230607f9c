"""On PostgreSQL too, a chat line keeps who wrote it after the seat changes hands."""

from __future__ import annotations

from server.test_chat_speaker import chat_keeps_its_writer


def test_a_chat_line_keeps_its_writer_on_postgres(pg_url: str) -> None:
    chat_keeps_its_writer(pg_url)
