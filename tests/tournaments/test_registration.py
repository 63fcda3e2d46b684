import pytest

from tournaments.errors import TournamentError
from tournaments.models import Player, Tournament
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


# -- issue 26: values a spreadsheet would run as formulas ------------------------------------

FORMULA_CSV = (
    "name,native_name,country,club,team\n"
    "=1+2,,Spain,Madrid,\n"
    "Ana García,,Spain,Madrid,\n"
    "-Bob,@x,Chile,+Club,=Team\n"
)


def formula_warning(line: int, cells: str, many: bool = False) -> str:
    if many:
        return (
            f"line {line}: {cells} start with =, +, - or @, so a spreadsheet could run them as "
            "formulas. They are imported as typed (the CSV exports write them as text)."
        )
    return (
        f"line {line}: {cells} starts with =, +, - or @, so a spreadsheet could run it as a "
        "formula. It is imported as typed (the CSV exports write it as text)."
    )


def test_the_import_check_warns_about_each_row_a_spreadsheet_would_run_as_a_formula(tournament):
    team_create(tournament=tournament, name="=Team")
    report = players_import_csv(tournament=tournament, csv_text=FORMULA_CSV, dry_run=True)
    assert report.ok and report.rows == 3
    assert report.warnings == [
        formula_warning(2, "name “=1+2”"),
        formula_warning(4, "name “-Bob”, native_name “@x”, club “+Club”, team “=Team”", many=True),
    ]


def test_names_like_formulas_are_imported_as_typed_with_the_warnings(tournament):
    team_create(tournament=tournament, name="=Team")
    report = players_import_csv(tournament=tournament, csv_text=FORMULA_CSV, dry_run=False)
    assert report.ok and report.created == 3 and len(report.warnings) == 2
    bob = tournament.players.get(name="-Bob")
    assert (bob.native_name, bob.club, bob.team.name) == ("@x", "+Club", "=Team")
    assert tournament.players.filter(name="=1+2").exists()


def test_a_file_with_bad_rows_lists_the_formula_warnings_too(tournament):
    csv_text = "name,country\n=1+2,Spain\n,Spain\n"
    report = players_import_csv(tournament=tournament, csv_text=csv_text, dry_run=False)
    assert report.errors == ["line 3: the name is missing."]
    assert report.warnings == [formula_warning(2, "name “=1+2”")]
    assert tournament.players.count() == 0


# -- issue 12, bug 12: what a CSV file may hold -------------------------------------------


def test_a_csv_with_carriage_return_line_endings_imports(tournament):
    csv_text = "name,country\rAna García,Spain\rLi Ming,China\r"
    report = players_import_csv(tournament=tournament, csv_text=csv_text, dry_run=False)
    assert report.ok, report.errors
    assert sorted(tournament.players.values_list("name", "country")) == [
        ("Ana García", "ES"),
        ("Li Ming", "CN"),
    ]


def test_a_csv_with_windows_line_endings_imports_and_counts_lines(tournament):
    csv_text = "name,country\r\nAna,Spain\r\n,Spain\r\n"
    report = players_import_csv(tournament=tournament, csv_text=csv_text, dry_run=True)
    assert report.errors == ["line 3: the name is missing."]


def test_a_field_over_the_csv_limit_is_refused_with_its_line(tournament):
    huge = "x" * (128 * 1024 + 1)
    csv_text = f"name,club\nAna,Madrid\nLi,{huge}\n"
    report = players_import_csv(tournament=tournament, csv_text=csv_text, dry_run=False)
    assert len(report.errors) == 1
    assert report.errors[0].startswith("line 3: the file cannot be read as CSV")
    assert tournament.players.count() == 0


@pytest.mark.parametrize(
    ("column", "limit"), [("name", 120), ("native_name", 120), ("club", 120)]
)
def test_the_import_refuses_a_value_longer_than_its_column(tournament, column, limit):
    fits, too_long = "a" * limit, "b" * (limit + 1)
    if column == "name":
        csv_text = f"name\n{fits}\n{too_long}\n"
    else:
        csv_text = f"name,{column}\nAna,{fits}\nLi,{too_long}\n"
    report = players_import_csv(tournament=tournament, csv_text=csv_text, dry_run=False)
    assert len(report.errors) == 1
    assert report.errors[0].startswith("line 3: ")
    assert f"longer than {limit} characters ({limit + 1})" in report.errors[0]
    assert tournament.players.count() == 0


