"""What was printed with a fingerprint: the verification page looks a fingerprint up here."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class PrintRecord(models.Model):
    """One printed version of a fingerprinted form (a score sheet, the standings).

    The fingerprint is an HMAC of the form's content, so printing the same content twice gives
    the same fingerprint and the same record: `printed_at` is when it was first printed.
    """

    class Kind(models.TextChoices):
        SCORESHEET = "scoresheet", _("Score sheet")
        STANDINGS = "standings", _("Standings")

    fingerprint = models.CharField(_("fingerprint"), max_length=20, unique=True)
    kind = models.CharField(_("form"), max_length=12, choices=Kind.choices)
    tournament = models.ForeignKey(
        "tournaments.Tournament",
        on_delete=models.CASCADE,
        related_name="print_records",
        verbose_name=_("tournament"),
    )
    table_session = models.ForeignKey(
        "tournaments.TableSession",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="print_records",
        verbose_name=_("table session"),
    )
    params = models.JSONField(_("what was printed"), default=dict, blank=True)
    printed_at = models.DateTimeField(_("first printed at"), auto_now_add=True)
    printed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("printed by"),
    )

    class Meta:
        verbose_name = _("printed form")
        verbose_name_plural = _("printed forms")
        ordering = ["-printed_at"]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(kind="scoresheet") | models.Q(table_session__isnull=False),
                name="printed_sheet_names_its_sheet",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.fingerprint}"
