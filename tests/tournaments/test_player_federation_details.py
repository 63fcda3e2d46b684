"""A player's federation details (issue 30): his country as an ISO 3166-1 code and his EMA
number, through the service, the CSV import, the API and the archive; migration 0016 maps
the countries typed before."""

import importlib
import json

import pytest
from django.core.management import call_command
from django.db import IntegrityError, connection
from django.db.migrations.executor import MigrationExecutor

from tests.api.helpers import assert_error
from tests.tournaments.factories import PlayerFactory, TournamentFactory
from tournaments.archive import dumps, export_tournament
from tournaments.countries import country_code
from tournaments.errors import TournamentError
from tournaments.models import Player, Tournament
from tournaments.roles import Role
from tournaments.services.registration import player_create, player_update, players_import_csv

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("ES", "ES"),
        ("es", "ES"),
        ("ESP", "ES"),
        ("Spain", "ES"),
        ("España", "ES"),
        ("Chinese Taipei", "TW"),
        ("Hong Kong", "HK"),
        ("中国", "CN"),
        ("", ""),
        ("Atlantis", None),
        ("XX", None),
    ],
)
def test_a_typed_country_is_read_as_its_iso_code_or_not_at_all(typed, code):
    assert country_code(typed) == code


def test_player_create_stores_the_code_and_the_ema_number():
    tournament = TournamentFactory()
    ana = player_create(tournament=tournament, name="Ana", country="Spain", ema_id="04290012")
    ana.refresh_from_db()
    assert (ana.country.code, ana.ema_id) == ("ES", "04290012")


@pytest.mark.parametrize("ema_id", ["1234567", "123456789", "1234567a", "１２３４５６７８"])
def test_player_create_refuses_an_ema_number_that_is_not_eight_digits(ema_id):
    tournament = TournamentFactory()
    with pytest.raises(TournamentError, match="not an EMA number") as refusal:
        player_create(tournament=tournament, name="Ana", ema_id=ema_id)
    assert refusal.value.field == "ema_id"
    assert not tournament.players.exists()


def test_an_ema_number_belongs_to_one_player_of_a_tournament_but_may_recur_in_another():
    tournament, other = TournamentFactory(), TournamentFactory()
    player_create(tournament=tournament, name="Ana", ema_id="04290012")
    with pytest.raises(TournamentError, match="already Ana") as refusal:
        player_create(tournament=tournament, name="Bo", ema_id="04290012")
    assert refusal.value.field == "ema_id"
    assert player_create(tournament=other, name="Ana", ema_id="04290012").ema_id == "04290012"


def test_an_edit_cannot_take_another_players_ema_number_or_an_unknown_country():
    tournament = TournamentFactory()
    player_create(tournament=tournament, name="Ana", ema_id="04290012")
    bo = player_create(tournament=tournament, name="Bo")
    bo.ema_id = "04290012"
    with pytest.raises(TournamentError, match="already Ana"):
        player_update(player=bo)
    bo.refresh_from_db()
    bo.country = "Atlantis"
    with pytest.raises(TournamentError, match="not a country") as refusal:
        player_update(player=bo)
    assert refusal.value.field == "country"
    bo.refresh_from_db()
    assert (bo.ema_id, bo.country.code) == ("", "")


def test_the_database_refuses_a_second_holder_of_an_ema_number():
    tournament = TournamentFactory()
    PlayerFactory(tournament=tournament, registration_number=1, ema_id="04290012")
    with pytest.raises(IntegrityError):
        PlayerFactory(tournament=tournament, registration_number=2, ema_id="04290012")


def test_the_database_refuses_a_country_that_is_not_a_two_letter_code():
    # One letter fits the column (two characters): the check constraint refuses it.
    tournament = TournamentFactory()
    with pytest.raises(IntegrityError):
        Player.objects.create(tournament=tournament, name="Ana", registration_number=1, country="E")


# -- the CSV import ------------------------------------------------------------------------


def test_the_csv_import_takes_ema_numbers_and_countries_by_code_or_name():
    tournament = TournamentFactory()
    csv_text = "name,country,ema_id\nAna,Spain,04290012\nBo,dk,\nCai,,10000001\n"
    report = players_import_csv(tournament=tournament, csv_text=csv_text, dry_run=False)
    assert report.ok, report.errors
    rows = tournament.players.order_by("name").values_list("name", "country", "ema_id")
    assert list(rows) == [("Ana", "ES", "04290012"), ("Bo", "DK", ""), ("Cai", "", "10000001")]


def test_the_csv_import_names_the_line_and_column_of_a_bad_country_or_ema_number():
    tournament = TournamentFactory()
    PlayerFactory(tournament=tournament, registration_number=1, ema_id="04290012")
    csv_text = (
        "name,country,ema_id\n"
        "Ana,Atlantis,\n"
        "Bo,ES,0429001\n"
        "Cai,ES,04290012\n"
        "Dan,ES,10000001\n"
        "Eve,ES,10000001\n"
    )
    report = players_import_csv(tournament=tournament, csv_text=csv_text, dry_run=False)
    assert [error.split(":")[0:2] for error in report.errors] == [
        ["line 2", " country"],
        ["line 3", " ema_id"],
        ["line 4", " ema_id"],
        ["line 6", " ema_id"],
    ]
    assert tournament.players.count() == 1


