"""The players' own links on the seat cards (issue 28): where players enter hands, each of the
four players of a card gets a QR code of the link an app registered with
reports.data.chart gives (player_entry's, in the project; a stand-in here, so that reports is
tested alone). Where umpires enter them, or when no app gives links, the cards are exactly as
before: the same bytes."""

from io import BytesIO

import pytest
from pypdf import PdfReader

from reports.data import chart as chart_data
from reports.forms import chart as chart_form
from tests.tournaments.factories import TournamentFactory, two_session_chart
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

NAMES = [
    ("Li Minghua", "李明华"),
    ("Ivan Petrov", "Иван Петров"),
    ("José Núñez", ""),
    ("Kim Minjun", "김민준"),
    ("Zoë Łukasz", ""),
    ("Sakura Sakurai", "桜井さくら"),
    ("Chen Wei", "陈伟"),
    ("Ёжиков Пётр", ""),
]


def link_of(player_id: int) -> str:
    return f"https://mahjong.example.org/p/token-of-{player_id}/"


def stand_in(tournament, player_ids):
    return {pk: link_of(pk) for pk in player_ids}


@pytest.fixture
def charted(db):
    tournament = TournamentFactory(name="Shanghai Open", hand_entry=Tournament.HandEntry.PLAYERS)
    two_session_chart(tournament, NAMES)
    return tournament


@pytest.fixture
def providers(monkeypatch):
    """The registry of link providers, empty for the test; returns its list."""
    registry: list = []
    monkeypatch.setattr(chart_data, "PLAYER_LINKS_PROVIDERS", registry)
    return registry


@pytest.fixture
def drawn_codes(monkeypatch):
    """What each QR code drawn on the cards says, in order."""
    drawn: list[str] = []
    original = chart_form.qr_drawing

    def spy(value, size):
        drawn.append(value)
        return original(value, size)

    monkeypatch.setattr(chart_form, "qr_drawing", spy)
    return drawn


def text_of(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages)


def squeezed(text: str) -> str:
    """The text without white space: the note wraps in its narrow column."""
    return "".join(text.split())


def seat_ids(tournament, session: int) -> list[list[int]]:
    """Per card of the session, its four players' ids in the order the card prints them."""
    data = chart_data.seat_cards_data(tournament=tournament, session=session)
    return [[seat["player_id"] for seat in card["seats"]] for card in data["cards"]]


def test_where_players_enter_hands_each_seat_gets_a_code_of_its_players_link(
    charted, providers, drawn_codes
):
    chart_data.player_links_provider_register(stand_in)
    chart_data.player_links_provider_register(stand_in)  # once only
    assert providers == [stand_in]
    pdf = chart_form.render_seat_cards(charted, session=2)
    ids = seat_ids(charted, 2)
    assert drawn_codes == [link_of(pk) for card in ids for pk in card]
    pages = PdfReader(BytesIO(pdf)).pages
    assert len(pages) == 1  # still two cards to a page
    text = text_of(pdf)
    assert squeezed(text).count(squeezed("Scan your code to open your table on your phone.")) == 2
    for label in ("East · 1", "South · 3", "West · 5", "North · 7", "North · S1"):
        assert label in text, label


def test_both_umpires_and_players_entering_print_the_codes_too(charted, providers, drawn_codes):
    charted.hand_entry = Tournament.HandEntry.BOTH
    charted.save(update_fields=["hand_entry"])
    providers.append(stand_in)
    chart_form.render_seat_cards(charted, session=1, table=1)
    assert len(drawn_codes) == 4


def test_where_umpires_enter_hands_the_cards_are_as_before(charted, providers, drawn_codes):
    charted.hand_entry = Tournament.HandEntry.UMPIRES
    charted.save(update_fields=["hand_entry"])
    before = chart_form.render_seat_cards(charted)
    asked = []
    providers.append(lambda tournament, ids: asked.append(ids) or stand_in(tournament, ids))
    assert chart_form.render_seat_cards(charted) == before  # same bytes
    assert asked == [] and drawn_codes == []
    assert "Scan your" not in text_of(before)
    seats = chart_data.seat_cards_data(tournament=charted)["cards"][0]["seats"]
    assert all(seat["link"] == "" for seat in seats)


def test_without_a_provider_the_cards_are_as_before_even_where_players_enter(
    charted, providers, drawn_codes
):
    pdf = chart_form.render_seat_cards(charted)
    charted.hand_entry = Tournament.HandEntry.UMPIRES
    charted.save(update_fields=["hand_entry"])
    assert chart_form.render_seat_cards(charted) == pdf
    assert drawn_codes == []


def test_a_player_the_provider_gives_no_link_gets_no_code(charted, providers, drawn_codes):
    ids = seat_ids(charted, 1)
    first = ids[0][0]
    providers.append(lambda tournament, player_ids: {first: link_of(first)})
    chart_form.render_seat_cards(charted, session=1)
    # The first card prints its one code; the second, with no link at all, is as before.
    assert drawn_codes == [link_of(first)]
    text = text_of(chart_form.render_seat_cards(charted, session=1, table=2))
    assert "Scan your" not in text
