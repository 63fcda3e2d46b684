"""The Player's Oath (Appendix 2) at every first seat: where the tournament requires it, no
seating gives a player his first seat until he took it, unless the organiser confirms seating
without it (noted in his history), as the draw of lots does: the whole chart, a re-seat
(players registered after the draw, substitutes filling its empty seats), a seeded final
session and a substitute taking a lost seat; in the service, the admin, the API and the
commands."""

import datetime
import io

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from tests.api.helpers import assert_error
from tests.tournaments.admin_helpers import post, shown
from tests.tournaments.factories import PlayerFactory, TournamentFactory
from tests.tournaments.signoff_helpers import seat_player
from tournaments.errors import TournamentError
from tournaments.models import Job, Player, Seat, Tournament
from tournaments.roles import PermissionRefused, Role
from tournaments.services.checkin import checkin_record, seat_replace_with_substitute
from tournaments.services.lots import lots_draw
from tournaments.services.oath import FirstSeatWithoutOath
from tournaments.services.registration import player_accept_oath, player_create
from tournaments.services.seating import seating_generate, seating_reseat_remaining
from tournaments.services.sessions import session_start
from tournaments.system_texts import system_text

pytestmark = pytest.mark.django_db

SWORN = timezone.make_aware(datetime.datetime(2026, 5, 1, 18, 0))
NOTE = "First seat taken without the Player's Oath (Appendix 2), as the organiser confirmed."


def sworn_in(players: int = 8, **fields) -> Tournament:
    """A tournament requiring the oath, players 1..`players`, all sworn in, lots drawn."""
    tournament = TournamentFactory(oath_required=True, sessions_planned=3, **fields)
    for n in range(1, players + 1):
        PlayerFactory(
            tournament=tournament, name=f"Player {n}", registration_number=n, oath_accepted_at=SWORN
        )
    lots_draw(tournament=tournament, seed="lots")
    return tournament


@pytest.fixture
def seated() -> Tournament:
    """Eight sworn players seated for three sessions; then a late entry who did not swear."""
    tournament = sworn_in(8)
    seating_generate(tournament=tournament, seed="chart", time_limit=0.5)
    return tournament


def late_entry(tournament, n: int = 9, **fields) -> Player:
    return player_create(tournament=tournament, name=f"Late {n}", **fields)


def late_table(tournament) -> Player:
    """Four players registered after the draw (a table more): Late 9, who did not take the
    oath, and three who did. Returns Late 9."""
    late = late_entry(tournament, 9)
    for n in (10, 11, 12):
        player_accept_oath(player=late_entry(tournament, n))
    return late


def last_reason(player) -> str | None:
    return system_text(player.history.order_by("-history_id").first().history_change_reason)


def has_a_seat(player) -> bool:
    return Seat.objects.filter(player=player).exists()


# -- the services ------------------------------------------------------------------------------


def test_a_re_seat_refuses_the_first_seat_of_a_player_registered_after_the_draw_naming_him(
    seated,
):
    late = late_table(seated)
    with pytest.raises(FirstSeatWithoutOath) as refusal:
        seating_reseat_remaining(tournament=seated, from_session=2, seed="r", time_limit=0.5)
    assert refusal.value.code == "invalid_state"
    assert [p.pk for p in refusal.value.players] == [late.pk]
    assert "r9 Late 9" in refusal.value.message and "Player 1" not in refusal.value.message
    assert not has_a_seat(late)
    assert Player.objects.get(pk=late.pk).lot_number is None


def test_the_organiser_confirms_the_re_seat_without_the_oath_and_his_history_notes_it(seated):
    late = late_table(seated)
    seating_reseat_remaining(
        tournament=seated, from_session=2, seed="r", time_limit=0.5, without_oath=True
    )
    late.refresh_from_db()
    assert has_a_seat(late) and late.lot_number == 9
    assert last_reason(late) == NOTE
    assert last_reason(seated.players.get(registration_number=1)) != NOTE


def test_a_player_who_took_the_oath_after_registering_is_seated_at_the_re_seat(seated):
    late = late_table(seated)
    player_accept_oath(player=late)
    seating_reseat_remaining(tournament=seated, from_session=2, seed="r", time_limit=0.5)
    assert has_a_seat(late)


