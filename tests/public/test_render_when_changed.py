"""The chart and a session's tables are rendered again only when what they show changes
(issue #31): a hand at any table gives the tournament a new version, but the chart and the
pages of the other sessions look the same, so their HTML is not rendered again. Any change
they show (a player's name, a seat, a table's figures) is."""

import time

import pytest
from django.template import loader
from simple_history.utils import bulk_create_with_history

from public import views
from tests.public.helpers import win
from tournaments.live import live_touch
from tournaments.models import Player, Seat, Session


@pytest.fixture
def renders(monkeypatch):
    """How many times each fragment template was rendered."""
    counts: dict[str, int] = {}
    real = loader.render_to_string

    def counting(template_name, *args, **kwargs):
        counts[template_name] = counts.get(template_name, 0) + 1
        return real(template_name, *args, **kwargs)

    monkeypatch.setattr("public.views.render_to_string", counting)
    return counts


def poll(client, page: str, version: str = "") -> dict:
    return client.get(f"/t/madrid/live.json?page={page}&v={version}").json()


def test_a_hand_leaves_the_chart_as_it_is_neither_read_nor_rendered_nor_fetched_again(
    client, event, renders, django_assert_num_queries
):
    _tournament, first_sheet, _second = event
    seen = poll(client, "chart")
    win(first_sheet, points=24)
    with django_assert_num_queries(1):  # the chart's stamp; not its thousands of seats
        now = poll(client, "chart", seen["version"])
    assert now == {"version": seen["version"], "changed": False}
    assert renders["public/_chart.html"] == 1


def test_a_player_renamed_shows_on_the_chart_at_the_next_version(client, event, renders):
    _tournament, first_sheet, _second = event
    seen = poll(client, "chart")
    player = first_sheet.seats.get(position="B").player
    Player.objects.get(pk=player.pk).save()  # saved unchanged: read again, the same chart
    unchanged = poll(client, "chart", seen["version"])
    assert unchanged == {"version": seen["version"], "changed": False}
    player.name = "Renamed Player"
    player.save()
    now = poll(client, "chart", unchanged["version"])
    assert now["changed"] and now["version"] != seen["version"]
    assert "Renamed Player" in now["html"] and "Renamed Player" not in seen["html"]


@pytest.mark.parametrize("change", ["seats swapped", "session added"])
def test_a_seat_or_session_written_in_bulk_or_by_a_service_moves_the_chart_on(
    client, event, change
):
    tournament, first_sheet, second_sheet = event
    seen = poll(client, "chart")
    if change == "seats swapped":
        a, b = first_sheet.seats.get(position="A"), second_sheet.seats.get(position="A")
        player_a, player_b = a.player, b.player
        Seat.objects.filter(pk__in=[a.pk, b.pk]).delete()
        bulk_create_with_history(
            [
                Seat(table_session=first_sheet, session=a.session, player=player_b, position="A"),
                Seat(table_session=second_sheet, session=b.session, player=player_a, position="A"),
            ],
            Seat,
        )
    else:
        Session.objects.create(tournament=tournament, number=2)
    live_touch(tournament.pk)  # as the services that write them do
    now = poll(client, "chart", seen["version"])
    assert now["changed"] and now["html"] != seen["html"]


def test_the_chart_is_read_again_after_the_recheck_interval_even_if_its_stamp_stays(
    client, event, monkeypatch
):
    _tournament, first_sheet, _second = event
    seen = poll(client, "chart")
    player = first_sheet.seats.get(position="B").player
    # A write whose history row is not the last (another writer's was committed first).
    Player.objects.filter(pk=player.pk).update(name="Quietly Renamed")
    win(first_sheet, points=24)  # a new tournament version, the same chart stamp
    assert poll(client, "chart", seen["version"])["changed"] is False
    later = time.time() + views.CHART_RECHECK_SECONDS
    monkeypatch.setattr(views.time, "time", lambda: later)
    win(first_sheet, points=8)
    assert "Quietly Renamed" in poll(client, "chart", seen["version"])["html"]


def test_the_session_page_is_rendered_again_when_its_tables_change(client, event, renders):
    _tournament, first_sheet, _second = event
    seen = poll(client, "session-1")
    win(first_sheet, points=24)
    now = poll(client, "session-1", seen["version"])
    assert now["html"] != seen["html"]
    assert renders["public/_session.html"] == 2
