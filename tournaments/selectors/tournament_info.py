"""What the public pages and the statistics need of a tournament by its slug."""

from tournaments import policies
from tournaments.models import Tournament


def tournament_info(slug: str) -> dict | None:
    """Its id, name and slug, and `standings_public`: whether the public may read its
    standings (`policies.may_read_standings`, asked for no login: these pages are the same for
    everyone). None for an unknown slug."""
    tournament = Tournament.objects.filter(slug=slug).only("name", "slug", "standings_public")
    tournament = tournament.first()
    if tournament is None:
        return None
    return {
        "pk": tournament.pk,
        "name": tournament.name,
        "slug": tournament.slug,
        "standings_public": policies.may_read_standings(None, tournament),
    }
