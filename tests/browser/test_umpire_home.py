"""The umpire's home on a tablet (issue 29): at 820 px his sheets fit the screen, each a card
big enough to tap, and tapping one opens its score sheet."""

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse
from selenium.webdriver.common.by import By

from tests.browser.helpers import log_in, wait
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.roles import ROLE_GROUPS, Role

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "Umpire-Pass-2006"


@pytest.fixture
def umpire_with_sheets(django_user_model):
    umpire = django_user_model.objects.create_user("ump", password=PASSWORD, is_staff=True)
    umpire.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role.UMPIRE])[0])
    tournament = TournamentFactory(name="Tablet Open")
    sheets = [seated_table(tournament, table_number=n, started=True) for n in (1, 2, 3)]
    for sheet in sheets[:2]:
        sheet.umpire = umpire
        sheet.save(update_fields=["umpire"])
    return umpire, sheets


def overflow(browser) -> int:
    """How far the page runs past the right edge of the window (0: it fits)."""
    return browser.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )


def test_at_820_px_the_umpires_sheets_fit_and_a_tap_opens_one(
    browser, live_server, umpire_with_sheets
):
    _umpire, sheets = umpire_with_sheets
    log_in(browser, live_server, "ump", PASSWORD)  # an umpire lands on his home
    assert browser.current_url == live_server.url + reverse("umpire-home")
    browser.set_window_size(820, 1000)
    wait(browser).until(lambda b: b.find_elements(By.CSS_SELECTOR, "a.sheet-card"))

    assert overflow(browser) <= 0, f"the home runs {overflow(browser)} px over at 820 px"
    cards = browser.find_elements(By.CSS_SELECTOR, "a.sheet-card")
    assert [c.get_attribute("id") for c in cards] == [f"sheet-{s.pk}" for s in sheets[:2]]
    assert all(c.size["height"] >= 44 and c.size["width"] >= 44 for c in cards)
    assert not browser.find_elements(By.ID, "nav-sidebar")

    cards[1].click()
    page = reverse("admin:tournaments_tablesession_change", args=[sheets[1].pk])
    wait(browser).until(lambda b: b.current_url == live_server.url + page)
    assert browser.find_element(By.ID, "sheet-header").is_displayed()


def test_a_disputed_hand_comes_first_and_fits_at_820_and_390_px(
    browser, live_server, umpire_with_sheets
):
    from player_entry.services import table_entry_dispute, table_entry_submit
    from tournaments.models import Tournament

    _umpire, sheets = umpire_with_sheets
    Tournament.objects.filter(pk=sheets[0].session.tournament_id).update(
        hand_entry="players", entry_mode=Tournament.EntryMode.POINTS_ONLY
    )
    disputed = sheets[1]
    seated = {seat.position: seat.player for seat in disputed.seats.select_related("player")}
    data = {"outcome": "win", "winner": "A", "discarder": "B", "points": 10, "flowers": 0}
    entry, _new = table_entry_submit(
        player=seated["A"], table_session=disputed, data=data, key="entry-1", seen_version=0
    )
    table_entry_dispute(player=seated["C"], entry_id=entry.pk, reason="It was 9 points")

    log_in(browser, live_server, "ump", PASSWORD)
    for width in (820, 390):
        browser.set_window_size(width, 1000)
        browser.get(f"{live_server.url}/umpire/")
        sections = browser.find_elements(By.CSS_SELECTOR, "main section")
        assert sections[0].get_attribute("id") == "disputes"
        assert "It was 9 points" in sections[0].text and "Table 2, hand 1" in sections[0].text
        settle = sections[0].find_element(By.CSS_SELECTOR, "a.settle")
        assert settle.size["height"] >= 44
        cards = browser.find_elements(By.CSS_SELECTOR, "a.sheet-card")
        assert cards[0].get_attribute("id") == f"sheet-{disputed.pk}"
        assert overflow(browser) <= 0, f"the home runs {overflow(browser)} px over at {width} px"
        browser.save_screenshot(f"/tmp/umpire_home_disputes_{width}.png")

    settle.click()
    page = reverse("admin:player_entry_tableentry_settle", args=[entry.pk])
    wait(browser).until(lambda b: b.current_url == live_server.url + page)
