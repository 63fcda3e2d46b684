"""The score sheet page of the admin: hand entry, no-win hands, removal, penalties, rights."""

from urllib.parse import urlencode

import pytest
from django.contrib import admin
from django.contrib.admin.templatetags.admin_list import items_for_result
from django.urls import reverse

from tests.tournaments.admin_helpers import (
    NOT_WINNING_HAND,
    UNDER_EIGHT_HAND,
    VALID_HAND,
    hand_post,
    post_sheet,
    sheet_url,
    text,
)
from tournaments.admin.fast_rows import fast_result_rows
from tournaments.models import Hand, HandScore, Penalty, SessionResult, TableSession
from tournaments.services.hands import hand_record_no_win

pytestmark = pytest.mark.django_db


def test_the_score_sheet_shows_the_four_players_sixteen_rows_and_the_add_hand_form(
    admin_client, admin_sheet
):
    response = admin_client.get(sheet_url(admin_sheet))
    assert response.status_code == 200
    page = text(response)
    for name in ("Player A", "Player B", "Player C", "Player D"):
        assert name in page
    assert page.count('class="hand-row') == 16
    assert "Hand 1 — East round, dealer A" in page
    assert 'data-tile="1m"' in page and 'data-tile="7z"' in page
    assert page.count('class="tile-button"') == 34
    assert "tile_picker.js" in page


def test_saving_a_valid_hand_records_it_with_its_fans_and_payments(admin_client, admin_sheet):
    response = post_sheet(
        admin_client, admin_sheet, hand_post(VALID_HAND, winner="A", discarder="B")
    )
    assert response.status_code == 302
    hand = Hand.objects.get(table_session=admin_sheet)
    assert (hand.number, hand.outcome, hand.winner_position) == (1, "win", "A")
    assert hand.discarder_position == "B"
    assert "Pure Straight" in [fan["name"] for fan in hand.fans]
    assert hand.tiles["melds"] == [{"type": "chow", "tiles": "234p", "concealed": False}]
    assert hand.tiles["concealed"] == "123456789m5s"
    payments = dict(HandScore.objects.filter(hand=hand).values_list("position", "points"))
    assert payments == {"A": 3 * 8 + hand.total, "B": -(8 + hand.total), "C": -8, "D": -8}
    page = text(admin_client.get(response.url))
    assert "Hand 1 recorded" in page
    assert "Pure Straight 16" in page
    assert "Hand 2 — East round, dealer B" in page


def test_the_preview_shows_fans_and_payments_without_saving(admin_client, admin_sheet):
    response = post_sheet(
        admin_client, admin_sheet, hand_post(VALID_HAND, winner="C", discarder="", action="preview")
    )
    assert response.status_code == 200
    page = text(response)
    assert 'id="preview"' in page
    assert "Pure Straight" in page
    assert "Single Wait" in page
    assert "seat wind: West; prevalent wind: East." in page
    assert not Hand.objects.exists()
    # The form keeps what was typed so the umpire can save it next.
    assert 'value="123456789m5s"' in page


def test_a_non_winning_hand_is_refused_with_the_engines_message_and_nothing_is_written(
    admin_client, admin_sheet
):
    response = post_sheet(admin_client, admin_sheet, hand_post(NOT_WINNING_HAND))
    assert response.status_code == 200
    page = text(response)
    assert 'id="hand-errors"' in page
    assert "Not a valid winning hand" in page
    assert "do not form four sets and a pair" in page
    assert not Hand.objects.exists()
    assert not HandScore.objects.exists()
    assert not SessionResult.objects.exists()


def test_an_under_eight_point_hand_is_refused_and_nothing_is_written(admin_client, admin_sheet):
    response = post_sheet(admin_client, admin_sheet, hand_post(UNDER_EIGHT_HAND))
    assert response.status_code == 200
    page = text(response)
    assert "at least 8 are needed to win" in page
    assert "All Chows" in page
    assert not Hand.objects.exists()


def test_unreadable_tile_notation_is_a_form_error_and_nothing_is_written(admin_client, admin_sheet):
    response = post_sheet(
        admin_client, admin_sheet, hand_post({**VALID_HAND, "concealed": "123x45"})
    )
    assert response.status_code == 200
    assert "Cannot read the tiles" in text(response)
    assert not Hand.objects.exists()


def test_meld_tiles_without_a_meld_type_are_refused(admin_client, admin_sheet):
    response = post_sheet(admin_client, admin_sheet, hand_post({**VALID_HAND, "meld1_type": ""}))
    assert "Choose chow, pung or kong" in text(response)
    assert not Hand.objects.exists()


