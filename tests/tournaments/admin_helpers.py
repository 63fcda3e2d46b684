"""Helpers of the admin tests: hands as the score sheet's form posts them, the sheet's URL, a
post with the version the page showed, and the page or message a post leads to. The fixtures
(a tournament with a seated table, umpires) are in tests/tournaments/admin_fixtures.py."""

from django.urls import reverse

from tests.tournaments.signoff_helpers import fresh

UMPIRE_PASSWORD = "Umpire-Pass-2006"

# Scores 19 with the WMO engine: Pure Straight 16, All Chows 2, Single Wait 1.
VALID_HAND = {
    "meld1_type": "chow",
    "meld1_tiles": "234p",
    "concealed": "123456789m5s",
    "win_tile": "5s",
}
# Four sets and a pair, but only All Chows (2): under the 8-point minimum.
UNDER_EIGHT_HAND = {
    "meld1_type": "chow",
    "meld1_tiles": "123m",
    "concealed": "345p678s234p5s",
    "win_tile": "5s",
}
# Fourteen tiles that do not make a winning shape.
NOT_WINNING_HAND = {"concealed": "123m234456p5789s", "win_tile": "6s"}


def hand_post(tiles: dict, *, winner="A", discarder="B", action="save", flowers=0) -> dict:
    """The POST of the score sheet's add-hand form (field prefix "hand")."""
    data = {"action": action, "hand-winner": winner, "hand-discarder": discarder or ""}
    data["hand-flowers"] = str(flowers)
    data.update({f"hand-{key}": value for key, value in tiles.items()})
    return data


def sheet_url(table_session) -> str:
    return reverse("admin:tournaments_tablesession_change", args=[table_session.pk])


def post_sheet(client, table_session, data: dict, **kwargs):
    """POST to the score sheet as its page does: with the sheet's version as now stored."""
    version = type(table_session).objects.get(pk=table_session.pk).version
    return client.post(sheet_url(table_session), {"version": version, **data}, **kwargs)


# -- the page's sign-off and correction forms -------------------------------------------------


def post(client, sheet, data: dict, version: int | None = None):
    """POST a form of the sheet's page with the version now stored (or `version`)."""
    version = fresh(sheet).version if version is None else version
    return client.post(sheet_url(sheet), {**data, "version": version})


def page(client, sheet) -> str:
    response = client.get(sheet_url(sheet))
    assert response.status_code == 200
    return response.content.decode()


def messages_after(client, response) -> str:
    assert response.status_code == 302
    return client.get(response.url).content.decode()


def shown(client, response) -> str:
    """What the user reads after a post: the page again (a form error) or the page it was
    sent back to (a message)."""
    assert response.status_code in (200, 302)
    if response.status_code == 302:
        return messages_after(client, response)
    return response.content.decode()


def text(response) -> str:
    return response.content.decode()
