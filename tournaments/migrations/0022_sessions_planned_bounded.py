"""A tournament plans at most 99 sessions (`MAX_SESSIONS_PLANNED`; the rules ask at least six,
3.5.4, and set no maximum): the field's validators and a check constraint in the database. A
row planning more (only a hostile request could write one: the seating, the umpire rota and
the printed forms work through every planned session and stalled on it) is brought down to
99 first, so that the constraint can be added; nothing else changes."""

import django.core.validators
from django.db import migrations, models

MAX_SESSIONS_PLANNED = 99  # as tournaments.models.tournament has it when this was written


def bring_down_to_the_maximum(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    Tournament.objects.filter(sessions_planned__gt=MAX_SESSIONS_PLANNED).update(
        sessions_planned=MAX_SESSIONS_PLANNED
    )


def bounded_field():
    return models.PositiveSmallIntegerField(
        default=8,
        help_text="A tournament has at least six sessions (rule 3.5.4), at most 99.",
        validators=[
            django.core.validators.MinValueValidator(6),
            django.core.validators.MaxValueValidator(99),
        ],
        verbose_name="number of sessions",
    )


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0021_default_tie_breaks_and_held_standings"),
    ]

    operations = [
        migrations.AlterField(
            model_name="historicaltournament", name="sessions_planned", field=bounded_field()
        ),
        migrations.AlterField(
            model_name="tournament", name="sessions_planned", field=bounded_field()
        ),
        migrations.RunPython(bring_down_to_the_maximum, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="tournament",
            constraint=models.CheckConstraint(
                condition=models.Q(sessions_planned__lte=99),
                name="tournament_sessions_planned_at_most_99",
            ),
        ),
    ]
