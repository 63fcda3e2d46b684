import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.archive import ArchiveError, import_tournament, load


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
            text = sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(
                _("Cannot read %(file)s: %(error)s") % {"file": file, "error": error}
            ) from None
        try:
            report = import_tournament(load(text))
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
