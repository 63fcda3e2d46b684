"""The umpire's home (/umpire/, issue 29): his sheets of the running session first, each with
its state and the next thing to do; nobody else's sheets, no other tournament's; the chief
umpire sees every sheet of the session, his own first; refused to anyone else."""

import datetime

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from tests.tournaments.factories import (
    PLAY_START,
    TournamentFactory,
    seated_table,
    start_session,
)
from tournaments.models import Appeal, Session, Tournament
from tournaments.roles import ROLE_GROUPS, Role
from tournaments.selectors.umpire_home import umpire_home
from tournaments.services.checkin import checkin_record
from tournaments.services.hands import hand_record_no_win
from tournaments.services.signoff import sheet_confirm_player, sheet_countersign, sheet_sign

HOME = "/umpire/"


@pytest.fixture
def chief(make_staff):
    return make_staff("chief", Role.CHIEF_UMPIRE)


def _assign(sheet, user):
    sheet.umpire = user
    sheet.save(update_fields=["umpire"])
    return sheet


def _rows(home):
    return [(block.session.pk, row.sheet_id) for block in home.sessions for row in block.sheets]


def _row(home, sheet):
    rows = [row for block in home.sessions for row in block.sheets] + home.earlier
    return next(row for row in rows if row.sheet_id == sheet.pk)


def _check_in_everyone(sheet, at=PLAY_START - datetime.timedelta(minutes=10)):
    """Every player arrives; a session not started yet is scheduled at PLAY_START first (an
    arrival is plausible from a day before the session's start)."""
    Session.objects.filter(pk=sheet.session_id, scheduled_start__isnull=True).update(
        scheduled_start=PLAY_START
    )
    sheet.session.refresh_from_db()
    for seat in sheet.seats.select_related("player"):
        checkin_record(session=sheet.session, player=seat.player, arrived_at=at)


# -- which sheets ------------------------------------------------------------------------------


def test_an_umpire_sees_only_his_own_sheets_of_the_running_session(
    admin_sheet, umpire, other_sheet
):
    home = umpire_home(user=umpire)

    assert _rows(home) == [(admin_sheet.session_id, admin_sheet.pk)]
    assert home.every_sheet is False
    row = home.sessions[0].sheets[0]
    assert row.mine and row.table == 1
    assert row.players == [(p, f"Player {p}") for p in "ABCD"]


def test_other_tournaments_sheets_are_absent_and_each_of_his_tournaments_has_its_block(
    admin_sheet, umpire, make_umpire
):
    elsewhere = seated_table(TournamentFactory(name="Other Open"), started=True)
    _assign(elsewhere, make_umpire("someone"))
    his_other = seated_table(TournamentFactory(name="Berlin Cup"), started=True)
    _assign(his_other, umpire)
    finished = seated_table(
        TournamentFactory(name="Old Cup", status=Tournament.Status.FINISHED), started=True
    )
    _assign(finished, umpire)

    home = umpire_home(user=umpire)

    assert [str(block.tournament) for block in home.sessions] == ["Berlin Cup", "Madrid Open"]
    assert sorted(sheet for _session, sheet in _rows(home)) == sorted(
        [admin_sheet.pk, his_other.pk]
    )


def test_the_running_session_is_the_latest_started_and_not_ended_else_the_next_one(
    admin_tournament, admin_sheet, umpire
):
    second = _assign(seated_table(admin_tournament, session_number=2), umpire)
    third = _assign(seated_table(admin_tournament, session_number=3), umpire)

    home = umpire_home(user=umpire)
    assert [block.session.number for block in home.sessions] == [1]
    assert home.sessions[0].running

    start_session(second, PLAY_START + datetime.timedelta(hours=3))
    assert [block.session.number for block in umpire_home(user=umpire).sessions] == [2]

    Session.objects.filter(pk=admin_sheet.session_id).update(
        actual_end=PLAY_START + datetime.timedelta(hours=2)
    )
    Session.objects.filter(pk=second.session_id).update(
        actual_end=PLAY_START + datetime.timedelta(hours=5)
    )
    home = umpire_home(user=umpire)
    assert [block.session.number for block in home.sessions] == [3]
    assert not home.sessions[0].running
    assert _rows(home) == [(third.session_id, third.pk)]
    # His sheets of the ended sessions, not signed yet, are still his to finish.
    assert [row.sheet_id for row in home.earlier] == [admin_sheet.pk, second.pk]


def test_the_chief_umpire_sees_every_sheet_of_the_session_his_own_first(
    admin_tournament, admin_sheet, umpire, other_sheet, chief
):
    third = _assign(seated_table(admin_tournament, table_number=3, started=True), chief)
    seated_table(TournamentFactory(name="Unseated Open"))  # a tournament of his too

    home = umpire_home(user=chief)

    madrid = next(block for block in home.sessions if block.tournament == admin_tournament)
    assert [row.sheet_id for row in madrid.sheets] == [third.pk, admin_sheet.pk, other_sheet.pk]
    assert [row.mine for row in madrid.sheets] == [True, False, False]
    assert madrid.sheets[1].umpire == "umpire1"
    assert home.every_sheet is True


