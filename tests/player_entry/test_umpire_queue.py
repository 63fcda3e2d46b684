"""The umpire's score-sheet page through a dropped network: the endpoint its queue sends hands
to (`POST /umpire/sheets/<id>/hands.json`), the panel that lists the queue on the page, and
the service worker that keeps the page (issue 28)."""

import uuid

import pytest
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse

from player_entry.models import UmpireSubmission
from tests.tournaments.admin_helpers import UNDER_EIGHT_HAND, VALID_HAND
from tests.tournaments.factories import TournamentFactory, seated_table, sign_sheets
from tournaments.models import Hand, TableSession, Tournament
from tournaments.roles import ROLE_GROUPS, Role
from tournaments.services.hands import hand_delete_last, hand_record_no_win, hand_record_win

WIN = {"outcome": "win", "hand": {"winner": "A", "discarder": "B", "points": 8, "flowers": 1}}


@pytest.fixture
def points_sheet_umpired(db, make_umpire):
    """A started table of a points-only tournament whose umpires enter the hands, and its
    umpire."""
    tournament = TournamentFactory(entry_mode=Tournament.EntryMode.POINTS_ONLY)
    sheet = seated_table(tournament, started=True)
    sheet.umpire = make_umpire("table-umpire")
    sheet.save(update_fields=["umpire"])
    return sheet


@pytest.fixture
def send(points_sheet_umpired):
    """send(body, user=..., sheet=..., key=..., version=...) → the queue's POST, by the
    sheet's umpire unless told, with the sheet's version as now stored unless told."""

    def post(body=WIN, *, user="umpire", sheet=None, key=None, version=None, headers=None):
        sheet = sheet or points_sheet_umpired
        client = Client()
        if user == "umpire":
            client.force_login(sheet.umpire)
        elif user is not None:
            client.force_login(user)
        if version is None:
            version = TableSession.objects.values_list("version", flat=True).get(pk=sheet.pk)
        sent = {"HTTP_IF_MATCH": f'"{version}"', "HTTP_IDEMPOTENCY_KEY": key or uuid.uuid4().hex}
        if headers is not None:
            sent = headers
        return client.post(
            reverse("umpire-queue-hands", args=[sheet.pk]),
            body,
            content_type="application/json",
            **sent,
        )

    return post


def messages_of(response) -> str:
    return " ".join(error["message"] for error in response.json()["errors"])


def fields_of(response) -> set:
    return {error["field"] for error in response.json()["errors"]}


def nothing_written(sheet, version: int) -> bool:
    return (
        not Hand.objects.filter(table_session=sheet).exists()
        and not UmpireSubmission.objects.exists()
        and TableSession.objects.get(pk=sheet.pk).version == version
    )


# -- recorded once --------------------------------------------------------------------------------


def test_a_hand_sent_twice_with_the_same_key_is_recorded_once_and_the_replay_answers_200(
    send, points_sheet_umpired
):
    sheet = points_sheet_umpired
    key = uuid.uuid4().hex
    version = sheet.version
    first = send(key=key, version=version)
    assert first.status_code == 201
    hand = Hand.objects.get(table_session=sheet)
    assert (hand.number, hand.winner_position, hand.discarder_position) == (1, "A", "B")
    assert (hand.points, hand.flowers, hand.entered_by) == (8, 1, sheet.umpire)
    after = TableSession.objects.get(pk=sheet.pk).version
    assert first.json() == {
        "number": 1,
        "sheet_version": after,
        "id": hand.pk,
        "outcome": "win",
        "winner": "A",
        "discarder": "B",
        "points": 8,
        "flowers": 1,
        "total": 9,
    }

    replay = send(key=key, version=version)  # its answer was lost: the queue sends it again
    assert replay.status_code == 200
    assert replay.json() == first.json()
    assert Hand.objects.filter(table_session=sheet).count() == 1
    assert TableSession.objects.get(pk=sheet.pk).version == after
    assert UmpireSubmission.objects.get().hand == hand


def test_a_hand_queued_behind_another_is_recorded_on_the_version_the_first_one_left(
    send, points_sheet_umpired
):
    first = send()
    second = send({"outcome": "draw"}, version=first.json()["sheet_version"])
    third = send({"outcome": "time"}, version=second.json()["sheet_version"])
    assert (second.status_code, third.status_code) == (201, 201)
    hands = Hand.objects.filter(table_session=points_sheet_umpired).order_by("number")
    assert [(h.number, h.outcome) for h in hands] == [(1, "win"), (2, "draw"), (3, "time")]
    sheet = TableSession.objects.get(pk=points_sheet_umpired.pk)
    assert sheet.status == TableSession.Status.COMPLETE  # the time-limit stop ends the table
    assert third.json()["sheet_version"] == sheet.version


