"""manage.py export_tournament (to stdout or a file) and import_tournament (its report)."""

import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from tournaments.archive import dumps, export_tournament
from tournaments.demo.removal import demo_delete
from tournaments.models import Hand, Tournament

pytestmark = pytest.mark.django_db


def export_text(slug: str) -> str:
    out = io.StringIO()
    call_command("export_tournament", slug, stdout=out)
    return out.getvalue()


def test_export_writes_the_canonical_document_to_stdout(small_played):
    text = export_text("small-open")
    assert text == dumps(export_tournament(small_played)) + "\n"
    document = json.loads(text)
    assert document["format"] == "mcr-tournament" and document["version"] == 3
    assert "王伟" in text  # not escaped (ensure_ascii off)
    assert text.startswith('{\n  "appeals"')  # sorted keys, indent 2
    assert text == export_text("small-open")


def test_export_writes_to_a_file_with_output(small_played, tmp_path):
    path = tmp_path / "small.json"
    call_command("export_tournament", "small-open", "--output", str(path), stdout=io.StringIO())
    assert path.read_text(encoding="utf-8") == export_text("small-open")


def test_export_refuses_an_unknown_slug(db):
    with pytest.raises(CommandError, match="No tournament with the slug nowhere"):
        call_command("export_tournament", "nowhere")


def test_import_restores_the_tournament_and_reports_what_it_created(small_played, tmp_path):
    umpire = get_user_model().objects.create_user("ump-cmd")
    sheet = Hand.objects.first().table_session
    sheet.umpire = umpire
    sheet.save()
    path = tmp_path / "small.json"
    path.write_text(export_text("small-open"), encoding="utf-8")
    demo_delete(small_played)
    umpire.delete()
    out = io.StringIO()
    call_command("import_tournament", str(path), stdout=out)
    report = out.getvalue()
    assert "Imported small-open" in report and "3 hands" in report and "4 players" in report
    assert "inactive, without a password: ump-cmd" in report
    assert Tournament.objects.filter(slug="small-open").exists()
    assert export_text("small-open") == path.read_text(encoding="utf-8")


def test_import_reads_standard_input_with_a_dash(small_played, monkeypatch):
    text = export_text("small-open")
    demo_delete(small_played)
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode("utf-8"))))
    call_command("import_tournament", "-", stdout=io.StringIO())
    assert export_text("small-open") == text


def test_the_help_says_what_is_not_exported_and_how_users_are_created():
    from django.core.management import load_command_class

    export_help = load_command_class("tournaments", "export_tournament").help
    import_help = load_command_class("tournaments", "import_tournament").help
    assert "history" in export_help and "history" in import_help
    assert "INACTIVE" in import_help and "without a" in import_help
