"""Every fan is named in the reader's language: the list marked for translation is the
engine's, and a printed or shown fan takes its translated name."""

from django.utils import translation

from scoring.fans import FANS
from tournaments.fans import FAN_NAMES, fan_name


def test_the_names_marked_for_translation_are_the_engines():
    with translation.override("en"):
        assert {fan_id: str(name) for fan_id, name in FAN_NAMES.items()} == {
            fan.id: fan.name for fan in FANS.values()
        }


def test_an_unknown_fan_keeps_the_name_it_was_stored_with():
    assert fan_name(99, "Some Fan") == "Some Fan"
