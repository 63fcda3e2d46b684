"""A complete demo tournament, built only through the services the admin uses.

Every winning hand is generated as tiles and validated by the scoring core on entry, so the
demo exercises the same path as an umpire at a table.
"""

import datetime
import random
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from tournaments import scoring_adapter, seating_adapter
from tournaments.countries import country_code
from tournaments.demo import paper, seating_cases
from tournaments.demo import users as demo_users
from tournaments.demo.clock import at as _at
from tournaments.demo.lifted_disqualification import disqualification_lifted_on_appeal
from tournaments.history import acting_as
from tournaments.models import Hand, Penalty, Player, Sanction, Session, TableSession, Tournament
from tournaments.models.play import HANDS_PER_SESSION
from tournaments.selectors.standings import standings_compute
from tournaments.services import appeals, corrections, signoff
from tournaments.services import hands as hand_services
from tournaments.services import sessions as session_services
from tournaments.services.checkin import checkin_record, seat_replace_with_substitute
from tournaments.services.lots import lots_draw
from tournaments.services.penalties import DEAD_HAND_KINDS, penalty_record
from tournaments.services.registration import (
    player_accept_oath,
    player_register_substitute,
    players_import_csv,
    team_create,
)
from tournaments.services.sanctions import sanction_record
from tournaments.services.seating import seating_generate
from tournaments.services.tournament import table_sessions_assign_umpire

