"""Appeals (rules 3.12-3.13): who files, the 30-minute deadline, the fee, the committee's
ruling, withdrawal, and who reads which appeal."""

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from django.contrib.auth.models import Group

from tests.tournaments.factories import PlayerFactory, TeamFactory, seated_table
from tournaments.errors import TournamentError
from tournaments.models import Appeal, Correction, Hand, Penalty
from tournaments.roles import ROLE_GROUPS, PermissionRefused, Role
from tournaments.selectors.appeals import (
    appeal_deadline,
    appeal_filed_on_paper,
    appeals_for,
    local_time,
)
from tournaments.services.appeals import (
    appeal_decide,
    appeal_file,
    appeal_start_review,
    appeal_withdraw,
)

pytestmark = pytest.mark.django_db

ENDED = datetime(2024, 5, 1, 10, 0, tzinfo=UTC)


@pytest.fixture
def make_user(django_user_model):
    def make(username: str, role: str | None = None):
        user = django_user_model.objects.create_user(username, is_staff=role != Role.PLAYER)
        if role is not None:
            group, _created = Group.objects.get_or_create(name=ROLE_GROUPS[Role(role)])
            user.groups.add(group)
        return user

    return make


@pytest.fixture
def sheet(tournament):
    tournament.appeal_fee = Decimal("150.00")
    tournament.appeal_currency = "EUR"
    tournament.save()
    return seated_table(tournament)


@pytest.fixture
def session(sheet):
    """Session 1, ended a few minutes ago: the appeal window is open."""
    session = sheet.session
    end = datetime.now(UTC) - timedelta(minutes=5)
    session.actual_start = end - timedelta(hours=2, minutes=30)
    session.actual_end = end
    session.save()
    return session


@pytest.fixture
def people(sheet, make_user):
    """A (Player A) and B (Player B) are team mates; C is their captain; D is another team's.
    Each has his own login."""
    seats = {seat.position: seat.player for seat in sheet.seats.all()}
    team = TeamFactory(tournament=sheet.session.tournament, name="Dragons")
    for position in "ABC":
        seats[position].team = team
    for position, player in seats.items():
        player.user = make_user(f"player_{position.lower()}", Role.PLAYER)
        player.save()
    team.captain = seats["C"]
    team.save()
    return seats


@pytest.fixture
def chief(make_user):
    return make_user("chief", Role.CHIEF_UMPIRE)


@pytest.fixture
def committee(make_user):
    return make_user("committee", Role.COMMITTEE)


@pytest.fixture
def hand(sheet):
    return Hand.objects.create(
        table_session=sheet,
        number=1,
        prevalent_wind="E",
        dealer_position="A",
        outcome=Hand.Outcome.WIN,
        winner_position="B",
        discarder_position="A",
        points=8,
    )


def file(session, player, *, user, **kwargs) -> Appeal:
    values = {"subject": Appeal.Subject.OTHER, "statement": "The umpire ruled wrongly."}
    values["confirmed"] = True
    values.update(kwargs)
    return appeal_file(session=session, player=player, user=user, **values)


def other_sheet(sheet):
    return seated_table(sheet.session.tournament, table_number=2)


# -- who files (3.12.1) --------------------------------------------------------------------


def test_a_player_files_his_own_appeal_with_the_tournaments_fee(session, sheet, people):
    player = people["A"]
    appeal = file(session, player, user=player.user, subject=Appeal.Subject.RESULT)
    assert appeal.status == Appeal.Status.FILED
    assert appeal.fee_status == Appeal.FeeStatus.HELD
    assert (appeal.fee_amount, appeal.fee_currency) == (Decimal("150.00"), "EUR")
    assert appeal.table_session == sheet
    assert appeal.filed_by == player.user
    assert not appeal.filed_as_captain
    assert appeal.confirmed_by_filer
    assert not appeal_filed_on_paper(appeal)
    record = appeal.history.get()
    assert record.history_user == player.user
    assert record.history_change_reason == "Filed by the player"


