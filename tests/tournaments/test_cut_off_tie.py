"""A tie at the final's cut-off is decided, never by player number (rule 3.10.1): seeding the
final session refuses while players sharing a place straddle the number advancing, naming them
and their places, until the organiser records a lot drawn from a printed seed or a play-off's
result; the seeding then follows it, and the standings and the seeding page show it; in the
service, the admin, the API and the commands."""

import io
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

import seating
from tests.api.helpers import assert_error
from tests.tournaments.factories import PlayerFactory, seated_table, sign_sheets
from tournaments.errors import TournamentError
from tournaments.models import CutOffDecision, Hand, Session, Tournament
from tournaments.roles import PermissionRefused, Role
from tournaments.services.cut_off import (
    CutOffInputRefused,
    CutOffTied,
    cut_off_decide_by_lot,
    cut_off_decide_by_play_off,
)
from tournaments.services.hands import hand_record_no_win, hand_record_win
from tournaments.services.seating import seating_seed_final_session

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
TIED = [1, 2, 3, 4]  # table 1 stopped with no hand: four equal places 2 to 5


@pytest.fixture
def tied(tournament) -> Tournament:
    """Eight players after one qualifying session of a mixed tournament, four advancing: P5
    won table 2; table 1 stopped at the gong with no hand, so P1-P4 share places 2 to 5 (1.75
    table points, 0 contest points each): three of them advance, one does not."""
    tournament.format = Tournament.Format.MIXED
    tournament.entry_mode = Tournament.EntryMode.POINTS_ONLY
    tournament.qualifying_sessions, tournament.sessions_planned, tournament.finalists = 1, 3, 4
    tournament.save()
    players = [
        PlayerFactory(tournament=tournament, name=f"P{n}", lot_number=n, registration_number=n)
        for n in range(1, 9)
    ]
    first = seated_table(tournament, table_number=1, players=players[:4], started=True)
    second = seated_table(tournament, table_number=2, players=players[4:], started=True)
    hand_record_win(table_session=second, winner="A", discarder=None, points=30)
    for sheet in (first, second):
        hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.TIME_LIMIT)
    sign_sheets(first, second)
    return tournament


def finalists(session: Session) -> list[int]:
    """The players' numbers of a seeded session, table by table, seat by seat."""
    return [
        seat.player.lot_number
        for sheet in session.table_sessions.order_by("table__number")
        for seat in sheet.seats.select_related("player").order_by("position")
    ]


# -- the service ----------------------------------------------------------------------------


def test_seeding_refuses_a_tie_across_the_cut_off_naming_the_players_and_places(tied):
    with pytest.raises(CutOffTied) as refusal:
        seating_seed_final_session(tournament=tied, method="straight")
    assert refusal.value.code == "invalid_state"
    message = refusal.value.message
    assert "Places 2 to 5 are tied at the cut-off of session 2 (4 players advancing)" in message
    assert "No. 1 P1, No. 2 P2, No. 3 P3, No. 4 P4; 3 of them advance" in message
    assert "table points (1.75) and contest points (0)" in message
    assert refusal.value.tie.numbers == TIED
    assert not tied.sessions.filter(number=2).exists()


def test_the_places_are_the_standings_and_a_withdrawn_player_does_not_advance(tied):
    from tournaments.services.registration import player_withdraw

    for number in (5, 1):  # the winner of table 2 and one of the four level at table 1
        player_withdraw(player=tied.players.get(lot_number=number))
    # P2-P4 advance; P6-P8 share places 6 to 8 of the standings for the last seat.
    with pytest.raises(CutOffTied) as refusal:
        seating_seed_final_session(tournament=tied)
    tie = refusal.value.tie
    assert (tie.first_place, tie.last_place, tie.advancing, tie.numbers) == (6, 8, 1, [6, 7, 8])
    decision = cut_off_decide_by_lot(tournament=tied, seed="gong")
    session = seating_seed_final_session(tournament=tied)
    assert sorted(finalists(session)) == sorted([2, 3, 4, decision.order[0]])


