"""The standings page, the score-sheet page, a refused hand's message and the printed score
sheet, each in English, Spanish and Chinese: the translated words are there, the English ones
are not."""

import pytest
from django.utils import translation

from reports.data.scoresheet import scoresheet_data
from reports.forms.scoresheet import render_scoresheet
from tests.reports.helpers import pdf_text
from tests.tournaments.admin_helpers import (
    NOT_WINNING_HAND,
    VALID_HAND,
    hand_post,
    post_sheet,
    sheet_url,
    text,
)
from tournaments.models import Hand
from tournaments.services.hands import hand_record_win

pytestmark = pytest.mark.django_db

WORDS = {
    "en": {
        "standings": "Standings",
        "sheet": "Score sheet",
        "refused": "Not a valid winning hand",
        "shape": "do not form four sets and a pair",
        "printed": "Score Sheet for a Game Session",
        "east": "A — East",
        "fan": "Pure Straight",
    },
    "es": {
        "standings": "Clasificación",
        "sheet": "Hoja de puntuación",
        "refused": "No es una mano ganadora válida",
        "shape": "no forman cuatro conjuntos y una pareja",
        "printed": "Hoja de puntuación para una sesión de juego",
        "east": "A — Este",
        "fan": "Escalera Pura",
    },
    "zh-hans": {
        "standings": "排名",
        "sheet": "记分表",
        "refused": "不是有效的和牌",
        "shape": "组不成四组加一对将",
        "printed": "一轮比赛记分表",
        "east": "A — 东",
        "fan": "清龙",
    },
}
LANGUAGES = list(WORDS)
# 123 456 789 of Characters, 234 Dots, pair of 5 Dots, concealed: Pure Straight.
PURE_STRAIGHT = {"melds": [], "concealed": "123456789m234p5p", "win_tile": "5p"}


def _absent_english(language: str, page: str, *keys: str) -> None:
    if language != "en":
        for key in keys:
            assert WORDS["en"][key] not in page, key


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_public_standings_page_speaks_the_language_chosen(client, admin_sheet, language):
    client.cookies["django_language"] = language
    page = client.get(f"/t/{admin_sheet.session.tournament.slug}/").content.decode()
    assert WORDS[language]["standings"] in page
    _absent_english(language, page, "standings")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_score_sheet_page_speaks_the_umpires_language(admin_client, admin_sheet, language):
    hand_record_win(table_session=admin_sheet, winner="A", discarder="B", tiles=PURE_STRAIGHT)
    response = admin_client.get(sheet_url(admin_sheet), HTTP_ACCEPT_LANGUAGE=language)
    page = text(response)
    assert WORDS[language]["sheet"] in page
    assert WORDS[language]["fan"] in page
    _absent_english(language, page, "fan")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refused_hand_is_explained_in_the_umpires_language(admin_client, admin_sheet, language):
    response = post_sheet(
        admin_client, admin_sheet, hand_post(NOT_WINNING_HAND), HTTP_ACCEPT_LANGUAGE=language
    )
    page = text(response)
    assert WORDS[language]["refused"] in page
    assert WORDS[language]["shape"] in page
    _absent_english(language, page, "refused", "shape")
    assert not Hand.objects.exists()
    assert VALID_HAND  # the same form takes a valid hand (tests/tournaments)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_printed_score_sheet_reads_in_the_language_asked(admin_sheet, language):
    hand_record_win(table_session=admin_sheet, winner="A", discarder="B", tiles=PURE_STRAIGHT)
    with translation.override(language):
        printed = " ".join(
            pdf_text(render_scoresheet(scoresheet_data(table_session=admin_sheet))).split()
        )
    assert WORDS[language]["printed"] in printed
    assert WORDS[language]["east"] in printed
    assert WORDS[language]["fan"] in printed
    _absent_english(language, printed, "printed", "east", "fan")