def test_the_winner_cannot_be_the_discarder(admin_client, admin_sheet):
    response = post_sheet(
        admin_client, admin_sheet, hand_post(VALID_HAND, winner="B", discarder="B")
    )
    assert "cannot have discarded his own winning tile" in text(response)
    assert not Hand.objects.exists()


def test_the_draw_button_records_a_hand_nobody_scores(admin_client, admin_sheet):
    response = post_sheet(admin_client, admin_sheet, {"action": "draw", "confirm": "yes"})
    assert response.status_code == 302
    hand = Hand.objects.get(table_session=admin_sheet)
    assert hand.outcome == Hand.Outcome.DRAW
    assert set(hand.scores.values_list("points", flat=True)) == {0}
    assert "Draw (wall exhausted)" in text(admin_client.get(sheet_url(admin_sheet)))


@pytest.mark.parametrize(
    ("action", "question"),
    [("draw", "as a draw (wall exhausted)?"), ("time", "by the time limit at Hand 1")],
)
def test_one_tap_on_draw_or_time_limit_asks_first_and_records_nothing(
    admin_client, admin_sheet, action, question
):
    response = post_sheet(admin_client, admin_sheet, {"action": action})
    assert response.status_code == 200
    page = text(response)
    assert question in page and 'id="confirm-yes"' in page and 'value="yes"' in page
    assert not Hand.objects.exists()


def test_the_time_limit_button_records_a_stopped_hand(admin_client, admin_sheet):
    post_sheet(admin_client, admin_sheet, {"action": "draw", "confirm": "yes"})
    post_sheet(admin_client, admin_sheet, {"action": "time", "confirm": "yes"})
    outcomes = list(Hand.objects.order_by("number").values_list("outcome", flat=True))
    assert outcomes == [Hand.Outcome.DRAW, Hand.Outcome.TIME_LIMIT]


def test_the_fifth_hand_is_labelled_with_the_south_round_and_dealer_b(admin_client, admin_sheet):
    for _n in range(4):
        hand_record_no_win(table_session=admin_sheet, outcome=Hand.Outcome.DRAW)
    assert "Hand 5 — South round, dealer B" in text(admin_client.get(sheet_url(admin_sheet)))


def test_a_full_sheet_offers_no_add_hand_form(admin_client, admin_sheet):
    for _n in range(16):
        hand_record_no_win(table_session=admin_sheet, outcome=Hand.Outcome.DRAW)
    page = text(admin_client.get(sheet_url(admin_sheet)))
    assert 'id="sheet-full"' in page
    assert 'id="hand-form"' not in page
    post_sheet(admin_client, admin_sheet, {"action": "draw", "confirm": "yes"})
    assert Hand.objects.count() == 16


def test_removing_the_last_hand_asks_first_then_removes_only_that_hand(admin_client, admin_sheet):
    post_sheet(admin_client, admin_sheet, {"action": "draw", "confirm": "yes"})
    post_sheet(admin_client, admin_sheet, hand_post(VALID_HAND))
    url = reverse("admin:tournaments_tablesession_remove_last", args=[admin_sheet.pk])
    confirm = admin_client.get(url)
    assert "Remove hand 2" in text(confirm)
    assert Hand.objects.count() == 2
    admin_sheet.refresh_from_db()
    admin_client.post(url, {"number": 2, "version": admin_sheet.version})
    assert list(Hand.objects.values_list("number", flat=True)) == [1]
    assert not HandScore.objects.filter(points__gt=0).exists()
    # The same confirmation posted again (a double click) removes nothing more.
    admin_client.post(url, {"number": 2, "version": admin_sheet.version})
    assert list(Hand.objects.values_list("number", flat=True)) == [1]


def test_a_points_only_tournament_takes_winner_discarder_and_points(admin_client, points_sheet):
    page = text(admin_client.get(sheet_url(points_sheet)))
    assert 'name="hand-points"' in page
    assert 'id="tile-picker"' not in page
    data = {
        "action": "save",
        "hand-winner": "D",
        "hand-discarder": "",
        "hand-points": "12",
        "hand-flowers": "2",
    }
    post_sheet(admin_client, points_sheet, data)
    hand = Hand.objects.get(table_session=points_sheet)
    assert (hand.points, hand.flowers, hand.discarder_position) == (12, 2, "")
    assert hand.scores.get(position="D").points == 3 * (8 + 14)