def test_the_teams_captain_files_for_a_player_of_his_team(session, people):
    captain = people["C"]
    appeal = file(session, people["A"], user=captain.user)
    assert appeal.player == people["A"]
    assert appeal.filed_as_captain
    assert appeal.filed_by == captain.user
    assert appeal.history.get().history_change_reason == "Filed by the team's captain"


def test_it_refuses_an_appeal_filed_by_another_player(session, people):
    with pytest.raises(PermissionRefused, match="player concerned or his team's captain"):
        file(session, people["A"], user=people["D"].user)
    assert not Appeal.objects.exists()


def test_it_refuses_an_appeal_filed_by_a_team_mate_who_is_not_the_captain(session, people):
    with pytest.raises(PermissionRefused):
        file(session, people["A"], user=people["B"].user)
    assert not Appeal.objects.exists()


def test_it_refuses_an_appeal_filed_by_an_umpire_or_the_committee(
    session, people, make_user, committee
):
    for user in (make_user("ump", Role.UMPIRE), committee):
        with pytest.raises(PermissionRefused):
            file(session, people["A"], user=user)
    assert not Appeal.objects.exists()


def test_the_chief_umpire_enters_a_written_appeal_handed_in_on_paper(session, people, chief):
    handed_in = session.actual_end + timedelta(minutes=3)
    appeal = file(session, people["A"], user=chief, filed_at=handed_in, signed_by_captain=True)
    assert appeal.filed_at == handed_in
    assert appeal.filed_by == chief
    assert appeal.filed_as_captain
    assert appeal_filed_on_paper(appeal)
    record = appeal.history.get()
    assert record.history_user == chief
    assert "on paper" in record.history_change_reason


def test_only_the_chief_umpire_enters_the_time_an_appeal_was_handed_in(session, people):
    with pytest.raises(PermissionRefused, match="handed in"):
        file(session, people["A"], user=people["A"].user, filed_at=session.actual_end)
    assert not Appeal.objects.exists()


def test_it_refuses_a_paper_appeal_dated_in_the_future(session, people, chief):
    session.actual_end = None
    session.save()
    future = datetime.now(UTC) + timedelta(hours=1)
    with pytest.raises(TournamentError, match="future"):
        file(session, people["A"], user=chief, filed_at=future)


# -- in writing, confirmed (3.12.3) --------------------------------------------------------


def test_it_refuses_an_appeal_the_filer_did_not_confirm(session, people):
    with pytest.raises(TournamentError, match="I confirm this appeal and its fee"):
        file(session, people["A"], user=people["A"].user, confirmed=False)
    assert not Appeal.objects.exists()


def test_it_refuses_an_appeal_without_a_statement(session, people):
    with pytest.raises(TournamentError, match="Write the appeal"):
        file(session, people["A"], user=people["A"].user, statement="   ")
    assert not Appeal.objects.exists()


# -- the deadline (3.12.2) -----------------------------------------------------------------


def test_an_appeal_29_minutes_59_after_the_end_of_the_session_is_accepted(session, people):
    session.actual_end = datetime.now(UTC) - timedelta(minutes=29, seconds=59)
    session.save()
    appeal = file(session, people["A"], user=people["A"].user)
    assert appeal.pk is not None


def test_an_appeal_30_minutes_01_after_the_end_of_the_session_is_refused_with_the_deadline(
    session, people
):
    session.actual_end = datetime.now(UTC) - timedelta(minutes=30, seconds=1)
    session.save()
    with pytest.raises(TournamentError, match="Too late") as refused:
        file(session, people["A"], user=people["A"].user)
    assert refused.value.code == "late"
    deadline = session.actual_end + timedelta(minutes=30)
    assert local_time(deadline) in refused.value.message
    assert not Appeal.objects.exists()


