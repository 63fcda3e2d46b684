"""End to end in a real Chromium: an umpire has his players confirm a complete sheet and
signs it; the chief umpire countersigns; the signed sheet offers no way to change it."""

import pytest
from django.contrib.auth.models import Group
from selenium.webdriver.common.by import By

from tests.browser.helpers import log_in, wait_for_text
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.models import Hand, TableSession
from tournaments.roles import ROLE_GROUPS, Role
from tournaments.services.hands import hand_record_no_win

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "Sign-Off-Pass-2006"


def user_with_role(django_user_model, username: str, role: Role):
    user = django_user_model.objects.create_user(username, password=PASSWORD, is_staff=True)
    user.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[role])[0])
    return user


@pytest.fixture
def complete_sheet(django_user_model):
    sheet = seated_table(TournamentFactory(name="Valencia Open"), started=True)
    sheet.umpire = user_with_role(django_user_model, "umpire", Role.UMPIRE)
    sheet.save(update_fields=["umpire"])
    hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.DRAW)
    hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.TIME_LIMIT)
    user_with_role(django_user_model, "chief", Role.CHIEF_UMPIRE)
    return sheet


def open_sheet(browser, live_server, sheet) -> None:
    browser.get(f"{live_server.url}/admin/tournaments/tablesession/{sheet.pk}/change/")


def test_the_umpire_signs_and_the_chief_umpire_countersigns_in_the_browser(
    browser, live_server, complete_sheet
):
    log_in(browser, live_server, "umpire", PASSWORD)
    open_sheet(browser, live_server, complete_sheet)
    wait_for_text(browser, "#sheet-status", "Complete")
    assert not browser.find_elements(By.ID, "hand-form")
    for position in "ABCD":
        # Each wait names this player: the previous page's message names another one.
        browser.find_element(By.ID, f"confirm-{position}").click()
        wait_for_text(browser, "ul.messagelist", f"Player {position} confirmed the sheet")
    browser.find_element(By.ID, "sign-button").click()
    wait_for_text(browser, "#sheet-status", "Signed by the umpire")
    assert browser.find_element(By.ID, "locked-note").is_displayed()
    assert not browser.find_elements(By.ID, "penalty-form")
    assert not browser.find_elements(By.ID, "remove-last")

    browser.delete_all_cookies()  # log out (the admin logs out by POST only)
    log_in(browser, live_server, "chief", PASSWORD)
    open_sheet(browser, live_server, complete_sheet)
    browser.find_element(By.ID, "countersign-button").click()
    wait_for_text(browser, "#sheet-status", "Final (countersigned)")
    assert browser.find_element(By.ID, "corrections").is_displayed()
    complete_sheet.refresh_from_db()
    assert complete_sheet.status == TableSession.Status.FINAL
    assert complete_sheet.confirmations.count() == 4
