"""The umpire's preview of a hand names each fan in his language (Spanish names of Appendix 1,
the standard Chinese ones) with its explanation translated, and the score sheet prints the
round's wind as the language's own letter (E S O N, 东 南 西 北); stored and API values keep
the letters and the engine's ids.

The catalogues (locale/) are refreshed from `fan_translations.json` by whoever keeps them:
the tests that look at Spanish or Chinese words lay that file over the catalogue
(`json_catalogue`), so they check the machinery, not the catalogue's state.
"""

import json
import re
from pathlib import Path

import pytest
from django.template import Context, Template
from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import trans_real

import scoring
from scoring.fans import FANS
from scoring.fans.registry import ENTRIES
from tests.tournaments.admin_helpers import VALID_HAND, hand_post, post_sheet, sheet_url, text
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.admin.sheet_page import hand_label, preview_context
from tournaments.display import WIND_LETTERS
from tournaments.errors import HandRejected
from tournaments.fan_explanations import PHRASES, explanation_line, explanation_text
from tournaments.fans import FAN_NAMES, fan_name
from tournaments.scoring_adapter import score_tiles
from tournaments.selectors.scoresheet import scoresheet_compute
from tournaments.services.hands import hand_preview

JSON_FILE = Path(__file__).with_name("fan_translations.json")
ENTRIES_JSON = json.loads(JSON_FILE.read_text(encoding="utf-8"))
LANGUAGES = {"es": "es", "zh-hans": "zh_Hans"}

# Nothing but Chicken Hand: chows and a pung of three suits, a pair of South winds.
CHICKEN = {
    "melds": [
        {"type": "chow", "tiles": "234m"},
        {"type": "pung", "tiles": "777p"},
        {"type": "chow", "tiles": "678s"},
    ],
    "concealed": "56p22z",
    "win_tile": "4p",
}
# A melded and a concealed kong (fan 57 with the WMO note: 6 points in all), Short Straight,
# No Honors, Single Wait.
KONGS = {
    "melds": [
        {"type": "kong", "tiles": "2222m"},
        {"type": "kong", "tiles": "5555s", "concealed": True},
        {"type": "chow", "tiles": "678p"},
    ],
    "concealed": "345p9s",
    "win_tile": "9s",
}
# Only All Chows (2): under the 8-point minimum (admin_helpers.UNDER_EIGHT_HAND).
UNDER_EIGHT = {
    "melds": [{"type": "chow", "tiles": "123m"}],
    "concealed": "345p678s234p5s",
    "win_tile": "5s",
}


def _key(entry: dict) -> str:
    context = entry["msgctxt"]
    return f"{context}\x04{entry['msgid']}" if context else entry["msgid"]


@pytest.fixture
def json_catalogue():
    """The entries of fan_translations.json laid over the Spanish and Chinese catalogues for
    the test, as if the catalogues had them."""
    laid = []
    for language, field in LANGUAGES.items():
        catalog = trans_real.translation(language)._catalog
        catalog._catalogs.insert(0, {_key(e): e[field] for e in ENTRIES_JSON})
        catalog._plurals.insert(0, catalog._plurals[0])
        laid.append(catalog)
    yield
    for catalog in laid:
        catalog._catalogs.pop(0)
        catalog._plurals.pop(0)


def _json(context, msgid) -> dict | None:
    return next((e for e in ENTRIES_JSON if e["msgctxt"] == context and e["msgid"] == msgid), None)


def _placeholders(text: str) -> list[str]:
    return sorted(re.findall(r"%\(\w+\)s", text))


# -- every fan has a name, marked for translation ------------------------------------------


def test_every_fan_of_the_scoring_core_has_a_name_marked_for_translation():
    assert set(FAN_NAMES) == set(FANS) == set(range(1, 82))
    assert all(isinstance(name, Promise) for name in FAN_NAMES.values())


def test_the_81_names_are_distinct_and_in_english_are_the_engines():
    with translation.override("en"):
        names = [str(FAN_NAMES[fan_id]) for fan_id in range(1, 82)]
        assert names == [FANS[fan_id].name for fan_id in range(1, 82)]
        assert [fan_name(fan_id) for fan_id in range(1, 82)] == names
    assert len(set(names)) == 81


def test_a_stored_fan_without_its_id_is_still_found_by_its_english_name(json_catalogue):
    with translation.override("zh-hans"):
        assert fan_name(None, "Pure Straight") == "清龙"


# -- the translations file covers every text ---------------------------------------------------


def test_the_translations_file_names_every_fan_in_spanish_and_chinese():
    for fan in FANS.values():
        entry = _json("fan", fan.name)
        assert entry is not None, f"fan {fan.id} {fan.name} has no translation"
        assert entry["es"] and entry["zh_Hans"], fan.name
    spanish = [e["es"] for e in ENTRIES_JSON if e["msgctxt"] == "fan"]
    chinese = [e["zh_Hans"] for e in ENTRIES_JSON if e["msgctxt"] == "fan"]
    assert len(set(spanish)) == len(set(chinese)) == 81


def test_the_translations_file_has_the_four_wind_letters():
    words = {"E": "East", "S": "South", "W": "West", "N": "North"}
    assert set(WIND_LETTERS) == set(words)
    for code, word in words.items():
        entry = _json(f"{word} wind, one letter", code)  # tournaments.display.WIND_LETTERS
        assert entry is not None and entry["es"] and entry["zh_Hans"], code


