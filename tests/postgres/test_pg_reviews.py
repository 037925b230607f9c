"""Game reviews on PostgreSQL: the same checks as on SQLite (migration 0004, queue, restart)."""

from __future__ import annotations

from server import test_reviews as reviews


def test_reviews_run_are_capped_and_shown_on_postgres(pg_url: str) -> None:
    reviews.test_a_review_is_queued_run_and_shown_with_its_words_and_steps(pg_url)
    reviews.test_a_client_may_have_so_many_reviews_waiting_and_the_server_so_many(pg_url)


def test_reviews_survive_a_restart_on_postgres(pg_url: str) -> None:
    reviews.test_reviews_survive_a_restart_and_one_left_running_is_run_again(pg_url)
