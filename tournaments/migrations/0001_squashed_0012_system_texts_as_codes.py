"""Migrations 0001-0012 in one: what a new database runs (a database that has run some of them
goes on with the rest). Written from the models as they stand after 0012 (`makemigrations` into
an empty module), plus the role groups of 0003; the data conversions of 0002, 0010 and 0012
have nothing to convert in a new database and are left out.

Applying 0001-0012 one by one took 13 s on SQLite (Django re-renders the models after each of
~400 operations), paid by every test run and every new deployment; this takes 3.
tests/tournaments/test_squashed_migration.py checks that both build the same database.
"""

import importlib

import django.core.validators
import django.db.models.deletion
import django.db.models.functions.text
import simple_history.models
import tournaments.models.tournament
import uuid
from django.conf import settings
from django.db import migrations, models

roles = importlib.import_module("tournaments.migrations.0003_roles")


class Migration(migrations.Migration):
    initial = True

    replaces = [
        ("tournaments", "0001_initial"),
        ("tournaments", "0002_official_results"),
        ("tournaments", "0003_roles"),
        ("tournaments", "0004_audit_people_and_settings"),
        ("tournaments", "0005_jobs"),
        ("tournaments", "0006_job_heartbeat"),
        ("tournaments", "0007_user_language"),
        ("tournaments", "0008_alter_appeal_filed_by_alter_appeal_hand_and_more"),
        ("tournaments", "0009_official_results_under_the_rules"),
        ("tournaments", "0010_recompute_results_under_the_rules"),
        ("tournaments", "0011_registration_corrections"),
        ("tournaments", "0012_system_texts_as_codes"),
    ]

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.CreateModel(
            name="Table",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("number", models.PositiveSmallIntegerField(verbose_name="number")),
                ("group", models.CharField(blank=True, max_length=20, verbose_name="group")),
            ],
            options={
                "verbose_name": "table",
                "verbose_name_plural": "tables",
                "ordering": ["tournament", "number"],
            },
        ),
        migrations.CreateModel(
            name="Tournament",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("name", models.CharField(max_length=200, verbose_name="name")),
                ("slug", models.SlugField(max_length=80, unique=True, verbose_name="slug")),
                ("start_date", models.DateField(blank=True, null=True, verbose_name="start date")),
                ("end_date", models.DateField(blank=True, null=True, verbose_name="end date")),
                ("venue", models.CharField(blank=True, max_length=200, verbose_name="venue")),
                (
                    "format",
                    models.CharField(
                        choices=[
                            ("round_robin", "Round robin"),
                            ("elimination", "Elimination"),
                            ("mixed", "Mixed"),
                        ],
                        default="round_robin",
                        max_length=20,
                        verbose_name="format",
                    ),
                ),
                (
                    "sessions_planned",
                    models.PositiveSmallIntegerField(
                        default=8,
                        help_text="A tournament has at least six sessions (rule 3.5.4).",
                        validators=[django.core.validators.MinValueValidator(6)],
                        verbose_name="number of sessions",
                    ),
                ),
                (
                    "session_minutes",
                    models.PositiveSmallIntegerField(
                        default=150,
                        help_text="At most 150 minutes (rule 3.5.6).",
                        validators=[
                            django.core.validators.MinValueValidator(1),
                            django.core.validators.MaxValueValidator(150),
                        ],
                        verbose_name="session length (minutes)",
                    ),
                ),
                (
                    "tie_rule",
                    models.CharField(
                        choices=[
                            ("share", "Equal scores share the table points of their places"),
                            ("highest", "Equal scores all take the best place's table points"),
                        ],
                        default="share",
                        max_length=10,
                        verbose_name="table-point tie rule",
                    ),
                ),
                (
                    "tie_breaks",
                    models.JSONField(
                        blank=True,
                        default=tournaments.models.tournament.default_tie_breaks,
                        help_text="Applied in order after table points and contest points.",
                        verbose_name="further tie-breaks",
                    ),
                ),
                (
                    "entry_mode",
                    models.CharField(
                        choices=[
                            ("tiles", "Tiles of every winning hand"),
                            ("points", "Points only (winner, discarder, points)"),
                        ],
                        default="tiles",
                        max_length=10,
                        verbose_name="hand entry",
                    ),
                ),
                (
                    "appeal_fee",
                    models.DecimalField(
                        decimal_places=2, default=200, max_digits=9, verbose_name="appeal fee"
                    ),
                ),
                (
                    "appeal_currency",
                    models.CharField(
                        default="USD", max_length=3, verbose_name="appeal fee currency"
                    ),
                ),
                (
                    "qualifying_sessions",
                    models.PositiveSmallIntegerField(
                        blank=True,
                        help_text="Elimination or mixed format: sessions before the seeded final stage.",
                        null=True,
                        verbose_name="qualifying sessions",
                    ),
                ),
                (
                    "finalists",
                    models.PositiveSmallIntegerField(
                        blank=True, null=True, verbose_name="players advancing"
                    ),
                ),
                (
                    "carry_over_points",
                    models.BooleanField(
                        default=True, verbose_name="points carry over into the final stage"
                    ),
                ),
                (
                    "forfeit_contest_points",
                    models.IntegerField(
                        default=0,
                        help_text="What a player who lost a session (rule 3.11.2) scores for it; his table points are 0.",
                        verbose_name="contest points of a forfeited session",
                    ),
                ),
                (
                    "team_counts_disqualified",
                    models.BooleanField(
                        default=False,
                        help_text="Off: his team's totals leave out a disqualified player (rule 3.11.5).",
                        verbose_name="a disqualified player's points count for his team",
                    ),
                ),
                (
                    "oath_required",
                    models.BooleanField(
                        default=True,
                        help_text="Lots are drawn only for players who took the oath (Appendix 2).",
                        verbose_name="Player's Oath required before the lots",
                    ),
                ),
                (
                    "lots_seed",
                    models.CharField(
                        blank=True, max_length=64, verbose_name="seed of the drawing of lots"
                    ),
                ),
                (
                    "seating_seed",
                    models.CharField(
                        blank=True, max_length=64, verbose_name="seed of the seating chart"
                    ),
                ),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("registration", "Registration"),
                            ("seated", "Seating drawn"),
                            ("running", "Running"),
                            ("finished", "Finished"),
                        ],
                        default="registration",
                        max_length=20,
                        verbose_name="status",
                    ),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True, verbose_name="created at")),
            ],
            options={
                "verbose_name": "tournament",
                "verbose_name_plural": "tournaments",
                "ordering": ["-start_date", "name"],
            },
        ),
        migrations.CreateModel(
            name="Appeal",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "filed_as_captain",
                    models.BooleanField(default=False, verbose_name="filed by the team's captain"),
                ),
                ("filed_at", models.DateTimeField(verbose_name="filed at")),
                (
                    "subject",
                    models.CharField(
                        choices=[
                            ("hand", "A hand"),
                            ("penalty", "A penalty"),
                            ("result", "A session result"),
                            ("other", "Another ruling (described)"),
                        ],
                        max_length=10,
                        verbose_name="against",
                    ),
                ),
                ("statement", models.TextField(verbose_name="statement")),
                (
                    "confirmed_by_filer",
                    models.BooleanField(verbose_name="confirmed in writing by the filer"),
                ),
                (
                    "fee_amount",
                    models.DecimalField(decimal_places=2, max_digits=9, verbose_name="fee"),
                ),
                ("fee_currency", models.CharField(max_length=3, verbose_name="currency")),
                (
                    "fee_status",
                    models.CharField(
                        choices=[
                            ("held", "Held"),
                            ("returned", "Returned (appeal upheld)"),
                            ("forfeited", "Forfeited"),
                        ],
                        default="held",
                        max_length=10,
                        verbose_name="fee",
                    ),
                ),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("filed", "Filed"),
                            ("review", "Under review"),
                            ("upheld", "Upheld"),
                            ("rejected", "Rejected"),
                            ("withdrawn", "Withdrawn"),
                        ],
                        default="filed",
                        max_length=10,
                        verbose_name="status",
                    ),
                ),
                ("ruling", models.TextField(blank=True, verbose_name="ruling")),
                ("reasons", models.TextField(blank=True, verbose_name="reasons")),
                ("ruled_at", models.DateTimeField(blank=True, null=True, verbose_name="ruled at")),
                (
                    "filed_by",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="filed by",
                    ),
                ),
                (
                    "ruled_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="ruled by",
                    ),
                ),
            ],
            options={
                "verbose_name": "appeal",
                "verbose_name_plural": "appeals",
                "ordering": ["-filed_at", "pk"],
            },
        ),
        migrations.CreateModel(
            name="Correction",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("hand", "Hand replaced"),
                            ("hand_removed", "Hand removed"),
                            ("penalty", "Penalty added"),
                            ("penalty_void", "Penalty voided"),
                            ("seat", "Seats changed"),
                            ("check_in", "Check-in changed"),
                        ],
                        max_length=16,
                        verbose_name="kind",
                    ),
                ),
                ("reason", models.TextField(verbose_name="reason")),
                ("before", models.JSONField(default=dict, verbose_name="before")),
                ("after", models.JSONField(default=dict, verbose_name="after")),
                ("made_at", models.DateTimeField(auto_now_add=True, verbose_name="made at")),
                (
                    "appeal",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="tournaments.appeal",
                        verbose_name="appeal it applies",
                    ),
                ),
                (
                    "made_by",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="made by",
                    ),
                ),
            ],
            options={
                "verbose_name": "correction",
                "verbose_name_plural": "corrections",
                "ordering": ["made_at", "pk"],
            },
        ),
        migrations.AddField(
            model_name="appeal",
            name="correction",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to="tournaments.correction",
                verbose_name="correction made on the ruling",
            ),
        ),
        migrations.CreateModel(
            name="Hand",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "number",
                    models.PositiveSmallIntegerField(
                        validators=[
                            django.core.validators.MinValueValidator(1),
                            django.core.validators.MaxValueValidator(16),
                        ],
                        verbose_name="hand number",
                    ),
                ),
                (
                    "prevalent_wind",
                    models.CharField(
                        choices=[("E", "East"), ("S", "South"), ("W", "West"), ("N", "North")],
                        max_length=1,
                        verbose_name="prevalent wind",
                    ),
                ),
                (
                    "dealer_position",
                    models.CharField(
                        choices=[("A", "A"), ("B", "B"), ("C", "C"), ("D", "D")],
                        max_length=1,
                        verbose_name="dealer",
                    ),
                ),
                (
                    "outcome",
                    models.CharField(
                        choices=[
                            ("win", "Win"),
                            ("draw", "Draw (wall exhausted)"),
                            ("time", "Stopped by the time limit"),
                        ],
                        max_length=4,
                        verbose_name="outcome",
                    ),
                ),
                (
                    "winner_position",
                    models.CharField(
                        blank=True,
                        choices=[("A", "A"), ("B", "B"), ("C", "C"), ("D", "D")],
                        max_length=1,
                        verbose_name="winner",
                    ),
                ),
                (
                    "discarder_position",
                    models.CharField(
                        blank=True,
                        choices=[("A", "A"), ("B", "B"), ("C", "C"), ("D", "D")],
                        help_text="Empty when the winner drew the tile himself.",
                        max_length=1,
                        verbose_name="discarder",
                    ),
                ),
                (
                    "tiles",
                    models.JSONField(blank=True, null=True, verbose_name="hand (shared format)"),
                ),
                ("fans", models.JSONField(blank=True, default=list, verbose_name="fans")),
                (
                    "points",
                    models.PositiveSmallIntegerField(
                        default=0, verbose_name="points without flowers"
                    ),
                ),
                ("flowers", models.PositiveSmallIntegerField(default=0, verbose_name="flowers")),
                ("entered_at", models.DateTimeField(auto_now_add=True, verbose_name="entered at")),
                (
                    "entered_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="entered by",
                    ),
                ),
            ],
            options={
                "verbose_name": "hand",
                "verbose_name_plural": "hands",
                "ordering": ["table_session", "number"],
            },
        ),
        migrations.AddField(
            model_name="appeal",
            name="hand",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to="tournaments.hand",
                verbose_name="hand",
            ),
        ),
        migrations.CreateModel(
            name="HistoricalTournament",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                ("name", models.CharField(max_length=200, verbose_name="name")),
                ("slug", models.SlugField(max_length=80, verbose_name="slug")),
                ("start_date", models.DateField(blank=True, null=True, verbose_name="start date")),
                ("end_date", models.DateField(blank=True, null=True, verbose_name="end date")),
                ("venue", models.CharField(blank=True, max_length=200, verbose_name="venue")),
                (
                    "format",
                    models.CharField(
                        choices=[
                            ("round_robin", "Round robin"),
                            ("elimination", "Elimination"),
                            ("mixed", "Mixed"),
                        ],
                        default="round_robin",
                        max_length=20,
                        verbose_name="format",
                    ),
                ),
                (
                    "sessions_planned",
                    models.PositiveSmallIntegerField(
                        default=8,
                        help_text="A tournament has at least six sessions (rule 3.5.4).",
                        validators=[django.core.validators.MinValueValidator(6)],
                        verbose_name="number of sessions",
                    ),
                ),
                (
                    "session_minutes",
                    models.PositiveSmallIntegerField(
                        default=150,
                        help_text="At most 150 minutes (rule 3.5.6).",
                        validators=[
                            django.core.validators.MinValueValidator(1),
                            django.core.validators.MaxValueValidator(150),
                        ],
                        verbose_name="session length (minutes)",
                    ),
                ),
                (
                    "tie_rule",
                    models.CharField(
                        choices=[
                            ("share", "Equal scores share the table points of their places"),
                            ("highest", "Equal scores all take the best place's table points"),
                        ],
                        default="share",
                        max_length=10,
                        verbose_name="table-point tie rule",
                    ),
                ),
                (
                    "tie_breaks",
                    models.JSONField(
                        blank=True,
                        default=tournaments.models.tournament.default_tie_breaks,
                        help_text="Applied in order after table points and contest points.",
                        verbose_name="further tie-breaks",
                    ),
                ),
                (
                    "entry_mode",
                    models.CharField(
                        choices=[
                            ("tiles", "Tiles of every winning hand"),
                            ("points", "Points only (winner, discarder, points)"),
                        ],
                        default="tiles",
                        max_length=10,
                        verbose_name="hand entry",
                    ),
                ),
                (
                    "appeal_fee",
                    models.DecimalField(
                        decimal_places=2, default=200, max_digits=9, verbose_name="appeal fee"
                    ),
                ),
                (
                    "appeal_currency",
                    models.CharField(
                        default="USD", max_length=3, verbose_name="appeal fee currency"
                    ),
                ),
                (
                    "qualifying_sessions",
                    models.PositiveSmallIntegerField(
                        blank=True,
                        help_text="Elimination or mixed format: sessions before the seeded final stage.",
                        null=True,
                        verbose_name="qualifying sessions",
                    ),
                ),
                (
                    "finalists",
                    models.PositiveSmallIntegerField(
                        blank=True, null=True, verbose_name="players advancing"
                    ),
                ),
                (
                    "carry_over_points",
                    models.BooleanField(
                        default=True, verbose_name="points carry over into the final stage"
                    ),
                ),
                (
                    "forfeit_contest_points",
                    models.IntegerField(
                        default=0,
                        help_text="What a player who lost a session (rule 3.11.2) scores for it; his table points are 0.",
                        verbose_name="contest points of a forfeited session",
                    ),
                ),
                (
                    "team_counts_disqualified",
                    models.BooleanField(
                        default=False,
                        help_text="Off: his team's totals leave out a disqualified player (rule 3.11.5).",
                        verbose_name="a disqualified player's points count for his team",
                    ),
                ),
                (
                    "oath_required",
                    models.BooleanField(
                        default=True,
                        help_text="Lots are drawn only for players who took the oath (Appendix 2).",
                        verbose_name="Player's Oath required before the lots",
                    ),
                ),
                (
                    "lots_seed",
                    models.CharField(
                        blank=True, max_length=64, verbose_name="seed of the drawing of lots"
                    ),
                ),
                (
                    "seating_seed",
                    models.CharField(
                        blank=True, max_length=64, verbose_name="seed of the seating chart"
                    ),
                ),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("registration", "Registration"),
                            ("seated", "Seating drawn"),
                            ("running", "Running"),
                            ("finished", "Finished"),
                        ],
                        default="registration",
                        max_length=20,
                        verbose_name="status",
                    ),
                ),
                (
                    "created_at",
                    models.DateTimeField(blank=True, editable=False, verbose_name="created at"),
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
                    "history_user",
                    models.ForeignKey(
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "verbose_name": "historical tournament",
                "verbose_name_plural": "historical tournaments",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="Penalty",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("warning", "Warning"),
                            ("deduction", "Points deducted (to nobody)"),
                            ("repeated_foul", "Repeated foul (paid to each other player)"),
                            ("false_hu", "False Hu (dead hand)"),
                            ("exposed_hand", "Exposed hand (30 to each other player)"),
                            ("revealed_tile", "Revealed another player's tile (paid to him)"),
                            ("dead_hand", "Dead hand (loses the right to win this hand)"),
                            ("late", "Late arrival"),
                        ],
                        max_length=16,
                        verbose_name="kind",
                    ),
                ),
                (
                    "foul",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("changed_claim", "Changed his mind about a claim (3.11.6.3)"),
                            ("touched_wall", "Touched the wall out of turn (3.11.6.4)"),
                            ("late_pung", "Claimed a Pung late (3.11.6.5)"),
                        ],
                        max_length=16,
                        verbose_name="repeated foul",
                    ),
                ),
                (
                    "occurrence",
                    models.PositiveSmallIntegerField(
                        blank=True, null=True, verbose_name="occurrence of this foul"
                    ),
                ),
                ("amount", models.PositiveSmallIntegerField(default=0, verbose_name="points")),
                (
                    "invalid_claim",
                    models.BooleanField(default=False, verbose_name="invalid claim on a discard"),
                ),
                (
                    "minutes_late",
                    models.PositiveIntegerField(blank=True, null=True, verbose_name="minutes late"),
                ),
                ("forfeited", models.BooleanField(default=False, verbose_name="session lost")),
                ("dead_hand", models.BooleanField(default=False, verbose_name="dead hand")),
                (
                    "hand_number",
                    models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="hand"),
                ),
                ("reason", models.CharField(max_length=300, verbose_name="nature of the foul")),
                ("remarks", models.TextField(blank=True, verbose_name="remarks")),
                (
                    "deltas",
                    models.JSONField(default=dict, verbose_name="score change per position"),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(auto_now_add=True, verbose_name="recorded at"),
                ),
                (
                    "voided_at",
                    models.DateTimeField(blank=True, null=True, verbose_name="voided at"),
                ),
                (
                    "void_reason",
                    models.CharField(blank=True, max_length=300, verbose_name="why it was voided"),
                ),
                (
                    "recorded_by",
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
                    "voided_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="voided by",
                    ),
                ),
            ],
            options={
                "verbose_name": "penalty",
                "verbose_name_plural": "penalties",
                "ordering": ["table_session", "recorded_at", "pk"],
            },
        ),
        migrations.AddField(
            model_name="appeal",
            name="penalty",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to="tournaments.penalty",
                verbose_name="penalty",
            ),
        ),
        migrations.CreateModel(
            name="Player",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("name", models.CharField(max_length=120, verbose_name="name")),
                (
                    "native_name",
                    models.CharField(
                        blank=True, max_length=120, verbose_name="name in native script"
                    ),
                ),
                ("country", models.CharField(blank=True, max_length=80, verbose_name="country")),
                ("club", models.CharField(blank=True, max_length=120, verbose_name="club")),
                (
                    "registration_number",
                    models.PositiveIntegerField(verbose_name="registration number"),
                ),
                (
                    "lot_number",
                    models.PositiveIntegerField(
                        blank=True, null=True, verbose_name="player number (lot)"
                    ),
                ),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("active", "Active"),
                            ("withdrawn", "Withdrawn"),
                            ("substitute", "Substitute"),
                            ("disqualified", "Disqualified"),
                        ],
                        default="active",
                        max_length=12,
                        verbose_name="status",
                    ),
                ),
                (
                    "oath_accepted_at",
                    models.DateTimeField(
                        blank=True, null=True, verbose_name="Player's Oath accepted at (Appendix 2)"
                    ),
                ),
                (
                    "lot_drawn_by",
                    models.CharField(
                        blank=True,
                        help_text="Who drew the lot for an absent player (rule 3.5.1); empty if he drew it.",
                        max_length=120,
                        verbose_name="lot drawn on his behalf by",
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="user",
                    ),
                ),
            ],
            options={
                "verbose_name": "player",
                "verbose_name_plural": "players",
                "ordering": ["lot_number", "registration_number"],
            },
        ),
        migrations.AddField(
            model_name="penalty",
            name="player",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.RESTRICT,
                related_name="penalties",
                to="tournaments.player",
                verbose_name="player",
            ),
        ),
        migrations.AddField(
            model_name="penalty",
            name="victim",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.RESTRICT,
                related_name="+",
                to="tournaments.player",
                verbose_name="player whose tile was revealed",
            ),
        ),
        migrations.AddField(
            model_name="appeal",
            name="player",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT,
                related_name="appeals",
                to="tournaments.player",
                verbose_name="player concerned",
            ),
        ),
        migrations.CreateModel(
            name="Session",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("number", models.PositiveSmallIntegerField(verbose_name="number")),
                (
                    "stage",
                    models.CharField(
                        choices=[("qualifying", "Qualifying"), ("final", "Final stage")],
                        default="qualifying",
                        max_length=12,
                        verbose_name="stage",
                    ),
                ),
                ("group", models.CharField(blank=True, max_length=20, verbose_name="group")),
                (
                    "scheduled_start",
                    models.DateTimeField(blank=True, null=True, verbose_name="scheduled start"),
                ),
                (
                    "scheduled_end",
                    models.DateTimeField(blank=True, null=True, verbose_name="scheduled end"),
                ),
                (
                    "actual_start",
                    models.DateTimeField(blank=True, null=True, verbose_name="actual start"),
                ),
                (
                    "actual_end",
                    models.DateTimeField(blank=True, null=True, verbose_name="actual end"),
                ),
                (
                    "ended_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="ended by",
                    ),
                ),
                (
                    "started_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="started by",
                    ),
                ),
                (
                    "tournament",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="sessions",
                        to="tournaments.tournament",
                        verbose_name="tournament",
                    ),
                ),
            ],
            options={
                "verbose_name": "session",
                "verbose_name_plural": "sessions",
                "ordering": ["tournament", "number"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("tournament", "number"), name="unique_session_number"
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            ("scheduled_end__isnull", True),
                            ("scheduled_start__isnull", True),
                            ("scheduled_end__gte", models.F("scheduled_start")),
                            _connector="OR",
                        ),
                        name="session_scheduled_end_after_start",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            ("actual_end__isnull", True),
                            models.Q(
                                ("actual_end__gte", models.F("actual_start")),
                                ("actual_start__isnull", False),
                            ),
                            _connector="OR",
                        ),
                        name="session_ends_after_it_starts",
                    ),
                ],
            },
        ),
        migrations.CreateModel(
            name="HistoricalSanction",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("warning", "Warning"),
                            ("disqualification", "Disqualification"),
                            ("loss_of_rank", "Loss of rank"),
                            ("exclusion", "Exclusion from later competitions"),
                            ("criticism", "Public criticism"),
                        ],
                        max_length=20,
                        verbose_name="sanction",
                    ),
                ),
                ("reason", models.TextField(verbose_name="reason")),
                (
                    "decided_at",
                    models.DateTimeField(blank=True, editable=False, verbose_name="decided at"),
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
                        verbose_name="decided by",
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
                    "player",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="tournaments.player",
                        verbose_name="player",
                    ),
                ),
                (
                    "session",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="tournaments.session",
                        verbose_name="session",
                    ),
                ),
            ],
            options={
                "verbose_name": "historical sanction",
                "verbose_name_plural": "historical sanctions",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalCheckIn",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "arrived_at",
                    models.DateTimeField(blank=True, null=True, verbose_name="arrived at"),
                ),
                (
                    "absent",
                    models.BooleanField(default=False, verbose_name="absent (did not come)"),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(blank=True, editable=False, verbose_name="recorded at"),
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
                    "history_user",
                    models.ForeignKey(
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "recorded_by",
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
                    "player",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="tournaments.player",
                        verbose_name="player",
                    ),
                ),
                (
                    "session",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="tournaments.session",
                        verbose_name="session",
                    ),
                ),
            ],
            options={
                "verbose_name": "historical check-in",
                "verbose_name_plural": "historical check-ins",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.AddField(
            model_name="appeal",
            name="session",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT,
                related_name="appeals",
                to="tournaments.session",
                verbose_name="session",
            ),
        ),
        migrations.CreateModel(
            name="HistoricalTableSession",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("open", "Open"),
                            ("complete", "Complete"),
                            ("signed", "Signed by the umpire"),
                            ("final", "Final (countersigned)"),
                        ],
                        default="open",
                        max_length=10,
                        verbose_name="status",
                    ),
                ),
                (
                    "closed_by",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("all_hands", "16 hands played"),
                            ("time_limit", "Time-limit stop (3.5.6)"),
                            ("session_end", "The session ended"),
                        ],
                        max_length=12,
                        verbose_name="closed by",
                    ),
                ),
                (
                    "umpire_signed_at",
                    models.DateTimeField(blank=True, null=True, verbose_name="umpire signed at"),
                ),
                (
                    "countersigned_at",
                    models.DateTimeField(blank=True, null=True, verbose_name="countersigned at"),
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
                    "countersigned_by",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="countersigned by the chief umpire",
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
                    "umpire",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="umpire",
                    ),
                ),
                (
                    "umpire_signed_by",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="signed by the umpire",
                    ),
                ),
                (
                    "session",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="tournaments.session",
                        verbose_name="session",
                    ),
                ),
                (
                    "table",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="tournaments.table",
                        verbose_name="table",
                    ),
                ),
            ],
            options={
                "verbose_name": "historical score sheet",
                "verbose_name_plural": "historical score sheets",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="TableSession",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("open", "Open"),
                            ("complete", "Complete"),
                            ("signed", "Signed by the umpire"),
                            ("final", "Final (countersigned)"),
                        ],
                        default="open",
                        max_length=10,
                        verbose_name="status",
                    ),
                ),
                (
                    "closed_by",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("all_hands", "16 hands played"),
                            ("time_limit", "Time-limit stop (3.5.6)"),
                            ("session_end", "The session ended"),
                        ],
                        max_length=12,
                        verbose_name="closed by",
                    ),
                ),
                ("version", models.PositiveIntegerField(default=0, verbose_name="version")),
                (
                    "umpire_signed_at",
                    models.DateTimeField(blank=True, null=True, verbose_name="umpire signed at"),
                ),
                (
                    "countersigned_at",
                    models.DateTimeField(blank=True, null=True, verbose_name="countersigned at"),
                ),
                (
                    "countersigned_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="countersigned by the chief umpire",
                    ),
                ),
                (
                    "session",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="table_sessions",
                        to="tournaments.session",
                        verbose_name="session",
                    ),
                ),
                (
                    "table",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="table_sessions",
                        to="tournaments.table",
                        verbose_name="table",
                    ),
                ),
                (
                    "umpire",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="umpired_tables",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="umpire",
                    ),
                ),
                (
                    "umpire_signed_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="signed by the umpire",
                    ),
                ),
            ],
            options={
                "verbose_name": "score sheet",
                "verbose_name_plural": "score sheets",
                "ordering": ["session__number", "table__number"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("session", "table"), name="unique_table_in_session"
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            models.Q(
                                ("status__in", ["open", "complete"]),
                                ("umpire_signed_at__isnull", True),
                            ),
                            models.Q(
                                ("status__in", ["signed", "final"]),
                                ("umpire_signed_at__isnull", False),
                            ),
                            _connector="OR",
                        ),
                        name="sheet_signed_iff_umpire_signature",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            models.Q(("countersigned_at__isnull", False), ("status", "final")),
                            models.Q(
                                models.Q(("status", "final"), _negated=True),
                                ("countersigned_at__isnull", True),
                            ),
                            _connector="OR",
                        ),
                        name="sheet_final_iff_countersigned",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            models.Q(("closed_by", ""), ("status", "open")),
                            models.Q(
                                models.Q(("status", "open"), _negated=True),
                                models.Q(("closed_by", ""), _negated=True),
                            ),
                            _connector="OR",
                        ),
                        name="sheet_closed_with_a_cause",
                    ),
                ],
            },
        ),
        migrations.CreateModel(
            name="SheetConfirmation",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("confirmed_at", models.DateTimeField(verbose_name="confirmed at")),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.RESTRICT,
                        related_name="sheet_confirmations",
                        to="tournaments.player",
                        verbose_name="player",
                    ),
                ),
                (
                    "recorded_by",
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
                    "table_session",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="confirmations",
                        to="tournaments.tablesession",
                        verbose_name="table session",
                    ),
                ),
            ],
            options={
                "verbose_name": "player's confirmation",
                "verbose_name_plural": "players' confirmations",
                "ordering": ["table_session", "confirmed_at"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("table_session", "player"), name="one_confirmation_per_player"
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="SessionResult",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "position",
                    models.CharField(
                        choices=[("A", "A"), ("B", "B"), ("C", "C"), ("D", "D")],
                        max_length=1,
                        verbose_name="position",
                    ),
                ),
                ("score", models.IntegerField(verbose_name="score")),
                ("rank", models.PositiveSmallIntegerField(verbose_name="rank")),
                (
                    "table_points_12",
                    models.PositiveSmallIntegerField(verbose_name="table points (twelfths)"),
                ),
                (
                    "forfeited",
                    models.BooleanField(default=False, verbose_name="session lost (rule 3.11.2)"),
                ),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.RESTRICT,
                        related_name="session_results",
                        to="tournaments.player",
                        verbose_name="player",
                    ),
                ),
                (
                    "session",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="results",
                        to="tournaments.session",
                        verbose_name="session",
                    ),
                ),
                (
                    "table_session",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="results",
                        to="tournaments.tablesession",
                        verbose_name="table session",
                    ),
                ),
            ],
            options={
                "verbose_name": "session result",
                "verbose_name_plural": "session results",
                "constraints": [
                    models.UniqueConstraint(
                        fields=("session", "player"), name="one_result_per_session"
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            ("rank__gte", 1), ("rank__lte", 4), ("table_points_12__lte", 48)
                        ),
                        name="result_rank_and_table_points_in_range",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            ("forfeited", False), ("table_points_12", 0), _connector="OR"
                        ),
                        name="result_forfeit_scores_no_table_points",
                    ),
                ],
            },
        ),
        migrations.CreateModel(
            name="Seat",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "position",
                    models.CharField(
                        choices=[("A", "A"), ("B", "B"), ("C", "C"), ("D", "D")],
                        max_length=1,
                        verbose_name="position",
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.RESTRICT,
                        related_name="seats",
                        to="tournaments.player",
                        verbose_name="player",
                    ),
                ),
                (
                    "replaced_player",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.RESTRICT,
                        related_name="+",
                        to="tournaments.player",
                        verbose_name="replaced player (lost the session)",
                    ),
                ),
                (
                    "session",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="seats",
                        to="tournaments.session",
                        verbose_name="session",
                    ),
                ),
                (
                    "table_session",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="seats",
                        to="tournaments.tablesession",
                        verbose_name="table session",
                    ),
                ),
            ],
            options={
                "verbose_name": "seat",
                "verbose_name_plural": "seats",
                "ordering": ["table_session", "position"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("table_session", "position"), name="unique_position_at_table"
                    ),
                    models.UniqueConstraint(
                        fields=("session", "player"), name="one_seat_per_session"
                    ),
                ],
            },
        ),
        migrations.AddField(
            model_name="penalty",
            name="table_session",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT,
                related_name="penalties",
                to="tournaments.tablesession",
                verbose_name="table session",
            ),
        ),
        migrations.CreateModel(
            name="HistoricalSheetConfirmation",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                ("confirmed_at", models.DateTimeField(verbose_name="confirmed at")),
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
                    "history_user",
                    models.ForeignKey(
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "recorded_by",
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
                    "player",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="tournaments.player",
                        verbose_name="player",
                    ),
                ),
                (
                    "table_session",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="tournaments.tablesession",
                        verbose_name="table session",
                    ),
                ),
            ],
            options={
                "verbose_name": "historical player's confirmation",
                "verbose_name_plural": "historical players' confirmations",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalSessionResult",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "position",
                    models.CharField(
                        choices=[("A", "A"), ("B", "B"), ("C", "C"), ("D", "D")],
                        max_length=1,
                        verbose_name="position",
                    ),
                ),
                ("score", models.IntegerField(verbose_name="score")),
                ("rank", models.PositiveSmallIntegerField(verbose_name="rank")),
                (
                    "table_points_12",
                    models.PositiveSmallIntegerField(verbose_name="table points (twelfths)"),
                ),
                (
                    "forfeited",
                    models.BooleanField(default=False, verbose_name="session lost (rule 3.11.2)"),
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
                    "history_user",
                    models.ForeignKey(
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="tournaments.player",
                        verbose_name="player",
                    ),
                ),
                (
                    "session",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="tournaments.session",
                        verbose_name="session",
                    ),
                ),
                (
                    "table_session",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="tournaments.tablesession",
                        verbose_name="table session",
                    ),
                ),
            ],
            options={
                "verbose_name": "historical session result",
                "verbose_name_plural": "historical session results",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalSeat",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "position",
                    models.CharField(
                        choices=[("A", "A"), ("B", "B"), ("C", "C"), ("D", "D")],
                        max_length=1,
                        verbose_name="position",
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
                    "history_user",
                    models.ForeignKey(
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="tournaments.player",
                        verbose_name="player",
                    ),
                ),
                (
                    "replaced_player",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="tournaments.player",
                        verbose_name="replaced player (lost the session)",
                    ),
                ),
                (
                    "session",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="tournaments.session",
                        verbose_name="session",
                    ),
                ),
                (
                    "table_session",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="tournaments.tablesession",
                        verbose_name="table session",
                    ),
                ),
            ],
            options={
                "verbose_name": "historical seat",
                "verbose_name_plural": "historical seats",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalPenalty",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("warning", "Warning"),
                            ("deduction", "Points deducted (to nobody)"),
                            ("repeated_foul", "Repeated foul (paid to each other player)"),
                            ("false_hu", "False Hu (dead hand)"),
                            ("exposed_hand", "Exposed hand (30 to each other player)"),
                            ("revealed_tile", "Revealed another player's tile (paid to him)"),
                            ("dead_hand", "Dead hand (loses the right to win this hand)"),
                            ("late", "Late arrival"),
                        ],
                        max_length=16,
                        verbose_name="kind",
                    ),
                ),
                (
                    "foul",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("changed_claim", "Changed his mind about a claim (3.11.6.3)"),
                            ("touched_wall", "Touched the wall out of turn (3.11.6.4)"),
                            ("late_pung", "Claimed a Pung late (3.11.6.5)"),
                        ],
                        max_length=16,
                        verbose_name="repeated foul",
                    ),
                ),
                (
                    "occurrence",
                    models.PositiveSmallIntegerField(
                        blank=True, null=True, verbose_name="occurrence of this foul"
                    ),
                ),
                ("amount", models.PositiveSmallIntegerField(default=0, verbose_name="points")),
                (
                    "invalid_claim",
                    models.BooleanField(default=False, verbose_name="invalid claim on a discard"),
                ),
                (
                    "minutes_late",
                    models.PositiveIntegerField(blank=True, null=True, verbose_name="minutes late"),
                ),
                ("forfeited", models.BooleanField(default=False, verbose_name="session lost")),
                ("dead_hand", models.BooleanField(default=False, verbose_name="dead hand")),
                (
                    "hand_number",
                    models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="hand"),
                ),
                ("reason", models.CharField(max_length=300, verbose_name="nature of the foul")),
                ("remarks", models.TextField(blank=True, verbose_name="remarks")),
                (
                    "deltas",
                    models.JSONField(default=dict, verbose_name="score change per position"),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(blank=True, editable=False, verbose_name="recorded at"),
                ),
                (
                    "voided_at",
                    models.DateTimeField(blank=True, null=True, verbose_name="voided at"),
                ),
                (
                    "void_reason",
                    models.CharField(blank=True, max_length=300, verbose_name="why it was voided"),
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
                    "history_user",
                    models.ForeignKey(
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "recorded_by",
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
                    "voided_by",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="voided by",
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="tournaments.player",
                        verbose_name="player",
                    ),
                ),
                (
                    "victim",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="tournaments.player",
                        verbose_name="player whose tile was revealed",
                    ),
                ),
                (
                    "table_session",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="tournaments.tablesession",
                        verbose_name="table session",
                    ),
                ),
            ],
            options={
                "verbose_name": "historical penalty",
                "verbose_name_plural": "historical penalties",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalHand",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "number",
                    models.PositiveSmallIntegerField(
                        validators=[
                            django.core.validators.MinValueValidator(1),
                            django.core.validators.MaxValueValidator(16),
                        ],
                        verbose_name="hand number",
                    ),
                ),
                (
                    "prevalent_wind",
                    models.CharField(
                        choices=[("E", "East"), ("S", "South"), ("W", "West"), ("N", "North")],
                        max_length=1,
                        verbose_name="prevalent wind",
                    ),
                ),
                (
                    "dealer_position",
                    models.CharField(
                        choices=[("A", "A"), ("B", "B"), ("C", "C"), ("D", "D")],
                        max_length=1,
                        verbose_name="dealer",
                    ),
                ),
                (
                    "outcome",
                    models.CharField(
                        choices=[
                            ("win", "Win"),
                            ("draw", "Draw (wall exhausted)"),
                            ("time", "Stopped by the time limit"),
                        ],
                        max_length=4,
                        verbose_name="outcome",
                    ),
                ),
                (
                    "winner_position",
                    models.CharField(
                        blank=True,
                        choices=[("A", "A"), ("B", "B"), ("C", "C"), ("D", "D")],
                        max_length=1,
                        verbose_name="winner",
                    ),
                ),
                (
                    "discarder_position",
                    models.CharField(
                        blank=True,
                        choices=[("A", "A"), ("B", "B"), ("C", "C"), ("D", "D")],
                        help_text="Empty when the winner drew the tile himself.",
                        max_length=1,
                        verbose_name="discarder",
                    ),
                ),
                (
                    "tiles",
                    models.JSONField(blank=True, null=True, verbose_name="hand (shared format)"),
                ),
                ("fans", models.JSONField(blank=True, default=list, verbose_name="fans")),
                (
                    "points",
                    models.PositiveSmallIntegerField(
                        default=0, verbose_name="points without flowers"
                    ),
                ),
                ("flowers", models.PositiveSmallIntegerField(default=0, verbose_name="flowers")),
                (
                    "entered_at",
                    models.DateTimeField(blank=True, editable=False, verbose_name="entered at"),
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
                    "entered_by",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="entered by",
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
                    "table_session",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="tournaments.tablesession",
                        verbose_name="table session",
                    ),
                ),
            ],
            options={
                "verbose_name": "historical hand",
                "verbose_name_plural": "historical hands",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalAppeal",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "filed_as_captain",
                    models.BooleanField(default=False, verbose_name="filed by the team's captain"),
                ),
                ("filed_at", models.DateTimeField(verbose_name="filed at")),
                (
                    "subject",
                    models.CharField(
                        choices=[
                            ("hand", "A hand"),
                            ("penalty", "A penalty"),
                            ("result", "A session result"),
                            ("other", "Another ruling (described)"),
                        ],
                        max_length=10,
                        verbose_name="against",
                    ),
                ),
                ("statement", models.TextField(verbose_name="statement")),
                (
                    "confirmed_by_filer",
                    models.BooleanField(verbose_name="confirmed in writing by the filer"),
                ),
                (
                    "fee_amount",
                    models.DecimalField(decimal_places=2, max_digits=9, verbose_name="fee"),
                ),
                ("fee_currency", models.CharField(max_length=3, verbose_name="currency")),
                (
                    "fee_status",
                    models.CharField(
                        choices=[
                            ("held", "Held"),
                            ("returned", "Returned (appeal upheld)"),
                            ("forfeited", "Forfeited"),
                        ],
                        default="held",
                        max_length=10,
                        verbose_name="fee",
                    ),
                ),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("filed", "Filed"),
                            ("review", "Under review"),
                            ("upheld", "Upheld"),
                            ("rejected", "Rejected"),
                            ("withdrawn", "Withdrawn"),
                        ],
                        default="filed",
                        max_length=10,
                        verbose_name="status",
                    ),
                ),
                ("ruling", models.TextField(blank=True, verbose_name="ruling")),
                ("reasons", models.TextField(blank=True, verbose_name="reasons")),
                ("ruled_at", models.DateTimeField(blank=True, null=True, verbose_name="ruled at")),
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
                    "correction",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="tournaments.correction",
                        verbose_name="correction made on the ruling",
                    ),
                ),
                (
                    "filed_by",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="filed by",
                    ),
                ),
                (
                    "hand",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="tournaments.hand",
                        verbose_name="hand",
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
                    "ruled_by",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="ruled by",
                    ),
                ),
                (
                    "penalty",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="tournaments.penalty",
                        verbose_name="penalty",
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="tournaments.player",
                        verbose_name="player concerned",
                    ),
                ),
                (
                    "session",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="tournaments.session",
                        verbose_name="session",
                    ),
                ),
                (
                    "table_session",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="tournaments.tablesession",
                        verbose_name="score sheet",
                    ),
                ),
            ],
            options={
                "verbose_name": "historical appeal",
                "verbose_name_plural": "historical appeals",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.AddField(
            model_name="hand",
            name="table_session",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="hands",
                to="tournaments.tablesession",
                verbose_name="table session",
            ),
        ),
        migrations.AddField(
            model_name="correction",
            name="table_session",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT,
                related_name="corrections",
                to="tournaments.tablesession",
                verbose_name="table session",
            ),
        ),
        migrations.AddField(
            model_name="appeal",
            name="table_session",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="appeals",
                to="tournaments.tablesession",
                verbose_name="score sheet",
            ),
        ),
        migrations.CreateModel(
            name="Team",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("name", models.CharField(max_length=120, verbose_name="name")),
                (
                    "country",
                    models.CharField(blank=True, max_length=120, verbose_name="country or club"),
                ),
                (
                    "captain",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to="tournaments.player",
                        verbose_name="captain",
                    ),
                ),
                (
                    "tournament",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="teams",
                        to="tournaments.tournament",
                        verbose_name="tournament",
                    ),
                ),
            ],
            options={
                "verbose_name": "team",
                "verbose_name_plural": "teams",
                "ordering": ["name"],
                "constraints": [
                    models.UniqueConstraint(
                        models.F("tournament"),
                        django.db.models.functions.text.Lower("name"),
                        name="unique_team_name_ci",
                    )
                ],
            },
        ),
        migrations.AddField(
            model_name="player",
            name="team",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.RESTRICT,
                related_name="members",
                to="tournaments.team",
                verbose_name="team",
            ),
        ),
        migrations.AddField(
            model_name="table",
            name="tournament",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="tables",
                to="tournaments.tournament",
                verbose_name="tournament",
            ),
        ),
        migrations.CreateModel(
            name="RegistrationCorrection",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("before", models.JSONField(default=dict, verbose_name="before")),
                ("after", models.JSONField(default=dict, verbose_name="after")),
                ("reason", models.TextField(verbose_name="reason")),
                ("made_at", models.DateTimeField(auto_now_add=True, verbose_name="made at")),
                (
                    "made_by",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="made by",
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="registration_corrections",
                        to="tournaments.player",
                        verbose_name="player",
                    ),
                ),
                (
                    "team",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="registration_corrections",
                        to="tournaments.team",
                        verbose_name="team",
                    ),
                ),
                (
                    "tournament",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="registration_corrections",
                        to="tournaments.tournament",
                        verbose_name="tournament",
                    ),
                ),
            ],
            options={
                "verbose_name": "registration correction",
                "verbose_name_plural": "registration corrections",
                "ordering": ["made_at", "pk"],
                "constraints": [
                    models.CheckConstraint(
                        condition=models.Q(
                            models.Q(("player__isnull", False), ("team__isnull", True)),
                            models.Q(("player__isnull", True), ("team__isnull", False)),
                            _connector="OR",
                        ),
                        name="registration_correction_player_or_team",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(("reason", ""), _negated=True),
                        name="registration_correction_has_reason",
                    ),
                ],
            },
        ),
        migrations.AddField(
            model_name="player",
            name="tournament",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="players",
                to="tournaments.tournament",
                verbose_name="tournament",
            ),
        ),
        migrations.CreateModel(
            name="Job",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "token",
                    models.UUIDField(
                        default=uuid.uuid4, editable=False, unique=True, verbose_name="token"
                    ),
                ),
                (
                    "kind",
                    models.CharField(
                        choices=[("print", "Print"), ("seating", "Seating chart")],
                        max_length=10,
                        verbose_name="kind",
                    ),
                ),
                (
                    "language",
                    models.CharField(
                        choices=[("en", "English"), ("es", "Spanish"), ("zh-hans", "Chinese")],
                        default="en",
                        max_length=10,
                        verbose_name="language",
                    ),
                ),
                ("params", models.JSONField(blank=True, default=dict, verbose_name="parameters")),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("queued", "Queued"),
                            ("running", "Running"),
                            ("done", "Done"),
                            ("failed", "Failed"),
                        ],
                        default="queued",
                        max_length=10,
                        verbose_name="status",
                    ),
                ),
                ("done", models.PositiveIntegerField(default=0, verbose_name="done")),
                ("total", models.PositiveIntegerField(default=0, verbose_name="total")),
                (
                    "message",
                    models.CharField(blank=True, max_length=300, verbose_name="current step"),
                ),
                ("error", models.TextField(blank=True, verbose_name="error")),
                (
                    "result_file",
                    models.FileField(
                        blank=True, max_length=255, upload_to="jobs/", verbose_name="result file"
                    ),
                ),
                (
                    "result_name",
                    models.CharField(blank=True, max_length=200, verbose_name="file name"),
                ),
                ("attempts", models.PositiveSmallIntegerField(default=0, verbose_name="attempts")),
                (
                    "attempts_before_retry",
                    models.PositiveSmallIntegerField(
                        default=0, verbose_name="attempts before the last retry"
                    ),
                ),
                (
                    "heartbeat_at",
                    models.DateTimeField(blank=True, null=True, verbose_name="last sign of life"),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True, verbose_name="created at")),
                (
                    "started_at",
                    models.DateTimeField(blank=True, null=True, verbose_name="started at"),
                ),
                (
                    "finished_at",
                    models.DateTimeField(blank=True, null=True, verbose_name="finished at"),
                ),
                (
                    "requested_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="requested by",
                    ),
                ),
                (
                    "tournament",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="jobs",
                        to="tournaments.tournament",
                        verbose_name="tournament",
                    ),
                ),
            ],
            options={
                "verbose_name": "background job",
                "verbose_name_plural": "background jobs",
                "ordering": ["-created_at", "-pk"],
                "constraints": [
                    models.CheckConstraint(
                        condition=models.Q(("done__lte", models.F("total"))),
                        name="job_done_le_total",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(("language__in", ["en", "es", "zh-hans"])),
                        name="job_language",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            models.Q(
                                ("finished_at__isnull", True),
                                ("started_at__isnull", True),
                                ("status", "queued"),
                            ),
                            models.Q(
                                ("finished_at__isnull", True),
                                ("started_at__isnull", False),
                                ("status", "running"),
                            ),
                            models.Q(
                                ("finished_at__isnull", False), ("status__in", ["done", "failed"])
                            ),
                            _connector="OR",
                        ),
                        name="job_times_follow_status",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            ("status__in", ["queued", "failed"]),
                            ("attempts__gte", 1),
                            _connector="OR",
                        ),
                        name="job_started_counts_an_attempt",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            models.Q(("status", "failed"), models.Q(("error", ""), _negated=True)),
                            models.Q(models.Q(("status", "failed"), _negated=True), ("error", "")),
                            _connector="OR",
                        ),
                        name="job_error_iff_failed",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            ("result_file", ""), ("status", "done"), _connector="OR"
                        ),
                        name="job_file_only_when_done",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            models.Q(("kind", "print"), ("status", "done"), _negated=True),
                            models.Q(("result_file", ""), _negated=True),
                            _connector="OR",
                        ),
                        name="job_done_print_has_file",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            models.Q(("result_file", ""), ("result_name", "")),
                            models.Q(
                                models.Q(("result_file", ""), _negated=True),
                                models.Q(("result_name", ""), _negated=True),
                            ),
                            _connector="OR",
                        ),
                        name="job_file_has_name",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(("kind__in", ["print", "seating"])),
                        name="job_kind_known",
                    ),
                ],
            },
        ),
        migrations.CreateModel(
            name="HistoricalTeam",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                ("name", models.CharField(max_length=120, verbose_name="name")),
                (
                    "country",
                    models.CharField(blank=True, max_length=120, verbose_name="country or club"),
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
                    "history_user",
                    models.ForeignKey(
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "captain",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="tournaments.player",
                        verbose_name="captain",
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
                "verbose_name": "historical team",
                "verbose_name_plural": "historical teams",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalSession",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                ("number", models.PositiveSmallIntegerField(verbose_name="number")),
                (
                    "stage",
                    models.CharField(
                        choices=[("qualifying", "Qualifying"), ("final", "Final stage")],
                        default="qualifying",
                        max_length=12,
                        verbose_name="stage",
                    ),
                ),
                ("group", models.CharField(blank=True, max_length=20, verbose_name="group")),
                (
                    "scheduled_start",
                    models.DateTimeField(blank=True, null=True, verbose_name="scheduled start"),
                ),
                (
                    "scheduled_end",
                    models.DateTimeField(blank=True, null=True, verbose_name="scheduled end"),
                ),
                (
                    "actual_start",
                    models.DateTimeField(blank=True, null=True, verbose_name="actual start"),
                ),
                (
                    "actual_end",
                    models.DateTimeField(blank=True, null=True, verbose_name="actual end"),
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
                    "ended_by",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="ended by",
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
                    "started_by",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="started by",
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
                "verbose_name": "historical session",
                "verbose_name_plural": "historical sessions",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="HistoricalPlayer",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                ("name", models.CharField(max_length=120, verbose_name="name")),
                (
                    "native_name",
                    models.CharField(
                        blank=True, max_length=120, verbose_name="name in native script"
                    ),
                ),
                ("country", models.CharField(blank=True, max_length=80, verbose_name="country")),
                ("club", models.CharField(blank=True, max_length=120, verbose_name="club")),
                (
                    "registration_number",
                    models.PositiveIntegerField(verbose_name="registration number"),
                ),
                (
                    "lot_number",
                    models.PositiveIntegerField(
                        blank=True, null=True, verbose_name="player number (lot)"
                    ),
                ),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("active", "Active"),
                            ("withdrawn", "Withdrawn"),
                            ("substitute", "Substitute"),
                            ("disqualified", "Disqualified"),
                        ],
                        default="active",
                        max_length=12,
                        verbose_name="status",
                    ),
                ),
                (
                    "oath_accepted_at",
                    models.DateTimeField(
                        blank=True, null=True, verbose_name="Player's Oath accepted at (Appendix 2)"
                    ),
                ),
                (
                    "lot_drawn_by",
                    models.CharField(
                        blank=True,
                        help_text="Who drew the lot for an absent player (rule 3.5.1); empty if he drew it.",
                        max_length=120,
                        verbose_name="lot drawn on his behalf by",
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
                    "history_user",
                    models.ForeignKey(
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="user",
                    ),
                ),
                (
                    "team",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="tournaments.team",
                        verbose_name="team",
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
                "verbose_name": "historical player",
                "verbose_name_plural": "historical players",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="UserPreference",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "language",
                    models.CharField(
                        blank=True,
                        choices=[("en", "English"), ("es", "Spanish"), ("zh-hans", "Chinese")],
                        max_length=10,
                        verbose_name="language",
                    ),
                ),
                (
                    "user",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="preference",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="user",
                    ),
                ),
            ],
            options={
                "verbose_name": "user preference",
                "verbose_name_plural": "user preferences",
                "constraints": [
                    models.CheckConstraint(
                        condition=models.Q(("language__in", ["", "en", "es", "zh-hans"])),
                        name="preference_language_known",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="HandScore",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "position",
                    models.CharField(
                        choices=[("A", "A"), ("B", "B"), ("C", "C"), ("D", "D")],
                        max_length=1,
                        verbose_name="position",
                    ),
                ),
                ("points", models.IntegerField(verbose_name="points")),
                (
                    "hand",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="scores",
                        to="tournaments.hand",
                        verbose_name="hand",
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.RESTRICT,
                        related_name="hand_scores",
                        to="tournaments.player",
                        verbose_name="player",
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(fields=("hand", "position"), name="one_score_per_seat")
                ],
            },
        ),
        migrations.CreateModel(
            name="Sanction",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("warning", "Warning"),
                            ("disqualification", "Disqualification"),
                            ("loss_of_rank", "Loss of rank"),
                            ("exclusion", "Exclusion from later competitions"),
                            ("criticism", "Public criticism"),
                        ],
                        max_length=20,
                        verbose_name="sanction",
                    ),
                ),
                ("reason", models.TextField(verbose_name="reason")),
                ("decided_at", models.DateTimeField(auto_now_add=True, verbose_name="decided at")),
                (
                    "decided_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="decided by",
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="sanctions",
                        to="tournaments.player",
                        verbose_name="player",
                    ),
                ),
                (
                    "session",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="tournaments.session",
                        verbose_name="session",
                    ),
                ),
            ],
            options={
                "verbose_name": "sanction",
                "verbose_name_plural": "sanctions",
                "ordering": ["decided_at", "pk"],
                "constraints": [
                    models.CheckConstraint(
                        condition=models.Q(("reason", ""), _negated=True),
                        name="sanction_has_reason",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="CheckIn",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "arrived_at",
                    models.DateTimeField(blank=True, null=True, verbose_name="arrived at"),
                ),
                (
                    "absent",
                    models.BooleanField(default=False, verbose_name="absent (did not come)"),
                ),
                (
                    "recorded_at",
                    models.DateTimeField(auto_now_add=True, verbose_name="recorded at"),
                ),
                (
                    "recorded_by",
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
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.RESTRICT,
                        related_name="check_ins",
                        to="tournaments.player",
                        verbose_name="player",
                    ),
                ),
                (
                    "session",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="check_ins",
                        to="tournaments.session",
                        verbose_name="session",
                    ),
                ),
            ],
            options={
                "verbose_name": "check-in",
                "verbose_name_plural": "check-ins",
                "ordering": ["session", "arrived_at"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("session", "player"), name="one_check_in_per_session"
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            models.Q(("absent", True), ("arrived_at__isnull", True)),
                            models.Q(("absent", False), ("arrived_at__isnull", False)),
                            _connector="OR",
                        ),
                        name="check_in_arrived_or_absent",
                    ),
                ],
            },
        ),
        migrations.AddConstraint(
            model_name="penalty",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("hand_number__isnull", True),
                    models.Q(("hand_number__gte", 1), ("hand_number__lte", 16)),
                    _connector="OR",
                ),
                name="penalty_hand_number_1_16",
            ),
        ),
        migrations.AddConstraint(
            model_name="penalty",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("void_reason", ""), ("voided_at__isnull", True)),
                    models.Q(
                        ("voided_at__isnull", False), models.Q(("void_reason", ""), _negated=True)
                    ),
                    _connector="OR",
                ),
                name="penalty_voided_with_reason",
            ),
        ),
        migrations.AddConstraint(
            model_name="penalty",
            constraint=models.CheckConstraint(
                condition=models.Q(("forfeited", False), ("kind", "late"), _connector="OR"),
                name="penalty_forfeit_is_late",
            ),
        ),
        migrations.AddConstraint(
            model_name="penalty",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("kind", "repeated_foul"), models.Q(("foul", ""), _negated=True)),
                    models.Q(models.Q(("kind", "repeated_foul"), _negated=True), ("foul", "")),
                    _connector="OR",
                ),
                name="penalty_foul_kind_for_repeats",
            ),
        ),
        migrations.AddConstraint(
            model_name="penalty",
            constraint=models.CheckConstraint(
                condition=models.Q(("reason", ""), _negated=True), name="penalty_has_reason"
            ),
        ),
        migrations.AddConstraint(
            model_name="hand",
            constraint=models.UniqueConstraint(
                fields=("table_session", "number"), name="unique_hand_number"
            ),
        ),
        migrations.AddConstraint(
            model_name="hand",
            constraint=models.CheckConstraint(
                condition=models.Q(("number__gte", 1), ("number__lte", 16)), name="hand_number_1_16"
            ),
        ),
        migrations.AddConstraint(
            model_name="hand",
            constraint=models.CheckConstraint(
                condition=models.Q(("flowers__gte", 0), ("flowers__lte", 8), ("points__gte", 0)),
                name="hand_points_and_flowers_in_range",
            ),
        ),
        migrations.AddConstraint(
            model_name="hand",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("outcome", "win"), models.Q(("winner_position", ""), _negated=True)),
                    models.Q(
                        models.Q(("outcome", "win"), _negated=True),
                        ("discarder_position", ""),
                        ("points", 0),
                        ("winner_position", ""),
                    ),
                    _connector="OR",
                ),
                name="hand_winner_iff_win",
            ),
        ),
        migrations.AddConstraint(
            model_name="hand",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("discarder_position", ""),
                    models.Q(("discarder_position", models.F("winner_position")), _negated=True),
                    _connector="OR",
                ),
                name="hand_discarder_is_not_winner",
            ),
        ),
        migrations.AddConstraint(
            model_name="correction",
            constraint=models.CheckConstraint(
                condition=models.Q(("reason", ""), _negated=True), name="correction_has_reason"
            ),
        ),
        migrations.AddConstraint(
            model_name="appeal",
            constraint=models.CheckConstraint(
                condition=models.Q(("confirmed_by_filer", True)), name="appeal_confirmed_by_filer"
            ),
        ),
        migrations.AddConstraint(
            model_name="appeal",
            constraint=models.CheckConstraint(
                condition=models.Q(("statement", ""), _negated=True), name="appeal_has_statement"
            ),
        ),
        migrations.AddConstraint(
            model_name="appeal",
            constraint=models.CheckConstraint(
                condition=models.Q(("fee_amount__gte", 0)), name="appeal_fee_not_negative"
            ),
        ),
        migrations.AddConstraint(
            model_name="appeal",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(
                        ("fee_status", "held"),
                        ("ruled_at__isnull", True),
                        ("status__in", ["filed", "review"]),
                    ),
                    models.Q(
                        ("fee_status", "returned"),
                        ("ruled_at__isnull", False),
                        ("status", "upheld"),
                    ),
                    models.Q(
                        ("fee_status", "forfeited"),
                        ("ruled_at__isnull", False),
                        ("status__in", ["rejected", "withdrawn"]),
                    ),
                    _connector="OR",
                ),
                name="appeal_ruling_matches_status_and_fee",
            ),
        ),
        migrations.AddConstraint(
            model_name="appeal",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("hand__isnull", False), ("subject", "hand")),
                    models.Q(("penalty__isnull", False), ("subject", "penalty")),
                    ("subject__in", ["result", "other"]),
                    _connector="OR",
                ),
                name="appeal_names_what_it_is_against",
            ),
        ),
        migrations.AddConstraint(
            model_name="table",
            constraint=models.UniqueConstraint(
                fields=("tournament", "number"), name="unique_table_number"
            ),
        ),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                fields=("tournament", "registration_number"), name="unique_registration_number"
            ),
        ),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                fields=("tournament", "lot_number"), name="unique_lot_number"
            ),
        ),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                condition=models.Q(("user__isnull", False)),
                fields=("tournament", "user"),
                name="one_player_per_login",
            ),
        ),
        migrations.RunPython(roles.create_groups, roles.delete_groups),
    ]
