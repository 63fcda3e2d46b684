import pytest

from tournaments.errors import TournamentError
from tournaments.models import Player
from tournaments.services.registration import (
    player_create,
    player_register_substitute,
    player_withdraw,
    players_import_csv,
    team_create,
)


def test_players_get_consecutive_registration_numbers(tournament):
    first = player_create(tournament=tournament, name="Ana García")
    second = player_create(tournament=tournament, name="王明", native_name="王明")
    assert (first.registration_number, second.registration_number) == (1, 2)


def test_it_refuses_a_player_without_a_name(tournament):
    with pytest.raises(TournamentError, match="needs a name"):
        player_create(tournament=tournament, name="   ")
    assert tournament.players.count() == 0


def test_it_refuses_a_duplicate_team_name(tournament):
    team_create(tournament=tournament, name="Spain 1")
    with pytest.raises(TournamentError, match="already a team named"):
        team_create(tournament=tournament, name="spain 1")


def test_a_withdrawn_player_cannot_withdraw_twice(tournament):
    player = player_create(tournament=tournament, name="Ana")
    player_withdraw(player=player)
    assert Player.objects.get(pk=player.pk).status == Player.Status.WITHDRAWN
    with pytest.raises(TournamentError, match="already withdrawn"):
        player_withdraw(player=player)


def test_a_substitute_is_registered_as_such(tournament):
    substitute = player_register_substitute(tournament=tournament, name="Sub One")
    assert substitute.status == Player.Status.SUBSTITUTE


GOOD_CSV = (
    "name,native_name,country,club,team\nAna García,,Spain,Madrid,Spain 1\n李明,李明,China,,\n"
)


def test_a_valid_csv_imports_every_row(tournament):
    team_create(tournament=tournament, name="Spain 1")
    report = players_import_csv(tournament=tournament, csv_text=GOOD_CSV, dry_run=False)
    assert report.ok and report.created == 2
    ana = tournament.players.get(name="Ana García")
    assert ana.team.name == "Spain 1" and ana.club == "Madrid"


def test_a_dry_run_checks_but_writes_nothing(tournament):
    team_create(tournament=tournament, name="Spain 1")
    report = players_import_csv(tournament=tournament, csv_text=GOOD_CSV, dry_run=True)
    assert report.ok and report.rows == 2 and report.created == 0
    assert tournament.players.count() == 0


def test_the_import_reports_every_bad_row_and_writes_nothing(tournament):
    player_create(tournament=tournament, name="Existing Player", country="France")
    csv_text = (
        "name,country,team\n"
        "Good Row,Spain,\n"
        ",Spain,\n"
        "Lena Bauer,Germany,Nowhere Team\n"
        "Twice,Italy,\n"
        "Twice,Italy,\n"
        "Existing Player,France,\n"
    )
    report = players_import_csv(tournament=tournament, csv_text=csv_text, dry_run=False)
    assert not report.ok
    assert report.errors == [
        "line 3: the name is missing.",
        "line 4: unknown team Nowhere Team.",
        "line 6: Twice appears twice in the file.",
        "line 7: Existing Player is already registered.",
    ]
    assert tournament.players.count() == 1


def test_the_import_refuses_unknown_columns(tournament):
    report = players_import_csv(
        tournament=tournament, csv_text="name,rating\nAna,3\n", dry_run=True
    )
    assert report.errors and "Unknown column(s) rating" in report.errors[0]


def test_the_import_refuses_a_file_without_a_header(tournament):
    report = players_import_csv(tournament=tournament, csv_text="Ana,Spain\n", dry_run=True)
    assert "header" in report.errors[0]
