from django.utils.translation import gettext as _

from tournaments.management.commands._base import TournamentCommand
from tournaments.services.lots import lots_draw


class Command(TournamentCommand):
    help = _("Draw lots for player numbers from a recorded seed (rule 3.5.1).")

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument("--seed", default="", help=_("re-run a recorded draw from its seed"))

    def handle(self, *args, slug: str, seed: str, **options):
        tournament = self.tournament(slug)
        seed = lots_draw(tournament=tournament, seed=seed or None)
        self.stdout.write(_("Lots drawn with seed %(seed)s") % {"seed": seed})
        for player in tournament.players.exclude(lot_number=None).order_by("lot_number"):
            self.stdout.write(f"{player.lot_number:4d}  {player.name}")
