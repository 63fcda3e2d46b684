"""Teams and players in the admin: adding through the services, CSV import, withdrawal."""

import pytest
from django.urls import reverse

from tests.tournaments.factories import PlayerFactory, TeamFactory
from tournaments.models import Player, Team

pytestmark = pytest.mark.django_db

GOOD_CSV = "name,country,team\nAna García,Spain,Dragons\nLi Wei,China,\n"
BAD_CSV = "name,country,team\nAna García,Spain,Dragons\n,China,\nYuki Tanaka,Japan,Phoenix\n"


def import_url(tournament) -> str:
    return reverse("admin:tournaments_tournament_import_players", args=[tournament.pk])


def text(response) -> str:
    return response.content.decode()


def test_checking_a_csv_with_bad_rows_lists_every_bad_row_and_writes_nothing(
    admin_client, admin_tournament
):
    TeamFactory(tournament=admin_tournament, name="Dragons")
    response = admin_client.post(import_url(admin_tournament), {"csv_text": BAD_CSV, "check": "1"})
    assert response.status_code == 200
    page = text(response)
    assert "line 3: the name is missing." in page
    assert "line 4: unknown team Phoenix." in page
    assert "nothing was written" in page
    assert not Player.objects.exists()


def test_checking_a_valid_csv_writes_nothing(admin_client, admin_tournament):
    TeamFactory(tournament=admin_tournament, name="Dragons")
    response = admin_client.post(import_url(admin_tournament), {"csv_text": GOOD_CSV, "check": "1"})
    assert "2 rows checked: all valid" in text(response)
    assert not Player.objects.exists()


def test_importing_a_csv_with_a_bad_row_writes_nothing(admin_client, admin_tournament):
    TeamFactory(tournament=admin_tournament, name="Dragons")
    response = admin_client.post(import_url(admin_tournament), {"csv_text": BAD_CSV, "import": "1"})
    assert response.status_code == 200
    assert "line 3: the name is missing." in text(response)
    assert not Player.objects.exists()


def test_importing_a_valid_uploaded_csv_registers_every_player(admin_client, admin_tournament):
    from django.core.files.uploadedfile import SimpleUploadedFile

    TeamFactory(tournament=admin_tournament, name="Dragons")
    upload = SimpleUploadedFile("players.csv", GOOD_CSV.encode("utf-8-sig"), "text/csv")
    response = admin_client.post(import_url(admin_tournament), {"csv_file": upload, "import": "1"})
    assert response.status_code == 302
    players = Player.objects.filter(tournament=admin_tournament).order_by("registration_number")
    assert [(p.name, p.registration_number) for p in players] == [("Ana García", 1), ("Li Wei", 2)]
    assert players[0].team.name == "Dragons"


def test_after_checking_a_file_import_registers_it_without_choosing_the_file_again(
    admin_client, admin_tournament
):
    from django.core.files.uploadedfile import SimpleUploadedFile

    TeamFactory(tournament=admin_tournament, name="Dragons")
    upload = SimpleUploadedFile("players.csv", GOOD_CSV.encode("utf-8-sig"), "text/csv")
    checked = admin_client.post(import_url(admin_tournament), {"csv_file": upload, "check": "1"})
    kept = checked.context["form"].initial["csv_text"]
    assert kept == GOOD_CSV and "Ana García" in text(checked)
    response = admin_client.post(import_url(admin_tournament), {"csv_text": kept, "import": "1"})
    assert response.status_code == 302
    assert Player.objects.filter(tournament=admin_tournament).count() == 2


FORMULA_CSV = "name,country,club\n=1+2,Spain,\nAna García,Spain,-Madrid\n"
FORMULA_WARNINGS = [
    "line 2: name “=1+2” starts with =, +, - or @",
    "line 3: club “-Madrid” starts with =, +, - or @",
]


def test_checking_a_csv_lists_a_warning_per_row_that_looks_like_a_formula(
    admin_client, admin_tournament
):
    response = admin_client.post(
        import_url(admin_tournament), {"csv_text": FORMULA_CSV, "check": "1"}
    )
    page = text(response)
    assert "2 rows checked: all valid" in page
    assert all(warning in page for warning in FORMULA_WARNINGS)
    assert not Player.objects.exists()


def test_importing_a_csv_that_looks_like_formulas_registers_it_as_typed_and_warns(
    admin_client, admin_tournament
):
    response = admin_client.post(
        import_url(admin_tournament), {"csv_text": FORMULA_CSV, "import": "1"}, follow=True
    )
    page = text(response)
    assert "2 players imported." in page
    # The admin's messages start with a capital: "Line 2: …".
    assert all("L" + warning[1:] in page for warning in FORMULA_WARNINGS)
    names = Player.objects.filter(tournament=admin_tournament).values_list("name", "club")
    assert sorted(names) == [("=1+2", ""), ("Ana García", "-Madrid")]


