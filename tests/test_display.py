"""tournaments.display: the texts pages, forms and endpoints share (written once)."""

from django.utils import translation

from tournaments.archive.export import TOURNAMENT_FIELDS
from tournaments.display import (
    TABLE_STATES,
    TOURNAMENT_RECORDS,
    TOURNAMENT_SETTINGS,
    start_wind,
    table_state,
    table_state_label,
    tournament_setting_groups,
    wind_legend,
)


def test_each_setting_is_in_one_group_of_the_admin_and_in_the_archive():
    grouped = [name for _heading, names in tournament_setting_groups() for name in names]
    assert sorted(grouped) == sorted(TOURNAMENT_SETTINGS)
    assert len(set(TOURNAMENT_SETTINGS)) == len(TOURNAMENT_SETTINGS)
    assert set(TOURNAMENT_FIELDS) == {*TOURNAMENT_SETTINGS, *TOURNAMENT_RECORDS}


def test_the_seats_start_east_south_west_north():
    assert [start_wind(p) for p in "ABCD"] == ["E", "S", "W", "N"]
    assert [w["code"] for w in wind_legend()] == ["E", "S", "W", "N"]


def test_a_tables_state_and_its_words():
    assert table_state("open", 0) == "not_started"
    assert table_state("open", 3) == "playing"
    assert [table_state(s, 16) for s in ("complete", "signed", "final")] == list(TABLE_STATES[2:])
    with translation.override("en"):
        assert table_state_label("playing", 1) == "playing, 1 hand"
        assert table_state_label("playing", 5) == "playing, 5 hands"
        assert table_state_label("playing", 5, staff=True) == "playing, 5/16 hands"
        assert table_state_label("playing", staff=True) == "playing"
        assert table_state_label("final") == "final"
        assert table_state_label("final", staff=True) == "countersigned"
        assert table_state_label("not_started") == "not started"


def test_a_no_show_is_described_without_minutes_and_a_late_arrival_with_them():
    from tournaments.display import penalty_description
    from tournaments.models import Penalty

    no_show = Penalty(kind=Penalty.Kind.LATE_ARRIVAL, forfeited=True, minutes_late=None)
    late = Penalty(kind=Penalty.Kind.LATE_ARRIVAL, minutes_late=7, amount=10)
    assert "None" not in penalty_description(no_show)
    assert "session is lost" in penalty_description(no_show)
    assert "7 minutes" in penalty_description(late)
    with translation.override("es"):
        assert "None" not in penalty_description(no_show)
