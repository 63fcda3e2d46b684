"""An unchanged poll of a phone's table is answered before the session and the view, on the
ticket the view left (player_entry/poll_tickets.py), and only while nothing it vouches for
moved: the table, the link, the seats, the session."""

import datetime

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from player_entry.selectors import table_etag, table_view
from player_entry.services import player_link_revoke, table_entry_submit
from tests.tournaments.factories import PLAY_START, seated_table
from tournaments.models import Session, TableSession
from tournaments.services.hands import hand_record_win
from tournaments.services.sessions import session_start

STATE = "/me/table/state.json"


def polled(client, etag=None):
    headers = {"HTTP_IF_NONE_MATCH": etag} if etag else {}
    with CaptureQueriesContext(connection) as queries:
        response = client.get(STATE, **headers)
    return response, [query["sql"] for query in queries.captured_queries]


def test_an_unchanged_poll_after_the_first_costs_one_small_query_and_no_session(phone):
    client = phone("A")
    first, _sql = polled(client)
    assert first.status_code == 200

    again, sql = polled(client, first["ETag"])

    assert again.status_code == 304
    assert len(sql) == 1 and "tournaments_tablesession" in sql[0]  # the sheet's version
    assert "no-store" in again["Cache-Control"]


def test_a_poll_without_the_etag_or_from_an_unknown_session_goes_to_the_view(phone):
    client = phone("A")
    etag = polled(client)[0]["ETag"]
    whole, _sql = polled(client)  # no If-None-Match: the whole table
    assert whole.status_code == 200
    stranger = Client()
    stranger.cookies["sessionid"] = "no-such-session-key"
    refused, _sql = polled(stranger, etag)
    assert refused.status_code == 403


def test_an_entry_or_a_hand_at_the_table_is_shown_at_the_next_poll(
    phone, sheet, seated, django_capture_on_commit_callbacks
):
    client = phone("A")
    etag = polled(client)[0]["ETag"]
    hand_record_win(table_session=sheet, winner="D", discarder="C", points=8)
    changed, _sql = polled(client, etag)
    assert changed.status_code == 200 and changed["ETag"] != etag

    etag = changed["ETag"]
    sheet.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):  # the table's token moves on commit
        table_entry_submit(
            player=seated["B"],
            table_session=sheet,
            data={"outcome": "win", "winner": "B", "discarder": None, "points": 10, "flowers": 0},
            key="k" * 12,
            seen_version=sheet.version,
        )
    entered, _sql = polled(client, etag)
    assert entered.status_code == 200 and b'data-state=\\"pending\\"' in entered.content


def test_a_revoked_link_stops_its_phone_at_the_next_poll_though_the_table_is_unchanged(
    phone, seated, django_capture_on_commit_callbacks
):
    client = phone("A")
    etag = polled(client)[0]["ETag"]
    assert polled(client, etag)[0].status_code == 304

    with django_capture_on_commit_callbacks(execute=True):
        player_link_revoke(player=seated["A"])

    assert polled(client, etag)[0].status_code == 403


def test_a_new_session_started_takes_the_phone_to_its_new_table(
    phone, sheet, seated, django_capture_on_commit_callbacks
):
    seated_table(  # session 2 seated before: its start alone must move the phone
        sheet.session.tournament,
        session_number=2,
        table_number=2,
        players=[seated[p] for p in "DCBA"],
    )
    client = phone("A")
    etag = polled(client)[0]["ETag"]
    assert polled(client, etag)[0].status_code == 304

    with django_capture_on_commit_callbacks(execute=True):
        session_start(
            session=Session.objects.get(tournament=sheet.session.tournament, number=2),
            at=PLAY_START + datetime.timedelta(hours=3),
        )

    moved, _sql = polled(client, etag)
    assert moved.status_code == 200
    assert "Session 2" in moved.json()["html"]


def test_a_table_read_before_a_hand_is_tagged_with_what_it_read_so_the_next_poll_shows_it(
    phone, sheet, seated
):
    """The sheet's row read, then a hand recorded by the umpire, then the page drawn: its tag
    is the version read, so the phone's next poll is not answered "unchanged"."""
    read_before = TableSession.objects.get(pk=sheet.pk)
    hand_record_win(table_session=sheet, winner="D", discarder="C", points=8)

    view = table_view(sheet=read_before, player=seated["A"], open_to_hands=True)

    assert view.etag.startswith(f'"{read_before.version}.')
    assert view.etag != table_etag(sheet.pk)
