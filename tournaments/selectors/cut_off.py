"""The tie at the final's cut-off (rule 3.10.1) and how it was decided: what the seeding (in
`tournaments.services.cut_off`), its page, the standings and the API read.

Rule 3.10.1 ranks players by table points, then contest points ("el jugador que tenga más
puntos positivos será el ganador"); the tournament's further tie-breaks come after. Players
still equal share a place. When a shared place straddles the number of players advancing to
the final stage, nothing in the rule (and never the player number) says who advances: the
organiser decides it by a play-off or a lot, recorded as a `CutOffDecision`.

The places are the official standings' (signed sheets only, Appendix 5); who may advance are
the active players with a place (not withdrawn, not disqualified).
"""

from dataclasses import dataclass
from fractions import Fraction

from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import CutOffDecision, Player, Tournament
from tournaments.selectors.standings import PlayerRow, points_value, standings_compute


@dataclass(frozen=True)
class TiedPlayer:
    number: int
    name: str

    def __str__(self) -> str:
        return _("No. %(number)s %(name)s") % {"number": self.number, "name": self.name}


@dataclass(frozen=True)
class CutOffTie:
    """Players sharing places `first_place`..`last_place` of the standings across the
    `finalists` advancing to final session `session`, of whom `advancing` go through;
    `table_points` and `contest_points` are theirs, all equal. `start`: where they begin
    among the players who may advance (0 is the first)."""

    session: int
    finalists: int
    first_place: int
    last_place: int
    advancing: int
    players: tuple[TiedPlayer, ...]
    table_points: Fraction
    contest_points: int
    start: int

    @property
    def numbers(self) -> list[int]:
        return [p.number for p in self.players]


def seeding_candidates(rows: list[PlayerRow]) -> list[PlayerRow]:
    """The players who may advance, in the standings' order: active, with a place."""
    return [row for row in rows if row.status == Player.Status.ACTIVE and row.rank is not None]


def cut_off_tie_in(standings: list[PlayerRow], *, finalists: int, session: int) -> CutOffTie | None:
    """The tie across the cut-off of `finalists` in the standings' rows, or None when the last
    of the players who may advance to go through and the first left out do not share a
    place."""
    rows = seeding_candidates(standings)
    if finalists < 1 or len(rows) <= finalists:
        return None
    rank = rows[finalists - 1].rank
    if rows[finalists].rank != rank:
        return None
    start = next(index for index, row in enumerate(rows) if row.rank == rank)
    tied = [row for row in rows if row.rank == rank]
    sharing = sum(1 for row in standings if row.rank == rank)
    return CutOffTie(
        session=session,
        finalists=finalists,
        first_place=rank,
        last_place=rank + sharing - 1,
        advancing=finalists - start,
        players=tuple(TiedPlayer(number=row.number, name=row.name) for row in tied),
        table_points=tied[0].table_points,
        contest_points=tied[0].contest_points,
        start=start,
    )


def next_final_session(tournament: Tournament) -> int:
    """The number of the session a seeding adds: the one after the last that exists."""
    last = tournament.sessions.order_by("-number").values_list("number", flat=True).first()
    return (last or 0) + 1


def cut_off_tie(*, tournament: Tournament, finalists: int | None = None) -> CutOffTie | None:
    """The tie at the cut-off of the next final session now, in the official standings (None:
    none, or no final stage to seed: a round robin, no number of players advancing)."""
    count = finalists or tournament.finalists
    if tournament.format == Tournament.Format.ROUND_ROBIN or not count:
        return None
    standings = standings_compute(tournament=tournament).players
    return cut_off_tie_in(standings, finalists=count, session=next_final_session(tournament))


def cut_off_decision_of(tournament: Tournament, tie: CutOffTie) -> CutOffDecision | None:
    """The decision recorded for this tie: for its session, between the same players."""
    tied = sorted(tie.numbers)
    decisions = tournament.cut_off_decisions.filter(session_number=tie.session)
    for decision in decisions.order_by("-decided_at", "-pk"):
        if sorted(decision.order) == tied:
            return decision
    return None


# -- what the standings, the seeding page and the API show -----------------------------------


@dataclass(frozen=True)
class DecisionLine:
    """A recorded decision with its players in the order decided, and who advanced."""

    decision: CutOffDecision
    players: tuple[TiedPlayer, ...]

    @property
    def advancing(self) -> tuple[TiedPlayer, ...]:
        return self.players[: self.decision.advancing]

    @property
    def verify_command(self) -> str:
        """The command that re-runs a lot (empty for a play-off)."""
        if self.decision.method != CutOffDecision.Method.LOT:
            return ""
        numbers = " ".join(str(n) for n in sorted(self.decision.order))
        return f"python -m seating lot --seed {self.decision.seed} {numbers}"

    @property
    def recorded_by(self) -> str:
        user = self.decision.decided_by
        return user.get_username() if user is not None else ""

    @property
    def words(self) -> str:
        return cut_off_decision_words(self)


