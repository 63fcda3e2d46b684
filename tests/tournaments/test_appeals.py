"""Appeals (rules 3.12-3.13): who files, the 30-minute deadline, the fee, the committee's
ruling, withdrawal, and who reads which appeal."""

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from tests.tournaments.appeal_helpers import file
from tests.tournaments.factories import PlayerFactory, seated_table
from tournaments.errors import TournamentError
from tournaments.models import Appeal, Correction, Hand, Penalty
from tournaments.roles import PermissionRefused, Role
from tournaments.selectors.appeals import (
    appeal_deadline,
    appeal_filed_on_paper,
    appeals_for,
    local_time,
)
from tournaments.services.appeals import (
    appeal_decide,
    appeal_start_review,
    appeal_withdraw,
)
from tournaments.system_texts import system_text

pytestmark = pytest.mark.django_db

ENDED = datetime(2024, 5, 1, 10, 0, tzinfo=UTC)


def other_sheet(sheet):
    return seated_table(sheet.session.tournament, table_number=2)


# -- who files (3.12.1) --------------------------------------------------------------------


def test_a_player_files_his_own_appeal_with_the_tournaments_fee(
    appeal_session, appeal_table, appeal_players
):
    player = appeal_players["A"]
    appeal = file(appeal_session, player, user=player.user, subject=Appeal.Subject.RESULT)
    assert appeal.status == Appeal.Status.FILED
    assert appeal.fee_status == Appeal.FeeStatus.HELD
    assert (appeal.fee_amount, appeal.fee_currency) == (Decimal("150.00"), "EUR")
    assert appeal.table_session == appeal_table
    assert appeal.filed_by == player.user
    assert not appeal.filed_as_captain
    assert appeal.confirmed_by_filer
    assert not appeal_filed_on_paper(appeal)
    record = appeal.history.get()
    assert record.history_user == player.user
    assert system_text(record.history_change_reason) == "Filed by the player"


def test_the_teams_captain_files_for_a_player_of_his_team(appeal_session, appeal_players):
    captain = appeal_players["C"]
    appeal = file(appeal_session, appeal_players["A"], user=captain.user)
    assert appeal.player == appeal_players["A"]
    assert appeal.filed_as_captain
    assert appeal.filed_by == captain.user
    assert system_text(appeal.history.get().history_change_reason) == "Filed by the team's captain"


def test_it_refuses_an_appeal_filed_by_another_player(appeal_session, appeal_players):
    with pytest.raises(PermissionRefused, match="player concerned or his team's captain"):
        file(appeal_session, appeal_players["A"], user=appeal_players["D"].user)
    assert not Appeal.objects.exists()


def test_it_refuses_an_appeal_filed_by_a_team_mate_who_is_not_the_captain(
    appeal_session, appeal_players
):
    with pytest.raises(PermissionRefused):
        file(appeal_session, appeal_players["A"], user=appeal_players["B"].user)
    assert not Appeal.objects.exists()


def test_it_refuses_an_appeal_filed_by_an_umpire_or_the_committee(
    appeal_session, appeal_players, make_role_user, committee_user
):
    for user in (make_role_user("ump", Role.UMPIRE), committee_user):
        with pytest.raises(PermissionRefused):
            file(appeal_session, appeal_players["A"], user=user)
    assert not Appeal.objects.exists()


def test_the_chief_umpire_enters_a_written_appeal_handed_in_on_paper(
    appeal_session, appeal_players, chief_user
):
    handed_in = appeal_session.actual_end + timedelta(minutes=3)
    appeal = file(
        appeal_session,
        appeal_players["A"],
        user=chief_user,
        filed_at=handed_in,
        signed_by_captain=True,
    )
    assert appeal.filed_at == handed_in
    assert appeal.filed_by == chief_user
    assert appeal.filed_as_captain
    assert appeal_filed_on_paper(appeal)
    record = appeal.history.get()
    assert record.history_user == chief_user
    assert "on paper" in system_text(record.history_change_reason)


