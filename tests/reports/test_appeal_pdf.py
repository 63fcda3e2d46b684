"""The printed appeal record (3.12-3.13): what was appealed and by whom, the times against the
30-minute deadline, the fee, the statement, the ruling with its reasons, the linked correction,
and the signature lines of the filer, the committee's chair and the chief umpire."""

import json
from datetime import timedelta
from io import BytesIO

import pytest
from pypdf import PdfReader

from reports.data.appeal import appeal_data
from reports.data.scoresheet import moment
from reports.forms.appeal import render_appeal
from tests.tournaments.appeal_helpers import file
from tournaments.models import Appeal, Penalty
from tournaments.selectors.appeals import appeal_deadline
from tournaments.services.appeals import appeal_withdraw

pytestmark = pytest.mark.django_db


def printed(appeal: Appeal) -> str:
    pdf = render_appeal(appeal_data(appeal=appeal))
    pages = PdfReader(BytesIO(pdf)).pages
    assert len(pages) == 1, "an appeal record fits one page"
    return " ".join(" ".join(page.extract_text() for page in pages).split())


def test_the_record_names_the_appeal_its_filer_and_what_it_is_against(upheld, appeal_players):
    text = printed(upheld)
    assert f"Appeal record no. {upheld.pk}" in text
    assert upheld.session.tournament.name in text
    assert "Session 1, table 1" in text
    assert "A penalty: Exposed hand: 30 points to each other player" in text
    assert "Exposed his hand when B declared Hu" in text
    assert "Point changes: A -90, B +30, C +30, D +30." in text
    assert "Player concerned Player A (no. 1, Dragons)" in text
    assert "The team's captain: Player C (no. 3, Dragons)" in text
    assert "Filed in the system by player_c on his own login." in text


def test_the_record_gives_the_times_against_the_deadline_and_the_fee(upheld):
    data = appeal_data(appeal=upheld)
    assert data["deadline"] == moment(appeal_deadline(upheld.session))
    assert data["deadline"] == moment(upheld.session.actual_end + timedelta(minutes=30))
    assert data["in_time"] and data["minutes_after_end"] == 5
    text = printed(upheld)
    assert f"Filed at {data['filed_at']['display']}" in text
    assert data["deadline"]["display"] in text
    assert "In time: 5 minutes after the session's end" in text
    assert "150.00 EUR: returned (appeal upheld)" in text


def test_the_record_gives_the_statement_ruling_reasons_and_who_ruled_when(upheld, committee_user):
    data = appeal_data(appeal=upheld)
    text = printed(upheld)
    assert "B's Hu stood. Exposing the hand deserved a warning only (3.11.6.7)." in text
    assert "Decision Upheld" in text
    assert "Ruling Upheld: the payments are voided." in text
    assert "Reasons The Hu stood; rule 3.11.6.7 then calls for a warning." in text
    assert f"Ruled by committee, {data['ruled_at']['display']}" in text


def test_the_record_names_the_linked_correction_and_what_it_changed(upheld):
    text = printed(upheld)
    assert "Correction of the score sheet made on the ruling" in text
    assert "Kind Penalty voided" in text
    assert (
        "Penalty voided: Exposed hand (30 to each other player). Its point changes "
        "(A -90, B +30, C +30, D +30) no longer count." in text
    )
    assert "Appeal upheld: the exposed-hand payments are voided." in text
    assert "chief (chief umpire)" in text


def test_the_signature_block_names_the_filer_chair_and_chief_umpire_with_times(upheld):
    data = appeal_data(appeal=upheld)
    text = printed(upheld)
    signatures = text[text.index("Signatures") :]
    for part in (
        "The team's captain (3.12.3)",
        "Chair of the arbitration committee",
        "Chief umpire",
        "Name: Player C",
        f"Appeal filed: {data['filed_at']['display']}",
        "Name: committee",
        f"Ruled in the system: {data['ruled_at']['display']}",
        "Name: chief",
    ):
        assert part in signatures, part
    assert signatures.count("Signature") == 1 + 3  # the heading and three lines
    assert signatures.count("Date and time: ____") == 3


def test_an_open_appeal_prints_blank_lines_where_nobody_has_ruled(
    appeal_session, appeal_players, appeal_hand
):
    appeal = file(
        appeal_session,
        appeal_players["B"],
        user=appeal_players["B"].user,
        subject="hand",
        hand=appeal_hand,
    )
    text = printed(appeal)
    assert "Decision Filed — no ruling yet" in text
    assert "Hand 1: won by B (Player B) off A (Player A), 8 points" in text
    assert "The player concerned" in text
    assert "150.00 EUR: held" in text
    signatures = text[text.index("Signatures") :]
    assert "The player (3.12.3)" in signatures and "Name: Player B" in signatures
    assert signatures.count("Name: ______") == 2, "no chair and no chief umpire yet"


def test_a_paper_appeal_names_the_chief_umpire_who_entered_it(
    appeal_session, appeal_players, chief_user
):
    handed_in = appeal_session.actual_end + timedelta(minutes=3)
    appeal = file(appeal_session, appeal_players["D"], user=chief_user, filed_at=handed_in)
    data = appeal_data(appeal=appeal)
    assert data["on_paper"] and data["chief_umpire"] == "chief"
    text = printed(appeal)
    assert "Written appeal handed in on paper, entered by the chief umpire (chief)" in text
    assert "In time: 3 minutes after the session's end" in text
    assert "Name: chief" in text[text.index("Signatures") :]


def test_a_withdrawn_appeal_says_who_withdrew_it_and_that_the_fee_is_forfeited(
    appeal_session, appeal_players
):
    appeal = file(appeal_session, appeal_players["A"], user=appeal_players["A"].user)
    appeal_withdraw(appeal=appeal, user=appeal_players["A"].user)
    appeal.refresh_from_db()
    text = printed(appeal)
    assert "Decision Withdrawn" in text
    assert "by player_a" in text
    assert "150.00 EUR: forfeited" in text


def test_the_data_is_plain_json(upheld):
    data = appeal_data(appeal=upheld)
    assert json.loads(json.dumps(data)) == data
    assert data == appeal_data(appeal=upheld)


def test_the_record_names_the_penalty_as_the_umpire_recorded_it(
    appeal_session, appeal_players, appeal_table
):
    """A first changed claim is a warning (3.11.6.3): not "paid to each other player"."""
    warning = Penalty.objects.create(
        table_session=appeal_table,
        player=appeal_players["B"],
        kind=Penalty.Kind.REPEATED_FOUL,
        foul=Penalty.Foul.CHANGED_CLAIM,
        occurrence=1,
        hand_number=2,
        reason="Called Pung, then withdrew the call",
        deltas={},
    )
    appeal = file(
        appeal_session,
        appeal_players["B"],
        user=appeal_players["B"].user,
        subject=Appeal.Subject.PENALTY,
        penalty=warning,
    )
    text = printed(appeal)
    assert (
        "A penalty: Repeated foul, Changed his mind about a claim (3.11.6.3), time 1: warning; "
        "player Player B" in text
    )
    assert "paid to each other player" not in text
