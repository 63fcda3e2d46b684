"""The demo's seating cases, through the services the admin uses.

- The reserve takes the Player's Oath when he registers (Appendix 2): every first seat asks it
  (`tournaments.services.oath`), his too when he takes a lost seat.
- A small mixed tournament beside the main demo ("<slug>-final"): eight players, five
  qualifying sessions and a final of four (points entered as the paper gives them):
  - the chief umpire gives the umpire rota for the whole event; after the first session a
    player withdraws and the organiser re-seats the sessions still to play with the rota in
    place (each table keeps its umpire, `seating_reseat_remaining`), the reserve filling the
    empty seat;
  - in the first session the player in seat A of each table wins the only hand, self-drawn;
    in the others each player of a table wins one hand of the same points: every other
    player ends level on table points and contest points, sharing a place across the cut-off
    of four. The seeding of the final refuses it, and the organiser decides the tie by a lot
    drawn from a printed seed (rule 3.10.1) before the final session is seeded from it.
"""

import datetime

from django.db import transaction
from django.utils import timezone

from tournaments.demo.removal import demo_delete
from tournaments.demo.users import DemoPeople
from tournaments.history import acting_as
from tournaments.models import Player, Tournament
from tournaments.services import signoff
from tournaments.services.cut_off import CutOffTied, cut_off_decide_by_lot
from tournaments.services.hands import hand_record_win
from tournaments.services.lots import lots_draw
from tournaments.services.registration import (
    player_accept_oath,
    player_create,
    player_register_substitute,
    player_withdraw,
)
from tournaments.services.seating import (
    seating_generate,
    seating_reseat_remaining,
    seating_seed_final_session,
)
from tournaments.services.sessions import session_end, session_start
from tournaments.services.umpire_rota import umpire_rota_assign

FINAL_PLAYERS = ("Aiko Mori", "Bruno Sala", "Chloé Martin", "Dmitri Orlov", "Elif Kaya")
FINAL_PLAYERS += ("Farid Haddad", "Greta Lund", "Hugo Brandt")
FINAL_RESERVE = "Reserve Ines"


def register_sworn_reserve(tournament: Tournament, name: str) -> Player:
    """A reserve registered after the chart, who takes the Player's Oath as he registers (the
    evening before the first day)."""
    reserve = player_register_substitute(tournament=tournament, name=name)
    return player_accept_oath(player=reserve, accepted_at=_evening_before(tournament))


def _evening_before(tournament: Tournament) -> datetime.datetime:
    day = tournament.start_date - datetime.timedelta(days=1)
    return timezone.make_aware(datetime.datetime.combine(day, datetime.time(19, 30)))


QUALIFYING, SESSIONS = 5, 6
SESSION = datetime.timedelta(minutes=150)


def build_final_stage_demo(
    *, slug: str, seed: int, people: DemoPeople, time_limit: float = 5.0
) -> Tournament:
    """The small mixed tournament `slug` (an existing demo of that slug replaced): a re-seat
    with the rota in place, then a tie at the final's cut-off decided by a recorded lot."""
    _replace(slug)
    with transaction.atomic():
        tournament = _registered(slug)
    with acting_as(people.organiser):
        lots_draw(tournament=tournament, seed=f"final-lots-{seed}", user=people.organiser)
        seating_generate(
            tournament=tournament,
            seed=f"final-chart-{seed}",
            time_limit=time_limit,
            user=people.organiser,
        )
    _rota_for_the_event(tournament, people)
    _play(tournament, people, 1)
    _withdraw_and_reseat(tournament, people, seed, time_limit)
    for number in range(2, QUALIFYING + 1):
        _play(tournament, people, number)
    _decide_the_cut_off_and_seed(tournament, people, seed)
    _rota_for_the_event(tournament, people)  # the final's tables too, now they exist
    return tournament


def _replace(slug: str) -> None:
    existing = Tournament.objects.filter(slug=slug).first()
    if existing is not None:
        demo_delete(existing)


