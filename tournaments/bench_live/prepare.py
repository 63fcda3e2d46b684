"""The tournament of the live benchmark, built through the services (runs under Django, in a
child process whose DATABASE_URL points at the benchmark's PostgreSQL).

500 players are registered, lots drawn and the chart seated; the first `played` sessions are
played, signed and countersigned as the demo does (tournaments/demo/builder.py); the next
session is scheduled, every table gets its own umpire login (with an API token), the players
check in and the chief umpire starts it: the benchmark then plays it live through the API.
The plan written for the load clients holds each table's 16 hands, generated in advance (a
client never runs the scoring core) and valid for the hand number they are entered as.
"""

import datetime
import json
import random
import time
from importlib import import_module
from pathlib import Path

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.auth.models import Group
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from rest_framework.authtoken.models import Token

from tournaments import seating_adapter
from tournaments.demo import builder, removal
from tournaments.demo import users as demo_users
from tournaments.demo.seating_cases import register_sworn_reserve
from tournaments.history import acting_as
from tournaments.models import Hand, TableSession, Tournament
from tournaments.models.play import HANDS_PER_SESSION
from tournaments.roles import ROLE_GROUPS, Role
from tournaments.selectors.standings import standings_compute
from tournaments.services import sessions as session_services
from tournaments.services.lots import lots_draw
from tournaments.services.seating import seating_generate
from tournaments.services.tournament import table_sessions_assign_umpire

DRAW_ODDS = 0.12  # as the demo: about one hand in eight is a draw
SELF_DRAWN_ODDS = 0.3


def _hand_plan(rng: random.Random) -> list[dict]:
    """16 request bodies for POST /api/score-sheets/{id}/hands/, hand 1 to 16."""
    bodies = []
    for number in range(1, HANDS_PER_SESSION + 1):
        if rng.random() < DRAW_ODDS:
            bodies.append({"outcome": Hand.Outcome.DRAW})
            continue
        winner = rng.choice("ABCD")
        self_drawn = rng.random() < SELF_DRAWN_ODDS
        discarder = None if self_drawn else rng.choice([p for p in "ABCD" if p != winner])
        winds = seating_adapter.hand_winds(number)
        tiles = builder._winning_tiles(
            rng, seating_adapter.seat_wind(winner, number), winds.prevalent_wind, self_drawn
        )
        for key in ("seat_wind", "prevalent_wind", "self_drawn"):
            tiles.pop(key, None)  # the API takes them from the hand number
        bodies.append(
            {"outcome": Hand.Outcome.WIN, "winner": winner, "discarder": discarder, "hand": tiles}
        )
    return bodies


def _umpire(table: int):
    user, _created = get_user_model().objects.get_or_create(
        username=f"bench-umpire-{table}", defaults={"is_staff": True}
    )
    user.groups.add(Group.objects.get(name=ROLE_GROUPS[Role.UMPIRE]))
    token, _created = Token.objects.get_or_create(user=user)
    return user, token.key


