"""A new tournament ranks by rule 3.10.1 alone (table points, then contest points; players
still equal share their place): its further tie-breaks default to none. The default only:
every existing tournament keeps the tie-breaks it has (no row is written). And the help of
`standings_public` says what holding the standings back now holds (the staff's, each player
his own figures)."""

import tournaments.models.tournament
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0020_cut_off_decision"),
    ]

    operations = [
        migrations.AlterField(
            model_name="historicaltournament",
            name="tie_breaks",
            field=models.JSONField(
                blank=True,
                default=tournaments.models.tournament.no_further_tie_breaks,
                help_text="Applied in order after table points and contest points; none by default: players still equal share their place (rule 3.10.1).",
                verbose_name="further tie-breaks",
            ),
        ),
        migrations.AlterField(
            model_name="tournament",
            name="tie_breaks",
            field=models.JSONField(
                blank=True,
                default=tournaments.models.tournament.no_further_tie_breaks,
                help_text="Applied in order after table points and contest points; none by default: players still equal share their place (rule 3.10.1).",
                verbose_name="further tie-breaks",
            ),
        ),
        migrations.AlterField(
            model_name="historicaltournament",
            name="standings_public",
            field=models.BooleanField(
                default=True,
                help_text="Off: the standings are the staff's until you publish them; the public pages show none, nor the sessions' scores and table points (the seating, the seats, the draw, the clock and the tables' states stay), and each player reads his own figures only, on his own page (docs/public-pages.md).",
                verbose_name="standings published",
            ),
        ),
        migrations.AlterField(
            model_name="tournament",
            name="standings_public",
            field=models.BooleanField(
                default=True,
                help_text="Off: the standings are the staff's until you publish them; the public pages show none, nor the sessions' scores and table points (the seating, the seats, the draw, the clock and the tables' states stay), and each player reads his own figures only, on his own page (docs/public-pages.md).",
                verbose_name="standings published",
            ),
        ),
    ]