def test_only_the_chief_umpire_enters_the_time_an_appeal_was_handed_in(
    appeal_session, appeal_players
):
    with pytest.raises(PermissionRefused, match="handed in"):
        file(
            appeal_session,
            appeal_players["A"],
            user=appeal_players["A"].user,
            filed_at=appeal_session.actual_end,
        )
    assert not Appeal.objects.exists()


def test_it_refuses_a_paper_appeal_dated_in_the_future(appeal_session, appeal_players, chief_user):
    appeal_session.actual_end = None
    appeal_session.save()
    future = datetime.now(UTC) + timedelta(hours=1)
    with pytest.raises(TournamentError, match="future"):
        file(appeal_session, appeal_players["A"], user=chief_user, filed_at=future)


# -- in writing, confirmed (3.12.3) --------------------------------------------------------


def test_it_refuses_an_appeal_the_filer_did_not_confirm(appeal_session, appeal_players):
    with pytest.raises(TournamentError, match="I confirm this appeal and its fee"):
        file(appeal_session, appeal_players["A"], user=appeal_players["A"].user, confirmed=False)
    assert not Appeal.objects.exists()


def test_it_refuses_an_appeal_without_a_statement(appeal_session, appeal_players):
    with pytest.raises(TournamentError, match="Write the appeal"):
        file(appeal_session, appeal_players["A"], user=appeal_players["A"].user, statement="   ")
    assert not Appeal.objects.exists()


# -- the deadline (3.12.2) -----------------------------------------------------------------


def test_an_appeal_29_minutes_59_after_the_end_of_the_session_is_accepted(
    appeal_session, appeal_players
):
    appeal_session.actual_end = datetime.now(UTC) - timedelta(minutes=29, seconds=59)
    appeal_session.save()
    appeal = file(appeal_session, appeal_players["A"], user=appeal_players["A"].user)
    assert appeal.pk is not None


def test_an_appeal_30_minutes_01_after_the_end_of_the_session_is_refused_with_the_deadline(
    appeal_session, appeal_players
):
    appeal_session.actual_end = datetime.now(UTC) - timedelta(minutes=30, seconds=1)
    appeal_session.save()
    with pytest.raises(TournamentError, match="Too late") as refused:
        file(appeal_session, appeal_players["A"], user=appeal_players["A"].user)
    assert refused.value.code == "late"
    deadline = appeal_session.actual_end + timedelta(minutes=30)
    assert local_time(deadline) in refused.value.message
    assert not Appeal.objects.exists()


def test_the_deadline_is_inclusive_and_shown_in_local_time(
    appeal_session, appeal_players, chief_user, settings
):
    settings.TIME_ZONE = "Europe/Madrid"
    appeal_session.actual_start = ENDED - timedelta(hours=2)
    appeal_session.actual_end = ENDED
    appeal_session.save()
    assert appeal_deadline(appeal_session) == ENDED + timedelta(minutes=30)
    on_time = file(
        appeal_session, appeal_players["A"], user=chief_user, filed_at=ENDED + timedelta(minutes=30)
    )
    assert on_time.pk is not None
    with pytest.raises(TournamentError) as refused:
        file(
            appeal_session,
            appeal_players["B"],
            user=chief_user,
            filed_at=ENDED + timedelta(minutes=30, seconds=1),
        )
    # 10:30 UTC is 12:30 in Madrid (summer time).
    assert "May 1, 2024, 12:30 p.m." in refused.value.message
    assert Appeal.objects.count() == 1


def test_a_session_still_running_takes_appeals(appeal_session, appeal_players):
    appeal_session.actual_end = None
    appeal_session.save()
    assert appeal_deadline(appeal_session) is None
    appeal = file(appeal_session, appeal_players["A"], user=appeal_players["A"].user)
    assert appeal.pk is not None


def test_a_session_not_yet_started_takes_no_appeal(appeal_session, appeal_players):
    appeal_session.actual_start = appeal_session.actual_end = None
    appeal_session.save()
    with pytest.raises(TournamentError, match="has not started"):
        file(appeal_session, appeal_players["A"], user=appeal_players["A"].user)


