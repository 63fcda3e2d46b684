"""`manage.py print_form KIND SLUG [--session N] [--table T] [--appeal ID] -o FILE`: a
contract for scripts. Bad arguments exit non-zero with a message and write nothing."""

import subprocess
import sys
import zipfile
from io import BytesIO, StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from pypdf import PdfReader

from tests.shared_rows import built_once
from tournaments.models import Appeal, Tournament

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.django_db


def build_demo() -> str:
    out = StringIO()
    call_command(
        "demo", "--players", "16", "--sessions", "6", "--seed", "5", "--time-limit", "1", stdout=out
    )
    return out.getvalue().strip().splitlines()[-1]


@pytest.fixture(scope="module")
def demo_slug(django_db_setup, django_db_blocker):
    """One demo of 16 players for the module: the tests print from it, and what printing
    records is undone after each (tests/shared_rows.py)."""
    yield from built_once(django_db_blocker, build_demo)


@pytest.fixture
def demo(demo_slug, db):
    return Tournament.objects.get(slug=demo_slug)


def pdf_text(path: Path) -> str:
    return "".join(page.extract_text() for page in PdfReader(path).pages)


def refused(*args: str, match: str, tmp_path: Path) -> None:
    output = tmp_path / "out.pdf"
    with pytest.raises(CommandError, match=match):
        call_command("print_form", *args, "-o", str(output))
    assert not output.exists()


def test_an_unknown_form_exits_non_zero_with_the_list_of_forms(tmp_path):
    result = subprocess.run(
        [sys.executable, "manage.py", "print_form", "menu", "any", "-o", str(tmp_path / "x")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    assert "invalid choice: 'menu'" in result.stderr and "scoresheet" in result.stderr


def test_an_unknown_tournament_is_refused(tmp_path, db):
    refused("standings", "no-such-slug", match="No tournament with the slug", tmp_path=tmp_path)


def test_score_sheets_need_a_session(table_session, tmp_path):
    demo = table_session.session.tournament
    refused("scoresheet", demo.slug, match="Say which session", tmp_path=tmp_path)


def test_a_session_the_tournament_does_not_have_is_refused(table_session, tmp_path):
    demo = table_session.session.tournament
    refused("scoresheet", demo.slug, "--session", "9", match="has no session 9", tmp_path=tmp_path)


def test_a_table_the_session_does_not_have_is_refused(table_session, tmp_path):
    demo = table_session.session.tournament
    refused(
        "scoresheet",
        demo.slug,
        "--session",
        "1",
        "--table",
        "99",
        match="has no table 99",
        tmp_path=tmp_path,
    )


def test_a_table_without_its_session_is_refused(table_session, tmp_path):
    demo = table_session.session.tournament
    refused("seatcards", demo.slug, "--table", "1", match="Say which session", tmp_path=tmp_path)


def test_an_appeal_record_needs_the_appeal(table_session, tmp_path):
    demo = table_session.session.tournament
    refused("appeal", demo.slug, match="Say which appeal", tmp_path=tmp_path)
    refused("appeal", demo.slug, "--appeal", "999999", match="has no appeal", tmp_path=tmp_path)


def test_an_output_in_a_missing_directory_is_refused(table_session, tmp_path):
    demo = table_session.session.tournament
    with pytest.raises(CommandError, match="No such directory"):
        call_command("print_form", "chart", demo.slug, "-o", str(tmp_path / "no" / "x.pdf"))


@pytest.mark.slow  # prints from a whole demo tournament
def test_the_score_sheets_of_a_session_print_one_per_table(demo, tmp_path):
    output = tmp_path / "sheets.pdf"
    call_command("print_form", "scoresheet", demo.slug, "--session", "2", "-o", str(output))
    reader = PdfReader(output)
    tables = demo.sessions.get(number=2).table_sessions.count()
    assert len(reader.pages) >= tables
    text = pdf_text(output)
    for number in range(1, tables + 1):
        assert f"Table {number}" in text


@pytest.mark.slow  # prints from a whole demo tournament
def test_every_form_of_the_demo_prints_with_its_players_names(demo, tmp_path):
    players = list(demo.players.filter(status="active"))
    for kind in ("fouls", "standings", "chart", "schedule", "seatcards", "oath", "certificates"):
        output = tmp_path / f"{kind}.pdf"
        call_command("print_form", kind, demo.slug, "-o", str(output))
        assert output.read_bytes().startswith(b"%PDF"), kind
        text = pdf_text(output)
        assert demo.name in text, kind
        if kind in {"standings", "schedule", "oath"}:
            missing = [p.name for p in players if p.name not in text]
            assert not missing, (kind, missing)


@pytest.mark.slow  # prints from a whole demo tournament
def test_an_appeal_record_prints(demo, tmp_path):
    appeal = Appeal.objects.filter(session__tournament=demo).first()
    assert appeal is not None, "the demo files an appeal"
    output = tmp_path / "appeal.pdf"
    call_command("print_form", "appeal", demo.slug, "--appeal", str(appeal.pk), "-o", str(output))
    assert appeal.player.name in pdf_text(output)


@pytest.mark.slow  # prints from a whole demo tournament
def test_all_forms_of_the_tournament_go_into_one_zip(demo, tmp_path):
    output = tmp_path / "all.zip"
    call_command("print_form", "all", demo.slug, "-o", str(output))
    with zipfile.ZipFile(output) as archive:
        names = archive.namelist()
        for name in names:
            assert archive.read(name).startswith(b"%PDF"), name
            PdfReader(BytesIO(archive.read(name)))
    expected = {
        f"{demo.slug}-{kind}.pdf"
        for kind in ("chart", "schedule", "seatcards", "oath", "fouls", "standings", "certificates")
    }
    expected |= {f"{demo.slug}-scoresheet-s{n}.pdf" for n in range(1, 7)}
    assert expected <= set(names)


def test_an_output_that_is_a_directory_is_refused_before_any_work(table_session, tmp_path):
    from reports.models import PrintRecord

    tournament = table_session.session.tournament
    with pytest.raises(CommandError, match="is a directory"):
        call_command(
            "print_form", "scoresheet", tournament.slug, "--session", "1", "-o", str(tmp_path)
        )
    assert not PrintRecord.objects.exists()  # nothing printed, nothing recorded


def test_the_printed_file_is_readable_like_any_new_file(table_session, tmp_path):
    output = tmp_path / "sheet.pdf"
    tournament = table_session.session.tournament
    call_command("print_form", "scoresheet", tournament.slug, "--session", "1", "-o", str(output))
    assert output.stat().st_mode & 0o044  # not mkstemp's owner-only 0600


def test_the_oath_of_a_tournament_without_players_is_refused(tmp_path, db):
    from tests.tournaments.factories import TournamentFactory

    tournament = TournamentFactory()
    refused("oath", tournament.slug, match="No player is registered yet", tmp_path=tmp_path)


def test_the_zip_of_a_tournament_without_players_says_what_it_could_not_print(tmp_path, db):
    from tests.tournaments.factories import TournamentFactory

    tournament = TournamentFactory()
    output = tmp_path / "all.zip"
    call_command("print_form", "all", tournament.slug, "-o", str(output))
    with zipfile.ZipFile(output) as archive:
        assert "No player is registered yet" in archive.read("not-printed.txt").decode()
