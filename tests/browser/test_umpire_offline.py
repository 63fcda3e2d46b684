"""End to end in a real Chromium: the umpire's score-sheet page through a dropped network. A
hand saved with no network is kept on the device and listed as queued, through a reload with
no network; recorded once when the network returns; refused, with the reason, when the sheet
moved on meanwhile; and a post the server could not take is kept too (issue 28).

The browser reaches the live server through a relay (tests/browser/relay.py) that the tests
cut: Chromium's network emulation switches the page's network off (the browser then says it
is offline), not its service worker's, which would still reach the server."""

import pytest
from django.contrib.auth.models import Group
from django.http import HttpResponse
from django.urls import reverse
from selenium.webdriver.common.by import By

from player_entry.models import UmpireSubmission
from tests.browser.helpers import log_in, wait, wait_for_text
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.admin.sheet_page import SheetPage
from tournaments.models import Hand, Tournament
from tournaments.roles import ROLE_GROUPS, Role
from tournaments.services.hands import hand_record_no_win

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "Offline-Umpire-2006"
QUEUED = '#umpire-queue li[data-state="queued"]'
REFUSED = '#umpire-queue li[data-state="refused"]'


@pytest.fixture
def sheet(django_user_model):
    """A started table of a points-only tournament, and its umpire (login "umpire")."""
    table = seated_table(
        TournamentFactory(name="Offline Open", entry_mode=Tournament.EntryMode.POINTS_ONLY),
        started=True,
    )
    umpire = django_user_model.objects.create_user("umpire", password=PASSWORD, is_staff=True)
    umpire.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role.UMPIRE])[0])
    table.umpire = umpire
    table.save(update_fields=["umpire"])
    return table


def page_url(relay, sheet) -> str:
    return relay.url + reverse("admin:tournaments_tablesession_change", args=[sheet.pk])


def opened_and_kept(browser, relay, sheet) -> None:
    """The umpire opens the sheet, and the page is kept for when the network is gone."""
    log_in(browser, relay, "umpire", PASSWORD)
    browser.get(page_url(relay, sheet))
    wait_for_text(browser, "#sheet-status", "Open")
    wait(browser).until(
        lambda _d: browser.find_elements(By.CSS_SELECTOR, "#umpire-queue-panel[data-kept]")
    )


def emulate(browser, *, offline: bool) -> None:
    """The page's network switched off or on (Chromium's DevTools): the browser says so."""
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    )


def network_off(browser, relay) -> None:
    relay.cut()
    emulate(browser, offline=True)


def network_on(browser, relay) -> None:
    relay.restore()
    emulate(browser, offline=False)


def click(browser, css: str) -> None:
    element = browser.find_element(By.CSS_SELECTOR, css)
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def save_win(browser, *, points: str) -> None:
    click(browser, 'form#hand-form input[name="hand-winner"][value="A"]')
    click(browser, 'form#hand-form input[name="hand-discarder"][value="B"]')
    field = browser.find_element(By.CSS_SELECTOR, 'form#hand-form input[name="hand-points"]')
    field.clear()
    field.send_keys(points)
    click(browser, "#save-button")


def until(browser, check) -> None:
    wait(browser).until(lambda _d: check())