def test_a_substitute_filling_an_empty_seat_of_a_re_seat_is_asked_the_oath(seated):
    for n in (9, 10, 11):  # eleven players: three tables, one seat for a substitute
        player_accept_oath(player=late_entry(seated, n))
    substitute = late_entry(seated, 20, status=Player.Status.SUBSTITUTE)
    with pytest.raises(FirstSeatWithoutOath) as refusal:
        seating_reseat_remaining(tournament=seated, from_session=2, seed="r", time_limit=0.5)
    assert [p.pk for p in refusal.value.players] == [substitute.pk]


def test_a_player_already_seated_is_not_asked_again(make_staff):
    tournament = sworn_in(8)
    unsworn = tournament.players.get(registration_number=8)
    Player.objects.filter(pk=unsworn.pk).update(oath_accepted_at=None)
    with pytest.raises(FirstSeatWithoutOath, match="r8 Player 8"):
        seating_generate(tournament=tournament, seed="chart", time_limit=0.5)
    seating_generate(tournament=tournament, seed="chart", time_limit=0.5, without_oath=True)
    # He sat in session 1, which stays: the later sessions are not his first seat.
    seating_reseat_remaining(tournament=tournament, from_session=2, seed="r", time_limit=0.5)
    assert Seat.objects.filter(player=unsworn).count() == 3


def test_a_tournament_that_does_not_require_the_oath_seats_as_before(seated):
    Tournament.objects.filter(pk=seated.pk).update(oath_required=False)
    seated.refresh_from_db()
    late = late_table(seated)
    seating_reseat_remaining(tournament=seated, from_session=2, seed="r", time_limit=0.5)
    assert has_a_seat(late) and last_reason(Player.objects.get(pk=late.pk)) != NOTE


def test_the_other_refusals_come_before_the_oath(seated):
    late_table(seated)
    with pytest.raises(TournamentError, match="no session 9") as refusal:
        seating_reseat_remaining(tournament=seated, from_session=9, seed="r", time_limit=0.5)
    assert not isinstance(refusal.value, FirstSeatWithoutOath)


# -- a substitute taking a lost seat (3.11.2) --------------------------------------------------


@pytest.fixture
def lost_seat(sheet, people):
    """Player C of the sheet lost the session (20 minutes late); the tournament requires the
    oath; a registered substitute who did not take it."""
    Tournament.objects.filter(pk=sheet.session.tournament_id).update(oath_required=True)
    start = timezone.now() - datetime.timedelta(hours=1)
    session_start(session=sheet.session, at=start)
    late = seat_player(sheet, "C")
    checkin_record(
        session=sheet.session, player=late, arrived_at=start + datetime.timedelta(minutes=20)
    )
    substitute = PlayerFactory(
        tournament=sheet.session.tournament,
        name="Sub Stitute",
        status=Player.Status.SUBSTITUTE,
        registration_number=99,
    )
    return late, substitute


def replace(sheet, lost_seat, **kwargs):
    late, substitute = lost_seat
    return seat_replace_with_substitute(
        table_session=sheet, player=late, substitute=substitute, reason="Late", **kwargs
    )


def test_a_substitute_taking_a_lost_seat_is_asked_the_oath(sheet, people, lost_seat):
    with pytest.raises(FirstSeatWithoutOath, match="r99 Sub Stitute"):
        replace(sheet, lost_seat, user=people.umpire)
    assert not has_a_seat(lost_seat[1])


def test_the_umpire_may_not_confirm_a_substitute_without_the_oath(sheet, people, lost_seat):
    with pytest.raises(PermissionRefused):
        replace(sheet, lost_seat, without_oath=True, user=people.umpire)
    assert not has_a_seat(lost_seat[1])


def test_the_chief_umpire_confirms_a_substitute_without_the_oath(sheet, people, lost_seat):
    seat = replace(sheet, lost_seat, without_oath=True, user=people.chief)
    assert seat.player == lost_seat[1]
    assert last_reason(Player.objects.get(pk=lost_seat[1].pk)) == NOTE


