"""GET|POST /api/tournaments/{slug}/sessions/{n}/check-ins/."""

import datetime

import pytest

from tests.api.event_helpers import mark_signed
from tests.api.helpers import assert_error
from tests.tournaments.factories import PlayerFactory, TournamentFactory, seated_table
from tournaments.models import CheckIn, Penalty, Session
from tournaments.roles import Role

START = datetime.datetime(2026, 5, 2, 10, 0, tzinfo=datetime.UTC)
RECORDERS = [Role.ORGANISER, Role.CHIEF_UMPIRE, "superuser"]
NOT_RECORDERS = [Role.UMPIRE, Role.COMMITTEE, Role.PLAYER, None]


@pytest.fixture
def sheet(db):
    sheet = seated_table(TournamentFactory())
    Session.objects.filter(pk=sheet.session_id).update(actual_start=START)
    sheet.session.refresh_from_db()
    return sheet


def url(sheet, number: int = 1) -> str:
    return f"/api/tournaments/{sheet.session.tournament.slug}/sessions/{number}/check-ins/"


def player_at(sheet, position: str = "B"):
    return sheet.seats.get(position=position).player


def etag(sheet) -> str:
    sheet.refresh_from_db(fields=["version"])
    return f'"{sheet.pk}-{sheet.version}"'


def post(client, sheet, body: dict):
    """A check-in with the sheet's current ETag (a late one changes the sheet's scores)."""
    return client.post(url(sheet), body, format="json", HTTP_IF_MATCH=etag(sheet))


def at(minutes: float) -> str:
    return (START + datetime.timedelta(minutes=minutes)).isoformat()


@pytest.mark.parametrize("role", RECORDERS)
def test_it_records_an_arrival_on_time(as_role, role, sheet):
    player = player_at(sheet)
    client = as_role(role)
    response = client.post(url(sheet), {"player": player.pk, "arrived_at": at(-5)}, format="json")
    assert response.status_code == 201, response.content
    check_in = CheckIn.objects.get(session=sheet.session, player=player)
    assert check_in.arrived_at == START - datetime.timedelta(minutes=5)
    assert check_in.recorded_by == client.user
    body = response.json()
    assert (body["player"], body["number"], body["minutes_late"], body["penalty"]) == (
        player.pk,
        player.lot_number,
        0,
        None,
    )


def test_the_umpire_of_the_players_table_records_it(as_role, sheet):
    client = as_role(Role.UMPIRE)
    sheet.umpire = client.user
    sheet.save()
    response = post(client, sheet, {"player": player_at(sheet).pk})
    assert response.status_code == 201, response.content


def test_a_late_arrival_reports_its_penalty(as_role, sheet):
    player = player_at(sheet)
    response = post(
        as_role(Role.ORGANISER), sheet, {"number": player.lot_number, "arrived_at": at(12.5)}
    )
    assert response.status_code == 201, response.content
    body = response.json()
    penalty = Penalty.objects.get(player=player, voided_at__isnull=True)
    assert body["minutes_late"] == 13
    assert body["penalty"] == {
        "id": penalty.pk,
        "minutes_late": 13,
        "amount": 20,
        "forfeited": False,
        "reason": "Arrived 13 minutes after the session started (rule 3.11.2).",  # in words
    }


def test_more_than_fifteen_minutes_late_loses_the_session(as_role, sheet):
    player = player_at(sheet)
    body = post(as_role(Role.ORGANISER), sheet, {"player": player.pk, "arrived_at": at(16)}).json()
    assert body["penalty"]["forfeited"] is True and body["penalty"]["amount"] == 0


def test_a_corrected_arrival_answers_200_and_replaces_the_penalty(as_role, sheet):
    player = player_at(sheet)
    client = as_role(Role.ORGANISER)
    post(client, sheet, {"player": player.pk, "arrived_at": at(7)})
    response = post(client, sheet, {"player": player.pk, "arrived_at": at(-1)})
    assert response.status_code == 200, response.content
    assert response.json()["penalty"] is None
    assert CheckIn.objects.filter(player=player).count() == 1
    assert not Penalty.objects.filter(player=player, voided_at__isnull=True).exists()


@pytest.mark.parametrize("role", NOT_RECORDERS)
def test_it_refuses_a_check_in_to_other_roles(as_role, role, sheet):
    response = as_role(role).post(url(sheet), {"player": player_at(sheet).pk}, format="json")
    assert_error(response, 403, code="forbidden")
    assert not CheckIn.objects.exists()


def test_it_refuses_anonymous_users(anonymous, sheet):
    assert_error(anonymous.post(url(sheet), {"player": player_at(sheet).pk}, format="json"), 401)
    assert_error(anonymous.get(url(sheet)), 401)


def test_it_refuses_neither_or_both_ways_of_naming_the_player(as_role, sheet):
    client = as_role(Role.ORGANISER)
    assert_error(client.post(url(sheet), {}, format="json"), 400)
    player = player_at(sheet)
    both = {"player": player.pk, "number": player.lot_number}
    assert_error(client.post(url(sheet), both, format="json"), 400)