def test_a_paper_appeal_dated_before_the_session_started_is_refused(
    appeal_session, appeal_players, chief_user
):
    with pytest.raises(TournamentError, match="before Session 1 started"):
        file(
            appeal_session,
            appeal_players["A"],
            user=chief_user,
            filed_at=appeal_session.actual_start - timedelta(1),
        )


# -- what the appeal is against ------------------------------------------------------------


def test_an_appeal_against_a_hand_names_a_hand_of_the_players_sheet(
    appeal_session, appeal_table, appeal_players, appeal_hand
):
    appeal = file(
        appeal_session,
        appeal_players["A"],
        user=appeal_players["A"].user,
        subject="hand",
        hand=appeal_hand,
    )
    assert appeal.hand == appeal_hand
    other = other_sheet(appeal_table)
    foreign = Hand.objects.create(
        table_session=other, number=1, prevalent_wind="E", dealer_position="A", outcome="draw"
    )
    with pytest.raises(TournamentError, match="not on the player's score sheet"):
        file(
            appeal_session,
            appeal_players["A"],
            user=appeal_players["A"].user,
            subject="hand",
            hand=foreign,
        )
    assert Appeal.objects.count() == 1


def test_an_appeal_against_a_penalty_names_a_penalty_of_the_players_sheet(
    appeal_session, appeal_table, appeal_players
):
    own = Penalty.objects.create(
        table_session=appeal_table, player=appeal_players["A"], kind="warning", reason="Slow play"
    )
    appeal = file(
        appeal_session,
        appeal_players["A"],
        user=appeal_players["A"].user,
        subject="penalty",
        penalty=own,
    )
    assert appeal.penalty == own
    other = other_sheet(appeal_table)
    foreign = Penalty.objects.create(
        table_session=other, player=other.seats.first().player, kind="warning", reason="Noise"
    )
    with pytest.raises(TournamentError, match="not on the player's score sheet"):
        file(
            appeal_session,
            appeal_players["A"],
            user=appeal_players["A"].user,
            subject="penalty",
            penalty=foreign,
        )


def test_it_refuses_an_appeal_against_a_hand_that_names_none(
    appeal_session, appeal_players, appeal_hand
):
    with pytest.raises(TournamentError, match="Name the hand"):
        file(appeal_session, appeal_players["A"], user=appeal_players["A"].user, subject="hand")
    with pytest.raises(TournamentError, match="only in an appeal against a hand"):
        file(
            appeal_session,
            appeal_players["A"],
            user=appeal_players["A"].user,
            subject="result",
            hand=appeal_hand,
        )


def test_it_refuses_a_sheet_the_player_did_not_sit_at(appeal_session, appeal_table, appeal_players):
    with pytest.raises(TournamentError, match="did not sit at"):
        file(
            appeal_session,
            appeal_players["A"],
            user=appeal_players["A"].user,
            table_session=other_sheet(appeal_table),
        )


def test_it_refuses_a_player_who_did_not_play_in_the_session(appeal_session, chief_user):
    stranger = PlayerFactory(tournament=appeal_session.tournament, registration_number=99)
    with pytest.raises(TournamentError, match="did not play in Session 1"):
        file(appeal_session, stranger, user=chief_user)


# -- review, ruling, withdrawal (3.12.4, 3.13.3) -------------------------------------------


@pytest.fixture
def appeal(appeal_session, appeal_players):
    return file(appeal_session, appeal_players["A"], user=appeal_players["A"].user)


def test_the_committee_takes_an_appeal_under_review_once(appeal, committee_user):
    reviewed = appeal_start_review(appeal=appeal, user=committee_user)
    assert reviewed.status == Appeal.Status.UNDER_REVIEW
    assert reviewed.fee_status == Appeal.FeeStatus.HELD
    with pytest.raises(TournamentError, match="Only a filed appeal"):
        appeal_start_review(appeal=appeal, user=committee_user)


