"""Texts the system writes are stored as codes and put into words when shown or printed (issue
27): a late arrival's nature, the history's notes of an appeal, a check-in's void reason. A form
or a page in one language shows none of the language of whoever acted."""

import datetime
import importlib
from io import BytesIO

import pytest
from django.apps import apps as django_apps
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from reports.data.scoresheet import scoresheet_data
from reports.fingerprint import content_fingerprint
from reports.models import PrintRecord
from reports.printing import PrintRequest, print_form
from reports.verification import verification_check
from tests.api.helpers import client_for
from tests.tournaments.appeal_helpers import file
from tests.tournaments.factories import PLAY_START
from tests.tournaments.signoff_helpers import seat_player
from tournaments.display import penalty_description
from tournaments.models import Penalty
from tournaments.selectors.audit import sheet_audit_trail
from tournaments.selectors.fouls import record_of_fouls
from tournaments.services.appeals import appeal_start_review, appeal_withdraw
from tournaments.services.checkin import checkin_record
from tournaments.services.penalties import penalty_record, penalty_void
from tournaments.system_texts import (
    SYSTEM_TEXTS,
    system_text,
    system_text_from_words,
    system_text_in_words,
    system_text_parse,
    system_text_store,
    system_texts_in_words,
)

pytestmark = pytest.mark.django_db

LATE = {
    "en": "Arrived 12 minutes after the session started (rule 3.11.2).",
    "es": "Llegó 12 minutos después del comienzo de la sesión (regla 3.11.2).",
    "zh-hans": "在本轮开始后12分钟到场（规则3.11.2）。",
}
# A word of each language's sentence that no other language's has.
LATE_MARK = {"en": "Arrived", "es": "Llegó", "zh-hans": "分钟到场"}
REVIEW = {
    "en": "Taken under review by the committee",
    "es": "Admitida a estudio por la comisión",
    "zh-hans": "委员会已受理审查",
}


def flat(text: str) -> str:
    return " ".join(text.split())


def pdf_text(pdf: bytes) -> str:
    return flat(" ".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages))


def printed(kind: str, tournament, language: str, **options) -> str:
    with translation.override(language):
        _name, pdf = print_form(kind=kind, request=PrintRequest(tournament=tournament, **options))
    return pdf_text(pdf)


def only_language(text: str, marks: dict, language: str) -> None:
    assert marks[language] in text
    for other, mark in marks.items():
        if other != language:
            assert mark not in text, (other, mark)


@pytest.fixture
def laid_out(monkeypatch) -> list[dict]:
    """The score sheets' data as the renderer receives them (what the paper prints), kept as
    they are laid out."""
    from reports.forms import scoresheet

    documents = []
    real = scoresheet.render_scoresheets

    def keep(stamped, **kwargs):
        documents.extend(stamped)
        return real(stamped, **kwargs)

    monkeypatch.setattr(scoresheet, "render_scoresheets", keep)
    return documents


@pytest.fixture
def late(sheet, people) -> Penalty:
    """Player B checked in 12 minutes late by an umpire whose pages speak Spanish."""
    with translation.override("es"):
        checkin_record(
            session=sheet.session,
            player=seat_player(sheet, "B"),
            arrived_at=PLAY_START + datetime.timedelta(minutes=12),
            user=people.umpire,
        )
    return Penalty.objects.get(table_session=sheet, kind=Penalty.Kind.LATE_ARRIVAL)


# -- the stored form -------------------------------------------------------------------------


def test_a_late_arrival_recorded_in_spanish_is_stored_as_a_code_in_no_language(late):
    assert late.reason == system_text_store("checkin.late", minutes=12)
    assert all(mark not in late.reason for mark in LATE_MARK.values())


def test_parameters_survive_the_round_trip_with_spaces_unicode_quotes_and_brackets():
    players = 'r3 Ana García, r7 李伟 "Wei" ⟦x⟧ {y} %(z)s\tend'
    stored = system_text_store("lots.drawn_without_oath", players=players)
    assert "\n" not in stored
    assert system_text_parse(stored) == ("lots.drawn_without_oath", {"players": players})
    with translation.override("en"):
        words = system_text(stored)
    assert players in words
    assert system_text_from_words(words) == stored
    assert system_text_parse(
        system_text_store("desk.keyed_twice", first="ä", second="b", a=1, b=2)
    )[1] == {"first": "ä", "second": "b", "a": 1, "b": 2}


def test_a_system_text_refuses_an_unknown_code_or_wrong_parameters():
    with pytest.raises(ValueError):
        system_text_store("no.such.text")
    with pytest.raises(ValueError):
        system_text_store("checkin.late")
    with pytest.raises(ValueError):
        system_text_store("checkin.absent", minutes=3)


def test_every_registered_text_has_its_words_in_each_language_of_the_site():
    for code, entry in SYSTEM_TEXTS.items():
        stored = system_text_store(code, **{name: "1" for name in entry.params})
        for language in ("en", "es", "zh-hans"):
            with translation.override(language):
                words = system_text(stored)
            assert words and not words.startswith("⟦"), (code, language)


