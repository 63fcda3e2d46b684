"""A complete demo tournament, built only through the services the admin uses.

Every winning hand is generated as tiles and validated by the scoring core on entry, so the
demo exercises the same path as an umpire at a table.
"""

import datetime
import random
from dataclasses import dataclass

from django.db import transaction

import scoring
from scoring.generate import generate_hand
from tournaments import seating_adapter
from tournaments.models import Hand, Penalty, Player, TableSession, Tournament
from tournaments.models.play import HANDS_PER_SESSION
from tournaments.services import hands as hand_services
from tournaments.services.lots import lots_draw
from tournaments.services.penalties import penalty_record
from tournaments.services.registration import (
    player_register_substitute,
    players_import_csv,
    team_create,
)
from tournaments.services.seating import seating_generate

COUNTRIES = [
    "China",
    "Japan",
    "Spain",
    "France",
    "Denmark",
    "Netherlands",
    "Germany",
    "Italy",
    "Hungary",
    "Austria",
    "Sweden",
    "Russia",
    "Czech Republic",
    "United Kingdom",
    "Portugal",
    "Switzerland",
    "Belgium",
    "Poland",
    "Finland",
    "Ukraine",
    "Hong Kong",
    "Korea",
    "Brazil",
]
GIVEN = [
    "Ana",
    "Li",
    "Marc",
    "Yuki",
    "Sofia",
    "Jens",
    "Wei",
    "Marta",
    "Pierre",
    "Lena",
    "Hiro",
    "Elena",
    "Tomás",
    "Mei",
    "Lars",
    "Paula",
    "Chen",
    "Noor",
    "Iván",
    "Emma",
]
FAMILY = [
    "García",
    "Wang",
    "Dubois",
    "Tanaka",
    "Rossi",
    "Jensen",
    "Zhang",
    "Müller",
    "Kovács",
    "Silva",
    "Novák",
    "Larsen",
    "Liu",
    "Martín",
    "Sato",
    "Bauer",
    "Petrov",
    "Costa",
]
NATIVE = {"China": ("王", "李", "张", "刘"), "Japan": ("田中", "佐藤"), "Hong Kong": ("陳",)}


@dataclass
class DemoSummary:
    slug: str
    players: int
    sessions: int
    hands: int
    penalties: int


