"""The Player's Oath (Appendix 2), one page per player to sign at registration, and the award
certificates for the leading players and teams (3.5.3), places shared on a tie."""

import datetime
from io import BytesIO

import pytest
from django.utils import timezone
from pypdf import PdfReader

from reports.data.certificates import certificates_data
from reports.data.oath import oath_data
from reports.forms.certificates import place_text, render_certificates
from reports.forms.oath import OATH_PARAGRAPHS, render_oath
from tests.reports.helpers import store_results
from tests.tournaments.factories import PlayerFactory, TeamFactory
from tournaments.models import Player, Tournament
from tournaments.services.registration import player_accept_oath

pytestmark = pytest.mark.django_db


def pages_of(pdf: bytes) -> list[str]:
    return [" ".join(page.extract_text().split()) for page in PdfReader(BytesIO(pdf)).pages]


# -- the Player's Oath ---------------------------------------------------------------------------


@pytest.fixture
def registered(tournament):
    team = TeamFactory(tournament=tournament, name="Hanami")
    players = [
        PlayerFactory(tournament=tournament, name="Sato Yuki", native_name="佐藤由紀", team=team),
        PlayerFactory(tournament=tournament, name="Kim Minjun", native_name="김민준"),
        PlayerFactory(tournament=tournament, name="Ivan Sokolov", native_name="Иван Соколов"),
        PlayerFactory(tournament=tournament, name="Zoë Brañas", country="ES"),
    ]
    for number, player in zip((2, 1, None, 3), players, strict=True):
        player.lot_number = number
        player.save()
    return players


def test_the_oath_has_one_page_per_registered_player_in_number_order(tournament, registered):
    pages = pages_of(render_oath(tournament=tournament))
    assert len(pages) == 4
    order = ["Kim Minjun", "Sato Yuki", "Zoë Brañas", "Ivan Sokolov"]  # unnumbered last
    assert [next(n for n in order if n in page) for page in pages] == order
    assert "김민준" in pages[0] and "佐藤由紀" in pages[1] and "Иван Соколов" in pages[3]
    assert "Player number 2 · Team Hanami" in pages[1]
    assert "Player number 3 · Spain" in pages[2]
    assert "player number not drawn yet" in pages[3]
    assert all(tournament.name in page for page in pages)


def test_the_oath_gives_every_paragraph_of_appendix_2_and_the_signature_lines(
    tournament, registered
):
    page = pages_of(render_oath(tournament=tournament))[0]
    for paragraph in OATH_PARAGRAPHS:
        assert " ".join(str(paragraph).split()) in page
    assert "I will never play for money during the tournament." in page
    assert "I affirm that I am 18 years of age" in page
    assert "The player's signature" in page and "Date of signature" in page
    assert "reception desk of the Organising Commission" in page
    assert "Spanish text of the rules" in page


def test_the_oath_says_when_the_player_accepted_it_in_the_system(tournament, registered):
    accepted = timezone.make_aware(datetime.datetime(2026, 5, 1, 18, 30))
    player_accept_oath(player=registered[1], accepted_at=accepted)
    pages = pages_of(render_oath(tournament=tournament))
    assert "Accepted by the player in the system on 2026-05-01 18:30." in pages[0]
    assert all("Accepted by the player" not in page for page in pages[1:])


def test_the_oath_can_be_printed_for_chosen_players(tournament, registered):
    pages = pages_of(render_oath(tournament=tournament, players=[registered[3]]))
    assert len(pages) == 1 and "Zoë Brañas" in pages[0]
    assert oath_data(tournament=tournament, players=[registered[3]])[0]["number"] == 3


# -- award certificates ----------------------------------------------------------------------


