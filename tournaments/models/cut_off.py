from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.history import audited


class CutOffDecision(models.Model):
    """How a tie across the final's cut-off was decided (rule 3.10.1 ranks by table points,
    then contest points; what is still equal is never decided by the player number).

    When seeding a final session (elimination and mixed formats) finds players sharing a place
    across the number of players advancing, the organiser records how the tie was decided: a
    play-off's result, or a lot drawn from a printed seed anyone can re-run
    (`python -m seating lot --seed SEED NUMBER...`). The seeding then takes the tied players in
    this order (`tournaments.services.cut_off`). Kept as recorded: a second decision of the
    same tie is refused.
    """

    class Method(models.TextChoices):
        PLAY_OFF = "play_off", _("Play-off")
        LOT = "lot", _("Lot drawn")

    tournament = models.ForeignKey(
        "tournaments.Tournament",
        on_delete=models.CASCADE,
        related_name="cut_off_decisions",
        verbose_name=_("tournament"),
    )
    session_number = models.PositiveSmallIntegerField(_("final session"))
    finalists = models.PositiveSmallIntegerField(_("players advancing"))
    first_place = models.PositiveSmallIntegerField(_("first place tied"))
    last_place = models.PositiveSmallIntegerField(_("last place tied"))
    advancing = models.PositiveSmallIntegerField(_("how many of them advance"))
    order = models.JSONField(
        _("order decided"),
        help_text=_("The tied players' numbers, the one placed highest first."),
    )
    method = models.CharField(_("decided by"), max_length=10, choices=Method.choices)
    seed = models.CharField(_("seed of the lot"), max_length=64, blank=True)
    result = models.TextField(_("result of the play-off"), blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("recorded by"),
    )
    decided_at = models.DateTimeField(_("recorded at"), default=timezone.now)
    history = audited()

    class Meta:
        verbose_name = _("cut-off tie decision")
        verbose_name_plural = _("cut-off tie decisions")
        ordering = ["tournament", "session_number", "decided_at", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(method="lot", result="") & ~Q(seed="")
                | Q(method="play_off", seed="") & ~Q(result=""),
                name="cut_off_decision_lot_seed_or_play_off_result",
            ),
            models.CheckConstraint(
                condition=Q(last_place__gt=models.F("first_place")),
                name="cut_off_decision_two_places_at_least",
            ),
            models.CheckConstraint(
                condition=Q(advancing__gte=1, advancing__lte=models.F("finalists")),
                name="cut_off_decision_some_advance",
            ),
        ]

    def __str__(self) -> str:
        return _("Session %(session)s: places %(first)s-%(last)s") % {
            "session": self.session_number,
            "first": self.first_place,
            "last": self.last_place,
        }
