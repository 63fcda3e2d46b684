from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

POSITIONS = ("A", "B", "C", "D")
POSITION_CHOICES = [(p, p) for p in POSITIONS]
WIND_CHOICES = [("E", _("East")), ("S", _("South")), ("W", _("West")), ("N", _("North"))]
HANDS_PER_SESSION = 16
# Table points are stored in twelfths so shared places (4+2)/2, (2+1+0)/3, 7/4 stay exact.
TABLE_POINT_UNIT = 12


class Session(models.Model):
    class Stage(models.TextChoices):
        QUALIFYING = "qualifying", _("Qualifying")
        FINAL = "final", _("Final stage")

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="sessions"
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

    class Meta:
        verbose_name = _("session")
        verbose_name_plural = _("sessions")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_session_number")
        ]

    def __str__(self) -> str:
        return _("Session %(number)s") % {"number": self.number}


class Table(models.Model):
    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="tables"
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


class TableSession(models.Model):
    """One table in one session: the unit of a score sheet (Appendix 5)."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="table_sessions")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="table_sessions")
    umpire = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="umpired_tables",
        verbose_name=_("umpire"),
    )

    class Meta:
        verbose_name = _("score sheet")
        verbose_name_plural = _("score sheets")
        ordering = ["session__number", "table__number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "table"], name="unique_table_in_session")
        ]

    def __str__(self) -> str:
        return _("Session %(session)s, table %(table)s") % {
            "session": self.session.number,
            "table": self.table.number,
        }


class Seat(models.Model):
    """A player's place at a table for a session; position A starts as East (Appendix 4)."""

    table_session = models.ForeignKey(TableSession, on_delete=models.CASCADE, related_name="seats")
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(
        "tournaments.Player", on_delete=models.RESTRICT, related_name="seats"
    )
    position = models.CharField(_("position"), max_length=1, choices=POSITION_CHOICES)

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

    table_session = models.ForeignKey(TableSession, on_delete=models.CASCADE, related_name="hands")
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
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        ordering = ["table_session", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table_session", "number"], name="unique_hand_number")
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

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="scores")
    player = models.ForeignKey(
        "tournaments.Player", on_delete=models.RESTRICT, related_name="hand_scores"
    )
    position = models.CharField(max_length=1, choices=POSITION_CHOICES)
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
        TableSession, on_delete=models.CASCADE, related_name="results"
    )
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="results")
    player = models.ForeignKey(
        "tournaments.Player", on_delete=models.RESTRICT, related_name="session_results"
    )
    position = models.CharField(max_length=1, choices=POSITION_CHOICES)
    score = models.IntegerField(_("score"))
    rank = models.PositiveSmallIntegerField(_("rank"))
    table_points_12 = models.PositiveSmallIntegerField(_("table points (twelfths)"))

    class Meta:
        verbose_name = _("session result")
        verbose_name_plural = _("session results")
        constraints = [
            models.UniqueConstraint(fields=["session", "player"], name="one_result_per_session")
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.score} ({self.rank})"

    @property
    def table_points(self):
        from fractions import Fraction

        return Fraction(self.table_points_12, TABLE_POINT_UNIT)
