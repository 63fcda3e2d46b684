"""The series' writes (series.services) and what the database itself holds."""

import pytest
from django.contrib.auth.models import Group
from django.db import IntegrityError, transaction
from django.utils import timezone

from series.models import SeriesPerson, SeriesPlayerLink
from series.services import SeriesRefused, series_player_link, series_tournaments_set
from tournaments.models import Player
from tournaments.roles import ROLE_GROUPS, PermissionRefused, Role


def bobs(seasons):
    spring, autumn = seasons
    return [
        Player.objects.get(tournament=spring, name="Bob"),
        Player.objects.get(tournament=autumn, name=" bob "),
    ]


def test_a_player_is_linked_once_per_series_by_the_database(league, seasons, organiser):
    person = series_player_link(series=league, players=bobs(seasons), user=organiser)
    other = SeriesPerson.objects.create(series=league)
    with pytest.raises(IntegrityError), transaction.atomic():
        SeriesPlayerLink.objects.create(
            series=league,
            person=other,
            player=bobs(seasons)[0],
            tournament=seasons[0],
            confirmed_at=timezone.now(),
        )
    assert SeriesPlayerLink.objects.filter(person=person).count() == 2


def test_a_person_holds_one_player_per_tournament_by_the_database(league, seasons, organiser):
    person = series_player_link(series=league, players=bobs(seasons), user=organiser)
    cy = Player.objects.get(tournament=seasons[0], name="Cy")
    with pytest.raises(IntegrityError), transaction.atomic():
        SeriesPlayerLink.objects.create(
            series=league,
            person=person,
            player=cy,
            tournament=seasons[0],
            confirmed_at=timezone.now(),
        )


def test_a_link_keeps_who_confirmed_it_and_when_in_its_history(league, seasons, organiser):
    series_player_link(series=league, players=bobs(seasons), user=organiser)
    link = SeriesPlayerLink.objects.filter(series=league).first()
    assert link.confirmed_by == organiser and link.confirmed_at is not None
    assert link.history.get().history_user == organiser


def test_linking_a_player_already_linked_merges_the_people(
    league, seasons, organiser, play_tournament
):
    winter = play_tournament(
        "winter", [("Bob", ""), ("X", ""), ("Y", ""), ("Z", "")], [("B", "A", 8)]
    )
    series_tournaments_set(
        series=league, tournament_slugs=["spring", "autumn", "winter"], user=organiser
    )
    first = series_player_link(series=league, players=bobs(seasons), user=organiser)
    winter_bob = Player.objects.get(tournament=winter, name="Bob")
    second = series_player_link(
        series=league, players=[bobs(seasons)[1], winter_bob], user=organiser
    )
    assert second == first
    assert SeriesPerson.objects.filter(series=league).count() == 1
    assert SeriesPlayerLink.objects.filter(person=first).count() == 3


def test_setting_unknown_tournaments_is_refused_naming_them_and_changes_nothing(league, organiser):
    with pytest.raises(SeriesRefused, match="nowhere") as refused:
        series_tournaments_set(
            series=league, tournament_slugs=["spring", "nowhere"], user=organiser
        )
    assert refused.value.field == "tournaments"
    assert sorted(league.tournaments.values_list("slug", flat=True)) == ["autumn", "spring"]


def test_an_umpire_may_not_change_a_series(league, django_user_model):
    umpire = django_user_model.objects.create_user("u", is_staff=True)
    umpire.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role.UMPIRE])[0])
    with pytest.raises(PermissionRefused):
        series_tournaments_set(series=league, tournament_slugs=["spring"], user=umpire)
    assert league.tournaments.count() == 2


def test_a_link_the_standings_could_not_follow_is_refused(
    league, seasons, organiser, play_tournament
):
    # Ann (spring) and Ann Lee (autumn) share an EMA number; Xu and Quinn both play winter.
    winter = play_tournament("winter", [("Xu", ""), ("Quinn", ""), ("Y", ""), ("Z", "")], [])
    series_tournaments_set(
        series=league, tournament_slugs=["spring", "autumn", "winter"], user=organiser
    )
    ann = Player.objects.get(tournament=seasons[0], name="Ann")
    ann_lee = Player.objects.get(tournament=seasons[1], name="Ann Lee")
    xu, quinn = (Player.objects.get(tournament=winter, name=n) for n in ("Xu", "Quinn"))
    series_player_link(series=league, players=[ann, xu], user=organiser)
    with pytest.raises(SeriesRefused, match="same tournament") as refused:
        series_player_link(series=league, players=[ann_lee, quinn], user=organiser)
    assert refused.value.field == "players"
    assert not SeriesPlayerLink.objects.filter(player=quinn).exists()
