from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from tournaments.history import audited

POSITIONS = ("A", "B", "C", "D")
POSITION_CHOICES = [(p, p) for p in POSITIONS]
WIND_CHOICES = [("E", _("East")), ("S", _("South")), ("W", _("West")), ("N", _("North"))]
HANDS_PER_SESSION = 16
# Table points are stored in twelfths so shared places (4+2)/2, (2+1+0)/3, 7/4 stay exact.
TABLE_POINT_UNIT = 12
MAX_FLOWERS = 8


def _user(related_name="+", verbose_name=None):
    return models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name=related_name,
        verbose_name=verbose_name,
    )


class Session(models.Model):
    class Stage(models.TextChoices):
        QUALIFYING = "qualifying", _("Qualifying")
        FINAL = "final", _("Final stage")

    tournament = models.ForeignKey(
        "tournaments.Tournament",
        on_delete=models.CASCADE,
        related_name="sessions",
        verbose_name=_("tournament"),
    )
    number = models.PositiveSmallIntegerField(_("number"))
    stage = models.CharField(
        _("stage"), max_length=12, choices=Stage.choices, default=Stage.QUALIFYING
    )
    group = models.CharField(_("group"), max_length=20, blank=True)
    scheduled_start = models.DateTimeField(_("scheduled start"), null=True, blank=True)
    scheduled_end = models.DateTimeField(_("scheduled end"), null=True, blank=True)
    actual_start = models.DateTimeField(_("actual start"), null=True, blank=True)
    actual_end = models.DateTimeField(_("actual end"), null=True, blank=True)
    started_by = _user(verbose_name=_("started by"))
    ended_by = _user(verbose_name=_("ended by"))
    history = audited()

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", _("Scheduled")
        RUNNING = "running", _("Running")
        ENDED = "ended", _("Ended")

    class Meta:
        verbose_name = _("session")
        verbose_name_plural = _("sessions")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_session_number"),
            models.CheckConstraint(
                condition=Q(scheduled_end__isnull=True)
                | Q(scheduled_start__isnull=True)
                | Q(scheduled_end__gte=F("scheduled_start")),
                name="session_scheduled_end_after_start",
            ),
            models.CheckConstraint(
                condition=Q(actual_end__isnull=True)
                | Q(actual_start__isnull=False, actual_end__gte=F("actual_start")),
                name="session_ends_after_it_starts",
            ),
        ]

    def __str__(self) -> str:
        return _("Session %(number)s") % {"number": self.number}

    @property
    def status(self) -> str:
        """Scheduled until the chief umpire starts it, running until he ends it."""
        if self.actual_start is None:
            return self.Status.SCHEDULED
        if self.actual_end is None:
            return self.Status.RUNNING
        return self.Status.ENDED


class Table(models.Model):
    tournament = models.ForeignKey(
        "tournaments.Tournament",
        on_delete=models.CASCADE,
        related_name="tables",
        verbose_name=_("tournament"),
    )
    number = models.PositiveSmallIntegerField(_("number"))
    group = models.CharField(_("group"), max_length=20, blank=True)

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_table_number")
        ]

    def __str__(self) -> str:
        return _("Table %(number)s") % {"number": self.number}


class SheetStatus(models.TextChoices):
    """A score sheet's life: open for hands, complete, signed by the umpire (locked), final
    once the chief umpire countersigns (Appendix 5: results are final once signed)."""

    OPEN = "open", _("Open")
    COMPLETE = "complete", _("Complete")
    SIGNED = "signed", _("Signed by the umpire")
    FINAL = "final", _("Final (countersigned)")


class SheetClosure(models.TextChoices):
    """Why a sheet stopped taking hands."""

    ALL_HANDS = "all_hands", _("16 hands played")
    TIME_LIMIT = "time_limit", _("Time-limit stop (3.5.6)")
    SESSION_END = "session_end", _("The session ended")


