"""The chart and a session's tables are rendered again only when what they show changes
(issue #31): a hand at any table gives the tournament a new version, but the chart and the
pages of the other sessions look the same, so their HTML is not rendered again. Any change
they show (a player's name, a seat, a table's figures) is."""

import pytest
from django.template import loader

from tests.public.helpers import win
from tournaments.models import Player


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


def test_a_hand_moves_the_version_on_but_the_chart_is_not_rendered_again(client, event, renders):
    _tournament, first_sheet, _second = event
    seen = poll(client, "chart")
    win(first_sheet, points=24)
    now = poll(client, "chart", seen["version"])
    assert now["version"] != seen["version"]
    assert now["html"] == seen["html"]
    assert renders["public/_chart.html"] == 1


def test_a_player_renamed_shows_on_the_chart_at_the_next_version(client, event, renders):
    _tournament, first_sheet, _second = event
    seen = poll(client, "chart")
    player = first_sheet.seats.get(position="B").player
    Player.objects.get(pk=player.pk).save()  # saved unchanged: a new version, the same chart
    unchanged = poll(client, "chart", seen["version"])
    assert unchanged["version"] != seen["version"]
    assert renders["public/_chart.html"] == 1
    player.name = "Renamed Player"
    player.save()
    now = poll(client, "chart", unchanged["version"])
    assert "Renamed Player" in now["html"] and "Renamed Player" not in seen["html"]
    assert renders["public/_chart.html"] == 2


def test_the_session_page_is_rendered_again_when_its_tables_change(client, event, renders):
    _tournament, first_sheet, _second = event
    seen = poll(client, "session-1")
    win(first_sheet, points=24)
    now = poll(client, "session-1", seen["version"])
    assert now["html"] != seen["html"]
    assert renders["public/_session.html"] == 2
