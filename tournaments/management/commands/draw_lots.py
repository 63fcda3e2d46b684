import re

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from tournaments.management.commands._base import TournamentCommand
from tournaments.services.lots import (
    OathNotTaken,
    lots_draw,
    lots_players_without_oath,
    player_names,
)


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
        parser.add_argument(
            "--without-oath",
            action="store_true",
            help=_(
                "draw although players have not taken the Player's Oath the tournament "
                "requires (Appendix 2); noted in the history"
            ),
        )

    def handle(
        self, *args, slug: str, seed: str, drawn_by: list[str], without_oath: bool, **options
    ):
        tournament = self.tournament(slug)
        drawers = _drawn_by(drawn_by)
        try:
            seed = lots_draw(
                tournament=tournament,
                seed=seed or None,
                drawn_by=drawers or None,
                without_oath=without_oath,
            )
        except OathNotTaken as refusal:
            raise CommandError(f"{refusal.message} (--without-oath)") from refusal
        self.stdout.write(_("Lots drawn with seed %(seed)s") % {"seed": seed})
        unsworn = lots_players_without_oath(tournament=tournament)
        if unsworn:
            self.stdout.write(
                _("Drawn without the Player's Oath (Appendix 2) of: %(players)s")
                % {"players": player_names(unsworn)}
            )
        for player in tournament.players.exclude(lot_number=None).order_by("lot_number"):
            line = f"{player.lot_number:4d}  {player.name}"
            if player.lot_drawn_by:
                line += "  " + _("(drawn by %(name)s)") % {"name": player.lot_drawn_by}
            self.stdout.write(line)
