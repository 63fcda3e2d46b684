"""The director's pages never scroll sideways as a page, measured in Chromium at the widths of
a tablet (820 px) and a phone (390 px): the umpire rota of an eight-session event, whose table
scrolls inside its own box with the table numbers in view; the tournament's dashboard with the
score desk's panel; the public standings of a tournament without teams, which give the empty
team column away and show place, name, TP and CP with nothing to scroll."""

import pytest
from django.contrib.auth.models import Group
from django.core.cache import cache
from django.urls import reverse
from selenium.webdriver.common.by import By

from desk.models import DeskEntry
from tests.browser.helpers import (
    cells_out_of_view,
    log_in,
    page_overflow,
    role_groups_with_their_permissions,
    wait,
)
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.models import Player, TableSession, Tournament
from tournaments.roles import ROLE_GROUPS, Role
from tournaments.services.hands import hand_record_win

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "Sideways-Pass-2006"
SESSIONS = 8
LONG_NAMES = (
    "Maximiliano Alejandro Hernández-Villalobos",
    "Anastasiya Konstantinovna Vasilyeva-Dobrovolskaya",
    "Jean-Baptiste Dupont-Aignan de la Tour d'Auvergne",
    "María del Carmen Rodríguez Fernández",
)


def viewport(driver, width: int) -> None:
    """The page laid out `width` px wide, as on that device (a phone: mobile)."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 500},
    )


def loaded(driver, url: str) -> None:
    driver.get(url)
    wait(driver).until(lambda d: d.execute_script("return document.readyState") == "complete")


@pytest.fixture
def event(settings, django_user_model):
    """Eight sessions of two tables, every sheet given to an umpire with a long login; session
    1 started, one of its sheets keyed once at the score desk (the dashboard shows its panel)."""
    settings.PUBLIC_RENDER_SECONDS = 0
    cache.clear()
    role_groups_with_their_permissions()
    chief = django_user_model.objects.create_user("chief", password=PASSWORD, is_staff=True)
    chief.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role.CHIEF_UMPIRE])[0])
    umpire = django_user_model.objects.create_user("umpire-hernandez-villalobos", is_staff=True)
    umpire.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role.UMPIRE])[0])
    clerk = django_user_model.objects.create_user("clerk", is_staff=True)
    clerk.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role.SCORE_DESK])[0])
    tournament = TournamentFactory(
        name="Sideways Open", slug="sideways-open", sessions_planned=SESSIONS
    )
    first = [seated_table(tournament, table_number=n, started=True) for n in (1, 2)]
    players = [[seat.player for seat in sheet.seats.order_by("position")] for sheet in first]
    for number in range(2, SESSIONS + 1):
        for table in (1, 2):
            seated_table(
                tournament, session_number=number, table_number=table, players=players[table - 1]
            )
    TableSession.objects.filter(session__tournament=tournament).update(umpire=umpire)
    DeskEntry.objects.create(
        table_session=first[0],
        clerk=clerk,
        status=DeskEntry.Status.FIRST,
        payload={"hands": [], "penalties": [], "confirmed": []},
    )
    return tournament


@pytest.fixture
def solo(settings):
    """A tournament without teams: long names, one hand played at each of two tables."""
    settings.PUBLIC_RENDER_SECONDS = 0
    cache.clear()
    tournament = TournamentFactory(
        name="Solo Open", slug="solo-open", entry_mode=Tournament.EntryMode.POINTS_ONLY
    )
    for number in (1, 2):
        sheet = seated_table(tournament, table_number=number, started=True)
        if number == 1:
            for seat, name in zip(sheet.seats.order_by("position"), LONG_NAMES, strict=True):
                Player.objects.filter(pk=seat.player_id).update(name=name)
        hand_record_win(table_session=sheet, winner="B", discarder="A", points=24)
    return tournament


ROTA_IN_ITS_BOX = """
const box = document.querySelector(".umpire-rota-box");
box.scrollLeft = box.scrollWidth;
const b = box.getBoundingClientRect();
const numbers = [...document.querySelectorAll("#umpire-rota tbody th.table-number")];
const hidden = numbers.filter(th => {
  const r = th.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !(r.left >= b.left - 1 && r.right <= b.right + 1 && hit && th.contains(hit));
});
return {scrolls: box.scrollWidth > box.clientWidth, scrolled: box.scrollLeft,
  numbers: numbers.length, hidden: hidden.map(th => th.textContent.trim())};
"""


@pytest.mark.parametrize("width", [820, 390])
def test_the_umpire_rota_of_eight_sessions_never_runs_past_the_side(
    browser, live_server, event, width
):
    log_in(browser, live_server, "chief", PASSWORD)
    viewport(browser, width)
    url = reverse("admin:tournaments_session_umpire_rota", args=[event.pk])
    loaded(browser, live_server.url + url)
    assert browser.find_element(By.ID, "rota-1-1").text == "umpire-hernandez-villalobos"
    assert page_overflow(browser) <= 0, f"the rota runs {page_overflow(browser)} px over"
    seen = browser.execute_script(ROTA_IN_ITS_BOX)
    assert seen["scrolls"] and seen["scrolled"] > 0, "the rota fits: the test proves nothing"
    assert seen["numbers"] == 2 and seen["hidden"] == [], seen
    assert page_overflow(browser) <= 0


def test_the_dashboard_with_the_score_desks_panel_fits_a_phone(browser, live_server, event):
    log_in(browser, live_server, "chief", PASSWORD)
    viewport(browser, 390)
    url = reverse("admin:tournaments_tournament_dashboard", args=[event.pk])
    loaded(browser, live_server.url + url)
    assert browser.find_element(By.ID, "dash-desk").is_displayed()
    assert page_overflow(browser) <= 0, f"the dashboard runs {page_overflow(browser)} px over"


@pytest.mark.parametrize("width", [1400, 820, 390])
def test_standings_without_teams_show_place_name_tp_and_cp_with_nothing_to_scroll(
    browser, live_server, solo, width
):
    viewport(browser, width)
    loaded(browser, f"{live_server.url}/t/solo-open/")
    assert page_overflow(browser) <= 0
    seen = cells_out_of_view(browser, ".players-box table", [1, 3, 5, 6])
    assert seen["rows"] == 8 and seen["out"] == [], seen["out"]
    assert not seen["boxScrolls"], "the standings scroll sideways in their box"
    team_cells = browser.find_elements(By.CSS_SELECTOR, ".players-box .team")
    assert team_cells and not any(cell.is_displayed() for cell in team_cells)
    headers = [th.text for th in browser.find_elements(By.CSS_SELECTOR, ".players-box th")]
    assert [h for h in headers if h] == ["Rank", "No.", "Player", "TP", "CP"]
