"""A disqualified (or excluded) player plays no later session (3.11.4-5, selectors/eligibility):
a session does not start while he holds a seat in it (409 naming him and his table), until a
substitute takes the seat (or he is re-seated out, or the sanction is lifted); a win of his is
refused while he is barred; his personal link stops; `player_links` leaves him out."""

import datetime
import io

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from player_entry.services import player_link_issue
from tests.api.sheet_helpers import if_match, url
from tests.tournaments.factories import PlayerFactory, TournamentFactory, seated_table
from tournaments.errors import TournamentError
from tournaments.models import Hand, Player, Sanction, Session, TableSession, Tournament
from tournaments.roles import Role
from tournaments.services.checkin import seat_replace_with_substitute
from tournaments.services.hands import hand_record_win
from tournaments.services.sanctions import sanction_record, sanction_void
from tournaments.services.sessions import session_start

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_sessions(db):
    """A points-only tournament whose players enter hands on phones too: session 1 started
    (in May), session 2 seated with the same four players, not started."""
    tournament = TournamentFactory(
        entry_mode=Tournament.EntryMode.POINTS_ONLY, hand_entry=Tournament.HandEntry.BOTH
    )
    first = seated_table(tournament, started=True)
    players = [seat.player for seat in first.seats.order_by("position")]
    second = seated_table(tournament, session_number=2, table_number=3, players=players)
    return first, second


def disqualify(player: Player, kind=Sanction.Kind.DISQUALIFICATION) -> Sanction:
    return sanction_record(player=player, kind=kind, reason="Serious disturbance (3.11.6.10)")


def player_at(sheet, position: str) -> Player:
    return sheet.seats.get(position=position).player


def started(session) -> bool:
    return Session.objects.get(pk=session.pk).actual_start is not None


# -- the session does not start ---------------------------------------------------------------


@pytest.mark.parametrize("kind", [Sanction.Kind.DISQUALIFICATION, Sanction.Kind.EXCLUSION])
def test_a_session_holding_a_barred_player_does_not_start_and_names_him(two_sessions, kind):
    _first, second = two_sessions
    barred = player_at(second, "C")
    disqualify(barred, kind)
    with pytest.raises(TournamentError) as refused:
        session_start(session=second.session)
    assert refused.value.code == "invalid_state"
    assert f"{barred.name} (table 3)" in refused.value.message
    assert not started(second.session)


def test_the_api_refuses_the_start_with_a_409_naming_him(two_sessions, as_role):
    _first, second = two_sessions
    barred = player_at(second, "B")
    disqualify(barred)
    slug = second.session.tournament.slug
    response = as_role(Role.CHIEF_UMPIRE).post(
        f"/api/tournaments/{slug}/sessions/2/start/", {}, format="json"
    )
    assert response.status_code == 409, response.content
    assert barred.name in response.json()["errors"][0]["message"]
    assert not started(second.session)


def test_the_admin_refuses_the_start_with_the_message(two_sessions, admin_client):
    _first, second = two_sessions
    barred = player_at(second, "D")
    disqualify(barred)
    at = timezone.localtime(timezone.now() + datetime.timedelta(minutes=1))
    response = admin_client.post(
        reverse("admin:tournaments_session_changelist"),
        {
            "action": "action_start",
            ACTION_CHECKBOX_NAME: [second.session_id],
            "apply": "1",
            "at": at.strftime("%Y-%m-%d %H:%M"),
        },
        follow=True,
    )
    assert barred.name in response.content.decode()
    assert not started(second.session)


def test_a_substitute_in_his_seat_lets_the_session_start(two_sessions):
    _first, second = two_sessions
    barred = player_at(second, "A")
    disqualify(barred)
    reserve = PlayerFactory(
        tournament=second.session.tournament,
        status=Player.Status.SUBSTITUTE,
        registration_number=99,
        lot_number=None,
    )
    seat_replace_with_substitute(
        table_session=second, player=barred, substitute=reserve, reason="A is disqualified"
    )
    session_start(session=second.session)
    assert started(second.session)
    seat = second.seats.get(position="A")
    assert (seat.player, seat.replaced_player) == (reserve, barred)


def test_a_player_not_barred_is_not_replaced_by_a_substitute(two_sessions):
    _first, second = two_sessions
    reserve = PlayerFactory(
        tournament=second.session.tournament,
        status=Player.Status.SUBSTITUTE,
        registration_number=99,
        lot_number=None,
    )
    with pytest.raises(TournamentError):
        seat_replace_with_substitute(
            table_session=second, player=player_at(second, "A"), substitute=reserve, reason="x"
        )


def test_a_disqualification_lifted_on_appeal_lets_the_session_start(two_sessions):
    _first, second = two_sessions
    sanction = disqualify(player_at(second, "A"))
    sanction_void(sanction=sanction, reason="Appeal upheld", user=None)
    session_start(session=second.session)
    assert started(second.session)


def test_a_start_recorded_for_a_time_before_the_disqualification_is_accepted(two_sessions):
    """He played that session: he was disqualified during it."""
    _first, second = two_sessions
    sanction = disqualify(player_at(second, "A"))
    session_start(session=second.session, at=sanction.decided_at - datetime.timedelta(minutes=5))
    assert started(second.session)