COUNTRIES = [
    "China",
    "Japan",
    "Korea",
    "Russia",
    "Spain",
    "France",
    "Denmark",
    "Netherlands",
    "Germany",
    "Italy",
    "Hungary",
    "Austria",
    "Sweden",
    "Czech Republic",
    "United Kingdom",
    "Portugal",
    "Switzerland",
    "Belgium",
    "Poland",
    "Finland",
    "Ukraine",
    "Hong Kong",
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
# Names in their own script too, so that every printed form shows Han, Hangul and Cyrillic.
_HAN_GIVEN = tuple("明华伟芳娜")
NATIVE = {
    "China": (("王", "李", "张", "刘"), _HAN_GIVEN, "{family}{given}"),
    "Japan": (("田中", "佐藤"), _HAN_GIVEN, "{family}{given}"),
    "Hong Kong": (("陳",), _HAN_GIVEN, "{family}{given}"),
    "Korea": (("김", "이", "박"), ("민준", "서연", "지우"), "{family}{given}"),
    "Russia": (("Иванов", "Петрова", "Соколов"), ("Ёж", "Ольга", "Юрий"), "{given} {family}"),
}


@dataclass
class DemoSummary:
    slug: str
    players: int
    sessions: int
    hands: int
    penalties: int
    appeals: int = 0
    corrections: int = 0


def _csv_text(rng: random.Random, players: int, team_names: list[tuple[str, str]]) -> str:
    lines = ["name,native_name,country,team,ema_id"]
    for index in range(players):
        team, country = team_names[index // 4] if index // 4 < len(team_names) else ("", "")
        name = f"{rng.choice(GIVEN)} {rng.choice(FAMILY)} {index + 1}"
        native = ""
        if country in NATIVE:
            families, givens, pattern = NATIVE[country]
            native = pattern.format(family=rng.choice(families), given=rng.choice(givens))
        # Teams named after clubs ("Bauer") give their players no country.
        code = country_code(country) or ""
        lines.append(f"{name},{native},{code},{team},{_demo_ema_id(index)}")
    return "\n".join(lines)


def _demo_ema_id(index: int) -> str:
    """Most players have an EMA number; every fifth is a newcomer without one."""
    return "" if index % 5 == 4 else f"{10000001 + index * 37:08d}"


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
        points = scoring_adapter.hand_points(hand)
        return points >= 8 and (points <= HIGH_HAND_POINTS or rng.random() < HIGH_HAND_ODDS)

    shape = rng.choices(list(SHAPE_WEIGHTS), weights=list(SHAPE_WEIGHTS.values()))[0]
    hand = scoring_adapter.generated_winning_hand(
        rng,
        seat_wind=seat_wind,
        prevalent_wind=prevalent,
        self_drawn=self_drawn,
        shape=shape,
        accept=realistic,
    )
    hand["flowers"] = rng.choices(range(len(FLOWER_WEIGHTS)), weights=FLOWER_WEIGHTS)[0]
    return hand


# Every kind of foul of 3.11 appears once on the first tables of the first session, as
# (position of the offender, hand it happens in, kind, details); a few more at random later.
RF, CLAIM, WALL = Penalty.Kind.REPEATED_FOUL, "changed_claim", "touched_wall"
SCRIPTED_FOULS = [
    ("B", 2, Penalty.Kind.WARNING, {"reason": "Discarded before the previous player finished"}),
    ("C", 3, RF, {"foul": CLAIM, "reason": "Called Pung, then withdrew the call"}),
    ("C", 5, RF, {"foul": CLAIM, "reason": "Called Chow, then withdrew the call"}),
    ("C", 7, RF, {"foul": CLAIM, "reason": "Changed his claim again"}),
    ("D", 4, RF, {"foul": WALL, "reason": "Touched the wall out of turn"}),
    ("A", 6, Penalty.Kind.DEDUCTION, {"amount": 10, "reason": "Slow play after a warning"}),
    ("B", 8, Penalty.Kind.FALSE_HU, {"reason": "Declared Hu with 6 points"}),
    (
        "D",
        9,
        Penalty.Kind.FALSE_HU,
        {"invalid_claim": True, "reason": "Declared Hu on a discard with 13 tiles"},
    ),
    ("A", 10, Penalty.Kind.EXPOSED_HAND, {"reason": "Exposed his hand when B's Hu did not stand"}),
    (
        "C",
        11,
        Penalty.Kind.REVEALED_TILE,
        {"victim": "D", "amount": 15, "reason": "Revealed a tile of D's hand"},
    ),
    ("B", 12, Penalty.Kind.DEAD_HAND, {"reason": "Wrong number of tiles between turns"}),
]
SESSION_MINUTES = 150
SESSION_GAP = datetime.timedelta(minutes=SESSION_MINUTES + 30)


def _session_start(tournament: Tournament, number: int) -> datetime.datetime:
    """Four sessions a day from 09:00, 3 hours apart."""
    day, slot = divmod(number - 1, 4)
    first = datetime.datetime.combine(
        tournament.start_date + datetime.timedelta(days=day), datetime.time(9, 0)
    )
    return timezone.make_aware(first) + slot * SESSION_GAP


def _fouls_for(table_session: TableSession, rng: random.Random) -> dict[int, list]:
    """The fouls of this sheet by hand number."""
    planned: dict[int, list] = {}
    if table_session.session.number == 1 and table_session.table.number == 1:
        for position, number, kind, details in SCRIPTED_FOULS:
            planned.setdefault(number, []).append((position, kind, details))
    elif rng.random() < 0.05:
        position = rng.choice("ABCD")
        kind, details = rng.choice(
            [
                (Penalty.Kind.DEDUCTION, {"amount": 10, "reason": "Touched the wall early"}),
                (Penalty.Kind.FALSE_HU, {"reason": "Declared Hu under 8 points"}),
                (Penalty.Kind.WARNING, {"reason": "Slow play"}),
            ]
        )
        planned[rng.randint(1, 12)] = [(position, kind, details)]
    return planned


def _record_fouls(table_session: TableSession, seats: dict, fouls: list, number: int) -> None:
    """Record this hand's fouls, as the umpire does when they happen: in the session's
    minutes of that hand (16 hands in its 150 minutes)."""
    session = table_session.session
    at = _session_start(session.tournament, session.number) + datetime.timedelta(
        minutes=SESSION_MINUTES * (number - 1) / HANDS_PER_SESSION
    )
    for position, kind, details in fouls:
        details = dict(details)
        if "victim" in details:
            details["victim"] = seats[details["victim"]]
        with _at(at + datetime.timedelta(minutes=1)):
            penalty_record(
                table_session=table_session,
                player=seats[position],
                kind=kind,
                hand_number=number,
                **details,
            )


@dataclass
class PlannedHand:
    """One hand of a table as the demo plays it: its fouls (position, kind, details) and its
    outcome; a win has its winner, discarder (None: self-drawn) and tiles."""

    number: int
    fouls: list
    outcome: str
    winner: str | None = None
    discarder: str | None = None
    tiles: dict | None = None


def _plan_table(table_session: TableSession, rng: random.Random) -> list[PlannedHand]:
    """The hands of one session at one table: 12 to 16, a time-limit stop when fewer than 16,
    some draws, wins by players without a dead hand in that hand."""
    fouls = _fouls_for(table_session, rng)
    played = rng.randint(12, HANDS_PER_SESSION)
    plan = []
    for number in range(1, played + 1):
        these = fouls.get(number, [])
        if number == played and played < HANDS_PER_SESSION:
            plan.append(PlannedHand(number, these, Hand.Outcome.TIME_LIMIT))
            continue
        if rng.random() < 0.12:
            plan.append(PlannedHand(number, these, Hand.Outcome.DRAW))
            continue
        dead = {position for position, kind, _details in these if kind in DEAD_HAND_KINDS}
        winner = rng.choice([p for p in "ABCD" if p not in dead])
        self_drawn = rng.random() < 0.3
        discarder = None if self_drawn else rng.choice([p for p in "ABCD" if p != winner])
        winds = seating_adapter.hand_winds(number)
        tiles = _winning_tiles(
            rng, seating_adapter.seat_wind(winner, number), winds.prevalent_wind, self_drawn
        )
        plan.append(PlannedHand(number, these, Hand.Outcome.WIN, winner, discarder, tiles))
    return plan


def _play_table(table_session: TableSession, rng: random.Random) -> list[PlannedHand]:
    """Play one session at one table, the umpire entering each hand's tiles and each foul;
    returns the hands played."""
    seats = {s.position: s.player for s in table_session.seats.select_related("player")}
    plan = _plan_table(table_session, rng)
    for hand in plan:
        _record_fouls(table_session, seats, hand.fouls, hand.number)
        if hand.outcome != Hand.Outcome.WIN:
            hand_services.hand_record_no_win(table_session=table_session, outcome=hand.outcome)
            continue
        tiles = {k: v for k, v in hand.tiles.items() if k not in WINDS_AND_DRAW}
        hand_services.hand_record_win(
            table_session=table_session, winner=hand.winner, discarder=hand.discarder, tiles=tiles
        )
    return plan


# What the sheet knows of a hand, and the umpire does not enter with its tiles.
WINDS_AND_DRAW = ("seat_wind", "prevalent_wind", "self_drawn")


def _check_in(session: Session, start: datetime.datetime, rng: random.Random) -> None:
    """Everybody arrives before the start, except one player of table 2 in session 1, seven
    minutes late (10 points off, rule 3.11.2), and one of table 1 in session 2 who does not
    come at all: he loses the session and the reserve takes his seat."""
    for sheet in session.table_sessions.order_by("table__number"):
        seats = list(sheet.seats.select_related("player").order_by("position"))
        absent = _no_show_seat(sheet, seats) if session.number == 2 else None
        for seat in seats:
            if seat == absent:
                with _at(start + datetime.timedelta(minutes=16)):  # 15 minutes waited (3.11.2)
                    _no_show(sheet, seat.player)
                continue
            early = datetime.timedelta(minutes=rng.randint(2, 25))
            arrived = start - early
            if session.number == 1 and sheet.table.number == 2 and seat.position == "C":
                arrived = start + datetime.timedelta(minutes=7)
            with _at(max(arrived, start)):  # a late arrival's penalty: when he arrives
                checkin_record(session=session, player=seat.player, arrived_at=arrived)


RESERVE = "Reserve Lee"


def _no_show_seat(sheet: TableSession, seats: list):
    """Table 1's last seat held by a registered (not substitute) player."""
    if sheet.table.number != 1:
        return None
    active = [seat for seat in seats if seat.player.status == Player.Status.ACTIVE]
    return active[-1] if active else None


def _no_show(sheet: TableSession, player: Player) -> None:
    """A no-show (3.11.2): recorded absent, his seat given to the registered reserve."""
    checkin_record(session=sheet.session, player=player, absent=True)
    seat_replace_with_substitute(
        table_session=sheet,
        player=player,
        substitute=sheet.session.tournament.players.get(name=RESERVE),
        reason="No-show: the reserve plays the seat (rule 3.11.2).",
    )


def _sign_off(session: Session, people: demo_users.DemoPeople, *, countersign: bool) -> None:
    """At each table the players confirm a few minutes after the gong and the umpire signs;
    the chief umpire countersigns within the half hour."""
    session.refresh_from_db(fields=["actual_end"])
    end = session.actual_end
    for sheet in session.table_sessions.select_related("umpire").order_by("table__number"):
        signed_on_paper = set(sheet.confirmations.values_list("player_id", flat=True))
        with acting_as(sheet.umpire):
            for minute, seat in enumerate(sheet.seats.select_related("player"), start=2):
                if seat.player_id in signed_on_paper:
                    continue
                signoff.sheet_confirm_player(
                    table_session=sheet,
                    player=seat.player,
                    confirmed_at=end + datetime.timedelta(minutes=minute),
                    user=sheet.umpire,
                )
            signed = end + datetime.timedelta(minutes=8)
            signoff.sheet_sign(table_session=sheet, at=signed, user=sheet.umpire)
        if countersign:
            with acting_as(people.chief):
                signoff.sheet_countersign(
                    table_session=sheet,
                    at=end + datetime.timedelta(minutes=25),
                    user=people.chief,
                )


def _play_session(
    tournament: Tournament, session: Session, people: demo_users.DemoPeople, rng: random.Random
) -> tuple[int, int]:
    start = _session_start(tournament, session.number)
    end = start + datetime.timedelta(minutes=SESSION_MINUTES)
    with acting_as(people.organiser):
        session_services.session_schedule(
            session=session, start=start, end=end, user=people.organiser
        )
    with acting_as(people.chief):
        for sheet in session.table_sessions.order_by("table__number"):
            umpire = people.umpires[(sheet.table.number - 1) % len(people.umpires)]
            table_sessions_assign_umpire(
                table_sessions=TableSession.objects.filter(pk=sheet.pk), umpire=umpire
            )
        session_services.session_start(session=session, at=start, user=people.chief)
        _check_in(session, start, rng)
    sheets = list(session.table_sessions.select_related("umpire").order_by("table__number"))
    keyer = paper.demo_paper_keyer() if session.number == paper.PAPER_SESSION else None
    if keyer is not None:
        plans = [(sheet, _plan_table(sheet, rng)) for sheet in sheets]
    else:
        plans = []
        for sheet in sheets:
            with acting_as(sheet.umpire):
                plans.append((sheet, _play_table(sheet, rng)))
    with acting_as(people.chief):
        session_services.session_end(session=session, at=end, user=people.chief)
    if keyer is not None:
        # At the gong the papers go to the desk.
        with _at(end):
            keyer([(sheet, paper.paper_of(plan)) for sheet, plan in plans])
    hands = sum(len(plan) for _sheet, plan in plans)
    penalties = sum(len(hand.fouls) for _sheet, plan in plans for hand in plan)
    return hands, penalties


def _correct_and_appeal(tournament: Tournament, people: demo_users.DemoPeople) -> tuple[int, int]:
    """Session 1, table 1: an appeal against the exposed-hand penalty is upheld and the chief
    umpire voids it by a correction; an appeal against the touched-wall payment is rejected."""
    session = tournament.sessions.get(number=1)
    sheet = session.table_sessions.get(table__number=1)
    exposed = sheet.penalties.get(kind=Penalty.Kind.EXPOSED_HAND)
    repeat = sheet.penalties.get(foul=Penalty.Foul.TOUCHED_WALL)
    filed_at = session.actual_end + datetime.timedelta(minutes=10)
    # Both handed in on paper, entered by the chief umpire five minutes after the second;
    # reviewed, corrected and ruled before the next session (at 20, 25 and 28 minutes).
    with acting_as(people.chief), _at(filed_at + datetime.timedelta(minutes=5)):
        upheld = appeals.appeal_file(
            session=session,
            player=exposed.player,
            subject="penalty",
            penalty=exposed,
            statement="B's Hu stood, so exposing the hand deserved a warning only (3.11.6.7).",
            confirmed=True,
            filed_at=filed_at,
            user=people.chief,
        )
        rejected = appeals.appeal_file(
            session=session,
            player=repeat.player,
            subject="penalty",
            penalty=repeat,
            statement="I only straightened the wall; it was not a foul.",
            confirmed=True,
            filed_at=filed_at + datetime.timedelta(minutes=5),
            user=people.chief,
        )
    with acting_as(people.committee), _at(filed_at + datetime.timedelta(minutes=10)):
        for appeal in (upheld, rejected):
            appeals.appeal_start_review(appeal=appeal, user=people.committee)
    with acting_as(people.chief), _at(filed_at + datetime.timedelta(minutes=15)):
        correction = corrections.correction_penalty_void(
            penalty=exposed,
            reason="Appeal upheld: B's Hu stood, so the exposed hand is a warning only "
            "(3.11.6.7); the 30-point payments are voided.",
            appeal=upheld,
            user=people.chief,
        )
    with acting_as(people.committee), _at(filed_at + datetime.timedelta(minutes=18)):
        appeals.appeal_decide(
            appeal=upheld,
            upheld=True,
            ruling="Upheld: the exposed-hand payments are voided.",
            reasons="The Hu stood; rule 3.11.6.7 then calls for a warning, not payments.",
            correction=correction,
            user=people.committee,
        )
        appeals.appeal_decide(
            appeal=rejected,
            upheld=False,
            ruling="Rejected: the umpire's ruling stands.",
            reasons="The umpire saw the wall touched out of turn; 3.13.3 lets the committee "
            "overturn only a ruling contrary to the rules.",
            user=people.committee,
        )
    with acting_as(people.chief), _at(filed_at + datetime.timedelta(minutes=19)):
        return 2, 1 + _late_corrections(tournament, people)


def _late_corrections(tournament: Tournament, people: demo_users.DemoPeople) -> int:
    """After signing, the chief umpire adds a foul reported late (session 1, table 2) and
    removes a hand dealt after the gong (the first other sheet whose last hand is a win or a
    draw)."""
    first = tournament.sessions.get(number=1)
    sheet = first.table_sessions.get(table__number=2)
    offender = sheet.seats.get(position="A").player
    corrections.correction_penalty_add(
        table_session=sheet,
        player=offender,
        kind=Penalty.Kind.DEDUCTION,
        amount=10,
        hand_number=3,
        nature="Passed information to his partner (reported after the sheet was signed)",
        reason="Reported by two players after signing; confirmed by the table's umpire.",
        user=people.chief,
    )
    others = (
        TableSession.objects.filter(session__tournament=tournament)
        .exclude(session=first, table__number__in=(1, 2))
        .order_by("session__number", "table__number")
    )
    for other in others:
        last = other.hands.order_by("-number").first()
        if last is not None and last.outcome != Hand.Outcome.TIME_LIMIT:
            corrections.correction_hand_remove(
                table_session=other,
                number=last.number,
                reason=f"Hand {last.number} began after the gong (3.5.6): it scores nothing.",
                user=people.chief,
            )
            return 2
    return 1


def _disqualify_one(tournament: Tournament, people: demo_users.DemoPeople) -> None:
    """At the end, the chief umpire disqualifies the player placed fifth (3.11.6.10): he keeps
    his sheets but takes no place and no certificate."""
    standings = standings_compute(tournament=tournament, live=True)
    player = Player.objects.get(pk=standings.players[4].player_id)
    with acting_as(people.chief):
        sanction_record(
            player=player,
            kind=Sanction.Kind.DISQUALIFICATION,
            reason="Persisted in disobeying the umpire after a warning (3.11.6.10).",
            session=tournament.sessions.order_by("-number").first(),
            user=people.chief,
        )


def build_demo(
    *, players: int, sessions: int, seed: int, slug: str, time_limit: float = 20.0, progress=None
) -> DemoSummary:
    rng = random.Random(seed)
    people = demo_users.demo_people(tables=players // 4 + (1 if players % 4 else 0))
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
        demo_users.link_players(tournament, people)
    with acting_as(people.organiser):
        _accept_oaths(tournament)
        lots_draw(
            tournament=tournament,
            seed=f"lots-{seed}",
            drawn_by={players: "Chief umpire (named by the organising committee)"},
        )
        seating_generate(tournament=tournament, seed=f"chart-{seed}", time_limit=time_limit)
        seating_cases.register_sworn_reserve(tournament, RESERVE)
    hands = penalties = 0
    last = tournament.sessions.order_by("-number").values_list("number", flat=True).first()
    for session in tournament.sessions.order_by("number"):
        with transaction.atomic():
            played, penalised = _play_session(tournament, session, people, rng)
            _sign_off(session, people, countersign=session.number != last)
        hands += played
        penalties += penalised
        if progress:
            progress(session.number, hands)
    with transaction.atomic():
        appeal_count, correction_count = _correct_and_appeal(tournament, people)
        disqualification_lifted_on_appeal(tournament, people)
        appeal_count += 1
        _disqualify_one(tournament, people)
    # The status follows the facts: running, the last session's sheets awaiting the chief
    # umpire's countersignature (the last of them finishes the tournament).
    count = tournament.players.exclude(status=Player.Status.SUBSTITUTE).count()
    return DemoSummary(
        slug=slug,
        players=count,
        sessions=sessions,
        hands=hands,
        penalties=penalties,
        appeals=appeal_count,
        corrections=correction_count,
    )


def _accept_oaths(tournament: Tournament) -> None:
    """Every player accepts the Player's Oath (Appendix 2) at registration, the day before."""
    day_before = datetime.datetime.combine(
        tournament.start_date - datetime.timedelta(days=1), datetime.time(18, 0)
    )
    for index, player in enumerate(tournament.players.order_by("registration_number")):
        accepted = timezone.make_aware(day_before) + datetime.timedelta(seconds=37 * index)
        player_accept_oath(player=player, accepted_at=accepted)
