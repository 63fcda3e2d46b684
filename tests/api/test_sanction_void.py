"""POST /api/tournaments/{slug}/players/{n}/sanctions/{id}/void/: the chief umpire lifts a
sanction (3.12.1 "puede apelar las sentencias hechas por un árbitro"), on appeal or with his
own reason; it stays listed, marked lifted; a lifted disqualification gives the player back
his status, his place in the standings and his team's total at once."""

import datetime

import pytest
from django.utils import timezone

from tests.api.event_helpers import played_table
from tests.tournaments.factories import TournamentFactory
from tournaments.models import Appeal, Player, Sanction, Tournament
from tournaments.roles import Role
from tournaments.selectors.standings import standings_compute
from tournaments.services.sanctions import sanction_record

pytestmark = pytest.mark.django_db

NOT_CHIEFS = [Role.ORGANISER, Role.UMPIRE, Role.COMMITTEE, Role.PLAYER, None]


@pytest.fixture
def sheet(db):
    """A started table of a points-only tournament: A self-drew 10 points."""
    return played_table(TournamentFactory(entry_mode=Tournament.EntryMode.POINTS_ONLY))


def seat(sheet, position: str = "A") -> Player:
    return sheet.seats.get(position=position).player


def void_url(sanction: Sanction) -> str:
    player = sanction.player
    return (
        f"/api/tournaments/{player.tournament.slug}/players/{player.registration_number}"
        f"/sanctions/{sanction.pk}/void/"
    )


def disqualify(player: Player) -> Sanction:
    return sanction_record(player=player, kind="disqualification", reason="Serious disturbance")


def appeal_of(player: Player, sheet, status=Appeal.Status.UNDER_REVIEW) -> Appeal:
    from django.contrib.auth import get_user_model

    filer = get_user_model().objects.create_user(f"filer-{player.pk}-{status}")
    ruled = status not in Appeal.OPEN_STATUSES
    fee = {
        Appeal.Status.UPHELD: Appeal.FeeStatus.RETURNED,
        Appeal.Status.REJECTED: Appeal.FeeStatus.FORFEITED,
        Appeal.Status.WITHDRAWN: Appeal.FeeStatus.FORFEITED,
    }.get(status, Appeal.FeeStatus.HELD)
    return Appeal.objects.create(
        session=sheet.session,
        player=player,
        filed_by=filer,
        filed_at=timezone.now() - datetime.timedelta(minutes=5),
        subject=Appeal.Subject.OTHER,
        statement="The disqualification was not deserved.",
        confirmed_by_filer=True,
        fee_amount=0,
        fee_currency="EUR",
        status=status,
        fee_status=fee,
        ruled_at=timezone.now() if ruled else None,
    )


def ranked(tournament) -> list[int]:
    return [row.player_id for row in standings_compute(tournament=tournament, live=True).players]


def row_of(player: Player):
    rows = standings_compute(tournament=player.tournament, live=True).players
    return next(row for row in rows if row.player_id == player.pk)


def test_the_chief_umpire_lifts_a_disqualification_on_appeal(as_role, sheet):
    player = seat(sheet)
    sanction = disqualify(player)
    appeal = appeal_of(player, sheet)
    client = as_role(Role.CHIEF_UMPIRE)
    response = client.post(
        void_url(sanction), {"reason": "Appeal upheld", "appeal": appeal.pk}, format="json"
    )
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["voided_by"] == client.user.username and body["void_appeal"] == appeal.pk
    assert body["void_reason"] == "Appeal upheld" and body["voided_at"]
    assert body["player_status"] == "active"
    sanction.refresh_from_db()
    assert sanction.voided and sanction.void_appeal == appeal
    assert list(appeal.lifted_sanctions.all()) == [sanction]


def test_the_lifted_disqualification_stays_in_the_players_list(as_role, sheet):
    sanction = disqualify(seat(sheet))
    client = as_role(Role.CHIEF_UMPIRE)
    client.post(void_url(sanction), {"reason": "Lifted"}, format="json")
    listed = client.get(void_url(sanction).rsplit(f"{sanction.pk}/void/", 1)[0]).json()
    (only,) = listed["results"]
    assert only["kind"] == "disqualification" and only["voided_at"] is not None


