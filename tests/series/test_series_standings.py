"""A series' standings (series.selectors, docs/federation.md "Series"): who is who across
its tournaments, what counts and the order."""

from fractions import Fraction

import pytest

from series.models import SeriesPlayerLink
from series.selectors import series_link_suggestions, series_standings
from series.services import SeriesRefused, series_player_link, series_player_unlink
from tournaments.models import Player


def by_name(standings):
    return {row.name.strip(): row for row in standings.people}


def player(tournament, name):
    return Player.objects.get(tournament=tournament, name=name)


def test_players_with_the_same_ema_number_are_one_person_with_summed_figures(league, seasons):
    spring, autumn = seasons
    ann = by_name(series_standings(league))["Ann Lee"]
    assert ann.ema_id == "10000001"
    assert ann.matched_by == "ema"
    assert (ann.table_points, ann.contest_points) == (Fraction(5), 32 - 26)
    first, second = ann.figures
    assert (first.rank, first.table_points, first.contest_points) == (1, 4, 32)
    assert (second.rank, second.table_points, second.contest_points) == (3, 1, -26)
    assert [first.player_id, second.player_id] == [
        player(spring, "Ann").pk,
        player(autumn, "Ann Lee").pk,
    ]


def test_the_name_and_country_are_the_latest_tournaments_or_the_last_one_known(league):
    ann = by_name(series_standings(league))["Ann Lee"]
    assert ann.name == "Ann Lee"  # autumn's name
    assert ann.country.code == "ES"  # autumn has none: spring's


def test_players_without_a_shared_ema_number_stay_separate_people(league):
    standings = series_standings(league)
    bobs = [row for row in standings.people if row.name.strip().lower() == "bob"]
    assert len(bobs) == 2
    assert sorted((row.table_points, row.contest_points) for row in bobs) == [(0, -16), (2, 18)]
    assert all(sum(f is not None for f in row.figures) == 1 for row in bobs)
    assert len(standings.people) == 7  # 8 player rows, Ann twice


def test_a_confirmed_link_joins_two_players_into_one_person(league, seasons, organiser):
    spring, autumn = seasons
    series_player_link(
        series=league,
        players=[player(spring, "Bob"), player(autumn, " bob ")],
        user=organiser,
    )
    standings = series_standings(league)
    bobs = [row for row in standings.people if row.name.strip().lower() == "bob"]
    assert len(bobs) == 1
    bob = bobs[0]
    assert bob.matched_by == "link"
    assert (bob.table_points, bob.contest_points) == (2, 2)
    assert [f.contest_points for f in bob.figures] == [-16, 18]
    assert len(standings.people) == 6


def test_undoing_a_link_separates_the_players_again(league, seasons, organiser):
    spring, autumn = seasons
    bob, other_bob = player(spring, "Bob"), player(autumn, " bob ")
    series_player_link(series=league, players=[bob, other_bob], user=organiser)
    series_player_unlink(series=league, player=other_bob, user=organiser)
    assert not SeriesPlayerLink.objects.filter(series=league).exists()
    assert len(series_standings(league).people) == 7


def test_same_names_are_suggested_but_never_joined(league, seasons):
    spring, autumn = seasons
    suggestions = series_link_suggestions(league)
    assert [[p.player_id for p in s.players] for s in suggestions] == [
        [player(spring, "Bob").pk, player(autumn, " bob ").pk]
    ]
    assert len(series_standings(league).people) == 7  # still two Bobs


def test_a_confirmed_link_is_no_longer_suggested(league, seasons, organiser):
    spring, autumn = seasons
    series_player_link(
        series=league, players=[player(spring, "Bob"), player(autumn, " bob ")], user=organiser
    )
    assert series_link_suggestions(league) == []


def test_players_with_different_ema_numbers_are_not_suggested(league, seasons):
    spring, autumn = seasons
    Player.objects.filter(pk=player(spring, "Bob").pk).update(ema_id="20000001")
    Player.objects.filter(pk=player(autumn, " bob ").pk).update(ema_id="20000002")
    assert series_link_suggestions(league) == []


def test_a_link_of_two_players_of_one_tournament_is_refused(league, seasons, organiser):
    spring, _autumn = seasons
    with pytest.raises(SeriesRefused) as refused:
        series_player_link(
            series=league, players=[player(spring, "Bob"), player(spring, "Cy")], user=organiser
        )
    assert refused.value.field == "players"
    assert not SeriesPlayerLink.objects.exists()