def test_a_self_drawn_hand_has_no_discarder(send, points_sheet_umpired):
    response = send(
        {"outcome": "win", "hand": {"winner": "C", "discarder": "", "points": 10, "flowers": 0}}
    )
    assert response.status_code == 201
    assert response.json()["discarder"] is None
    assert Hand.objects.get().self_drawn


def test_a_tiles_tournament_sends_the_page_s_tile_fields_scored_as_the_page_scores_them(
    send, make_umpire
):
    sheet = seated_table(TournamentFactory(entry_mode=Tournament.EntryMode.TILES), started=True)
    sheet.umpire = make_umpire("tiles-umpire")
    sheet.save(update_fields=["umpire"])
    body = {"outcome": "win", "hand": {"winner": "A", "discarder": "B", **VALID_HAND}}
    response = send(body, sheet=sheet)
    assert response.status_code == 201, response.content
    hand = Hand.objects.get(table_session=sheet)
    assert (hand.points, hand.tiles is not None) == (19, True)

    under = {"outcome": "win", "hand": {"winner": "A", "discarder": "B", **UNDER_EIGHT_HAND}}
    refused = send(under, sheet=sheet)
    assert refused.status_code == 400
    assert "at least 8" in messages_of(refused)
    assert Hand.objects.filter(table_session=sheet).count() == 1


# -- the page's own post, its answer lost ---------------------------------------------------------


def the_page_posted(sheet, *, outcome="win", user=None, **hand):
    """The umpire's page recorded this hand (its answer lost with the network)."""
    user = user or sheet.umpire
    if outcome == "win":
        return hand_record_win(
            table_session=sheet, expected_version=sheet.version, user=user, **hand
        )
    return hand_record_no_win(
        table_session=sheet, outcome=outcome, expected_version=sheet.version, user=user
    )


def test_a_page_post_recorded_whose_answer_was_lost_is_found_recorded_not_refused(
    send, points_sheet_umpired
):
    sheet = points_sheet_umpired
    seen = sheet.version
    hand = the_page_posted(sheet, winner="A", discarder="B", points=8, flowers=1)
    now = TableSession.objects.get(pk=sheet.pk).version
    response = send({**WIN, "number": 1}, version=seen)  # the service worker's copy, queued
    assert response.status_code == 200, response.content
    assert (response.json()["id"], response.json()["sheet_version"]) == (hand.pk, now)
    assert Hand.objects.filter(table_session=sheet).count() == 1
    assert TableSession.objects.get(pk=sheet.pk).version == now
    assert UmpireSubmission.objects.get().hand == hand


def test_a_draw_posted_by_the_page_whose_answer_was_lost_is_found_recorded(
    send, points_sheet_umpired
):
    sheet = points_sheet_umpired
    seen = sheet.version
    hand = the_page_posted(sheet, outcome=Hand.Outcome.DRAW)
    response = send({"outcome": "draw", "number": 1}, version=seen)
    assert response.status_code == 200
    assert response.json()["id"] == hand.pk
    assert Hand.objects.filter(table_session=sheet).count() == 1


@pytest.mark.parametrize(
    "sent",
    [
        pytest.param({**WIN, "number": 2}, id="another number"),
        pytest.param({"outcome": "win", "number": 1}, id="no hand: the form's errors"),
        pytest.param(
            {"outcome": "win", "number": 1, "hand": {**WIN["hand"], "points": 9}},
            id="other points",
        ),
        pytest.param(
            {"outcome": "win", "number": 1, "hand": {**WIN["hand"], "flowers": 0}},
            id="other flowers",
        ),
        pytest.param(
            {"outcome": "win", "number": 1, "hand": {**WIN["hand"], "discarder": "C"}},
            id="another discarder",
        ),
        pytest.param({"outcome": "draw", "number": 1}, id="another outcome"),
        pytest.param(WIN, id="no number"),
    ],
)
def test_a_stale_hand_unlike_the_last_one_recorded_is_still_refused_with_412(
    send, points_sheet_umpired, sent
):
    sheet = points_sheet_umpired
    seen = sheet.version
    the_page_posted(sheet, winner="A", discarder="B", points=8, flowers=1)
    response = send(sent, version=seen)
    assert response.status_code in (400, 412)
    if response.status_code == 412:
        assert response.json()["errors"][0]["code"] == "conflict"
    assert Hand.objects.filter(table_session=sheet).count() == 1
    assert not UmpireSubmission.objects.exists()