def test_a_points_only_hand_under_eight_is_refused(admin_client, points_sheet):
    data = {"action": "save", "hand-winner": "D", "hand-discarder": "A", "hand-points": "6"}
    response = post_sheet(admin_client, points_sheet, {**data, "hand-flowers": "0"})
    assert "at least 8 points" in text(response)
    assert not Hand.objects.exists()


def test_the_penalty_form_records_a_deduction_and_the_totals_show_it(admin_client, admin_sheet):
    data = {
        "action": "penalty",
        "penalty-player": "C",
        "penalty-kind": Penalty.Kind.DEDUCTION,
        "penalty-reason": "Touched the wall early",
        "penalty-amount": "10",
    }
    response = post_sheet(admin_client, admin_sheet, data)
    assert response.status_code == 302
    penalty = Penalty.objects.get()
    assert penalty.player.name == "Player C"
    assert SessionResult.objects.get(position="C").score == -10
    assert "Touched the wall early" in text(admin_client.get(sheet_url(admin_sheet)))


def test_a_deduction_without_an_amount_is_a_form_error(admin_client, admin_sheet):
    data = {
        "action": "penalty",
        "penalty-player": "C",
        "penalty-kind": Penalty.Kind.DEDUCTION,
        "penalty-reason": "Touched the wall early",
    }
    response = post_sheet(admin_client, admin_sheet, data)
    assert response.status_code == 200
    assert "Enter the points deducted" in text(response)
    assert not Penalty.objects.exists()


def test_an_umpire_enters_a_hand_on_his_own_sheet(umpire_client, admin_sheet, umpire):
    assert umpire_client.get(sheet_url(admin_sheet)).status_code == 200
    post_sheet(umpire_client, admin_sheet, hand_post(VALID_HAND))
    assert Hand.objects.get(table_session=admin_sheet).entered_by == umpire


def test_an_umpire_cannot_open_another_umpires_sheet(umpire_client, other_sheet):
    assert umpire_client.get(sheet_url(other_sheet)).status_code == 403


def test_an_umpire_cannot_post_a_hand_or_a_draw_to_another_umpires_sheet(
    umpire_client, other_sheet
):
    assert post_sheet(umpire_client, other_sheet, hand_post(VALID_HAND)).status_code == 403
    assert (
        post_sheet(umpire_client, other_sheet, {"action": "draw", "confirm": "yes"}).status_code
        == 403
    )
    url = reverse("admin:tournaments_tablesession_remove_last", args=[other_sheet.pk])
    assert umpire_client.post(url).status_code == 403
    assert not Hand.objects.exists()


def test_an_umpire_lists_only_the_sheets_he_umpires(umpire_client, admin_sheet, other_sheet):
    response = umpire_client.get(reverse("admin:tournaments_tablesession_changelist"))
    assert response.status_code == 200
    assert sheet_url(admin_sheet) in text(response)
    assert sheet_url(other_sheet) not in text(response)


def test_a_staff_member_without_a_sheet_cannot_open_any(client, make_umpire, admin_sheet):
    client.force_login(make_umpire("nobody"))
    assert client.get(sheet_url(admin_sheet)).status_code == 403


def test_an_anonymous_visitor_is_sent_to_the_login_page(client, admin_sheet):
    response = post_sheet(client, admin_sheet, hand_post(VALID_HAND))
    assert response.status_code == 302
    assert "/admin/login/" in response.url
    assert not Hand.objects.exists()


def test_the_sheet_list_shows_players_hands_and_totals(admin_client, admin_sheet):
    post_sheet(admin_client, admin_sheet, hand_post(VALID_HAND))
    page = text(admin_client.get(reverse("admin:tournaments_tablesession_changelist")))
    assert "A: Player A" in page
    assert "1/16" in page
    assert "A +" in page


def test_each_listed_sheet_links_to_its_page_keeping_the_lists_filters(admin_client, admin_sheet):
    """Drawn from one URL per page (tournaments/admin/fast_rows.py), as the admin draws them:
    the sheet's page with the list's filters to come back to, and its action checkbox."""
    changelist = reverse("admin:tournaments_tablesession_changelist")
    query = f"session__tournament__id__exact={admin_sheet.session.tournament_id}"
    page = admin_client.get(f"{changelist}?{query}").content.decode()
    filters = urlencode({"_changelist_filters": query})
    link = f'<a href="{sheet_url(admin_sheet)}?{filters.replace("&", "&amp;")}">'
    assert link in page
    assert (
        f'<input type="checkbox" name="_selected_action" value="{admin_sheet.pk}" '
        f'class="action-select" aria-label="Select this object for an action - {admin_sheet}">'
    ) in page
    unfiltered = admin_client.get(changelist).content.decode()
    assert f'<a href="{sheet_url(admin_sheet)}">' in unfiltered


