"""A score sheet lists each fan under its name in the reader's language: 清一色 in Chinese,
Mano Pura in Spanish (the names of Appendix 1), not "Full Flush"."""

import pytest
from django.utils import translation

from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.fans import fan_name
from tournaments.selectors.scoresheet import scoresheet_compute
from tournaments.services.hands import hand_record_win

FULL_FLUSH = 22
# 123 456 789 234 55 of Characters: Full Flush (22) among others.
FULL_FLUSH_HAND = {"melds": [], "concealed": "1234567892345m", "win_tile": "5m"}


@pytest.mark.parametrize(
    ("language", "name"), [("en", "Full Flush"), ("es", "Mano Pura"), ("zh-hans", "清一色")]
)
def test_a_fan_is_named_in_the_readers_language(language, name):
    with translation.override(language):
        assert fan_name(FULL_FLUSH, "Full Flush") == name


@pytest.mark.django_db
def test_a_score_sheet_in_chinese_lists_the_chinese_fan_names():
    sheet = seated_table(TournamentFactory(), started=True)
    hand_record_win(table_session=sheet, winner="A", discarder="B", tiles=FULL_FLUSH_HAND)
    with translation.override("zh-hans"):
        summary = scoresheet_compute(table_session=sheet).rows[0].fans_summary
    assert "清一色" in summary and "Full Flush" not in summary
