"""End to end in a real Chromium: two score-desk clerks key a whole 16-hand paper sheet at
/desk/ with the keyboard only (a scanner's code + Enter, letters and arrow keys in the lists,
Enter and Tab from cell to cell, Space for the signatures); the second mistypes one cell, sees
it, corrects it and saves: the sheet is recorded, and its scores are the running totals the
page showed (issue 27)."""

import re

import pytest
from django.contrib.auth.models import Group
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from desk.models import DeskEntry
from tests.browser.helpers import logged_in, wait, wait_for_text
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.models import Hand, Penalty, SessionResult, SheetConfirmation, Tournament
from tournaments.roles import ROLE_GROUPS, Role

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "Desk-Clerk-Pass-2006"
ENTER, TAB, DOWN, SPACE = Keys.ENTER, Keys.TAB, Keys.ARROW_DOWN, Keys.SPACE

# The paper: (outcome letter, winner, discarder or "" for self-drawn, points, flowers).
WIN, DRAW = "w", "d"
PAPER_HANDS = [
    (WIN, "A", "C", 15, 0),
    (DRAW,),
    (WIN, "B", "", 8, 2),
    (WIN, "D", "A", 24, 0),
    (WIN, "C", "B", 12, 1),
    (DRAW,),
    (WIN, "A", "", 16, 0),
    (WIN, "B", "D", 9, 3),
    (WIN, "C", "", 32, 0),
    (DRAW,),
    (WIN, "D", "C", 8, 0),
    (WIN, "A", "B", 64, 1),
    (WIN, "B", "A", 13, 0),
    (WIN, "C", "D", 10, 0),
    (WIN, "D", "", 18, 2),
    (WIN, "A", "C", 11, 0),
]


@pytest.fixture
def desk_sheet(django_user_model):
    sheet = seated_table(
        TournamentFactory(name="Desk Open", entry_mode=Tournament.EntryMode.POINTS_ONLY),
        session_number=2,
        table_number=7,
        started=True,
    )
    group = Group.objects.get_or_create(name=ROLE_GROUPS[Role.SCORE_DESK])[0]
    for name in ("clerk1", "clerk2"):
        clerk = django_user_model.objects.create_user(name, password=PASSWORD, is_staff=True)
        clerk.groups.add(group)
    return sheet


def press(browser, *keys) -> None:
    """Type into whatever has the focus, as a clerk does (no element is aimed at)."""
    ActionChains(browser).send_keys(*keys).perform()


def focused(browser) -> str:
    element = browser.switch_to.active_element
    return element.get_attribute("name") or element.get_attribute("id")


def log_in_by_keyboard(browser, live_server, username: str) -> None:
    browser.get(f"{live_server.url}/admin/login/")
    assert focused(browser) == "username"  # the admin's login form has it autofocused
    press(browser, username, TAB, PASSWORD, ENTER)
    logged_in(browser)  # a clerk lands on the score desk
    assert "/desk/" in browser.current_url


def open_by_code(browser, live_server, code: str) -> None:
    browser.get(f"{live_server.url}/desk/")  # straight to the only tournament playing
    wait(browser).until(lambda b: focused(b) == "code")
    press(browser, code, ENTER)  # what a USB scanner types from the QR code
    wait(browser).until(lambda b: focused(b) == "h1-outcome")


def key_hand(browser, number: int, hand: tuple, points: int | None = None) -> None:
    assert focused(browser) == f"h{number}-outcome"
    if hand[0] == DRAW:
        press(browser, DRAW, ENTER)  # the other cells are skipped
        return
    _w, winner, discarder, paper_points, flowers = hand
    press(browser, WIN, ENTER, winner, ENTER)
    assert focused(browser) == f"h{number}-discarder"
    press(browser, *([discarder] if discarder else []), ENTER)
    press(browser, str(paper_points if points is None else points), ENTER)
    press(browser, *([str(flowers)] if flowers else []), ENTER)


