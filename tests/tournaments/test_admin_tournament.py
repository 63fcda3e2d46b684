"""The tournament admin: settings, lots, seating chart, re-seating, final stage, standings."""

import pytest
from django.urls import reverse

from tests.tournaments.admin_helpers import VALID_HAND, hand_post, post_sheet
from tests.tournaments.factories import (
    TeamFactory,
    TournamentFactory,
    seated_table,
    sign_complete_sheets,
)
from tournaments.models import Player, Seat, Session, TableSession, Tournament
from tournaments.services.hands import hand_record_no_win

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return response.content.decode()


def url(name: str, tournament) -> str:
    return reverse(f"admin:tournaments_tournament_{name}", args=[tournament.pk])


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def test_a_director_creates_a_tournament_with_its_settings(admin_client):
    data = {
        "name": "Copenhagen Open",
        "slug": "copenhagen-open",
        "status": "registration",
        "format": "round_robin",
        "sessions_planned": "7",
        "session_minutes": "150",
        "entry_mode": "points",
        "hand_entry": "both",
        "carry_over_points": "on",
        "tie_rule": "share",
        "tie_breaks_0": "most_firsts",
        "tie_breaks_1": "",
        "forfeit_contest_points": "-10",
        "oath_required": "on",
        "appeal_fee": "100",
        "appeal_currency": "EUR",
    }
    response = admin_client.post(reverse("admin:tournaments_tournament_add"), data)
    assert response.status_code == 302
    tournament = Tournament.objects.get(slug="copenhagen-open")
    assert (tournament.sessions_planned, tournament.entry_mode) == (7, "points")
    assert tournament.hand_entry == "both"
    assert tournament.tie_breaks == ["most_firsts"]
    assert (
        tournament.forfeit_contest_points,
        tournament.team_counts_disqualified,
        tournament.oath_required,
    ) == (-10, False, True)


def change_data(admin_client, tournament, **changes) -> tuple[str, dict]:
    change = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    form = admin_client.get(change).context["adminform"].form
    data = {k: v for k, v in form.initial.items() if v is not None and k != "tie_breaks"}
    data.update({"carry_over_points": "on", **changes})
    return change, data


def test_the_tie_breaks_are_chosen_from_a_list_in_order(admin_client, admin_tournament):
    change, data = change_data(
        admin_client, admin_tournament, tie_breaks_0="most_firsts", tie_breaks_1="best_session"
    )
    page = text(admin_client.get(change))
    assert '<select name="tie_breaks_0"' in page and "Most first places at the table" in page
    assert admin_client.post(change, data).status_code == 302
    admin_tournament.refresh_from_db()
    assert admin_tournament.tie_breaks == ["most_firsts", "best_session"]


def test_an_unknown_or_repeated_tie_break_is_a_form_error(admin_client, admin_tournament):
    for first, second, message in (
        ("coin_toss", "", "Select a valid choice"),
        ("most_firsts", "most_firsts", "Choose each tie-break once"),
    ):
        change, data = change_data(
            admin_client, admin_tournament, tie_breaks_0=first, tie_breaks_1=second
        )
        response = admin_client.post(change, data)
        assert response.status_code == 200 and message in text(response)


def test_the_change_page_offers_the_tournament_buttons(admin_client, admin_tournament):
    page = text(
        admin_client.get(reverse("admin:tournaments_tournament_change", args=[admin_tournament.pk]))
    )
    for name in ("draw_lots", "seating", "reseat", "standings", "import_players", "substitute"):
        assert url(name, admin_tournament) in page
    assert url("seed_final", admin_tournament) not in page  # round robin: no final stage


def test_drawing_lots_numbers_every_player_and_shows_the_seed(
    admin_client, admin_tournament, eight_players
):
    response = admin_client.post(
        url("draw_lots", admin_tournament), {"seed": "gong-2026"}, follow=True
    )
    assert any("Seed (print it): gong-2026" in m for m in messages_of(response))
    numbers = sorted(Player.objects.values_list("lot_number", flat=True))
    assert numbers == list(range(1, 9))
    admin_tournament.refresh_from_db()
    assert admin_tournament.lots_seed == "gong-2026"


