"""A settled registration (issue #26): once results depend on a player's registration (his
tournament is finished, or a sheet he sat at is signed), his name, native name, number and
team, and his team's name, change only by the chief umpire's correction with a reason; an
organiser's edit is refused, in the service and on the admin's change form."""

from fractions import Fraction

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.urls import reverse

from tests.shared_rows import built_once
from tests.tournaments.factories import (
    PlayerFactory,
    TeamFactory,
    TournamentFactory,
    sign_sheets,
)
from tests.tournaments.registration_helpers import (
    REASON,
    finish,
    make_user,
    player,
    stored,
    team,
    team_league,
    team_ranking,
)
from tournaments.errors import TournamentError
from tournaments.models import Player, RegistrationCorrection, Seat, TableSession, Tournament
from tournaments.roles import PermissionRefused, Role
from tournaments.services.registration import (
    player_settled,
    player_update,
    team_settled,
    team_update,
)
from tournaments.services.registration_corrections import registration_correct
from tournaments.services.signoff import sheet_countersign

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    """Both sheets complete, none signed: nothing is settled yet. Built for each test that
    asks for it (the few that do); its tournament is not `signed`'s."""
    return team_league(signed=False)


def build_signed() -> dict:
    """The rows of `signed`, `chief` and `organiser`; their primary keys."""
    return {
        "signed": team_league(signed=True).pk,
        "chief": make_user("chief", Role.CHIEF_UMPIRE).pk,
        "organiser": make_user("organiser", Role.ORGANISER).pk,
    }


@pytest.fixture(scope="module")
def signed_keys(django_db_setup, django_db_blocker) -> dict:
    """`signed`, `chief` and `organiser`, built once for the module (tests/shared_rows.py):
    each test writes inside its own savepoint, undone before the next."""
    yield from built_once(django_db_blocker, build_signed)


@pytest.fixture
def signed_rows(signed_keys, db) -> dict:
    """The rows built once, read again for each test (new instances, an empty cache)."""
    cache.clear()
    users = get_user_model().objects.in_bulk([signed_keys["chief"], signed_keys["organiser"]])
    return {
        "signed": Tournament.objects.get(pk=signed_keys["signed"]),
        "chief": users[signed_keys["chief"]],
        "organiser": users[signed_keys["organiser"]],
    }


@pytest.fixture
def signed(signed_rows) -> Tournament:
    """team_league(signed=True): both sheets signed."""
    return signed_rows["signed"]


@pytest.fixture
def chief(signed_rows):
    return signed_rows["chief"]


@pytest.fixture
def organiser(signed_rows):
    return signed_rows["organiser"]


# -- the rule ----------------------------------------------------------------------------------


def test_a_registration_is_settled_once_a_sheet_of_the_player_is_signed(played):
    bo = player(played, "Bo")
    assert not player_settled(bo) and not team_settled(bo.team)
    sign_sheets(TableSession.objects.get(session__tournament=played, session__number=1))
    assert player_settled(bo) and team_settled(bo.team)


def test_a_countersigned_sheet_settles_too(played):
    sheet = TableSession.objects.get(session__tournament=played, session__number=2)
    sign_sheets(sheet)
    sheet_countersign(table_session=sheet)
    assert TableSession.objects.get(pk=sheet.pk).status == TableSession.Status.FINAL
    assert player_settled(player(played, "Ana"))


def test_a_finished_tournament_settles_every_registration_even_of_one_who_never_played(db):
    tournament = TournamentFactory()
    benched = PlayerFactory(tournament=tournament, team=TeamFactory(tournament=tournament))
    assert not player_settled(benched)
    finish(tournament)
    assert player_settled(benched) and team_settled(benched.team)


def test_the_player_who_lost_his_seat_at_a_signed_sheet_is_settled(signed):
    lost = PlayerFactory(tournament=signed, name="Eve", registration_number=9)
    Seat.objects.filter(table_session__session__number=1, position="A").update(replaced_player=lost)
    assert player_settled(lost)


