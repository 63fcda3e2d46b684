"""Played tournaments for the series' tests (docs/federation.md, "Series").

`play_tournament(slug, players, wins, signed=True)` makes a points-only tournament of one
table: `players` are (name, EMA number) in seats A-D, `wins` are (winner, discarder or None,
points) hands, then the time limit stops play (the sheet is complete) and, with `signed`,
the players confirm it and its umpire signs it, so that it counts in the official standings.
`series_of(*tournaments)` is a series of them, made by an organiser through the service.
"""

import pytest
from django.contrib.auth.models import Group
from django.core.cache import cache

from series.services import series_create
from tests.tournaments.factories import (
    PlayerFactory,
    TournamentFactory,
    seated_table,
    sign_sheets,
)
from tournaments.models import Tournament
from tournaments.roles import ROLE_GROUPS, Role
from tournaments.services.hands import hand_record_no_win, hand_record_win


@pytest.fixture(autouse=True)
def empty_cache():
    """The public page is kept in the cache: no test reads another's."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def organiser(db, django_user_model):
    user = django_user_model.objects.create_user("series-organiser", is_staff=True)
    user.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role.ORGANISER])[0])
    return user


@pytest.fixture
def play_tournament(db):
    def make(slug, players, wins, *, signed=True, start_date=None, table_number=1, tournament=None):
        tournament = tournament or TournamentFactory(
            name=slug.replace("-", " ").title(),
            slug=slug,
            start_date=start_date,
            entry_mode=Tournament.EntryMode.POINTS_ONLY,
        )
        start = tournament.players.count()
        rows = [
            PlayerFactory(
                tournament=tournament,
                name=name,
                ema_id=ema,
                country=country,
                lot_number=start + index + 1,
                registration_number=start + index + 1,
            )
            for index, (name, ema, country) in enumerate(_with_country(players))
        ]
        sheet = seated_table(tournament, table_number=table_number, players=rows, started=True)
        for winner, discarder, points in wins:
            hand_record_win(table_session=sheet, winner=winner, discarder=discarder, points=points)
        hand_record_no_win(table_session=sheet, outcome="time")
        if signed:
            sign_sheets(sheet)
        return tournament

    return make


def _with_country(players):
    return [(*player, "") if len(player) == 2 else player for player in players]


@pytest.fixture
def series_of(organiser):
    def make(*tournaments, slug="league", name="Club League"):
        return series_create(
            name=name, slug=slug, tournament_slugs=[t.slug for t in tournaments], user=organiser
        )

    return make


@pytest.fixture
def seasons(play_tournament):
    """Two signed tournaments. Spring (1 May): Ann (EMA 10000001, Spain) wins on Bob's
    discard: Ann 4 TP 32 CP, Cy and Di 1.5 TP -8 CP each, Bob 0 TP -16 CP. Autumn (1 Oct):
    Eve self-draws 10 then Bob wins 12 on Fay's discard: Eve 4 TP 46 CP, Bob 2 TP 18 CP,
    "Ann Lee" (the same EMA number) 1 TP -26 CP, Fay 0 TP -38 CP. Bob has no EMA number."""
    import datetime

    spring = play_tournament(
        "spring",
        [("Ann", "10000001", "ES"), ("Bob", ""), ("Cy", ""), ("Di", "")],
        [("A", "B", 8)],
        start_date=datetime.date(2026, 5, 1),
    )
    autumn = play_tournament(
        "autumn",
        [("Eve", "", "FR"), ("Ann Lee", "10000001"), (" bob ", ""), ("Fay", "")],
        [("A", None, 10), ("C", "D", 12)],
        start_date=datetime.date(2026, 10, 1),
    )
    return spring, autumn


@pytest.fixture
def league(seasons, series_of):
    return series_of(*seasons)
