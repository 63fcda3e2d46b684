"""The director's day on a phone (issue 29), in a real Chromium 390 px wide: the public
standings (long names, a team column, the teams' table), the hall clock and the umpire's
points-only score sheet never scroll sideways as a page. The standings show every column
without scrolling at all (the team under the name); the score sheet's wide table scrolls
inside its own box, every column of it reachable there, its hand column staying in view; the
clock's digits fit the screen. At 820 px (a tablet) the same pages still fit."""

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone
from selenium.webdriver.common.by import By

from tests.browser.helpers import (
    cells_out_of_view,
    log_in,
    role_groups_with_their_permissions,
    wait,
)
from tests.tournaments.factories import TeamFactory, TournamentFactory, seated_table
from tournaments.models import Hand, Player, Tournament
from tournaments.services.hands import hand_record_no_win, hand_record_win
from tournaments.services.sessions import session_start

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "Phone-Columns-Pass-2006"
LONG_NAMES = (
    "Maximiliano Alejandro Hernández-Villalobos",
    "Anastasiya Konstantinovna Vasilyeva-Dobrovolskaya",
    "欧阳娜娜",
    "Jean-Baptiste Dupont-Aignan de la Tour d'Auvergne",
)
TEAMS = ("Dragones Rojos de la Costa del Sol", "北京麻将俱乐部")

# For the table `arguments[0]`: every header of its head scrolled into view inside the table's
# box, one after the other (shown, within the box, not covered); then the box scrolled to its
# right end: where the rightmost header and the cell `arguments[1]` (the name column) are.
COLUMNS = """
const table = document.querySelector(arguments[0]);
const box = table.parentElement;
const within = (r, b) => r.width > 0 && r.left >= b.left - 1 && r.right <= b.right + 1;
const onTop = (el, r) => {
  const hit = document.elementFromPoint(r.left + Math.min(4, r.width / 2), r.top + r.height / 2);
  return !!hit && el.contains(hit);
};
const headers = [];
for (const th of table.querySelectorAll("thead th")) {
  th.scrollIntoView({block: "center", inline: "end"});
  const r = th.getBoundingClientRect();
  const b = box.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  headers.push({text: th.textContent.trim(), shown: r.width > 0 && r.height > 0,
    inBox: within(r, b), onTop: !!hit && th.contains(hit)});
}
box.scrollLeft = box.scrollWidth;
const b = box.getBoundingClientRect();
const ths = [...table.querySelectorAll("thead th")];
const last = ths.reduce((a, th) =>
  th.getBoundingClientRect().right > a.getBoundingClientRect().right ? th : a);
const name = table.querySelector(arguments[1]);
name.scrollIntoView({block: "center", inline: "nearest"});
box.scrollLeft = box.scrollWidth;
const lr = last.getBoundingClientRect(), nr = name.getBoundingClientRect();
return {
  overflowX: getComputedStyle(box).overflowX, scrolled: box.scrollLeft,
  boxFits: b.left >= 0 && b.right <= window.innerWidth,
  headers: headers, last: last.textContent.trim(), lastInBox: within(lr, b),
  name: name.textContent.trim(), nameAtLeft: Math.abs(nr.left - b.left) <= 2,
  nameInBox: within(nr, b), nameOnTop: onTop(name, nr),
};
"""


def page_fits(driver, width: int = 390) -> bool:
    assert driver.execute_script("return window.innerWidth") == width
    return driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")


def loaded(driver, url: str) -> None:
    driver.get(url)
    wait(driver).until(lambda d: d.execute_script("return document.readyState") == "complete")


def check_columns(driver, table: str, name_cell: str, *, sticks: bool) -> dict:
    """`sticks`: the box scrolls farther than the columns before the name cell are wide, so
    the name cell is held at the box's left edge (else it only stays in view)."""
    seen = driver.execute_script(COLUMNS, table, name_cell)
    assert seen["overflowX"] in ("auto", "scroll"), f"{table}: its box does not scroll"
    assert seen["boxFits"], f"{table}: its box is wider than the screen"
    for header in seen["headers"]:
        assert header["shown"], f"{table}: the column {header['text']!r} is hidden"
        assert header["inBox"] and header["onTop"], f"{table}: {header['text']!r} out of reach"
    assert seen["lastInBox"], f"{table}: the last column {seen['last']!r} runs out of its box"
    assert seen["scrolled"] > 0, f"{table}: nothing to scroll (the test proves nothing)"
    assert seen["nameInBox"] and seen["nameOnTop"], (
        f"{table}: {seen['name']!r} left the box when it scrolled"
    )
    if sticks:
        assert seen["nameAtLeft"], f"{table}: {seen['name']!r} is not held at the left edge"
    return seen


