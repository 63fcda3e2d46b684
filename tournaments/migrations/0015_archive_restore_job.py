"""Two background jobs of new kinds: writing a tournament's archive and restoring one from the
browser (tournaments.services.archive_restore). Nothing to convert: existing jobs keep their
kind."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0014_tournament_standings_public"),
    ]

    operations = [
        migrations.AlterField(
            model_name="job",
            name="kind",
            field=models.CharField(
                choices=[
                    ("print", "Print"),
                    ("seating", "Seating chart"),
                    ("backup", "Tournament archive"),
                    ("restore", "Archive restore"),
                ],
                max_length=10,
                verbose_name="kind",
            ),
        ),
        migrations.RemoveConstraint(
            model_name="job",
            name="job_kind_known",
        ),
        migrations.AddConstraint(
            model_name="job",
            constraint=models.CheckConstraint(
                condition=models.Q(("kind__in", ["print", "seating", "backup", "restore"])),
                name="job_kind_known",
            ),
        ),
    ]
