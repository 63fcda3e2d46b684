import re

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from tournaments.management.commands._base import TournamentCommand
from tournaments.services.lots import lots_draw


def _drawn_by(values: list[str]) -> dict[int, str]:
    """`--drawn-by 12:Ana García` (repeatable) -> {12: "Ana García"}."""
    drawers: dict[int, str] = {}
    for value in values:
        number, sep, name = value.partition(":")
        if not sep or not re.fullmatch(r"[0-9]+", number.strip()) or not name.strip():
            raise CommandError(
                _("--drawn-by takes REGISTRATION_NUMBER:NAME, e.g. 12:Ana García; got %(value)s.")
                % {"value": value}
            )
        if int(number) in drawers:
            raise CommandError(_("--drawn-by names player %(n)s twice.") % {"n": int(number)})
        drawers[int(number)] = name.strip()
    return drawers


class Command(TournamentCommand):
    help = _("Draw lots for player numbers from a recorded seed (rule 3.5.1).")

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument("--seed", default="", help=_("re-run a recorded draw from its seed"))
        parser.add_argument(
            "--drawn-by",
            action="append",
            default=[],
            metavar="REG:NAME",
            help=_(
                "who drew the lot for an absent player (registration number:name; "
                "repeatable; rule 3.5.1)"
            ),
        )

    def handle(self, *args, slug: str, seed: str, drawn_by: list[str], **options):
        tournament = self.tournament(slug)
        drawers = _drawn_by(drawn_by)
        seed = lots_draw(tournament=tournament, seed=seed or None, drawn_by=drawers or None)
        self.stdout.write(_("Lots drawn with seed %(seed)s") % {"seed": seed})
        for player in tournament.players.exclude(lot_number=None).order_by("lot_number"):
            line = f"{player.lot_number:4d}  {player.name}"
            if player.lot_drawn_by:
                line += "  " + _("(drawn by %(name)s)") % {"name": player.lot_drawn_by}
            self.stdout.write(line)