def test_a_human_reason_passes_unchanged():
    for typed in ("B arrived 20 min late", "⟦not a code", "", "Correction: wrong seat ⟧"):
        assert system_text(typed) == typed
    assert system_text(None) is None
    assert system_text("⟦a.code.this.version.does.not.know⟧") == (
        "⟦a.code.this.version.does.not.know⟧"
    )


def test_a_voided_penalty_keeps_the_umpires_reason_as_typed(sheet, people):
    penalty = penalty_record(
        table_session=sheet,
        player=seat_player(sheet, "A"),
        kind="warning",
        reason="Slow play",
        user=people.umpire,
    )
    with translation.override("zh-hans"):
        penalty_void(penalty=penalty, reason="Wrong player: it was C", user=people.umpire)
    penalty.refresh_from_db()
    assert (penalty.reason, penalty.void_reason) == ("Slow play", "Wrong player: it was C")
    assert penalty.history.first().history_change_reason == "Wrong player: it was C"


def test_a_system_text_with_a_typed_reason_shows_the_reason_as_typed():
    stored = system_text_store(
        "desk.accepted_alone", clerk="clerk1", id=7, chief="chief", reason="Solo un empleado hoy"
    )
    with translation.override("en"):
        words = system_text(stored)
    assert words == (
        "Keyed at the score desk by clerk1 (desk entry 7), accepted alone by chief: "
        "Solo un empleado hoy"
    )


# -- shown and printed in the reader's language ---------------------------------------------


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_a_late_arrival_recorded_in_spanish_reads_in_the_readers_language(late, language):
    with translation.override(language):
        assert system_text(late.reason) == LATE[language]
        (row,) = record_of_fouls(tournament=late.table_session.session.tournament)
        assert row.nature == LATE[language]
        trail = " ".join(
            str(c) for e in sheet_audit_trail(table_session=late.table_session) for c in e.changes
        )
    only_language(trail, LATE_MARK, language)


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_a_late_arrival_recorded_in_spanish_prints_in_the_forms_language(late, language, laid_out):
    tournament = late.table_session.session.tournament
    sheet = printed("scoresheet", tournament, language, session=1, table=1)
    (document,) = laid_out
    (penalty,) = document["penalties"]
    assert penalty["nature"] == LATE[language]
    assert all(mark not in sheet for other, mark in LATE_MARK.items() if other != language)
    fouls = printed("fouls", tournament, language)
    only_language(fouls, LATE_MARK, language)


def test_a_late_arrival_in_the_api_speaks_the_language_asked_for(late, people):
    client = client_for(people.chief)
    url = f"/api/score-sheets/{late.table_session_id}/"
    for language in ("zh-hans", "en"):
        body = client.get(url, HTTP_ACCEPT_LANGUAGE=language).json()
        (penalty,) = [p for p in body["penalties"] if p["kind"] == "late"]
        assert penalty["reason"] == LATE[language]


def test_a_late_arrival_on_the_players_page_speaks_his_language(client, late, people):
    client.force_login(people.player_user)
    url = reverse("player-sheet", args=[late.table_session_id])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert LATE["zh-hans"] in page
    assert LATE["es"] not in page and "⟦" not in page


def test_a_check_in_changed_voids_the_old_penalty_with_a_reason_in_the_readers_words(late, people):
    sheet = late.table_session
    with translation.override("es"):
        checkin_record(
            session=sheet.session,
            player=seat_player(sheet, "B"),
            arrived_at=PLAY_START + datetime.timedelta(minutes=3),
            user=people.umpire,
        )
    late.refresh_from_db()
    assert late.void_reason == system_text_store("checkin.time_changed")
    with translation.override("zh-hans"):
        assert "签到时间已更改" in penalty_description(late)
    with translation.override("en"):
        assert "Check-in time changed" in penalty_description(late)


def test_a_score_sheet_printed_in_spanish_verifies_in_english(late, laid_out):
    tournament = late.table_session.session.tournament
    printed("scoresheet", tournament, "es", session=1, table=1)
    assert laid_out[0]["penalties"][0]["nature"] == LATE["es"]
    (record,) = late.table_session.print_records.all()
    with translation.override("en"):
        assert verification_check(fingerprint=record.fingerprint).matches


def test_a_score_sheet_printed_before_issue_27_with_words_still_verifies(late, people):
    """Printed when the record kept the words (here Spanish): the codes now in the record
    give those words again, nothing else changed."""
    sheet = late.table_session
    with translation.override("es"):
        old_paper = system_texts_in_words(scoresheet_data(table_session=sheet))
    assert LATE["es"] in str(old_paper)
    record = PrintRecord.objects.create(
        fingerprint=content_fingerprint(old_paper),
        kind=PrintRecord.Kind.SCORESHEET,
        tournament=sheet.session.tournament,
        table_session=sheet,
    )
    with translation.override("zh-hans"):
        assert verification_check(fingerprint=record.fingerprint).matches
    penalty_record(  # the record changed since
        table_session=sheet,
        player=seat_player(sheet, "A"),
        kind="deduction",
        amount=10,
        reason="Slow play",
        user=people.umpire,
    )
    with translation.override("es"):
        assert not verification_check(fingerprint=record.fingerprint).matches


