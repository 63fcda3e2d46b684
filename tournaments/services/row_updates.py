"""Several rows of one model updated in one UPDATE, each row to its own values.

Django's `bulk_update` writes `CASE WHEN "id" = 1 THEN ... END` for every column, resolving a
Q object per row and column: building that SQL took 2 ms for a table's four results after
every hand, a tenth of the hand's POST (issue #31). `rows_update` writes the same statement
with the SQL standard's simple CASE over the primary key (`CASE "id" WHEN 1 THEN ... END`,
which SQLite and PostgreSQL both take), built in a few microseconds. It writes no history:
the caller adds it (simple_history's `bulk_update_with_history(..., fields=[])`).
"""

from collections.abc import Sequence

from django.db import connection
from django.db.models import Expression, Model


class _ValueByPk(Expression):
    """`CASE <pk> WHEN <pk 1> THEN <value 1> ... END`, cast to the column's type where the
    database needs it (PostgreSQL, as Django's bulk_update does)."""

    def __init__(self, pk_column: str, pairs: list[tuple], output_field):
        super().__init__(output_field=output_field)
        self.pk_column = pk_column
        self.pairs = pairs

    def as_sql(self, compiler, connection):
        cases = " ".join(["WHEN %s THEN %s"] * len(self.pairs))
        sql = f"CASE {connection.ops.quote_name(self.pk_column)} {cases} END"
        if connection.features.requires_casted_case_in_updates:
            sql = f"CAST({sql} AS {self.output_field.cast_db_type(connection)})"
        return sql, [value for pair in self.pairs for value in pair]


def rows_update(model: type[Model], rows: Sequence[Model], fields: Sequence[str]) -> int:
    """UPDATE `fields` of `rows` (saved instances of `model`) to their values in memory, in
    one statement; returns the number of rows updated."""
    if not rows or not fields:
        return 0
    pk = model._meta.pk
    values = {}
    for name in fields:
        field = model._meta.get_field(name)
        if field.null:
            # A NULL in a CASE has no type of its own; bulk_update knows how to cast it.
            raise ValueError(f"{model.__name__}.{name} is nullable: use bulk_update")
        pairs = [
            (row.pk, field.get_db_prep_save(getattr(row, field.attname), connection))
            for row in rows
        ]
        values[name] = _ValueByPk(pk.column, pairs, field)
    return model._default_manager.filter(pk__in=[row.pk for row in rows]).update(**values)