def test_drawing_lots_with_too_few_players_is_refused_on_the_form(admin_client, admin_tournament):
    response = admin_client.post(url("draw_lots", admin_tournament), {"seed": ""})
    assert response.status_code == 200
    assert "At least four active players" in text(response)
    admin_tournament.refresh_from_db()
    assert admin_tournament.lots_seed == ""


def test_the_draw_lots_list_action_reports_the_seed_of_each_tournament(
    admin_client, admin_tournament, eight_players
):
    empty = TournamentFactory(name="Empty Cup")
    response = admin_client.post(
        reverse("admin:tournaments_tournament_changelist"),
        {"action": "action_draw_lots", "_selected_action": [admin_tournament.pk, empty.pk]},
        follow=True,
    )
    shown = messages_of(response)
    admin_tournament.refresh_from_db()
    assert any(f"Seed (print it): {admin_tournament.lots_seed}" in m for m in shown)
    assert any("Empty Cup: At least four active players" in m for m in shown)


def test_generating_the_seating_chart_seats_every_session_and_shows_the_seed(
    admin_client, admin_tournament, eight_players, run_jobs
):
    admin_client.post(url("draw_lots", admin_tournament), {"seed": "lots"})
    with run_jobs():  # the page starts a seating job; it runs once the request commits
        response = admin_client.post(
            url("seating", admin_tournament), {"seed": "chart-1", "time_limit": "1"}
        )
    assert "Seed (print it): chart-1" in text(admin_client.get(response.url))  # the job's page
    assert Session.objects.filter(tournament=admin_tournament).count() == 6
    assert TableSession.objects.filter(session__tournament=admin_tournament).count() == 12
    assert Seat.objects.filter(session__number=1).count() == 8


def test_generating_seating_before_lots_is_refused_with_the_reason(
    admin_client, admin_tournament, eight_players
):
    response = admin_client.post(url("seating", admin_tournament), {"seed": "", "time_limit": "1"})
    assert "Draw lots first" in text(response)
    assert not Session.objects.exists()


def test_re_seating_from_a_session_keeps_the_sessions_before_it(
    admin_client, admin_tournament, eight_players, run_jobs
):
    admin_client.post(url("draw_lots", admin_tournament), {"seed": "lots"})
    with run_jobs():
        admin_client.post(url("seating", admin_tournament), {"seed": "chart", "time_limit": "1"})
    first = list(Seat.objects.filter(session__number=1).values_list("player_id", "position"))
    with run_jobs():
        response = admin_client.post(
            url("reseat", admin_tournament),
            {"from_session": "4", "seed": "again", "time_limit": "1"},
        )
    assert "re-seated" in text(admin_client.get(response.url))
    assert (
        list(Seat.objects.filter(session__number=1).values_list("player_id", "position")) == first
    )
    assert Session.objects.filter(tournament=admin_tournament).count() == 6


def test_seeding_a_final_session_of_a_round_robin_is_refused(admin_client, admin_tournament):
    response = admin_client.post(
        url("seed_final", admin_tournament), {"action": "seed", "seed-method": "straight"}
    )
    assert "round-robin tournament has no seeded final stage" in text(response)


def test_seeding_a_final_session_while_a_sheet_is_unsigned_names_it_and_seats_nobody(
    admin_client, db
):
    tournament = TournamentFactory(format="mixed", qualifying_sessions=1, finalists=4)
    sheet = seated_table(tournament, table_number=1, started=True)
    hand_record_no_win(table_session=sheet, outcome="time")
    response = admin_client.post(
        url("seed_final", tournament),
        {"action": "seed", "seed-method": "straight", "seed-finalists": ""},
        follow=True,
    )
    assert "not signed yet: session 1 table 1" in text(response)
    assert not Session.objects.filter(tournament=tournament, number=2).exists()