def test_the_same_hand_recorded_by_another_login_is_not_taken_for_the_umpire_s(
    send, points_sheet_umpired, django_user_model
):
    sheet = points_sheet_umpired
    seen = sheet.version
    chief = django_user_model.objects.create_user("chief-umpire", is_staff=True)
    chief.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role.CHIEF_UMPIRE])[0])
    the_page_posted(sheet, user=chief, winner="A", discarder="B", points=8, flowers=1)
    response = send({**WIN, "number": 1}, version=seen)
    assert response.status_code == 412
    assert not UmpireSubmission.objects.exists()


def test_a_hand_with_hands_recorded_after_it_is_not_taken_for_a_lost_post(
    send, points_sheet_umpired
):
    sheet = points_sheet_umpired
    seen = sheet.version
    the_page_posted(sheet, winner="A", discarder="B", points=8, flowers=1)
    sheet.refresh_from_db()
    the_page_posted(sheet, outcome=Hand.Outcome.DRAW)
    response = send({**WIN, "number": 1}, version=seen)
    assert response.status_code == 412
    assert Hand.objects.filter(table_session=sheet).count() == 2


def test_a_hand_a_queue_key_already_holds_is_not_found_again_under_another_key(
    send, points_sheet_umpired
):
    sheet = points_sheet_umpired
    seen = sheet.version
    assert send({**WIN, "number": 1}, version=seen).status_code == 201
    again = send({**WIN, "number": 1}, version=seen)  # a second copy, with a key of its own
    assert again.status_code == 412
    assert UmpireSubmission.objects.count() == 1


def test_a_tiles_hand_posted_by_the_page_is_found_recorded_when_its_tiles_are_the_same(
    send, make_umpire
):
    sheet = seated_table(TournamentFactory(entry_mode=Tournament.EntryMode.TILES), started=True)
    sheet.umpire = make_umpire("tiles-umpire")
    sheet.save(update_fields=["umpire"])
    seen = sheet.version
    body = {"outcome": "win", "number": 1, "hand": {"winner": "A", "discarder": "B", **VALID_HAND}}
    first = send(body, sheet=sheet, version=seen)
    assert first.status_code == 201
    UmpireSubmission.objects.all().delete()  # as if the page's own form had recorded it
    found = send(body, sheet=sheet, version=seen)
    assert found.status_code == 200, found.content
    assert found.json()["id"] == first.json()["id"]
    other = {**body, "hand": {**body["hand"], "discarder": "C"}}
    UmpireSubmission.objects.all().delete()
    assert send(other, sheet=sheet, version=seen).status_code == 412


def test_a_number_that_is_not_a_hand_s_number_is_refused_with_400(send, points_sheet_umpired):
    for number in (0, 17, "1", 1.5, True):
        response = send({**WIN, "number": number})
        assert response.status_code == 400, number
        assert "number" in fields_of(response)
    assert not Hand.objects.exists()


# -- refused, and nothing written ------------------------------------------------------------------


def test_a_hand_sent_on_a_version_the_sheet_has_left_is_refused_with_412(
    send, points_sheet_umpired
):
    sheet = points_sheet_umpired
    seen = sheet.version
    hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.DRAW)  # meanwhile
    now = TableSession.objects.get(pk=sheet.pk).version
    response = send(version=seen)
    assert response.status_code == 412
    assert response.json()["errors"][0]["code"] == "conflict"
    assert "changed since you opened it" in messages_of(response)
    assert Hand.objects.filter(table_session=sheet).count() == 1
    assert not UmpireSubmission.objects.exists()
    assert TableSession.objects.get(pk=sheet.pk).version == now


def test_a_staff_member_who_is_not_the_tables_umpire_is_refused_with_403(
    send, points_sheet_umpired, make_umpire
):
    other = make_umpire("another-tables-umpire")
    response = send(user=other)
    assert response.status_code == 403
    assert response.json()["errors"][0]["code"] == "forbidden"
    assert nothing_written(points_sheet_umpired, points_sheet_umpired.version)


