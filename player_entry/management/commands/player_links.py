"""`manage.py player_links SLUG`: one line per player, `number<TAB>name<TAB>link` (absolute
when SITE_URL is set, else a path), each player's link made where he has none;
`--revoke NUMBER` ends that player's link and prints his new one."""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from player_entry.links import link_address
from player_entry.services import player_link_revoke, player_links_issue
from tournaments.management.commands._base import TournamentCommand


class Command(TournamentCommand):
    help = _("Print every player's personal link (number, name, link); --revoke gives a new one.")

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument(
            "--revoke",
            type=int,
            metavar="NUMBER",
            help=_("revoke the link of the player with this number and print his new one"),
        )

    def handle(self, *args, slug, revoke=None, **options):
        tournament = self.tournament(slug)
        if revoke is not None:
            player = tournament.players.filter(lot_number=revoke).first()
            if player is None:
                raise CommandError(_("No player has the number %(n)s.") % {"n": revoke})
            links = [player_link_revoke(player=player)]
        else:
            links = player_links_issue(tournament=tournament)
        for link in links:
            number = "" if link.player.lot_number is None else link.player.lot_number
            self.stdout.write(f"{number}\t{link.player.name}\t{link_address(link)}")