def test_the_standings_place_him_again_at_once(as_role, sheet):
    player = seat(sheet)
    sanction = disqualify(player)
    assert row_of(player).sanction == "disqualified"
    as_role(Role.CHIEF_UMPIRE).post(void_url(sanction), {"reason": "Lifted"}, format="json")
    row = row_of(player)
    assert row.sanction == "" and row.rank == 1


def test_a_lifted_loss_of_rank_ranks_him_again(as_role, sheet):
    player = seat(sheet)
    tournament = sheet.session.tournament
    sanction = sanction_record(player=player, kind="loss_of_rank", reason="Illegal benefit")
    assert ranked(tournament)[-1] == player.pk
    as_role(Role.CHIEF_UMPIRE).post(void_url(sanction), {"reason": "Lifted"}, format="json")
    assert ranked(tournament)[0] == player.pk


@pytest.mark.parametrize("role", NOT_CHIEFS)
def test_other_roles_are_refused_and_nothing_changes(as_role, sheet, role):
    sanction = disqualify(seat(sheet))
    response = as_role(role).post(void_url(sanction), {"reason": "Lifted"}, format="json")
    assert response.status_code in (401, 403), response.content
    sanction.refresh_from_db()
    assert not sanction.voided
    assert Player.objects.get(pk=sanction.player_id).status == Player.Status.DISQUALIFIED


def test_a_sanction_lifted_twice_is_a_409(as_role, sheet):
    sanction = disqualify(seat(sheet))
    client = as_role(Role.CHIEF_UMPIRE)
    assert client.post(void_url(sanction), {"reason": "x"}, format="json").status_code == 200
    second = client.post(void_url(sanction), {"reason": "again"}, format="json")
    assert second.status_code == 409
    sanction.refresh_from_db()
    assert sanction.void_reason == "x"


@pytest.mark.parametrize("reason", ["", "   ", "\u200b"])
def test_a_lifting_without_a_reason_is_refused(as_role, sheet, reason):
    sanction = disqualify(seat(sheet))
    response = as_role(Role.CHIEF_UMPIRE).post(
        void_url(sanction), {"reason": reason}, format="json"
    )
    assert response.status_code == 400
    sanction.refresh_from_db()
    assert not sanction.voided


def test_an_appeal_of_another_player_is_refused(as_role, sheet):
    sanction = disqualify(seat(sheet, "A"))
    other = appeal_of(seat(sheet, "B"), sheet)
    response = as_role(Role.CHIEF_UMPIRE).post(
        void_url(sanction), {"reason": "x", "appeal": other.pk}, format="json"
    )
    assert response.status_code == 400
    sanction.refresh_from_db()
    assert not sanction.voided


def test_a_rejected_appeal_lifts_nothing(as_role, sheet):
    player = seat(sheet)
    sanction = disqualify(player)
    rejected = appeal_of(player, sheet, status=Appeal.Status.REJECTED)
    response = as_role(Role.CHIEF_UMPIRE).post(
        void_url(sanction), {"reason": "x", "appeal": rejected.pk}, format="json"
    )
    assert response.status_code == 409
    sanction.refresh_from_db()
    assert not sanction.voided


def test_an_unknown_sanction_is_a_404(as_role, sheet):
    sanction = disqualify(seat(sheet))
    url = void_url(sanction).replace(f"/{sanction.pk}/void/", f"/{sanction.pk + 99}/void/")
    assert as_role(Role.CHIEF_UMPIRE).post(url, {"reason": "x"}, format="json").status_code == 404


def test_the_lifting_is_kept_in_the_sanctions_history(as_role, sheet):
    sanction = disqualify(seat(sheet))
    as_role(Role.CHIEF_UMPIRE).post(void_url(sanction), {"reason": "Appeal upheld"}, format="json")
    reasons = list(sanction.history.values_list("history_change_reason", flat=True))
    assert "Appeal upheld" in reasons