def test_the_fast_rows_draw_each_cell_as_the_admin_draws_it(rf, admin_user, admin_sheet):
    """tournaments.admin.fast_rows draws the sheet list's rows itself: cell for cell the HTML
    of the admin's own items_for_result, an umpire's empty cell and a sheet's totals included."""
    TableSession.objects.filter(pk=admin_sheet.pk).update(umpire=None)
    hand_record_no_win(table_session=admin_sheet, outcome=Hand.Outcome.DRAW)
    request = rf.get(reverse("admin:tournaments_tablesession_changelist"))
    request.user = admin_user
    model_admin = admin.site._registry[TableSession]
    changelist = model_admin.get_changelist_instance(request)
    admins = [list(items_for_result(changelist, obj, None)) for obj in changelist.result_list]
    fast = [list(row) for row in fast_result_rows(changelist)]
    assert fast == admins
    assert len(fast) == 1 and 'class="field-umpire nowrap">-</td>' in fast[0][-1]


def test_the_umpire_filter_lists_the_umpires_of_sheets_not_every_login(
    admin_client, admin_sheet, make_umpire, django_user_model
):
    TableSession.objects.filter(pk=admin_sheet.pk).update(umpire=make_umpire("sheet-umpire"))
    make_umpire("idle-umpire")
    django_user_model.objects.create_user("a-player-login")
    page = admin_client.get(reverse("admin:tournaments_tablesession_changelist")).content
    assert b"sheet-umpire" in page
    assert b"idle-umpire" not in page and b"a-player-login" not in page


def test_a_director_assigns_an_umpire_to_sheets(admin_client, admin_sheet, make_umpire):
    user = make_umpire("newumpire")
    url = reverse("admin:tournaments_tablesession_changelist")
    data = {"action": "action_assign_umpire", "_selected_action": [admin_sheet.pk]}
    assert "Assign an umpire" in text(admin_client.post(url, data))
    admin_client.post(url, {**data, "apply": "1", "umpire": user.pk})
    admin_sheet.refresh_from_db()
    assert admin_sheet.umpire == user


def test_a_deduction_the_rules_do_not_allow_is_refused_on_the_form(admin_client, admin_sheet):
    data = {
        "action": "penalty",
        "penalty-player": "B",
        "penalty-kind": Penalty.Kind.DEDUCTION,
        "penalty-reason": "Late pung claim",
        "penalty-amount": "7",
    }
    response = post_sheet(admin_client, admin_sheet, data)
    assert response.status_code == 200
    assert 'id="penalty-form"' in text(response)
    assert response.context["penalty_form"].non_field_errors()
    assert not Penalty.objects.exists()


def test_a_chief_umpire_enters_hands_on_any_sheet(client, make_umpire, other_sheet):
    from django.contrib.auth.models import Group

    director = make_umpire("director")
    director.groups.add(Group.objects.get_or_create(name="Chief umpires")[0])
    client.force_login(director)
    assert client.get(sheet_url(other_sheet)).status_code == 200
    post_sheet(client, other_sheet, {"action": "draw", "confirm": "yes"})
    assert other_sheet.hands.count() == 1


def test_the_sheets_of_one_session_are_listed_from_the_session_list(admin_client, admin_sheet):
    sessions = text(admin_client.get(reverse("admin:tournaments_session_changelist")))
    link = f"{reverse('admin:tournaments_tablesession_changelist')}?session__id__exact="
    assert link in sessions
    response = admin_client.get(link + str(admin_sheet.session_id))
    assert response.status_code == 200
    assert response.context["cl"].result_count == 1


@pytest.mark.parametrize("order", ["-", ""])
def test_the_sheet_list_sorts_by_the_hands_entered(admin_client, admin_sheet, other_sheet, order):
    post_sheet(admin_client, admin_sheet, hand_post(VALID_HAND))
    column = ["action_checkbox", *admin.site._registry[TableSession].list_display]
    index = column.index("hands_entered")
    changelist = reverse("admin:tournaments_tablesession_changelist")
    page = admin_client.get(f"{changelist}?o={order}{index}").content.decode()
    more, fewer = page.index(sheet_url(admin_sheet)), page.index(sheet_url(other_sheet))
    assert (more < fewer) == (order == "-")