def test_an_anonymous_request_is_refused_with_403(send, points_sheet_umpired):
    response = send(user=None)
    assert response.status_code == 403
    assert response.json()["errors"][0]["code"] == "not_signed_in"
    assert nothing_written(points_sheet_umpired, points_sheet_umpired.version)


def test_an_umpire_of_a_tournament_whose_players_enter_the_hands_is_refused_with_403(
    send, points_sheet_umpired
):
    tournament = points_sheet_umpired.session.tournament
    tournament.hand_entry = Tournament.HandEntry.PLAYERS
    tournament.save(update_fields=["hand_entry"])
    response = send()
    assert response.status_code == 403
    assert "players enter the hands" in messages_of(response)
    assert nothing_written(points_sheet_umpired, points_sheet_umpired.version)


def test_a_signed_sheet_refuses_the_hand_with_409(send, points_sheet_umpired):
    sheet = points_sheet_umpired
    hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.TIME_LIMIT)
    sign_sheets(sheet)
    signed = TableSession.objects.get(pk=sheet.pk)
    response = send(version=signed.version)
    assert response.status_code == 409
    assert "signed" in messages_of(response)
    assert Hand.objects.filter(table_session=sheet).count() == 1
    assert not UmpireSubmission.objects.exists()
    assert TableSession.objects.get(pk=sheet.pk).version == signed.version


def test_a_bad_hand_is_refused_with_400_and_the_fields_at_fault(send, points_sheet_umpired):
    body = {"outcome": "win", "hand": {"winner": "A", "discarder": "A", "points": -3}}
    response = send(body)
    assert response.status_code == 400
    assert fields_of(response) == {"discarder", "points"}
    assert nothing_written(points_sheet_umpired, points_sheet_umpired.version)


def test_a_hand_the_scoring_core_refuses_is_400(send, points_sheet_umpired):
    response = send({"outcome": "win", "hand": {"winner": "A", "discarder": "B", "points": 6}})
    assert response.status_code == 400
    assert "8" in messages_of(response)
    assert nothing_written(points_sheet_umpired, points_sheet_umpired.version)


@pytest.mark.parametrize(
    ("body", "headers", "fields"),
    [
        ({"outcome": "pass"}, None, {"outcome"}),
        (WIN, {"HTTP_IDEMPOTENCY_KEY": "a-good-key-123"}, {"version"}),
        (WIN, {"HTTP_IF_MATCH": '"1"', "HTTP_IDEMPOTENCY_KEY": "short"}, {"key"}),
        (
            WIN,
            {"HTTP_IF_MATCH": "latest", "HTTP_IDEMPOTENCY_KEY": "no spaces here"},
            {"version", "key"},
        ),
        ({"outcome": "win", "hand": ["A", "B"]}, None, {"hand"}),
        ({"outcome": "win", "hand": {"winner": {"seat": "A"}}}, None, {"hand"}),
        ([1, 2], None, {None}),
    ],
)
def test_a_request_without_its_outcome_version_or_key_is_refused_with_400(
    send, points_sheet_umpired, body, headers, fields
):
    response = send(body, headers=headers)
    assert response.status_code == 400
    assert fields_of(response) == fields
    assert nothing_written(points_sheet_umpired, points_sheet_umpired.version)


def test_a_body_that_is_not_json_is_refused_with_400(points_sheet_umpired):
    client = Client()
    client.force_login(points_sheet_umpired.umpire)
    response = client.post(
        reverse("umpire-queue-hands", args=[points_sheet_umpired.pk]),
        "winner=A",
        content_type="application/json",
        HTTP_IF_MATCH='"1"',
        HTTP_IDEMPOTENCY_KEY="a-good-key-123",
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "parse_error"


def test_a_sheet_that_does_not_exist_is_404(points_sheet_umpired):
    client = Client()
    client.force_login(points_sheet_umpired.umpire)
    response = client.post(
        reverse("umpire-queue-hands", args=[points_sheet_umpired.pk + 1000]),
        WIN,
        content_type="application/json",
        HTTP_IF_MATCH='"1"',
        HTTP_IDEMPOTENCY_KEY="a-good-key-123",
    )
    assert response.status_code == 404
    assert response.json()["errors"][0]["code"] == "not_found"


def test_a_key_another_login_used_on_the_sheet_is_refused_and_records_nothing(
    send, points_sheet_umpired, django_user_model
):
    chief = django_user_model.objects.create_user("chief-umpire", is_staff=True)
    chief.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role.CHIEF_UMPIRE])[0])
    key = uuid.uuid4().hex
    assert send(key=key).status_code == 201
    response = send({"outcome": "draw"}, user=chief, key=key)
    assert response.status_code == 409
    assert Hand.objects.filter(table_session=points_sheet_umpired).count() == 1