@pytest.fixture
def ranked(tournament):
    """Ana first; Bo and Cai share second (equal on every key); Dan fourth; Eve fifth. Team
    Sol (Ana, Eve: 8 TP) before Луна (Bo, Dan: 6 TP)."""
    tournament.name = "Copa Ñandú 2026"
    tournament.venue = "Palacio de Congresos"
    tournament.start_date = datetime.date(2026, 5, 1)
    tournament.end_date = datetime.date(2026, 5, 3)
    tournament.tie_breaks = []
    tournament.save()
    store_results(
        tournament,
        {
            "Ana Alpha": [(1, 60, 1, 4), (2, 40, 1, 4)],
            "Bo Beta": [(1, 20, 2, 2), (2, 20, 2, 2)],
            "Cai Gamma": [(1, 20, 2, 2), (2, 20, 2, 2)],
            "Dan Delta": [(1, -10, 3, 1), (2, 5, 3, 1)],
            "Eve Epsilon": [(1, -50, 4, 0), (2, -60, 4, 0)],
        },
    )
    Player.objects.filter(name="Bo Beta").update(native_name="博贝")
    first = TeamFactory(tournament=tournament, name="Sol")
    second = TeamFactory(tournament=tournament, name="Луна")
    Player.objects.filter(name__in=["Ana Alpha", "Eve Epsilon"]).update(team=first)
    Player.objects.filter(name__in=["Bo Beta", "Dan Delta"]).update(team=second)
    return tournament


def test_certificates_go_to_the_leading_players_then_teams_ties_sharing_a_place(ranked):
    documents = certificates_data(tournament=ranked)
    assert [(d["kind"], d["name"], d["place"], d["shared"]) for d in documents] == [
        ("player", "Ana Alpha", 1, False),
        ("player", "Bo Beta", 2, True),
        ("player", "Cai Gamma", 2, True),
        ("team", "Sol", 1, False),
        ("team", "Луна", 2, False),
    ]
    pages = pages_of(render_certificates(tournament=ranked))
    assert len(pages) == 5
    assert "First place" in pages[0] and "Ana Alpha" in pages[0]
    assert "Second place (shared)" in pages[1] and "博贝" in pages[1]
    assert "Second place (shared)" in pages[2] and "Cai Gamma" in pages[2]
    assert "Team competition" in pages[3] and "Sol" in pages[3]
    assert "Ana Alpha Eve Epsilon" in pages[3]  # one member a line
    assert "Second place" in pages[4] and "Луна" in pages[4] and "Bo Beta 博贝" in pages[4]


def test_a_certificate_gives_the_tournament_place_team_and_points(ranked):
    page = pages_of(render_certificates(tournament=ranked))[0]
    for text in (
        "Copa Ñandú 2026",
        "Palacio de Congresos · May 1, 2026 – May 3, 2026",
        "Certificate of Award",
        "Individual competition",
        "First place",
        "Ana Alpha",
        "Team Sol, player no. 1",
        "8 table points · 100 contest points",
        "Chief umpire",
        "For the organising committee",
    ):
        assert text in page, text
    assert "Standings official after session 2 when printed." in page, (
        "the tournament has six sessions: two signed are official, not final"
    )


def test_the_number_of_places_awarded_is_a_parameter(ranked):
    documents = certificates_data(tournament=ranked, places=4)
    assert [d["name"] for d in documents if d["kind"] == "player"] == [
        "Ana Alpha",
        "Bo Beta",
        "Cai Gamma",
        "Dan Delta",
    ]
    assert len(pages_of(render_certificates(tournament=ranked, places=1))) == 2


def test_place_words():
    assert [place_text(n) for n in (1, 2, 3, 11)] == [
        "First place",
        "Second place",
        "Third place",
        "Place 11",
    ]
    assert place_text(3, shared=True) == "Third place (shared)"


def test_before_any_session_counts_there_is_nothing_to_award(tournament):
    PlayerFactory(tournament=tournament)
    pages = pages_of(render_certificates(tournament=tournament))
    assert len(pages) == 1 and "nothing to award" in pages[0]
    assert certificates_data(tournament=tournament) == []


def test_a_finished_tournament_prints_no_provisional_note(ranked):
    from tournaments.models import TableSession

    TableSession.objects.filter(session__tournament=ranked).update(
        status="final", umpire_signed_at=timezone.now(), countersigned_at=timezone.now()
    )
    Tournament.objects.filter(pk=ranked.pk).update(status=Tournament.Status.FINISHED)
    ranked.refresh_from_db()
    assert all(d["final"] for d in certificates_data(tournament=ranked))
    page = pages_of(render_certificates(tournament=ranked))[0]
    assert "provisional" not in page
    assert "when printed" not in page, "final standings need no note"