def test_a_lot_decides_the_tie_and_the_seeding_follows_it(tied):
    decision = cut_off_decide_by_lot(tournament=tied, seed="gong")
    assert decision.method == CutOffDecision.Method.LOT and decision.seed == "gong"
    assert decision.order == seating.lot_order(TIED, "gong")
    assert (decision.session_number, decision.first_place, decision.last_place) == (2, 2, 5)
    session = seating_seed_final_session(tournament=tied, method="straight")
    assert finalists(session) == [5, *decision.order[:3]]


def test_a_lot_without_a_seed_draws_a_fresh_one_and_records_it(tied):
    decision = cut_off_decide_by_lot(tournament=tied)
    assert len(decision.seed) == 32
    assert decision.order == seating.lot_order(TIED, decision.seed)


def test_anyone_re_runs_the_lot_from_its_printed_seed():
    ran = subprocess.run(
        [sys.executable, "-m", "seating", "lot", "--seed", "gong", "1", "2", "3", "4"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert ran.returncode == 0, ran.stderr
    order = [int(line.split()[1]) for line in ran.stdout.splitlines()]
    assert order == seating.lot_order(TIED, "gong")


def test_a_play_off_decides_the_tie(tied, make_staff):
    chief = make_staff("chief", Role.CHIEF_UMPIRE)
    decision = cut_off_decide_by_play_off(
        tournament=tied,
        order=[4, 2, 3, 1],
        result="Two hands: P4 +40, P2 +8, P3 -8, P1 -40",
        user=chief,
    )
    assert decision.decided_by == chief
    assert finalists(seating_seed_final_session(tournament=tied)) == [5, 4, 2, 3]


@pytest.mark.parametrize("order", [[1, 2, 3], [1, 2, 3, 4, 5], [1, 1, 2, 3], [4, 3, 2, 9]])
def test_a_play_off_names_the_tied_players_each_once(tied, order):
    with pytest.raises(CutOffInputRefused, match="No. 1|1, 2, 3, 4") as refusal:
        cut_off_decide_by_play_off(tournament=tied, order=order, result="Played")
    assert refusal.value.field == "order"
    assert not CutOffDecision.objects.exists()


def test_a_play_off_needs_its_result(tied):
    with pytest.raises(CutOffInputRefused) as refusal:
        cut_off_decide_by_play_off(tournament=tied, order=[1, 2, 3, 4], result="  ")
    assert refusal.value.field == "result"


def test_a_tie_is_decided_once(tied):
    cut_off_decide_by_lot(tournament=tied, seed="first")
    with pytest.raises(TournamentError, match="already decided"):
        cut_off_decide_by_lot(tournament=tied, seed="a better one")
    assert CutOffDecision.objects.count() == 1


def test_there_is_nothing_to_decide_without_a_tie_across_the_cut_off(tied):
    with pytest.raises(TournamentError, match="no tie to decide"):
        cut_off_decide_by_lot(tournament=tied, finalists=8)
    # All eight advance: the shared places are inside the cut-off, and the seeding goes on.
    assert len(finalists(seating_seed_final_session(tournament=tied, finalists=8))) == 8


def test_a_decision_is_the_organisers(tied, make_staff):
    with pytest.raises(PermissionRefused):
        cut_off_decide_by_lot(tournament=tied, user=make_staff("umpire", Role.UMPIRE))
    assert not CutOffDecision.objects.exists()


def test_a_decision_of_other_players_does_not_decide_the_tie(tied):
    CutOffDecision.objects.create(
        tournament=tied,
        session_number=2,
        finalists=4,
        first_place=2,
        last_place=5,
        advancing=3,
        order=[1, 2, 3, 6],
        method=CutOffDecision.Method.LOT,
        seed="stale",
    )
    with pytest.raises(CutOffTied):
        seating_seed_final_session(tournament=tied)


# -- the standings show it ------------------------------------------------------------------


def test_the_standings_page_and_the_api_show_the_decision(client, tied, make_staff, as_role):
    decision = cut_off_decide_by_lot(tournament=tied, seed="gong")
    client.force_login(make_staff("chief", Role.CHIEF_UMPIRE))
    page = client.get(reverse("admin:tournaments_tournament_standings", args=[tied.pk]))
    text = page.content.decode()
    assert "Ties at the cut-off (rule 3.10.1)" in text
    assert "places 2 to 5 were tied" in text
    assert "Decided by a lot drawn with the seed gong" in text
    assert "python -m seating lot --seed gong 1 2 3 4" in text
    body = as_role(Role.ORGANISER).get(f"/api/tournaments/{tied.slug}/standings/").json()
    (shown,) = body["cut_off_decisions"]
    assert (shown["method"], shown["seed"], shown["session"]) == ("lot", "gong", 2)
    assert [p["number"] for p in shown["order"]] == decision.order
    assert shown["advancing"] == decision.order[:3]


# -- the seeding page -----------------------------------------------------------------------


def seed_page(tournament) -> str:
    return reverse("admin:tournaments_tournament_seed_final", args=[tournament.pk])


def test_the_seeding_page_shows_the_tie_and_refuses_to_seed_it(client, tied, make_staff):
    client.force_login(make_staff("organiser", Role.ORGANISER))
    text = client.get(seed_page(tied)).content.decode()
    assert "Places 2 to 5 are tied at the cut-off of session 2" in text
    assert "No. 4 P4" in text and 'id="lot-form"' in text and 'id="play-off-form"' in text
    refused = client.post(seed_page(tied), {"action": "seed", "seed-method": "straight"})
    assert refused.status_code == 200
    assert "3 of them advance. Record how the tie is decided" in refused.content.decode()
    assert not tied.sessions.filter(number=2).exists()


def test_the_seeding_page_draws_the_lot_then_seeds(client, tied, make_staff):
    client.force_login(make_staff("organiser", Role.ORGANISER))
    drawn = client.post(seed_page(tied), {"action": "lot", "lot-seed": "gong"})
    assert drawn.status_code == 302
    text = client.get(drawn.url).content.decode()
    assert "Decided by a lot drawn with the seed gong" in text
    assert "Decided: the seeding follows the decision recorded below." in text
    assert 'id="lot-form"' not in text
    seeded = client.post(seed_page(tied), {"action": "seed", "seed-method": "straight"})
    assert seeded.status_code == 302
    session = tied.sessions.get(number=2)
    assert finalists(session) == [5, *seating.lot_order(TIED, "gong")[:3]]


def test_the_seeding_page_records_a_play_off_and_refuses_a_wrong_order(client, tied, make_staff):
    client.force_login(make_staff("organiser", Role.ORGANISER))
    data = {"action": "play_off", "play_off-order": "4, 3, 2", "play_off-result": "P4 won"}
    wrong = client.post(seed_page(tied), data)
    assert "each once, in the order the play-off placed them: 1, 2, 3, 4" in wrong.content.decode()
    bad = client.post(seed_page(tied), {**data, "play_off-order": "four, three"})
    assert "separated by commas" in bad.content.decode()
    assert not CutOffDecision.objects.exists()
    done = client.post(seed_page(tied), {**data, "play_off-order": "4, 3, 2, 1"})
    assert done.status_code == 302
    assert CutOffDecision.objects.get().order == [4, 3, 2, 1]


def test_the_seeding_page_is_the_organisers(client, tied, make_staff):
    client.force_login(make_staff("umpire", Role.UMPIRE))
    assert client.get(seed_page(tied)).status_code == 403


# -- the API --------------------------------------------------------------------------------


def test_the_api_refuses_the_seeding_with_409_then_decides_by_lot_and_seeds(as_role, tied):
    client = as_role(Role.ORGANISER)
    seed_url = f"/api/tournaments/{tied.slug}/final-sessions/"
    errors = assert_error(
        client.post(seed_url, {"method": "straight"}, format="json"),
        409,
        code="invalid_state",
        field="cut_off",
    )
    assert "Places 2 to 5" in errors[0]["message"] and "No. 3 P3" in errors[0]["message"]
    tie = client.get(f"/api/tournaments/{tied.slug}/cut-off/").json()
    assert tie["decided"] is False and tie["decisions"] == []
    assert (tie["tie"]["first_place"], tie["tie"]["last_place"], tie["tie"]["advancing"]) == (
        2,
        5,
        3,
    )
    assert [p["number"] for p in tie["tie"]["players"]] == TIED
    decided = client.post(
        f"/api/tournaments/{tied.slug}/cut-off/decisions/",
        {"method": "lot", "seed": "gong"},
        format="json",
    )
    assert decided.status_code == 201, decided.content
    order = seating.lot_order(TIED, "gong")
    assert decided.json()["verify"] == "python -m seating lot --seed gong 1 2 3 4"
    assert [p["number"] for p in decided.json()["order"]] == order
    seeded = client.post(seed_url, {"method": "straight"}, format="json")
    assert seeded.status_code == 201, seeded.content
    assert seeded.json() == {"session": 2, "tables": [[5, *order[:3]]]}


def test_the_api_records_a_play_off_and_refuses_a_wrong_order(as_role, tied):
    client = as_role(Role.CHIEF_UMPIRE)
    url = f"/api/tournaments/{tied.slug}/cut-off/decisions/"
    body = {"method": "play_off", "order": [2, 1], "result": "P2 won"}
    assert_error(client.post(url, body, format="json"), 400, field="order")
    assert_error(
        client.post(url, {**body, "order": [2, 1, 3, 4], "result": ""}, format="json"),
        400,
        field="result",
    )
    done = client.post(url, {**body, "order": [2, 1, 3, 4]}, format="json")
    assert done.status_code == 201, done.content
    assert done.json()["advancing"] == [2, 1, 3] and done.json()["result"] == "P2 won"
    assert_error(client.post(url, {**body, "order": [1, 2, 3, 4]}, format="json"), 409)


@pytest.mark.parametrize("role", [Role.UMPIRE, Role.COMMITTEE, Role.PLAYER])
def test_the_api_refuses_other_roles(as_role, tied, role):
    client = as_role(role)
    for url, body in (
        (f"/api/tournaments/{tied.slug}/final-sessions/", {}),
        (f"/api/tournaments/{tied.slug}/cut-off/decisions/", {"method": "lot"}),
    ):
        assert_error(client.post(url, body, format="json"), 403, code="forbidden")
    assert_error(client.get(f"/api/tournaments/{tied.slug}/cut-off/"), 403)
    assert not CutOffDecision.objects.exists() and not tied.sessions.filter(number=2).exists()


# -- the commands ---------------------------------------------------------------------------


def test_the_commands_show_the_tie_decide_it_by_lot_and_seed(tied):
    with pytest.raises(CommandError, match="Places 2 to 5 are tied"):
        call_command("seed_final", tied.slug)
    shown = io.StringIO()
    call_command("cut_off_tie", tied.slug, stdout=shown)
    assert "Places 2 to 5 are tied" in shown.getvalue()
    drawn = io.StringIO()
    call_command("cut_off_tie", tied.slug, "--lot", "--seed", "gong", stdout=drawn)
    assert "Decided by a lot drawn with the seed gong" in drawn.getvalue()
    out = io.StringIO()
    call_command("seed_final", tied.slug, stdout=out)
    order = seating.lot_order(TIED, "gong")
    assert "  1: " + "-".join(str(n) for n in [5, *order[:3]]) in out.getvalue()


def test_the_tie_command_records_a_play_off_and_refuses_a_malformed_order(tied):
    with pytest.raises(CommandError, match="7,3,12"):
        call_command("cut_off_tie", tied.slug, "--play-off", "4 3 2 1", "--result", "x")
    out = io.StringIO()
    call_command(
        "cut_off_tie", tied.slug, "--play-off", "4,3,2,1", "--result", "P4 won", stdout=out
    )
    assert "Decided by a play-off: P4 won." in out.getvalue()
    assert CutOffDecision.objects.get().order == [4, 3, 2, 1]
