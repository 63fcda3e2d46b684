from django.conf import settings
from django.core.validators import RegexValidator
from django.db import models
from django.db.models.functions import Length, Lower
from django.db.models.lookups import Exact
from django.utils.translation import gettext_lazy as _
from django_countries.fields import CountryField

from tournaments.history import audited


class Team(models.Model):
    tournament = models.ForeignKey(
        "tournaments.Tournament",
        on_delete=models.CASCADE,
        related_name="teams",
        verbose_name=_("tournament"),
    )
    name = models.CharField(_("name"), max_length=120)
    country = models.CharField(_("country or club"), max_length=120, blank=True)
    captain = models.ForeignKey(
        "tournaments.Player",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("captain"),
    )

    history = audited()

    class Meta:
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint("tournament", Lower("name"), name="unique_team_name_ci")
        ]

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("Active")
        WITHDRAWN = "withdrawn", _("Withdrawn")
        SUBSTITUTE = "substitute", _("Substitute")
        DISQUALIFIED = "disqualified", _("Disqualified")

    tournament = models.ForeignKey(
        "tournaments.Tournament",
        on_delete=models.CASCADE,
        related_name="players",
        verbose_name=_("tournament"),
    )
    name = models.CharField(_("name"), max_length=120)
    native_name = models.CharField(_("name in native script"), max_length=120, blank=True)
    country = CountryField(
        _("country"), blank=True, help_text=_("ISO 3166-1 country, for the federation's results.")
    )
    ema_id = models.CharField(
        _("EMA number"),
        max_length=8,
        blank=True,
        validators=[RegexValidator(r"^[0-9]{8}\Z", _("An EMA number has 8 digits."))],
        help_text=_("The European Mahjong Association's number (8 digits), if any."),
    )
    club = models.CharField(_("club"), max_length=120, blank=True)
    team = models.ForeignKey(
        Team,
        on_delete=models.RESTRICT,
        null=True,
        blank=True,
        related_name="members",
        verbose_name=_("team"),
    )
    registration_number = models.PositiveIntegerField(_("registration number"))
    lot_number = models.PositiveIntegerField(_("player number (lot)"), null=True, blank=True)
    status = models.CharField(
        _("status"), max_length=12, choices=Status.choices, default=Status.ACTIVE
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("user"),
    )
    oath_accepted_at = models.DateTimeField(
        _("Player's Oath accepted at (Appendix 2)"), null=True, blank=True
    )
    lot_drawn_by = models.CharField(
        _("lot drawn on his behalf by"),
        max_length=120,
        blank=True,
        help_text=_("Who drew the lot for an absent player (rule 3.5.1); empty if he drew it."),
    )
    history = audited()

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["lot_number", "registration_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "registration_number"], name="unique_registration_number"
            ),
            models.UniqueConstraint(fields=["tournament", "lot_number"], name="unique_lot_number"),
            models.UniqueConstraint(
                fields=["tournament", "ema_id"],
                condition=~models.Q(ema_id=""),
                name="unique_ema_id",
            ),
            # Digits are checked by the services; the length at least by the database.
            models.CheckConstraint(
                condition=models.Q(ema_id="") | models.Q(Exact(Length("ema_id"), 8)),
                name="ema_id_empty_or_eight_characters",
            ),
            models.CheckConstraint(
                condition=models.Q(country="") | models.Q(Exact(Length("country"), 2)),
                name="country_empty_or_iso_code",
            ),
            # One player record per login and tournament: the login acts as that player.
            models.UniqueConstraint(
                fields=["tournament", "user"],
                condition=models.Q(user__isnull=False),
                name="one_player_per_login",
            ),
        ]

    def __str__(self) -> str:
        number = self.lot_number if self.lot_number is not None else f"r{self.registration_number}"
        return f"{number} {self.name}"