def test_a_player_of_another_table_is_not_settled_by_a_signed_sheet(signed):
    newcomer = PlayerFactory(tournament=signed, name="Eve", registration_number=9)
    assert not player_settled(newcomer)


# -- an organiser's edit (the service) ---------------------------------------------------------


def test_an_unsettled_registration_stays_editable(played):
    bo = player(played, "Bo")
    bo.name, bo.team = "Bob", team(played, "Y")
    player_update(player=bo)
    assert stored(bo)["name"] == "Bob" and stored(bo)["team_id"] == team(played, "Y").pk


@pytest.mark.parametrize(
    ("field", "value"),
    [("name", "Bob"), ("native_name", "波"), ("registration_number", 42), ("team", "Y")],
)
def test_a_settled_field_is_refused_and_nothing_is_written(signed, field, value):
    bo = player(signed, "Bo")
    before = stored(bo)
    setattr(bo, field, team(signed, value) if field == "team" else value)
    with pytest.raises(TournamentError, match="director's correction with a reason") as refused:
        player_update(player=bo)
    assert refused.value.code == "invalid_state"
    assert stored(bo) == before
    assert not RegistrationCorrection.objects.exists()


def test_a_player_leaving_his_team_is_refused_too(signed):
    bo = player(signed, "Bo")
    bo.team = None
    with pytest.raises(TournamentError, match="team"):
        player_update(player=bo)
    assert stored(bo)["team_id"] == team(signed, "X").pk


def test_country_and_club_of_a_settled_player_stay_the_organisers(signed):
    bo = player(signed, "Bo")
    bo.country, bo.club = "Spain", "Madrid MC"
    player_update(player=bo)
    assert (stored(bo)["country"], stored(bo)["club"]) == ("ES", "Madrid MC")


def test_the_team_name_in_a_finished_tournament_is_refused(signed):
    finish(signed)
    x = team(signed, "X")
    x.name = "Xenon"
    with pytest.raises(TournamentError, match="director's correction") as refused:
        team_update(team=x)
    assert refused.value.code == "invalid_state"
    assert stored(x)["name"] == "X"


def test_a_settled_teams_country_and_captain_stay_editable(signed):
    x = team(signed, "X")
    x.country, x.captain = "Spain", player(signed, "Ana")
    team_update(team=x)
    assert stored(x)["country"] == "Spain" and stored(x)["captain_id"] == x.captain.pk


def test_the_team_standings_do_not_move_by_an_organisers_edit(signed):
    before = team_ranking(signed)
    assert before == [("X", 7), ("Y", 7)]
    bo = player(signed, "Bo")
    bo.team = team(signed, "Y")
    with pytest.raises(TournamentError):
        player_update(player=bo)
    assert team_ranking(signed) == before


# -- the director's correction (the service) ---------------------------------------------------


def test_the_directors_correction_moves_a_player_and_flips_the_team_standings(signed, chief):
    correction = registration_correct(
        player=player(signed, "Bo"), changes={"team": team(signed, "Y")}, reason=REASON, user=chief
    )
    assert player(signed, "Bo").team.name == "Y"
    assert team_ranking(signed) == [("Y", Fraction(19, 2)), ("X", Fraction(9, 2))]
    x, y = team(signed, "X"), team(signed, "Y")
    assert correction.before == {"team": {"id": x.pk, "name": "X"}}
    assert correction.after == {"team": {"id": y.pk, "name": "Y"}}
    assert (correction.reason, correction.made_by, correction.tournament) == (REASON, chief, signed)


def test_the_correction_writes_its_reason_and_author_into_the_players_history(signed, chief):
    bo = player(signed, "Bo")
    registration_correct(player=bo, changes={"name": "Bob"}, reason=REASON, user=chief)
    last = Player.history.filter(id=bo.pk).latest()
    assert (last.name, last.history_change_reason, last.history_user) == ("Bob", REASON, chief)


