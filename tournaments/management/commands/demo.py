from django.core.management.base import CommandError
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.demo.builder import build_demo
from tournaments.demo.removal import demo_delete
from tournaments.demo.seating_cases import build_final_stage_demo
from tournaments.demo.users import demo_people
from tournaments.errors import TournamentError
from tournaments.management.commands._base import TournamentCommand
from tournaments.models import Tournament


class Command(TournamentCommand):
    help = _("Build a complete demo tournament through the services; prints its slug last.")

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=28)
        parser.add_argument("--sessions", type=int, default=8)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--slug", default="")
        parser.add_argument(
            "--if-missing",
            action="store_true",
            help=_("do nothing (but print the slug) if the demo exists"),
        )
        parser.add_argument(
            "--replace", action="store_true", help=_("delete an existing demo with that slug first")
        )
        parser.add_argument("--time-limit", type=float, default=20.0)

    def handle(
        self, *args, players, sessions, seed, slug, if_missing, replace, time_limit, **options
    ):
        if players < 4:
            raise CommandError(_("A demo needs at least 4 players."))
        if sessions < 6:
            raise CommandError(_("A tournament has at least six sessions (rule 3.5.4)."))
        slug = slug or f"demo-{players}p-{sessions}s-{seed}"
        existing = Tournament.objects.filter(slug=slug)
        if existing.exists():
            if if_missing:
                self.stdout.write(_("The demo tournament already exists."))
                self._print_links(existing.get())
                return
            if not replace:
                raise CommandError(
                    _("A tournament with the slug %(slug)s exists; use --replace or --if-missing.")
                    % {"slug": slug}
                )
            demo_delete(existing.get())

        def progress(session: int, hands: int) -> None:
            self.stderr.write(
                _("session %(s)s played, %(h)s hands so far") % {"s": session, "h": hands}
            )

        try:
            summary = build_demo(
                players=players,
                sessions=sessions,
                seed=seed,
                slug=slug,
                time_limit=time_limit,
                progress=progress,
            )
        except TournamentError as error:
            raise CommandError(error.message) from error
        self.stdout.write(
            _(
                "Demo tournament: %(players)s players, %(sessions)s sessions, %(hands)s hands, "
                "%(penalties)s penalties, %(appeals)s appeals, %(corrections)s correction(s)."
            )
            % summary.__dict__
        )
        # Beside it, the seating cases of a final stage (docs/seating.md, docs/results.md).
        final = build_final_stage_demo(
            slug=f"{slug}-final",
            seed=seed,
            people=demo_people(tables=2),
            time_limit=min(time_limit, 5.0),
        )
        self.stdout.write(_("Final-stage demo: %(slug)s") % {"slug": final.slug})
        self._print_links(Tournament.objects.get(slug=summary.slug))

    def _print_links(self, tournament: Tournament) -> None:
        """The standings page, then the slug alone on the last line (scripts read it)."""
        url = reverse("admin:tournaments_tournament_standings", args=[tournament.pk])
        self.stdout.write(_("Standings: %(url)s") % {"url": url})
        self.stdout.write(tournament.slug)