# -- his wins, his link ------------------------------------------------------------------------


def test_a_win_of_a_player_disqualified_during_the_session_is_refused(two_sessions, as_role):
    first, _second = two_sessions
    disqualify(player_at(first, "A"))
    client = as_role(Role.UMPIRE)
    TableSession.objects.filter(pk=first.pk).update(umpire=client.user)
    body = {"outcome": "win", "winner": "A", "discarder": "B", "points": 8}
    response = client.post(url(first, "hands/"), body, format="json", **if_match(first))
    assert response.status_code == 409, response.content
    assert "3.11.4-5" in response.json()["errors"][0]["message"]
    assert not Hand.objects.filter(table_session=first).exists()


def test_a_win_of_his_from_the_paper_of_a_session_he_played_is_recorded(two_sessions):
    first, _second = two_sessions
    disqualify(player_at(first, "A"))
    hand = hand_record_win(
        table_session=first, winner="A", discarder="B", points=8, from_paper=True
    )
    assert hand.winner_position == "A"


def test_a_win_of_another_player_at_his_table_is_recorded(two_sessions):
    first, _second = two_sessions
    disqualify(player_at(first, "A"))
    hand = hand_record_win(table_session=first, winner="B", discarder="A", points=8)
    assert hand.winner_position == "B"


def test_his_link_stops_and_a_phone_signed_in_with_it_is_signed_out(two_sessions):
    first, _second = two_sessions
    barred = player_at(first, "A")
    link = player_link_issue(player=barred)
    phone = Client()
    assert phone.get(f"/p/{link.token}/").status_code == 302
    assert phone.get("/me/table/").status_code == 200
    sanction = disqualify(barred)
    assert phone.get("/me/table/").status_code == 403
    assert Client().get(f"/p/{link.token}/").status_code == 404
    sanction_void(sanction=sanction, reason="Appeal upheld", user=None)
    assert Client().get(f"/p/{link.token}/").status_code == 302


def test_a_phone_cannot_enter_a_win_of_the_disqualified_player(two_sessions):
    first, _second = two_sessions
    from tests.player_entry.helpers import send_hand

    phone = Client()
    link = player_link_issue(player=player_at(first, "B"))
    assert phone.get(f"/p/{link.token}/").status_code == 302
    disqualify(player_at(first, "A"))
    response = send_hand(phone, first, winner="A", discarder="B")
    assert response.status_code == 409, response.content
    assert "3.11.4-5" in response.content.decode()


def test_player_links_leaves_him_out(two_sessions):
    first, _second = two_sessions
    barred = player_at(first, "A")
    disqualify(barred)
    out = io.StringIO()
    call_command("player_links", first.session.tournament.slug, stdout=out)
    names = [line.split("\t")[1] for line in out.getvalue().splitlines()]
    assert barred.name not in names and len(names) == 3


def test_a_hand_he_entered_before_his_disqualification_is_refused_when_confirmed(two_sessions):
    from player_entry.models import TableEntry
    from tests.player_entry.helpers import answer, send_hand

    first, _second = two_sessions
    phones = {}
    for position in "AC":
        phones[position] = Client()
        link = player_link_issue(player=player_at(first, position))
        assert phones[position].get(f"/p/{link.token}/").status_code == 302
    entered = send_hand(phones["A"], first, winner="B", discarder="C")
    assert entered.status_code in (200, 201), entered.content
    disqualify(player_at(first, "A"))
    entry = TableEntry.objects.get()
    answer(phones["C"], entry.pk, "confirm")
    entry.refresh_from_db()
    assert entry.status == TableEntry.Status.REFUSED and "3.11.4-5" in entry.reason
    assert not Hand.objects.filter(table_session=first).exists()


def test_the_umpires_page_refuses_a_win_of_the_disqualified_player(two_sessions, admin_client):
    from tests.tournaments.admin_helpers import post_sheet

    first, _second = two_sessions
    disqualify(player_at(first, "A"))
    data = {"action": "save", "hand-winner": "A", "hand-discarder": "B", "hand-points": "8"}
    data["hand-flowers"] = "0"
    response = post_sheet(admin_client, first, data, follow=True)
    assert "3.11.4-5" in response.content.decode()
    assert not Hand.objects.filter(table_session=first).exists()


def test_the_umpires_offline_queue_refuses_a_win_of_the_disqualified_player(two_sessions):
    import uuid

    from django.contrib.auth import get_user_model

    first, _second = two_sessions
    umpire = get_user_model().objects.create_superuser("queue-chief", password="x")
    disqualify(player_at(first, "A"))
    client = Client()
    client.force_login(umpire)
    response = client.post(
        reverse("umpire-queue-hands", args=[first.pk]),
        {"outcome": "win", "hand": {"winner": "A", "discarder": "B", "points": 8, "flowers": 0}},
        content_type="application/json",
        HTTP_IF_MATCH=f'"{TableSession.objects.get(pk=first.pk).version}"',
        HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
    )
    assert response.status_code == 409, response.content
    assert not Hand.objects.filter(table_session=first).exists()