def test_only_the_fields_that_change_are_kept(signed, chief):
    bo = player(signed, "Bo")
    correction = registration_correct(
        player=bo,
        changes={"name": "Bo", "native_name": "波", "registration_number": 2},
        reason=REASON,
        user=chief,
    )
    assert (correction.before, correction.after) == ({"native_name": ""}, {"native_name": "波"})


def test_a_team_name_is_corrected_in_a_finished_tournament(signed, chief):
    finish(signed)
    correction = registration_correct(
        team=team(signed, "X"), changes={"name": "Xenon"}, reason=REASON, user=chief
    )
    assert (correction.before, correction.after) == ({"name": "X"}, {"name": "Xenon"})
    assert correction.player is None and correction.team.name == "Xenon"


def test_the_correction_touches_the_live_pages(signed, chief, monkeypatch):
    touched = []
    monkeypatch.setattr("tournaments.services.registration_corrections.live_touch", touched.append)
    registration_correct(
        player=player(signed, "Bo"), changes={"name": "Bob"}, reason=REASON, user=chief
    )
    assert touched == [signed.pk]


@pytest.mark.parametrize("role", [Role.ORGANISER, Role.UMPIRE, Role.COMMITTEE, None])
def test_only_the_chief_umpire_corrects_a_registration(signed, role):
    bo = player(signed, "Bo")
    with pytest.raises(PermissionRefused):
        registration_correct(
            player=bo, changes={"name": "Bob"}, reason=REASON, user=make_user("someone", role)
        )
    assert stored(bo)["name"] == "Bo" and not RegistrationCorrection.objects.exists()


@pytest.mark.parametrize(
    ("changes", "reason", "message"),
    [
        ({"name": "Bob"}, "", "needs a written reason"),
        ({"name": "Bob"}, " \u200b\u202e ", "no visible character"),
        ({"registration_number": 3}, REASON, "already Cai's"),
        ({"registration_number": 0}, REASON, "whole number from 1"),
        ({"name": "\u200b"}, REASON, "no visible character"),
        ({"name": "  "}, REASON, "needs a name"),
        ({"native_name": "a\x00b"}, REASON, "NUL character"),
        ({"name": "B" * 121}, REASON, "longer than 120"),
        ({"status": "withdrawn"}, REASON, "not status"),
        ({"name": "Bo", "team": "X"}, REASON, "changes nothing"),
        ({}, REASON, "changes nothing"),
    ],
)
def test_a_bad_correction_is_refused_and_writes_nothing(signed, chief, changes, reason, message):
    bo = player(signed, "Bo")
    before = stored(bo)
    if changes.get("team") == "X":
        changes = {**changes, "team": team(signed, "X").pk}
    with pytest.raises(TournamentError, match=message):
        registration_correct(player=bo, changes=changes, reason=reason, user=chief)
    assert stored(bo) == before
    assert not RegistrationCorrection.objects.exists()


def test_a_team_of_another_tournament_is_refused(signed, chief):
    elsewhere = TeamFactory(tournament=TournamentFactory())
    with pytest.raises(TournamentError, match="no team"):
        registration_correct(
            player=player(signed, "Bo"), changes={"team": elsewhere}, reason=REASON, user=chief
        )


def test_a_team_name_taken_in_another_case_is_refused(signed, chief):
    with pytest.raises(TournamentError, match="already a team named"):
        registration_correct(
            team=team(signed, "X"), changes={"name": "y"}, reason=REASON, user=chief
        )
    assert stored(team(signed, "X"))["name"] == "X"


def test_a_correction_names_one_player_or_one_team(signed, chief):
    with pytest.raises(TournamentError, match="one player or of one team"):
        registration_correct(
            player=player(signed, "Bo"),
            team=team(signed, "X"),
            changes={"name": "Z"},
            reason=REASON,
            user=chief,
        )


