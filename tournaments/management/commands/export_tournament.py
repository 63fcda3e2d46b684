from pathlib import Path

from django.utils.translation import gettext as _

from tournaments.archive import dumps, export_tournament
from tournaments.management.commands._base import TournamentCommand


class Command(TournamentCommand):
    help = _(
        "Write the whole tournament as one JSON document (format mcr-tournament, version 2) "
        "to standard output: players, teams, lots, sessions, tables, seats, every hand with its "
        "hand JSON and fans, scores, penalties (voided ones too), check-ins, confirmations, "
        "sign-offs, corrections, registration corrections, appeals, results, sanctions, umpire "
        "assignments, print records and the score desk's entries, by natural keys (no database "
        "ids). Two exports of the same data are "
        "byte-identical. Not exported: the history tables (django-simple-history), background "
        "jobs, and users beyond their usernames (no passwords or roles). Restore it with "
        "import_tournament."
    )

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument(
            "--output", "-o", default="", help=_("write to this file instead (UTF-8)")
        )

    def handle(self, *args, slug, output, **options):
        text = dumps(export_tournament(self.tournament(slug))) + "\n"
        if output:
            Path(output).write_text(text, encoding="utf-8")
            self.stderr.write(_("Written to %(path)s.") % {"path": output})
        else:
            self.stdout.write(text, ending="")
