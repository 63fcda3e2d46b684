"""The archive's format: its name and version, how values are written, and its refusals.

Values are written so that the same data always gives the same text: datetimes in UTC ISO
8601 (microseconds kept), dates ISO, decimals as strings ("200.00"), JSON sorted by key,
indented by 2, non-ASCII written as itself.
"""

import datetime
import decimal
import json

from django.db import models
from django.utils.translation import gettext as _
from django_countries.fields import CountryField

from tournaments.errors import TournamentError

FORMAT = "mcr-tournament"
# The version goes up when a file holds rows an older site would not restore (it would import
# the file and lose them silently): such a site refuses the newer file instead. A site reads
# every version in VERSIONS_READ, an older file as having none of what it lacks.
# 2: registration corrections ("registration_corrections") and the score desk's entries
# ("desk_entries", desk.archive).
# 3: sanctions lifted on appeal ("voided_at", "void_reason", "voided_by", "void_appeal") and
# the decisions of ties at a final's cut-off ("cut_off_decisions").
VERSION = 3
VERSIONS_READ = (1, 2, 3)


# A refusal quotes values of the file: a long one is cut in its middle (the start says where,
# the end what follows), not stored whole in a job's error nor shown whole on the form.
MESSAGE_HEAD, MESSAGE_TAIL = 700, 200


class ArchiveError(TournamentError):
    """The file cannot be imported (malformed, wrong version, conflicting); nothing written."""

    def __init__(self, message: str):
        if len(message) > MESSAGE_HEAD + MESSAGE_TAIL + 3:
            message = f"{message[:MESSAGE_HEAD]} … {message[-MESSAGE_TAIL:]}"
        super().__init__(message, code="invalid_archive")


def dumps(document: dict) -> str:
    """The archive's text: byte-identical for the same data."""
    return json.dumps(document, ensure_ascii=False, indent=2, sort_keys=True)


def encode(field: models.Field, value):
    """A model field's value as the archive writes it."""
    if value is None:
        return None
    if isinstance(field, models.DateTimeField):
        return value.astimezone(datetime.UTC).isoformat()
    if isinstance(field, models.DateField):
        return value.isoformat()
    if isinstance(field, models.DecimalField):
        exponent = decimal.Decimal(1).scaleb(-field.decimal_places)
        return str(decimal.Decimal(str(value)).quantize(exponent))
    if isinstance(field, CountryField):
        return value.code
    return value


def _decode_datetime(value) -> datetime.datetime:
    """A time with its offset, as the database stores it: in UTC (a time of year 1 ahead of UTC,
    or of year 9999 behind it, has none)."""
    if not isinstance(value, str):
        raise ValueError
    parsed = datetime.datetime.fromisoformat(value)
    if parsed.tzinfo is None:
        raise ValueError
    try:
        return parsed.astimezone(datetime.UTC)
    except OverflowError:
        raise ValueError from None


def _decode_date(value) -> datetime.date:
    if not isinstance(value, str):
        raise ValueError
    return datetime.date.fromisoformat(value)


def _decode_decimal(value) -> decimal.Decimal:
    if not isinstance(value, str):
        raise ValueError
    return decimal.Decimal(value)


def _decode_bool(value) -> bool:
    if not isinstance(value, bool):
        raise ValueError
    return value


def _decode_int(value) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError
    return value


def _decode_str(value) -> str:
    if not isinstance(value, str):
        raise ValueError
    return value


# Each field class and its reader, in the order they are tried (DateTimeField before
# DateField, its parent); a reader raises ValueError on a value that is not of its type.
_DECODERS = (
    (models.DateTimeField, _decode_datetime),
    (models.DateField, _decode_date),
    (models.DecimalField, _decode_decimal),
    (models.BooleanField, _decode_bool),
    (models.IntegerField, _decode_int),
    (models.CharField | models.TextField, _decode_str),
)


def decode(field: models.Field, value, where: str):
    """The archive's value back as the field's Python value; refused when it is not one."""
    if value is None:
        return None
    reader = next((read for kind, read in _DECODERS if isinstance(field, kind)), None)
    if reader is None:
        return value  # JSON fields: checked by their readers
    try:
        return reader(value)
    except (ValueError, decimal.InvalidOperation):
        raise ArchiveError(
            _("%(where)s: %(value)r is not a valid %(field)s.")
            % {"where": where, "value": value, "field": field.name}
        ) from None
