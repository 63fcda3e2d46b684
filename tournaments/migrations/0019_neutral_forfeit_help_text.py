"""The help text of the forfeited session's contest points speaks of the player without "his"."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0018_sanction_lifted_on_appeal'),
    ]

    operations = [
        migrations.AlterField(
            model_name='historicaltournament',
            name='forfeit_contest_points',
            field=models.IntegerField(default=0, help_text='What a player who lost a session (rule 3.11.2) scores for it; the table points for it are 0.', verbose_name='contest points of a forfeited session'),
        ),
        migrations.AlterField(
            model_name='tournament',
            name='forfeit_contest_points',
            field=models.IntegerField(default=0, help_text='What a player who lost a session (rule 3.11.2) scores for it; the table points for it are 0.', verbose_name='contest points of a forfeited session'),
        ),
    ]
