import sys
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.archive import ArchiveError, import_tournament, load_bytes
from tournaments.archive.reading import size_check


class Command(BaseCommand):
    help = _(
        "Restore a tournament written by export_tournament into this database, where its slug "
        "must not exist yet. All or nothing, in one transaction: a malformed, truncated, "
        "wrong-version or conflicting file is refused with a message and writes nothing. The "
        "import acts as the system (no role checks) but every model constraint applies. Users "
        "the file names by username and this site lacks are created INACTIVE and without a "
        "password (give them one, and their roles, to let them log in). The history tables "
        "(django-simple-history) are not in the file: the import writes no history."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help=_("the JSON file (- for standard input)"))

    def handle(self, *args, file, **options):
        try:
            report = import_tournament(load_bytes(self._read(file)))
        except ArchiveError as error:
            raise CommandError(error.message + " " + _("Nothing was imported.")) from error
        counts = ", ".join(f"{n} {what}" for what, n in report.counts.items())
        self.stdout.write(
            _("Imported %(slug)s: %(counts)s.") % {"slug": report.tournament.slug, "counts": counts}
        )
        if report.created_users:
            self.stdout.write(
                _("Users created inactive, without a password: %(names)s.")
                % {"names": ", ".join(report.created_users)}
            )

    @staticmethod
    def _read(file: str) -> bytes:
        """The file's bytes; one over the size limit is refused before it is read (standard
        input: once one byte more than the limit is read)."""
        try:
            if file == "-":
                data = sys.stdin.buffer.read(settings.ARCHIVE_MAX_BYTES + 1)
            else:
                size_check(Path(file).stat().st_size)
                data = Path(file).read_bytes()
        except OSError as error:
            raise CommandError(
                _("Cannot read %(file)s: %(error)s") % {"file": file, "error": error}
            ) from None
        return data