def test_the_deadline_is_inclusive_and_shown_in_local_time(session, people, chief, settings):
    settings.TIME_ZONE = "Europe/Madrid"
    session.actual_start = ENDED - timedelta(hours=2)
    session.actual_end = ENDED
    session.save()
    assert appeal_deadline(session) == ENDED + timedelta(minutes=30)
    on_time = file(session, people["A"], user=chief, filed_at=ENDED + timedelta(minutes=30))
    assert on_time.pk is not None
    with pytest.raises(TournamentError) as refused:
        file(session, people["B"], user=chief, filed_at=ENDED + timedelta(minutes=30, seconds=1))
    # 10:30 UTC is 12:30 in Madrid (summer time).
    assert "May 1, 2024, 12:30 p.m." in refused.value.message
    assert Appeal.objects.count() == 1


def test_a_session_still_running_takes_appeals(session, people):
    session.actual_end = None
    session.save()
    assert appeal_deadline(session) is None
    appeal = file(session, people["A"], user=people["A"].user)
    assert appeal.pk is not None


def test_a_session_not_yet_started_takes_no_appeal(session, people):
    session.actual_start = session.actual_end = None
    session.save()
    with pytest.raises(TournamentError, match="has not started"):
        file(session, people["A"], user=people["A"].user)


def test_a_paper_appeal_dated_before_the_session_started_is_refused(session, people, chief):
    with pytest.raises(TournamentError, match="before Session 1 started"):
        file(session, people["A"], user=chief, filed_at=session.actual_start - timedelta(1))


# -- what the appeal is against ------------------------------------------------------------


def test_an_appeal_against_a_hand_names_a_hand_of_the_players_sheet(session, sheet, people, hand):
    appeal = file(session, people["A"], user=people["A"].user, subject="hand", hand=hand)
    assert appeal.hand == hand
    other = other_sheet(sheet)
    foreign = Hand.objects.create(
        table_session=other, number=1, prevalent_wind="E", dealer_position="A", outcome="draw"
    )
    with pytest.raises(TournamentError, match="not on the player's score sheet"):
        file(session, people["A"], user=people["A"].user, subject="hand", hand=foreign)
    assert Appeal.objects.count() == 1


def test_an_appeal_against_a_penalty_names_a_penalty_of_the_players_sheet(session, sheet, people):
    own = Penalty.objects.create(
        table_session=sheet, player=people["A"], kind="warning", reason="Slow play"
    )
    appeal = file(session, people["A"], user=people["A"].user, subject="penalty", penalty=own)
    assert appeal.penalty == own
    other = other_sheet(sheet)
    foreign = Penalty.objects.create(
        table_session=other, player=other.seats.first().player, kind="warning", reason="Noise"
    )
    with pytest.raises(TournamentError, match="not on the player's score sheet"):
        file(session, people["A"], user=people["A"].user, subject="penalty", penalty=foreign)


def test_it_refuses_an_appeal_against_a_hand_that_names_none(session, people, hand):
    with pytest.raises(TournamentError, match="Name the hand"):
        file(session, people["A"], user=people["A"].user, subject="hand")
    with pytest.raises(TournamentError, match="only in an appeal against a hand"):
        file(session, people["A"], user=people["A"].user, subject="result", hand=hand)


def test_it_refuses_a_sheet_the_player_did_not_sit_at(session, sheet, people):
    with pytest.raises(TournamentError, match="did not sit at"):
        file(session, people["A"], user=people["A"].user, table_session=other_sheet(sheet))


def test_it_refuses_a_player_who_did_not_play_in_the_session(session, chief):
    stranger = PlayerFactory(tournament=session.tournament, registration_number=99)
    with pytest.raises(TournamentError, match="did not play in Session 1"):
        file(session, stranger, user=chief)


# -- review, ruling, withdrawal (3.12.4, 3.13.3) -------------------------------------------


@pytest.fixture
def appeal(session, people):
    return file(session, people["A"], user=people["A"].user)