class TableSession(models.Model):
    """One table in one session: the unit of a score sheet (Appendix 5)."""

    Status = SheetStatus

    session = models.ForeignKey(
        Session, on_delete=models.CASCADE, related_name="table_sessions", verbose_name=_("session")
    )
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="table_sessions", verbose_name=_("table")
    )
    umpire = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="umpired_tables",
        verbose_name=_("umpire"),
    )
    status = models.CharField(
        _("status"), max_length=10, choices=SheetStatus.choices, default=SheetStatus.OPEN
    )
    closed_by = models.CharField(
        _("closed by"), max_length=12, choices=SheetClosure.choices, blank=True
    )
    # Bumped by every write to the sheet; a form or API call carries the version it saw, and a
    # write against another version is refused (no lost update).
    version = models.PositiveIntegerField(_("version"), default=0)
    umpire_signed_by = _user(verbose_name=_("signed by the umpire"))
    umpire_signed_at = models.DateTimeField(_("umpire signed at"), null=True, blank=True)
    countersigned_by = _user(verbose_name=_("countersigned by the chief umpire"))
    countersigned_at = models.DateTimeField(_("countersigned at"), null=True, blank=True)
    history = audited(excluded_fields=["version"])

    class Meta:
        verbose_name = _("score sheet")
        verbose_name_plural = _("score sheets")
        ordering = ["session__number", "table__number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "table"], name="unique_table_in_session"),
            models.CheckConstraint(
                condition=Q(status__in=["open", "complete"], umpire_signed_at__isnull=True)
                | Q(status__in=["signed", "final"], umpire_signed_at__isnull=False),
                name="sheet_signed_iff_umpire_signature",
            ),
            models.CheckConstraint(
                condition=Q(status="final", countersigned_at__isnull=False)
                | (~Q(status="final") & Q(countersigned_at__isnull=True)),
                name="sheet_final_iff_countersigned",
            ),
            models.CheckConstraint(
                condition=Q(status="open", closed_by="") | (~Q(status="open") & ~Q(closed_by="")),
                name="sheet_closed_with_a_cause",
            ),
        ]

    def __str__(self) -> str:
        return _("Session %(session)s, table %(table)s") % {
            "session": self.session.number,
            "table": self.table.number,
        }


class Seat(models.Model):
    """A player's place at a table for a session; position A starts as East (Appendix 4)."""

    table_session = models.ForeignKey(
        TableSession,
        on_delete=models.CASCADE,
        related_name="seats",
        verbose_name=_("table session"),
    )
    session = models.ForeignKey(
        Session, on_delete=models.CASCADE, related_name="seats", verbose_name=_("session")
    )
    player = models.ForeignKey(
        "tournaments.Player",
        on_delete=models.RESTRICT,
        related_name="seats",
        verbose_name=_("player"),
    )
    position = models.CharField(_("position"), max_length=1, choices=POSITION_CHOICES)
    replaced_player = models.ForeignKey(
        "tournaments.Player",
        on_delete=models.RESTRICT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("replaced player (lost the session)"),
    )
    history = audited()

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["table_session", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["table_session", "position"], name="unique_position_at_table"
            ),
            models.UniqueConstraint(fields=["session", "player"], name="one_seat_per_session"),
        ]

    def __str__(self) -> str:
        return f"{self.position}: {self.player}"


class Hand(models.Model):
    class Outcome(models.TextChoices):
        WIN = "win", _("Win")
        DRAW = "draw", _("Draw (wall exhausted)")
        TIME_LIMIT = "time", _("Stopped by the time limit")

    table_session = models.ForeignKey(
        TableSession,
        on_delete=models.CASCADE,
        related_name="hands",
        verbose_name=_("table session"),
    )
    number = models.PositiveSmallIntegerField(
        _("hand number"), validators=[MinValueValidator(1), MaxValueValidator(HANDS_PER_SESSION)]
    )
    prevalent_wind = models.CharField(_("prevalent wind"), max_length=1, choices=WIND_CHOICES)
    dealer_position = models.CharField(_("dealer"), max_length=1, choices=POSITION_CHOICES)
    outcome = models.CharField(_("outcome"), max_length=4, choices=Outcome.choices)
    winner_position = models.CharField(
        _("winner"), max_length=1, choices=POSITION_CHOICES, blank=True
    )
    discarder_position = models.CharField(
        _("discarder"),
        max_length=1,
        choices=POSITION_CHOICES,
        blank=True,
        help_text=_("Empty when the winner drew the tile himself."),
    )
    tiles = models.JSONField(_("hand (shared format)"), null=True, blank=True)
    fans = models.JSONField(_("fans"), default=list, blank=True)
    points = models.PositiveSmallIntegerField(_("points without flowers"), default=0)
    flowers = models.PositiveSmallIntegerField(_("flowers"), default=0)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("entered by"),
    )
    entered_at = models.DateTimeField(auto_now_add=True, verbose_name=_("entered at"))
    history = audited()

    class Meta:
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        ordering = ["table_session", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table_session", "number"], name="unique_hand_number"),
            models.CheckConstraint(
                condition=Q(number__gte=1, number__lte=HANDS_PER_SESSION),
                name="hand_number_1_16",
            ),
            models.CheckConstraint(
                condition=Q(points__gte=0, flowers__gte=0, flowers__lte=MAX_FLOWERS),
                name="hand_points_and_flowers_in_range",
            ),
            models.CheckConstraint(
                condition=(Q(outcome="win") & ~Q(winner_position=""))
                | (~Q(outcome="win") & Q(winner_position="", discarder_position="", points=0)),
                name="hand_winner_iff_win",
            ),
            models.CheckConstraint(
                condition=Q(discarder_position="") | ~Q(discarder_position=F("winner_position")),
                name="hand_discarder_is_not_winner",
            ),
        ]

    def __str__(self) -> str:
        return _("Hand %(number)s") % {"number": self.number}

    @property
    def total(self) -> int:
        return self.points + self.flowers

    @property
    def self_drawn(self) -> bool:
        return self.outcome == self.Outcome.WIN and not self.discarder_position