def test_an_unsettled_registration_may_be_corrected_too(played, chief):
    registration_correct(
        player=player(played, "Bo"), changes={"name": "Bob"}, reason=REASON, user=chief
    )
    assert RegistrationCorrection.objects.get().after == {"name": "Bob"}


# -- the admin ---------------------------------------------------------------------------------


def change_url(row) -> str:
    return reverse(f"admin:tournaments_{type(row)._meta.model_name}_change", args=[row.pk])


def correct_url(row) -> str:
    name = f"admin:tournaments_{type(row)._meta.model_name}_correct_registration"
    return reverse(name, args=[row.pk])


def player_post(row: Player, **changes) -> dict:
    """The player's change form as a page opened before his registration settled posts it."""
    data = {
        "name": row.name,
        "native_name": row.native_name,
        "country": row.country,
        "club": row.club,
        "team": row.team_id or "",
        "lot_drawn_by": row.lot_drawn_by,
    }
    return {**data, **changes}


def test_a_settled_players_page_shows_his_name_and_team_read_only(client, signed, organiser):
    client.force_login(organiser)
    page = client.get(change_url(player(signed, "Bo"))).content.decode()
    assert 'name="name"' not in page and 'name="team"' not in page
    assert 'name="country"' in page
    assert "change only by the chief umpire's correction" in page
    assert "correct-registration" not in page


def test_an_unsettled_players_name_is_an_input(client, played, organiser):
    client.force_login(organiser)
    page = client.get(change_url(player(played, "Bo"))).content.decode()
    assert 'name="name"' in page and "change only by the chief umpire" not in page


@pytest.mark.parametrize(
    "change",
    [{"name": "Bob"}, {"team": "Y"}, {"registration_number": "42"}, {"native_name": "波"}],
)
def test_an_organisers_change_of_a_settled_field_is_a_form_error(client, signed, organiser, change):
    bo = player(signed, "Bo")
    before = stored(bo)
    if change.get("team") == "Y":
        change = {"team": team(signed, "Y").pk}
    client.force_login(organiser)
    response = client.post(change_url(bo), player_post(bo, **change))
    assert response.status_code == 200
    assert "director&#x27;s correction with a reason" in response.content.decode()
    assert stored(bo) == before


