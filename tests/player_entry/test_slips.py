"""The players' links on paper: the player-number slips (one per player: his number, name,
first seat, the QR code of his own link and the link itself), printed from the admin's
Players' links (the selected links, or a whole tournament's) by those who manage the links
only; and the seat cards, where players enter hands, with each player's code."""

import re
from io import BytesIO

import pytest
from django.urls import reverse
from pypdf import PdfReader

from player_entry import printing
from player_entry.models import PlayerLink
from player_entry.services import player_link_issue, player_link_revoke
from reports.forms import chart as chart_form
from tests.tournaments.factories import PlayerFactory, TournamentFactory, two_session_chart
from tournaments.models import Player, Tournament
from tournaments.roles import Role

SITE = "https://mahjong.example.org"
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


@pytest.fixture
def charted(db, settings):
    """Eight numbered players in two games of two tables (a substitute in game 2); players
    enter hands; the site's address is set."""
    settings.SITE_URL = SITE
    tournament = TournamentFactory(
        name="Shanghai Open", slug="shanghai", hand_entry=Tournament.HandEntry.PLAYERS
    )
    two_session_chart(tournament, NAMES)
    return tournament


@pytest.fixture
def drawn_codes(monkeypatch):
    """What each QR code drawn on the slips or the cards says, in order."""
    drawn: list[str] = []
    for module in (printing, chart_form):
        original = module.qr_drawing

        def spy(value, size, original=original):
            code = original(value, size)
            drawn.append(code.value)
            return code

        monkeypatch.setattr(module, "qr_drawing", spy)
    return drawn


def pages(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(BytesIO(pdf)).pages]


def squeezed(text: str) -> str:
    return "".join(text.split())


def live_address(player) -> str:
    token = PlayerLink.objects.get(player=player, revoked_at__isnull=True).token
    return f"{SITE}/p/{token}/"


def in_order(tournament) -> list[Player]:
    """Numbered players by number, then those without a number (the substitute)."""
    players = list(tournament.players.all())
    return sorted(players, key=lambda p: (p.lot_number is None, p.lot_number or 0))


def slips_url(tournament) -> str:
    return reverse("admin:tournaments_tournament_player_slips_pdf", args=[tournament.pk])


CHANGELIST = "admin:player_entry_playerlink_changelist"


# -- the slips --------------------------------------------------------------------------------


def test_one_slip_per_player_with_his_number_name_and_link_as_text_and_qr_code(
    charted, drawn_codes
):
    already = player_link_issue(player=charted.players.get(lot_number=3))
    pdf = printing.render_slips([printing.tournament_slips_data(charted)])
    players = in_order(charted)
    assert len(players) == 9
    # every player now has a live link (made where missing); an existing one is kept
    assert PlayerLink.objects.filter(revoked_at__isnull=True).count() == 9
    assert live_address(players[2]) == f"{SITE}/p/{already.token}/"
    addresses = [live_address(p) for p in players]
    assert drawn_codes == addresses  # one code per slip, each of its player's link
    text = pages(pdf)
    assert len(text) == 1  # ten slips to a page
    flat = squeezed(text[0])
    for player, address in zip(players, addresses, strict=True):
        label = str(player.lot_number) if player.lot_number else "S1"
        assert squeezed(f"{label} {player.name}{player.native_name}") in flat, player.name
        assert address in text[0]
    assert text[0].count("Scan the code to open your table on your phone.") == 9
    assert squeezed("Player-number slips") in flat and "Shanghai Open" in text[0]


def test_a_slip_says_where_its_player_sits_in_the_first_game(charted):
    text = squeezed(pages(printing.render_slips([printing.tournament_slips_data(charted)]))[0])
    assert squeezed("1 Li Minghua 李明华 Game One: table 1, seat East") in text
    assert squeezed("7 Chen Wei 陈伟 Game One: table 2, seat West") in text
    # the substitute did not play game 1
    assert squeezed("S1 Sub Stitute Scan the code") in text


def test_many_players_take_ten_slips_to_a_page(db, settings, drawn_codes):
    settings.SITE_URL = SITE
    tournament = TournamentFactory()
    for n in range(1, 24):
        PlayerFactory(tournament=tournament, lot_number=n, registration_number=n)
    text = pages(printing.render_slips([printing.tournament_slips_data(tournament)]))
    assert len(text) == 3 and len(drawn_codes) == 23
    numbers = [
        {int(n) for n in re.findall(r"^(\d+)$", page, re.MULTILINE) if 0 < int(n) < 100}
        for page in text
    ]
    assert numbers == [set(range(1, 11)), set(range(11, 21)), set(range(21, 24))]


def test_without_a_site_address_the_slip_prints_the_path_and_no_code(
    charted, drawn_codes, settings
):
    settings.SITE_URL = ""
    pdf = printing.render_slips([printing.tournament_slips_data(charted)])
    assert drawn_codes == []
    text = pages(pdf)[0]
    player = charted.players.get(lot_number=1)
    token = PlayerLink.objects.get(player=player, revoked_at__isnull=True).token
    assert f"/p/{token}/" in text and "https://" not in text
    assert text.count("(SITE_URL) is not set.") == 9


def test_a_tournament_without_players_prints_a_page_that_says_so(db):
    text = pages(printing.render_slips([printing.tournament_slips_data(TournamentFactory())]))
    assert "No player is registered yet." in text[0]


# -- the seat cards ---------------------------------------------------------------------------


def test_the_seat_cards_carry_no_link_unless_the_deployment_asks_for_them(
    charted, drawn_codes, settings
):
    """A card lies on the table for the four to see: one could answer for another."""
    settings.PLAYER_LINKS_ON_SEAT_CARDS = False
    chart_form.render_seat_cards(charted, session=1, table=1)
    assert drawn_codes == []
    assert not PlayerLink.objects.exists()


