"""A CompiledQuery gives the rows its queryset gives, builds its SQL once per connection and
shape, and refuses what it does not support (tournaments/compiled_query.py, issue #31)."""

import gc
import threading
import weakref

import pytest
from django.db import connections, transaction
from django.db.models import Count
from django.db.transaction import TransactionManagementError
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from api.authentication import _TOKEN_WITH_ROLES, _token_with_roles
from api.views.sheet_common import _SHEET_BY_ID, _sheet_by_id
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.compiled_query import CompiledQuery
from tournaments.models import Hand, Seat, TableSession
from tournaments.selectors import scoresheet
from tournaments.services import results, sheets


def _fields(instance, related: tuple[str, ...] = ()) -> dict:
    """Every column's value, and those of the related rows named (a__b: nested)."""
    values = {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}
    for path in related:
        head, _sep, rest = path.partition("__")
        field = instance._meta.get_field(head)
        assert field.is_cached(instance), f"{head} was not read with the row"
        other = getattr(instance, head)
        values[head] = None if other is None else _fields(other, (rest,) if rest else ())
    return values


def _same(compiled: list, expected: list, related=(), annotations=()) -> None:
    key = lambda row: row.pk  # noqa: E731
    compiled, expected = sorted(compiled, key=key), sorted(expected, key=key)
    assert [_fields(row, related) for row in compiled] == [
        _fields(row, related) for row in expected
    ]
    for name in annotations:
        assert [getattr(row, name) for row in compiled] == [getattr(row, name) for row in expected]


def test_a_sheets_rows_are_the_querysets_own_with_their_related_rows_and_annotations(locked):
    sheet_id = locked.pk
    related = ("session__tournament", "table", "umpire")
    _same(
        _SHEET_BY_ID.fetch(related=related, sheet_id=sheet_id),
        list(_sheet_by_id(related, sheet_id)),
        related,
    )
    _same(
        scoresheet._SEATS.fetch(teams=True, sheet_id=sheet_id),
        list(scoresheet._SEATS._build(teams=True, sheet_id=sheet_id)),
        ("player__team", "replaced_player"),
    )
    hands = scoresheet._HANDS.fetch(sheet_id=sheet_id)
    assert hands and any(hand._payments for hand in hands)
    _same(hands, list(scoresheet._HANDS._build(sheet_id=sheet_id)), (), ("_payments",))
    penalties = results._PENALTIES_IN_FORCE.fetch(sheet_id=sheet_id)
    assert penalties
    _same(penalties, list(locked.penalties.filter(voided_at__isnull=True)))
    _same(results._RESULTS.fetch(sheet_id=sheet_id), list(locked.results.all()))
    with transaction.atomic():
        _same(
            sheets._LOCKED_SHEET.fetch(sheet_id=sheet_id),
            [TableSession.objects.select_related("session__tournament").get(pk=sheet_id)],
            ("session__tournament",),
        )
        seats = sheets._SEATS_AND_HANDS_RECORDED.fetch(sheet_id=sheet_id)
    assert {seat.hands_recorded for seat in seats} == {locked.hands.count()}
    _same(seats, list(Seat.objects.filter(table_session=locked)))


def test_a_tokens_row_holds_its_login_his_preference_and_his_role_groups(people):
    token = Token.objects.create(user=people.umpire)
    (compiled,) = _TOKEN_WITH_ROLES.fetch(key=token.key)
    (expected,) = _token_with_roles(token.key)
    assert _fields(compiled, ("user",)) == _fields(expected, ("user",))
    assert compiled.role_groups == expected.role_groups and compiled.role_groups
    assert _TOKEN_WITH_ROLES.fetch(key="no such key") == []


def test_the_sql_is_built_once_then_run_with_each_calls_values(sheet):
    other = seated_table(sheet.session.tournament, table_number=2)
    built = []

    def build(sheet_id):
        built.append(sheet_id)
        return TableSession.objects.filter(pk=sheet_id)

    query = CompiledQuery(build, sheet_id=int)
    assert [row.pk for row in query.fetch(sheet_id=sheet.pk)] == [sheet.pk]
    assert [row.pk for row in query.fetch(sheet_id=other.pk)] == [other.pk]
    assert query.fetch(sheet_id=0) == []
    assert len(built) == 1 and built[0] < 0  # built once, with a placeholder