@pytest.fixture
def sheet(db, settings, django_user_model):
    from django.contrib.auth.models import Group

    from tournaments.roles import ROLE_GROUPS, Role

    settings.PUBLIC_RENDER_SECONDS = 0
    cache.clear()
    role_groups_with_their_permissions()
    chief = django_user_model.objects.create_user("chief", password=PASSWORD, is_staff=True)
    chief.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role.CHIEF_UMPIRE])[0])
    tournament = TournamentFactory(
        name="Phone Columns Open",
        slug="phone-open",
        entry_mode=Tournament.EntryMode.POINTS_ONLY,
    )
    sheet = seated_table(tournament, started=True)
    teams = [TeamFactory(tournament=tournament, name=name) for name in TEAMS]
    for i, seat in enumerate(sheet.seats.order_by("position")):
        Player.objects.filter(pk=seat.player_id).update(name=LONG_NAMES[i], team=teams[i % 2])
    hand_record_win(table_session=sheet, winner="A", discarder="B", points=24)
    hand_record_win(table_session=sheet, winner="C", discarder=None, points=8, flowers=2)
    hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.DRAW)
    hand_record_win(table_session=sheet, winner="D", discarder="A", points=12)
    return sheet


@pytest.fixture
def clock_session(db):
    tournament = TournamentFactory(name="Phone Clock Open", slug="phone-clock")
    return seated_table(tournament).session  # not started: the clock shows 2:30:00


def sheet_url(live_server, sheet) -> str:
    return live_server.url + reverse("admin:tournaments_tablesession_change", args=[sheet.pk])


def test_the_standings_show_place_name_tp_and_cp_on_a_phone_without_scrolling(
    phones, live_server, sheet
):
    """Long names and a team column: each line fits the screen (the team under the name), so
    nothing is scrolled to, neither the page nor the table's box."""
    phone = phones()
    loaded(phone, f"{live_server.url}/t/phone-open/")
    assert page_fits(phone)
    players = cells_out_of_view(phone, ".players-box table", [1, 2, 3, 4, 5, 6])
    assert players["rows"] == 4 and players["out"] == [], players["out"]
    assert not players["boxScrolls"], "the players' standings scroll sideways"
    names = [td.text for td in phone.find_elements(By.CSS_SELECTOR, ".players-box td:nth-child(3)")]
    assert sorted(names) == sorted(LONG_NAMES)
    teams = cells_out_of_view(phone, ".teams-box table", [1, 2, 3, 4, 5])
    assert teams["rows"] == 2 and teams["out"] == [], teams["out"]
    assert not teams["boxScrolls"], "the teams' standings scroll sideways"
    assert page_fits(phone)


def test_the_hall_clock_fits_a_phone(phones, live_server, clock_session):
    phone = phones()
    loaded(phone, f"{live_server.url}/t/phone-clock/clock/")
    digits = """
    const digits = document.getElementById("clock-digits");
    const range = document.createRange();
    range.selectNodeContents(digits);
    const r = range.getBoundingClientRect();
    return {text: digits.textContent, left: r.left, right: r.right, height: r.height,
      size: parseFloat(getComputedStyle(digits).fontSize),
      message: document.getElementById("clock-message").getBoundingClientRect().right};
    """
    wait(phone).until(lambda d: d.execute_script(digits)["text"] == "2:30:00")
    for state in ("waiting", "over"):
        if state == "over":
            session_start(session=clock_session, at=timezone.now() - timedelta(minutes=151))
            wait(phone).until(
                lambda d: d.find_element(By.ID, "clock").get_attribute("data-state") == "over"
            )
        shown = phone.execute_script(digits)
        assert page_fits(phone), f"the clock runs over the side ({state})"
        assert shown["left"] >= 0 and shown["right"] <= 390, shown
        assert shown["height"] < 1.6 * shown["size"], "the digits wrap onto two lines"
        assert shown["right"] - shown["left"] >= 390 * 0.4, "the digits are small on a phone"
        assert shown["message"] <= 390


def test_the_umpires_points_only_sheet_shows_every_column_on_a_phone(phones, live_server, sheet):
    phone = phones()
    log_in(phone, live_server, "chief", PASSWORD)
    loaded(phone, sheet_url(live_server, sheet))
    assert page_fits(phone), "the score sheet runs over the side of a phone"
    seen = check_columns(
        phone, "#hands-table", 'tbody tr[data-hand="1"] td:first-child', sticks=True
    )
    headers = [h["text"] for h in seen["headers"]]
    for header in ("#", "Outcome", "Points", "Round", "Fans", "+/−", "Total"):
        assert header in headers
    assert headers.count("Total") == 4 and headers.count("+/−") == 4
    assert seen["name"] == "1"
    assert page_fits(phone)


def test_the_three_pages_still_fit_a_tablet(browser, live_server, sheet, clock_session):
    browser.set_window_size(820, 1000)
    log_in(browser, live_server, "chief", PASSWORD)
    width = browser.execute_script("return window.innerWidth")
    for url in (
        f"{live_server.url}/t/phone-open/",
        f"{live_server.url}/t/phone-clock/clock/",
        sheet_url(live_server, sheet),
    ):
        loaded(browser, url)
        assert page_fits(browser, width), f"{url} runs over the side at 820 px"
