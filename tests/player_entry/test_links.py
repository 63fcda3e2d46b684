"""A player's personal link (/p/<token>/): it signs his phone in to his own table, for his
tournament only; a revoked link stops at once; `manage.py player_links` prints them all."""

import io
import ipaddress

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from player_entry.models import PlayerLink
from player_entry.services import player_link_issue, player_link_revoke


def test_opening_a_link_signs_the_phone_in_and_lands_on_the_players_table(seated):
    link = player_link_issue(player=seated["C"])
    client = Client()
    response = client.get(f"/p/{link.token}/")
    assert response.status_code == 302 and response["Location"] == "/me/table/"
    page = client.get("/me/table/")
    assert page.status_code == 200
    assert 'class="seat mine" data-position="C"' in page.content.decode()


def test_a_link_is_one_per_player_and_long_and_random(seated):
    first = player_link_issue(player=seated["A"])
    assert player_link_issue(player=seated["A"]) == first
    assert len(first.token) >= 32 and first.token != player_link_issue(player=seated["B"]).token


def test_an_unknown_link_is_404_and_signs_nothing_in(seated):
    client = Client()
    assert client.get("/p/not-a-real-token-at-all-0123456789/").status_code == 404
    assert client.get("/me/table/").status_code == 403


def test_a_revoked_link_stops_the_phone_at_once_and_the_new_one_works(seated, phone):
    signed_in = phone("A")
    assert signed_in.get("/me/table/").status_code == 200
    old = PlayerLink.objects.get(player=seated["A"], revoked_at__isnull=True)
    new = player_link_revoke(player=seated["A"])
    assert signed_in.get("/me/table/").status_code == 403
    assert signed_in.get("/me/table/state.json").status_code == 403
    assert Client().get(f"/p/{old.token}/").status_code == 404
    assert Client().get(f"/p/{new.token}/").status_code == 302


def test_a_phone_signed_in_by_its_link_has_no_admin_and_no_login(phone):
    signed_in = phone("B")
    response = signed_in.get("/admin/")
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
    assert signed_in.get("/me/").status_code == 302  # the login-only player pages: a login


def test_guessing_links_from_one_address_is_stopped_but_good_links_are_not_counted(
    seated, settings
):
    settings.PLAYER_LINK_FAILURES_PER_MINUTE = 3
    links = {position: player_link_issue(player=seated[position]) for position in "ABCD"}
    hall = Client()  # every phone of the hall behind the one address of its Wi-Fi
    assert all(hall.get(f"/p/{link.token}/").status_code == 302 for link in links.values())
    statuses = [hall.get(f"/p/wrong-token-{n}/").status_code for n in range(4)]
    assert statuses == [404, 404, 404, 429]
    assert hall.get(f"/p/{links['A'].token}/").status_code == 302  # a good link still opens


@pytest.fixture
def guessing(seated, settings):
    """A limit of 3 unknown links a minute from one address; the proxy's network trusted."""
    settings.PLAYER_LINK_FAILURES_PER_MINUTE = 3
    settings.TRUSTED_PROXIES = (ipaddress.ip_network("172.31.250.0/24"),)
    return player_link_issue(player=seated["A"])


# Either mode: the address a request is counted under never depends on DJANGO_MODE.
@pytest.mark.parametrize("production", [True, False])
def test_guessing_links_with_a_new_made_up_forwarded_address_each_is_still_stopped(
    guessing, settings, production
):
    """A client that reaches gunicorn directly is counted under the address it connects from,
    whatever X-Forwarded-For it sends."""
    settings.PRODUCTION = production
    direct = Client(REMOTE_ADDR="203.0.113.9")
    statuses = [
        direct.get(f"/p/wrong-token-{n}/", HTTP_X_FORWARDED_FOR=f"198.51.100.{n}").status_code
        for n in range(4)
    ]
    assert statuses == [404, 404, 404, 429]


@pytest.mark.parametrize("production", [True, False])
def test_behind_the_trusted_proxy_each_client_is_counted_under_his_forwarded_address(
    guessing, settings, production
):
    settings.PRODUCTION = production
    proxy = Client(REMOTE_ADDR="172.31.250.2")
    guesser, other = (
        {"HTTP_X_FORWARDED_FOR": "198.51.100.1"},
        {"HTTP_X_FORWARDED_FOR": "198.51.100.2"},
    )
    statuses = [proxy.get(f"/p/wrong-token-{n}/", **guesser).status_code for n in range(4)]
    assert statuses == [404, 404, 404, 429]
    assert proxy.get("/p/wrong-token-x/", **other).status_code == 404  # not refused with him
    assert proxy.get(f"/p/{guessing.token}/", **guesser).status_code == 302  # good links open


def test_the_command_prints_every_players_number_name_and_link(sheet, seated, settings):
    settings.SITE_URL = "https://mcr.example.org"
    out = io.StringIO()
    call_command("player_links", sheet.session.tournament.slug, stdout=out)
    lines = out.getvalue().splitlines()
    assert len(lines) == 4
    for line, position in zip(lines, "ABCD", strict=True):
        number, name, address = line.split("\t")
        player = seated[position]
        link = PlayerLink.objects.get(player=player, revoked_at__isnull=True)
        assert (int(number), name) == (player.lot_number, player.name)
        assert address == f"https://mcr.example.org/p/{link.token}/"


def test_the_command_revokes_one_players_link_and_prints_his_new_one(sheet, seated, settings):
    settings.SITE_URL = ""  # no public address: the link's path
    old = player_link_issue(player=seated["B"])
    out = io.StringIO()
    slug = sheet.session.tournament.slug
    call_command("player_links", slug, "--revoke", str(seated["B"].lot_number), stdout=out)
    number, _name, address = out.getvalue().strip().split("\t")
    new = PlayerLink.objects.get(player=seated["B"], revoked_at__isnull=True)
    assert address == f"/p/{new.token}/" and new.token != old.token
    assert PlayerLink.objects.get(pk=old.pk).revoked_at is not None


@pytest.mark.parametrize(
    "arguments, message",
    [(["no-such-slug"], "No tournament"), (["{slug}", "--revoke", "999"], "No player")],
)
def test_the_command_refuses_an_unknown_tournament_or_player(sheet, arguments, message):
    slug = sheet.session.tournament.slug
    with pytest.raises(CommandError, match=message):
        call_command("player_links", *[a.format(slug=slug) for a in arguments])
    assert not PlayerLink.objects.exists()