# -- the API -------------------------------------------------------------------------------


def url(tournament) -> str:
    return f"/api/tournaments/{tournament.slug}/players/"


def test_the_api_registers_and_returns_the_country_code_and_the_ema_number(as_role):
    tournament = TournamentFactory()
    client = as_role(Role.ORGANISER)
    details = {"name": "Ana", "country": "es", "ema_id": "04290012"}
    response = client.post(url(tournament), details, format="json")
    assert response.status_code == 201, response.content
    assert (response.json()["country"], response.json()["ema_id"]) == ("ES", "04290012")
    listed = client.get(url(tournament)).json()["results"][0]
    assert (listed["country"], listed["ema_id"]) == ("ES", "04290012")


@pytest.mark.parametrize(
    ("details", "field"),
    [
        ({"country": "Atlantis"}, "country"),
        ({"country": "XX"}, "country"),
        ({"ema_id": "0429001"}, "ema_id"),
        ({"ema_id": "04290O12"}, "ema_id"),
    ],
)
def test_the_api_refuses_a_bad_country_or_ema_number_naming_the_field(as_role, details, field):
    tournament = TournamentFactory()
    response = as_role(Role.ORGANISER).post(
        url(tournament), {"name": "Ana", **details}, format="json"
    )
    assert_error(response, 400, field=field)
    assert not tournament.players.exists()


def test_the_api_refuses_an_ema_number_already_registered_naming_the_field(as_role):
    tournament = TournamentFactory()
    PlayerFactory(tournament=tournament, registration_number=1, ema_id="04290012")
    response = as_role(Role.ORGANISER).post(
        url(tournament), {"name": "Bo", "ema_id": "04290012"}, format="json"
    )
    assert_error(response, 400, field="ema_id")
    assert tournament.players.count() == 1


# -- the archive ---------------------------------------------------------------------------


def test_an_archive_written_before_the_codes_is_read_with_them(tmp_path):
    tournament = TournamentFactory(slug="before-codes")
    PlayerFactory(tournament=tournament, registration_number=1, country="ES", ema_id="04290012")
    document = export_tournament(tournament)
    document["tournament"]["slug"] = "copy"
    document["players"][0]["country"] = "Spain"
    del document["players"][0]["ema_id"]
    path = tmp_path / "old.json"
    path.write_text(dumps(document), encoding="utf-8")
    call_command("import_tournament", str(path))
    copy = Tournament.objects.get(slug="copy").players.get()
    assert (copy.country.code, copy.ema_id) == ("ES", "")


def test_an_archive_with_an_unknown_country_is_refused_naming_it(tmp_path):
    from django.core.management.base import CommandError

    tournament = TournamentFactory(slug="before-codes")
    PlayerFactory(tournament=tournament, registration_number=1)
    document = export_tournament(tournament)
    document["tournament"]["slug"] = "copy"
    document["players"][0]["country"] = "Atlantis"
    path = tmp_path / "old.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(CommandError, match="players\\[0\\], country: Atlantis"):
        call_command("import_tournament", str(path))
    assert not Tournament.objects.filter(slug="copy").exists()


# -- migration 0016 ------------------------------------------------------------------------

BEFORE = [("tournaments", "0015_archive_restore_job")]
AFTER = [("tournaments", "0017_player_country_iso")]


@pytest.mark.slow  # migrates the test database back and forth
@pytest.mark.django_db(transaction=True)
def test_migration_0016_maps_typed_countries_and_lists_the_ones_it_cannot(capsys):
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    try:
        old = executor.loader.project_state(BEFORE).apps
        tournament = old.get_model("tournaments", "Tournament").objects.create(
            name="Old", slug="old"
        )
        OldPlayer = old.get_model("tournaments", "Player")
        for number, country in enumerate(["Spain", "Chinese Taipei", "Atlantis", ""], 1):
            OldPlayer.objects.create(
                tournament=tournament,
                name=f"P{number}",
                registration_number=number,
                country=country,
            )
        executor = MigrationExecutor(connection)
        executor.migrate(AFTER)
        printed = capsys.readouterr().out
    finally:
        MigrationExecutor(connection).migrate(executor.loader.graph.leaf_nodes())
    players = Player.objects.filter(tournament__slug="old").order_by("registration_number")
    assert [p.country.code for p in players] == ["ES", "TW", "", ""]
    assert "old #3 P3: 'Atlantis'" in printed and "Spain" not in printed
    reason = players[2].history.latest().history_change_reason
    assert "“Atlantis”" in reason


def test_migration_0016_reads_countries_as_the_application_does():
    migration = importlib.import_module(
        "tournaments.migrations.0016_player_ema_id_and_country_codes"
    )
    for typed in ["Spain", "España", "esp", "Korea", "Atlantis", "", "台湾"]:
        assert migration._code(typed) == country_code(typed)