def test_a_sworn_substitute_takes_the_lost_seat(sheet, people, lost_seat):
    player_accept_oath(player=lost_seat[1])
    lost_seat[1].refresh_from_db()
    assert replace(sheet, lost_seat, user=people.umpire).player == lost_seat[1]


def substitute_form(substitute, **extra) -> dict:
    return {
        "action": "substitute",
        "sub-player": "C",
        "sub-substitute": str(substitute.pk),
        "sub-reason": "C arrived 20 minutes late.",
        **extra,
    }


def test_the_sheet_page_refuses_the_substitute_naming_him_then_the_chief_confirms(
    client, sheet, people, lost_seat
):
    substitute = lost_seat[1]
    client.force_login(people.chief)
    refused = shown(client, post(client, sheet, substitute_form(substitute)))
    assert "would take his first seat without having taken it: r99 Sub Stitute" in refused
    assert "Seat him without the Player&#x27;s Oath" in refused
    assert not has_a_seat(substitute)
    done = shown(
        client, post(client, sheet, substitute_form(substitute, **{"sub-without_oath": "on"}))
    )
    assert "takes the seat of" in done
    assert sheet.seats.get(position="C").player == substitute


# -- the admin, the API and the command --------------------------------------------------------


def test_the_re_seat_page_lists_them_and_seats_without_the_oath_when_confirmed(
    client, make_staff, seated, run_jobs
):
    late = late_table(seated)
    client.force_login(make_staff("organiser", Role.ORGANISER))
    page = reverse("admin:tournaments_tournament_reseat", args=[seated.pk])
    data = {"from_session": "2", "seed": "r", "time_limit": "0.5"}
    refused = client.post(page, data)
    text = refused.content.decode()
    assert refused.status_code == 200
    assert "1 player would take his first seat without having taken it" in text
    assert "Late 9" in text and "Seat without the oath" in text
    assert not Job.objects.exists()
    with run_jobs():
        done = client.post(page, {**data, "without_oath": "Seat without the oath"})
    assert done.status_code == 302
    job = Job.objects.get()
    assert job.params["without_oath"] is True and job.status == Job.Status.DONE, job.error
    assert has_a_seat(late)


def test_the_seating_page_asks_the_oath_of_the_whole_chart(client, make_staff):
    tournament = sworn_in(8)
    Player.objects.filter(tournament=tournament, registration_number=3).update(
        oath_accepted_at=None
    )
    client.force_login(make_staff("organiser", Role.ORGANISER))
    page = reverse("admin:tournaments_tournament_seating", args=[tournament.pk])
    text = client.post(page, {"seed": "c", "time_limit": "0.5"}).content.decode()
    assert "Player 3" in text and "Seat without the oath" in text
    assert not tournament.sessions.exists()


def test_the_api_answers_409_naming_them_and_seats_when_told_without_oath(
    as_role, seated, run_jobs
):
    late = late_table(seated)
    client = as_role(Role.ORGANISER)
    url = f"/api/tournaments/{seated.slug}/seating/"
    body = {"from_session": 2, "seed": "r", "time_limit": 0.5}
    errors = assert_error(
        client.post(url, body, format="json"), 409, code="invalid_state", field="without_oath"
    )
    assert "r9 Late 9" in errors[0]["message"]
    assert not Job.objects.exists()
    with run_jobs():
        response = client.post(url, {**body, "without_oath": True}, format="json")
    assert response.status_code == 202, response.content
    assert has_a_seat(late)


def test_the_api_refuses_a_without_oath_that_is_not_a_boolean(as_role, seated):
    response = as_role(Role.ORGANISER).post(
        f"/api/tournaments/{seated.slug}/seating/", {"without_oath": "maybe"}, format="json"
    )
    assert_error(response, 400, field="without_oath")


def test_the_seating_command_refuses_then_seats_with_without_oath(seated):
    late = late_table(seated)
    arguments = ["generate_seating", seated.slug, "--from-session", "2", "--time-limit", "0.5"]
    with pytest.raises(CommandError, match="r9 Late 9.*--without-oath"):
        call_command(*arguments)
    assert not has_a_seat(late)
    call_command(*arguments, "--without-oath", stdout=io.StringIO())
    assert has_a_seat(late)


