"""The print records in a tournament's archive ("print_records"): what was printed with a
fingerprint, so that /verify/ still knows a paper after an export and an import.

A section of tournaments' archive (tournaments.archive.sections), registered by
ReportsConfig.ready: tournaments does not import reports. The fingerprint is written as is:
it verifies only with the signing key of the site that printed it.
"""

from django.utils.translation import gettext as _

from reports.models import PrintRecord
from tournaments.archive.export import plain
from tournaments.archive.sections import ArchiveSection

NAME = "print_records"
PRINT_RECORD_FIELDS = ["fingerprint", "kind", "params", "printed_at"]


def print_records_export(tournament, keys) -> list:
    """The tournament's print records, oldest first, by natural keys."""
    records = PrintRecord.objects.filter(tournament=tournament).order_by(
        "printed_at", "fingerprint"
    )
    return [
        {
            **plain(r, PRINT_RECORD_FIELDS),
            "score_sheet": keys.sheets.get(r.table_session_id),
            "printed_by": keys.users.get(r.printed_by_id),
        }
        for r in records
    ]


def print_records_restore(archive, tournament) -> None:
    """The file's print records written back (each fingerprint once)."""
    records = []
    for i, item in enumerate(archive.items(NAME)):
        where = f"{NAME}[{i}]"
        refs = {
            "tournament": tournament,
            "table_session": archive.sheet(item, "score_sheet", where),
            "printed_by": archive.user(item, "printed_by", where),
        }
        records.append(archive.build(PrintRecord, item, PRINT_RECORD_FIELDS, where, **refs))
    archive.unique([r.fingerprint for r in records], _("the print fingerprint"))
    archive.create(NAME, PrintRecord, records, ("printed_at",))


SECTION = ArchiveSection(
    name=NAME,
    export=print_records_export,
    restore=print_records_restore,
    user_keys=("printed_by",),
)
