"""The admin's umpire rota page (issue 29): the session list's button to it, the rota shown as
tables by sessions, the chief umpire's form ("1-4, 7", "all"), its errors, and the refusals
of the other roles."""

import pytest
from django.urls import reverse

from tests.tournaments.factories import TournamentFactory
from tests.tournaments.rota_helpers import rota_world, umpires
from tests.tournaments.signoff_helpers import make_user
from tournaments.admin.umpire_rota import NumberRangesField, ranges_text
from tournaments.roles import Role

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    return rota_world()


@pytest.fixture
def chief():
    return make_user("chief", Role.CHIEF_UMPIRE)


def rota_url(world) -> str:
    return reverse("admin:tournaments_session_umpire_rota", args=[world.tournament.pk])


def assign(client, world, *, umpire=None, tables="1-4", sessions="all"):
    data = {"umpire": umpire.pk if umpire else "none", "tables": tables, "sessions": sessions}
    return client.post(rota_url(world), data)


def test_the_page_shows_the_rota_as_tables_by_sessions(client, chief, world):
    client.force_login(chief)

    response = client.get(rota_url(world))

    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="umpire-rota-form"' in html
    assert html.count('<tr id="rota-table-') == 6
    assert html.count('<th scope="col">Session') == 5  # sessions 1-5, planned ones included
    assert 'id="rota-1-1" class="locked"' in html and ">signer</a> ✔" in html
    assert 'id="rota-4-1" class="no-sheet"' in html
    assert 'id="rota-2-3" class=" no-umpire"' in html


def test_posting_the_form_assigns_the_rota_and_the_page_shows_it(client, chief, world):
    client.force_login(chief)

    response = assign(client, world, umpire=world.umpire, tables="1-2, 4", sessions="2-4")

    assert response.status_code == 302 and response.url == rota_url(world)
    after = umpires(world.tournament)
    assert {k for k, v in after.items() if v == "rota-umpire"} == {
        (s, t) for s in (2, 3) for t in (1, 2, 4)
    }
    html = client.get(response.url).content.decode()
    assert "6 score sheets given to rota-umpire (6 changed)." in html
    assert "No score sheet yet" in html and "session 4: tables 1-2, 4" in html
    assert html.count(">rota-umpire</a>") == 6


def test_all_sessions_leave_the_signed_sheet_as_it_is_and_say_so(client, chief, world):
    client.force_login(chief)

    response = assign(client, world, umpire=world.umpire, tables="1", sessions="all")

    after = umpires(world.tournament)
    assert [after[(s, 1)] for s in (1, 2, 3)] == ["signer", "rota-umpire", "rota-umpire"]
    html = client.get(response.url).content.decode()
    assert "Signed by their umpire, left as they are: session 1 table 1." in html


def test_no_umpire_takes_the_tables_away(client, chief, world):
    client.force_login(chief)
    assign(client, world, umpire=world.umpire, tables="all", sessions="2")

    response = assign(client, world, umpire=None, tables="3-6", sessions="2")

    assert (
        "4 score sheets left without an umpire (4 changed)."
        in client.get(response.url).content.decode()
    )
    after = umpires(world.tournament)
    assert [after[(2, t)] for t in range(1, 7)] == ["rota-umpire"] * 2 + [None] * 4


@pytest.mark.parametrize(
    ("tables", "sessions", "field", "words"),
    [
        ("1-x", "all", "tables", "is not a number or a range"),
        ("4-1", "all", "tables", "runs backwards"),
        ("0-3", "all", "tables", "Numbers go from 1"),
        ("1-99999", "all", "tables", "Numbers go from 1"),
        ("", "all", "tables", "This field is required"),
        ("1-4", "one", "sessions", "is not a number or a range"),
        ("1-9", "all", "tables", "This tournament has no table 7, 8, 9."),
        ("1", "6", "sessions", "This tournament has no session 6."),
    ],
)
def test_bad_ranges_are_form_errors_and_nothing_changes(
    client, chief, world, tables, sessions, field, words
):
    client.force_login(chief)
    before = umpires(world.tournament)

    response = assign(client, world, umpire=world.umpire, tables=tables, sessions=sessions)

    assert response.status_code == 200
    assert any(words in error for error in response.context["form"].errors[field])
    assert umpires(world.tournament) == before


