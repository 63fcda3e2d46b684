"""End to end in a real Chromium: an umpire enters hands on his score sheet by tapping tiles."""

import pytest
from selenium.webdriver.common.by import By

from tests.browser.helpers import log_in, wait_for_text
from tests.tournaments.factories import TournamentFactory, seated_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "Umpire-Pass-2006"


def tap_tiles(browser, field_name: str, tiles: list[str]) -> None:
    """Focus a notation field, then tap the picker's buttons one by one."""
    browser.find_element(By.NAME, field_name).click()
    for tile in tiles:
        browser.find_element(By.CSS_SELECTOR, f'#tile-picker button[data-tile="{tile}"]').click()


def field_value(browser, name: str) -> str:
    return browser.find_element(By.NAME, name).get_attribute("value")


@pytest.fixture
def umpire_sheet(django_user_model):
    from django.contrib.auth.models import Group

    from tournaments.roles import ROLE_GROUPS, Role

    umpire = django_user_model.objects.create_user(
        "umpire", "umpire@example.org", PASSWORD, is_staff=True
    )
    umpire.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role.UMPIRE])[0])
    table_session = seated_table(TournamentFactory(name="Tablet Open"), started=True)
    table_session.umpire = umpire
    table_session.save(update_fields=["umpire"])
    return table_session


def test_an_umpire_taps_a_hand_previews_saves_it_then_sees_a_refusal(
    browser, live_server, umpire_sheet
):
    log_in(browser, live_server, "umpire", PASSWORD)  # he lands on his home: his sheets
    browser.find_element(By.ID, f"sheet-{umpire_sheet.pk}").click()
    wait_for_text(browser, "#next-hand-label", "Hand 1 — East round, dealer A")

    browser.find_element(By.CSS_SELECTOR, 'input[name="hand-winner"][value="A"]').click()
    browser.find_element(By.CSS_SELECTOR, 'input[name="hand-discarder"][value="B"]').click()
    tap_tiles(browser, "hand-meld1_tiles", ["4p", "2p", "3p"])
    tap_tiles(browser, "hand-concealed", ["9m", "1m", "2m", "3m", "4m", "5m", "6m", "7m"])
    tap_tiles(browser, "hand-concealed", ["8m", "5s", "6s"])
    browser.find_element(By.CSS_SELECTOR, '#tile-picker button[data-tool="backspace"]').click()
    tap_tiles(browser, "hand-win_tile", ["1z", "5s"])  # the winning tile is replaced, not added

    assert field_value(browser, "hand-meld1_tiles") == "234p"
    assert field_value(browser, "hand-meld1_type") == "chow"  # guessed from the tiles
    assert not browser.find_element(By.NAME, "hand-meld1_concealed").is_enabled()  # kongs only
    assert field_value(browser, "hand-concealed") == "123456789m5s"
    assert field_value(browser, "hand-win_tile") == "5s"
    wait_for_text(browser, "#tile-count", "14")

    browser.find_element(By.ID, "preview-button").click()
    wait_for_text(browser, "#preview", "Pure Straight")
    assert "Single Wait" in browser.find_element(By.ID, "preview").text
    assert "Player B" in browser.find_element(By.ID, "preview").text
    assert field_value(browser, "hand-concealed") == "123456789m5s"

    browser.find_element(By.ID, "save-button").click()
    wait_for_text(browser, "ul.messagelist", "Hand 1 recorded")
    wait_for_text(browser, 'tr[data-hand="1"]', "Pure Straight 16")
    wait_for_text(browser, "#next-hand-label", "Hand 2 — East round, dealer B")

    browser.find_element(By.CSS_SELECTOR, 'input[name="hand-winner"][value="C"]').click()
    browser.find_element(By.CSS_SELECTOR, 'input[name="hand-discarder"][value=""]').click()
    concealed = browser.find_element(By.NAME, "hand-concealed")
    concealed.send_keys("123m234456p5789s")  # typing notation works as well as tapping
    tap_tiles(browser, "hand-win_tile", ["6s"])
    browser.find_element(By.ID, "save-button").click()
    wait_for_text(browser, "#hand-errors", "Not a valid winning hand")
    assert umpire_sheet.hands.count() == 1