def prepare(*, players: int, played: int, seed: int, slug: str, time_limit: float) -> dict:
    """Build the tournament; returns the plan for the load clients and the setup figures."""
    started = time.perf_counter()
    rng = random.Random(seed)
    for old in Tournament.objects.filter(slug=slug):
        removal.demo_delete(old)
    tables = players // 4 + (1 if players % 4 else 0)
    people = demo_users.demo_people(tables=tables)
    # The played sessions lie on past days (the demo puts four a day from 09:00): an arrival
    # recorded in the future is refused, whatever the hour the benchmark runs at.
    first_day = timezone.localdate() - datetime.timedelta(days=played // 4 + 1)
    with transaction.atomic():
        tournament = Tournament.objects.create(
            name=f"Live benchmark ({players} players)",
            slug=slug,
            start_date=first_day,
            end_date=timezone.localdate() + datetime.timedelta(days=1),
            venue="Loopback",
            sessions_planned=played + 1,
        )
        builder._register(tournament, rng, players)
        demo_users.link_players(tournament, people)
    with acting_as(people.organiser):
        builder._accept_oaths(tournament)
        lots_draw(tournament=tournament, seed=f"lots-{seed}", drawn_by={players: "Bench"})
        seating_generate(tournament=tournament, seed=f"chart-{seed}", time_limit=time_limit)
        # The demo's session 2 has a no-show whose seat the registered (and sworn) reserve
        # plays.
        register_sworn_reserve(tournament, builder.RESERVE)
    seated = time.perf_counter()
    hands = 0
    for session in tournament.sessions.filter(number__lte=played).order_by("number"):
        with transaction.atomic():
            count, _penalties = builder._play_session(tournament, session, people, rng)
            builder._sign_off(session, people, countersign=True)
        hands += count
    history = time.perf_counter()
    live = tournament.sessions.get(number=played + 1)
    now = timezone.now()
    plan_tables = []
    with transaction.atomic():
        with acting_as(people.organiser):
            session_services.session_schedule(
                session=live, start=now, end=now + datetime.timedelta(minutes=150)
            )
        for sheet in live.table_sessions.select_related("table").order_by("table__number"):
            user, token = _umpire(sheet.table.number)
            with acting_as(people.chief):
                table_sessions_assign_umpire(
                    table_sessions=TableSession.objects.filter(pk=sheet.pk), umpire=user
                )
            seats = {
                seat.position: {"number": seat.player.lot_number, "name": seat.player.name}
                for seat in sheet.seats.select_related("player")
            }
            plan_tables.append(
                {
                    "sheet_id": sheet.pk,
                    "table": sheet.table.number,
                    "token": token,
                    "seats": seats,
                    "hands": _hand_plan(rng),
                }
            )
        with acting_as(people.chief):
            session_services.session_start(session=live, at=now)
            builder._check_in(live, now, rng)
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
    standings = standings_compute(tournament=tournament, live=True)
    contest_points = {row.number: row.contest_points for row in standings.players}
    return {
        "slug": slug,
        "session": live.number,
        "tables": plan_tables,
        "contest_points_before": contest_points,
        "public_pages": _public_pages(slug, live.number, sorted(contest_points), rng),
        "staff_pages": _staff_pages(tournament),
        "staff_cookie": _staff_session(people.chief),
        "setup": {
            "players": players,
            "tables": tables,
            "sessions_played_before": played,
            "hands_played_before": hands,
            "live_session": live.number,
            "seed": seed,
            "seconds_registration_lots_chart": round(seated - started, 1),
            "seconds_sessions_played": round(history - seated, 1),
            "seconds_total": round(time.perf_counter() - started, 1),
        },
    }


def _public_pages(slug: str, session: int, numbers: list[int], rng: random.Random) -> list[str]:
    """What the 20 browsing clients open: the standings, the live session, the chart, and
    the pages of a few players."""
    players = rng.sample(numbers, min(5, len(numbers)))
    return [
        reverse("public-standings", args=[slug]),
        reverse("public-session", args=[slug, session]),
        reverse("public-chart", args=[slug]),
        *(reverse("public-player", args=[slug, number]) for number in players),
    ]


def _staff_pages(tournament: Tournament) -> list[str]:
    """What the 5 staff refresh: the dashboard and the score-sheet list of the tournament."""
    sheets = reverse("admin:tournaments_tablesession_changelist")
    return [
        reverse("admin:tournaments_tournament_dashboard", args=[tournament.pk]),
        f"{sheets}?session__tournament__id__exact={tournament.pk}",
    ]


def _staff_session(user) -> dict:
    """A logged-in session of the chief umpire, as its cookie (the sessions are in the
    database every web process reads)."""
    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return {settings.SESSION_COOKIE_NAME: store.session_key}


def write_plan(plan: dict, path: Path) -> None:
    path.write_text(json.dumps(plan))
