from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _

from tournaments.translations import compile_catalogues


class Command(BaseCommand):
    help = _("Compile the translation catalogues (locale/*/LC_MESSAGES/*.po) into .mo files.")

    def handle(self, *args, **options):
        written = compile_catalogues()
        for path in written:
            self.stdout.write(str(path))
        self.stdout.write(_("%(count)d catalogues compiled.") % {"count": len(written)})
