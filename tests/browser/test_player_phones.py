"""End to end in real Chromiums the size of a phone (390 px), one browser session each: players
of a table enter a hand, another confirms it, one disputes the next, and a revoked link stops
its phone (issue 28)."""

import pytest
from selenium.webdriver.common.by import By

from player_entry.models import TableEntry
from player_entry.services import player_link_issue, player_link_revoke
from tests.browser.helpers import wait, wait_for_text
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.models import Hand, Tournament
from tournaments.services.hands import hand_record_win

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def table(db):
    tournament = TournamentFactory(
        name="Phone Open",
        entry_mode=Tournament.EntryMode.POINTS_ONLY,
        hand_entry=Tournament.HandEntry.PLAYERS,
    )
    sheet = seated_table(tournament, started=True)
    return sheet, {seat.position: seat.player for seat in sheet.seats.select_related("player")}


def signed_in(phones, server, player):
    """`server`: the live server, or the relay in front of it (its `url`)."""
    phone = phones()
    phone.get(f"{server.url}/p/{player_link_issue(player=player).token}/")
    wait_for_text(phone, "main h1", "Session 1")
    return phone


def no_sideways_scrolling(phone) -> bool:
    assert phone.execute_script("return window.innerWidth") == 390  # a phone's width
    return phone.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")


def tap(phone, css: str) -> None:
    """Scroll to the element and tap it; again if the page redrew it meanwhile."""

    def attempt(_driver) -> bool:
        element = phone.find_element(By.CSS_SELECTOR, css)
        phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()
        return True

    wait(phone).until(attempt)


def test_a_hand_entered_on_one_phone_is_confirmed_on_another_and_a_dispute_calls_the_umpire(
    phones, live_server, table, settings
):
    settings.PLAYER_TABLE_POLL_SECONDS = 1
    sheet, players = table
    first, other = (
        signed_in(phones, live_server, players["A"]),
        signed_in(phones, live_server, players["C"]),
    )
    assert no_sideways_scrolling(first) and no_sideways_scrolling(other)
    wait_for_text(other, "main", "No hand recorded yet")

    tap(first, 'form#hand-form input[name="winner"][value="A"]')
    tap(first, 'form#hand-form input[name="discarder"][value="B"]')
    first.find_element(By.CSS_SELECTOR, 'form#hand-form input[name="points"]').send_keys("16")
    tap(first, "form#hand-form button[type=submit]")
    wait(first).until(lambda _d: first.find_elements(By.CSS_SELECTOR, "[data-action=withdraw]"))
    assert not first.find_elements(By.CSS_SELECTOR, "[data-action=confirm]")

    # The other phone shows the pending hand by itself (its poll), and confirms it.
    wait(other).until(lambda _d: other.find_elements(By.CSS_SELECTOR, "[data-action=confirm]"))
    assert no_sideways_scrolling(other)
    tap(other, "[data-action=confirm]")
    wait_for_text(other, "main", "Hand 2 in play")
    assert Hand.objects.get(table_session=sheet).points == 16
    wait_for_text(first, "main", "Hand 2 in play")

    # Hand 2: entered on the second phone, disputed on the first.
    tap(other, 'form#hand-form input[name="outcome"][value="draw"]')
    tap(other, "form#hand-form button[type=submit]")
    wait(first).until(lambda _d: first.find_elements(By.CSS_SELECTOR, "[data-action=dispute]"))
    first.find_element(By.CSS_SELECTOR, "form.dispute input[name=reason]").send_keys(
        "The wall was not exhausted"
    )
    tap(first, "[data-action=dispute]")
    wait_for_text(first, "section.entry", "the umpire is called")
    wait(other).until(lambda _d: other.find_elements(By.CSS_SELECTOR, '[data-state="disputed"]'))
    entry = TableEntry.objects.get(number=2)
    assert (entry.status, entry.reason) == ("disputed", "The wall was not exhausted")
    assert Hand.objects.filter(table_session=sheet).count() == 1


