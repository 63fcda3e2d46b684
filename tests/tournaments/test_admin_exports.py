"""The export buttons of the tournament's admin page: standings and hands as CSV and JSON."""

import json

import pytest
from django.urls import reverse

from tournaments.roles import Role

pytestmark = pytest.mark.django_db


def export_url(tournament, what: str, fmt: str) -> str:
    return reverse("admin:tournaments_tournament_export", args=[tournament.pk, what, fmt])


def test_the_tournament_page_offers_the_four_downloads(small_played, admin_client):
    page = admin_client.get(reverse("admin:tournaments_tournament_change", args=[small_played.pk]))
    text = page.content.decode()
    for what in ("standings", "hands"):
        for fmt in ("csv", "json"):
            assert f'id="export-{what}-{fmt}"' in text
            assert export_url(small_played, what, fmt) in text


@pytest.mark.parametrize(
    ("what", "fmt"),
    [("standings", "csv"), ("standings", "json"), ("hands", "csv"), ("hands", "json")],
)
def test_a_director_downloads_each_file(small_played, admin_client, what, fmt):
    response = admin_client.get(export_url(small_played, what, fmt))
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith(f'attachment; filename="small-open-{what}-')
    if fmt == "csv":
        assert response.content.startswith(b"\xef\xbb\xbf")
    else:
        assert json.loads(response.content)["tournament"] == "small-open"


def test_the_live_standings_count_open_sheets(small_played, admin_client):
    url = export_url(small_played, "standings", "json")
    assert json.loads(admin_client.get(url).content)["live"] is False
    assert json.loads(admin_client.get(url + "?live=1").content)["provisional_sessions"] == [1]


def test_an_umpire_downloads_the_hands(small_played, client, make_staff):
    client.force_login(make_staff("ump", Role.UMPIRE))
    assert client.get(export_url(small_played, "hands", "csv")).status_code == 200


def test_a_staff_login_without_a_role_is_refused(small_played, client, make_staff):
    client.force_login(make_staff("nobody", None))
    assert client.get(export_url(small_played, "standings", "csv")).status_code == 403
    assert client.get(export_url(small_played, "hands", "json")).status_code == 403


def test_an_unknown_file_or_tournament_is_404(small_played, admin_client):
    assert admin_client.get(export_url(small_played, "players", "csv")).status_code == 404
    assert admin_client.get(export_url(small_played, "hands", "xml")).status_code == 404
    missing = reverse("admin:tournaments_tournament_export", args=[99999, "hands", "csv"])
    assert admin_client.get(missing).status_code == 404


def test_anonymous_is_sent_to_the_login_page(small_played, client):
    response = client.get(export_url(small_played, "hands", "csv"))
    assert response.status_code == 302 and "login" in response["Location"]
