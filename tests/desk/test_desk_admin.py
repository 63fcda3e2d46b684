"""The desk entries in the admin: who reads which, and the chief umpire's page to record a
sheet from one entry alone, with a reason (issue 27)."""

import pytest
from django.test import Client

from desk.models import DeskEntry
from desk.services import desk_entry_give
from tests.desk.helpers import PAPER
from tournaments.models import Hand
from tournaments.roles import Role

pytestmark = pytest.mark.django_db

LIST = "/admin/desk/deskentry/"


def browser(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def held_entry(sheet, clerk) -> DeskEntry:
    return desk_entry_give(table_session=sheet, **PAPER, user=clerk).entry


def test_the_chief_umpire_records_a_sheet_from_one_entry_alone_with_a_reason(sheet, login):
    entry = held_entry(sheet, login(Role.SCORE_DESK))
    chief = browser(login(Role.CHIEF_UMPIRE))
    page = chief.get(f"{LIST}{entry.pk}/change/")
    assert page.status_code == 200 and f"{entry.pk}/accept/" in page.content.decode()
    answer = chief.post(f"{LIST}{entry.pk}/accept/", {"reason": "One clerk on duty; read it."})
    assert answer.status_code == 302
    entry.refresh_from_db()
    assert entry.status == DeskEntry.Status.ACCEPTED_ALONE
    assert entry.reason == "One clerk on duty; read it."
    assert Hand.objects.filter(table_session=sheet).count() == len(PAPER["hands"])


def test_an_acceptance_without_a_visible_reason_is_refused_and_records_nothing(sheet, login):
    entry = held_entry(sheet, login(Role.SCORE_DESK))
    chief = browser(login(Role.CHIEF_UMPIRE))
    answer = chief.post(f"{LIST}{entry.pk}/accept/", {"reason": "\u200b\u200b"})
    assert answer.status_code == 200  # the form again, with the refusal
    entry.refresh_from_db()
    assert entry.status == DeskEntry.Status.FIRST
    assert not Hand.objects.filter(table_session=sheet).exists()


@pytest.mark.parametrize("role", [Role.ORGANISER, Role.COMMITTEE, Role.SCORE_DESK])
def test_only_the_chief_umpire_accepts_an_entry_alone(sheet, login, role):
    entry = held_entry(sheet, login(Role.SCORE_DESK, "first-clerk"))
    other = browser(login(role))
    answer = other.post(f"{LIST}{entry.pk}/accept/", {"reason": "I say so"})
    assert answer.status_code in (403, 404)
    entry.refresh_from_db()
    assert entry.status == DeskEntry.Status.FIRST
    assert not Hand.objects.filter(table_session=sheet).exists()


def test_a_clerk_reads_his_own_entry_but_not_another_clerks_held_one(sheet, login):
    keyer, colleague = login(Role.SCORE_DESK), login(Role.SCORE_DESK)
    entry = held_entry(sheet, keyer)
    assert browser(keyer).get(f"{LIST}{entry.pk}/change/").status_code == 200
    link = f"{LIST}{entry.pk}/change/"
    assert link in browser(keyer).get(LIST).content.decode()
    theirs = browser(colleague)
    assert theirs.get(link).status_code in (302, 403, 404)
    assert link not in theirs.get(LIST).content.decode()


def test_organisers_and_the_committee_read_every_entry_without_the_accept_link(sheet, login):
    entry = held_entry(sheet, login(Role.SCORE_DESK))
    for role in (Role.ORGANISER, Role.COMMITTEE):
        page = browser(login(role)).get(f"{LIST}{entry.pk}/change/")
        assert page.status_code == 200
        assert f"{entry.pk}/accept/" not in page.content.decode()


def test_an_umpire_has_no_desk_entries_in_the_admin(sheet, login):
    held_entry(sheet, login(Role.SCORE_DESK))
    assert browser(login(Role.UMPIRE)).get(LIST).status_code == 403
