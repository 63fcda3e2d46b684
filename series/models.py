"""A series of tournaments (a club's league, a national ranking) and who is who across them.

A player is a row of one tournament; the same person in two tournaments is two rows. The
series' standings join them by EMA number, or else by a link the organiser confirmed: the
players linked to one `SeriesPerson` are one person within that series (docs/federation.md,
"Series"). Nothing is merged automatically by name: the selectors only suggest links.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.history import audited


class Series(models.Model):
    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("slug"), max_length=80, unique=True)
    tournaments = models.ManyToManyField(
        "tournaments.Tournament",
        related_name="series",
        blank=True,
        verbose_name=_("tournaments"),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    history = audited(m2m_fields=[tournaments])

    class Meta:
        verbose_name = _("series")
        verbose_name_plural = _("series")
        ordering = ["-created_at", "name"]

    def __str__(self) -> str:
        return self.name


class SeriesPerson(models.Model):
    """One person of a series known under several player rows (his confirmed links)."""

    series = models.ForeignKey(
        Series, on_delete=models.CASCADE, related_name="people", verbose_name=_("series")
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("linked person")
        verbose_name_plural = _("linked people")
        ordering = ["pk"]

    def __str__(self) -> str:
        names = sorted({link.player.name for link in self.links.select_related("player")})
        return " = ".join(names) or str(self.pk)


class SeriesPlayerLink(models.Model):
    """The organiser confirmed that this player is `person` in this series.

    `series` and `tournament` repeat the person's series and the player's tournament so that
    the database itself holds a player to one person per series and a person to one player
    per tournament; the services keep them equal to what they repeat."""

    series = models.ForeignKey(
        Series, on_delete=models.CASCADE, related_name="links", verbose_name=_("series")
    )
    person = models.ForeignKey(
        SeriesPerson, on_delete=models.CASCADE, related_name="links", verbose_name=_("person")
    )
    player = models.ForeignKey(
        "tournaments.Player",
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("player"),
    )
    tournament = models.ForeignKey(
        "tournaments.Tournament",
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("tournament"),
    )
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("confirmed by"),
    )
    confirmed_at = models.DateTimeField(_("confirmed at"))
    history = audited()

    class Meta:
        verbose_name = _("confirmed player link")
        verbose_name_plural = _("confirmed player links")
        ordering = ["person", "tournament", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["series", "player"], name="series_player_linked_once"),
            models.UniqueConstraint(
                fields=["person", "tournament"], name="series_person_one_player_per_tournament"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player.name} ({self.tournament.slug})"
