"""The score desk's entries in a tournament's archive ("desk_entries"): each clerk's keying of
a paper sheet, so that an export and an import keep who keyed what, which entries agreed and
which one the chief umpire accepted alone, and why.

A section of tournaments' archive (tournaments.archive.sections), registered by
DeskConfig.ready: tournaments does not import desk. First written by archive version 2; a
file of version 1 is read as having no entry.

Each entry is written with its sheet ({"session", "table"}), its clerk and the chief umpire
who accepted it alone (usernames), and "number": its place in the list (1 for the first, in
the order of the sheets, then of keying). The second entry of an agreeing pair names the
first as "matched_with": that entry's number. The import refuses an entry whose clerk is not
in the file, whose payload is not as the desk keeps it, or whose "matched_with" names no
recorded entry of its sheet (or one named twice); the database's constraints (desk.models)
refuse the rest.
"""

from django.utils.translation import gettext as _

from desk.models import DeskEntry
from desk.services import desk_payload
from tournaments.archive.export import plain
from tournaments.archive.schema import ArchiveError
from tournaments.archive.sections import ArchiveSection

NAME = "desk_entries"
SINCE = 2  # the archive version that first wrote it
DESK_ENTRY_FIELDS = ["status", "created_at", "decided_at", "reason"]
PAYLOAD_KEYS = {"hands", "penalties", "confirmed"}


def desk_entries_export(tournament, keys) -> list:
    """The tournament's desk entries by sheet, then in the order keyed, by natural keys."""
    entries = list(
        DeskEntry.objects.filter(table_session__session__tournament=tournament).order_by(
            "table_session__session__number", "table_session__table__number", "created_at", "pk"
        )
    )
    numbers = {entry.pk: number for number, entry in enumerate(entries, start=1)}
    return [
        {
            "number": numbers[entry.pk],
            **plain(entry, DESK_ENTRY_FIELDS),
            "score_sheet": keys.sheets.get(entry.table_session_id),
            "clerk": keys.users.get(entry.clerk_id),
            "accepted_by": keys.users.get(entry.accepted_by_id),
            "payload": entry.payload,
            "matched_with": numbers.get(entry.matched_with_id),
        }
        for entry in entries
    ]


def desk_entries_restore(archive, tournament) -> None:
    """The file's desk entries written back, then each agreeing pair joined."""
    numbered: list[tuple[int, DeskEntry, dict, str]] = []
    for i, item in enumerate(archive.items(NAME)):
        where = f"{NAME}[{i}]"
        entry = _entry(archive, item, where)
        numbered.append((item["number"], entry, item, where))
    archive.unique([number for number, *_rest in numbered], _("the desk entry"))
    entries = {number: entry for number, entry, *_rest in numbered}
    archive.create(NAME, DeskEntry, list(entries.values()), ("created_at",))
    matches = [
        (entry, item["matched_with"], where)
        for _number, entry, item, where in numbered
        if item["matched_with"] is not None
    ]
    paired = [_pair(entry, entries, number, where) for entry, number, where in matches]
    agreed_with = [number for _entry, number, _where in matches]
    archive.unique(agreed_with, _("the desk entry (matched_with)"))
    DeskEntry.objects.bulk_update(paired, ["matched_with"], batch_size=500)


def _entry(archive, item, where: str) -> DeskEntry:
    """One entry (not yet written, not yet paired), its references and payload checked."""
    refs = {
        "table_session": archive.sheet(item, "score_sheet", where),
        "clerk": archive.user(item, "clerk", where),
        "accepted_by": archive.user(item, "accepted_by", where),
    }
    for name in ("score_sheet", "clerk", "number"):
        if item.get(name) is None:
            raise ArchiveError(_("%(where)s: %(key)s is missing.") % {"where": where, "key": name})
    if not _is_number(item["number"]):
        raise ArchiveError(
            _("%(where)s: %(key)s must be a %(type)s.")
            % {"where": where, "key": "number", "type": "int"}
        )
    if "matched_with" not in item:
        raise ArchiveError(
            _("%(where)s: %(key)s is missing.") % {"where": where, "key": "matched_with"}
        )
    payload = _payload(item.get("payload"), f"{where}, payload")
    return archive.build(DeskEntry, item, DESK_ENTRY_FIELDS, where, payload=payload, **refs)


def _payload(payload, where: str) -> dict:
    """What a clerk keyed, refused unless it is in the form the desk keeps it in
    (desk.services.desk_payload gives it back unchanged)."""
    try:
        keyed = isinstance(payload, dict) and set(payload) == PAYLOAD_KEYS
        if keyed and desk_payload(**payload) == payload:
            return payload
    except (KeyError, TypeError, AttributeError):
        pass
    raise ArchiveError(
        _("%(where)s: not an entry as the score desk keeps it (hands, penalties, confirmed).")
        % {"where": where}
    )


def _pair(entry: DeskEntry, entries: dict, number, where: str) -> DeskEntry:
    """The entry with the one it agreed with (its number in the file): another recorded entry
    of its sheet."""
    matched = entries.get(number) if _is_number(number) else None
    if (
        matched is None
        or matched is entry
        or matched.table_session is not entry.table_session
        or matched.status != DeskEntry.Status.RECORDED
    ):
        raise ArchiveError(
            _("%(where)s: matched_with %(number)r names no other recorded entry of its sheet.")
            % {"where": where, "number": number}
        )
    entry.matched_with = matched
    return entry


def _is_number(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


SECTION = ArchiveSection(
    name=NAME,
    export=desk_entries_export,
    restore=desk_entries_restore,
    user_keys=("clerk", "accepted_by"),
    since=SINCE,
)
