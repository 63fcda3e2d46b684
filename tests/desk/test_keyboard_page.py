"""The keyboard page /desk/: the sheet's code, a 16-row grid, one Save; the same double entry
as the API (issue 27)."""

import json
import re

import pytest
from django.urls import reverse

from desk.models import DeskEntry
from tests.desk.helpers import fresh
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.models import Hand, Penalty, SheetConfirmation, TableSession
from tournaments.models.play import SheetClosure
from tournaments.roles import Role

pytestmark = pytest.mark.django_db


def page(sheet) -> str:
    return reverse("desk-keyboard", args=[sheet.session.tournament.slug])


def grid(sheet, hands, penalties=(), confirmed=()) -> dict:
    """The form as the page posts it: the sheet, its version, the rows keyed."""
    data = {"sheet": str(sheet.pk), "version": str(fresh(sheet).version)}
    for n, row in enumerate(hands, start=1):
        data.update({f"h{n}-{cell}": str(value) for cell, value in row.items()})
    for n, row in enumerate(penalties, start=1):
        data.update({f"p{n}-{cell}": str(value) for cell, value in row.items()})
    data.update({f"confirmed-{p}": "on" for p in confirmed})
    return data


HANDS = [
    {"outcome": "win", "winner": "A", "discarder": "C", "points": 15},
    {"outcome": "draw"},
    {"outcome": "win", "winner": "B", "discarder": "", "points": 8, "flowers": 2},
    {"outcome": "time"},
]
FOULS = [{"offender": "D", "kind": "deduction", "amount": 10, "reason": "Phone"}]


@pytest.fixture
def desk_client(client, login):
    def make(role=Role.SCORE_DESK, name=None):
        client.force_login(login(role, name))
        return client

    return make


def test_the_code_opens_the_sheets_grid_by_its_printed_code_or_its_number(desk_client, sheet):
    client = desk_client()
    for code in ("S1-T1", "s1-t1", " 1-1 ", str(sheet.pk)):
        response = client.get(page(sheet), {"code": code})
        text = response.content.decode()
        assert response.status_code == 200 and 'name="h16-points"' in text, code
        assert "Player A" in text and "awaiting a first entry" in text
        assert 'value="S1-T1"' in text  # the code field shows the printed code


def test_the_printed_code_opens_that_session_and_table(desk_client, sheet):
    """S3-T12 is table 12 of session 3, not table 3 of session 12."""
    tournament = sheet.session.tournament
    wanted = seated_table(tournament, session_number=3, table_number=12, started=True)
    other = seated_table(tournament, session_number=12, table_number=3, started=True)
    response = desk_client().get(page(sheet), {"code": "S3-T12"})
    text = response.content.decode()
    assert response.status_code == 200
    assert f'name="sheet" value="{wanted.pk}"' in text
    assert f'name="sheet" value="{other.pk}"' not in text
    assert "Session 3, table 12" in text


@pytest.mark.parametrize("code", ["T12", "S3-T", "12 of 3", "S3-T12-4"])
def test_a_bad_code_says_what_to_type_and_opens_no_sheet(desk_client, sheet, code):
    response = desk_client().get(page(sheet), {"code": code})
    text = response.content.decode()
    assert response.status_code == 200
    assert "Type the code printed on the paper sheet, as S3-T12" in text
    assert 'name="h1-points"' not in text and 'name="sheet"' not in text


def test_a_code_of_no_sheet_says_so_and_opens_none(desk_client, sheet):
    response = desk_client().get(page(sheet), {"code": "S9-T9"})
    text = response.content.decode()
    assert "No sheet S9-T9 of this tournament" in text
    assert 'name="h1-points"' not in text


def test_the_home_page_goes_to_the_only_tournament_playing(desk_client, sheet):
    response = desk_client().get(reverse("desk-home"))
    assert response.status_code == 302 and response["Location"] == page(sheet)
    seated_table(TournamentFactory(name="Second Open"), started=True)
    response = desk_client(name="clerk-b").get(reverse("desk-home"))
    assert response.status_code == 200 and "Second Open" in response.content.decode()


