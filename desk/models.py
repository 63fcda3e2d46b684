"""What the score desk keeps: each clerk's entry of a paper score sheet (issue 27).

A sheet keyed at the desk is recorded only when two different clerks' entries agree, or when
the chief umpire accepts one entry alone with a reason. Until then nothing counts: the entries
are held here, and the sheet has no hand.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.history import audited


class DeskEntry(models.Model):
    """One clerk's keying of one paper sheet: its hands, penalties and confirmations."""

    class Status(models.TextChoices):
        FIRST = "first", _("First entry, awaiting a second")
        DIFFERS = "differs", _("Refused: differs from another clerk's entry")
        SUPERSEDED = "superseded", _("Superseded (did not count)")
        RECORDED = "recorded", _("Recorded (two entries agreed)")
        ACCEPTED_ALONE = "accepted_alone", _("Accepted alone by the chief umpire")

    # Entries still in play: the sheet is not recorded yet.
    LIVE = (Status.FIRST, Status.DIFFERS)
    # Entries that made the sheet count.
    COUNTED = (Status.RECORDED, Status.ACCEPTED_ALONE)

    table_session = models.ForeignKey(
        "tournaments.TableSession",
        on_delete=models.CASCADE,
        related_name="desk_entries",
        verbose_name=_("score sheet"),
    )
    clerk = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="desk_entries",
        verbose_name=_("clerk"),
    )
    created_at = models.DateTimeField(_("keyed at"), auto_now_add=True)
    # {"hands": [...], "penalties": [...], "confirmed": [...]}: what the clerk keyed, in the
    # form of the API's bodies (desk.services.normalise).
    payload = models.JSONField(_("what was keyed"))
    status = models.CharField(_("status"), max_length=16, choices=Status.choices)
    # The second entry of an agreeing pair names the entry it agreed with.
    matched_with = models.OneToOneField(
        "self",
        on_delete=models.CASCADE,  # the pair goes only with its sheet
        null=True,
        blank=True,
        related_name="matched_by",
        verbose_name=_("agreed with"),
    )
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("accepted by"),
    )
    reason = models.CharField(_("reason for accepting it alone"), max_length=300, blank=True)
    history = audited()

    class Meta:
        verbose_name = _("desk entry")
        verbose_name_plural = _("desk entries")
        ordering = ["table_session", "created_at", "pk"]
        constraints = [
            # One entry awaits a second one at a time.
            models.UniqueConstraint(
                fields=["table_session"],
                condition=Q(status="first"),
                name="desk_one_open_first_entry",
            ),
            # A clerk has one entry in play per sheet (re-keying replaces his own).
            models.UniqueConstraint(
                fields=["table_session", "clerk"],
                condition=Q(status__in=["first", "differs"]),
                name="desk_one_live_entry_per_clerk",
            ),
            # A sheet is recorded at the desk once: by one agreeing pair (its second entry
            # names the first) or by one entry accepted alone.
            models.UniqueConstraint(
                fields=["table_session"],
                condition=Q(status="accepted_alone") | Q(matched_with__isnull=False),
                name="desk_sheet_recorded_once",
            ),
            models.CheckConstraint(
                condition=Q(matched_with__isnull=True) | Q(status="recorded"),
                name="desk_matched_only_when_recorded",
            ),
            models.CheckConstraint(
                condition=(Q(status="accepted_alone", accepted_by__isnull=False) & ~Q(reason=""))
                | (~Q(status="accepted_alone") & Q(accepted_by__isnull=True, reason="")),
                name="desk_accepted_alone_with_a_reason",
            ),
            models.CheckConstraint(
                condition=Q(status__in=["first", "differs"], decided_at__isnull=True)
                | (~Q(status__in=["first", "differs"]) & Q(decided_at__isnull=False)),
                name="desk_decided_iff_not_in_play",
            ),
        ]

    def __str__(self) -> str:
        return _("Desk entry %(id)s (%(sheet)s)") % {"id": self.pk, "sheet": self.table_session}