def test_an_upheld_appeal_returns_the_fee_and_records_who_ruled(appeal, committee_user):
    appeal_start_review(appeal=appeal, user=committee_user)
    decided = appeal_decide(
        appeal=appeal,
        upheld=True,
        ruling="Hand 3 stands.",
        reasons="Rule 3.9.1",
        user=committee_user,
    )
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.UPHELD
    assert appeal.fee_status == Appeal.FeeStatus.RETURNED
    assert (appeal.ruling, appeal.reasons) == ("Hand 3 stands.", "Rule 3.9.1")
    assert appeal.ruled_by == committee_user and appeal.ruled_at is not None
    assert decided.pk == appeal.pk
    latest = appeal.history.first()
    assert latest.history_user == committee_user
    assert system_text(latest.history_change_reason) == "Upheld: fee returned"
    assert appeal.history.count() == 3


def test_a_rejected_appeal_forfeits_the_fee(appeal, committee_user):
    appeal_start_review(appeal=appeal, user=committee_user)
    appeal_decide(
        appeal=appeal, upheld=False, ruling="Refused.", reasons="3.13.3", user=committee_user
    )
    appeal.refresh_from_db()
    assert (appeal.status, appeal.fee_status) == ("rejected", "forfeited")
    assert appeal.ruled_at is not None


def test_an_appeal_is_decided_only_under_review(appeal, committee_user):
    with pytest.raises(TournamentError, match="under review before deciding"):
        appeal_decide(appeal=appeal, upheld=True, ruling="x", reasons="y", user=committee_user)
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.FILED


def test_a_decided_appeal_is_neither_decided_again_nor_withdrawn(
    appeal, committee_user, appeal_players
):
    appeal_start_review(appeal=appeal, user=committee_user)
    appeal_decide(appeal=appeal, upheld=False, ruling="No.", reasons="3.13.3", user=committee_user)
    with pytest.raises(TournamentError, match="already rejected: it cannot be decided again"):
        appeal_decide(appeal=appeal, upheld=True, ruling="Yes.", reasons="x", user=committee_user)
    with pytest.raises(TournamentError, match="already rejected: it can no longer be withdrawn"):
        appeal_withdraw(appeal=appeal, user=appeal_players["A"].user)
    with pytest.raises(TournamentError, match="Only a filed appeal"):
        appeal_start_review(appeal=appeal, user=committee_user)
    appeal.refresh_from_db()
    assert (appeal.status, appeal.ruling) == ("rejected", "No.")


def test_a_ruling_needs_its_text_and_reasons(appeal, committee_user):
    appeal_start_review(appeal=appeal, user=committee_user)
    with pytest.raises(TournamentError, match="ruling"):
        appeal_decide(appeal=appeal, upheld=True, ruling=" ", reasons="x", user=committee_user)
    with pytest.raises(TournamentError, match="reasons"):
        appeal_decide(appeal=appeal, upheld=True, ruling="x", reasons="", user=committee_user)
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.UNDER_REVIEW


def test_only_the_committee_rules_the_chief_umpire_and_an_umpire_are_refused(
    appeal, chief_user, make_role_user, committee_user
):
    umpire = make_role_user("ump", Role.UMPIRE)
    for user in (chief_user, umpire):
        with pytest.raises(PermissionRefused, match="arbitration committee"):
            appeal_start_review(appeal=appeal, user=user)
    appeal_start_review(appeal=appeal, user=committee_user)
    for user in (chief_user, umpire):
        with pytest.raises(PermissionRefused, match="arbitration committee"):
            appeal_decide(appeal=appeal, upheld=True, ruling="x", reasons="y", user=user)
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.UNDER_REVIEW


def test_the_filer_withdraws_his_appeal_and_forfeits_the_fee(
    appeal, committee_user, appeal_players
):
    appeal_start_review(appeal=appeal, user=committee_user)
    appeal_withdraw(appeal=appeal, user=appeal_players["A"].user)
    appeal.refresh_from_db()
    assert (appeal.status, appeal.fee_status) == ("withdrawn", "forfeited")
    assert appeal.ruled_at is not None and appeal.ruled_by is None
    assert system_text(appeal.history.first().history_change_reason) == "Withdrawn: fee forfeited"


