from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Penalty(models.Model):
    """A penalty recorded at the table (rule 3.11); its point effect per seat is stored.

    Deductions go to nobody; payments move points between players. The score change of each
    seat is computed by the scoring core's penalty arithmetic when the penalty is recorded.
    """

    class Kind(models.TextChoices):
        WARNING = "warning", _("Warning")
        DEDUCTION = "deduction", _("Points deducted (to nobody)")
        FALSE_HU = "false_hu", _("False Hu")
        REPEATED_FOUL = "repeated_foul", _("Repeated foul (paid to each other player)")
        LATE_ARRIVAL = "late", _("Late arrival")

    table_session = models.ForeignKey(
        "tournaments.TableSession", on_delete=models.CASCADE, related_name="penalties"
    )
    player = models.ForeignKey(
        "tournaments.Player", on_delete=models.RESTRICT, related_name="penalties"
    )
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices)
    hand_number = models.PositiveSmallIntegerField(_("hand"), null=True, blank=True)
    reason = models.CharField(_("nature of the foul"), max_length=300)
    deltas = models.JSONField(_("score change per position"), default=dict)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("penalty")
        verbose_name_plural = _("penalties")
        ordering = ["table_session", "recorded_at"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.player}"
