"""The player's country is an ISO 3166-1 alpha-2 code (0016 mapped the free texts); the EMA
number is unique within a tournament."""

import django.db.models.functions.text
import django.db.models.lookups
import django_countries.fields
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0016_player_ema_id_and_country_codes"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterField(
            model_name="historicalplayer",
            name="country",
            field=django_countries.fields.CountryField(
                blank=True,
                help_text="ISO 3166-1 country, for the federation's results.",
                max_length=2,
                verbose_name="country",
            ),
        ),
        migrations.AlterField(
            model_name="player",
            name="country",
            field=django_countries.fields.CountryField(
                blank=True,
                help_text="ISO 3166-1 country, for the federation's results.",
                max_length=2,
                verbose_name="country",
            ),
        ),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                condition=models.Q(("ema_id", ""), _negated=True),
                fields=("tournament", "ema_id"),
                name="unique_ema_id",
            ),
        ),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("ema_id", ""),
                    django.db.models.lookups.Exact(
                        django.db.models.functions.text.Length("ema_id"), 8
                    ),
                    _connector="OR",
                ),
                name="ema_id_empty_or_eight_characters",
            ),
        ),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("country", ""),
                    django.db.models.lookups.Exact(
                        django.db.models.functions.text.Length("country"), 2
                    ),
                    _connector="OR",
                ),
                name="country_empty_or_iso_code",
            ),
        ),
    ]
