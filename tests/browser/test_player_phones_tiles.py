"""End to end in real Chromiums the size of a phone (390 px): in a tournament that records
tiles, a player enters a hand with the umpire's tile picker on his phone (one refused first,
shown in short, then entered again), another player sees its tiles and points and confirms it,
and the hand is recorded (issue 28)."""

import pytest
from selenium.webdriver.common.by import By

from player_entry.models import TableEntry
from player_entry.services import player_link_issue
from tests.browser.helpers import wait, wait_for_text
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.models import Hand, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENSHOT = "/tmp/tiles_phone.png"


@pytest.fixture
def table(db):
    tournament = TournamentFactory(
        name="Tiles Phone Open",
        entry_mode=Tournament.EntryMode.TILES,
        hand_entry=Tournament.HandEntry.PLAYERS,
    )
    sheet = seated_table(tournament, started=True)
    return sheet, {seat.position: seat.player for seat in sheet.seats.select_related("player")}


def signed_in(phones, live_server, player):
    phone = phones()  # 390 px (tests/browser/conftest.py)
    phone.get(f"{live_server.url}/p/{player_link_issue(player=player).token}/")
    wait_for_text(phone, "main h1", "Session 1")
    return phone


def no_sideways_scrolling(phone) -> bool:
    return phone.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")


def tap(phone, css: str) -> None:
    """Scroll to the element and tap it; again if the page redrew it meanwhile."""

    def attempt(_driver) -> bool:
        element = phone.find_element(By.CSS_SELECTOR, css)
        phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()
        return True

    wait(phone).until(attempt)


def tap_tiles(phone, field_name: str, tiles: list[str]) -> None:
    """Tap a notation field (the picker then adds to it), then the picker's tiles."""
    tap(phone, f'form#hand-form input[name="{field_name}"]')
    for tile in tiles:
        tap(phone, f'#tile-picker button[data-tile="{tile}"]')


def field_value(phone, name: str) -> str:
    return phone.find_element(By.NAME, name).get_attribute("value")


def test_a_phone_enters_a_tiles_hand_with_the_picker_and_another_confirms_it(
    phones, live_server, table, settings
):
    settings.PLAYER_TABLE_POLL_SECONDS = 1
    sheet, players = table
    first = signed_in(phones, live_server, players["A"])
    other = signed_in(phones, live_server, players["C"])
    assert first.execute_script("return window.innerWidth") == 390

    # A hand one tile short: the queue sends it, the server refuses it (the scoring core's
    # reason), and the phone shows it refused, in short, until it is entered again.
    tap(first, 'form#hand-form input[name="winner"][value="A"]')
    tap(first, 'form#hand-form input[name="discarder"][value="B"]')
    tap_tiles(first, "meld1_tiles", ["4p", "2p", "3p"])
    tap_tiles(first, "concealed", ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"])
    tap_tiles(first, "win_tile", ["5s"])
    assert (field_value(first, "meld1_tiles"), field_value(first, "meld1_type")) == (
        "234p",
        "chow",  # guessed from the tiles, as on the umpire's page
    )
    tap(first, "form#hand-form button[type=submit]")
    wait_for_text(
        first, '#queue li[data-state="refused"]', "A ← B, 123456789m · Winning tile 5s · Chow 234p"
    )
    assert not TableEntry.objects.exists()

    tap(first, '#queue li[data-state="refused"] [data-queue-action="again"]')
    assert field_value(first, "concealed") == "123456789m"
    assert first.find_element(By.CSS_SELECTOR, 'input[name="winner"][value="A"]').is_selected()
    tap_tiles(first, "concealed", ["5s"])
    assert field_value(first, "concealed") == "123456789m5s"
    wait_for_text(first, "#tile-count", "14")
    assert len(first.find_elements(By.CSS_SELECTOR, ".tile-strip button")) == 14
    picker = first.find_element(By.ID, "tile-picker")
    first.execute_script("arguments[0].scrollIntoView({block: 'end'})", picker)
    first.save_screenshot(SCREENSHOT)
    assert no_sideways_scrolling(first)

    tap(first, "form#hand-form button[type=submit]")
    wait(first).until(lambda _d: first.find_elements(By.CSS_SELECTOR, "[data-action=withdraw]"))
    assert not first.find_elements(By.CSS_SELECTOR, "#queue li")

    # The other phone shows the pending hand's tiles and the scoring core's points.
    wait(other).until(lambda _d: other.find_elements(By.CSS_SELECTOR, "[data-action=confirm]"))
    wait_for_text(other, "section.entry", "19 points")
    assert "Chow 234p" in other.find_element(By.CSS_SELECTOR, "section.entry").text
    assert len(other.find_elements(By.CSS_SELECTOR, "section.entry .entry-tiles svg")) == 14
    other.save_screenshot("/tmp/tiles_phone_confirm.png")
    assert no_sideways_scrolling(other)
    tap(other, "[data-action=confirm]")
    wait_for_text(other, "main", "Hand 2 in play")
    hand = Hand.objects.get(table_session=sheet)
    assert (hand.winner_position, hand.discarder_position, hand.points) == ("A", "B", 19)
    assert hand.tiles["concealed"] == "123456789m5s" and hand.tiles["win_tile"] == "5s"
