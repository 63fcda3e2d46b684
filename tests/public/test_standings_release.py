"""Standings released at the director's choice (`Tournament.standings_public`, issue 29).

Off, the public standings, their live.json, a player's public page and a player's own page
(/me/) show a notice instead of the standings; the seating, the seats, the draw, the clock,
the sessions' tables and a player's own sheets stay; staff (the admin) and the API still read
the standings. Turned on (or off), the change shows at the next request: nothing cached of the
other state is served, even while the published version is held back between two renders.
"""

import re

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from tests.public.helpers import win
from tournaments.models import Tournament
from tournaments.roles import ROLE_GROUPS, Role
from tournaments.services.tournament import tournament_save

NOTICE = "The standings are not published yet."
OWN_ONLY = "The standings are not published yet: you see your own figures only."
HELD = "every table's scores and table points are held until they are"


def release(tournament: Tournament, shown: bool) -> Tournament:
    """The director publishes (or withdraws) the standings, as the admin and the API do."""
    fresh = Tournament.objects.get(pk=tournament.pk)
    fresh.standings_public = shown
    return tournament_save(tournament=fresh, changed=["standings_public"])


@pytest.fixture
def unpublished(event):
    """The event with a hand played (A wins 24 on B's discard: A 48, B -32), its standings
    not published."""
    tournament, first, second = event
    win(first, points=24)
    release(tournament, False)
    return tournament, first, second


@pytest.fixture
def frozen_publication(settings, monkeypatch):
    """The published version moves on at most every 30 s, and the clock stands still: a
    change that shows at once cannot owe it to a new published version."""
    import tournaments.live

    settings.PUBLIC_RENDER_SECONDS = 30
    monkeypatch.setattr(tournaments.live.time, "time", lambda: 1_000_000.0)


def text(response) -> str:
    assert response.status_code == 200, response.status_code
    return response.content.decode()


# -- the setting ---------------------------------------------------------------------------


def test_a_new_tournament_publishes_its_standings(event):
    tournament, _first, _second = event
    assert Tournament.objects.get(pk=tournament.pk).standings_public is True


# -- what the public sees while they are not published ----------------------------------------


def test_the_standings_page_shows_a_notice_instead_of_the_standings(client, unpublished):
    page = text(client.get("/t/madrid/"))
    assert NOTICE in page
    assert ">48*<" not in page and ">-32*<" not in page
    assert 'class="standings"' not in page and "Sessions counted" not in page


def test_live_json_leaves_out_the_standings_and_says_they_are_not_published(client, unpublished):
    data = client.get("/t/madrid/live.json?page=standings").json()
    assert set(data) == {"version", "changed", "html", "standings_public"}
    assert data["standings_public"] is False and data["changed"] is True
    assert NOTICE in data["html"]
    assert "<table" not in data["html"] and "48" not in data["html"]


def test_a_published_live_json_says_so_too(client, event):
    data = client.get("/t/madrid/live.json?page=standings").json()
    assert data["standings_public"] is True and "<table" in data["html"]


def test_a_players_public_page_shows_his_tables_but_not_his_rank_or_totals(client, unpublished):
    page = text(client.get("/t/madrid/players/1/"))
    assert "Player A" in page and "playing, 1 hand" in page
    assert NOTICE in page
    assert "Rank 1" not in page and " CP" not in page
    poll = client.get("/t/madrid/live.json?page=player-1").json()
    assert NOTICE in poll["html"] and "Rank 1" not in poll["html"]


def test_an_unchanged_poll_of_the_unpublished_page_still_costs_no_query(
    client, unpublished, django_assert_num_queries
):
    seen = client.get("/t/madrid/live.json?page=standings").json()
    with django_assert_num_queries(0):
        again = client.get(f"/t/madrid/live.json?page=standings&v={seen['version']}").json()
    assert again == {"version": seen["version"], "changed": False}