def test_the_winner_reads_why_he_does_not_confirm_and_then_the_umpires_ruling(
    phones, live_server, table, settings, django_user_model
):
    from django.contrib.auth.models import Group

    from player_entry.services import table_entry_settle
    from tournaments.roles import ROLE_GROUPS, Role

    settings.PLAYER_TABLE_POLL_SECONDS = 1
    _sheet, players = table
    entering, winner = (
        signed_in(phones, live_server, players["A"]),
        signed_in(phones, live_server, players["B"]),
    )
    tap(entering, 'form#hand-form input[name="winner"][value="B"]')
    tap(entering, 'form#hand-form input[name="discarder"][value="C"]')
    entering.find_element(By.CSS_SELECTOR, 'form#hand-form input[name="points"]').send_keys("16")
    tap(entering, "form#hand-form button[type=submit]")

    # The winner's phone shows the hand by itself, with why he does not confirm it.
    wait_for_text(winner, "#confirm-refused", "rule 3.7.1")
    assert not winner.find_elements(By.CSS_SELECTOR, "[data-action=confirm]")
    assert no_sideways_scrolling(winner)
    winner.find_element(By.CSS_SELECTOR, "form.dispute input[name=reason]").send_keys("It was 24")
    tap(winner, "[data-action=dispute]")
    wait_for_text(winner, "section.entry", "the umpire is called")

    chief = django_user_model.objects.create_user("chief-phones", is_staff=True)
    chief.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role.CHIEF_UMPIRE])[0])
    entry = TableEntry.objects.get()
    table_entry_settle(
        user=chief, entry_id=entry.pk, record=False, reason="The tiles make 24: enter it again."
    )
    # Both phones show the ruling and its reason at their next poll.
    for phone in (winner, entering):
        wait_for_text(phone, '[data-ruling="rejected"]', "The tiles make 24: enter it again.")


def test_a_revoked_link_signs_its_phone_out_at_once(phones, live_server, table):
    _sheet, players = table
    phone = signed_in(phones, live_server, players["B"])
    player_link_revoke(player=players["B"])
    phone.get(f"{live_server.url}/me/table/")
    wait_for_text(phone, "main", "Open your personal link again")
    assert not phone.find_elements(By.ID, "hand-form")


def network(phone, relay, *, offline: bool) -> None:
    """The phone's network switched off or on: the server cut off (the relay: the service
    worker too, which Chromium's emulation leaves online), and the page told (DevTools)."""
    relay.cut() if offline else relay.restore()
    phone.execute_cdp_cmd("Network.enable", {})
    phone.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    )


def kept_offline(phone) -> None:
    """The service worker controls the page: it opens again with no network."""
    wait(phone).until(
        lambda _d: phone.execute_script(
            "return !!(navigator.serviceWorker && navigator.serviceWorker.controller)"
        )
    )


def enter_win(phone, points: str = "8") -> None:
    tap(phone, 'form#hand-form input[name="winner"][value="A"]')
    tap(phone, 'form#hand-form input[name="discarder"][value="B"]')
    phone.find_element(By.CSS_SELECTOR, 'form#hand-form input[name="points"]').send_keys(points)
    tap(phone, "form#hand-form button[type=submit]")


def until(phone, check) -> None:
    wait(phone).until(lambda _d: check())


def test_a_hand_entered_with_no_network_is_queued_and_recorded_once_when_it_returns(
    phones, relay, table, settings
):
    settings.PLAYER_TABLE_POLL_SECONDS = 1
    _sheet, players = table
    phone = signed_in(phones, relay, players["A"])
    kept_offline(phone)
    network(phone, relay, offline=True)
    enter_win(phone)
    wait_for_text(phone, '#queue li[data-state="queued"]', "A ← B, 8")
    phone.get(f"{relay.url}/me/table/")  # opened again with no network
    wait_for_text(phone, '#queue li[data-state="queued"]', "A ← B, 8")
    assert not TableEntry.objects.exists()

    network(phone, relay, offline=False)
    until(phone, lambda: TableEntry.objects.count() == 1)
    until(phone, lambda: not phone.find_elements(By.CSS_SELECTOR, "#queue li"))
    wait(phone).until(lambda _d: phone.find_elements(By.CSS_SELECTOR, "[data-action=withdraw]"))
    entry = TableEntry.objects.get()
    assert (entry.status, entry.winner, entry.discarder, entry.points) == ("pending", "A", "B", 8)