def test_the_chief_umpire_withdraws_an_appeal_handed_back_on_paper(appeal, chief_user):
    appeal_withdraw(appeal=appeal, user=chief_user)
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.WITHDRAWN


def test_another_player_cannot_withdraw_an_appeal(appeal, appeal_players, committee_user):
    for user in (appeal_players["D"].user, appeal_players["B"].user, committee_user):
        with pytest.raises(PermissionRefused):
            appeal_withdraw(appeal=appeal, user=user)
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.FILED


# -- an upheld appeal changes a result through a correction ---------------------------------


def correction_of(table_session, user) -> Correction:
    return Correction.objects.create(
        table_session=table_session, kind=Correction.Kind.HAND, reason="Appeal", made_by=user
    )


def test_an_upheld_appeal_links_the_correction_of_its_sheet(
    appeal, appeal_table, committee_user, chief_user
):
    appeal_start_review(appeal=appeal, user=committee_user)
    correction = correction_of(appeal_table, chief_user)
    appeal_decide(
        appeal=appeal,
        upheld=True,
        ruling="Hand corrected",
        reasons="x",
        correction=correction,
        user=committee_user,
    )
    appeal.refresh_from_db()
    assert appeal.correction == correction


def test_it_refuses_a_correction_of_another_sheet(appeal, appeal_table, committee_user, chief_user):
    appeal_start_review(appeal=appeal, user=committee_user)
    foreign = correction_of(other_sheet(appeal_table), chief_user)
    with pytest.raises(TournamentError, match="another score sheet"):
        appeal_decide(
            appeal=appeal,
            upheld=True,
            ruling="x",
            reasons="y",
            correction=foreign,
            user=committee_user,
        )
    appeal.refresh_from_db()
    assert (appeal.status, appeal.correction) == ("review", None)


def test_a_rejected_appeal_links_no_correction(appeal, appeal_table, committee_user, chief_user):
    appeal_start_review(appeal=appeal, user=committee_user)
    with pytest.raises(TournamentError, match="rejected appeal changes no result"):
        appeal_decide(
            appeal=appeal,
            upheld=False,
            ruling="x",
            reasons="y",
            correction=correction_of(appeal_table, chief_user),
            user=committee_user,
        )


def test_one_correction_settles_one_appeal(
    appeal, appeal_session, appeal_table, appeal_players, committee_user, chief_user
):
    second = file(appeal_session, appeal_players["B"], user=appeal_players["B"].user)
    correction = correction_of(appeal_table, chief_user)
    for each in (appeal, second):
        appeal_start_review(appeal=each, user=committee_user)
    appeal_decide(
        appeal=appeal,
        upheld=True,
        ruling="x",
        reasons="y",
        correction=correction,
        user=committee_user,
    )
    with pytest.raises(TournamentError, match=f"already settles appeal {appeal.pk}"):
        appeal_decide(
            appeal=second,
            upheld=True,
            ruling="x",
            reasons="y",
            correction=correction,
            user=committee_user,
        )


# -- who reads which appeal ----------------------------------------------------------------


def test_appeals_for_shows_each_role_its_own(
    appeal_session, appeal_players, committee_user, chief_user, make_role_user
):
    of_a = file(appeal_session, appeal_players["A"], user=appeal_players["A"].user)
    of_b = file(appeal_session, appeal_players["B"], user=appeal_players["C"].user)
    of_d = file(appeal_session, appeal_players["D"], user=appeal_players["D"].user)
    tournament = appeal_session.tournament

    def seen(user):
        return set(appeals_for(tournament=tournament, user=user))

    assert seen(committee_user) == seen(chief_user) == {of_a, of_b, of_d}
    assert seen(appeal_players["A"].user) == {of_a}
    assert seen(appeal_players["B"].user) == {of_b}
    assert seen(appeal_players["C"].user) == {of_a, of_b}  # the captain: his team's
    assert seen(appeal_players["D"].user) == {of_d}
    assert seen(make_role_user("ump", Role.UMPIRE)) == set()
    other_tournament = seated_table(PlayerFactory().tournament).session.tournament
    assert set(appeals_for(tournament=other_tournament, user=committee_user)) == set()