def test_hands_saved_with_no_network_are_queued_kept_through_a_reload_and_recorded_once(
    browser, relay, sheet
):
    opened_and_kept(browser, relay, sheet)
    network_off(browser, relay)
    wait_for_text(browser, "#umpire-queue-note", "No network")
    save_win(browser, points="8")
    wait_for_text(browser, QUEUED, "A ← B, 8")
    # A draw behind it: the page asks first, as the server's page does.
    click(browser, "#draw-button")
    wait(browser).until(lambda d: d.switch_to.alert)
    assert "Hand 2" in browser.switch_to.alert.text
    browser.switch_to.alert.accept()
    until(browser, lambda: len(browser.find_elements(By.CSS_SELECTOR, QUEUED)) == 2)
    assert not Hand.objects.exists()

    browser.get(page_url(relay, sheet))  # opened again with no network: its last copy
    wait_for_text(browser, "#sheet-status", "Open")
    until(browser, lambda: len(browser.find_elements(By.CSS_SELECTOR, QUEUED)) == 2)
    assert "A ← B, 8" in browser.find_element(By.CSS_SELECTOR, QUEUED).text
    assert not Hand.objects.exists()

    network_on(browser, relay)
    until(browser, lambda: Hand.objects.count() == 2)
    wait_for_text(browser, '#hands-table tr[data-hand="1"]', "8")  # the page read again
    wait_for_text(browser, '#hands-table tr[data-hand="2"]', "Draw")
    until(browser, lambda: not browser.find_elements(By.CSS_SELECTOR, "#umpire-queue li"))
    hands = Hand.objects.order_by("number")
    assert [(h.number, h.outcome, h.winner_position, h.points) for h in hands] == [
        (1, "win", "A", 8),
        (2, "draw", "", 0),
    ]
    assert UmpireSubmission.objects.count() == 2
    assert browser.find_element(By.CSS_SELECTOR, "#next-hand-label").text.startswith("Hand 3")


def test_a_queued_hand_the_sheet_no_longer_takes_is_shown_refused_with_the_reason_and_can_go(
    browser, relay, sheet
):
    opened_and_kept(browser, relay, sheet)
    network_off(browser, relay)
    save_win(browser, points="12")
    wait_for_text(browser, QUEUED, "12")
    hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.DRAW)  # meanwhile
    network_on(browser, relay)
    wait_for_text(browser, REFUSED, "changed since you opened it")
    assert Hand.objects.count() == 1 and not UmpireSubmission.objects.exists()
    wait_for_text(browser, '#hands-table tr[data-hand="1"]', "Draw")  # the page read again

    click(browser, f'{REFUSED} button[data-queue-action="discard"]')
    until(browser, lambda: not browser.find_elements(By.CSS_SELECTOR, "#umpire-queue li"))
    assert Hand.objects.count() == 1
    browser.refresh()
    wait_for_text(browser, "#sheet-status", "Open")
    assert not browser.find_elements(By.CSS_SELECTOR, "#umpire-queue li")


def test_a_refused_hand_entered_again_fills_the_form_and_is_saved_online(browser, relay, sheet):
    opened_and_kept(browser, relay, sheet)
    network_off(browser, relay)
    save_win(browser, points="16")
    wait_for_text(browser, QUEUED, "16")
    hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.DRAW)
    network_on(browser, relay)
    wait_for_text(browser, REFUSED, "changed")
    click(browser, f'{REFUSED} button[data-queue-action="again"]')
    until(browser, lambda: not browser.find_elements(By.CSS_SELECTOR, "#umpire-queue li"))
    points = browser.find_element(By.CSS_SELECTOR, 'input[name="hand-points"]')
    assert points.get_attribute("value") == "16"
    click(browser, "#save-button")  # online: the form posts as always
    wait_for_text(browser, "ul.messagelist", "Hand 2 recorded")
    assert [h.points for h in Hand.objects.order_by("number")] == [0, 16]
    assert not UmpireSubmission.objects.exists()


def test_a_hand_saved_when_the_server_is_unreachable_is_kept_and_sent_when_it_returns(
    browser, relay, sheet
):
    """The hall's Wi-Fi is up but the server is gone: the browser believes it is online, the
    form posts, and the service worker keeps what it could not send."""
    opened_and_kept(browser, relay, sheet)
    relay.cut()
    save_win(browser, points="32")
    wait_for_text(browser, QUEUED, "A ← B, 32")  # the page's last copy, with the queue
    assert not Hand.objects.exists()
    relay.restore()  # no "online" event: the queue tries again by itself
    until(browser, lambda: Hand.objects.count() == 1)
    wait_for_text(browser, '#hands-table tr[data-hand="1"]', "32")
    until(browser, lambda: not browser.find_elements(By.CSS_SELECTOR, "#umpire-queue li"))
    assert Hand.objects.get().points == 32 and UmpireSubmission.objects.count() == 1


