"""A player's personal link (his phone's way in, no password) and the hands the players of a
table enter on their phones, each counting only once another player of the table confirms
it (issue 28, docs/players-entry.md)."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.history import audited
from tournaments.models import Hand, Player, TableSession


class PlayerLink(models.Model):
    """`/p/<token>/`: opening it signs the phone in as this player, for his tournament only.
    Revoking it ends it at once; the player gets a new one."""

    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="links", verbose_name=_("player")
    )
    token = models.CharField(_("token"), max_length=64, unique=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    revoked_at = models.DateTimeField(_("revoked at"), null=True, blank=True)
    history = audited(excluded_fields=["token"])

    class Meta:
        verbose_name = _("player's link")
        verbose_name_plural = _("players' links")
        constraints = [
            models.UniqueConstraint(
                fields=["player"],
                condition=Q(revoked_at__isnull=True),
                name="one_live_link_per_player",
            )
        ]

    def __str__(self) -> str:
        return str(self.player)


class TableEntry(models.Model):
    """A hand as a player of the table entered it. Pending, it counts for nothing; confirmed
    by another player of the table, it is recorded through the hand services (`hand`);
    disputed, the umpire settles it."""

    class Status(models.TextChoices):
        PENDING = "pending", _("awaiting confirmation")
        RECORDED = "recorded", _("confirmed and recorded")
        DISPUTED = "disputed", _("disputed: the umpire is called")
        SETTLED = "settled", _("settled by the umpire")
        REFUSED = "refused", _("refused")
        WITHDRAWN = "withdrawn", pgettext_lazy("a players' entry", "withdrawn")

    OPEN = (Status.PENDING, Status.DISPUTED)

    table_session = models.ForeignKey(
        TableSession,
        on_delete=models.CASCADE,
        related_name="player_entries",
        verbose_name=_("score sheet"),
    )
    number = models.PositiveSmallIntegerField(_("hand number"))
    outcome = models.CharField(_("outcome"), max_length=4, choices=Hand.Outcome.choices)
    winner = models.CharField(_("winner"), max_length=1, blank=True)
    discarder = models.CharField(_("discarder"), max_length=1, blank=True)
    points = models.PositiveSmallIntegerField(_("points without flowers"), null=True, blank=True)
    flowers = models.PositiveSmallIntegerField(_("flowers"), default=0)
    tiles = models.JSONField(_("hand (shared format)"), null=True, blank=True)
    entered_by = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="+", verbose_name=_("entered by")
    )
    key = models.CharField(_("idempotency key"), max_length=64)
    # The key sent again with another hand is refused (player_entry.idempotency).
    fingerprint = models.CharField(_("request's fingerprint"), max_length=64, blank=True)
    seen_version = models.PositiveIntegerField(_("sheet version seen"))
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PENDING
    )
    answered_by = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("confirmed or disputed by"),
    )
    settled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("settled by"),
    )
    hand = models.ForeignKey(
        Hand,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("hand recorded"),
    )
    reason = models.CharField(_("reason"), max_length=300, blank=True)
    created_at = models.DateTimeField(_("entered at"), auto_now_add=True)
    answered_at = models.DateTimeField(_("answered at"), null=True, blank=True)
    history = audited()

    class Meta:
        verbose_name = _("players' entry")
        verbose_name_plural = _("players' entries")
        ordering = ["table_session", "number", "created_at"]
        constraints = [
            # A phone's entry sent twice (its queue replayed) is one entry.
            models.UniqueConstraint(fields=["entered_by", "key"], name="one_entry_per_key"),
            # The table moves hand by hand: one entry at a time awaits its answer.
            models.UniqueConstraint(
                fields=["table_session"],
                condition=Q(status__in=["pending", "disputed"]),
                name="one_open_entry_per_table",
            ),
            # Another player of the table confirms (or disputes) it, never the one who entered it.
            models.CheckConstraint(
                condition=Q(answered_by__isnull=True) | ~Q(answered_by=F("entered_by")),
                name="entry_answered_by_another_player",
            ),
            models.CheckConstraint(
                condition=~Q(status="recorded") | Q(answered_by__isnull=False),
                name="recorded_entry_was_confirmed",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table_session} #{self.number} ({self.get_status_display()})"


class UmpireSubmission(models.Model):
    """A hand the umpire's score-sheet page sent from its offline queue, kept by its
    idempotency key in the same transaction as the hand: the same key sent again (its answer
    lost with the network) finds the hand it recorded, and records nothing."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("entered by"),
    )
    table_session = models.ForeignKey(
        TableSession,
        on_delete=models.CASCADE,
        related_name="umpire_submissions",
        verbose_name=_("score sheet"),
    )
    key = models.CharField(_("idempotency key"), max_length=64)
    # The key sent again with another hand is refused (player_entry.idempotency).
    fingerprint = models.CharField(_("request's fingerprint"), max_length=64, blank=True)
    hand = models.ForeignKey(
        Hand,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("hand recorded"),
    )
    number = models.PositiveSmallIntegerField(_("hand number"))
    sheet_version = models.PositiveIntegerField(_("sheet version after it"))
    created_at = models.DateTimeField(_("entered at"), auto_now_add=True)

    class Meta:
        verbose_name = _("umpire's queued hand")
        verbose_name_plural = _("umpire's queued hands")
        constraints = [
            # The page's queue replayed: one hand per key and sheet.
            models.UniqueConstraint(fields=["table_session", "key"], name="one_umpire_hand_per_key")
        ]

    def __str__(self) -> str:
        return f"{self.table_session} #{self.number} ({self.key})"
