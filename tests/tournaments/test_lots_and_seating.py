import itertools
from collections import Counter

import pytest

from tests.tournaments.factories import PlayerFactory, TeamFactory, start_session
from tournaments.errors import TournamentError
from tournaments.models import Hand, Player, Seat
from tournaments.services.hands import hand_record_no_win
from tournaments.services.lots import lots_draw, player_set_lot_drawer
from tournaments.services.registration import player_register_substitute, player_withdraw
from tournaments.services.seating import seating_generate, seating_reseat_remaining


@pytest.fixture
def sixteen(tournament):
    """16 players in four teams of four."""
    teams = [TeamFactory(tournament=tournament, name=f"T{i}") for i in range(4)]
    for i in range(16):
        PlayerFactory(
            tournament=tournament, name=f"P{i}", team=teams[i // 4], registration_number=i + 1
        )
    return tournament


def test_lots_give_numbers_one_to_n_reproducibly_from_the_seed(sixteen):
    seed = lots_draw(tournament=sixteen, seed="open-2026")
    first = dict(sixteen.players.values_list("registration_number", "lot_number"))
    assert sorted(first.values()) == list(range(1, 17))
    sixteen.refresh_from_db()
    assert sixteen.lots_seed == "open-2026" == seed
    lots_draw(tournament=sixteen, seed="open-2026")
    assert dict(sixteen.players.values_list("registration_number", "lot_number")) == first
    lots_draw(tournament=sixteen, seed="another-seed")
    assert dict(sixteen.players.values_list("registration_number", "lot_number")) != first


def test_lots_without_a_seed_record_a_new_one(sixteen):
    seed = lots_draw(tournament=sixteen)
    sixteen.refresh_from_db()
    assert seed and sixteen.lots_seed == seed


def test_lots_need_four_players(tournament):
    PlayerFactory(tournament=tournament)
    with pytest.raises(TournamentError, match="At least four"):
        lots_draw(tournament=tournament)


def meetings(tournament) -> Counter:
    pairs: Counter = Counter()
    tables: dict = {}
    for seat in Seat.objects.filter(session__tournament=tournament):
        tables.setdefault(seat.table_session_id, []).append(seat.player_id)
    for players in tables.values():
        pairs.update(itertools.combinations(sorted(players), 2))
    return pairs


def test_the_chart_seats_everyone_each_session_and_keeps_teammates_apart(sixteen):
    lots_draw(tournament=sixteen, seed="s")
    seating_generate(tournament=sixteen, seed="chart", time_limit=2)
    assert sixteen.sessions.count() == 6
    for session in sixteen.sessions.all():
        assert session.seats.count() == 16
        for table_session in session.table_sessions.all():
            teams = [s.player.team_id for s in table_session.seats.all()]
            assert len(set(teams)) == 4, "teammates share a table"
    # 16 players, teams of 4 kept apart: 5 sessions can be free of repeats; 6 cannot.
    assert max(meetings(sixteen).values()) <= 2


def test_the_chart_needs_lots_first(sixteen):
    with pytest.raises(TournamentError, match="Draw lots first"):
        seating_generate(tournament=sixteen)


def test_lots_cannot_be_redrawn_once_the_chart_exists(sixteen):
    lots_draw(tournament=sixteen, seed="s")
    seating_generate(tournament=sixteen, seed="c", time_limit=2)
    with pytest.raises(TournamentError, match="already exists"):
        lots_draw(tournament=sixteen, seed="t")


def test_empty_seats_are_filled_by_substitutes(tournament):
    for i in range(14):
        PlayerFactory(tournament=tournament, registration_number=i + 1)
    lots_draw(tournament=tournament, seed="s")
    with pytest.raises(TournamentError, match="register substitutes"):
        seating_generate(tournament=tournament, seed="c", time_limit=2)
    assert not tournament.sessions.exists(), "nothing half-written"
    player_register_substitute(tournament=tournament, name="Sub 1")
    player_register_substitute(tournament=tournament, name="Sub 2")
    seating_generate(tournament=tournament, seed="c", time_limit=2)
    for session in tournament.sessions.all():
        assert session.seats.filter(player__status=Player.Status.SUBSTITUTE).count() == 2


def test_re_seating_after_a_withdrawal_keeps_the_played_sessions(sixteen):
    lots_draw(tournament=sixteen, seed="s")
    seating_generate(tournament=sixteen, seed="c", time_limit=2)
    first_session = list(
        Seat.objects.filter(session__number=1).values_list("player_id", "table_session_id")
    )
    table_session = start_session(sixteen.sessions.get(number=1).table_sessions.first())
    hand_record_no_win(table_session=table_session, outcome=Hand.Outcome.DRAW)
    leaving = sixteen.players.get(lot_number=5)
    player_withdraw(player=leaving)
    player_register_substitute(tournament=sixteen, name="Sub")
    with pytest.raises(TournamentError, match="already have hands"):
        seating_reseat_remaining(tournament=sixteen, from_session=1, seed="r", time_limit=3)
    seating_reseat_remaining(tournament=sixteen, from_session=2, seed="r", time_limit=3)
    assert (
        list(Seat.objects.filter(session__number=1).values_list("player_id", "table_session_id"))
        == first_session
    )
    later = Seat.objects.filter(session__tournament=sixteen, session__number__gte=2)
    assert not later.filter(player=leaving).exists()
    assert sixteen.sessions.count() == 6
    for session in sixteen.sessions.filter(number__gte=2):
        assert session.seats.count() == 16


# -- lots drawn for absent players (3.5.1) -------------------------------------------------


def _staff(username: str, role):
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group

    from tournaments.roles import ROLE_GROUPS

    user = get_user_model().objects.create_user(username=username, is_staff=True)
    user.groups.add(Group.objects.get(name=ROLE_GROUPS[role]))
    return user


def test_lots_record_who_drew_for_absent_players_without_changing_the_draw(sixteen):
    lots_draw(tournament=sixteen, seed="open-2026")
    plain = dict(sixteen.players.values_list("registration_number", "lot_number"))
    lots_draw(tournament=sixteen, seed="open-2026", drawn_by={3: " Marta Ruiz ", 7: "Marta Ruiz"})
    assert dict(sixteen.players.values_list("registration_number", "lot_number")) == plain
    drawers = dict(sixteen.players.values_list("registration_number", "lot_drawn_by"))
    assert drawers[3] == drawers[7] == "Marta Ruiz"
    assert {drawers[n] for n in drawers if n not in (3, 7)} == {""}


def test_lots_for_an_unknown_or_inactive_player_are_refused_and_nothing_drawn(sixteen):
    withdrawn = sixteen.players.get(registration_number=16)
    player_withdraw(player=withdrawn)
    for drawn_by in ({99: "Marta"}, {16: "Marta"}):
        with pytest.raises(TournamentError, match="No active player has the registration"):
            lots_draw(tournament=sixteen, seed="s", drawn_by=drawn_by)
    with pytest.raises(TournamentError, match="Name who drew the lot for player 2"):
        lots_draw(tournament=sixteen, seed="s", drawn_by={2: "  "})
    with pytest.raises(TournamentError, match="longer than 120 characters"):
        lots_draw(tournament=sixteen, seed="s", drawn_by={2: "m" * 121})
    assert not sixteen.players.exclude(lot_number=None).exists()
    assert not sixteen.players.exclude(lot_drawn_by="").exists()
    sixteen.refresh_from_db()
    assert sixteen.lots_seed == ""


def test_who_drew_can_be_recorded_before_the_draw_and_is_kept_by_it(sixteen):
    absent = sixteen.players.get(registration_number=5)
    player_set_lot_drawer(player=absent, drawn_by="Marta Ruiz")
    lots_draw(tournament=sixteen, seed="s")
    absent.refresh_from_db()
    assert absent.lot_drawn_by == "Marta Ruiz" and absent.lot_number is not None


def test_who_drew_can_be_recorded_or_cleared_right_after_the_draw(sixteen):
    lots_draw(tournament=sixteen, seed="s")
    absent = sixteen.players.get(registration_number=5)
    assert player_set_lot_drawer(player=absent, drawn_by="Marta Ruiz").lot_drawn_by == "Marta Ruiz"
    player_set_lot_drawer(player=absent, drawn_by="")
    absent.refresh_from_db()
    assert absent.lot_drawn_by == ""


def test_who_drew_cannot_change_once_the_chart_exists(sixteen):
    from tournaments.models import Session

    lots_draw(tournament=sixteen, seed="s")
    Session.objects.create(tournament=sixteen, number=1)
    absent = sixteen.players.get(registration_number=5)
    with pytest.raises(TournamentError, match="can no longer change"):
        player_set_lot_drawer(player=absent, drawn_by="Marta Ruiz")
    absent.refresh_from_db()
    assert absent.lot_drawn_by == ""


def test_only_active_players_have_a_lot_drawn_for_them(tournament):
    substitute = player_register_substitute(tournament=tournament, name="Sub 1")
    with pytest.raises(TournamentError, match="Only active players draw lots"):
        player_set_lot_drawer(player=substitute, drawn_by="Marta Ruiz")


def test_only_an_organiser_draws_lots_or_names_who_drew(sixteen):
    from tournaments.roles import PermissionRefused, Role

    umpire = _staff("umpire", Role.UMPIRE)
    absent = sixteen.players.get(registration_number=5)
    with pytest.raises(PermissionRefused):
        lots_draw(tournament=sixteen, seed="s", user=umpire)
    with pytest.raises(PermissionRefused):
        player_set_lot_drawer(player=absent, drawn_by="Marta", user=umpire)
    assert not sixteen.players.exclude(lot_number=None).exists()
    organiser = _staff("organiser", Role.ORGANISER)
    player_set_lot_drawer(player=absent, drawn_by="Marta", user=organiser)
    lots_draw(tournament=sixteen, seed="s", user=organiser)
    assert sixteen.players.exclude(lot_number=None).count() == 16


def test_the_draw_lots_command_records_who_drew(sixteen):
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("draw_lots", sixteen.slug, "--seed", "s", "--drawn-by", "4:Marta Ruiz", stdout=out)
    player = sixteen.players.get(registration_number=4)
    assert player.lot_drawn_by == "Marta Ruiz"
    assert f"{player.lot_number:4d}  {player.name}  (drawn by Marta Ruiz)" in out.getvalue()


@pytest.mark.parametrize(
    ("values", "message"),
    [
        (["4"], "takes REGISTRATION_NUMBER:NAME"),
        (["x:Marta"], "takes REGISTRATION_NUMBER:NAME"),
        (["4:Marta", "4:Luis"], "names player 4 twice"),
        (["99:Marta"], "No active player has the registration number 99"),
    ],
)
def test_the_draw_lots_command_refuses_a_bad_drawn_by(sixteen, values, message):
    from django.core.management import call_command
    from django.core.management.base import CommandError

    arguments = [a for value in values for a in ("--drawn-by", value)]
    with pytest.raises(CommandError, match=message):
        call_command("draw_lots", sixteen.slug, *arguments)
    assert not sixteen.players.exclude(lot_number=None).exists()
