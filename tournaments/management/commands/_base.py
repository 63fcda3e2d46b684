"""Shared plumbing of the tournament commands: find the tournament, turn user errors into
a non-zero exit with a message."""

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.errors import TournamentError
from tournaments.models import Tournament


class TournamentCommand(BaseCommand):
    def add_arguments(self, parser):
        parser.add_argument("slug", help=_("the tournament's slug"))

    def tournament(self, slug: str) -> Tournament:
        try:
            return Tournament.objects.get(slug=slug)
        except Tournament.DoesNotExist:
            raise CommandError(
                _("No tournament with the slug %(slug)s.") % {"slug": slug}
            ) from None

    def execute(self, *args, **options):
        try:
            return super().execute(*args, **options)
        except TournamentError as error:
            raise CommandError(error.message) from error