def test_seeding_the_next_final_session_seats_the_leaders(admin_client, db):
    tournament = TournamentFactory(format="mixed", qualifying_sessions=1, finalists=4)
    for table_number in (1, 2):
        sheet = seated_table(tournament, table_number=table_number, started=True)
        hand_record_no_win(table_session=sheet, outcome="time")
    sign_complete_sheets(tournament)
    # Both tables stopped with no hand: all eight share the first place, and a lot decides
    # who advances (rule 3.10.1), never the player number.
    admin_client.post(url("seed_final", tournament), {"action": "lot", "lot-seed": "gong"})
    response = admin_client.post(
        url("seed_final", tournament),
        {"action": "seed", "seed-method": "straight", "seed-finalists": ""},
        follow=True,
    )
    assert any("session 2 seated" in m for m in messages_of(response))
    final = Session.objects.get(tournament=tournament, number=2)
    assert final.stage == Session.Stage.FINAL
    order = tournament.cut_off_decisions.get().order
    assert sorted(final.seats.values_list("player__lot_number", flat=True)) == sorted(order[:4])


def test_the_standings_page_lists_players_with_per_session_columns_and_teams(
    admin_client, admin_tournament, admin_sheet
):
    team = TeamFactory(tournament=admin_tournament, name="Dragons")
    Player.objects.filter(name="Player A").update(team=team)
    post_sheet(admin_client, admin_sheet, hand_post(VALID_HAND, winner="A", discarder="B"))
    response = admin_client.get(url("standings", admin_tournament))
    assert response.status_code == 200
    page = text(response)
    assert "Session 1" in page
    assert 'id="team-standings"' in page and "Dragons" in page
    players = response.context["players"]
    assert players[0]["row"].name == "Player A"
    assert players[0]["table_points"] == 4
    # The sheet is still open: live figures, marked provisional.
    assert players[0]["sessions"][0] == (4, players[0]["row"].contest_points, True)
    assert "provisional" in page
    official = admin_client.get(url("standings", admin_tournament) + "?official=1")
    assert official.context["players"][0]["table_points"] == 0


def test_the_standings_page_names_what_it_ranks_by(admin_client, admin_tournament):
    admin_tournament.tie_breaks = ["best_session"]
    admin_tournament.save()
    page = text(admin_client.get(url("standings", admin_tournament)))
    assert (
        "Ranked by table points, then contest points, then best single-session score; "
        "players still equal share their place."
    ) in page


def test_an_umpire_cannot_draw_lots(client, make_umpire, admin_tournament, eight_players):
    client.force_login(make_umpire("umpire7"))
    assert client.post(url("draw_lots", admin_tournament), {"seed": "x"}).status_code == 403
    assert not Player.objects.exclude(lot_number=None).exists()


def test_the_read_only_lists_of_hands_penalties_and_results_open_but_offer_no_add(
    admin_client, admin_sheet
):
    post_sheet(admin_client, admin_sheet, hand_post(VALID_HAND))
    for model in ("hand", "penalty", "sessionresult", "session"):
        assert admin_client.get(reverse(f"admin:tournaments_{model}_changelist")).status_code == 200
        assert admin_client.get(reverse(f"admin:tournaments_{model}_add")).status_code == 403


def test_the_re_seat_form_proposes_the_first_session_without_hands(
    admin_client, admin_tournament, admin_sheet
):
    seated_table(admin_tournament, session_number=2)
    post_sheet(admin_client, admin_sheet, {"action": "draw", "confirm": "yes"})
    response = admin_client.get(url("reseat", admin_tournament))
    assert response.context["form"]["from_session"].value() == 2


def test_the_player_list_of_one_tournament_links_to_its_import_page(admin_client, admin_tournament):
    response = admin_client.get(
        reverse("admin:tournaments_player_changelist"),
        {"tournament__id__exact": admin_tournament.pk},
    )
    assert url("import_players", admin_tournament) in text(response)
