"""A queryset whose SQL Django builds once per thread's connection, then runs with new
parameters (issue #31).

Half the CPU of the umpire's read before every hand was Django building querysets (filter,
select_related, annotate) and compiling them to SQL, the same SQL each time but for the ids.
A CompiledQuery builds its queryset once with placeholder values, keeps the SQL, the position
of each placeholder among its parameters and what turns a row into model instances (Django's
own `ModelIterable` steps: the compiler's select, converters and related populators), and
from then on only executes the SQL and builds the instances. The rows are the instances the
queryset itself gives: tests/tournaments/test_compiled_query.py compares them field by field.

What it supports is what the hot reads use: a model queryset (no values(), no
prefetch_related()), with select_related, annotations and select_for_update. The builder must
depend on its arguments only: the SQL is kept for the life of the connection's wrapper.
"""

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from itertools import count

from django.core.exceptions import EmptyResultSet, FullResultSet
from django.db import connections
from django.db.models import Model, QuerySet
from django.db.models.query import ModelIterable, get_related_populators
from django.db.transaction import TransactionManagementError

# Placeholders no real id or key takes: ids are positive, keys are printable. (next() on a
# count is atomic: threads compile at once.)
_INT_PLACEHOLDERS = count(-2_000_000_011, -1)
_STR_PLACEHOLDERS = count()
_BIGINT = 2**63  # a value outside a 64-bit integer matches no row (Django: no query at all)


def _placeholder(kind: type):
    if kind is int:
        return next(_INT_PLACEHOLDERS)
    if kind is str:
        return f"\x1fcompiled-query-{next(_STR_PLACEHOLDERS)}\x1f"
    raise TypeError(f"a CompiledQuery parameter is an int or a str, not {kind!r}")


def _matches_nothing(values: dict, kinds: dict[str, type]) -> bool:
    """True when a value cannot match a row (an int beyond 64 bits, which Django filters out
    before the database would refuse it); a value of the wrong type is refused."""
    for name, kind in kinds.items():
        value = values[name]
        if type(value) is not kind:
            raise TypeError(f"{name} must be {kind.__name__}, not {type(value).__name__}")
        if kind is int and not -_BIGINT <= value < _BIGINT:
            return True
    return False


@dataclass(frozen=True)
class _Plan:
    """One queryset shape compiled for one connection wrapper."""

    sql: str
    params: tuple
    slots: tuple[tuple[int, str], ...]  # (position among the parameters, parameter's name)
    for_update: bool
    db: str
    model: type[Model]
    init_list: list[str]
    model_columns: slice
    populators: list
    converters: dict
    annotations: dict[str, int]
    compiler: object

    @classmethod
    def of(cls, queryset: QuerySet, placeholders: dict) -> "_Plan":
        if queryset._iterable_class is not ModelIterable or queryset._prefetch_related_lookups:
            raise ValueError("a CompiledQuery is a model queryset without prefetch_related()")
        if queryset.db != "default":
            raise ValueError("a CompiledQuery reads the default database")
        compiler = queryset.query.get_compiler(using=queryset.db)
        try:
            sql, params = compiler.as_sql()
        except (EmptyResultSet, FullResultSet):
            raise ValueError("a CompiledQuery's placeholders must reach its SQL") from None
        if compiler.has_composite_fields([column[0] for column in compiler.select]):
            raise ValueError("a CompiledQuery reads no composite field")
        by_value = {value: name for name, value in placeholders.items()}
        slots = tuple(
            (index, by_value[value])
            for index, value in enumerate(params)
            if isinstance(value, int | str) and value in by_value
        )
        if {name for _index, name in slots} != set(placeholders) or any(
            str(value) in sql for value in placeholders.values()
        ):
            raise ValueError("each parameter of a CompiledQuery must be a parameter of its SQL")
        select, klass_info = compiler.select, compiler.klass_info
        fields = klass_info["select_fields"]
        columns = slice(fields[0], fields[-1] + 1)
        return cls(
            sql=sql,
            params=tuple(params),
            slots=slots,
            for_update=queryset.query.select_for_update,
            db=queryset.db,
            model=klass_info["model"],
            init_list=[column[0].target.attname for column in select[columns]],
            model_columns=columns,
            populators=get_related_populators(klass_info, select, queryset.db),
            converters=compiler.get_converters(
                [column[0] for column in select[: compiler.col_count]]
            ),
            annotations=dict(compiler.annotation_col_map or {}),
            compiler=compiler,
        )

    def rows(self, connection, values: dict) -> list:
        if self.for_update and _locks_outside_a_transaction(connection):
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction."
            )
        params = list(self.params)
        for index, name in self.slots:
            params[index] = values[name]
        with connection.cursor() as cursor:
            cursor.execute(self.sql, params)
            rows = cursor.fetchall()
        if self.converters:
            rows = list(self.compiler.apply_converters(rows, self.converters))
        return rows

    def instances(self, rows: list, attach: dict) -> list:
        found = []
        for row in rows:
            instance = self.model.from_db(self.db, self.init_list, row[self.model_columns])
            for populator in self.populators:
                populator.populate(row, instance)
            for name, column in self.annotations.items():
                setattr(instance, name, row[column])
            for name, value in attach.items():
                setattr(instance, name, value)
            found.append(instance)
        return found


def _locks_outside_a_transaction(connection) -> bool:
    """Django's own refusal of select_for_update in autocommit (SQLCompiler.as_sql)."""
    features = connection.features
    return (
        features.has_select_for_update
        and features.supports_transactions
        and connection.get_autocommit()
    )


class CompiledQuery:
    """`build(**shape, **params)` returns the queryset; `params` name its int or str
    parameters (ids, keys), the other keyword arguments fix its shape (hashable: one SQL per
    shape). `fetch(**arguments)` returns the model instances, each given the `attach`
    values (the related instance a related manager's queryset would set, e.g. a seat's sheet).
    """

    def __init__(self, build: Callable[..., QuerySet], **params: type):
        self._build = build
        self._params = params

    def fetch(self, *, attach: dict | None = None, **arguments) -> list:
        connection = connections["default"]
        shape = tuple(sorted((k, v) for k, v in arguments.items() if k not in self._params))
        # Kept on the thread's connection wrapper, and gone with it: a plan refers to it.
        plans = connection.__dict__.setdefault("_compiled_query_plans", {})
        plan = plans.get((self, shape))
        if plan is None:
            plan = plans[(self, shape)] = self._compile(dict(shape))
        if _matches_nothing(arguments, self._params):
            return []
        return plan.instances(plan.rows(connection, arguments), attach or {})

    def first(self, **arguments):
        """The first instance `fetch` gives, or None (a read by a unique key)."""
        return next(iter(self.fetch(**arguments)), None)

    def _compile(self, shape: dict[str, Hashable]) -> _Plan:
        placeholders = {name: _placeholder(kind) for name, kind in self._params.items()}
        return _Plan.of(self._build(**shape, **placeholders), placeholders)
