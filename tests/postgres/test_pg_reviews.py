"""Game reviews on PostgreSQL: the same checks as on SQLite (queue, restart, leases, limits)."""

from __future__ import annotations

from server import test_review_lease_child as lease_child
from server import test_reviews as reviews


def test_reviews_run_are_capped_and_shown_on_postgres(pg_url: str) -> None:
    reviews.test_a_review_is_queued_run_and_shown_with_its_words_and_steps(pg_url)
    reviews.test_a_client_may_have_so_many_reviews_waiting_and_the_server_so_many(pg_url)


def test_reviews_survive_a_restart_on_postgres(pg_url: str) -> None:
    reviews.test_reviews_survive_a_restart_and_one_left_running_is_run_again(pg_url)


def test_a_review_runs_once_across_servers_on_postgres(pg_url: str) -> None:
    reviews.test_a_review_runs_once_across_servers_sharing_a_database(pg_url)
    reviews.test_a_lease_is_taken_over_only_once_it_has_run_out(pg_url)


def test_reviews_in_part_and_of_no_move_on_postgres(pg_url: str) -> None:
    reviews.test_a_long_game_is_reviewed_in_part_within_the_servers_limits(pg_url)
    reviews.test_a_review_of_a_game_ended_before_any_move_is_empty_and_says_so(pg_url)


def test_a_review_process_ends_once_another_server_holds_it_on_postgres(pg_url: str) -> None:
    lease_child.child_ends_when_its_review_is_taken_over(pg_url)
