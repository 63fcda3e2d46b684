"""In a real Chromium at 1400 px: the audit trail of a 16-hand sheet with a correction, a
penalty and a voided penalty fits about one screen (one line per event), and each line's
details unfold on a click."""

import pytest
from django.contrib.auth.models import Group
from selenium.webdriver.common.by import By

from tests.browser.helpers import log_in, wait
from tests.tournaments.audit_helpers import director_day
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.models import Tournament
from tournaments.roles import ROLE_GROUPS, Role

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "Audit-Trail-Pass-2029"
SCREEN = (1400, 900)


def user_with_role(django_user_model, username: str, role: Role):
    user = django_user_model.objects.create_user(username, password=PASSWORD, is_staff=True)
    user.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[role])[0])
    return user


@pytest.fixture
def corrected_sheet(django_user_model):
    tournament = TournamentFactory(entry_mode=Tournament.EntryMode.POINTS_ONLY)
    sheet = seated_table(tournament, started=True)
    umpire = user_with_role(django_user_model, "umpire", Role.UMPIRE)
    chief = user_with_role(django_user_model, "chief", Role.CHIEF_UMPIRE)
    sheet.umpire = umpire
    sheet.save(update_fields=["umpire"])
    return director_day(sheet, umpire, chief).sheet


def open_trail(browser, live_server, sheet) -> None:
    browser.set_window_size(*SCREEN)
    log_in(browser, live_server, "chief", PASSWORD)
    browser.get(f"{live_server.url}/admin/tournaments/tablesession/{sheet.pk}/audit/")
    wait(browser).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#audit-table tr.audit-line"))


def test_the_trail_of_a_sixteen_hand_sheet_fits_about_one_screen_at_1400_px(
    browser, live_server, corrected_sheet
):
    open_trail(browser, live_server, corrected_sheet)
    height = browser.execute_script("return document.documentElement.scrollHeight")
    lines = browser.find_elements(By.CSS_SELECTOR, "#audit-table tr.audit-line")
    assert len(lines) >= 16  # every hand is there ...
    assert height < 1.5 * SCREEN[1], height  # ... each on one line, its details folded
    single = [line for line in lines if line.size["height"] < 40]  # one line of text
    assert len(single) >= 0.9 * len(lines), [line.text for line in lines if line not in single]


def test_a_lines_details_unfold_on_a_click(browser, live_server, corrected_sheet):
    open_trail(browser, live_server, corrected_sheet)
    replaced = next(
        line
        for line in browser.find_elements(By.CSS_SELECTOR, "#audit-table details")
        if line.text.startswith("Hand 3 replaced by chief")
    )
    detail = replaced.find_element(By.CSS_SELECTOR, "li")
    assert not detail.is_displayed()
    replaced.find_element(By.TAG_NAME, "summary").click()
    wait(browser).until(lambda b: detail.is_displayed())
    assert replaced.get_attribute("open") is not None
    assert "Winner: — → C" in replaced.text