def test_a_login_with_no_sheet_has_an_empty_home(admin_sheet, make_umpire):
    home = umpire_home(user=make_umpire("idle"))

    assert home.empty and home.sessions == [] and home.earlier == []


# -- the next thing to do ------------------------------------------------------------------------


def test_the_state_and_the_next_thing_to_do_follow_a_sheets_life(
    admin_tournament, make_umpire, chief
):
    umpire = make_umpire("ump")
    sheet = _assign(seated_table(admin_tournament), umpire)

    def now(user=umpire):
        row = _row(umpire_home(user=user), sheet)
        return row.state, row.next_step, row.waiting

    assert now() == ("not_started", "Check in 4 players", False)
    _check_in_everyone(sheet)
    assert now() == ("not_started", "Wait for the chief umpire to start the session", True)

    start_session(sheet)
    assert now() == ("not_started", "Enter hand 1", False)
    hand_record_no_win(table_session=sheet, outcome="draw")
    assert now() == ("playing", "Enter hand 2", False)
    assert _row(umpire_home(user=umpire), sheet).hands == 1
    assert _row(umpire_home(user=umpire), sheet).state_label == "playing, 1/16 hands"

    hand_record_no_win(table_session=sheet, outcome="time")
    assert now() == ("complete", "Get the players' confirmations (0 of 4)", False)
    seats = list(sheet.seats.select_related("player"))
    for seat in seats[:3]:
        sheet_confirm_player(table_session=sheet, player=seat.player)
    assert now()[1] == "Get the players' confirmations (3 of 4)"
    sheet_confirm_player(table_session=sheet, player=seats[3].player)
    assert now() == ("complete", "Sign the sheet", False)

    sheet_sign(table_session=sheet, user=umpire)
    assert now() == ("signed", "Waiting for the chief umpire's countersignature", True)
    assert now(chief) == ("signed", "Countersign the sheet", False)

    sheet_countersign(table_session=sheet, user=chief)
    assert now() == ("final", "Done", True)


def test_after_the_first_hand_a_missing_check_in_is_a_note_not_the_next_thing(admin_sheet, umpire):
    hand_record_no_win(table_session=admin_sheet, outcome="draw")

    row = _row(umpire_home(user=umpire), admin_sheet)

    assert row.next_step == "Enter hand 2"
    assert row.to_check_in == 4
    assert row.notes == ["4 players not checked in"]


def test_an_open_appeal_is_a_note_of_its_sheet(admin_sheet, umpire, chief):
    _check_in_everyone(admin_sheet)
    player = admin_sheet.seats.get(position="B").player
    Appeal.objects.create(
        table_session=admin_sheet,
        session=admin_sheet.session,
        player=player,
        filed_by=chief,
        filed_at=PLAY_START,
        subject=Appeal.Subject.OTHER,
        statement="The ruling on hand 1.",
        confirmed_by_filer=True,
        fee_amount=0,
        fee_currency="EUR",
    )

    row = _row(umpire_home(user=umpire), admin_sheet)

    assert row.open_appeals == 1
    assert row.notes == ["1 appeal open"]


def test_where_the_players_enter_the_hands_the_umpire_waits_for_them(admin_sheet, umpire):
    Tournament.objects.filter(pk=admin_sheet.session.tournament_id).update(hand_entry="players")
    _check_in_everyone(admin_sheet)

    row = _row(umpire_home(user=umpire), admin_sheet)

    assert (row.next_step, row.waiting) == ("The players enter hand 1", True)


# -- disputed hands first ----------------------------------------------------------------------


def _dispute(sheet, *, reason="It was 9 points"):
    """A hand entered on A's phone (A wins on B's discard), disputed from C's."""
    from player_entry.services import table_entry_dispute, table_entry_submit

    Tournament.objects.filter(pk=sheet.session.tournament_id).update(
        hand_entry="players", entry_mode=Tournament.EntryMode.POINTS_ONLY
    )
    sheet.refresh_from_db()
    seated = {seat.position: seat.player for seat in sheet.seats.select_related("player")}
    data = {"outcome": "win", "winner": "A", "discarder": "B", "points": 10, "flowers": 0}
    entry, _created = table_entry_submit(
        player=seated["A"], table_session=sheet, data=data, key="entry-1", seen_version=0
    )
    return table_entry_dispute(player=seated["C"], entry_id=entry.pk, reason=reason)


def test_a_disputed_hand_is_listed_first_and_its_sheet_comes_first_in_its_session(
    admin_tournament, admin_sheet, umpire, other_sheet, chief
):
    third = _assign(seated_table(admin_tournament, table_number=3, started=True), chief)
    entry = _dispute(other_sheet)

    home = umpire_home(user=chief)

    assert [(d.sheet_id, d.table, d.hand) for d in home.disputes] == [(other_sheet.pk, 2, 1)]
    dispute = home.disputes[0]
    assert (dispute.reason, dispute.hand_text) == (
        "It was 9 points",
        "A wins on B's discard, 10 points",
    )
    assert dispute.settle_url == reverse("admin:player_entry_tableentry_settle", args=[entry.pk])
    madrid = next(block for block in home.sessions if block.tournament == admin_tournament)
    assert [row.sheet_id for row in madrid.sheets] == [other_sheet.pk, third.pk, admin_sheet.pk]
    assert [row.disputed for row in madrid.sheets] == [True, False, False]