def _registered(slug: str) -> Tournament:
    """Eight players and a reserve, all sworn the evening before."""
    tournament = Tournament.objects.create(
        name="Demo MCR Final (mixed: five qualifying sessions, a final of four)",
        slug=slug,
        start_date=datetime.date(2026, 11, 28),
        end_date=datetime.date(2026, 11, 29),
        venue="Demo Hall",
        format=Tournament.Format.MIXED,
        entry_mode=Tournament.EntryMode.POINTS_ONLY,
        sessions_planned=SESSIONS,
        qualifying_sessions=QUALIFYING,
        finalists=4,
    )
    sworn = _evening_before(tournament)
    for name in FINAL_PLAYERS:
        player = player_create(tournament=tournament, name=name)
        player_accept_oath(player=player, accepted_at=sworn)
    register_sworn_reserve(tournament, FINAL_RESERVE)
    return tournament


def _rota_for_the_event(tournament: Tournament, people: DemoPeople) -> None:
    """umpire1 takes table 1 and umpire2 table 2 for the whole event."""
    sessions = list(range(1, tournament.sessions_planned + 1))
    with acting_as(people.chief):
        for table, umpire in zip((1, 2), people.umpires * 2, strict=False):
            umpire_rota_assign(
                user=people.chief,
                tournament=tournament,
                umpire=umpire,
                table_numbers=[table],
                session_numbers=sessions,
            )


def _withdraw_and_reseat(
    tournament: Tournament, people: DemoPeople, seed: int, time_limit: float
) -> None:
    """After the first session the last player withdraws: the organiser re-seats the sessions
    still to play, the reserve filling the empty seat; each table keeps its umpire."""
    with acting_as(people.organiser):
        player_withdraw(
            player=tournament.players.get(name=FINAL_PLAYERS[-1]), user=people.organiser
        )
        seating_reseat_remaining(
            tournament=tournament,
            from_session=2,
            seed=f"final-reseat-{seed}",
            time_limit=time_limit,
            user=people.organiser,
        )


def _winners(number: int) -> list[str]:
    """Seat A wins the first session's only hand; later each seat wins one hand."""
    return ["A"] if number == 1 else ["A", "B", "C", "D"]


def _play(tournament: Tournament, people: DemoPeople, number: int) -> None:
    """One qualifying session: self-drawn wins (10 points in the first, 8 later), the gong,
    the players' confirmations and the umpires' signatures."""
    session = tournament.sessions.get(number=number)
    day, slot = divmod(number - 1, 3)
    start = timezone.make_aware(
        datetime.datetime.combine(tournament.start_date, datetime.time(9, 0))
    ) + datetime.timedelta(days=day, hours=3 * slot)
    with acting_as(people.chief):
        session_start(session=session, at=start, user=people.chief)
    sheets = list(session.table_sessions.select_related("umpire").order_by("table__number"))
    for sheet in sheets:
        with acting_as(sheet.umpire):
            for winner in _winners(number):
                hand_record_win(
                    table_session=sheet,
                    winner=winner,
                    discarder=None,
                    points=10 if number == 1 else 8,
                    user=sheet.umpire,
                )
    with acting_as(people.chief):
        session_end(session=session, at=start + SESSION, user=people.chief)
    for sheet in sheets:
        _sign(sheet, start + SESSION)


def _sign(sheet, end: datetime.datetime) -> None:
    with acting_as(sheet.umpire):
        for minute, seat in enumerate(sheet.seats.select_related("player"), start=2):
            signoff.sheet_confirm_player(
                table_session=sheet,
                player=seat.player,
                confirmed_at=end + datetime.timedelta(minutes=minute),
                user=sheet.umpire,
            )
        signoff.sheet_sign(
            table_session=sheet, at=end + datetime.timedelta(minutes=8), user=sheet.umpire
        )


def _decide_the_cut_off_and_seed(tournament: Tournament, people: DemoPeople, seed: int) -> None:
    """The seeding finds the tie and refuses; a lot drawn from a printed seed decides it."""
    with acting_as(people.organiser):
        try:
            seating_seed_final_session(tournament=tournament, user=people.organiser)
        except CutOffTied:
            cut_off_decide_by_lot(
                tournament=tournament, seed=f"cut-off-{seed}", user=people.organiser
            )
            seating_seed_final_session(tournament=tournament, user=people.organiser)