def test_each_shape_has_its_own_sql(sheet):
    bare = _SHEET_BY_ID.fetch(related=(), sheet_id=sheet.pk)[0]
    full = _SHEET_BY_ID.fetch(related=("table",), sheet_id=sheet.pk)[0]
    assert not TableSession.table.is_cached(bare)
    assert TableSession.table.is_cached(full)


def test_attached_values_are_set_on_each_row_without_a_query(sheet, django_assert_num_queries):
    with django_assert_num_queries(1):
        seats = scoresheet._SEATS.fetch(
            teams=False, sheet_id=sheet.pk, attach={"table_session": sheet}
        )
        assert len(seats) == 4
        assert all(seat.table_session is sheet for seat in seats)


@pytest.mark.django_db(transaction=True)
def test_a_locking_read_outside_a_transaction_is_refused_as_django_refuses_it():
    sheet = seated_table(TournamentFactory())
    try:
        TableSession.objects.select_for_update().filter(pk=sheet.pk).first()
    except TransactionManagementError:
        refused = True  # PostgreSQL
    else:
        refused = False  # SQLite: no row locks, no refusal
    if refused:
        with pytest.raises(TransactionManagementError):
            sheets._LOCKED_SHEET.fetch(sheet_id=sheet.pk)
    else:
        assert [row.pk for row in sheets._LOCKED_SHEET.fetch(sheet_id=sheet.pk)] == [sheet.pk]


def test_a_parameter_missing_from_the_sql_is_refused(sheet):
    query = CompiledQuery(lambda sheet_id: TableSession.objects.all(), sheet_id=int)
    with pytest.raises(ValueError, match="must be a parameter"):
        query.fetch(sheet_id=sheet.pk)


def test_values_and_prefetches_are_refused(sheet):
    values = CompiledQuery(lambda pk: TableSession.objects.filter(pk=pk).values("pk"), pk=int)
    prefetched = CompiledQuery(
        lambda pk: TableSession.objects.filter(pk=pk).prefetch_related("seats"), pk=int
    )
    for query in (values, prefetched):
        with pytest.raises(ValueError, match="model queryset"):
            query.fetch(pk=sheet.pk)


def test_only_int_and_str_parameters_are_placeholders(sheet):
    query = CompiledQuery(
        lambda pk: TableSession.objects.filter(pk=pk).annotate(n=Count("hands")), pk=float
    )
    with pytest.raises(TypeError, match="an int or a str"):
        query.fetch(pk=sheet.pk)


def test_an_id_beyond_64_bits_matches_no_row_as_django_filters_it(sheet):
    huge = 10**20
    assert list(TableSession.objects.filter(pk=huge)) == []
    assert _SHEET_BY_ID.fetch(related=(), sheet_id=huge) == []
    assert _SHEET_BY_ID.fetch(related=(), sheet_id=-huge) == []


def test_a_sheet_id_beyond_64_bits_is_a_404_in_the_api(people):
    client = APIClient()
    client.force_authenticate(people.chief)
    assert client.get("/api/score-sheets/99999999999999999999/").status_code == 404


def test_a_value_of_the_wrong_type_is_refused(sheet):
    with pytest.raises(TypeError, match="sheet_id must be int"):
        _SHEET_BY_ID.fetch(related=(), sheet_id=str(sheet.pk))


@pytest.mark.django_db(transaction=True)
def test_a_threads_connection_goes_with_the_thread_though_it_compiled_a_query():
    sheet = seated_table(TournamentFactory())
    kept = []

    def read():
        connection = connections["default"]
        assert [row.pk for row in _SHEET_BY_ID.fetch(related=(), sheet_id=sheet.pk)] == [sheet.pk]
        kept.append(weakref.ref(connection))
        connection.close()

    thread = threading.Thread(target=read)
    thread.start()
    thread.join()
    gc.collect()
    assert kept and kept[0]() is None


def test_threads_compiling_at_once_all_get_their_rows(sheet):
    query = CompiledQuery(lambda key: Token.objects.filter(key=key), key=str)
    errors = []

    def compile_one():
        try:
            query._compile({})
        except Exception as error:  # noqa: BLE001 (any error fails the test below)
            errors.append(error)

    threads = [threading.Thread(target=compile_one) for _n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []


def test_a_placeholder_out_of_its_fields_range_is_refused_when_compiled(sheet):
    query = CompiledQuery(lambda number: Hand.objects.filter(number=number), number=int)
    with pytest.raises(ValueError, match="placeholders must reach its SQL"):
        query.fetch(number=1)
