import re

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from tournaments.management.commands._base import TournamentCommand
from tournaments.selectors.cut_off import (
    cut_off_decision_line,
    cut_off_decision_of,
    cut_off_decisions,
    cut_off_tie,
)
from tournaments.services.cut_off import (
    CutOffTied,
    cut_off_decide_by_lot,
    cut_off_decide_by_play_off,
)


def _order(text: str) -> list[int]:
    """`--play-off 7,3,12` -> [7, 3, 12]."""
    if not re.fullmatch(r"\s*[0-9]+(\s*,\s*[0-9]+)*\s*", text):
        raise CommandError(
            _("--play-off takes the players' numbers in the play-off's order, e.g. 7,3,12.")
        )
    return [int(part) for part in text.split(",")]


class Command(TournamentCommand):
    help = _(
        "The tie at the cut-off of the next final session (rule 3.10.1): show it and the "
        "decisions recorded, or record how it is decided (--lot, or --play-off with --result)."
    )

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument(
            "--finalists", type=int, default=None, help=_("players advancing (a multiple of 4)")
        )
        how = parser.add_mutually_exclusive_group()
        how.add_argument(
            "--lot", action="store_true", help=_("decide it by a lot drawn from --seed")
        )
        how.add_argument(
            "--play-off", metavar="NUMBERS", help=_("the play-off's order: 7,3,12 (with --result)")
        )
        parser.add_argument(
            "--seed", default="", help=_("the lot's seed (empty: a fresh one, printed)")
        )
        parser.add_argument("--result", default="", help=_("the play-off's result"))

    def handle(self, *args, slug, finalists, lot, play_off, seed, result, **options):
        tournament = self.tournament(slug)
        if lot:
            decision = cut_off_decide_by_lot(tournament=tournament, seed=seed, finalists=finalists)
        elif play_off is not None:
            decision = cut_off_decide_by_play_off(
                tournament=tournament, order=_order(play_off), result=result, finalists=finalists
            )
        else:
            return self._show(tournament, finalists)
        self.stdout.write(cut_off_decision_line(decision=decision).words)
        return None

    def _show(self, tournament, finalists) -> None:
        tie = cut_off_tie(tournament=tournament, finalists=finalists)
        if tie is None:
            self.stdout.write(_("No players share a place across the cut-off now."))
        elif cut_off_decision_of(tournament, tie) is None:
            self.stdout.write(CutOffTied(tie).message)
        for line in cut_off_decisions(tournament=tournament):
            self.stdout.write(line.words)