def test_the_translations_file_has_every_explanation_text_with_its_placeholders():
    with translation.override("en"):
        assert all(str(phrase) == english for english, phrase in PHRASES.items())
    msgids = [
        *PHRASES,
        "%(on)s (one melded and one concealed kong: %(points)s points in all)",
        "%(fan)s: %(on)s",
    ]
    for msgid in msgids:
        entry = _json("fan explanation", msgid)
        assert entry is not None, msgid
        for field in LANGUAGES.values():
            assert entry[field] and _placeholders(entry[field]) == _placeholders(msgid), msgid


def test_every_phrase_the_core_explains_a_fan_with_is_translated():
    phrases = {fan.on for fan in ENTRIES.values() if isinstance(fan.on, str)}
    phrases.add(scoring.score_hand(_hand(CHICKEN)).explanation[0].text)
    assert phrases <= set(PHRASES)


def _hand(tiles: dict) -> dict:
    return {**tiles, "seat_wind": "S", "prevalent_wind": "E", "self_drawn": False}


# -- the explanation in the reader's language -------------------------------------------------


def test_in_english_an_explanation_line_reads_as_the_engine_wrote_it():
    result = scoring.score_hand(_hand(KONGS))
    with translation.override("en"):
        lines = [explanation_line(*item) for item in result.explanation]
    assert lines == [f"{item.name}: {item.text}" for item in result.explanation]


@pytest.mark.parametrize(
    ("language", "line"),
    [
        ("es", "Mano Vacía: ninguna otra combinación puntúa"),
        ("zh-hans", "无番和：没有其他番种"),
    ],
)
def test_chicken_hand_is_explained_in_the_readers_language(json_catalogue, language, line):
    item = scoring.score_hand(_hand(CHICKEN)).explanation[0]
    with translation.override(language):
        assert explanation_line(*item) == line


def test_the_melded_and_concealed_kong_note_is_translated_around_its_tiles(json_catalogue):
    with translation.override("zh-hans"):
        assert (
            explanation_text("2222m 5555s (one melded and one concealed kong: 6 points in all)")
            == "2222m 5555s（一明杠一暗杠：共6分）"
        )
    with translation.override("es"):
        assert explanation_text("all tiles") == "todas las fichas"
        assert explanation_text("123m 456m") == "123m 456m"


# -- the preview on the score sheet --------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "fan", "line"),
    [
        ("en", "Two Melded Kongs", "No Honors: all tiles"),
        ("es", "Dos Kong Expuestos", "Sin Honores: todas las fichas"),
        ("zh-hans", "双明杠", "无字：所有牌"),
    ],
)
def test_the_hand_preview_names_fans_and_explains_them_in_the_umpires_language(
    json_catalogue, language, fan, line
):
    table = seated_table(TournamentFactory(), started=True)
    with translation.override(language):
        preview = hand_preview(table_session=table, winner="A", discarder="B", tiles=KONGS)
        context = preview_context(preview, scoresheet_compute(table_session=table))
    assert fan in [row["name"] for row in context["fans"]]
    assert line in context["explanation"]
    # the ids and the stored English names stay the engine's
    assert [row["id"] for row in context["fans"]] == [f["id"] for f in preview.fans]
    assert "Two Melded Kongs" in [f["name"] for f in preview.fans]


@pytest.mark.django_db
def test_the_score_sheet_page_shows_the_preview_in_chinese(
    admin_client, admin_sheet, json_catalogue
):
    response = post_sheet(
        admin_client,
        admin_sheet,
        hand_post(VALID_HAND, winner="C", discarder="", action="preview"),
        HTTP_ACCEPT_LANGUAGE="zh-hans",
    )
    page = text(response)
    assert 'id="preview"' in page
    assert "清龙" in page and "单钓将" in page
    assert "Pure Straight" not in page


def test_a_refusal_under_eight_points_lists_the_fans_in_the_umpires_language(json_catalogue):
    with translation.override("es"), pytest.raises(HandRejected) as refused:
        score_tiles(tiles=UNDER_EIGHT, seat_wind="S", prevalent_wind="E", self_drawn=False)
    details = " ".join(text for _code, text in refused.value.details)
    assert "Todo Chow Sin Honores" in details and "All Chows" not in details


# -- the winds: letters and round names in the reader's language ----------------------------


@pytest.mark.parametrize(
    ("language", "letters"),
    [("en", "E S W N"), ("es", "E S O N"), ("zh-hans", "东 南 西 北")],
)
def test_the_round_letter_is_the_languages_own(json_catalogue, language, letters):
    template = Template(
        "{% load wind_words %}{% for w in winds %}{{ w|wind_letter }}{% if not forloop.last %} "
        "{% endif %}{% endfor %}"
    )
    with translation.override(language):
        assert template.render(Context({"winds": ["E", "S", "W", "N"]})) == letters


def test_a_value_that_is_not_a_wind_is_printed_as_it_is():
    assert Template("{% load wind_words %}{{ w|wind_letter }}").render(Context({"w": "X"})) == "X"


@pytest.mark.parametrize(
    ("language", "label"),
    [
        ("en", "Hand 5 — South round, dealer B"),
        ("es", "Mano 5 — ronda de Sur, jugador mano B"),
        ("zh-hans", "第5盘 — 南圈，庄家B"),
    ],
)
def test_the_hand_label_names_the_round_in_the_umpires_language(json_catalogue, language, label):
    with translation.override(language):
        assert hand_label(5) == label


@pytest.mark.django_db
def test_the_score_sheets_round_column_prints_chinese_winds(
    admin_client, admin_sheet, json_catalogue
):
    page = admin_client.get(sheet_url(admin_sheet), HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    rounds = re.findall(r'<td class="col-detail" title="[^"]*">([^<]*)</td>', page)
    assert rounds == ["东"] * 4 + ["南"] * 4 + ["西"] * 4 + ["北"] * 4
