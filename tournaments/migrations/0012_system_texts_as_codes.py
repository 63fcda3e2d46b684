"""The texts the system wrote in words, stored as codes (issue 27).

Before issue 27 a history note ("Taken under review by the committee"), a late arrival's nature
of the foul ("Arrived 12 minutes after the session started (rule 3.11.2).") and the reason a
check-in voided a penalty ("Check-in time changed") were stored in the words of whoever acted.
This migration finds, in every history of the app, in the penalties and in their history, each
text that is exactly one of those messages (in English, Spanish or Chinese, its parameters read
back from the words) and stores its code instead (`tournaments.system_texts`). What a person
typed matches no message and stays as it is.

Reversed, the codes are written back in English words.
"""

from django.db import migrations
from django.db.models import Q

# (model, field, filter): the stored texts this migration converts. Every historical model's
# change reason; the penalties' nature (the system writes only a late arrival's) and the reason
# they were voided, in the rows and in their history.
LATE_ARRIVAL = Q(kind="late")


def _fields(apps):
    for model in apps.get_app_config("tournaments").get_models():
        if model.__name__.startswith("Historical"):
            yield model, "history_change_reason", Q()
    for name in ("Penalty", "HistoricalPenalty"):
        model = apps.get_model("tournaments", name)
        yield model, "reason", LATE_ARRIVAL
        yield model, "void_reason", Q()


def convert_texts(apps, convert) -> int:
    """Store `convert(text)` in place of each text it gives a new value for (None: keep the
    text); one UPDATE per distinct text. Returns how many rows changed."""
    changed = 0
    for model, field, where in _fields(apps):
        rows = model.objects.filter(where, **{f"{field}__gt": ""})  # neither empty nor null
        texts = rows.values_list(field, flat=True).distinct().order_by()
        for text in list(texts):
            new = convert(text)
            if new is not None and new != text:
                changed += rows.filter(**{field: text}).update(**{field: new})
    return changed


def to_codes(apps, schema_editor):
    from tournaments.system_texts import system_text_from_words

    convert_texts(apps, system_text_from_words)


def to_english(apps, schema_editor):
    from tournaments.system_texts import is_system_text, system_text_in_words

    convert_texts(apps, lambda text: system_text_in_words(text) if is_system_text(text) else None)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0011_registration_corrections")]

    operations = [migrations.RunPython(to_codes, to_english, elidable=True)]
