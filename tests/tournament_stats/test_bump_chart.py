"""The geometry of the places' pictures (tournament_stats/charts.py): the leaders' bump chart
and a player's sessions. Pure functions: no database."""

from tournament_stats import charts


def line(chart: charts.BumpChart, name: str) -> charts.Line:
    return next(line for line in chart.lines if line.name == name)


def test_a_player_who_climbs_from_fifth_to_first_goes_up_the_chart():
    chart = charts.bump_chart(
        [1, 2, 3],
        [
            {"name": "Climber", "places": [5, 3, 1]},
            {"name": "Faller", "places": [1, 2, 5]},
        ],
    )
    climber = line(chart, "Climber")
    ys = [mark.y for mark in climber.marks]
    assert ys[0] > ys[1] > ys[2]
    assert ys[2] == charts.BUMP_TOP  # the first place is the chart's top line
    faller = line(chart, "Faller")
    faller_ys = [mark.y for mark in faller.marks]
    assert faller_ys[0] == ys[2] and faller_ys[2] == ys[0] and faller_ys[0] < faller_ys[1]
    assert [mark.x for mark in climber.marks] == [mark.x for mark in faller.marks]
    xs = [mark.x for mark in climber.marks]
    assert xs[0] < xs[1] < xs[2]


def test_the_sessions_and_the_places_are_numbered_on_the_axes():
    chart = charts.bump_chart(
        [1, 2], [{"name": "A", "places": [2, 1]}, {"name": "B", "places": [1, 2]}]
    )
    assert [tick.label for tick in chart.sessions] == ["S1", "S2"]
    assert [tick.label for tick in chart.places] == ["1", "2"]
    assert chart.places[0].y < chart.places[1].y


def test_tied_players_share_a_height_but_their_names_do_not_overlap():
    chart = charts.bump_chart(
        [1, 2],
        [
            {"name": "Ann", "places": [1, 2]},
            {"name": "Bea", "places": [3, 2]},
            {"name": "Cid", "places": [2, 4]},
        ],
    )
    ann, bea, cid = (line(chart, n) for n in ("Ann", "Bea", "Cid"))
    assert ann.end_y == bea.end_y
    labels = sorted(chart_line.label_y for chart_line in chart.lines)
    assert all(b - a >= charts.NAME_GAP for a, b in zip(labels, labels[1:], strict=False))
    assert bea.leader  # moved off its mark: a leader joins them
    assert cid.label_y >= cid.end_y


def test_a_session_without_a_place_breaks_the_line_and_leaves_no_mark():
    chart = charts.bump_chart(
        [1, 2, 3, 4],
        [{"name": "Gap", "places": [2, None, 1, 1]}, {"name": "Full", "places": [1, 1, 2, 2]}],
    )
    gap = line(chart, "Gap")
    assert [mark.session for mark in gap.marks] == [1, 3, 4]
    # the run before the gap has a single point: no segment drawn across session 2
    assert len(gap.runs) == 1 and gap.runs[0].count(",") == 2
    assert len(line(chart, "Full").runs) == 1


def test_a_player_without_any_place_is_left_out():
    chart = charts.bump_chart(
        [1, 2], [{"name": "In", "places": [1, 1]}, {"name": "Out", "places": [None, None]}]
    )
    assert [chart_line.name for chart_line in chart.lines] == ["In"]


def test_the_lines_take_distinct_markers_and_a_long_name_is_shortened():
    lines = [{"name": f"Player {i}", "places": [i, i]} for i in range(1, 9)]
    lines[0]["name"] = "Bartholomew Fitzgerald-Montgomery"
    chart = charts.bump_chart([1, 2], lines)
    kinds = {(charts.MARKERS[c.index], c.hollow) for c in chart.lines}
    assert len(kinds) == 8
    first = chart.lines[0]
    assert first.name == "Bartholomew Fitzgerald-Montgomery"
    assert len(first.label) == charts.NAME_LENGTH and first.label.endswith("…")


def test_many_places_shrink_the_scale_and_keep_round_numbers_on_the_axis():
    chart = charts.bump_chart([1, 2], [{"name": "Far", "places": [120, 1]}])
    assert [tick.label for tick in chart.places] == ["1", "20", "40", "60", "80", "100", "120"]
    bottom = charts.BUMP_TOP + charts.BUMP_ROW * (charts.BUMP_ROWS - 1)
    assert line(chart, "Far").marks[0].y == bottom


def test_names_pushed_past_the_bottom_move_up_within_the_chart():
    ys = charts.spread([100, 100, 100], 14, 0, 110)
    assert sorted(ys) == [82, 96, 110]


def test_a_players_chart_puts_his_first_place_on_top_and_scales_his_table_points():
    chart = charts.player_chart([1, 2, 3], [5, 3, 1], [0, 2, 4], field=8)
    first, second, third = chart.sessions
    assert first.place_y > second.place_y > third.place_y == chart.place_top
    assert first.bar_height == 0 and third.bar_height == 2 * second.bar_height
    assert third.bar_y + third.bar_height == chart.baseline
    assert [s.label for s in chart.sessions] == ["S1", "S2", "S3"]
    assert chart.runs == (
        f"{first.x},{first.place_y} {second.x},{second.place_y} {third.x},{third.place_y}",
    )


def test_a_session_he_did_not_play_has_no_mark_and_no_bar():
    chart = charts.player_chart([1, 2], [None, 2], [None, 1.5], field=4)
    missing, played = chart.sessions
    assert missing.place_y is None and missing.bar_height == 0 and missing.table_points is None
    assert played.place == 2 and played.table_points == 1.5
    assert chart.runs == ()  # one mark alone draws no segment


def test_names_that_meet_spread_around_their_marks():
    assert charts.spread([50, 50], 14, 0, 200) == [43, 57]
    assert charts.spread([10, 60], 14, 0, 200) == [10, 60]  # apart already: not moved


def test_the_name_is_numbered_with_the_place_after_the_last_session_only():
    chart = charts.bump_chart(
        [1, 2], [{"name": "Ends", "places": [2, 1]}, {"name": "Stops", "places": [1, None]}]
    )
    assert line(chart, "Ends").rank == 1
    assert line(chart, "Stops").rank is None
    assert line(chart, "Stops").leader  # his name, at the right end, is away from his mark


def test_a_name_too_wide_for_the_chart_is_squeezed_into_its_room():
    chart = charts.bump_chart(
        [1, 2],
        [{"name": "WWWWWWWWWWWWWWWWWWWW", "places": [1, 1]}, {"name": "Ana", "places": [2, 2]}],
    )
    wide, short = chart.lines
    assert wide.fit is not None and wide.label_x + wide.fit <= chart.width
    assert short.fit is None
    assert charts.text_width("李明华", 12) > charts.text_width("abc", 12)
