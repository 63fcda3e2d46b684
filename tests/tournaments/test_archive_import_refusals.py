"""import_tournament refuses a bad file with a message and a non-zero exit, writing nothing."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from reports.models import PrintRecord
from tournaments.archive import dumps, export_tournament
from tournaments.models import (
    CheckIn,
    Hand,
    HandScore,
    Penalty,
    Player,
    Seat,
    Session,
    SessionResult,
    Table,
    TableSession,
    Team,
    Tournament,
)

pytestmark = pytest.mark.django_db
MODELS = [
    Tournament,
    Team,
    Player,
    Table,
    Session,
    CheckIn,
    TableSession,
    Seat,
    Hand,
    HandScore,
    Penalty,
    SessionResult,
    PrintRecord,
    get_user_model(),
]


def counts() -> dict:
    return {model.__name__: model.objects.count() for model in MODELS}


@pytest.fixture
def document(small_played) -> dict:
    """The small tournament's archive under another slug (so that only the change made by
    each test conflicts), with an umpire the database does not have."""
    document = export_tournament(small_played)
    document["tournament"]["slug"] = "small-copy"
    document["score_sheets"][0]["umpire"] = "new-umpire"
    document["users"] = ["new-umpire"]
    return document


def refused(tmp_path, text: str) -> str:
    """Import `text`; assert it is refused (exit 1) without writing anything; the message."""
    path = tmp_path / "archive.json"
    path.write_text(text, encoding="utf-8")
    before = counts()
    with pytest.raises(CommandError) as refusal:
        call_command("import_tournament", str(path))
    assert refusal.value.returncode == 1
    assert counts() == before
    assert not Tournament.objects.filter(slug="small-copy").exists()
    assert not get_user_model().objects.filter(username="new-umpire").exists()
    return str(refusal.value)


def test_the_unchanged_document_imports(tmp_path, document):
    path = tmp_path / "archive.json"
    path.write_text(dumps(document), encoding="utf-8")
    call_command("import_tournament", str(path))
    assert Tournament.objects.filter(slug="small-copy").exists()


def test_it_refuses_malformed_json(tmp_path, document):
    message = refused(tmp_path, dumps(document).replace('"players"', "players", 1))
    assert "not valid JSON" in message and "Nothing was imported" in message


def test_it_refuses_a_truncated_file(tmp_path, document):
    text = dumps(document)
    assert "not valid JSON" in refused(tmp_path, text[: len(text) * 2 // 3])


def test_it_refuses_an_empty_file_and_a_json_list(tmp_path):
    assert "not valid JSON" in refused(tmp_path, "")
    assert "not a tournament archive" in refused(tmp_path, "[]")


def test_it_refuses_another_format(tmp_path, document):
    document["format"] = "something-else"
    assert "not a tournament archive" in refused(tmp_path, dumps(document))


def test_it_refuses_a_wrong_version(tmp_path, document):
    document["version"] = 4
    assert "version 4" in refused(tmp_path, dumps(document))
    document["version"] = True  # not a version, though True == 1
    assert "version True" in refused(tmp_path, dumps(document))


def test_it_refuses_a_slug_that_exists(tmp_path, document):
    document["tournament"]["slug"] = "small-open"
    assert "small-open" in refused(tmp_path, dumps(document))


def test_it_refuses_a_hand_referring_to_a_missing_seat(tmp_path, document):
    sheet = document["score_sheets"][0]
    sheet["seats"] = [seat for seat in sheet["seats"] if seat["position"] != "A"]
    sheet["results"] = []
    message = refused(tmp_path, dumps(document))
    assert "seat A" in message and "hands[0]" in message


def test_it_refuses_a_payment_to_a_missing_seat(tmp_path, document):
    document["score_sheets"][0]["hands"][1]["scores"][0]["position"] = "E"
    assert "scores[0]" in refused(tmp_path, dumps(document))


def test_it_refuses_a_registration_number_twice(tmp_path, document):
    document["players"][1]["registration_number"] = document["players"][0]["registration_number"]
    assert "registration number" in refused(tmp_path, dumps(document))


def test_it_refuses_a_hand_number_twice(tmp_path, document):
    hands = document["score_sheets"][0]["hands"]
    hands[1]["number"] = hands[0]["number"]
    assert "appears twice" in refused(tmp_path, dumps(document))


def test_it_refuses_a_reference_to_a_player_not_in_the_file(tmp_path, document):
    document["score_sheets"][0]["penalties"][0]["player"] = 999
    assert "999" in refused(tmp_path, dumps(document))


def test_it_refuses_a_user_not_in_the_list_of_users(tmp_path, document):
    document["users"] = []
    assert "new-umpire" in refused(tmp_path, dumps(document))


def test_it_refuses_a_value_outside_the_choices(tmp_path, document):
    document["score_sheets"][0]["hands"][0]["outcome"] = "bogus"
    assert "outcome" in refused(tmp_path, dumps(document))


def test_it_refuses_a_value_of_the_wrong_type(tmp_path, document):
    document["score_sheets"][0]["hands"][0]["entered_at"] = "yesterday"
    assert "entered_at" in refused(tmp_path, dumps(document))


def test_it_refuses_a_missing_field(tmp_path, document):
    del document["players"][0]["name"]
    assert "name is missing" in refused(tmp_path, dumps(document))


def test_it_refuses_what_a_model_constraint_forbids(tmp_path, document):
    # A draw with a winner breaks the hand's check constraint: refused by the database, and
    # the rows already written in the transaction are rolled back.
    draw = document["score_sheets"][0]["hands"][2]
    assert draw["outcome"] == "draw"
    draw["winner_position"] = "A"
    assert "hand_winner_iff_win" in refused(tmp_path, dumps(document))


def test_it_refuses_json_nested_deeper_than_any_archive_before_decoding_it(tmp_path, document):
    """Python's decoder would exhaust its recursion on these (RecursionError, a traceback)."""
    deep = "The JSON is nested more than 64 levels deep. Nothing was imported."
    assert refused(tmp_path, "[" * 100_000) == deep
    assert refused(tmp_path, '{"a":' * 100_000) == deep
    # A whole archive with one value nested 65 levels deep is refused, and writes nothing.
    document["tournament"]["venue"] = json.loads("[" * 65 + "]" * 65)
    assert refused(tmp_path, dumps(document)) == deep


