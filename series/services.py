"""Writes of a series: create it, set its tournaments, confirm or undo a link between players.

A series spans tournaments, so it is not any one tournament's: any organiser of the system
(`policies.may_organise`: the organisers and the chief umpires) creates and changes one. Each
write is all or nothing; a refusal is a `SeriesRefused` naming the input at fault (`field`),
which the API answers with a 400 and the admin shows on its form.
"""

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.core.validators import validate_slug
from django.db import transaction
from django.db.models import Count
from django.utils import timezone
from django.utils.translation import gettext as _

from series.models import Series, SeriesPerson, SeriesPlayerLink
from series.selectors import series_identities, series_players
from tournaments import policies, roles
from tournaments.errors import TournamentError
from tournaments.history import acting_as
from tournaments.models import Player, Tournament
from tournaments.texts import shows_nothing, shows_nothing_message, visible_text

NAME_LENGTH = Series._meta.get_field("name").max_length
NAME_LABEL = Series._meta.get_field("name").verbose_name
SLUG_LENGTH = Series._meta.get_field("slug").max_length


class SeriesRefused(TournamentError):
    """A series' input is refused (`field`: name, slug, tournaments or players)."""

    def __init__(self, message: str, *, field: str | None = None, code: str = "invalid"):
        super().__init__(message, code=code)
        self.field = field


def _require_organiser(user) -> None:
    roles.require(policies.may_organise(user), _("Only an organiser creates and changes a series."))


def _clean_name(name: str) -> str:
    """The name without the invisible characters around it; refused when it shows nothing
    (only zero-width, control or format characters), as a tournament's or a player's is."""
    typed = name or ""
    name = visible_text(typed)
    if shows_nothing(typed):
        raise SeriesRefused(shows_nothing_message(NAME_LABEL), field="name")
    if not name:
        raise SeriesRefused(_("Give the series a name."), field="name")
    if len(name) > NAME_LENGTH:
        raise SeriesRefused(
            _("A series' name has at most %(count)d characters.") % {"count": NAME_LENGTH},
            field="name",
        )
    return name


def _clean_slug(slug: str, *, series: Series | None = None) -> str:
    slug = (slug or "").strip()
    try:
        validate_slug(slug)
    except ValidationError:
        raise SeriesRefused(
            _("A slug is letters, digits, hyphens and underscores only, e.g. club-league-2026."),
            field="slug",
        ) from None
    if len(slug) > SLUG_LENGTH:
        raise SeriesRefused(
            _("A slug has at most %(count)d characters.") % {"count": SLUG_LENGTH}, field="slug"
        )
    taken = Series.objects.filter(slug=slug)
    if series is not None:
        taken = taken.exclude(pk=series.pk)
    if taken.exists():
        raise SeriesRefused(
            _("A series with the slug %(slug)s already exists.") % {"slug": slug},
            field="slug",
            code="duplicate",
        )
    return slug


def _tournaments(slugs: list[str]) -> list[Tournament]:
    """The tournaments named, once each, in the order given; refused when none is named or a
    slug names no tournament."""
    wanted = list(dict.fromkeys(str(slug).strip() for slug in slugs or []))
    if not wanted:
        raise SeriesRefused(_("Name at least one tournament."), field="tournaments")
    found = {t.slug: t for t in Tournament.objects.filter(slug__in=wanted)}
    unknown = [slug for slug in wanted if slug not in found]
    if unknown:
        raise SeriesRefused(
            _("No tournament has the slug %(slugs)s.") % {"slugs": ", ".join(unknown)},
            field="tournaments",
            code="unknown_tournament",
        )
    return [found[slug] for slug in wanted]


def series_check_name_and_slug(*, name: str, slug: str, series: Series | None = None) -> None:
    """Refuse a name or a slug a series may not take (`series`: the one being renamed), as
    `series_create` and `series_rename` do: for a form to show the refusal before saving."""
    _clean_name(name)
    _clean_slug(slug, series=series)


@transaction.atomic
def series_create(
    *, name: str, slug: str, tournament_slugs: list[str], user: AbstractBaseUser
) -> Series:
    """A new series of these tournaments (at least one)."""
    _require_organiser(user)
    name, slug = _clean_name(name), _clean_slug(slug)
    tournaments = _tournaments(tournament_slugs)
    with acting_as(user):
        series = Series.objects.create(name=name, slug=slug, created_by=user)
        series.tournaments.set(tournaments)
    return series


@transaction.atomic
def series_rename(*, series: Series, name: str, slug: str, user: AbstractBaseUser) -> Series:
    """A series' new name and slug (its address changes with the slug)."""
    _require_organiser(user)
    series.name, series.slug = _clean_name(name), _clean_slug(slug, series=series)
    with acting_as(user):
        series.save(update_fields=["name", "slug"])
    return series


@transaction.atomic
def series_tournaments_set(
    *, series: Series, tournament_slugs: list[str], user: AbstractBaseUser
) -> Series:
    """The series' tournaments become these (at least one). The links confirmed for players of
    a tournament taken out go with it (a person left with one player is no link any more)."""
    _require_organiser(user)
    series = Series.objects.select_for_update().get(pk=series.pk)  # as series_player_link
    tournaments = _tournaments(tournament_slugs)
    with acting_as(user):
        series.tournaments.set(tournaments)
        kept = [t.pk for t in tournaments]
        SeriesPlayerLink.objects.filter(series=series).exclude(tournament_id__in=kept).delete()
        _forget_lone_people(series)
    return series


@transaction.atomic
def series_delete(*, series: Series, user: AbstractBaseUser) -> None:
    """The series and its links; its tournaments stay as they are."""
    _require_organiser(user)
    with acting_as(user):
        series.delete()