def test_the_seat_cards_carry_each_players_live_link_where_players_enter_hands(
    charted, drawn_codes, settings
):
    settings.PLAYER_LINKS_ON_SEAT_CARDS = True
    revoked = player_link_issue(player=charted.players.get(lot_number=2))
    player_link_revoke(player=revoked.player)
    chart_form.render_seat_cards(charted, session=1, table=1)
    players = [charted.players.get(lot_number=n) for n in (1, 2, 3, 4)]
    assert drawn_codes == [live_address(p) for p in players]
    assert f"{SITE}/p/{revoked.token}/" not in drawn_codes


def test_the_seat_cards_print_no_code_where_umpires_enter_hands_or_without_an_address(
    charted, drawn_codes, settings
):
    settings.PLAYER_LINKS_ON_SEAT_CARDS = True
    settings.SITE_URL = ""  # a path: no phone opens it from a code
    chart_form.render_seat_cards(charted)
    charted.hand_entry = Tournament.HandEntry.UMPIRES
    charted.save(update_fields=["hand_entry"])
    settings.SITE_URL = SITE
    chart_form.render_seat_cards(charted)
    assert drawn_codes == []
    assert not PlayerLink.objects.exists()  # and no link was made for them


# -- the admin --------------------------------------------------------------------------------


@pytest.fixture
def organiser(make_staff):
    return make_staff("organiser", Role.ORGANISER)


@pytest.fixture
def chief(make_staff):
    return make_staff("chief", Role.CHIEF_UMPIRE)


@pytest.fixture
def umpire(make_staff):
    return make_staff("umpire", Role.UMPIRE)


def print_selected(client, links):
    return client.post(
        reverse(CHANGELIST),
        {"action": "action_print_slips", "_selected_action": [link.pk for link in links]},
    )


def test_the_organiser_prints_the_slips_of_the_selected_links(client, organiser, charted):
    first, third = (charted.players.get(lot_number=n) for n in (1, 3))
    old = player_link_issue(player=third)
    player_link_revoke(player=third)  # a revoked link selected prints his live one
    selected = [player_link_issue(player=first), old]
    client.force_login(organiser)
    response = print_selected(client, selected)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = pages(response.content)
    assert len(text) == 1
    flat = squeezed(text[0])
    assert live_address(first) in text[0] and live_address(third) in text[0]
    assert f"/p/{old.token}/" not in text[0]
    assert squeezed("Li Minghua") in flat and squeezed("José Núñez") in flat
    assert "Ivan Petrov" not in text[0]


def test_the_slips_of_two_tournaments_start_each_on_its_own_page(client, chief, charted):
    other = TournamentFactory(name="Madrid Open")
    stranger = PlayerFactory(tournament=other, name="Ana García", lot_number=1)
    links = [player_link_issue(player=stranger), player_link_issue(player=charted.players.first())]
    client.force_login(chief)
    text = pages(print_selected(client, links).content)
    assert len(text) == 2
    assert "Madrid Open" in text[0] and "Ana García" in text[0] and "Shanghai" not in text[0]
    assert "Shanghai Open" in text[1]


def test_the_organiser_prints_a_whole_tournaments_slips_from_the_links_list(
    client, organiser, charted
):
    player_link_issue(player=charted.players.get(lot_number=5))  # the list is not empty
    client.force_login(organiser)
    page = client.get(reverse(CHANGELIST), {"player__tournament__id__exact": charted.pk})
    assert page.status_code == 200
    html = page.content.decode()
    assert "Print the player-number slips (PDF)" in html  # the action
    assert f'href="{slips_url(charted)}"' in html
    response = client.get(slips_url(charted))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert 'filename="shanghai-player-slips.pdf"' in response["Content-Disposition"]
    assert PlayerLink.objects.filter(revoked_at__isnull=True).count() == 9
    text = pages(response.content)[0]
    assert all(live_address(p) in text for p in charted.players.all())


def test_the_links_list_offers_the_slips_of_the_one_tournament_not_finished(
    client, organiser, charted
):
    finished = TournamentFactory(name="Old Open", status=Tournament.Status.FINISHED)
    client.force_login(organiser)
    html = client.get(reverse(CHANGELIST)).content.decode()
    assert f'href="{slips_url(charted)}"' in html
    assert f'href="{slips_url(finished)}"' not in html
    filtered = client.get(reverse(CHANGELIST), {"player__tournament__id__exact": finished.pk})
    assert f'href="{slips_url(finished)}"' in filtered.content.decode()


def test_with_several_tournaments_running_the_links_list_asks_to_filter_first(
    client, organiser, charted
):
    other = TournamentFactory(name="Beijing Cup")
    client.force_login(organiser)
    html = client.get(reverse(CHANGELIST)).content.decode()
    assert 'class="mcr-player-slips"' not in html
    assert "Filter by a tournament to print its slips." in html
    filtered = client.get(reverse(CHANGELIST), {"player__tournament__id__exact": other.pk})
    assert f'href="{slips_url(other)}"' in filtered.content.decode()


def test_an_umpire_may_not_print_the_slips(client, umpire, charted):
    link = player_link_issue(player=charted.players.get(lot_number=1))
    client.force_login(umpire)
    assert print_selected(client, [link]).status_code == 403
    assert client.get(slips_url(charted)).status_code == 403
    assert client.get(reverse(CHANGELIST)).status_code == 403
    assert PlayerLink.objects.count() == 1  # nothing made for him


def test_a_visitor_is_sent_to_the_login(client, charted):
    response = client.get(slips_url(charted))
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
    assert not PlayerLink.objects.exists()