def test_it_refuses_a_file_it_cannot_read(tmp_path):
    before = counts()
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_tournament", str(tmp_path / "missing.json"))
    (tmp_path / "latin1.json").write_bytes('{"tournament": "é"}'.encode("latin-1"))
    with pytest.raises(CommandError, match="not UTF-8 text"):
        call_command("import_tournament", str(tmp_path / "latin1.json"))
    assert counts() == before


def test_the_refusal_goes_to_stderr_with_exit_code_1(tmp_path, document, capsys, monkeypatch):
    """As from a shell: the message on stderr, nothing on stdout, exit status 1."""
    from django.core.management import load_command_class
    from django.db import connections

    monkeypatch.setattr(connections, "close_all", lambda: None)  # keep the test's connection
    document["version"] = 99
    path = tmp_path / "archive.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    command = load_command_class("tournaments", "import_tournament")
    with pytest.raises(SystemExit) as exit_:
        command.run_from_argv(["manage.py", "import_tournament", str(path)])
    assert exit_.value.code == 1
    out, err = capsys.readouterr()
    assert out == "" and "version 99" in err and "Nothing was imported" in err


def test_a_sanction_in_force_naming_an_appeal_that_lifted_it_is_refused(tmp_path, document):
    document["sanctions"] = [
        {
            "kind": "warning",
            "reason": "Slow play",
            "decided_at": "2026-05-01T10:00:00+00:00",
            "decided_by": None,
            "player": document["players"][0]["registration_number"],
            "session": None,
            "voided_at": None,
            "void_reason": "",
            "voided_by": None,
            "void_appeal": 1,
            "status_before": "",
        }
    ]
    assert "one in force has neither" in refused(tmp_path, dumps(document))


def test_a_version_2_sanction_is_restored_in_force(tmp_path, document):
    from tournaments.models import Sanction

    document["version"] = 2
    document["sanctions"] = [
        {
            "kind": "warning",
            "reason": "Slow play",
            "decided_at": "2026-05-01T10:00:00+00:00",
            "decided_by": None,
            "player": document["players"][0]["registration_number"],
            "session": None,
        }
    ]
    path = tmp_path / "v2.json"
    path.write_text(dumps(document), encoding="utf-8")
    from django.core.management import call_command

    call_command("import_tournament", str(path))
    (sanction,) = Sanction.objects.all()
    assert not sanction.voided and sanction.status_before == ""