def _forget_lone_people(series: Series) -> None:
    """A person with fewer than two players links nobody: he and his last link go."""
    lone = SeriesPerson.objects.filter(series=series).annotate(count=Count("links"))
    lone.filter(count__lt=2).delete()


def _linked_players(series: Series, people: set[int]) -> list[Player]:
    links = SeriesPlayerLink.objects.filter(series=series, person_id__in=people)
    return list(Player.objects.filter(pk__in=links.values("player_id")))


def _check_one_person(series: Series, players: list[Player], joined: list[Player]) -> None:
    """These players may be one person: players of the series' tournaments (not substitutes),
    at least two, no two of one tournament (with those they are already joined to), at most
    one EMA number among them all."""
    if len({p.pk for p in players}) < 2:
        raise SeriesRefused(_("Name at least two players to link."), field="players")
    in_series = set(series.tournaments.values_list("pk", flat=True))
    outside = [p for p in players if p.tournament_id not in in_series]
    if outside:
        raise SeriesRefused(
            _("%(names)s did not play a tournament of this series.")
            % {"names": ", ".join(p.name for p in outside)},
            field="players",
        )
    if any(p.status == Player.Status.SUBSTITUTE for p in players):
        raise SeriesRefused(_("A substitute has no standings to link."), field="players")
    everyone = _with_ema_mates(series, {p.pk: p for p in [*players, *joined]})
    tournaments = [p.tournament_id for p in everyone]
    if len(tournaments) != len(set(tournaments)):
        raise SeriesRefused(
            _("Two of these players played the same tournament: they are not one person."),
            field="players",
        )
    if len({p.ema_id for p in everyone if p.ema_id}) > 1:
        raise SeriesRefused(
            _("These players have different EMA numbers: they are not one person."),
            field="players",
        )


def _check_the_standings_join_them(series: Series, players: list[Player]) -> None:
    """Whom each player already is in the standings (his EMA number and every link confirmed
    so far, followed from one to the next as `series_standings` reads them) may be one person
    with the others': no tournament twice, at most one EMA number. Otherwise the standings
    would silently leave the new link out."""
    tournament_ids = list(series.tournaments.values_list("pk", flat=True))
    identity_of = series_identities(series, series_players(tournament_ids))
    seen_tournaments: set[int] = set()
    seen_emas: set[str] = set()
    for identity in {id(i): i for i in (identity_of.get(p.pk) for p in players) if i}.values():
        if identity.tournament_ids & seen_tournaments:
            raise SeriesRefused(
                _(
                    "Two of these players, or of those the series already joins to them, "
                    "played the same tournament: they are not one person."
                ),
                field="players",
            )
        seen_tournaments |= identity.tournament_ids
        seen_emas |= identity.ema_ids
    if len(seen_emas) > 1:
        raise SeriesRefused(
            _("These players have different EMA numbers: they are not one person."),
            field="players",
        )


def _with_ema_mates(series: Series, players: dict[int, Player]):
    """The players and those the series already joins to them by EMA number."""
    emas = {p.ema_id for p in players.values() if p.ema_id}
    if not emas:
        return list(players.values())
    ids = [t.pk for t in series.tournaments.all()]
    mates = Player.objects.filter(tournament_id__in=ids, ema_id__in=emas).exclude(
        status=Player.Status.SUBSTITUTE
    )
    return list({**players, **{p.pk: p for p in mates}}.values())


@transaction.atomic
def series_player_link(
    *, series: Series, players: list[Player], user: AbstractBaseUser
) -> SeriesPerson:
    """The organiser confirms that these players (of different tournaments of the series) are
    one person. Players already linked bring their person along: the people are merged."""
    _require_organiser(user)
    series = Series.objects.select_for_update().get(pk=series.pk)  # one link write at a time
    existing = SeriesPlayerLink.objects.filter(series=series, player__in=players)
    people = set(existing.values_list("person_id", flat=True))
    _check_one_person(series, players, _linked_players(series, people))
    _check_the_standings_join_them(series, players)
    person = (
        SeriesPerson.objects.filter(pk__in=people).order_by("pk").first()
        if people
        else SeriesPerson.objects.create(series=series)
    )
    now = timezone.now()
    with acting_as(user):
        for link in SeriesPlayerLink.objects.filter(
            series=series, person_id__in=people - {person.pk}
        ):
            link.person = person
            link.save(update_fields=["person"])
        SeriesPerson.objects.filter(pk__in=people - {person.pk}).delete()
        linked = set(
            SeriesPlayerLink.objects.filter(person=person).values_list("player_id", flat=True)
        )
        for player in players:
            if player.pk not in linked:
                SeriesPlayerLink.objects.create(
                    series=series,
                    person=person,
                    player=player,
                    tournament_id=player.tournament_id,
                    confirmed_by=user,
                    confirmed_at=now,
                )
                linked.add(player.pk)
    return person


@transaction.atomic
def series_player_unlink(*, series: Series, player: Player, user: AbstractBaseUser) -> None:
    """The player is no longer linked to anyone in the series (his EMA number still joins
    him); a person left with one player goes too."""
    _require_organiser(user)
    series = Series.objects.select_for_update().get(pk=series.pk)  # as series_player_link
    link = SeriesPlayerLink.objects.filter(series=series, player=player).first()
    if link is None:
        raise SeriesRefused(
            _("%(name)s is not linked to anyone in this series.") % {"name": player.name},
            field="player",
            code="not_linked",
        )
    with acting_as(user):
        link.delete()
        _forget_lone_people(series)
