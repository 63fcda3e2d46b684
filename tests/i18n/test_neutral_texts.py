"""A player who loses a session by arriving late or not coming (rule 3.11.2) may be anyone:
the texts that speak of it (pages, messages, the printed sheet, the API's descriptions) name
the player or the seat, never "he" or "his"."""

import re

import pytest

from tournaments.translations import source_messages

ABOUT_A_LOST_SESSION = re.compile(
    r"lost (the|this|a) session|loses the session|session (he )?lost|session is lost"
    r"|did not come|arrived|late.arrival|no-show|forfeit",
    re.IGNORECASE,
)
GENDERED = re.compile(r"\b(he|his|him|himself|she|her|herself)\b", re.IGNORECASE)


@pytest.fixture(scope="module")
def texts_about_a_lost_session() -> list[str]:
    found = sorted(
        text
        for _context, msgid, plural in source_messages()
        for text in (msgid, plural or "")
        if ABOUT_A_LOST_SESSION.search(text)
    )
    assert len(found) > 20  # the scan sees them: check-ins, forfeits, substitutes
    return found


def test_no_text_about_a_lost_session_says_he_or_his(texts_about_a_lost_session):
    gendered = [text for text in texts_about_a_lost_session if GENDERED.search(text)]
    assert gendered == [], "\n".join(gendered)
