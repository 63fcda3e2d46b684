"""Helpers of the players' entry tests: a hand sent from a phone as its queue sends it."""

import uuid

from django.contrib.auth.models import Group

from tournaments.models import TableSession
from tournaments.roles import ROLE_GROUPS, Role


def version_of(sheet: TableSession) -> int:
    return TableSession.objects.values_list("version", flat=True).get(pk=sheet.pk)


def send_hand(phone, sheet, *, key=None, version=None, **hand):
    """POST /me/table/entries.json: a win of A on B's discard for 8 points unless told."""
    body = {"outcome": "win", "winner": "A", "discarder": "B", "points": 8, "flowers": 0, **hand}
    return phone.post(
        "/me/table/entries.json",
        body,
        content_type="application/json",
        HTTP_IF_MATCH=f'"{version_of(sheet) if version is None else version}"',
        HTTP_IDEMPOTENCY_KEY=key or uuid.uuid4().hex,
    )


def messages_of(response) -> str:
    """The messages of a refusal in the API's error format, joined."""
    return " ".join(error["message"] for error in response.json()["errors"])


def fields_of(response) -> set:
    return {error["field"] for error in response.json()["errors"]}


def answer(phone, entry_id: int, action: str, **body):
    return phone.post(
        f"/me/table/entries/{entry_id}/{action}.json", body, content_type="application/json"
    )


def table_umpire(sheet: TableSession, django_user_model):
    """A login of the umpire role made the sheet's umpire."""
    umpire = django_user_model.objects.create_user("table-umpire", is_staff=True)
    umpire.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role.UMPIRE])[0])
    sheet.umpire = umpire
    sheet.save(update_fields=["umpire"])
    return umpire
