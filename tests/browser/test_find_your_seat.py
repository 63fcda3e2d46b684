"""Find your seat on a phone (390 px) and the draw on the hall's projector, in Chromium: a
player types part of his name without its accents and reads his table and seat; the
projector's draw turns its pages by itself."""

import pytest
from selenium.webdriver.common.by import By

from public import views
from tests.browser.helpers import wait, wait_for_text
from tests.tournaments.factories import PlayerFactory, TournamentFactory, seated_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = [
    ("José Núñez", ""),
    ("Li Minghua", "李明华"),
    ("Ana Pérez", ""),
    ("Björn Ångström", ""),
    ("Maximiliano Fernández de la Peña", ""),
    ("Josefina Ortega", ""),
]


@pytest.fixture
def hall(db):
    from django.core.cache import cache

    cache.clear()
    tournament = TournamentFactory(name="Hall Open", slug="hall")
    named = [(n, native) for n, native in NAMES]
    named += [(f"Player {i:02d}", "") for i in range(1, 40 - len(NAMES) + 1)]
    players = [
        PlayerFactory(
            tournament=tournament,
            name=name,
            native_name=native,
            lot_number=i,
            registration_number=i,
        )
        for i, (name, native) in enumerate(named, start=1)
    ]
    for table in range(10):
        seated_table(tournament, table_number=table + 1, players=players[4 * table : 4 * table + 4])
    return tournament


def test_a_player_finds_his_seat_on_a_phone_typing_his_name_without_accents(
    phones, live_server, hall
):
    phone = phones()
    phone.get(f"{live_server.url}/t/hall/")
    phone.find_element(By.LINK_TEXT, "Find your seat").click()
    wait_for_text(phone, "main h1", "Find your seat")
    field = phone.find_element(By.NAME, "q")
    field.send_keys("JOSE")
    phone.find_element(By.CSS_SELECTOR, ".seat-search button").click()
    wait_for_text(phone, ".seat-results", "2 players found")
    cards = [c.text for c in phone.find_elements(By.CSS_SELECTOR, ".seat-card")]
    assert "José Núñez" in cards[0] and "Table 1" in cards[0] and "East" in cards[0]
    assert "Josefina Ortega" in cards[1] and "Table 2" in cards[1] and "South" in cards[1]
    assert phone.execute_script("return window.innerWidth") == 390
    assert phone.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("width", [820, 1400])
def test_find_your_seat_fits_a_tablet_and_a_desktop_with_its_long_names(
    browser, live_server, hall, width
):
    browser.set_window_size(width, 900)
    browser.get(f"{live_server.url}/t/hall/seats/?q=fern")
    wait_for_text(browser, ".seat-results", "1 player found")
    card = browser.find_element(By.CSS_SELECTOR, ".seat-card")
    assert "Maximiliano Fernández de la Peña" in card.text and "Table 2" in card.text
    assert browser.execute_script(
        "return document.documentElement.scrollWidth <= window.innerWidth"
    )


def test_the_projector_draw_fits_an_820_px_screen_without_scrolling(browser, live_server, hall):
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 820, "height": 1180, "deviceScaleFactor": 1, "mobile": False},
    )
    browser.get(f"{live_server.url}/t/hall/draw/")
    shown = browser.find_element(By.CSS_SELECTOR, ".draw-page:not([hidden])")
    assert "Page 1 of" in shown.text
    assert browser.execute_script(
        "return document.documentElement.scrollWidth <= window.innerWidth"
        " && document.documentElement.scrollHeight <= window.innerHeight"
    )


def test_the_projector_draw_turns_its_pages_by_itself(browser, live_server, hall, monkeypatch):
    monkeypatch.setattr(views, "DRAW_PAGE_SECONDS", 2)
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 1400, "height": 788, "deviceScaleFactor": 1, "mobile": False},
    )
    browser.get(f"{live_server.url}/t/hall/draw/")
    shown = browser.find_element(By.CSS_SELECTOR, ".draw-page:not([hidden])")
    assert "Page 1 of 2" in shown.text and "Ana Pérez" in shown.text
    # Every row of the page is on the screen: nothing to scroll on a projector.
    assert browser.execute_script(
        "return document.documentElement.scrollHeight <= window.innerHeight"
    )
    wait(browser).until(
        lambda b: "Page 2 of 2" in b.find_element(By.CSS_SELECTOR, ".draw-page:not([hidden])").text
    )
    # After the last page it reads the draw again and starts over from the first.
    wait(browser).until(
        lambda b: "Page 1 of 2" in b.find_element(By.CSS_SELECTOR, ".draw-page:not([hidden])").text
    )