def test_two_clerks_keying_the_same_grid_record_the_sheet(desk_client, sheet):
    body = grid(sheet, HANDS, FOULS, confirmed="ABCD")
    response = desk_client(name="clerk1").post(page(sheet), body, follow=True)
    # Back to the sheet, which says the entry is held and a second clerk keys it; no grid for
    # the clerk who gave the first entry.
    assert response.redirect_chain == [(f"{page(sheet)}?code=S1-T1", 302)]
    text = response.content.decode()
    assert "your entry is held" in text and "awaiting a second entry" in text
    assert "A second clerk must key this paper" in text and 'name="h1-outcome"' not in text
    assert list(DeskEntry.objects.values_list("status", flat=True)) == ["first"]
    assert not Hand.objects.exists()
    clerk2 = desk_client(name="clerk2")
    text = clerk2.get(page(sheet), {"code": "S1-T1"}).content.decode()
    assert "A first entry is held" in text and 'name="h1-outcome"' in text
    response = clerk2.post(page(sheet), body, follow=True)
    text = response.content.decode()
    assert "is recorded" in text and "recorded at the desk" in text
    assert 'name="h1-outcome"' not in text
    # The recorded scores: hand 1 (A by C's discard, 15), hand 3 (B self-drawn, 8 and 2
    # flowers: 18 from each), D's deduction of 10.
    scores = dict(re.findall(r'data-score="([A-D])">(-?\d+)<', text))
    assert scores == {"A": "21", "B": "46", "C": "-41", "D": "-36"}
    hands = Hand.objects.filter(table_session=sheet).order_by("number")
    assert [(h.outcome, h.points, h.flowers) for h in hands] == [
        ("win", 15, 0),
        ("draw", 0, 0),
        ("win", 8, 2),
        ("time", 0, 0),
    ]
    assert {h.entered_by.username for h in hands} == {"clerk2"}
    assert Penalty.objects.get(table_session=sheet).amount == 10
    assert SheetConfirmation.objects.filter(table_session=sheet).count() == 4


def test_a_differing_grid_never_shows_the_other_clerks_value(desk_client, sheet):
    first = [dict(row) for row in HANDS]
    first[2]["points"] = 83  # as the first clerk read hand 3
    first_fouls = [{**FOULS[0], "amount": 60}]
    desk_client(name="clerk1").post(page(sheet), grid(sheet, first, first_fouls))
    other_fouls = [{**FOULS[0], "amount": 70}]
    response = desk_client(name="clerk2").post(page(sheet), grid(sheet, HANDS, other_fouls))
    assert response.status_code == 409
    text = response.content.decode()
    differences = re.search(r'<ul class="desk-differences">.*?</ul>', text, re.S).group(0)
    assert "Hand 3, Points" in differences and "Penalty 1, Points" in differences
    assert "(yours: 8)" in differences and "(yours: 70)" in differences
    shown = re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", text)
    assert not re.search(r"\b83\b", shown) and not re.search(r"\b60\b", shown)


def test_a_differing_grid_shows_the_cells(desk_client, sheet):
    desk_client(name="clerk1").post(page(sheet), grid(sheet, HANDS))
    other = [dict(row) for row in HANDS]
    other[2]["points"] = 9
    response = desk_client(name="clerk2").post(page(sheet), grid(sheet, other))
    assert response.status_code == 409
    text = response.content.decode()
    assert "Hand 3, Points: differs from the other entry (yours: 9)" in text
    assert re.search(
        r'<td class="marked"><input type="number"[^>]* name="h3-points" value="9"', text
    )
    # The row says it too, beside the cell, and the sheet now stands as differing.
    row = re.search(r'<tr data-hand="3" class="desk-row-marked">.*?</tr>', text, re.S)
    assert row and "Points: differs from the other entry (yours: 9)" in row.group(0)
    assert "entries differ" in text
    assert not Hand.objects.exists()


def test_a_blank_row_between_hands_and_a_malformed_row_are_refused(desk_client, sheet):
    client = desk_client()
    rows = [HANDS[0], {"outcome": ""}, HANDS[1]]
    response = client.post(page(sheet), grid(sheet, rows))
    assert response.status_code == 400 and "Hand 2 is blank" in response.content.decode()
    response = client.post(page(sheet), grid(sheet, [{"outcome": "win", "points": 8}]))
    assert response.status_code == 400
    problems = re.search(r'<ul class="desk-problems">.*?</ul>', response.content.decode(), re.S)
    assert "<strong>Hand 1, Winner</strong>:" in problems.group(0)
    assert "hands.0" not in response.content.decode()
    assert not DeskEntry.objects.exists()


def test_a_hand_the_scoring_refuses_is_named_as_the_clerk_reads_the_paper(desk_client, sheet):
    rows = [HANDS[0], {"outcome": "win", "winner": "B", "discarder": "A", "points": 5}]
    response = desk_client().post(page(sheet), grid(sheet, rows))
    text = response.content.decode()
    assert response.status_code == 400
    problems = re.search(r'<ul class="desk-problems">.*?</ul>', text, re.S).group(0)
    assert "<li>Hand 2: " in problems  # named once, by the refusal's own words
    assert "hands.1" not in text
    assert re.search(r'<td class="marked"><input type="number"[^>]* name="h2-points"', text)