def test_a_hand_queued_with_no_network_survives_closing_the_browser(
    phones, relay, table, settings
):
    settings.PLAYER_TABLE_POLL_SECONDS = 1
    _sheet, players = table
    phone = signed_in(phones, relay, players["A"])
    kept_offline(phone)
    network(phone, relay, offline=True)
    enter_win(phone, "9")
    wait_for_text(phone, '#queue li[data-state="queued"]', "A ← B, 9")
    phone.quit()  # the player closes the browser before the network returns
    assert not TableEntry.objects.exists()

    relay.restore()  # the network is back when he opens it again
    again = phones(reopen=phone)
    again.get(f"{relay.url}/me/table/")
    until(again, lambda: TableEntry.objects.count() == 1)
    until(again, lambda: not again.find_elements(By.CSS_SELECTOR, "#queue li"))
    entry = TableEntry.objects.get()
    assert (entry.entered_by, entry.points, entry.status) == (players["A"], 9, "pending")


def test_an_entry_refused_once_the_network_returns_is_shown_with_the_reason_and_can_go(
    phones, relay, table, settings
):
    settings.PLAYER_TABLE_POLL_SECONDS = 1
    sheet, players = table
    phone = signed_in(phones, relay, players["A"])
    kept_offline(phone)
    network(phone, relay, offline=True)
    enter_win(phone, "12")
    wait_for_text(phone, '#queue li[data-state="queued"]', "12")
    hand_record_win(table_session=sheet, winner="D", discarder="C", points=8)  # meanwhile
    network(phone, relay, offline=False)
    wait_for_text(phone, '#queue li[data-state="refused"]', "changed")
    assert not TableEntry.objects.exists()
    tap(phone, '#queue li[data-state="refused"] button[data-queue-action="discard"]')
    until(phone, lambda: not phone.find_elements(By.CSS_SELECTOR, "#queue li"))
    assert not TableEntry.objects.exists() and Hand.objects.count() == 1


def queued_offline(phones, relay, players, points: str):
    """Player A's phone, a hand entered with no network and kept: the phone."""
    phone = signed_in(phones, relay, players["A"])
    kept_offline(phone)
    network(phone, relay, offline=True)
    enter_win(phone, points)
    wait_for_text(phone, '#queue li[data-state="queued"]', f"A ← B, {points}")
    return phone


def test_an_entry_the_server_keeps_failing_stays_queued_and_may_be_discarded_after_three_tries(
    phones, relay, table, settings, monkeypatch
):
    from player_entry import services

    settings.PLAYER_TABLE_POLL_SECONDS = 1
    _sheet, players = table
    phone = queued_offline(phones, relay, players, "13")

    def failing(**_kwargs):
        raise RuntimeError("the database is gone")

    monkeypatch.setattr(services, "table_entry_submit", failing)
    network(phone, relay, offline=False)
    discard = '#queue li[data-state="queued"] button[data-queue-action="discard"]'
    until(phone, lambda: phone.find_elements(By.CSS_SELECTOR, discard))
    assert "(last: 500" in phone.find_element(By.CSS_SELECTOR, "#queue li").text
    tap(phone, discard)
    wait(phone).until(lambda d: d.switch_to.alert)
    phone.switch_to.alert.accept()
    until(phone, lambda: not phone.find_elements(By.CSS_SELECTOR, "#queue li"))
    assert not TableEntry.objects.exists()


def test_an_entry_the_server_asks_to_send_later_429_is_tried_again_not_refused(
    phones, relay, table, settings, monkeypatch
):
    from player_entry import services, views
    from tournaments.errors import TournamentError

    settings.PLAYER_TABLE_POLL_SECONDS = 1
    _sheet, players = table
    phone = queued_offline(phones, relay, players, "14")
    calls = []
    submit = services.table_entry_submit

    def busy_twice(**kwargs):
        calls.append(kwargs["key"])
        if len(calls) <= 2:
            raise TournamentError("Too many requests: wait.", code="busy")
        return submit(**kwargs)

    monkeypatch.setattr(services, "table_entry_submit", busy_twice)
    monkeypatch.setitem(views.STATUS_OF_CODE, "busy", 429)
    network(phone, relay, offline=False)
    until(phone, lambda: TableEntry.objects.count() == 1)
    assert len(calls) == 3 and len(set(calls)) == 1
    assert not phone.find_elements(By.CSS_SELECTOR, '#queue li[data-state="refused"]')
    assert TableEntry.objects.get().points == 14
