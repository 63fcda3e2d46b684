import json

from django.utils.translation import gettext as _

from tournaments.management.commands._base import TournamentCommand
from tournaments.selectors.cut_off import cut_off_decisions, cut_off_decisions_as_dicts
from tournaments.selectors.standings import (
    points_value,
    standings_as_dict,
    standings_compute,
)


class Command(TournamentCommand):
    help = _("Print the standings: table points, then contest points (rule 3.10).")

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument("--json", action="store_true", help=_("print JSON"))
        parser.add_argument("--through-session", type=int, default=None)
        parser.add_argument(
            "--live",
            action="store_true",
            help=_("also count sheets not yet signed (their figures are marked * as provisional)"),
        )

    def handle(self, *args, slug, json: bool, through_session, live: bool, **options):
        tournament = self.tournament(slug)
        standings = standings_compute(
            tournament=tournament, through_session=through_session, live=live
        )
        if json:
            data = standings_as_dict(standings)
            data["cut_off_decisions"] = cut_off_decisions_as_dicts(tournament=tournament)
            self.stdout.write(_dumps(data))
            return
        scope = _("Live (* provisional)") if live else _("Official (signed sheets only)")
        self.stdout.write(
            f"{scope}; {_('sessions counted')}: "
            + (", ".join(str(n) for n in standings.session_numbers) or "—")
        )
        self.stdout.write(standings.ranking_text)
        self.stdout.write(
            f"{_('Rank'):>4} {_('No.'):>4}  {_('Name'):<28} {_('Team'):<20} "
            f"{_('TP'):>7} {_('CP'):>7}"
        )
        for row in standings.players:
            label = row.label
            self.stdout.write(
                f"{row.rank or '—':>4} {row.number or '':>4}  {row.name[:28]:<28} "
                f"{row.team[:20]:<20} {points_value(row.table_points):>7} "
                f"{row.contest_points:>7}"
                + ("*" if row.provisional else "")
                + (f"  ({label})" if label else "")
            )
        if standings.teams:
            self.stdout.write("")
            self.stdout.write(f"{_('Rank'):>4}  {_('Team'):<34} {_('TP'):>7} {_('CP'):>7}")
            for team in standings.teams:
                self.stdout.write(
                    f"{team.rank:>4}  {team.name[:34]:<34} "
                    f"{points_value(team.table_points):>7} {team.contest_points:>7}"
                )
        for line in cut_off_decisions(tournament=tournament):  # ties at a cut-off, 3.10.1
            self.stdout.write(line.words)


def _dumps(data) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)
