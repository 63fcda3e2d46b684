"""How a tie across the final's cut-off was decided (rule 3.10.1): a play-off's result or a lot
drawn from a printed seed, recorded before the final session is seeded."""

import django.db.models.deletion
import django.utils.timezone
import simple_history.models
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0019_neutral_forfeit_help_text"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="HistoricalCutOffDecision",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                ("session_number", models.PositiveSmallIntegerField(verbose_name="final session")),
                ("finalists", models.PositiveSmallIntegerField(verbose_name="players advancing")),
                ("first_place", models.PositiveSmallIntegerField(verbose_name="first place tied")),
                ("last_place", models.PositiveSmallIntegerField(verbose_name="last place tied")),
                (
                    "advancing",
                    models.PositiveSmallIntegerField(verbose_name="how many of them advance"),
                ),
                (
                    "order",
                    models.JSONField(
                        help_text="The tied players' numbers, the one placed highest first.",
                        verbose_name="order decided",
                    ),
                ),
                (
                    "method",
                    models.CharField(
                        choices=[("play_off", "Play-off"), ("lot", "Lot drawn")],
                        max_length=10,
                        verbose_name="decided by",
                    ),
                ),
                (
                    "seed",
                    models.CharField(blank=True, max_length=64, verbose_name="seed of the lot"),
                ),
                ("result", models.TextField(blank=True, verbose_name="result of the play-off")),
                (
                    "decided_at",
                    models.DateTimeField(
                        default=django.utils.timezone.now, verbose_name="recorded at"
                    ),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.TextField(null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
                (
                    "decided_by",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="recorded by",
                    ),
                ),
                (
                    "history_user",
                    models.ForeignKey(
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "tournament",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="tournaments.tournament",
                        verbose_name="tournament",
                    ),
                ),
            ],
            options={
                "verbose_name": "historical cut-off tie decision",
                "verbose_name_plural": "historical cut-off tie decisions",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="CutOffDecision",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("session_number", models.PositiveSmallIntegerField(verbose_name="final session")),
                ("finalists", models.PositiveSmallIntegerField(verbose_name="players advancing")),
                ("first_place", models.PositiveSmallIntegerField(verbose_name="first place tied")),
                ("last_place", models.PositiveSmallIntegerField(verbose_name="last place tied")),
                (
                    "advancing",
                    models.PositiveSmallIntegerField(verbose_name="how many of them advance"),
                ),
                (
                    "order",
                    models.JSONField(
                        help_text="The tied players' numbers, the one placed highest first.",
                        verbose_name="order decided",
                    ),
                ),
                (
                    "method",
                    models.CharField(
                        choices=[("play_off", "Play-off"), ("lot", "Lot drawn")],
                        max_length=10,
                        verbose_name="decided by",
                    ),
                ),
                (
                    "seed",
                    models.CharField(blank=True, max_length=64, verbose_name="seed of the lot"),
                ),
                ("result", models.TextField(blank=True, verbose_name="result of the play-off")),
                (
                    "decided_at",
                    models.DateTimeField(
                        default=django.utils.timezone.now, verbose_name="recorded at"
                    ),
                ),
                (
                    "decided_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="recorded by",
                    ),
                ),
                (
                    "tournament",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="cut_off_decisions",
                        to="tournaments.tournament",
                        verbose_name="tournament",
                    ),
                ),
            ],
            options={
                "verbose_name": "cut-off tie decision",
                "verbose_name_plural": "cut-off tie decisions",
                "ordering": ["tournament", "session_number", "decided_at", "pk"],
                "constraints": [
                    models.CheckConstraint(
                        condition=models.Q(
                            models.Q(
                                ("method", "lot"),
                                ("result", ""),
                                models.Q(("seed", ""), _negated=True),
                            ),
                            models.Q(
                                ("method", "play_off"),
                                ("seed", ""),
                                models.Q(("result", ""), _negated=True),
                            ),
                            _connector="OR",
                        ),
                        name="cut_off_decision_lot_seed_or_play_off_result",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(("last_place__gt", models.F("first_place"))),
                        name="cut_off_decision_two_places_at_least",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            ("advancing__gte", 1), ("advancing__lte", models.F("finalists"))
                        ),
                        name="cut_off_decision_some_advance",
                    ),
                ],
            },
        ),
    ]