def test_an_umpire_is_shown_the_disputes_of_his_own_tables_only(admin_sheet, umpire, other_sheet):
    _dispute(other_sheet)
    assert umpire_home(user=umpire).disputes == []
    _dispute(admin_sheet)
    assert [d.sheet_id for d in umpire_home(user=umpire).disputes] == [admin_sheet.pk]


def test_a_settled_dispute_leaves_the_umpires_home(admin_sheet, umpire):
    from player_entry.services import table_entry_settle

    entry = _dispute(admin_sheet)
    table_entry_settle(user=umpire, entry_id=entry.pk, record=False, reason="B won it.")

    home = umpire_home(user=umpire)

    assert home.disputes == [] and _row(home, admin_sheet).disputed is False


def test_the_page_shows_the_disputed_hands_above_the_sessions_with_the_way_to_settle(
    client, admin_sheet, umpire
):
    entry = _dispute(admin_sheet, reason="Wrong winner")
    client.force_login(umpire)

    page = client.get(HOME).content.decode()

    disputes_at = page.index('id="disputes"')
    assert disputes_at < page.index(f'id="session-{admin_sheet.session_id}"')
    assert "Table 1, hand 1" in page and "Wrong winner" in page
    assert reverse("admin:player_entry_tableentry_settle", args=[entry.pk]) in page
    assert "Hand disputed" in page


# -- few queries -------------------------------------------------------------------------------


def test_the_home_reads_a_fixed_number_of_queries_however_many_sheets(
    admin_tournament, chief, django_assert_max_num_queries
):
    sheets = [seated_table(admin_tournament, table_number=n, started=True) for n in range(1, 9)]
    for sheet in sheets:
        _check_in_everyone(sheet)
        hand_record_no_win(table_session=sheet, outcome="draw")
    hand_record_no_win(table_session=sheets[0], outcome="time")
    sheet_confirm_player(table_session=sheets[0], player=sheets[0].seats.first().player)
    chief.refresh_from_db()  # his role groups not cached: counted too

    with django_assert_max_num_queries(7):  # the disputed hands: one more
        home = umpire_home(user=chief)
        rows = [row for block in home.sessions for row in block.sheets]
        assert len(rows) == 8
        assert {row.players[0][1] for row in rows}  # the seats, read with them


# -- the page ------------------------------------------------------------------------------------


def test_the_page_shows_his_sheets_each_linking_to_its_sheet_page(
    client, admin_sheet, umpire, other_sheet
):
    client.force_login(umpire)

    response = client.get(HOME)

    assert response.status_code == 200
    page = response.content.decode()
    assert reverse("admin:tournaments_tablesession_change", args=[admin_sheet.pk]) in page
    assert reverse("admin:tournaments_tablesession_change", args=[other_sheet.pk]) not in page
    assert "Check in 4 players" in page
    assert "Hands entered: 0/16" in page
    assert 'id="nav-sidebar"' not in page


def test_the_page_is_read_in_a_fixed_number_of_queries(
    client, admin_tournament, chief, django_assert_max_num_queries
):
    for n in range(1, 7):
        _assign(seated_table(admin_tournament, table_number=n, started=True), chief)
    client.force_login(chief)

    with django_assert_max_num_queries(10):  # the disputed hands: one more
        assert client.get(HOME).status_code == 200


def test_an_anonymous_visitor_is_sent_to_the_login(client, admin_sheet):
    response = client.get(HOME)

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("admin:login"))


@pytest.mark.parametrize("role", [None, Role.ORGANISER, Role.COMMITTEE, Role.SCORE_DESK])
def test_staff_who_do_not_umpire_are_refused(client, admin_sheet, make_staff, role):
    client.force_login(make_staff("staff", role))

    assert client.get(HOME).status_code == 403


def test_a_player_is_refused(client, admin_sheet, django_user_model):
    player_login = django_user_model.objects.create_user("player1")
    player_login.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role.PLAYER])[0])
    seat = admin_sheet.seats.get(position="A")
    seat.player.user = player_login
    seat.player.save(update_fields=["user"])
    client.force_login(player_login)

    assert client.get(HOME).status_code == 403


def test_an_umpire_who_is_no_longer_staff_is_refused(client, admin_sheet, umpire):
    umpire.is_staff = False
    umpire.save(update_fields=["is_staff"])
    client.force_login(umpire)

    assert client.get(HOME).status_code == 403


def test_the_admin_links_to_the_home_for_umpires_only(client, admin_sheet, umpire, make_staff):
    client.force_login(umpire)
    assert 'id="umpire-home-link"' in client.get(reverse("admin:index")).content.decode()

    client.force_login(make_staff("organiser", Role.ORGANISER))
    assert 'id="umpire-home-link"' not in client.get(reverse("admin:index")).content.decode()
