"""The phones' doors keep the API's guards: JSON nested too deep, text no database stores, a
reason that shows nothing, an idempotency key sent again with another hand, a link ended while
its phone polls, and the cache gone while Redis restarts. Each is refused (or answered) cleanly,
never a server error, with nothing written."""

import pytest
import redis
from django.core.cache import caches
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from player_entry.models import TableEntry
from player_entry.services import player_link_revoke, table_entry_settle
from tests.player_entry.helpers import answer, messages_of, send_hand, table_umpire
from tournaments.errors import TournamentError
from tournaments.models import Hand, Sanction
from tournaments.services.sanctions import sanction_record

TOO_DEEP = "[" * 100_000 + "]" * 100_000
STATE = "/me/table/state.json"


def _written_to(queries, table: str) -> list[str]:
    """The statements among `queries` that insert into or update `table`."""
    return [
        query["sql"]
        for query in queries.captured_queries
        if query["sql"].lstrip().upper().startswith(("INSERT", "UPDATE")) and table in query["sql"]
    ]


# -- JSON nested too deep ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path", ["entries.json", "entries/{id}/confirm.json", "entries/{id}/dispute.json"]
)
def test_json_nested_a_hundred_thousand_deep_is_refused_with_400_by_the_phones_endpoints(
    sheet, phone, path
):
    entry = send_hand(phone("A"), sheet).json()
    response = phone("B").post(
        "/me/table/" + path.format(id=entry["id"]),
        TOO_DEEP,
        content_type="application/json",
        HTTP_IF_MATCH='"0"',
        HTTP_IDEMPOTENCY_KEY="deep-body-0001",
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "too_deep"
    assert list(TableEntry.objects.values_list("status", flat=True)) == ["pending"]


# -- text no database stores ---------------------------------------------------------------------


@pytest.mark.parametrize("reason", ["It was\x009 points", "\x00", "It was 9\ud800", "\ud800"])
def test_a_dispute_reason_no_database_stores_is_refused_with_400_before_any_write(
    sheet, phone, reason
):
    entry = send_hand(phone("A"), sheet).json()
    with CaptureQueriesContext(connection) as queries:
        refused = answer(phone("C"), entry["id"], "dispute", reason=reason)
    assert refused.status_code == 400
    assert "reason" in messages_of(refused)
    assert not _written_to(queries, "player_entry_tableentry")
    assert TableEntry.objects.get(pk=entry["id"]).status == "pending"


def test_a_dispute_reason_with_a_nul_posted_from_the_page_is_refused_with_the_reason(sheet, phone):
    entry = send_hand(phone("A"), sheet).json()
    with CaptureQueriesContext(connection) as queries:
        response = phone("C").post(
            f"/me/table/entries/{entry['id']}/dispute/",
            {"reason": "It was\x009 points"},
            follow=True,
        )
    assert response.status_code == 200
    assert "NUL" in response.content.decode()
    assert not _written_to(queries, "player_entry_tableentry")
    assert TableEntry.objects.get(pk=entry["id"]).status == "pending"


def test_a_dispute_reason_of_real_text_around_invisible_characters_is_kept_without_them(
    sheet, phone
):
    entry = send_hand(phone("A"), sheet).json()
    disputed = answer(phone("C"), entry["id"], "dispute", reason="\u200b It was 9 points \u2800")
    assert disputed.status_code == 200 and disputed.json()["reason"] == "It was 9 points"


def test_a_link_with_a_nul_character_is_404_without_asking_the_database(seated):
    with CaptureQueriesContext(connection) as queries:
        response = Client().get("/p/%00/")
    assert response.status_code == 404
    assert not [q for q in queries.captured_queries if "player_entry_playerlink" in q["sql"]]


# -- a ruling's reason that shows nothing --------------------------------------------------------


@pytest.fixture
def disputed(sheet, phone):
    entry = send_hand(phone("A"), sheet).json()
    answer(phone("C"), entry["id"], "dispute", reason="It was 9 points")
    return TableEntry.objects.get(pk=entry["id"])


@pytest.mark.parametrize("reason", ["\u200b", "\u2800", " \u200b\u2800 ", "\u200b\x00"])
def test_an_umpires_ruling_with_a_reason_that_shows_nothing_is_refused(
    disputed, sheet, django_user_model, reason
):
    umpire = table_umpire(sheet, django_user_model)
    with pytest.raises(TournamentError, match="reason"):
        table_entry_settle(user=umpire, entry_id=disputed.pk, record=True, reason=reason)
    disputed.refresh_from_db()
    assert disputed.status == "disputed" and disputed.reason == "It was 9 points"
    assert not Hand.objects.filter(table_session=sheet).exists()


def test_the_admins_settle_page_refuses_a_ruling_whose_reason_is_zero_width_spaces(
    disputed, sheet, django_user_model
):
    client = Client()
    client.force_login(table_umpire(sheet, django_user_model))
    response = client.post(
        f"/admin/player_entry/tableentry/{disputed.pk}/settle/",
        {"decision": "record", "reason": "\u200b\u2800\u200b"},
        follow=True,
    )
    assert response.status_code == 200
    assert "Give the reason of the ruling." in response.content.decode()
    disputed.refresh_from_db()
    assert disputed.status == "disputed"
    assert not Hand.objects.filter(table_session=sheet).exists()


# -- an idempotency key sent again with another hand ---------------------------------------------


def test_a_key_sent_again_with_another_hand_is_refused_with_422_naming_the_key(sheet, phone):
    first = send_hand(phone("A"), sheet, key="queued-entry-0001", points=8)
    other = send_hand(phone("A"), sheet, key="queued-entry-0001", points=24)
    assert (first.status_code, other.status_code) == (201, 422)
    assert other.json()["errors"][0]["code"] == "idempotency_key_reused"
    assert "queued-entry-0001" in messages_of(other)
    entry = TableEntry.objects.get()
    assert entry.points == 8 and entry.pk == first.json()["id"]


def test_a_key_sent_again_with_the_same_hand_still_answers_the_first_entry(sheet, phone):
    first = send_hand(phone("A"), sheet, key="queued-entry-0001", points=8, flowers=1)
    again = send_hand(phone("A"), sheet, key="queued-entry-0001", flowers=1, points=8)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json() == first.json()
    assert TableEntry.objects.count() == 1


# -- a link ended while its phone polls ----------------------------------------------------------


def _poll(client, etag=None):
    return client.get(STATE, **({"HTTP_IF_NONE_MATCH": etag} if etag else {}))


def test_a_link_revoked_elsewhere_stops_its_phones_unchanged_polls_at_once(phone, seated):
    """Revoked by another process (the command, another web worker): on the embedded defaults
    its cache is not this one's, so only the database says the link is gone. (Without the
    commit callbacks, the tickets' generation does not move here either.)"""
    client = phone("A")
    etag = _poll(client)["ETag"]
    assert _poll(client, etag).status_code == 304

    player_link_revoke(player=seated["A"])

    assert _poll(client, etag).status_code == 403


def test_a_disqualified_players_phone_stops_polling_at_once(phone, seated):
    client = phone("A")
    etag = _poll(client)["ETag"]
    assert _poll(client, etag).status_code == 304

    sanction_record(
        player=seated["A"], kind=Sanction.Kind.DISQUALIFICATION, reason="Serious disturbance"
    )

    assert _poll(client, etag).status_code == 403
    assert _poll(phone("B"), _poll(phone("B"))["ETag"]).status_code == 304  # the others poll on


# -- the cache gone while Redis restarts ---------------------------------------------------------


@pytest.fixture
def cache_down(monkeypatch):
    """Every call to the cache fails as Redis's client does while the server restarts."""

    def refuse(*args, **kwargs):
        raise redis.exceptions.ConnectionError("Error 111 connecting to redis:6379.")

    backend = type(caches["default"])
    for name in ("get", "get_many", "set", "set_many", "add", "incr", "delete", "touch"):
        monkeypatch.setattr(backend, name, refuse)


def test_the_table_poll_answers_from_the_database_while_the_cache_is_down(
    sheet, phone, seated, cache_down
):
    client = phone("A")
    whole = _poll(client)
    assert whole.status_code == 200
    assert whole.json()["sheet_version"] == 0
    assert seated["A"].name in whole.json()["html"]
    again = _poll(client, whole["ETag"])
    assert again.status_code == 200 and seated["B"].name in again.json()["html"]


def test_a_hand_entered_while_the_cache_is_down_shows_at_the_next_poll(sheet, phone, cache_down):
    client = phone("B")
    etag = _poll(client)["ETag"]
    assert send_hand(phone("A"), sheet, points=12).status_code == 201
    changed = _poll(client, etag)
    assert changed.status_code == 200 and 'data-state=\\"pending\\"' in changed.content.decode()
    assert client.get("/me/table/").status_code == 200
