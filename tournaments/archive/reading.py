"""An archive's file read into its document, before the import builds anything from it.

Every door that restores an archive (`manage.py import_tournament`, the restore page and its
job) reads the file with `load_bytes`; `load` reads text already decoded. In order:

- The size: at most settings.ARCHIVE_MAX_BYTES (MCR_ARCHIVE_MAX_MB, 64 MB by default), checked
  with `size_check` before the file is read wherever its size is known.
- What cannot be an archive is refused before it is parsed. A parse costs up to 72 bytes of
  memory per value (an empty object and its place in a list): a file of 22 million `{}` (66 MB)
  took 1.6 GB. The file may hold no more values than the largest archive accepted can
  (`max_values`), counted on the raw bytes before they are decoded (commas and opening
  brackets: a comma inside a text counts too, so the count is never below the truth); it
  nests at most json_limits.MAX_DEPTH levels, and its first character opens an object. The
  worst file accepted then costs about what a genuine archive of its size does: 64 MB of 2.8
  million short texts take 300 MB to parse (the 128-player demo, 6.5 MB, takes 22 MB).
- The parse, where a number of more than MAX_DIGITS digits is not converted (Python refuses
  past 4,300 with a ValueError of its own).
- Then every value no database stores is refused, named by where it is in the file
  ("players[3], name"): such a number, one that is not finite, a text holding NUL (PostgreSQL
  stores none) or half of a surrogate pair (no UTF-8 text holds one).
"""

import json
import math
import re

from django.conf import settings
from django.utils.translation import gettext as _

from tournaments import json_limits
from tournaments.archive.schema import ArchiveError

MEGABYTE = 1024 * 1024
# An archive as the export writes it spends about 30 bytes of text per value (6.5 MB and
# 216,000 values for 128 players and 7 sessions), 14 once minified: the largest file accepted
# holds at most one value per BYTES_PER_VALUE bytes of it.
BYTES_PER_VALUE = 24
# Every integer of an archive fits in 64 bits; any number of 18 digits does.
MAX_DIGITS = 18
# Where the file's first character is looked for (whitespace may come before it).
_HEAD = 4096
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
# A key of the file is shown in a refusal's "where" cut to this length.
_KEY_SHOWN = 40


class _LongNumber:
    """A number of the file with more than MAX_DIGITS digits, kept unconverted until refused."""

    def __init__(self, digits: int):
        self.digits = digits


def max_values() -> int:
    """The most values the largest archive accepted may hold."""
    return settings.ARCHIVE_MAX_BYTES // BYTES_PER_VALUE


def max_megabytes() -> str:
    """The largest file accepted, in MB as people write them ("64", "0.5")."""
    return f"{settings.ARCHIVE_MAX_BYTES / MEGABYTE:g}"


def size_check(size: int) -> None:
    """Refuse a file of `size` bytes over the limit (before reading it, where one can)."""
    if size > settings.ARCHIVE_MAX_BYTES:
        raise ArchiveError(
            _("The file is larger than %(size)s MB, the most a restore accepts.")
            % {"size": max_megabytes()}
        )


def _opens_an_object(data: bytes | str) -> bool:
    """Whether the first character that is not whitespace opens an object (an empty or blank
    file is the parser's to refuse)."""
    head = data[:_HEAD].lstrip()
    return not head or head[:1] in (b"{", "{")


def _values_at_most(data: bytes | str) -> int:
    """At least the number of values the text holds: every value but the first of an array or
    object follows a comma, and every array or object is one."""
    comma, brace, bracket = (b",", b"{", b"[") if isinstance(data, bytes) else (",", "{", "[")
    return data.count(comma) + data.count(brace) + data.count(bracket) + 1


def values_check(data: bytes | str) -> None:
    """Refuse, before it is decoded or parsed, a file holding more values than the largest
    archive accepted."""
    if _values_at_most(data) > max_values():
        raise ArchiveError(
            _(
                "The file holds more than %(values)s values, more than any tournament archive "
                "of at most %(size)s MB: it is not one this site restores."
            )
            % {"values": max_values(), "size": max_megabytes()}
        )


