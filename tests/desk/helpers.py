"""Helpers of the score desk's tests: the request helpers, a paper sheet's entry."""

from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from api.common import sheet_etag
from tournaments.models import TableSession


def fresh(sheet: TableSession) -> TableSession:
    return TableSession.objects.select_related("session__tournament").get(pk=sheet.pk)


def if_match(sheet: TableSession) -> dict:
    return {"HTTP_IF_MATCH": sheet_etag(fresh(sheet))}


def desk_url(sheet: TableSession, tail: str = "") -> str:
    return f"/api/score-sheets/{sheet.pk}/desk-entries/{tail}"


def api_client(user) -> APIClient:
    client = APIClient()
    token, _created = Token.objects.get_or_create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    client.user = user
    return client


def key(client, sheet, body, headers=None):
    """POST the entry with the sheet's current ETag (or `headers`)."""
    headers = if_match(sheet) if headers is None else headers
    return client.post(desk_url(sheet), body, format="json", **headers)


def accept(client, sheet, body, headers=None):
    headers = if_match(sheet) if headers is None else headers
    return client.post(desk_url(sheet, "accept/"), body, format="json", **headers)


def win(winner, discarder, points, flowers=0) -> dict:
    return {
        "outcome": "win",
        "winner": winner,
        "discarder": discarder,
        "points": points,
        "flowers": flowers,
    }


DRAW = {"outcome": "draw"}
TIME = {"outcome": "time"}

# A paper sheet: seven hands and the time-limit stop (the sheet is then complete), three fouls
# (one a dead hand in hand 3, before it is played) and the four players' signatures.
PAPER = {
    "hands": [
        win("A", "C", 15),
        DRAW,
        win("B", None, 8, flowers=2),
        win("D", "A", 24),
        win("C", "B", 12, flowers=1),
        DRAW,
        win("A", None, 15),
        TIME,
    ],
    "penalties": [
        {"offender": "C", "kind": "warning", "reason": "Slow play"},
        {"offender": "C", "kind": "dead_hand", "reason": "Wrong tile count", "hand_number": 3},
        {"offender": "D", "kind": "deduction", "amount": 10, "reason": "Phone at the table"},
    ],
    "confirmed": ["A", "B", "C", "D"],
}