def key_fouls(browser) -> None:
    # 1: D, points deducted (the kind chosen with the arrow keys), 10.
    assert focused(browser) == "p1-offender"
    press(browser, "d", ENTER, DOWN, DOWN, ENTER)
    assert focused(browser) == "p1-amount"  # a deduction has no foul, victim or claim cell
    press(browser, "10", ENTER, ENTER, "Phone at the table", ENTER)
    # 2 and 3: B touches the wall twice: a warning, then 5 to each other player.
    for number, hand in ((2, 5), (3, 9)):
        assert focused(browser) == f"p{number}-offender"
        press(browser, "b", ENTER, DOWN, DOWN, DOWN, ENTER, "t", ENTER)
        assert focused(browser) == f"p{number}-hand_number"
        press(browser, str(hand), ENTER, "Touched the wall", ENTER)
    # 4: A reveals C's tile: 20, paid to C.
    press(browser, "a", ENTER, *[DOWN] * 6, ENTER)
    assert focused(browser) == "p4-victim"
    press(browser, "c", ENTER, "20", ENTER, "12", ENTER, "Showed a tile of C", ENTER)
    # A blank offender ends the fouls: Enter goes to the signatures.
    assert focused(browser) == "p5-offender"
    press(browser, ENTER)
    assert focused(browser) == "confirmed-A"


def key_sheet(browser, *, mistyped_hand: int | None = None) -> None:
    for number, hand in enumerate(PAPER_HANDS, start=1):
        points = 61 if number == mistyped_hand else None
        key_hand(browser, number, hand, points)
    key_fouls(browser)
    # The four signatures: Space ticks, Enter goes on; Enter in the last box saves.
    press(browser, SPACE, ENTER, SPACE, ENTER, SPACE, ENTER, SPACE)
    assert browser.find_element(By.ID, "desk-save").get_attribute("disabled") is None
    press(browser, ENTER)


def totals_shown(browser) -> dict[str, int]:
    return {p: int(browser.find_element(By.ID, f"total-{p}").text) for p in "ABCD"}