def test_a_link_of_players_with_different_ema_numbers_is_refused(league, seasons, organiser):
    spring, autumn = seasons
    Player.objects.filter(pk=player(spring, "Bob").pk).update(ema_id="20000001")
    Player.objects.filter(pk=player(autumn, " bob ").pk).update(ema_id="20000002")
    with pytest.raises(SeriesRefused, match="different EMA numbers"):
        series_player_link(
            series=league,
            players=[player(spring, "Bob"), player(autumn, " bob ")],
            user=organiser,
        )


def test_a_link_that_would_put_two_players_of_one_tournament_together_through_an_ema_number(
    league, seasons, organiser
):
    spring, autumn = seasons
    # Ann of spring is Ann Lee of autumn (EMA): linking her to autumn's Eve would make one
    # person of two autumn players.
    with pytest.raises(SeriesRefused, match="same tournament"):
        series_player_link(
            series=league, players=[player(spring, "Ann"), player(autumn, "Eve")], user=organiser
        )


def test_a_player_of_a_tournament_outside_the_series_is_refused(
    league, seasons, organiser, play_tournament
):
    spring, _autumn = seasons
    other = play_tournament("elsewhere", [("Bob", ""), ("X", ""), ("Y", ""), ("Z", "")], [])
    with pytest.raises(SeriesRefused, match="did not play a tournament of this series"):
        series_player_link(
            series=league, players=[player(spring, "Bob"), player(other, "Bob")], user=organiser
        )


def test_people_rank_by_table_points_then_contest_points(play_tournament, series_of):
    first = play_tournament(
        "first", [("Ann", ""), ("Bob", ""), ("Cy", ""), ("Di", "")], [("A", "B", 8)]
    )
    second = play_tournament(
        "second", [("Eve", ""), ("Fay", ""), ("Gus", ""), ("Hal", "")], [("A", None, 10)]
    )
    standings = series_standings(series_of(first, second))
    order = [(row.rank, row.name, row.table_points, row.contest_points) for row in standings.people]
    assert order == [
        (1, "Eve", 4, 54),  # 4 TP like Ann: more contest points
        (2, "Ann", 4, 32),
        (3, "Cy", Fraction(3, 2), -8),  # equal sums share a place
        (3, "Di", Fraction(3, 2), -8),
        (5, "Fay", 1, -18),  # more table points than Bob, fewer contest points
        (5, "Gus", 1, -18),
        (5, "Hal", 1, -18),
        (8, "Bob", 0, -16),
    ]


def test_an_unsigned_sheet_changes_nothing(league, seasons, play_tournament):
    spring, autumn = seasons
    before = [
        (row.key, row.rank, row.table_points, row.contest_points)
        for row in series_standings(league).people
    ]
    winter = play_tournament(
        "winter",
        [("Ann W", "10000001"), ("Gus", ""), ("Hal", ""), ("Ivy", "")],
        [("A", None, 40)],
        signed=False,
    )
    league.tournaments.add(winter)
    standings = series_standings(league)
    after = [(row.key, row.rank, row.table_points, row.contest_points) for row in standings.people]
    assert after == before
    assert all(row.figures[2] is None for row in standings.people)  # winter: did not play


def test_a_disqualified_players_figures_are_shown_but_not_counted(league, seasons):
    _spring, autumn = seasons
    Player.objects.filter(pk=player(autumn, "Ann Lee").pk).update(status=Player.Status.DISQUALIFIED)
    ann = by_name(series_standings(league))["Ann Lee"]
    _spring_figures, autumn_figures = ann.figures
    assert autumn_figures.rank is None and not autumn_figures.counted
    assert autumn_figures.label == "disqualified"
    assert (ann.table_points, ann.contest_points) == (4, 32)  # spring's only
    assert ann.rank == 2  # after Eve (4 TP, 46 CP)


def test_a_person_disqualified_in_his_only_tournament_is_listed_last_without_a_rank(
    league, seasons
):
    spring, _autumn = seasons
    Player.objects.filter(pk=player(spring, "Cy").pk).update(status=Player.Status.DISQUALIFIED)
    people = series_standings(league).people
    assert people[-1].name == "Cy" and people[-1].rank is None
    assert people[-1].table_points == 0