class HandScore(models.Model):
    """What one hand paid or cost one player (rule 3.9.1.3)."""

    hand = models.ForeignKey(
        Hand, on_delete=models.CASCADE, related_name="scores", verbose_name=_("hand")
    )
    player = models.ForeignKey(
        "tournaments.Player",
        on_delete=models.RESTRICT,
        related_name="hand_scores",
        verbose_name=_("player"),
    )
    position = models.CharField(max_length=1, choices=POSITION_CHOICES, verbose_name=_("position"))
    points = models.IntegerField(_("points"))

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["hand", "position"], name="one_score_per_seat")
        ]

    def __str__(self) -> str:
        return f"{self.position} {self.points:+d}"


class SessionResult(models.Model):
    """A player's result for one session: score, rank at the table, table points (3.9.2)."""

    table_session = models.ForeignKey(
        TableSession,
        on_delete=models.CASCADE,
        related_name="results",
        verbose_name=_("table session"),
    )
    session = models.ForeignKey(
        Session, on_delete=models.CASCADE, related_name="results", verbose_name=_("session")
    )
    player = models.ForeignKey(
        "tournaments.Player",
        on_delete=models.RESTRICT,
        related_name="session_results",
        verbose_name=_("player"),
    )
    position = models.CharField(max_length=1, choices=POSITION_CHOICES, verbose_name=_("position"))
    score = models.IntegerField(_("score"))
    rank = models.PositiveSmallIntegerField(_("rank"))
    table_points_12 = models.PositiveSmallIntegerField(_("table points (twelfths)"))
    forfeited = models.BooleanField(_("session lost (rule 3.11.2)"), default=False)
    history = audited()

    class Meta:
        verbose_name = _("session result")
        verbose_name_plural = _("session results")
        constraints = [
            models.UniqueConstraint(fields=["session", "player"], name="one_result_per_session"),
            models.CheckConstraint(
                condition=Q(rank__gte=1, rank__lte=4, table_points_12__lte=4 * TABLE_POINT_UNIT),
                name="result_rank_and_table_points_in_range",
            ),
            models.CheckConstraint(
                condition=Q(forfeited=False) | Q(table_points_12=0),
                name="result_forfeit_scores_no_table_points",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.score} ({self.rank})"

    @property
    def table_points(self):
        from fractions import Fraction

        return Fraction(self.table_points_12, TABLE_POINT_UNIT)


class SheetConfirmation(models.Model):
    """A player's confirmation of his score sheet (3.9.1.4, 3.9.2: all four players sign).

    Recorded by the umpire at the table, or by the player on his own login.
    """

    table_session = models.ForeignKey(
        TableSession,
        on_delete=models.PROTECT,
        related_name="confirmations",
        verbose_name=_("table session"),
    )
    player = models.ForeignKey(
        "tournaments.Player",
        on_delete=models.RESTRICT,
        related_name="sheet_confirmations",
        verbose_name=_("player"),
    )
    confirmed_at = models.DateTimeField(_("confirmed at"))
    recorded_by = _user(verbose_name=_("recorded by"))
    history = audited()

    class Meta:
        verbose_name = _("player's confirmation")
        verbose_name_plural = _("players' confirmations")
        ordering = ["table_session", "confirmed_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["table_session", "player"], name="one_confirmation_per_player"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player} ({self.confirmed_at:%H:%M})"


class CheckIn(models.Model):
    """When a player arrived for a session (3.5.7); late arrival follows from it (3.11.2)."""

    session = models.ForeignKey(
        Session, on_delete=models.PROTECT, related_name="check_ins", verbose_name=_("session")
    )
    player = models.ForeignKey(
        "tournaments.Player",
        on_delete=models.RESTRICT,
        related_name="check_ins",
        verbose_name=_("player"),
    )
    arrived_at = models.DateTimeField(_("arrived at"), null=True, blank=True)
    # A no-show (3.11.2): he lost the session; no arrival time is invented for him.
    absent = models.BooleanField(_("absent (did not come)"), default=False)
    recorded_by = _user(verbose_name=_("recorded by"))
    recorded_at = models.DateTimeField(auto_now_add=True, verbose_name=_("recorded at"))
    history = audited()

    class Meta:
        verbose_name = _("check-in")
        verbose_name_plural = _("check-ins")
        ordering = ["session", "arrived_at"]
        constraints = [
            models.UniqueConstraint(fields=["session", "player"], name="one_check_in_per_session"),
            models.CheckConstraint(
                condition=Q(absent=True, arrived_at__isnull=True)
                | Q(absent=False, arrived_at__isnull=False),
                name="check_in_arrived_or_absent",
            ),
        ]

    def __str__(self) -> str:
        if self.absent:
            return f"{self.player} ({_('absent')})"
        return f"{self.player} {self.arrived_at:%H:%M}"
