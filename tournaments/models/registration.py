from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class RegistrationCorrection(models.Model):
    """The chief umpire's change to a settled registration (a player's name, native name,
    number or team, or a team's name) once results depend on it, with its reason (issue #26,
    tournaments.services.registration_corrections).

    Append-only: the values before and after (only the fields that changed; a team as its name
    and id) are kept here, and the changed row's own history carries the same reason.
    """

    tournament = models.ForeignKey(
        "tournaments.Tournament",
        on_delete=models.PROTECT,
        related_name="registration_corrections",
        verbose_name=_("tournament"),
    )
    player = models.ForeignKey(
        "tournaments.Player",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="registration_corrections",
        verbose_name=_("player"),
    )
    team = models.ForeignKey(
        "tournaments.Team",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="registration_corrections",
        verbose_name=_("team"),
    )
    before = models.JSONField(_("before"), default=dict)
    after = models.JSONField(_("after"), default=dict)
    reason = models.TextField(_("reason"))
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("made by"),
    )
    made_at = models.DateTimeField(_("made at"), auto_now_add=True)

    class Meta:
        verbose_name = _("registration correction")
        verbose_name_plural = _("registration corrections")
        ordering = ["made_at", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(player__isnull=False, team__isnull=True)
                | Q(player__isnull=True, team__isnull=False),
                name="registration_correction_player_or_team",
            ),
            models.CheckConstraint(
                condition=~Q(reason=""), name="registration_correction_has_reason"
            ),
        ]

    def __str__(self) -> str:
        return str(self.player or self.team)