def test_the_import_page_asks_for_a_file_or_text(admin_client, admin_tournament):
    response = admin_client.post(import_url(admin_tournament), {"csv_text": "  ", "check": "1"})
    assert "Upload a CSV file or paste its text" in text(response)


def test_adding_a_player_in_the_admin_gives_him_the_next_registration_number(
    admin_client, admin_tournament
):
    PlayerFactory(tournament=admin_tournament, registration_number=7)
    data = {"tournament": admin_tournament.pk, "name": "Mei Chen", "status": "active"}
    response = admin_client.post(reverse("admin:tournaments_player_add"), data)
    assert response.status_code == 302
    assert Player.objects.get(name="Mei Chen").registration_number == 8


def test_adding_a_player_to_a_finished_tournament_is_a_form_error(admin_client, admin_tournament):
    admin_tournament.status = "finished"
    admin_tournament.save()
    data = {"tournament": admin_tournament.pk, "name": "Mei Chen", "status": "active"}
    response = admin_client.post(reverse("admin:tournaments_player_add"), data)
    assert response.status_code == 200
    assert "registration is closed" in text(response)
    assert not Player.objects.exists()


def test_a_duplicate_team_name_is_refused_by_the_service_as_a_form_error(
    admin_client, admin_tournament
):
    TeamFactory(tournament=admin_tournament, name="Dragons")
    data = {"tournament": admin_tournament.pk, "name": "dragons", "country": ""}
    response = admin_client.post(reverse("admin:tournaments_team_add"), data)
    assert response.status_code == 200
    assert "There is already a team named dragons" in text(response)
    assert Team.objects.count() == 1


def test_adding_a_team_in_the_admin_creates_it(admin_client, admin_tournament):
    data = {"tournament": admin_tournament.pk, "name": "Phoenix", "country": "Denmark"}
    assert admin_client.post(reverse("admin:tournaments_team_add"), data).status_code == 302
    assert Team.objects.get(name="Phoenix").country == "Denmark"


def test_the_withdraw_action_withdraws_the_selected_players(admin_client, eight_players):
    url = reverse("admin:tournaments_player_changelist")
    chosen = [eight_players[0].pk, eight_players[1].pk]
    admin_client.post(url, {"action": "action_withdraw", "_selected_action": chosen})
    withdrawn = set(Player.objects.filter(status="withdrawn").values_list("pk", flat=True))
    assert withdrawn == set(chosen)


def test_withdrawing_a_withdrawn_player_again_is_a_message_not_an_error_page(
    admin_client, eight_players
):
    player = eight_players[0]
    player.status = "withdrawn"
    player.save()
    url = reverse("admin:tournaments_player_changelist")
    response = admin_client.post(
        url, {"action": "action_withdraw", "_selected_action": [player.pk]}, follow=True
    )
    assert response.status_code == 200
    assert "has already withdrawn" in text(response)


def test_registering_a_substitute_adds_an_unranked_player(admin_client, admin_tournament):
    url = reverse("admin:tournaments_tournament_substitute", args=[admin_tournament.pk])
    details = {"name": "Lars Jensen", "country": "DK", "ema_id": "04290012"}
    response = admin_client.post(url, details)
    assert response.status_code == 302
    lars = Player.objects.get(name="Lars Jensen")
    assert (lars.status, lars.country.code, lars.ema_id) == (
        Player.Status.SUBSTITUTE,
        "DK",
        "04290012",
    )


def test_the_substitute_action_leads_to_the_tournaments_substitute_page(
    admin_client, eight_players, admin_tournament
):
    url = reverse("admin:tournaments_player_changelist")
    data = {"action": "action_register_substitute", "_selected_action": [eight_players[0].pk]}
    response = admin_client.post(url, data)
    expected = reverse("admin:tournaments_tournament_substitute", args=[admin_tournament.pk])
    assert response.status_code == 302 and response.url == expected


def test_players_can_be_searched_and_filtered_by_tournament_and_status(
    admin_client, eight_players, admin_tournament
):
    url = reverse("admin:tournaments_player_changelist")
    response = admin_client.get(
        url, {"q": "Player 3", "tournament__id__exact": admin_tournament.pk}
    )
    assert response.status_code == 200
    assert response.context["cl"].result_count == 1
    response = admin_client.get(url, {"status__exact": "withdrawn"})
    assert response.context["cl"].result_count == 0


def test_an_umpire_without_rights_cannot_import_players(client, make_umpire, admin_tournament):
    client.force_login(make_umpire("umpire9"))
    response = client.post(import_url(admin_tournament), {"csv_text": GOOD_CSV, "import": "1"})
    assert response.status_code == 403
    assert not Player.objects.exists()


def test_the_plain_player_list_links_to_the_import_of_each_open_tournament(
    admin_client, admin_tournament
):
    response = admin_client.get(reverse("admin:tournaments_player_changelist"))
    assert import_url(admin_tournament) in text(response)
    assert f"Import players into {admin_tournament.name} (CSV)" in text(response)