def test_the_committee_takes_an_appeal_under_review_once(appeal, committee):
    reviewed = appeal_start_review(appeal=appeal, user=committee)
    assert reviewed.status == Appeal.Status.UNDER_REVIEW
    assert reviewed.fee_status == Appeal.FeeStatus.HELD
    with pytest.raises(TournamentError, match="Only a filed appeal"):
        appeal_start_review(appeal=appeal, user=committee)


def test_an_upheld_appeal_returns_the_fee_and_records_who_ruled(appeal, committee):
    appeal_start_review(appeal=appeal, user=committee)
    decided = appeal_decide(
        appeal=appeal, upheld=True, ruling="Hand 3 stands.", reasons="Rule 3.9.1", user=committee
    )
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.UPHELD
    assert appeal.fee_status == Appeal.FeeStatus.RETURNED
    assert (appeal.ruling, appeal.reasons) == ("Hand 3 stands.", "Rule 3.9.1")
    assert appeal.ruled_by == committee and appeal.ruled_at is not None
    assert decided.pk == appeal.pk
    latest = appeal.history.first()
    assert latest.history_user == committee
    assert latest.history_change_reason == "Upheld: fee returned"
    assert appeal.history.count() == 3


def test_a_rejected_appeal_forfeits_the_fee(appeal, committee):
    appeal_start_review(appeal=appeal, user=committee)
    appeal_decide(appeal=appeal, upheld=False, ruling="Refused.", reasons="3.13.3", user=committee)
    appeal.refresh_from_db()
    assert (appeal.status, appeal.fee_status) == ("rejected", "forfeited")
    assert appeal.ruled_at is not None


def test_an_appeal_is_decided_only_under_review(appeal, committee):
    with pytest.raises(TournamentError, match="under review before deciding"):
        appeal_decide(appeal=appeal, upheld=True, ruling="x", reasons="y", user=committee)
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.FILED


def test_a_decided_appeal_is_neither_decided_again_nor_withdrawn(appeal, committee, people):
    appeal_start_review(appeal=appeal, user=committee)
    appeal_decide(appeal=appeal, upheld=False, ruling="No.", reasons="3.13.3", user=committee)
    with pytest.raises(TournamentError, match="already rejected: it cannot be decided again"):
        appeal_decide(appeal=appeal, upheld=True, ruling="Yes.", reasons="x", user=committee)
    with pytest.raises(TournamentError, match="already rejected: it can no longer be withdrawn"):
        appeal_withdraw(appeal=appeal, user=people["A"].user)
    with pytest.raises(TournamentError, match="Only a filed appeal"):
        appeal_start_review(appeal=appeal, user=committee)
    appeal.refresh_from_db()
    assert (appeal.status, appeal.ruling) == ("rejected", "No.")


def test_a_ruling_needs_its_text_and_reasons(appeal, committee):
    appeal_start_review(appeal=appeal, user=committee)
    with pytest.raises(TournamentError, match="ruling"):
        appeal_decide(appeal=appeal, upheld=True, ruling=" ", reasons="x", user=committee)
    with pytest.raises(TournamentError, match="reasons"):
        appeal_decide(appeal=appeal, upheld=True, ruling="x", reasons="", user=committee)
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.UNDER_REVIEW


def test_only_the_committee_rules_the_chief_umpire_and_an_umpire_are_refused(
    appeal, chief, make_user, committee
):
    umpire = make_user("ump", Role.UMPIRE)
    for user in (chief, umpire):
        with pytest.raises(PermissionRefused, match="arbitration committee"):
            appeal_start_review(appeal=appeal, user=user)
    appeal_start_review(appeal=appeal, user=committee)
    for user in (chief, umpire):
        with pytest.raises(PermissionRefused, match="arbitration committee"):
            appeal_decide(appeal=appeal, upheld=True, ruling="x", reasons="y", user=user)
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.UNDER_REVIEW