def load_bytes(data: bytes) -> dict:
    """The archive's document from the file's bytes; ArchiveError when it cannot be one."""
    size_check(len(data))
    values_check(data)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ArchiveError(
            _("The file is not UTF-8 text: it is not a tournament archive.")
        ) from None
    return _parse(text)


def load(text: str) -> dict:
    """The archive's document from its text; ArchiveError when it cannot be one."""
    values_check(text)
    return _parse(text)


def _integer(text: str):
    digits = len(text.lstrip("-"))
    return int(text) if digits <= MAX_DIGITS else _LongNumber(digits)


def _not_an_object() -> ArchiveError:
    return ArchiveError(_("The file is not a tournament archive (not a JSON object)."))


def _parse(text: str) -> dict:
    """The text parsed once its depth and its first character say it may be an archive."""
    try:
        json_limits.check_depth(text)
        if not _opens_an_object(text):
            raise _not_an_object()
        document = json.loads(text, parse_int=_integer)
    except json.JSONDecodeError as error:
        raise ArchiveError(
            _("The file is not valid JSON (truncated or damaged?): %(error)s.") % {"error": error}
        ) from None
    except (json_limits.JSONTooDeep, RecursionError):
        raise ArchiveError(str(json_limits.JSONTooDeep())) from None
    if not isinstance(document, dict):  # an array after more whitespace than _HEAD
        raise _not_an_object()
    storable_check(document)
    return document


def _where(path: tuple) -> str:
    """A place in the file as the import names it: "players[3], name" (a member of an object
    after a comma, an item of an array by its index)."""
    where = ""
    for step in path:
        if isinstance(step, int):
            where += f"[{step}]"
        else:
            shown = step if len(step) <= _KEY_SHOWN else step[:_KEY_SHOWN] + "…"
            where = f"{where}, {shown}" if where else shown
    return where


def storable_check(document: dict) -> None:
    """Refuse the first value that no database stores, naming where it is. Nothing is built
    for the values that pass (no path, no copy): the memory a file costs stays the parse's."""
    _walk(document, ())


def _walk(node: dict | list, path: tuple) -> None:
    """Through a parsed document, nested at most json_limits.MAX_DEPTH levels deep."""
    members = node.items() if isinstance(node, dict) else enumerate(node)
    for key, value in members:
        if isinstance(key, str) and _UNSTORABLE.search(key):
            where = _where(path) or _("the file")
            _text_check(key, _("%(where)s (a key)") % {"where": where})
        if isinstance(value, dict | list):
            _walk(value, (*path, key))
        elif not _storable(value):
            _scalar_refuse(value, _where((*path, key)))


def _storable(value) -> bool:
    if isinstance(value, str):
        return _UNSTORABLE.search(value) is None
    if isinstance(value, float):
        return math.isfinite(value)
    return not isinstance(value, _LongNumber)


def _scalar_refuse(value, where: str) -> None:
    if isinstance(value, str):
        _text_check(value, where)
    if isinstance(value, _LongNumber):
        raise ArchiveError(
            _(
                "%(where)s: a number of %(digits)s digits; no number of an archive has more "
                "than %(most)s."
            )
            % {"where": where, "digits": value.digits, "most": MAX_DIGITS}
        )
    raise ArchiveError(
        _("%(where)s: %(value)s is not a number a field stores.") % {"where": where, "value": value}
    )


def _text_check(text: str, where: str) -> None:
    found = _UNSTORABLE.search(text)
    if found:
        raise ArchiveError(
            _(
                "%(where)s: the text holds %(code)s, which no text field stores (a NUL, or half "
                "of a surrogate pair)."
            )
            % {"where": where, "code": f"U+{ord(found.group()):04X}"}
        )
