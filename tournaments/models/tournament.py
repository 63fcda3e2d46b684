from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.history import audited

# Further tie-breaks after table points and contest points (rule 3.10.1 names those two
# only): the organiser's choice, none by default.
TIE_BREAK_CHOICES = {
    "best_session": _("Best single-session score"),
    "most_firsts": _("Most first places at the table"),
}
# What a new tournament took before migration 0018; the tournaments made then keep it.
EARLIER_DEFAULT_TIE_BREAKS = ["best_session", "most_firsts"]
# Rule 3.5.6: "El tiempo límite para cada sesión es de 150 minutos" (the longest a session runs).
MAX_SESSION_MINUTES = 150
# Rule 3.5.4 sets the least number of sessions (six) and no most: 99 is far beyond any event
# (a session takes up to 150 minutes) and keeps the number of sessions, which the seating, the
# umpires' rota and the forms count through, a small one.
MAX_SESSIONS_PLANNED = 99


def default_tie_breaks() -> list[str]:
    """The default before migration 0018 (the earlier migrations name it)."""
    return list(EARLIER_DEFAULT_TIE_BREAKS)


def no_further_tie_breaks() -> list[str]:
    """A new tournament ranks by rule 3.10.1 alone: table points, then contest points, and
    players still equal share their place (docs/results.md, "The ranking")."""
    return []


class Tournament(models.Model):
    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin", _("Round robin")
        ELIMINATION = "elimination", _("Elimination")
        MIXED = "mixed", _("Mixed")

    class TieRule(models.TextChoices):
        SHARE = "share", _("Equal scores share the table points of their places")
        HIGHEST = "highest", _("Equal scores all take the best place's table points")

    class EntryMode(models.TextChoices):
        TILES = "tiles", _("Tiles of every winning hand")
        POINTS_ONLY = "points", _("Points only (winner, discarder, points)")

    class HandEntry(models.TextChoices):
        UMPIRES = "umpires", _("Umpires enter the hands")
        PLAYERS = "players", _("Players enter and confirm the hands; umpires settle disputes")
        BOTH = "both", _("Umpires and players enter the hands")

    class Status(models.TextChoices):
        REGISTRATION = "registration", _("Registration")
        SEATED = "seated", _("Seating drawn")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("slug"), max_length=80, unique=True)
    start_date = models.DateField(_("start date"), null=True, blank=True)
    end_date = models.DateField(_("end date"), null=True, blank=True)
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    format = models.CharField(
        _("format"), max_length=20, choices=Format.choices, default=Format.ROUND_ROBIN
    )
    sessions_planned = models.PositiveSmallIntegerField(
        _("number of sessions"),
        default=8,
        validators=[MinValueValidator(6)],
        help_text=_("A tournament has at least six sessions (rule 3.5.4)."),
    )
    session_minutes = models.PositiveSmallIntegerField(
        _("session length (minutes)"),
        default=MAX_SESSION_MINUTES,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_SESSION_MINUTES)],
        help_text=_("At most 150 minutes (rule 3.5.6)."),
    )
    tie_rule = models.CharField(
        _("table-point tie rule"), max_length=10, choices=TieRule.choices, default=TieRule.SHARE
    )
    tie_breaks = models.JSONField(
        _("further tie-breaks"),
        default=no_further_tie_breaks,
        blank=True,
        help_text=_(
            "Applied in order after table points and contest points; none by default: "
            "players still equal share their place (rule 3.10.1)."
        ),
    )
    entry_mode = models.CharField(
        _("hand entry"), max_length=10, choices=EntryMode.choices, default=EntryMode.TILES
    )
    hand_entry = models.CharField(
        _("who enters hands"),
        max_length=10,
        choices=HandEntry.choices,
        default=HandEntry.UMPIRES,
        help_text=_(
            "Players: each hand a player enters on his phone counts once another player of the "
            "table confirms it (docs/players-entry.md)."
        ),
    )
    standings_public = models.BooleanField(
        _("standings published"),
        default=True,
        help_text=_(
            "Off: the standings are the staff's until you publish them; the public pages show "
            "none, nor the sessions' scores and table points (the seating, the seats, the "
            "draw, the clock and the tables' states stay), and each player reads his own "
            "figures only, on his own page (docs/public-pages.md)."
        ),
    )
    appeal_fee = models.DecimalField(_("appeal fee"), max_digits=9, decimal_places=2, default=200)
    appeal_currency = models.CharField(_("appeal fee currency"), max_length=3, default="USD")
    qualifying_sessions = models.PositiveSmallIntegerField(
        _("qualifying sessions"),
        null=True,
        blank=True,
        help_text=_("Elimination or mixed format: sessions before the seeded final stage."),
    )
    finalists = models.PositiveSmallIntegerField(_("players advancing"), null=True, blank=True)
    carry_over_points = models.BooleanField(
        _("points carry over into the final stage"), default=True
    )
    forfeit_contest_points = models.IntegerField(
        _("contest points of a forfeited session"),
        default=0,
        help_text=_(
            "What a player who lost a session (rule 3.11.2) scores for it; the table points "
            "for it are 0."
        ),
    )
    team_counts_disqualified = models.BooleanField(
        _("a disqualified player's points count for his team"),
        default=False,
        help_text=_("Off: his team's totals leave out a disqualified player (rule 3.11.5)."),
    )
    oath_required = models.BooleanField(
        _("Player's Oath required before the lots"),
        default=True,
        help_text=_("Lots are drawn only for players who took the oath (Appendix 2)."),
    )
    lots_seed = models.CharField(_("seed of the drawing of lots"), max_length=64, blank=True)
    seating_seed = models.CharField(_("seed of the seating chart"), max_length=64, blank=True)
    status = models.CharField(
        _("status"), max_length=20, choices=Status.choices, default=Status.REGISTRATION
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))
    history = audited()

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-start_date", "name"]

    def __str__(self) -> str:
        return self.name

    def clean(self):
        """What the admin form and the API both refuse (full_clean calls this)."""
        errors = {}
        if self.start_date and self.end_date and self.end_date < self.start_date:
            errors["end_date"] = _("The tournament cannot end before it starts.")
        if (
            self.format in (self.Format.ELIMINATION, self.Format.MIXED)
            and (self.finalists or 0) % 4
        ):
            errors["finalists"] = _("The players advancing fill tables of four.")
        tie_breaks = self.tie_breaks or []
        if not isinstance(tie_breaks, list) or any(v not in TIE_BREAK_CHOICES for v in tie_breaks):
            errors["tie_breaks"] = _("Give a list of tie-breaks chosen from: %(names)s.") % {
                "names": ", ".join(TIE_BREAK_CHOICES)
            }
        if errors:
            raise ValidationError(errors)
