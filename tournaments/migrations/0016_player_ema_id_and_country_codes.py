"""Players' federation details (issue 30): the EMA number, and the country as an ISO 3166-1
code. Today's free-text countries are mapped to codes where they can be (a code, an English or
Spanish name, a common other name such as "Chinese Taipei"); those that cannot are cleared,
listed on the console, and kept in a new history row of the player whose reason quotes them.
Migration 0017 then makes the column a two-letter code."""

import django.core.validators
from django.db import migrations, models
from django.utils import timezone
from django_countries import countries

# Frozen here (the application's tournaments.countries may change after this migration).
ALIASES = {
    "chinese taipei": "TW",
    "taiwan": "TW",
    "korea": "KR",
    "south korea": "KR",
    "usa": "US",
    "united states": "US",
    "uk": "GB",
    "great britain": "GB",
    "england": "GB",
    "scotland": "GB",
    "wales": "GB",
    "holland": "NL",
    "the netherlands": "NL",
    "macau": "MO",
    "czech republic": "CZ",
    "russia": "RU",
    "中国": "CN",
    "日本": "JP",
    "香港": "HK",
    "澳门": "MO",
    "台湾": "TW",
    "韩国": "KR",
}


def _code(text):
    text = (text or "").strip()
    if not text:
        return ""
    if len(text) in (2, 3) and text.isascii():
        code = countries.alpha2(text.upper())
        if code:
            return code
    for language in ("en", "es"):
        code = countries.by_name(text, language=language)
        if code:
            return code
    return ALIASES.get(text.lower())


def _history_row(HistoricalPlayer, player, text):
    fields = {
        f.attname: getattr(player, f.attname)
        for f in player._meta.concrete_fields
        if f.attname != "id"
    }
    HistoricalPlayer.objects.create(
        **fields,
        id=player.id,
        history_date=timezone.now(),
        history_type="~",
        history_change_reason=(
            f"Migration 0016: the country “{text}” is not a country of ISO 3166-1; "
            "it was cleared. Enter the player's country again."
        ),
    )


def map_countries(apps, schema_editor):
    Player = apps.get_model("tournaments", "Player")
    HistoricalPlayer = apps.get_model("tournaments", "HistoricalPlayer")
    unmapped = []
    for player in Player.objects.exclude(country="").select_related("tournament"):
        text = player.country
        code = _code(text)
        player.country = code or ""
        player.save(update_fields=["country"])
        if code is None:
            unmapped.append(
                f"  {player.tournament.slug} #{player.registration_number} {player.name}: {text!r}"
            )
            _history_row(HistoricalPlayer, player, text)
    for row in HistoricalPlayer.objects.exclude(country=""):
        if len(row.country) != 2 or _code(row.country) != row.country:
            row.country = _code(row.country) or ""
            row.save(update_fields=["country"])
    if unmapped:
        print(
            "\n  Countries not recognised as ISO 3166-1 (cleared; each player's history keeps "
            "the text):\n" + "\n".join(unmapped)
        )


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0015_archive_restore_job"),
    ]

    operations = [
        migrations.AddField(
            model_name="historicalplayer",
            name="ema_id",
            field=models.CharField(
                blank=True,
                help_text="The European Mahjong Association's number (8 digits), if any.",
                max_length=8,
                validators=[
                    django.core.validators.RegexValidator(
                        "^[0-9]{8}\\Z", "An EMA number has 8 digits."
                    )
                ],
                verbose_name="EMA number",
            ),
        ),
        migrations.AddField(
            model_name="player",
            name="ema_id",
            field=models.CharField(
                blank=True,
                help_text="The European Mahjong Association's number (8 digits), if any.",
                max_length=8,
                validators=[
                    django.core.validators.RegexValidator(
                        "^[0-9]{8}\\Z", "An EMA number has 8 digits."
                    )
                ],
                verbose_name="EMA number",
            ),
        ),
        migrations.RunPython(map_countries, migrations.RunPython.noop, elidable=False),
    ]