def test_the_seating_seats_draw_clock_and_session_tables_stay(client, unpublished):
    tournament, first, _second = unpublished
    chart = text(client.get("/t/madrid/chart/"))
    assert "Player A" in chart and NOTICE not in chart
    seats = text(client.get("/t/madrid/seats/", {"q": "Player A"}))
    assert "Player A" in seats and NOTICE not in seats
    draw = text(client.get("/t/madrid/draw/"))
    assert "Player A" in draw
    assert client.get("/t/madrid/clock/").status_code == 200
    assert client.get("/t/madrid/clock.json").json()["session"]["number"] == 1
    session = text(client.get("/t/madrid/sessions/1/"))
    assert "Player A" in session and "playing, 1 hand" in session


def test_a_sessions_tables_hold_their_scores_and_table_points(client, unpublished):
    """Every table's scores and table points would give the standings back: held, on the
    page and in its poll, until the director publishes them."""
    tournament, _first, _second = unpublished
    session = text(client.get("/t/madrid/sessions/1/"))
    assert HELD in session
    assert not re.search(r">(48|-32|4)\*?<", session)
    poll = client.get("/t/madrid/live.json?page=session-1").json()
    assert HELD in poll["html"] and not re.search(r">48\*?<", poll["html"])
    release(tournament, True)
    session = text(client.get("/t/madrid/sessions/1/"))
    assert ">48*<" in session and ">4*<" in session and HELD not in session


def test_a_players_public_page_holds_his_sessions_scores_too(client, unpublished):
    page = text(client.get("/t/madrid/players/1/"))
    assert "Player A" in page and "playing, 1 hand" in page
    assert not re.search(r">(48|4)\*?<", page)


# -- publishing shows at once ------------------------------------------------------------------


def test_publishing_shows_the_standings_at_the_next_request(
    client, unpublished, frozen_publication
):
    tournament, _first, _second = unpublished
    hidden = client.get("/t/madrid/")
    assert NOTICE in text(hidden)
    seen = client.get("/t/madrid/live.json?page=standings").json()
    release(tournament, True)
    page = client.get("/t/madrid/", HTTP_IF_NONE_MATCH=hidden["ETag"])
    assert ">48*<" in text(page) and NOTICE not in text(page)
    assert page["ETag"] != hidden["ETag"]
    poll = client.get(f"/t/madrid/live.json?page=standings&v={seen['version']}").json()
    assert poll["changed"] is True and poll["standings_public"] is True
    assert ">48*<" in poll["html"]
    player = text(client.get("/t/madrid/players/1/"))
    assert "Rank 1" in player and NOTICE not in player


def test_withdrawing_hides_them_at_the_next_request_too(client, event, frozen_publication):
    tournament, first, _second = event
    win(first, points=24)
    shown = client.get("/t/madrid/")
    assert ">48*<" in text(shown)
    seen = client.get("/t/madrid/live.json?page=standings").json()
    player = client.get("/t/madrid/live.json?page=player-1").json()
    assert "Rank 1" in player["html"]
    release(tournament, False)
    page = client.get("/t/madrid/", HTTP_IF_NONE_MATCH=shown["ETag"])
    assert NOTICE in text(page) and ">48*<" not in text(page)
    poll = client.get(f"/t/madrid/live.json?page=standings&v={seen['version']}").json()
    assert poll["changed"] is True and NOTICE in poll["html"]
    again = client.get(f"/t/madrid/live.json?page=player-1&v={player['version']}").json()
    assert again["changed"] is True and "Rank 1" not in again["html"]


def test_a_copy_of_the_published_standings_is_never_served_while_they_are_withdrawn(client, event):
    """While another process renders a new copy of the standings page, the last copy is served
    (public/views.py `_rendered`): withdrawn, that copy is never one of the standings."""
    from django.core.cache import cache

    import public.views

    tournament, first, _second = event
    win(first, points=24)
    assert ">48*<" in client.get("/t/madrid/live.json?page=standings").json()["html"]
    release(tournament, False)
    lock = f"public:{tournament.pk}:en:fragment:standings:lock"
    assert cache.add(lock, 1, 30)  # another process renders the published standings
    public.views._LOCAL.clear()  # as in that other process
    data = client.get("/t/madrid/live.json?page=standings").json()
    assert NOTICE in data["html"] and "<table" not in data["html"]
    cache.delete(lock)