@pytest.fixture
def reviewed(appeal_session, appeal_players, committee_user):
    """Player A's appeal filed, then taken under review by a committee whose pages speak
    Spanish."""
    appeal = file(appeal_session, appeal_players["A"], user=appeal_players["A"].user)
    with translation.override("es"):
        return appeal_start_review(appeal=appeal, user=committee_user)


def test_an_appeal_history_note_written_in_spanish_is_stored_as_a_code(reviewed):
    notes = [r.history_change_reason for r in reviewed.history.order_by("history_date")]
    assert notes == [
        system_text_store("appeal.filed_by_player"),
        system_text_store("appeal.under_review"),
    ]


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_an_appeal_history_note_reads_in_the_apis_language(reviewed, committee_user, language):
    url = f"/api/score-sheets/{reviewed.table_session_id}/history/"
    body = client_for(committee_user).get(url, HTTP_ACCEPT_LANGUAGE=language).json()
    reasons = " ".join(entry["reason"] for entry in body["results"])
    only_language(reasons, REVIEW, language)


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_an_appeal_history_note_prints_in_the_records_language(reviewed, language):
    text = printed("appeal", reviewed.session.tournament, language, appeal=reviewed.pk)
    only_language(text, REVIEW, language)


def test_the_admins_history_of_an_appeal_reads_in_the_readers_language(
    client, reviewed, committee_user
):
    appeal_withdraw(appeal=reviewed, user=reviewed.player.user)
    client.force_login(committee_user)
    url = reverse("admin:tournaments_appeal_history", args=[reviewed.pk])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert REVIEW["zh-hans"] in page and "已撤回：没收费用" in page
    assert REVIEW["es"] not in page and "⟦" not in page


def test_the_admins_page_of_a_penalty_reads_in_the_readers_language(client, late, people):
    client.force_login(people.chief)
    url = reverse("admin:tournaments_penalty_change", args=[late.pk])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert LATE["zh-hans"] in page and "⟦" not in page
    listing = client.get(reverse("admin:tournaments_penalty_changelist"), HTTP_ACCEPT_LANGUAGE="en")
    assert LATE["en"] in listing.content.decode()


def test_the_admins_history_of_a_voided_late_arrival_reads_in_the_readers_language(
    client, late, people
):
    with translation.override("es"):  # the umpire corrects the arrival: 3 minutes late
        checkin_record(
            session=late.table_session.session,
            player=late.player,
            arrived_at=PLAY_START + datetime.timedelta(minutes=3),
            user=people.umpire,
        )
    client.force_login(people.chief)
    url = reverse("admin:tournaments_penalty_history", args=[late.pk])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "签到时间已更改" in page  # "Check-in time changed", the void's reason
    assert "Hora de llegada" not in page and "⟦" not in page


# -- the data migration 0012 -----------------------------------------------------------------


def test_old_words_in_any_language_of_the_site_become_the_code_with_their_parameters():
    stored = system_text_store("checkin.late", minutes=12)
    for words in LATE.values():
        assert system_text_from_words(words) == stored
    assert system_text_from_words("Filed by the player") == system_text_store(
        "appeal.filed_by_player"
    )
    assert system_text_from_words(
        "Keyed at the score desk by clerk1 and clerk2 (desk entries 4, 5)."
    ) == system_text_store("desk.keyed_twice", first="clerk1", second="clerk2", a=4, b=5)
    for typed in ("B arrived 20 min late", "Filed by the player, twice", stored, "", None):
        assert system_text_from_words(typed) is None


def test_the_migration_converts_an_old_english_row_and_back(late, sheet):
    migration = importlib.import_module("tournaments.migrations.0012_system_texts_as_codes")
    Penalty.objects.filter(pk=late.pk).update(reason=LATE["en"])
    late.history.filter(history_type="+").update(
        history_change_reason="Check-in time changed", reason=LATE["en"]
    )
    migration.to_codes(django_apps, None)
    late.refresh_from_db()
    record = late.history.get(history_type="+")
    code = system_text_store("checkin.late", minutes=12)
    assert (late.reason, record.reason) == (code, code)
    assert record.history_change_reason == system_text_store("checkin.time_changed")
    migration.to_english(django_apps, None)
    late.refresh_from_db()
    assert late.reason == LATE["en"]
    assert late.history.get(history_type="+").history_change_reason == "Check-in time changed"
    assert system_text_in_words(code, "zh-hans") == LATE["zh-hans"]