def test_a_hand_the_server_could_not_take_is_kept_and_recorded_through_the_queue(
    browser, relay, sheet, monkeypatch
):
    opened_and_kept(browser, relay, sheet)
    # The page's post fails on the server's side (a 503, as from a proxy with no server):
    # the service worker keeps what was posted and the page's queue sends it.
    monkeypatch.setattr(SheetPage, "handle", lambda self, action: HttpResponse(status=503))
    save_win(browser, points="24")
    until(browser, lambda: Hand.objects.count() == 1)
    wait_for_text(browser, '#hands-table tr[data-hand="1"]', "24")
    hand = Hand.objects.get()
    assert (hand.winner_position, hand.discarder_position, hand.points) == ("A", "B", 24)
    assert UmpireSubmission.objects.get().hand == hand


def test_a_hand_saved_while_the_one_before_it_is_on_its_way_is_recorded_after_it(
    browser, relay, sheet
):
    opened_and_kept(browser, relay, sheet)
    network_off(browser, relay)
    save_win(browser, points="8")
    wait_for_text(browser, QUEUED, "A ← B, 8")

    relay.restore()
    browser.execute_cdp_cmd(  # back, but slow: hand 1 takes seconds on its way
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 3000, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    save_win(browser, points="9")  # saved meanwhile: it waits behind hand 1
    until(browser, lambda: Hand.objects.count() >= 1)
    emulate(browser, offline=False)

    until(browser, lambda: Hand.objects.count() == 2)
    until(browser, lambda: not browser.find_elements(By.CSS_SELECTOR, "#umpire-queue li"))
    hands = Hand.objects.order_by("number")
    assert [(h.number, h.points) for h in hands] == [(1, 8), (2, 9)]
    assert not browser.find_elements(By.CSS_SELECTOR, '#umpire-queue li[data-state="refused"]')


def test_a_hand_recorded_whose_answer_was_lost_is_found_recorded_not_entered_twice(
    browser, relay, sheet, monkeypatch
):
    opened_and_kept(browser, relay, sheet)
    record = SheetPage.handle

    def recorded_then_lost(self, action):  # a proxy's timeout after the server recorded it
        record(self, action)
        return HttpResponse(status=504)

    monkeypatch.setattr(SheetPage, "handle", recorded_then_lost)
    save_win(browser, points="24")
    until(browser, lambda: UmpireSubmission.objects.count() == 1)
    wait_for_text(browser, '#hands-table tr[data-hand="1"]', "24")
    until(browser, lambda: not browser.find_elements(By.CSS_SELECTOR, "#umpire-queue li"))
    assert Hand.objects.count() == 1
    assert UmpireSubmission.objects.get().hand == Hand.objects.get()


def test_a_hand_the_server_keeps_failing_stays_queued_and_may_be_discarded_after_three_tries(
    browser, relay, sheet, monkeypatch
):
    opened_and_kept(browser, relay, sheet)
    network_off(browser, relay)
    save_win(browser, points="10")
    wait_for_text(browser, QUEUED, "A ← B, 10")
    monkeypatch.setattr(  # the queue's endpoint fails on the server's side, every time
        "player_entry.umpire_views.umpire_hand_submit",
        lambda **_kwargs: (_ for _ in ()).throw(RuntimeError("the database is gone")),
    )
    network_on(browser, relay)
    discard = f'{QUEUED} button[data-queue-action="discard"]'
    until(browser, lambda: browser.find_elements(By.CSS_SELECTOR, discard))  # 3 failures
    assert "3 times (last: 500" in browser.find_element(By.CSS_SELECTOR, QUEUED).text
    assert not Hand.objects.exists()

    click(browser, discard)
    wait(browser).until(lambda d: d.switch_to.alert)
    browser.switch_to.alert.dismiss()  # not yet: it stays
    assert browser.find_elements(By.CSS_SELECTOR, QUEUED)
    click(browser, discard)
    wait(browser).until(lambda d: d.switch_to.alert)
    browser.switch_to.alert.accept()
    until(browser, lambda: not browser.find_elements(By.CSS_SELECTOR, "#umpire-queue li"))
    assert not Hand.objects.exists() and not UmpireSubmission.objects.exists()


def test_a_hand_the_server_asks_to_send_later_429_is_tried_again_not_refused(
    browser, relay, sheet, monkeypatch
):
    from player_entry import umpire_views
    from tournaments.errors import TournamentError

    opened_and_kept(browser, relay, sheet)
    network_off(browser, relay)
    save_win(browser, points="11")
    wait_for_text(browser, QUEUED, "A ← B, 11")
    calls = []
    record = umpire_views.umpire_hand_submit

    def busy_twice(**kwargs):
        calls.append(kwargs["key"])
        if len(calls) <= 2:
            raise TournamentError("Too many requests: wait.", code="busy")
        return record(**kwargs)

    monkeypatch.setattr(umpire_views, "umpire_hand_submit", busy_twice)
    monkeypatch.setitem(umpire_views.STATUS_OF_CODE, "busy", 429)
    network_on(browser, relay)
    until(browser, lambda: Hand.objects.count() == 1)
    assert len(calls) == 3 and len(set(calls)) == 1  # the same hand, under its own key
    assert not browser.find_elements(By.CSS_SELECTOR, REFUSED)
    assert Hand.objects.get().points == 11


KEPT_PAGES = """
const done = arguments[arguments.length - 1];
caches.keys().then((names) => Promise.all(
  names.filter((name) => name.startsWith("mcr-umpire-"))
    .map((name) => caches.open(name).then((cache) => cache.keys()))
)).then((lists) => done(lists.flat().map((request) => new URL(request.url).pathname)
  .filter((path) => !path.startsWith("/static/"))));
"""


def test_logging_out_forgets_the_sheet_pages_kept_for_the_next_login_on_the_device(
    browser, relay, sheet
):
    opened_and_kept(browser, relay, sheet)
    sheet_path = reverse("admin:tournaments_tablesession_change", args=[sheet.pk])
    until(browser, lambda: sheet_path in browser.execute_async_script(KEPT_PAGES))
    click(browser, "#logout-form button")
    wait_for_text(browser, "#content", "Log in again")
    until(browser, lambda: browser.execute_async_script(KEPT_PAGES) == [])

    network_off(browser, relay)
    browser.get(page_url(relay, sheet))  # the copy is gone: no sheet without the network
    assert not browser.find_elements(By.CSS_SELECTOR, "#sheet-status")


def test_a_penalty_with_no_network_is_not_posted_and_the_umpire_is_told_it_needs_the_network(
    browser, relay, sheet
):
    opened_and_kept(browser, relay, sheet)
    network_off(browser, relay)
    wait_for_text(browser, "#umpire-queue-note", "Penalties, arrivals and signatures need")
    reason = browser.find_element(By.CSS_SELECTOR, '#penalty-form [name="penalty-reason"]')
    reason.send_keys("Showed a tile")
    click(browser, '#penalty-form button[type="submit"]')
    wait(browser).until(lambda d: d.switch_to.alert)
    assert "needs the network" in browser.switch_to.alert.text
    browser.switch_to.alert.accept()
    typed = browser.find_element(By.CSS_SELECTOR, '#penalty-form [name="penalty-reason"]')
    assert typed.get_attribute("value") == "Showed a tile"  # still the page: nothing lost
