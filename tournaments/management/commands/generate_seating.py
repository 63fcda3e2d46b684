from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from tournaments.management.commands._base import TournamentCommand
from tournaments.services.oath import FirstSeatWithoutOath
from tournaments.services.seating import (
    DEFAULT_TIME_LIMIT,
    rota_carried_text,
    seating_generate,
    seating_reseat_remaining,
)


class Command(TournamentCommand):
    help = _("Generate the table-rotation chart, or re-seat the remaining sessions.")

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument("--seed", default="")
        parser.add_argument("--time-limit", type=float, default=DEFAULT_TIME_LIMIT)
        parser.add_argument(
            "--from-session",
            type=int,
            default=None,
            help=_("re-seat this session and the later ones, keeping the earlier ones"),
        )
        parser.add_argument(
            "--without-oath",
            action="store_true",
            help=_(
                "seat players for the first time although they have not taken the Player's "
                "Oath the tournament requires (Appendix 2); noted in their history"
            ),
        )

    def handle(self, *args, slug, seed, time_limit, from_session, without_oath, **options):
        tournament = self.tournament(slug)
        try:
            seed, rota = self._seat(tournament, seed, time_limit, from_session, without_oath)
        except FirstSeatWithoutOath as refusal:
            raise CommandError(f"{refusal.message} (--without-oath)") from refusal
        self.stdout.write(_("Seating generated with seed %(seed)s") % {"seed": seed})
        if rota:
            self.stdout.write(rota)
        for session in tournament.sessions.prefetch_related("table_sessions__seats__player"):
            tables = []
            for table_session in session.table_sessions.all():
                numbers = [str(s.player.lot_number or "S") for s in table_session.seats.all()]
                tables.append("-".join(numbers))
            self.stdout.write(f"{session.number:3d}: " + "  ".join(tables))

    @staticmethod
    def _seat(tournament, seed, time_limit, from_session, without_oath) -> tuple[str, str]:
        """The chart (or the re-seat) drawn: its seed, and what became of the umpire rota."""
        arguments = {
            "tournament": tournament,
            "seed": seed or None,
            "time_limit": time_limit,
            "without_oath": without_oath,
        }
        if from_session is None:
            return seating_generate(**arguments), ""
        reseated = seating_reseat_remaining(from_session=from_session, **arguments)
        return reseated.seed, rota_carried_text(reseated.rota)