# -- a player's own pages ----------------------------------------------------------------------


@pytest.fixture
def player_a(client, django_user_model, event):
    """Player A of table 1 logged in, captain of a team with player B."""
    _tournament, first, _second = event
    user = django_user_model.objects.create_user("player_a")
    user.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role.PLAYER])[0])
    seats = {seat.position: seat.player for seat in first.seats.select_related("player")}
    team = seats["A"].team
    seats["A"].user = user
    seats["A"].save(update_fields=["user"])
    seats["B"].team = team
    seats["B"].save(update_fields=["team"])
    team.captain = seats["A"]
    team.save(update_fields=["captain"])
    client.force_login(user)
    return client


def test_a_players_own_page_shows_his_own_row_only_while_they_are_held(player_a, event):
    """tournaments.policies.may_read_standings: staff read the held standings, a player his
    own row only; as captain he no longer reads his team mate's."""
    tournament, first, _second = event
    win(first, points=24)
    published = text(player_a.get("/me/"))
    assert "<strong>48</strong>" in published and "· rank 4 ·" in published  # B, his team's
    assert OWN_ONLY not in published
    release(tournament, False)
    page = text(player_a.get("/me/"))
    assert OWN_ONLY in page
    assert "<strong>48</strong>" in page and "Rank <strong>1</strong>" in page  # his own row
    assert "· rank 4 ·" not in page  # not his team mate's
    assert reverse("player-sheet", args=[first.pk]) in page  # his own sheet stays
    assert '<span>48 <span class="provisional">' in page  # and his session's score on it
    release(tournament, True)
    assert "<strong>48</strong>" in text(player_a.get("/me/"))


# -- staff and the API -------------------------------------------------------------------------


def test_staff_still_read_the_standings_in_the_admin(admin_client, unpublished):
    tournament, _first, _second = unpublished
    url = reverse("admin:tournaments_tournament_standings", args=[tournament.pk])
    page = text(admin_client.get(url))
    assert "48" in page and NOTICE not in page


def test_the_api_still_gives_the_standings(as_role, unpublished):
    tournament, _first, _second = unpublished
    body = (
        as_role(Role.UMPIRE).get(f"/api/tournaments/{tournament.slug}/standings/?live=true").json()
    )
    assert body["players"] and body["players"][0]["contest_points"] == 48


# -- the admin's form --------------------------------------------------------------------------


def admin_form_data(admin_client, tournament) -> tuple[str, dict]:
    change = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    form = admin_client.get(change).context["adminform"].form
    data = {k: v for k, v in form.initial.items() if v is not None and k != "tie_breaks"}
    data.update({"carry_over_points": "on"})
    return change, data


def test_the_admin_form_shows_and_saves_the_setting(admin_client, event):
    tournament, _first, _second = event
    change, data = admin_form_data(admin_client, tournament)
    page = text(admin_client.get(change))
    assert 'name="standings_public"' in page and "Standings published" in page
    data.pop("standings_public")  # an unticked box is not sent
    response = admin_client.post(change, data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    assert Tournament.objects.get(pk=tournament.pk).standings_public is False
    assert NOTICE in text(admin_client.get("/t/madrid/"))
    data["standings_public"] = "on"
    assert admin_client.post(change, data).status_code == 302
    assert Tournament.objects.get(pk=tournament.pk).standings_public is True
    assert NOTICE not in text(admin_client.get("/t/madrid/"))


def test_an_umpire_cannot_change_it_in_the_admin(admin_client, client, make_umpire, event):
    tournament, _first, _second = event
    change, data = admin_form_data(admin_client, tournament)
    data.pop("standings_public")
    client.force_login(make_umpire("umpire1"))
    assert client.post(change, data).status_code == 403
    assert Tournament.objects.get(pk=tournament.pk).standings_public is True