def _problems(response) -> str:
    assert response.status_code == 400
    text = response.content.decode()
    assert "<code>" not in text
    return re.search(r'<ul class="desk-problems">.*?</ul>', text, re.S).group(0)


def test_a_foul_the_signatures_and_a_bad_cell_are_named_as_on_the_paper(desk_client, sheet):
    client = desk_client()
    fouls = [{"offender": "D", "kind": "deduction", "amount": 7, "reason": "Phone"}]
    assert "<li>Penalty 1: " in _problems(client.post(page(sheet), grid(sheet, HANDS, fouls)))
    signed_open = client.post(page(sheet), grid(sheet, HANDS[:1], confirmed="AB"))
    assert "<strong>Signed by the players</strong>: " in _problems(signed_open)
    bad_points = [{"outcome": "win", "winner": "A", "points": "x"}]
    assert "<strong>Hand 1, Points</strong>: " in _problems(
        client.post(page(sheet), grid(sheet, bad_points))
    )


def test_the_same_clerk_may_not_give_the_second_entry(desk_client, sheet):
    client = desk_client(name="clerk1")
    client.post(page(sheet), grid(sheet, HANDS))
    response = client.post(page(sheet), grid(sheet, HANDS))
    assert response.status_code == 403
    assert "another clerk" in response.content.decode()
    assert DeskEntry.objects.count() == 1


@pytest.mark.parametrize("role", [Role.UMPIRE, Role.ORGANISER, Role.COMMITTEE])
def test_other_roles_are_refused(desk_client, sheet, role):
    client = desk_client(role)
    assert client.get(reverse("desk-home")).status_code == 403
    assert client.post(page(sheet), grid(sheet, HANDS)).status_code == 403
    assert not DeskEntry.objects.exists()


def test_without_a_login_it_asks_for_one(client, sheet):
    response = client.get(page(sheet))
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


def test_a_tiles_tournament_says_the_desk_keys_points(desk_client, tiles_sheet):
    response = desk_client().get(page(tiles_sheet), {"code": "S1-T1"})
    text = response.content.decode()
    assert "the desk keys the points only" in text and 'name="h1-points"' in text


def test_the_page_gives_the_running_totals_the_rules_they_need(desk_client, sheet):
    text = desk_client().get(page(sheet), {"code": "S1-T1"}).content.decode()
    rules = re.search(r'<script id="desk-rules" type="application/json">(.*?)</script>', text)
    assert rules and json.loads(rules.group(1)) == {
        "positions": ["A", "B", "C", "D"],
        "base": 8,
        "minimum": 8,
        "false_hu": 10,
        "false_hu_invalid_claim": 20,
        "exposed_hand": 30,
        "repeated_foul": [0, 5, 10, 20, 40, 80, 160, 320],
    }
    # Enter in a cell does not send the form: its first submit button is disabled.
    form = text[text.index('<form method="post"') :]
    assert re.match(
        r'<form[^>]*>\s*<input type="hidden" name="csrfmiddlewaretoken"[^>]*>\s*'
        r'(?:\{#.*?#\}\s*)?<button type="submit" disabled',
        form,
        re.S,
    )


def test_a_refusal_on_recording_marks_its_cell_and_says_why_in_the_row(desk_client, sheet):
    """The server is the judge: two agreeing entries of a hand under 8 points record nothing,
    and the page marks the hand's points and says why beside them."""
    rows = [{"outcome": "win", "winner": "A", "discarder": "C", "points": 6}, {"outcome": "time"}]
    desk_client(name="clerk1").post(page(sheet), grid(sheet, rows))
    response = desk_client(name="clerk2").post(page(sheet), grid(sheet, rows))
    assert response.status_code == 400
    text = response.content.decode()
    assert re.search(r'<td class="marked"><input type="number"[^>]* name="h1-points"', text)
    row = re.search(r'<tr data-hand="1" class="desk-row-marked">.*?</tr>', text, re.S).group(0)
    assert "Hand 1: A winning hand scores at least 8 points; 6 was entered." in row
    assert not Hand.objects.exists()


def test_a_sheet_stopped_by_the_time_limit_is_recorded_complete(desk_client, sheet):
    body = grid(sheet, HANDS, confirmed="ABCD")
    desk_client(name="clerk1").post(page(sheet), body)
    desk_client(name="clerk2").post(page(sheet), body)
    sheet = fresh(sheet)
    assert sheet.hands.count() == 4 and sheet.closed_by == SheetClosure.TIME_LIMIT
    assert sheet.status == TableSession.Status.COMPLETE
