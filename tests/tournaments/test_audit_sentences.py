"""The audit trail reads as sentences in the reader's language (issue 29): "Hand 3 replaced by
chief: Draw (wall exhausted) → self-drawn win by C, 24 points; reason: …", never a field's
internal name, a choice's code or a dictionary; one line per event, its details folded."""

import re

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.text import capfirst

from tests.tournaments.audit_helpers import REPLACED, VOIDED, director_day
from tournaments.models import Hand, Penalty, SessionResult
from tournaments.selectors import audit_sentences
from tournaments.selectors.audit_sentences import (
    change_in_words,
    field_label,
    sheet_audit_lines,
    sheet_correction_lines,
    value_in_words,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def day(sheet, people):
    return director_day(sheet, people.umpire, people.chief)


def sentences(day) -> list[str]:
    return [line.sentence for line in sheet_audit_lines(table_session=day.sheet)]


def line_of(day, sentence: str):
    found = [
        line for line in sheet_audit_lines(table_session=day.sheet) if line.sentence == sentence
    ]
    assert found, sentences(day)
    return found[0]


# -- each kind of event as a sentence -----------------------------------------------------------


def test_a_hand_entered_reads_as_recorded_by_the_umpire_with_what_it_was(day):
    assert "Hand 1 recorded by umpire: win by B on C's discard, 9 points" in sentences(day)
    assert "Hand 3 recorded by umpire: Draw (wall exhausted)" in sentences(day)


def test_a_replaced_hand_reads_before_and_after_and_the_reason(day):
    replaced = (
        "Hand 3 replaced by chief: Draw (wall exhausted) → self-drawn win by C, 24 points; "
        f"reason: {REPLACED}"
    )
    assert replaced in sentences(day)
    corrections = sheet_correction_lines(table_session=day.sheet)
    assert replaced in [line.sentence for line in corrections]
    details = next(line.details for line in corrections if line.sentence == replaced)
    assert "Kind: Hand replaced" in details
    assert "Before: Draw (wall exhausted); payments A 0, B 0, C 0, D 0" in details
    assert any(d.startswith("After: self-drawn win by C, 24 points; payments A -") for d in details)


def test_a_penalty_reads_to_whom_by_whom_and_what_it_costs(day):
    assert (
        "Penalty to Player B recorded by umpire: Points deducted (to nobody): 10 points"
        in sentences(day)
    )


def test_a_voided_penalty_reads_who_voided_it_and_why(day):
    voided = f"Penalty to Player D voided by chief; reason: {VOIDED}"
    assert voided in sentences(day)
    corrections = [line.sentence for line in sheet_correction_lines(table_session=day.sheet)]
    assert corrections[0] == voided  # newest first
    assert corrections[1].startswith("Hand 3 replaced by chief")


def test_the_sheet_closing_signing_and_its_umpire_read_as_sentences(day):
    said = sentences(day)
    assert "Score sheet complete (16 hands played), by umpire" in said
    assert "Score sheet signed by umpire" in said  # its reason ("Signed by …") not said twice
    assert "Umpire of the score sheet changed by system: — → umpire" in said
    assert "Player A confirmed the score sheet, recorded by umpire" in said


def test_the_seats_read_who_sits_where(day):
    assert "Player C seated at C by system" in sentences(day)


def test_recomputed_results_are_folded_into_the_event_that_caused_them(day):
    lines = sheet_audit_lines(table_session=day.sheet)
    assert not [line for line in lines if line.sentence.startswith("Result of")]
    first = line_of(day, "Hand 1 recorded by umpire: win by B on C's discard, 9 points")
    assert "Result of Player B: Position: B; Score: 33; Rank: 1; Table points: 4; " in (
        "\n".join(first.details)
    )
    assert "Winner: B" in first.details and "Discarder: C" in first.details


def test_one_line_per_event_fits_a_sixteen_hand_sheet(day):
    lines = sheet_audit_lines(table_session=day.sheet)
    recorded = SessionResult.history.filter(table_session=day.sheet).count()
    assert recorded > 30  # every hand recomputed the results ...
    assert len(lines) < 45  # ... and none of them is a line of its own


def test_the_trail_is_newest_first(day):
    lines = sheet_audit_lines(table_session=day.sheet)
    assert [line.when for line in lines] == sorted((line.when for line in lines), reverse=True)
    assert lines[0].sentence.startswith("Penalty to Player D voided by chief")


# -- values and fields in words -------------------------------------------------------------


def test_a_field_reads_by_its_verbose_name_and_its_value_by_its_label():
    assert change_in_words(Hand, "winner_position", "A", "C") == "Winner: A → C"
    assert change_in_words(Hand, "outcome", "draw", "win") == (
        "Outcome: Draw (wall exhausted) → Win"
    )
    assert change_in_words(Penalty, "voided_by", None, "chief") == "Voided by: — → chief"
    assert value_in_words(Penalty, "deltas", {"B": -10, "A": 0}) == "A 0, B -10"
    assert value_in_words(Penalty, "kind", "deduction") == "Points deducted (to nobody)"
    assert value_in_words(SessionResult, "table_points_12", 30) == "2.5"
    assert value_in_words(SessionResult, "forfeited", False) == "no"
    fans = [{"id": 79, "name": "Single Wait", "points": 1, "count": 1}]
    assert value_in_words(Hand, "fans", fans) == "Single Wait 1"


def test_a_hand_in_the_shared_format_reads_as_its_tiles():
    tiles = {"melds": [{"type": "chow", "tiles": "123m"}], "concealed": "456p", "win_tile": "4p"}
    assert value_in_words(Hand, "tiles", tiles) == "123m 456p (winning tile 4p)"


# -- the pages --------------------------------------------------------------------------------


def audit_page(client, sheet) -> str:
    response = client.get(reverse("admin:tournaments_tablesession_audit", args=[sheet.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_the_history_page_shows_sentences_and_no_dict_nor_field_name(client, day, people):
    client.force_login(people.chief)
    page = audit_page(client, day.sheet)
    for raw in ("{", "_position", "winner_position", "void_reason", "table_points_12", "deltas"):
        assert raw not in page, raw
    assert f"Penalty to Player D voided by chief; reason: {VOIDED}" in page
    assert "Hand 3 replaced by chief: Draw (wall exhausted) → self-drawn win by C" in page


def test_the_history_page_shows_one_line_per_event_with_its_details_folded(client, day, people):
    client.force_login(people.chief)
    page = audit_page(client, day.sheet)
    trail = page[page.index('id="audit-table"') :]
    lines = len(re.findall(r'<tr class="audit-line">', trail))
    assert lines == len(sheet_audit_lines(table_session=day.sheet))
    assert 0 < len(re.findall(r"<details>", trail)) <= lines
    assert "<details open" not in page


def test_the_score_sheet_lists_its_corrections_as_sentences(client, day, people):
    client.force_login(people.chief)
    response = client.get(reverse("admin:tournaments_tablesession_change", args=[day.sheet.pk]))
    page = response.content.decode()
    section = page[page.index('id="corrections-made"') :]
    assert f"Penalty to Player D voided by chief; reason: {VOIDED}" in section


def test_a_correction_s_own_admin_page_says_it_in_words_not_its_stored_dicts(client, day, people):
    from tournaments.models import Correction

    client.force_login(people.chief)
    correction = Correction.objects.get(table_session=day.sheet, kind=Correction.Kind.HAND)
    response = client.get(reverse("admin:tournaments_correction_change", args=[correction.pk]))
    assert response.status_code == 200
    page = response.content.decode()
    body = page[page.index('id="content"') :]
    assert "Hand 3 replaced by chief: Draw (wall exhausted) → self-drawn win by C" in body
    for raw in ("{", "winner_position", "discarder_position", "&quot;outcome&quot;"):
        assert raw not in body, raw


def test_a_rows_own_history_page_names_fields_and_values_in_words(client, day, people):
    client.force_login(people.chief)
    url = reverse("admin:tournaments_penalty_history", args=[day.voided.pk])
    page = client.get(url).content.decode()
    table = page[page.index('id="change-history"') :]
    assert "Why it was voided" in table and VOIDED in table
    assert "void_reason" not in table and "{" not in table


# -- the reader's language --------------------------------------------------------------------


def test_in_spanish_every_sentence_is_made_of_msgids_read_through_gettext(day, monkeypatch):
    """The catalogue is filled by the translators: the sentences are their msgids, asked for
    in the reader's language when the page is made."""
    asked = []

    def gettext(msgid):
        asked.append((msgid, translation.get_language()))
        return f"«{msgid}»"

    monkeypatch.setattr(audit_sentences, "_", gettext)
    with translation.override("es"):
        lines = sheet_audit_lines(table_session=day.sheet)
        corrections = sheet_correction_lines(table_session=day.sheet)
    assert all(line.sentence.startswith("«") for line in lines + corrections)
    assert {language for _msgid, language in asked} == {"es"}
    msgids = {msgid for msgid, _language in asked}
    assert "Hand %(n)s replaced by %(user)s: %(before)s → %(after)s" in msgids
    assert "Penalty to %(player)s voided by %(user)s" in msgids
    assert "%(sentence)s; reason: %(reason)s" in msgids


def test_fields_and_choices_are_named_in_the_readers_language():
    with translation.override("es"):
        label = field_label(Hand, "winner_position")
        outcome = value_in_words(Hand, "outcome", "draw")
        spanish = (
            capfirst(translation.gettext("winner")),
            translation.gettext("Draw (wall exhausted)"),
        )
    assert (label, outcome) == spanish