def _csv_text(rng: random.Random, players: int, team_names: list[tuple[str, str]]) -> str:
    lines = ["name,native_name,country,team"]
    for index in range(players):
        team, country = team_names[index // 4] if index // 4 < len(team_names) else ("", "")
        name = f"{rng.choice(GIVEN)} {rng.choice(FAMILY)} {index + 1}"
        native = ""
        if country in NATIVE:
            native = rng.choice(NATIVE[country]) + rng.choice("明华伟芳娜")
        lines.append(f"{name},{native},{country},{team}")
    return "\n".join(lines)


def _register(tournament: Tournament, rng: random.Random, players: int) -> None:
    team_names = []
    for index in range(players // 4):
        country = COUNTRIES[index % len(COUNTRIES)]
        name = f"{country} {index // len(COUNTRIES) + 1}"
        team_create(tournament=tournament, name=name, country=country)
        team_names.append((name, country))
    report = players_import_csv(
        tournament=tournament, csv_text=_csv_text(rng, players, team_names), dry_run=False
    )
    assert report.ok, report.errors  # generated rows are valid by construction
    for index in range(-players % 4):
        player_register_substitute(tournament=tournament, name=f"Substitute {index + 1}")


# Special shapes are rare at a real table; flowers mostly 0-2 (a winner seldom holds more).
SHAPE_WEIGHTS = {"regular": 93, "seven_pairs": 5, "knitted_straight": 1, "honors_knitted": 1}
FLOWER_WEIGHTS = (45, 30, 15, 6, 3, 1)
HIGH_HAND_POINTS = 40
HIGH_HAND_ODDS = 0.1


def _winning_tiles(rng: random.Random, seat_wind: str, prevalent: str, self_drawn: bool) -> dict:
    """A winning hand of 8 points or more, big hands kept rare as at a real table."""

    def realistic(hand: dict) -> bool:
        points = scoring.score_hand(hand).points
        return points >= 8 and (points <= HIGH_HAND_POINTS or rng.random() < HIGH_HAND_ODDS)

    shape = rng.choices(list(SHAPE_WEIGHTS), weights=list(SHAPE_WEIGHTS.values()))[0]
    hand = generate_hand(
        rng,
        seat_wind=seat_wind,
        prevalent_wind=prevalent,
        self_drawn=self_drawn,
        shape=shape,
        min_points_filter=realistic,
    )
    hand["flowers"] = rng.choices(range(len(FLOWER_WEIGHTS)), weights=FLOWER_WEIGHTS)[0]
    return hand


def _play_table(table_session: TableSession, rng: random.Random) -> tuple[int, int]:
    """Play one session at one table; returns (hands, penalties) recorded."""
    played = rng.randint(12, HANDS_PER_SESSION)
    for number in range(1, played + 1):
        if number == played and played < HANDS_PER_SESSION:
            hand_services.hand_record_no_win(
                table_session=table_session, outcome=Hand.Outcome.TIME_LIMIT
            )
            continue
        if rng.random() < 0.12:
            hand_services.hand_record_no_win(table_session=table_session, outcome=Hand.Outcome.DRAW)
            continue
        winner = rng.choice("ABCD")
        self_drawn = rng.random() < 0.3
        discarder = None if self_drawn else rng.choice([p for p in "ABCD" if p != winner])
        winds = seating_adapter.hand_winds(number)
        tiles = _winning_tiles(
            rng, seating_adapter.seat_wind(winner, number), winds.prevalent_wind, self_drawn
        )
        for key in ("seat_wind", "prevalent_wind", "self_drawn"):
            tiles.pop(key, None)
        hand_services.hand_record_win(
            table_session=table_session, winner=winner, discarder=discarder, tiles=tiles
        )
    return played, _maybe_penalise(table_session, rng)


def _maybe_penalise(table_session: TableSession, rng: random.Random) -> int:
    if rng.random() > 0.04:
        return 0
    seat = rng.choice(list(table_session.seats.select_related("player")))
    kind = rng.choice([Penalty.Kind.DEDUCTION, Penalty.Kind.FALSE_HU, Penalty.Kind.LATE_ARRIVAL])
    penalty_record(
        table_session=table_session,
        player=seat.player,
        kind=kind,
        reason={
            "deduction": "Touched the wall early",
            "false_hu": "Declared Hu under 8 points",
            "late": "Arrived late",
        }[kind],
        amount=10,
        minutes_late=rng.randint(1, 12),
    )
    return 1


def build_demo(
    *, players: int, sessions: int, seed: int, slug: str, time_limit: float = 20.0, progress=None
) -> DemoSummary:
    rng = random.Random(seed)
    with transaction.atomic():
        tournament = Tournament.objects.create(
            name=f"Demo MCR Open ({players} players)",
            slug=slug,
            start_date=datetime.date(2026, 11, 21),
            end_date=datetime.date(2026, 11, 22),
            venue="Demo Hall",
            sessions_planned=sessions,
        )
        _register(tournament, rng, players)
    lots_draw(tournament=tournament, seed=f"lots-{seed}")
    seating_generate(tournament=tournament, seed=f"chart-{seed}", time_limit=time_limit)
    hands = penalties = 0
    for session in tournament.sessions.order_by("number"):
        with transaction.atomic():
            for table_session in session.table_sessions.order_by("table__number"):
                played, penalised = _play_table(table_session, rng)
                hands += played
                penalties += penalised
        if progress:
            progress(session.number, hands)
    tournament.status = Tournament.Status.FINISHED
    tournament.save(update_fields=["status"])
    count = tournament.players.exclude(status=Player.Status.SUBSTITUTE).count()
    return DemoSummary(
        slug=slug, players=count, sessions=sessions, hands=hands, penalties=penalties
    )