def test_two_clerks_key_a_whole_sheet_by_keyboard_and_the_second_corrects_a_cell(
    browser, live_server, desk_sheet
):
    log_in_by_keyboard(browser, live_server, "clerk1")
    open_by_code(browser, live_server, "S2-T7")
    assert "awaiting a first entry" in browser.find_element(By.ID, "desk-status").text

    # Under 8 points on a win is flagged in its row as it is typed, then corrected.
    press(browser, WIN, ENTER, "A", ENTER, "c", ENTER, "6")
    flag = browser.find_element(By.CSS_SELECTOR, 'tr[data-hand="1"] [data-flag="under"]')
    assert flag.is_displayed()
    assert browser.find_element(By.CSS_SELECTOR, 'tr[data-hand="1"] [data-total="A"]').text == "30"
    press(browser, Keys.BACKSPACE, "15")
    assert not flag.is_displayed()
    assert browser.find_element(By.CSS_SELECTOR, 'tr[data-hand="1"] [data-total="C"]').text == "-23"
    press(browser, ENTER, ENTER)
    for number, hand in enumerate(PAPER_HANDS[1:], start=2):
        key_hand(browser, number, hand)
    key_fouls(browser)
    press(browser, SPACE, ENTER, SPACE, ENTER, SPACE, ENTER, SPACE, ENTER)

    wait_for_text(browser, "ul.messagelist", "your entry is held")
    assert "awaiting a second entry" in browser.find_element(By.ID, "desk-status").text
    assert "A second clerk must key" in browser.find_element(By.ID, "desk-status-hint").text
    assert not browser.find_elements(By.NAME, "h1-outcome")
    assert not Hand.objects.filter(table_session=desk_sheet).exists()

    browser.delete_all_cookies()
    log_in_by_keyboard(browser, live_server, "clerk2")
    open_by_code(browser, live_server, "s2-t7")
    key_sheet(browser, mistyped_hand=12)

    # The entry differs: nothing is recorded; the cell is shown with what this entry holds,
    # never what the other holds (the clerk reads the paper again), and it has the focus.
    wait_for_text(browser, "#desk-status", "entries differ")
    marked = browser.find_elements(By.CSS_SELECTOR, "td.marked [name]")
    assert [cell.get_attribute("name") for cell in marked] == ["h12-points"]
    note = browser.find_element(By.CSS_SELECTOR, 'tr[data-hand="12"] td.desk-note').text
    assert "differs from the other entry (yours: 61)" in note and "64" not in note
    assert "64" not in browser.find_element(By.CSS_SELECTOR, ".desk-differences").text
    assert focused(browser) == "h12-points"
    assert not Hand.objects.filter(table_session=desk_sheet).exists()

    press(browser, "64")  # read on the paper; the focused cell's text is selected
    shown = totals_shown(browser)
    row16 = {
        p: int(browser.find_element(By.CSS_SELECTOR, f'tr[data-hand="16"] [data-total="{p}"]').text)
        for p in "ABCD"
    }
    # Ctrl+Enter saves from any cell.
    ActionChains(browser).key_down(Keys.CONTROL).send_keys(ENTER).key_up(Keys.CONTROL).perform()

    wait_for_text(browser, "ul.messagelist", "is recorded")
    assert "recorded at the desk" in browser.find_element(By.ID, "desk-status").text
    hands = Hand.objects.filter(table_session=desk_sheet).order_by("number")
    assert hands.count() == 16
    assert hands.get(number=12).points == 64 and hands.get(number=3).flowers == 2
    assert {h.entered_by.username for h in hands} == {"clerk2"}
    reasons = {h.history.first().history_change_reason for h in hands}
    assert len(reasons) == 1 and "clerk1" in reasons.pop()
    entries = DeskEntry.objects.filter(table_session=desk_sheet).order_by("pk")
    assert {(e.clerk.username, e.status) for e in entries} == {
        ("clerk1", "recorded"),
        ("clerk2", "superseded"),
        ("clerk2", "recorded"),
    }
    assert Penalty.objects.filter(table_session=desk_sheet).count() == 4
    assert SheetConfirmation.objects.filter(table_session=desk_sheet).count() == 4

    # The running totals the page showed are the server's scores.
    scores = {r.position: r.score for r in SessionResult.objects.filter(table_session=desk_sheet)}
    assert shown == scores
    hand_scores = {p: 0 for p in "ABCD"}
    for hand in hands:
        for score in hand.scores.all():
            hand_scores[score.position] += score.points
    assert row16 == hand_scores
    page_scores = {
        cell.get_attribute("data-score"): int(cell.text)
        for cell in browser.find_elements(By.CSS_SELECTOR, "#desk-scores [data-score]")
    }
    assert page_scores == scores
    assert re.search(r"\bS2-T7\b", browser.find_element(By.CSS_SELECTOR, "h2").text)


def test_tab_goes_row_by_row_over_the_cells_that_apply(browser, live_server, desk_sheet):
    log_in_by_keyboard(browser, live_server, "clerk1")
    open_by_code(browser, live_server, "S2-T7")
    order = []
    press(browser, WIN)
    for _n in range(5):
        press(browser, TAB)
        order.append(focused(browser))
    assert order == ["h1-winner", "h1-discarder", "h1-points", "h1-flowers", "h2-outcome"]
    press(browser, DRAW, TAB)  # a draw has no other cell
    assert focused(browser) == "h3-outcome"
    ActionChains(browser).key_down(Keys.SHIFT).send_keys(TAB).key_up(Keys.SHIFT).perform()
    assert focused(browser) == "h2-outcome"
    # A time-limit stop in hand 3: the rows after it are left out, Tab goes to the fouls.
    press(browser, TAB, "s", TAB)
    assert focused(browser) == "p1-offender"
    assert not browser.find_element(By.NAME, "h4-outcome").is_enabled()
    # Enter on a blank offender goes to the signatures, and nothing was sent.
    press(browser, ENTER)
    assert focused(browser) == "confirmed-A"
    assert browser.find_element(By.NAME, "h3-outcome").get_attribute("value") == "time"
    assert not DeskEntry.objects.exists()