def test_the_import_refuses_a_file_with_a_nul_byte_and_names_its_line(tournament):
    csv_text = "name,country\r\nAna,Spain\r\nLi\x00,China\r\n"
    report = players_import_csv(tournament=tournament, csv_text=csv_text, dry_run=False)
    assert len(report.errors) == 1
    assert report.errors[0].startswith("line 3: the file contains a NUL character")
    assert tournament.players.count() == 0


def test_the_import_refuses_a_row_with_more_values_than_columns(tournament):
    csv_text = "name,country\nAna,Spain,Madrid\nLi,China,\n"
    report = players_import_csv(tournament=tournament, csv_text=csv_text, dry_run=False)
    assert report.errors == ["line 2: more values than the header has columns."]
    assert tournament.players.count() == 0


def test_a_real_import_numbers_players_under_the_tournament_lock(tournament, monkeypatch):
    from django.db.models.query import QuerySet

    locked = []
    original = QuerySet.select_for_update

    def recording(self, *args, **kwargs):
        locked.append(self.model)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(QuerySet, "select_for_update", recording)
    players_import_csv(tournament=tournament, csv_text="name\nAna\n", dry_run=False)
    assert Tournament in locked
    assert tournament.players.get().registration_number == 1


def test_player_create_refuses_too_long_and_nul_texts(tournament):
    with pytest.raises(TournamentError, match="longer than 120 characters"):
        player_create(tournament=tournament, name="n" * 121)
    with pytest.raises(TournamentError, match="not a country of ISO 3166-1"):
        player_create(tournament=tournament, name="Ana", country="c" * 81)
    with pytest.raises(TournamentError, match="NUL character"):
        player_create(tournament=tournament, name="Ana", club="Mad\x00rid")
    assert tournament.players.count() == 0
    assert player_create(tournament=tournament, name="n" * 120).name == "n" * 120


def test_team_create_refuses_too_long_and_nul_names(tournament):
    with pytest.raises(TournamentError, match="longer than 120 characters"):
        team_create(tournament=tournament, name="t" * 121)
    with pytest.raises(TournamentError, match="NUL character"):
        team_create(tournament=tournament, name="Spain\x00")
    with pytest.raises(TournamentError, match="longer than 120 characters"):
        team_create(tournament=tournament, name="Spain", country="c" * 121)
    assert tournament.teams.count() == 0


# -- the admin's upload form --------------------------------------------------------------


def _upload(content: bytes):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("players.csv", content, content_type="text/csv")


def test_the_upload_form_refuses_a_file_that_is_not_utf8():
    from tournaments.admin.forms import CsvImportForm

    form = CsvImportForm({}, {"csv_file": _upload("name\nJosé\n".encode("latin-1"))})
    assert not form.is_valid()
    assert "not UTF-8 text (byte 9 cannot be read)" in form.non_field_errors()[0]


def test_the_upload_form_reads_utf8_with_a_byte_order_mark():
    from tournaments.admin.forms import CsvImportForm

    form = CsvImportForm({}, {"csv_file": _upload("\ufeffname\nJosé\n".encode())})
    assert form.is_valid()
    assert form.cleaned_data["text"] == "name\nJosé\n"


def _import_url(tournament):
    from django.urls import reverse

    return reverse("admin:tournaments_tournament_import_players", args=[tournament.pk])


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("name\nJosé\n".encode("latin-1"), "is not UTF-8 text"),
        (b"name\nAna\x00\n", "NUL character"),
        (b"name\rAna\r" + b"x" * (128 * 1024 + 1) + b"\r", "cannot be read as CSV"),
        (b"name\n" + b"n" * 121 + b"\n", "longer than 120 characters"),
    ],
)
def test_the_import_page_shows_bad_files_as_messages_not_errors(
    admin_client, tournament, content, message
):
    response = admin_client.post(
        _import_url(tournament), {"csv_file": _upload(content), "import": "1"}
    )
    assert response.status_code == 200
    assert message in response.content.decode()
    assert tournament.players.count() == 0
