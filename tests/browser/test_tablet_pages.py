"""The umpire's score sheet, the dashboard and the seating chart as their users see them, in
a real Chromium at 1400, 1024 and 820 px (a tablet): nothing runs off the side of the screen;
at 820 px an umpire taps tile faces and sees the hand he is entering as tiles, and the one-tap
outcomes ask first."""

import pytest
from django.urls import reverse
from django.utils import timezone
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

from tests.browser.helpers import logged_in, role_groups_with_their_permissions
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.models import Hand, Tournament
from tournaments.services.sessions import session_start

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "Chief-Pass-2006"
WIDTHS = (1400, 1024, 820)


def wait(browser):
    return WebDriverWait(browser, 20, ignored_exceptions=(WebDriverException,))


@pytest.fixture
def chief_and_sheet(django_user_model):
    from django.contrib.auth.models import Group

    from tournaments.roles import ROLE_GROUPS, Role

    role_groups_with_their_permissions()
    chief = django_user_model.objects.create_user("chief", password=PASSWORD, is_staff=True)
    chief.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role.CHIEF_UMPIRE])[0])
    tournament = TournamentFactory(name="Tablet Open", status=Tournament.Status.SEATED)
    sheets = [seated_table(tournament, table_number=n) for n in (1, 2, 3)]
    session_start(session=sheets[0].session, at=timezone.now())
    return chief, sheets[0]


def log_in(browser, live_server):
    browser.get(f"{live_server.url}/admin/login/")
    browser.find_element(By.NAME, "username").send_keys("chief")
    browser.find_element(By.NAME, "password").send_keys(PASSWORD)
    browser.find_element(By.CSS_SELECTOR, "input[type=submit]").click()
    logged_in(browser)


def overflow(browser) -> int:
    """How far the page runs past the right edge of the window (0: it fits)."""
    return browser.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )


def test_the_sheet_the_dashboard_and_the_chart_fit_a_tablet(browser, live_server, chief_and_sheet):
    _chief, sheet = chief_and_sheet
    tournament = sheet.session.tournament
    log_in(browser, live_server)
    pages = {
        "score sheet": reverse("admin:tournaments_tablesession_change", args=[sheet.pk]),
        "dashboard": reverse("admin:tournaments_tournament_dashboard", args=[tournament.pk]),
        "chart": reverse("admin:tournaments_tournament_seating_chart", args=[tournament.pk]),
        "tournament": reverse("admin:tournaments_tournament_change", args=[tournament.pk]),
        "print forms": reverse("admin:tournaments_tournament_print_forms", args=[tournament.pk]),
    }
    for width in WIDTHS:
        browser.set_window_size(width, 1000)
        for name, path in pages.items():
            browser.get(live_server.url + path)
            wait(browser).until(
                lambda b: b.execute_script("return document.readyState") == "complete"
            )
            assert overflow(browser) <= 0, f"{name} at {width} px runs {overflow(browser)} px over"


def test_at_820_px_an_umpire_taps_tile_faces_and_sees_his_hand_as_tiles(
    browser, live_server, chief_and_sheet
):
    _chief, sheet = chief_and_sheet
    log_in(browser, live_server)
    browser.set_window_size(820, 1000)
    browser.get(live_server.url + reverse("admin:tournaments_tablesession_change", args=[sheet.pk]))
    buttons = browser.find_elements(By.CSS_SELECTOR, "#tile-picker button[data-tile]")
    assert len(buttons) == 34
    assert all(b.find_elements(By.CSS_SELECTOR, "svg.tile-face") for b in buttons)
    assert all(b.size["width"] >= 44 and b.size["height"] >= 44 for b in buttons)  # tappable
    browser.find_element(By.NAME, "hand-concealed").click()
    for tile in ("1m", "2m", "3m", "5p"):
        browser.find_element(By.CSS_SELECTOR, f'#tile-picker button[data-tile="{tile}"]').click()
    strip = browser.find_element(By.CSS_SELECTOR, '.tile-strip[data-for="hand-concealed"]')
    assert len(strip.find_elements(By.CSS_SELECTOR, "svg.tile-face")) == 4
    strip.find_elements(By.CSS_SELECTOR, "button")[3].click()  # tapping a shown tile takes it out
    assert browser.find_element(By.NAME, "hand-concealed").get_attribute("value") == "123m"

    browser.find_element(By.ID, "draw-button").click()
    wait(browser).until(expected_conditions.presence_of_element_located((By.ID, "confirm-yes")))
    assert not Hand.objects.exists()  # asked, not recorded
    browser.find_element(By.ID, "confirm-yes").click()
    wait(browser).until(lambda b: Hand.objects.filter(table_session=sheet).exists())
    assert Hand.objects.get(table_session=sheet).outcome == Hand.Outcome.DRAW


def test_the_pages_still_fit_a_tablet_in_spanish(browser, live_server, chief_and_sheet):
    """Spanish words are longer than English ones: the pages of the tournament still fit."""
    from tournaments.services.accounts import user_language_set
    from tournaments.services.penalties import penalty_record

    chief, sheet = chief_and_sheet
    tournament = sheet.session.tournament
    seat = sheet.seats.get(position="D")
    reason = "Discarded before the previous player had finished his turn, twice, " * 2
    penalty_record(
        table_session=sheet,
        player=seat.player,
        kind="deduction",
        amount=10,
        reason=reason.strip()[:200],
        user=chief,
    )  # a long choice among the voidable
    log_in(browser, live_server)
    user_language_set(user=chief, language="es")
    pages = {
        "score sheet": reverse("admin:tournaments_tablesession_change", args=[sheet.pk]),
        "dashboard": reverse("admin:tournaments_tournament_dashboard", args=[tournament.pk]),
        "print forms": reverse("admin:tournaments_tournament_print_forms", args=[tournament.pk]),
        "tournament": reverse("admin:tournaments_tournament_change", args=[tournament.pk]),
        "standings": reverse("admin:tournaments_tournament_standings", args=[tournament.pk]),
        "fouls": reverse("admin:tournaments_tournament_fouls", args=[tournament.pk]),
    }
    for width in (1024, 820):
        browser.set_window_size(width, 1000)
        for name, path in pages.items():
            browser.get(live_server.url + path)
            wait(browser).until(
                lambda b: b.execute_script("return document.readyState") == "complete"
            )
            assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "es"
            assert overflow(browser) <= 0, f"{name} at {width} px runs {overflow(browser)} px over"