# -- a seeded final session --------------------------------------------------------------------


@pytest.fixture
def final_with_newcomers(tournament) -> Tournament:
    """A mixed tournament requiring the oath, eight advancing from session 1 (signed): seven
    sworn players played it; the eighth, unsworn, did not come and a sworn reserve played his
    seat, so his first seat is in the final (his lost session still gives him a place)."""
    from tests.tournaments.factories import seated_table, sign_sheets
    from tournaments.models import Hand
    from tournaments.services.checkin import checkin_record, seat_replace_with_substitute
    from tournaments.services.hands import hand_record_no_win, hand_record_win

    tournament.format = Tournament.Format.MIXED
    tournament.entry_mode = Tournament.EntryMode.POINTS_ONLY
    tournament.oath_required = True
    tournament.qualifying_sessions, tournament.sessions_planned, tournament.finalists = 1, 3, 8
    tournament.save()
    players = [
        PlayerFactory(
            tournament=tournament,
            name=f"P{n}",
            lot_number=n,
            registration_number=n,
            oath_accepted_at=SWORN if n <= 7 else None,
        )
        for n in range(1, 9)
    ]
    reserve = PlayerFactory(
        tournament=tournament,
        name="Reserve",
        registration_number=9,
        lot_number=None,
        status=Player.Status.SUBSTITUTE,
        oath_accepted_at=SWORN,
    )
    first = seated_table(tournament, table_number=1, players=players[:4], started=True)
    second = seated_table(tournament, table_number=2, players=players[4:], started=True)
    checkin_record(session=second.session, player=players[7], absent=True)
    seat_replace_with_substitute(
        table_session=second, player=players[7], substitute=reserve, reason="P8 did not come"
    )
    for sheet in (first, second):
        hand_record_win(table_session=sheet, winner="A", discarder="B", points=20)
        hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.TIME_LIMIT)
    sign_sheets(first, second)
    return tournament


def test_a_seeded_final_session_asks_the_oath_of_a_first_seat(final_with_newcomers):
    from tournaments.services.seating import seating_seed_final_session

    with pytest.raises(FirstSeatWithoutOath) as refusal:
        seating_seed_final_session(tournament=final_with_newcomers)
    assert [p.registration_number for p in refusal.value.players] == [8]
    assert not final_with_newcomers.sessions.filter(number=2).exists()
    session = seating_seed_final_session(tournament=final_with_newcomers, without_oath=True)
    assert session.seats.count() == 8
    assert last_reason(final_with_newcomers.players.get(registration_number=8)) == NOTE
    assert last_reason(final_with_newcomers.players.get(registration_number=1)) != NOTE


def test_the_seeding_api_answers_409_naming_them_then_seeds_when_told(
    as_role, final_with_newcomers
):
    client = as_role(Role.ORGANISER)
    url = f"/api/tournaments/{final_with_newcomers.slug}/final-sessions/"
    errors = assert_error(client.post(url, {}, format="json"), 409, field="without_oath")
    assert "r8 P8" in errors[0]["message"]
    response = client.post(url, {"without_oath": True}, format="json")
    assert response.status_code == 201, response.content


def test_the_seeding_page_and_command_ask_it_too(client, make_staff, final_with_newcomers):
    client.force_login(make_staff("organiser", Role.ORGANISER))
    page = reverse("admin:tournaments_tournament_seed_final", args=[final_with_newcomers.pk])
    refused = client.post(page, {"action": "seed", "seed-method": "straight"}).content.decode()
    assert "1 player would take" in refused and "Seat without the oath" in refused
    with pytest.raises(CommandError, match="r8 P8.*--without-oath"):
        call_command("seed_final", final_with_newcomers.slug)
    done = client.post(
        page, {"action": "seed", "seed-method": "straight", "without_oath": "Seat without the oath"}
    )
    assert done.status_code == 302
    assert final_with_newcomers.sessions.filter(number=2).exists()
