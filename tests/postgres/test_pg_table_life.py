"""Issue 26's table on PostgreSQL: the same checks as on SQLite, on one database."""

from __future__ import annotations

from fastapi.testclient import TestClient

from server import test_table_hardening as hardening
from server import test_table_life as life
from server import test_watch as watch
from server.serverkit import make_app


def test_clocks_host_open_tables_rematch_and_chat_on_postgres(pg_url: str) -> None:
    """Stand-in bots, the host's seats and revocations, open seats, rematch and chat."""
    with TestClient(make_app(pg_url)) as client:
        life.test_time_running_out_hands_the_seats_to_bots_which_finish_and_are_marked(client)
        life.test_the_host_makes_an_open_seat_a_bot_and_the_game_starts(client)
        life.test_a_revoked_invitation_no_longer_opens_the_seat(client)
        life.test_the_host_cancels_a_waiting_table_but_not_a_game(client)
        life.test_anyone_takes_a_free_seat_of_an_open_table_only(client)
        life.test_a_rematch_seats_the_same_people_turned_by_one(client)
        life.test_chat_reaches_everyone_and_spectators_only_read(client)
        life.test_a_change_announced_back_to_the_worker_that_made_it_is_not_pushed_again(client)


def test_deadlines_survive_a_restart_on_postgres(pg_url: str) -> None:
    life.test_a_restart_keeps_every_deadline(pg_url)


def test_a_revoke_racing_the_last_join_on_postgres(pg_url: str) -> None:
    """Revoke and join are one transaction each here too (the table row is locked)."""
    hardening.revoke_races_the_last_join(pg_url)


def test_who_may_watch_a_private_table_on_postgres(pg_url: str) -> None:
    """Migration 0005 on PostgreSQL, and the one check of every way of seeing a table."""
    with TestClient(make_app(pg_url)) as client:
        for live in (True, False):
            watch.test_a_players_only_table_refuses_a_stranger_everywhere_and_admits_its_people(
                client, live
            )
            client.cookies.clear()
            watch.test_a_link_table_admits_the_keys_holder_and_refuses_a_wrong_key(client, live)
            client.cookies.clear()
