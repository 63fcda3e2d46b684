from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from tournaments.management.commands._base import TournamentCommand
from tournaments.services.oath import FirstSeatWithoutOath
from tournaments.services.seating import seating_seed_final_session


class Command(TournamentCommand):
    help = _(
        "Seed the next session of the final stage from the official standings (a tie at the "
        "cut-off is decided first: cut_off_tie)."
    )

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument(
            "--method",
            choices=("straight", "snake"),
            default="straight",
            help=_("straight: the top four at table 1…; snake: spread over the tables in bands"),
        )
        parser.add_argument(
            "--finalists", type=int, default=None, help=_("players advancing (a multiple of 4)")
        )
        parser.add_argument(
            "--without-oath",
            action="store_true",
            help=_(
                "seat players for the first time although they have not taken the Player's "
                "Oath the tournament requires (Appendix 2); noted in their history"
            ),
        )

    def handle(self, *args, slug, method, finalists, without_oath, **options):
        tournament = self.tournament(slug)
        try:
            session = seating_seed_final_session(
                tournament=tournament,
                method=method,
                finalists=finalists,
                without_oath=without_oath,
            )
        except FirstSeatWithoutOath as refusal:
            raise CommandError(f"{refusal.message} (--without-oath)") from refusal
        self.stdout.write(_("Session %(n)s seated from the standings.") % {"n": session.number})
        for sheet in session.table_sessions.order_by("table__number"):
            numbers = [str(seat.player.lot_number) for seat in sheet.seats.select_related("player")]
            self.stdout.write(f"{sheet.table.number:3d}: " + "-".join(numbers))