def test_it_refuses_an_unknown_player_naming_the_field(as_role, sheet):
    client = as_role(Role.ORGANISER)
    assert_error(client.post(url(sheet), {"number": 99}, format="json"), 400, field="number")
    other = PlayerFactory()
    assert_error(client.post(url(sheet), {"player": other.pk}, format="json"), 400, field="player")


def test_it_refuses_a_malformed_time_naming_the_field(as_role, sheet):
    response = as_role(Role.ORGANISER).post(
        url(sheet), {"player": player_at(sheet).pk, "arrived_at": "late"}, format="json"
    )
    assert_error(response, 400, field="arrived_at")


def test_it_refuses_a_player_without_a_seat_in_the_session(as_role, sheet):
    seatless = PlayerFactory(tournament=sheet.session.tournament, registration_number=99)
    response = as_role(Role.ORGANISER).post(url(sheet), {"player": seatless.pk}, format="json")
    assert_error(response, 400)


def test_it_refuses_a_check_in_on_a_signed_sheet(as_role, sheet):
    mark_signed(sheet)
    response = as_role(Role.CHIEF_UMPIRE).post(
        url(sheet), {"player": player_at(sheet).pk}, format="json"
    )
    assert_error(response, 409, code="locked")
    assert not CheckIn.objects.exists()


def test_an_unknown_session_is_a_404(as_role, sheet):
    client = as_role(Role.ORGANISER)
    assert_error(client.post(url(sheet, 9), {"player": player_at(sheet).pk}, format="json"), 404)
    assert_error(client.get(url(sheet, 9)), 404)


@pytest.mark.parametrize("role", ["own_umpire", Role.COMMITTEE, Role.ORGANISER, "superuser"])
def test_staff_list_the_check_ins_with_their_penalties(as_role, role, sheet):
    late, early = player_at(sheet, "A"), player_at(sheet, "C")
    recorder = as_role(Role.ORGANISER)
    post(recorder, sheet, {"player": late.pk, "arrived_at": at(3)})
    post(recorder, sheet, {"player": early.pk, "arrived_at": at(-3)})
    if role == "own_umpire":
        reader = as_role(Role.UMPIRE)
        sheet.umpire = reader.user
        sheet.save(update_fields=["umpire"])
    else:
        reader = as_role(role)
    body = reader.get(url(sheet)).json()
    assert body["count"] == 2
    first, second = body["results"]
    assert (first["player"], first["penalty"]) == (early.pk, None)
    assert (second["player"], second["minutes_late"], second["penalty"]["amount"]) == (
        late.pk,
        3,
        10,
    )


def test_an_umpire_lists_only_the_check_ins_of_his_own_tables(as_role, sheet):
    post(as_role(Role.ORGANISER), sheet, {"player": player_at(sheet, "A").pk, "arrived_at": at(-3)})
    body = as_role(Role.UMPIRE).get(url(sheet)).json()
    assert body["count"] == 0


@pytest.mark.parametrize("role", [Role.PLAYER, None])
def test_players_do_not_list_the_check_ins(as_role, role, sheet):
    assert_error(as_role(role).get(url(sheet)), 403, code="forbidden")


def test_a_late_arrival_without_if_match_is_refused_with_428_and_nothing_recorded(as_role, sheet):
    player = player_at(sheet)
    before = etag(sheet)
    response = as_role(Role.ORGANISER).post(
        url(sheet), {"player": player.pk, "arrived_at": at(7)}, format="json"
    )
    assert_error(response, 428, code="precondition_required")
    assert not CheckIn.objects.exists() and not Penalty.objects.exists()
    assert etag(sheet) == before


def test_a_late_arrival_with_a_stale_etag_is_refused_with_412(as_role, sheet):
    player = player_at(sheet)
    stale = etag(sheet)
    post(as_role(Role.ORGANISER), sheet, {"player": player_at(sheet, "C").pk, "arrived_at": at(-2)})
    response = as_role(Role.ORGANISER).post(
        url(sheet), {"player": player.pk, "arrived_at": at(7)}, format="json", HTTP_IF_MATCH=stale
    )
    assert_error(response, 412)
    assert not CheckIn.objects.filter(player=player).exists()


def test_a_check_in_answers_with_the_sheets_new_etag(as_role, sheet):
    response = post(
        as_role(Role.ORGANISER), sheet, {"player": player_at(sheet).pk, "arrived_at": at(7)}
    )
    assert response.status_code == 201, response.content
    assert response["ETag"] == etag(sheet)


def test_another_umpires_sheet_answers_403_whatever_if_match_says(as_role, sheet):
    response = as_role(Role.UMPIRE).post(
        url(sheet),
        {"player": player_at(sheet).pk, "arrived_at": at(7)},
        format="json",
        HTTP_IF_MATCH='"1-999"',
    )
    assert_error(response, 403)
