"""Pages as the Spanish forms break them (longer words make taller cells): a score sheet keeps
its penalties (or their "none") on its own page, a session's sheets are numbered each on its
own ("Página 1 de 1"), and an appeal record keeps its signatures with its last section."""

import copy
from io import BytesIO

import pytest
from django.utils import translation
from pypdf import PdfReader

from reports.data.appeal import appeal_data
from reports.data.scoresheet import scoresheet_data
from reports.forms.appeal import render_appeal
from reports.forms.scoresheet import render_scoresheet, render_scoresheets
from tests.tournaments.signoff_helpers import fresh

pytestmark = pytest.mark.django_db

# Fans whose Spanish names fill two lines of the fans' column, as most hands of the demo's
# Spanish sheets do.
LONG_FANS = [
    {"id": fan_id, "name": name, "points": points, "count": 1}
    for fan_id, name, points in (
        (24, "Pure Shifted Pungs", 24),
        (46, "Out with Replacement Tile", 8),
        (54, "Two Concealed Pungs", 2),
        (73, "Pung of Terminals or Honors", 1),
        (75, "One Voided Suit", 1),
        (81, "Flower Tiles", 1),
    )
]


def pages(pdf: bytes) -> list[str]:
    return [" ".join(page.extract_text().split()) for page in PdfReader(BytesIO(pdf)).pages]


def tall(data: dict, penalties: int | None = None) -> dict:
    """The sheet's data with thirteen hands won with many fans (cells two lines high in
    Spanish) before the time limit, as the demo's tallest Spanish sheets, and its first
    `penalties` penalties only (all when None)."""
    data = copy.deepcopy(data)
    won = next(hand for hand in data["hands"] if hand["outcome"] == "win")
    unplayed = next(hand for hand in data["hands"] if not hand["played"])
    data["hands"] = [
        {**copy.deepcopy(won if number <= 13 else unplayed), "number": number}
        | ({"fans": LONG_FANS} if number <= 13 else {})
        for number in range(1, 17)
    ]
    if penalties is not None:
        data["penalties"] = data["penalties"][:penalties]
    return data


def spanish(render, *args) -> list[str]:
    with translation.override("es"):
        return pages(render(*args))


@pytest.mark.parametrize("count", [0, 2])
def test_a_tall_spanish_sheet_keeps_its_penalties_on_its_own_page(played, count):
    texts = spanish(render_scoresheet, tall(scoresheet_data(table_session=played), count))
    assert len(texts) == 1
    title = "Penalizaciones (regla 3.11): ninguna." if count == 0 else "Penalizaciones (regla 3.11)"
    assert title in texts[0] and "Puntos totales" in texts[0]


def test_a_list_of_penalties_longer_than_the_page_starts_under_its_sheet(played):
    data = tall(scoresheet_data(table_session=played))
    data["penalties"] = [
        {**copy.deepcopy(data["penalties"][0]), "id": index, "nature": f"Falta número {index}"}
        for index in range(1, 31)
    ]
    texts = spanish(render_scoresheet, data)
    assert len(texts) == 2
    assert "Puntos totales" in texts[0] and "Falta número 1 " in texts[0] + " "
    assert "Falta número 30" in texts[1] and "Penalizaciones (regla 3.11)" in texts[1]


def test_each_sheet_of_a_batch_is_numbered_on_its_own(played):
    data = tall(scoresheet_data(table_session=fresh(played)), 2)
    texts = spanish(render_scoresheets, [data, {**data, "table": 2}])
    assert len(texts) == 2
    assert all(text.endswith("Página 1 de 1") for text in texts), texts


def test_the_spanish_appeal_record_keeps_its_signatures_with_its_last_section(upheld):  # noqa: F811
    upheld.statement = "\n".join(
        f"Punto {n}: la mano de B era válida y la exposición merecía solo una advertencia."
        for n in range(1, 31)
    )
    upheld.save(update_fields=["statement"])
    texts = spanish(render_appeal, appeal_data(appeal=upheld))
    assert len(texts) == 2
    signed = [text for text in texts if "Firmas" in text]
    assert len(signed) == 1 and "Historial" in signed[0]
