"""Discipline at the table and after it: fouls and penalties (3.11), sanctions on a player
(3.11.1, 3.11.4-5) and directors' corrections of locked score sheets."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.history import audited
from tournaments.models.play import HANDS_PER_SESSION


class Penalty(models.Model):
    """One line of the Record of Fouls (Appendix 6) with its effect on the session's scores.

    The point effect per seat (`deltas`, positions A-D only) is computed by the scoring core's
    penalty arithmetic when the foul is recorded, never typed. A penalty recorded in error is
    voided with a reason (it then counts for nothing), never deleted.
    """

    class Kind(models.TextChoices):
        WARNING = "warning", _("Warning")
        DEDUCTION = "deduction", _("Points deducted (to nobody)")
        REPEATED_FOUL = "repeated_foul", _("Repeated foul (paid to each other player)")
        FALSE_HU = "false_hu", _("False Hu (dead hand)")
        EXPOSED_HAND = "exposed_hand", _("Exposed hand (30 to each other player)")
        REVEALED_TILE = "revealed_tile", _("Revealed another player's tile (paid to him)")
        DEAD_HAND = "dead_hand", _("Dead hand (loses the right to win this hand)")
        LATE_ARRIVAL = "late", _("Late arrival")

    class Foul(models.TextChoices):
        """The three fouls with their own warning-then-5-10-20 scale (3.11.6.3-5)."""

        CHANGED_CLAIM = "changed_claim", _("Changed his mind about a claim (3.11.6.3)")
        TOUCHED_WALL = "touched_wall", _("Touched the wall out of turn (3.11.6.4)")
        LATE_PUNG = "late_pung", _("Claimed a Pung late (3.11.6.5)")

    table_session = models.ForeignKey(
        "tournaments.TableSession",
        on_delete=models.PROTECT,
        related_name="penalties",
        verbose_name=_("table session"),
    )
    player = models.ForeignKey(
        "tournaments.Player",
        on_delete=models.RESTRICT,
        related_name="penalties",
        verbose_name=_("player"),
    )
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices)
    foul = models.CharField(_("repeated foul"), max_length=16, choices=Foul.choices, blank=True)
    occurrence = models.PositiveSmallIntegerField(
        _("occurrence of this foul"), null=True, blank=True
    )
    victim = models.ForeignKey(
        "tournaments.Player",
        on_delete=models.RESTRICT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("player whose tile was revealed"),
    )
    amount = models.PositiveSmallIntegerField(_("points"), default=0)
    invalid_claim = models.BooleanField(_("invalid claim on a discard"), default=False)
    minutes_late = models.PositiveIntegerField(_("minutes late"), null=True, blank=True)
    forfeited = models.BooleanField(_("session lost"), default=False)
    dead_hand = models.BooleanField(_("dead hand"), default=False)
    hand_number = models.PositiveSmallIntegerField(_("hand"), null=True, blank=True)
    reason = models.CharField(_("nature of the foul"), max_length=300)
    remarks = models.TextField(_("remarks"), blank=True)
    deltas = models.JSONField(_("score change per position"), default=dict)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("recorded by"),
    )
    recorded_at = models.DateTimeField(auto_now_add=True, verbose_name=_("recorded at"))
    voided_at = models.DateTimeField(_("voided at"), null=True, blank=True)
    voided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("voided by"),
    )
    void_reason = models.CharField(_("why it was voided"), max_length=300, blank=True)
    history = audited()

    class Meta:
        verbose_name = _("penalty")
        verbose_name_plural = _("penalties")
        ordering = ["table_session", "recorded_at", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(hand_number__isnull=True)
                | Q(hand_number__gte=1, hand_number__lte=HANDS_PER_SESSION),
                name="penalty_hand_number_1_16",
            ),
            models.CheckConstraint(
                condition=Q(voided_at__isnull=True, void_reason="")
                | (Q(voided_at__isnull=False) & ~Q(void_reason="")),
                name="penalty_voided_with_reason",
            ),
            models.CheckConstraint(
                condition=Q(forfeited=False) | Q(kind="late"), name="penalty_forfeit_is_late"
            ),
            models.CheckConstraint(
                condition=(Q(kind="repeated_foul") & ~Q(foul=""))
                | (~Q(kind="repeated_foul") & Q(foul="")),
                name="penalty_foul_kind_for_repeats",
            ),
            models.CheckConstraint(condition=~Q(reason=""), name="penalty_has_reason"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.player}"

    @property
    def voided(self) -> bool:
        return self.voided_at is not None

    @property
    def marks_no_show(self) -> bool:
        """This penalty in force says its player did not come to the session at all (3.11.2,
        recorded by check-in): he signs nothing (3.9.2). As `NO_SHOW` in a query."""
        return (
            self.kind == self.Kind.LATE_ARRIVAL
            and self.forfeited
            and self.minutes_late is None
            and not self.voided
        )


# In a query: the penalties `Penalty.marks_no_show` names.
NO_SHOW = Q(kind="late", forfeited=True, minutes_late__isnull=True, voided_at__isnull=True)


class SanctionQuerySet(models.QuerySet):
    def in_force(self) -> "SanctionQuerySet":
        """The sanctions not lifted on appeal (3.12.1)."""
        return self.filter(voided_at__isnull=True)


class Sanction(models.Model):
    """A sanction on the player rather than on a session score (3.11.1, 3.11.4-5, 3.11.6.10).

    Never deleted: a sanction lifted on appeal (3.12.1) is voided with its reason and the
    appeal, and counts for nothing from then on."""

    class Kind(models.TextChoices):
        WARNING = "warning", _("Warning")
        DISQUALIFICATION = "disqualification", _("Disqualification")
        LOSS_OF_RANK = "loss_of_rank", _("Loss of rank")
        EXCLUSION = "exclusion", _("Exclusion from later competitions")
        PUBLIC_CRITICISM = "criticism", _("Public criticism")

    # The sanctions that keep a player from playing later sessions (3.11.4-5).
    BARRING_KINDS = (Kind.DISQUALIFICATION, Kind.EXCLUSION)

    player = models.ForeignKey(
        "tournaments.Player",
        on_delete=models.PROTECT,
        related_name="sanctions",
        verbose_name=_("player"),
    )
    session = models.ForeignKey(
        "tournaments.Session",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("session"),
    )
    kind = models.CharField(_("sanction"), max_length=20, choices=Kind.choices)
    reason = models.TextField(_("reason"))
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("decided by"),
    )
    decided_at = models.DateTimeField(_("decided at"), auto_now_add=True)
    # What a disqualification changed, so that lifting it gives the player back his status.
    status_before = models.CharField(_("player's status before"), max_length=12, blank=True)
    voided_at = models.DateTimeField(_("lifted at"), null=True, blank=True)
    voided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("lifted by"),
    )
    void_reason = models.TextField(_("why it was lifted"), blank=True)
    void_appeal = models.ForeignKey(
        "tournaments.Appeal",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="lifted_sanctions",
        verbose_name=_("appeal that lifted it"),
    )
    history = audited()

    objects = SanctionQuerySet.as_manager()

    class Meta:
        verbose_name = _("sanction")
        verbose_name_plural = _("sanctions")
        ordering = ["decided_at", "pk"]
        constraints = [
            models.CheckConstraint(condition=~Q(reason=""), name="sanction_has_reason"),
            models.CheckConstraint(
                condition=Q(voided_at__isnull=True, void_reason="", void_appeal__isnull=True)
                | (Q(voided_at__isnull=False) & ~Q(void_reason="")),
                name="sanction_lifted_with_reason",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.player}"

    @property
    def voided(self) -> bool:
        return self.voided_at is not None


class Correction(models.Model):
    """A director's change to a score sheet after the umpire signed it, with its reason.

    Append-only: the values before and after are kept here, and each changed row's own
    history carries the same reason.
    """

    class Kind(models.TextChoices):
        HAND = "hand", _("Hand replaced")
        HAND_REMOVED = "hand_removed", _("Hand removed")
        PENALTY = "penalty", _("Penalty added")
        PENALTY_VOID = "penalty_void", _("Penalty voided")
        SEAT = "seat", _("Seats changed")
        CHECK_IN = "check_in", _("Check-in changed")

    table_session = models.ForeignKey(
        "tournaments.TableSession",
        on_delete=models.PROTECT,
        related_name="corrections",
        verbose_name=_("table session"),
    )
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices)
    reason = models.TextField(_("reason"))
    before = models.JSONField(_("before"), default=dict)
    after = models.JSONField(_("after"), default=dict)
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("made by"),
    )
    made_at = models.DateTimeField(_("made at"), auto_now_add=True)
    appeal = models.ForeignKey(
        "tournaments.Appeal",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("appeal it applies"),
    )

    class Meta:
        verbose_name = _("correction")
        verbose_name_plural = _("corrections")
        ordering = ["made_at", "pk"]
        constraints = [
            models.CheckConstraint(condition=~Q(reason=""), name="correction_has_reason")
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} ({self.table_session})"