def test_the_filer_withdraws_his_appeal_and_forfeits_the_fee(appeal, committee, people):
    appeal_start_review(appeal=appeal, user=committee)
    appeal_withdraw(appeal=appeal, user=people["A"].user)
    appeal.refresh_from_db()
    assert (appeal.status, appeal.fee_status) == ("withdrawn", "forfeited")
    assert appeal.ruled_at is not None and appeal.ruled_by is None
    assert appeal.history.first().history_change_reason == "Withdrawn: fee forfeited"


def test_the_chief_umpire_withdraws_an_appeal_handed_back_on_paper(appeal, chief):
    appeal_withdraw(appeal=appeal, user=chief)
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.WITHDRAWN


def test_another_player_cannot_withdraw_an_appeal(appeal, people, committee):
    for user in (people["D"].user, people["B"].user, committee):
        with pytest.raises(PermissionRefused):
            appeal_withdraw(appeal=appeal, user=user)
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.FILED


# -- an upheld appeal changes a result through a correction ---------------------------------


def correction_of(table_session, user) -> Correction:
    return Correction.objects.create(
        table_session=table_session, kind=Correction.Kind.HAND, reason="Appeal", made_by=user
    )


def test_an_upheld_appeal_links_the_correction_of_its_sheet(appeal, sheet, committee, chief):
    appeal_start_review(appeal=appeal, user=committee)
    correction = correction_of(sheet, chief)
    appeal_decide(
        appeal=appeal,
        upheld=True,
        ruling="Hand corrected",
        reasons="x",
        correction=correction,
        user=committee,
    )
    appeal.refresh_from_db()
    assert appeal.correction == correction


def test_it_refuses_a_correction_of_another_sheet(appeal, sheet, committee, chief):
    appeal_start_review(appeal=appeal, user=committee)
    foreign = correction_of(other_sheet(sheet), chief)
    with pytest.raises(TournamentError, match="another score sheet"):
        appeal_decide(
            appeal=appeal, upheld=True, ruling="x", reasons="y", correction=foreign, user=committee
        )
    appeal.refresh_from_db()
    assert (appeal.status, appeal.correction) == ("review", None)


def test_a_rejected_appeal_links_no_correction(appeal, sheet, committee, chief):
    appeal_start_review(appeal=appeal, user=committee)
    with pytest.raises(TournamentError, match="rejected appeal changes no result"):
        appeal_decide(
            appeal=appeal,
            upheld=False,
            ruling="x",
            reasons="y",
            correction=correction_of(sheet, chief),
            user=committee,
        )


def test_one_correction_settles_one_appeal(appeal, session, sheet, people, committee, chief):
    second = file(session, people["B"], user=people["B"].user)
    correction = correction_of(sheet, chief)
    for each in (appeal, second):
        appeal_start_review(appeal=each, user=committee)
    appeal_decide(
        appeal=appeal, upheld=True, ruling="x", reasons="y", correction=correction, user=committee
    )
    with pytest.raises(TournamentError, match=f"already settles appeal {appeal.pk}"):
        appeal_decide(
            appeal=second,
            upheld=True,
            ruling="x",
            reasons="y",
            correction=correction,
            user=committee,
        )


# -- who reads which appeal ----------------------------------------------------------------


def test_appeals_for_shows_each_role_its_own(session, people, committee, chief, make_user):
    of_a = file(session, people["A"], user=people["A"].user)
    of_b = file(session, people["B"], user=people["C"].user)
    of_d = file(session, people["D"], user=people["D"].user)
    tournament = session.tournament

    def seen(user):
        return set(appeals_for(tournament=tournament, user=user))

    assert seen(committee) == seen(chief) == {of_a, of_b, of_d}
    assert seen(people["A"].user) == {of_a}
    assert seen(people["B"].user) == {of_b}
    assert seen(people["C"].user) == {of_a, of_b}  # the captain: his team's
    assert seen(people["D"].user) == {of_d}
    assert seen(make_user("ump", Role.UMPIRE)) == set()
    other_tournament = seated_table(PlayerFactory().tournament).session.tournament
    assert set(appeals_for(tournament=other_tournament, user=committee)) == set()
