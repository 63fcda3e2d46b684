from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.history import audited


class Appeal(models.Model):
    """An appeal against a ruling (3.12-3.13): filed in writing within 30 minutes after the
    end of the session concerned, with a fee returned if upheld and forfeited otherwise."""

    class Status(models.TextChoices):
        FILED = "filed", _("Filed")
        UNDER_REVIEW = "review", _("Under review")
        UPHELD = "upheld", _("Upheld")
        REJECTED = "rejected", _("Rejected")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    class Subject(models.TextChoices):
        HAND = "hand", _("A hand")
        PENALTY = "penalty", _("A penalty")
        RESULT = "result", _("A session result")
        OTHER = "other", _("Another ruling (described)")

    class FeeStatus(models.TextChoices):
        HELD = "held", _("Held")
        RETURNED = "returned", _("Returned (appeal upheld)")
        FORFEITED = "forfeited", _("Forfeited")

    OPEN_STATUSES = (Status.FILED, Status.UNDER_REVIEW)

    session = models.ForeignKey(
        "tournaments.Session",
        on_delete=models.PROTECT,
        related_name="appeals",
        verbose_name=_("session"),
    )
    table_session = models.ForeignKey(
        "tournaments.TableSession",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="appeals",
        verbose_name=_("score sheet"),
    )
    player = models.ForeignKey(
        "tournaments.Player",
        on_delete=models.PROTECT,
        related_name="appeals",
        verbose_name=_("player concerned"),
    )
    filed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("filed by"),
    )
    filed_as_captain = models.BooleanField(_("filed by the team's captain"), default=False)
    filed_at = models.DateTimeField(_("filed at"))
    subject = models.CharField(_("against"), max_length=10, choices=Subject.choices)
    hand = models.ForeignKey(
        "tournaments.Hand",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("hand"),
    )
    penalty = models.ForeignKey(
        "tournaments.Penalty",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("penalty"),
    )
    statement = models.TextField(_("statement"))
    confirmed_by_filer = models.BooleanField(_("confirmed in writing by the filer"))
    fee_amount = models.DecimalField(_("fee"), max_digits=9, decimal_places=2)
    fee_currency = models.CharField(_("currency"), max_length=3)
    fee_status = models.CharField(
        _("fee"), max_length=10, choices=FeeStatus.choices, default=FeeStatus.HELD
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.FILED
    )
    ruling = models.TextField(_("ruling"), blank=True)
    reasons = models.TextField(_("reasons"), blank=True)
    ruled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("ruled by"),
    )
    ruled_at = models.DateTimeField(_("ruled at"), null=True, blank=True)
    correction = models.ForeignKey(
        "tournaments.Correction",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("correction made on the ruling"),
    )
    history = audited()

    class Meta:
        verbose_name = _("appeal")
        verbose_name_plural = _("appeals")
        ordering = ["-filed_at", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(confirmed_by_filer=True), name="appeal_confirmed_by_filer"
            ),
            models.CheckConstraint(condition=~Q(statement=""), name="appeal_has_statement"),
            models.CheckConstraint(condition=Q(fee_amount__gte=0), name="appeal_fee_not_negative"),
            models.CheckConstraint(
                condition=Q(
                    status__in=["filed", "review"], ruled_at__isnull=True, fee_status="held"
                )
                | Q(status="upheld", ruled_at__isnull=False, fee_status="returned")
                | Q(
                    status__in=["rejected", "withdrawn"],
                    ruled_at__isnull=False,
                    fee_status="forfeited",
                ),
                name="appeal_ruling_matches_status_and_fee",
            ),
            models.CheckConstraint(
                condition=Q(subject="hand", hand__isnull=False)
                | Q(subject="penalty", penalty__isnull=False)
                | Q(subject__in=["result", "other"]),
                name="appeal_names_what_it_is_against",
            ),
        ]

    def __str__(self) -> str:
        return _("Appeal %(pk)s by %(player)s") % {"pk": self.pk, "player": self.player}