def test_a_replay_after_the_hand_was_removed_answers_its_number_and_records_nothing(
    send, points_sheet_umpired
):
    key = uuid.uuid4().hex
    version = points_sheet_umpired.version
    assert send(key=key, version=version).status_code == 201
    hand_delete_last(table_session=points_sheet_umpired, number=1)
    replay = send(key=key, version=version)
    assert replay.status_code == 200
    assert replay.json()["number"] == 1 and "id" not in replay.json()
    assert not Hand.objects.filter(table_session=points_sheet_umpired).exists()


def test_json_nested_a_hundred_thousand_deep_is_refused_with_400(send, points_sheet_umpired):
    response = send("[" * 100_000 + "]" * 100_000)
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "too_deep"
    assert nothing_written(points_sheet_umpired, points_sheet_umpired.version)


def test_a_key_sent_again_with_another_hand_is_refused_with_422_naming_the_key(
    send, points_sheet_umpired
):
    key = uuid.uuid4().hex
    version = points_sheet_umpired.version
    assert send(key=key, version=version).status_code == 201
    other = {"outcome": "win", "hand": {**WIN["hand"], "points": 24}}
    refused = send(other, key=key, version=version)
    assert refused.status_code == 422
    assert refused.json()["errors"][0]["code"] == "idempotency_key_reused"
    assert key in messages_of(refused)
    assert send({"outcome": "draw"}, key=key).status_code == 422
    hand = Hand.objects.get(table_session=points_sheet_umpired)
    assert hand.points == 8 and UmpireSubmission.objects.count() == 1


def test_a_key_sent_again_with_the_same_hand_written_otherwise_is_a_replay(
    send, points_sheet_umpired
):
    key = uuid.uuid4().hex
    version = points_sheet_umpired.version
    first = send(key=key, version=version)
    same = {
        "hand": {"flowers": 1, "points": "8", "discarder": "B", "winner": "A"},
        "outcome": "win",
    }
    replay = send(same, key=key, version=version)
    assert (first.status_code, replay.status_code) == (201, 200)
    assert replay.json() == first.json()


def test_a_get_is_not_a_way_in(points_sheet_umpired):
    client = Client()
    client.force_login(points_sheet_umpired.umpire)
    url = reverse("umpire-queue-hands", args=[points_sheet_umpired.pk])
    assert client.get(url).status_code == 405


# -- the page and its worker -------------------------------------------------------------------


def sheet_page(client, sheet) -> str:
    response = client.get(reverse("admin:tournaments_tablesession_change", args=[sheet.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_the_umpire_s_page_loads_the_queue_for_his_login_and_this_sheet(points_sheet_umpired):
    sheet = points_sheet_umpired
    hand_record_win(table_session=sheet, winner="A", discarder="B", points=8)
    client = Client()
    client.force_login(sheet.umpire)
    page = sheet_page(client, sheet)
    assert 'id="umpire-queue-panel"' in page
    assert f'data-owner="{sheet.umpire.pk}:{sheet.pk}"' in page
    assert f'data-send-url="/umpire/sheets/{sheet.pk}/hands.json"' in page
    assert 'data-next-number="2"' in page
    assert "player_entry/umpire_queue.js" in page
    assert 'id="umpire-queue-labels"' in page and "Hand 2 — East round" in page


def test_a_login_that_does_not_enter_the_sheet_s_hands_gets_no_queue(
    points_sheet_umpired, django_user_model
):
    committee = django_user_model.objects.create_user("committee", is_staff=True)
    group = ROLE_GROUPS[Role.COMMITTEE]
    committee.groups.add(Group.objects.get_or_create(name=group)[0])
    client = Client()
    client.force_login(committee)
    page = sheet_page(client, points_sheet_umpired)
    assert "umpire-queue-panel" not in page and "umpire_queue.js" not in page


def test_the_worker_may_keep_the_score_sheets_pages_and_sees_the_admin_s_login_and_logout(
    client,
):
    response = client.get(reverse("umpire-queue-worker"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/admin/"
    assert response["Cache-Control"] == "no-cache"
    worker = response.content.decode()
    assert 'const SHEETS = "/admin/tournaments/tablesession/";' in worker
    assert 'const FORGET_AT = ["/admin/login/", "/admin/logout/"];' in worker
