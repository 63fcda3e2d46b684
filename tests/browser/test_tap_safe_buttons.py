"""A tap is never lost on the umpire's sheet (issue 29): typing a hand's tiles and then tapping
Preview previews it; the tiles drawn when the field loses the focus do not move the button
from under the finger between its press and its release."""

import pytest
from django.urls import reverse
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from tests.browser.helpers import log_in, wait
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "Tap-Safe-2006"


@pytest.fixture
def sheet(django_user_model):
    """A started table of a tiles tournament; its umpire (login "umpire")."""
    from django.contrib.auth.models import Group

    from tournaments.roles import ROLE_GROUPS, Role

    table = seated_table(
        TournamentFactory(name="Tap Open", entry_mode=Tournament.EntryMode.TILES), started=True
    )
    umpire = django_user_model.objects.create_user("umpire", password=PASSWORD, is_staff=True)
    umpire.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role.UMPIRE])[0])
    table.umpire = umpire
    table.save(update_fields=["umpire"])
    return table


@pytest.mark.parametrize("width", [820, 1400])
def test_typing_the_tiles_then_tapping_preview_previews_the_hand(
    browser, live_server, sheet, width
):
    log_in(browser, live_server, "umpire", PASSWORD)
    browser.set_window_size(width, 1000)
    browser.get(live_server.url + reverse("admin:tournaments_tablesession_change", args=[sheet.pk]))
    browser.find_element(By.CSS_SELECTOR, 'input[name="hand-winner"][value="A"]').click()
    concealed = browser.find_element(By.NAME, "hand-concealed")
    concealed.send_keys("123m456p789s1122z")  # typed: no tile drawn yet
    browser.find_element(By.NAME, "hand-win_tile").send_keys("2z")
    preview = browser.find_element(By.ID, "preview-button")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", preview)
    before = preview.rect
    # A finger: pressed where the button is (the field loses the focus to it), released
    # there a moment later.
    actions = ActionChains(browser).move_to_element(preview).click_and_hold().pause(0.3)
    actions.perform()
    assert preview.rect == before  # nothing moved under the finger
    ActionChains(browser).release().perform()
    wait(browser).until(lambda d: d.find_elements(By.ID, "preview"))