def _names(tournament: Tournament) -> dict[int, str]:
    return dict(tournament.players.exclude(lot_number=None).values_list("lot_number", "name"))


def _line(decision: CutOffDecision, names: dict[int, str]) -> DecisionLine:
    players = tuple(TiedPlayer(number=n, name=names.get(n, "")) for n in decision.order)
    return DecisionLine(decision=decision, players=players)


def cut_off_decisions(*, tournament: Tournament) -> list[DecisionLine]:
    """Every decision of a tie at the cut-off, by session, with the players' names."""
    names = _names(tournament)
    decisions = tournament.cut_off_decisions.select_related("decided_by")
    return [_line(decision, names) for decision in decisions]


def cut_off_decision_line(*, decision: CutOffDecision) -> DecisionLine:
    """One decision with its players' names."""
    return _line(decision, _names(decision.tournament))


def cut_off_decision_dict(line: DecisionLine) -> dict:
    """A recorded decision as the API and `manage.py standings --json` give it."""
    decision = line.decision
    return {
        "session": decision.session_number,
        "finalists": decision.finalists,
        "first_place": decision.first_place,
        "last_place": decision.last_place,
        "method": decision.method,
        "seed": decision.seed,
        "verify": line.verify_command,
        "result": decision.result,
        "order": [{"number": p.number, "name": p.name} for p in line.players],
        "advancing": [p.number for p in line.advancing],
        "decided_by": line.recorded_by or None,
        "decided_at": decision.decided_at.isoformat(),
        "text": line.words,
    }


def cut_off_decisions_as_dicts(*, tournament: Tournament) -> list[dict]:
    """Every decision (`cut_off_decision_dict`): the standings' `cut_off_decisions`."""
    return [cut_off_decision_dict(line) for line in cut_off_decisions(tournament=tournament)]


def cut_off_decision_public(line: DecisionLine) -> dict:
    """What the public standings and the printed ones show of a decision: plain values (the
    printed form's data is fingerprinted), put into words by `cut_off_decision_sentence`."""
    decision = line.decision
    return {
        "session": decision.session_number,
        "finalists": decision.finalists,
        "first_place": decision.first_place,
        "last_place": decision.last_place,
        "method": decision.method,
        "seed": decision.seed,
        "verify": line.verify_command,
        "result": decision.result,
        "order": [{"number": p.number, "name": p.name} for p in line.players],
        "advancing": len(line.advancing),
    }


def cut_off_decisions_public(*, tournament: Tournament) -> list[dict]:
    """Every decision as `cut_off_decision_public` gives it."""
    return [cut_off_decision_public(line) for line in cut_off_decisions(tournament=tournament)]


def cut_off_decision_sentence(data: dict) -> str:
    """A decision (`cut_off_decision_public`) in words, without who recorded it."""
    head = _(
        "Session %(session)s, %(finalists)s players advancing: places %(first)s to %(last)s "
        "were tied (rule 3.10.1)."
    ) % {
        "session": data["session"],
        "finalists": data["finalists"],
        "first": data["first_place"],
        "last": data["last_place"],
    }
    if data["method"] == CutOffDecision.Method.LOT:
        how = _("Decided by a lot drawn with the seed %(seed)s (re-run: %(command)s).") % {
            "seed": data["seed"],
            "command": data["verify"],
        }
    else:
        how = _("Decided by a play-off: %(result)s.") % {"result": data["result"].rstrip(".")}
    players = [TiedPlayer(number=p["number"], name=p["name"]) for p in data["order"]]
    order = ngettext(
        "In order: %(players)s; the first advances.",
        "In order: %(players)s; the first %(n)s advance.",
        data["advancing"],
    ) % {"players": ", ".join(str(p) for p in players), "n": data["advancing"]}
    return " ".join((head, how, order))


def cut_off_decision_words(line: DecisionLine) -> str:
    """A decision in one sentence with who recorded it and when, as the staff's standings and
    the command print it."""
    decision = line.decision
    when = formats.date_format(timezone.localtime(decision.decided_at), "SHORT_DATETIME_FORMAT")
    recorded = _("Recorded %(when)s.") % {"when": when}
    if line.recorded_by:
        recorded = _("Recorded by %(user)s, %(when)s.") % {"user": line.recorded_by, "when": when}
    return " ".join((cut_off_decision_sentence(cut_off_decision_public(line)), recorded))


def tie_points(tie: CutOffTie) -> int | float:
    return points_value(tie.table_points)
