"""The verify page names a registration correction made after the printing (issue #26: a team
changed after the tournament finished flipped the team standings, and the page said nothing
had changed): by role, never the person; its reason to the staff only (and, for a score sheet,
to the players of that table)."""

import pytest

from reports.data.scoresheet import scoresheet_data
from reports.data.standings import standings_data
from reports.fingerprint import stamp
from reports.models import PrintRecord
from tests.tournaments.factories import PlayerFactory, seated_table
from tests.tournaments.registration_helpers import (
    REASON,
    finish,
    make_user,
    player,
    team,
    team_league,
)
from tournaments.models import TableSession
from tournaments.roles import Role
from tournaments.services.registration_corrections import registration_correct

pytestmark = pytest.mark.django_db

NO_LONGER = "This printed form no longer matches the record."


@pytest.fixture
def league():
    tournament = team_league(signed=True)
    finish(tournament)
    return tournament


@pytest.fixture
def chief():
    return make_user("chief-umpire", Role.CHIEF_UMPIRE)


def printed_standings(tournament) -> str:
    """The fingerprint of the standings as printed now (what the PDF carries)."""
    data = standings_data(tournament=tournament, through_session=2)
    stamped = stamp(
        data,
        kind=PrintRecord.Kind.STANDINGS,
        tournament_id=tournament.pk,
        params={"through_session": 2},
    )
    return stamped["fingerprint"]


def printed_sheet(sheet: TableSession) -> str:
    stamped = stamp(
        scoresheet_data(table_session=sheet),
        kind=PrintRecord.Kind.SCORESHEET,
        tournament_id=sheet.session.tournament_id,
        table_session_id=sheet.pk,
    )
    return stamped["fingerprint"]


def verify(client, fingerprint: str) -> str:
    response = client.get(f"/verify/{fingerprint.replace('-', '')}/")
    assert response.status_code == 200
    return response.content.decode()


def test_printed_standings_name_the_team_correction_that_flipped_them(client, league, chief):
    fingerprint = printed_standings(league)
    assert "This printed form matches the record." in verify(client, fingerprint)
    registration_correct(
        player=player(league, "Bo"), changes={"team": team(league, "Y")}, reason=REASON, user=chief
    )
    page = verify(client, fingerprint)
    assert NO_LONGER in page
    assert "Corrections made since it was printed" in page
    assert "Registration of 2 Bo corrected: team: X → Y" in page
    # Public: that it happened, when and by which role; neither the person nor the reason.
    assert "Chief umpire" in page and chief.get_username() not in page
    assert REASON not in page and "shown to the staff" in page


def test_the_reason_of_a_standings_correction_is_shown_to_the_staff_only(client, league, chief):
    fingerprint = printed_standings(league)
    registration_correct(
        team=team(league, "X"), changes={"name": "Xenon"}, reason=REASON, user=chief
    )
    bo = player(league, "Bo")
    bo.user = make_user("bo", Role.PLAYER)
    bo.save(update_fields=["user"])
    client.force_login(bo.user)
    assert REASON not in verify(client, fingerprint)
    client.force_login(make_user("organiser", Role.ORGANISER))
    page = verify(client, fingerprint)
    assert REASON in page and "Team Xenon corrected: name: X → Xenon" in page


def test_a_score_sheet_names_the_correction_of_its_players_only(client, league, chief):
    sheet = TableSession.objects.get(session__tournament=league, session__number=1)
    fingerprint = printed_sheet(sheet)
    elsewhere = seated_table(league, session_number=3, table_number=2)
    registration_correct(
        player=elsewhere.seats.get(position="A").player,
        changes={"name": "Somebody Else"},
        reason="another table",
        user=chief,
    )
    assert "Somebody Else" not in verify(client, fingerprint)
    registration_correct(
        player=player(league, "Ana"), changes={"name": "Anna"}, reason=REASON, user=chief
    )
    page = verify(client, fingerprint)
    assert NO_LONGER in page and "name: Ana → Anna" in page
    assert "Somebody Else" not in page and "another table" not in page
    assert REASON not in page and "shown to the staff and the players of the table" in page


def test_a_score_sheet_names_its_players_team_correction(client, league, chief):
    sheet = TableSession.objects.get(session__tournament=league, session__number=1)
    fingerprint = printed_sheet(sheet)
    registration_correct(team=team(league, "Y"), changes={"name": "Yak"}, reason=REASON, user=chief)
    assert "Team Yak corrected: name: Y → Yak" in verify(client, fingerprint)


def test_a_player_of_the_table_reads_the_reason_of_a_sheets_correction(client, league, chief):
    sheet = TableSession.objects.get(session__tournament=league, session__number=1)
    fingerprint = printed_sheet(sheet)
    registration_correct(
        player=player(league, "Ana"), changes={"name": "Anna"}, reason=REASON, user=chief
    )
    cai = player(league, "Cai")
    cai.user = make_user("cai", Role.PLAYER)
    cai.save(update_fields=["user"])
    client.force_login(cai.user)
    assert REASON in verify(client, fingerprint)
    outsider = PlayerFactory(tournament=league, name="Eve", registration_number=9)
    outsider.user = make_user("eve", Role.PLAYER)
    outsider.save(update_fields=["user"])
    client.force_login(outsider.user)
    assert REASON not in verify(client, fingerprint)