def test_the_umpire_must_be_chosen_no_umpire_is_never_the_default(client, chief, world):
    client.force_login(chief)
    before = umpires(world.tournament)

    response = client.post(rota_url(world), {"umpire": "", "tables": "1-4", "sessions": "all"})

    assert response.status_code == 200 and "umpire" in response.context["form"].errors
    assert umpires(world.tournament) == before


def test_a_login_that_is_not_an_umpire_cannot_be_chosen(client, chief, world):
    client.force_login(chief)
    organiser = make_user("organiser", Role.ORGANISER)
    before = umpires(world.tournament)

    response = assign(client, world, umpire=organiser)

    assert response.status_code == 200 and "umpire" in response.context["form"].errors
    assert umpires(world.tournament) == before


@pytest.mark.parametrize("role", [Role.UMPIRE, Role.ORGANISER, Role.COMMITTEE])
def test_other_staff_read_the_rota_without_the_form_and_may_not_post(client, world, role):
    client.force_login(make_user(f"staff-{role}", role))
    before = umpires(world.tournament)

    page = client.get(rota_url(world))
    posted = assign(client, world, umpire=world.umpire)

    assert page.status_code == 200
    assert 'id="umpire-rota-form"' not in page.content.decode()
    assert 'id="umpire-rota"' in page.content.decode()
    assert posted.status_code == 403
    assert umpires(world.tournament) == before


@pytest.mark.parametrize("role", [Role.PLAYER, Role.SCORE_DESK])
def test_those_who_do_not_read_the_rota_are_refused(client, world, role):
    user = make_user(f"user-{role}", role)
    user.is_staff = True
    user.save()
    client.force_login(user)

    assert client.get(rota_url(world)).status_code == 403
    assert assign(client, world, umpire=world.umpire).status_code == 403


def test_an_unknown_tournament_is_not_found(client, chief, world):
    client.force_login(chief)

    for pk in (world.tournament.pk + 1, 10**20):
        url = reverse("admin:tournaments_session_umpire_rota", args=[pk])
        assert client.get(url).status_code == 404


def test_an_anonymous_visitor_is_sent_to_the_login_page(client, world):
    response = client.get(rota_url(world))

    assert response.status_code == 302 and "/login/" in response.url


def test_the_session_list_has_the_button_to_the_filtered_tournaments_rota(client, chief, world):
    client.force_login(chief)
    changelist = reverse("admin:tournaments_session_changelist")

    filtered = client.get(changelist, {"tournament__id__exact": world.tournament.pk})
    unfiltered = client.get(changelist)

    assert f'href="{rota_url(world)}" id="umpire-rota-button"' in filtered.content.decode()
    pick = reverse("admin:tournaments_session_umpire_rota_pick")
    assert f'href="{pick}" id="umpire-rota-button"' in unfiltered.content.decode()


def test_the_button_leads_to_the_only_tournament_or_to_a_choice(client, chief, world):
    client.force_login(chief)
    pick = reverse("admin:tournaments_session_umpire_rota_pick")

    only = client.get(pick)
    TournamentFactory(name="Second Open")
    choice = client.get(pick)

    assert only.status_code == 302 and only.url == rota_url(world)
    assert choice.status_code == 200 and "Second Open" in choice.content.decode()
    assert rota_url(world) in choice.content.decode()


def test_the_range_field_reads_ranges_and_all():
    field = NumberRangesField()
    field.all_numbers = [1, 2, 3]

    assert field.clean("1-4, 7") == [1, 2, 3, 4, 7]
    assert field.clean(" 2 – 3 ,2,") == [2, 3]
    assert field.clean("ALL") == [1, 2, 3]
    assert ranges_text([7, 1, 2, 3, 4, 9, 10]) == "1-4, 7, 9-10"