def test_an_organiser_still_changes_a_settled_players_country(client, signed, organiser):
    bo = player(signed, "Bo")
    client.force_login(organiser)
    data = player_post(bo, country="ES")
    del data["name"], data["native_name"], data["team"]  # read-only on his page now
    response = client.post(change_url(bo), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert stored(bo)["country"] == "ES" and stored(bo)["name"] == "Bo"


def test_a_team_name_in_a_finished_tournament_is_a_form_error(client, signed, organiser):
    finish(signed)
    x = team(signed, "X")
    client.force_login(organiser)
    page = client.get(change_url(x)).content.decode()
    assert 'name="name"' not in page
    response = client.post(change_url(x), {"name": "Xenon", "country": "", "captain": ""})
    assert response.status_code == 200
    assert "director&#x27;s correction with a reason" in response.content.decode()
    assert stored(x)["name"] == "X"


@pytest.mark.parametrize("role", [Role.ORGANISER, Role.UMPIRE, Role.COMMITTEE])
def test_the_correction_page_is_the_chief_umpires_only(client, signed, role):
    bo = player(signed, "Bo")
    client.force_login(make_user("someone", role))
    assert client.get(correct_url(bo)).status_code == 403
    data = {**player_post(bo, name="Bob"), "registration_number": 2, "reason": REASON}
    assert client.post(correct_url(bo), data).status_code == 403
    assert stored(bo)["name"] == "Bo"


def test_the_chief_umpire_corrects_a_team_in_the_admin(client, signed, chief):
    bo = player(signed, "Bo")
    client.force_login(chief)
    page = client.get(change_url(bo)).content.decode()
    assert correct_url(bo) in page
    form = client.get(correct_url(bo))
    assert form.status_code == 200
    assert form.context["form"].initial["team"] == team(signed, "X").pk
    data = {
        "name": "Bo",
        "native_name": "",
        "registration_number": 2,
        "team": team(signed, "Y").pk,
        "reason": REASON,
    }
    response = client.post(correct_url(bo), data)
    assert response.status_code == 302
    assert stored(bo)["team_id"] == team(signed, "Y").pk
    correction = RegistrationCorrection.objects.get()
    assert (correction.player, correction.reason, correction.made_by) == (bo, REASON, chief)
    assert set(correction.after) == {"team"}
    assert team_ranking(signed)[0][0] == "Y"
    listed = client.get(reverse("admin:tournaments_registrationcorrection_changelist"))
    assert listed.status_code == 200 and "X → Y" in listed.content.decode()


def test_a_correction_page_without_a_visible_reason_is_a_form_error(client, signed, chief):
    bo = player(signed, "Bo")
    client.force_login(chief)
    data = {
        "name": "Bob",
        "native_name": "",
        "registration_number": 2,
        "team": "",
        "reason": "\u200b",
    }
    response = client.post(correct_url(bo), data)
    assert response.status_code == 200
    assert "visible character" in response.content.decode()
    assert stored(bo)["name"] == "Bo" and not RegistrationCorrection.objects.exists()


def test_a_duplicate_number_on_the_correction_page_is_a_form_error(client, signed, chief):
    bo = player(signed, "Bo")
    client.force_login(chief)
    data = {"name": "Bo", "native_name": "", "registration_number": 3, "team": "", "reason": REASON}
    response = client.post(correct_url(bo), data)
    assert response.status_code == 200
    assert response.context["form"].errors["registration_number"]
    assert stored(bo)["registration_number"] == 2


def test_the_chief_umpire_corrects_a_team_name_in_the_admin(client, signed, chief):
    finish(signed)
    x = team(signed, "X")
    client.force_login(chief)
    response = client.post(correct_url(x), {"name": "Xenon", "reason": REASON})
    assert response.status_code == 302
    assert stored(x)["name"] == "Xenon"
    assert RegistrationCorrection.objects.get().team == x


def test_the_registration_corrections_list_is_read_only(client, signed, chief):
    bo = player(signed, "Bo")
    registration_correct(player=bo, changes={"name": "Bob"}, reason=REASON, user=chief)
    correction = RegistrationCorrection.objects.get()
    admin_url = "admin:tournaments_registrationcorrection_"
    client.force_login(chief)
    assert client.get(reverse(admin_url + "add")).status_code == 403
    detail = reverse(admin_url + "change", args=[correction.pk])
    assert client.get(detail).status_code == 200
    assert client.post(detail, {"reason": "rewritten"}).status_code == 403
    deleted = client.post(reverse(admin_url + "delete", args=[correction.pk]), {"post": "yes"})
    assert deleted.status_code == 403
    assert RegistrationCorrection.objects.get().reason == REASON
    client.force_login(make_user("a-player", Role.PLAYER))
    assert client.get(reverse(admin_url + "changelist")).status_code in (302, 403)


def test_a_registration_that_settles_between_the_check_and_the_save_is_refused_not_a_500(
    client, played, organiser, monkeypatch
):
    """The form's check passed; the service refuses at the save (a sheet signed meanwhile)."""
    from tournaments.admin.people import PlayerAdmin

    def settled_meanwhile(player):
        raise TournamentError("Settled meanwhile.", code="invalid_state")

    monkeypatch.setattr(PlayerAdmin, "update", staticmethod(settled_meanwhile))
    bo = player(played, "Bo")
    client.force_login(organiser)
    response = client.post(change_url(bo), player_post(bo, name="Bo Renamed"))
    assert response.status_code == 302 and response.url == change_url(bo)
    assert Player.objects.get(pk=bo.pk).name == "Bo"
    messages = [str(m) for m in response.wsgi_request._messages]
    assert messages == ["Settled meanwhile."]
