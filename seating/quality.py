"""Schedule and quality report (pure functions over a chart).

A chart is a sequence of sessions; a session is a sequence of tables in table
number order (table 1 first); a table is four player numbers in seat order
A, B, C, D.  Real players are numbered 1..N.  A *substitute* ("bye") seat is
any number <= 0: ``generate_schedule`` uses -1, -2, -3 for the substitute
seats of a session (one per table at most), ``0`` is also accepted as a bye
by ``chart_quality``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from itertools import combinations

Table = tuple[int, int, int, int]
Session = tuple[Table, ...]


def is_bye(player: int) -> bool:
    """True for a substitute (bye) seat: any id <= 0."""
    return player <= 0


@dataclass(frozen=True)
class Metrics:
    players: int
    sessions: int
    tables: int
    repeated_pairs: int  # sum over pairs of (meetings - 1) for pairs meeting more than once
    max_meetings: int  # most meetings of any one pair
    pairs_met: int  # distinct pairs that met at least once
    meetings_histogram: dict[int, int]  # meetings -> number of pairs
    team_conflicts: int  # pair-meetings of two players of the same group
    a_seat_counts: dict[int, int]  # player -> sessions seated at A (first dealer)
    a_seat_spread: int  # max - min of a_seat_counts
    table_revisits: int  # sum over players of (sittings at a table number beyond the first)
    substitute_seats: int  # bye seats over all sessions
    substitute_repeats: int  # sum over players of (sessions with a bye at the table - 1)+
    partition_errors: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        d = asdict(self)
        d["meetings_histogram"] = {str(k): v for k, v in sorted(self.meetings_histogram.items())}
        d["a_seat_counts"] = {str(k): v for k, v in sorted(self.a_seat_counts.items())}
        return d


@dataclass(frozen=True)
class Schedule:
    sessions: tuple[Session, ...]
    metrics: Metrics
    info: dict = field(default_factory=dict)

    @property
    def reproducible(self) -> bool:
        """False when a time limit ended the search: its seed and effort may then give
        another chart."""
        return self.info.get("reproducible", True)

    def to_dict(self) -> dict:
        return {
            "sessions": [[list(t) for t in s] for s in self.sessions],
            "metrics": {**self.metrics.to_dict(), "reproducible": self.reproducible},
            "info": dict(self.info),
        }


def normalise(sessions) -> tuple[Session, ...]:
    return tuple(tuple(tuple(int(p) for p in t) for t in s) for s in sessions)


def chart_quality(
    sessions: Sequence[Sequence[Sequence[int]]],
    groups: Sequence[int | None] | Mapping[int, int | None] | None = None,
) -> Metrics:
    """Quality report of a chart.

    ``groups`` is either a sequence (``groups[i]`` is the group of player i+1)
    or a mapping player -> group; ``None`` means no group.
    """
    sessions = normalise(sessions)
    tally = _Tally(_group_map(groups), _players(sessions))
    for si, s in enumerate(sessions, 1):
        tally.count_session(si, s)
    return tally.metrics(len(sessions))


def _group_map(groups) -> dict[int, object]:
    if groups is None:
        return {}
    if isinstance(groups, Mapping):
        return {int(k): v for k, v in groups.items() if v is not None}
    return {i + 1: g for i, g in enumerate(groups) if g is not None}


def _players(sessions) -> set[int]:
    return {p for s in sessions for t in s for p in t if not is_bye(p)}


class _Tally:
    """What a chart's tables add up to, session by session."""

    def __init__(self, gmap: dict[int, object], players: set[int]):
        self.gmap, self.players = gmap, players
        self.errors: list[str] = []
        self.pair: Counter = Counter()
        self.a_seat: Counter = Counter({p: 0 for p in players})
        self.at_table: Counter = Counter()
        self.with_bye: Counter = Counter()
        self.conflicts = self.byes = self.n_tables = 0

    def count_session(self, si: int, s) -> None:
        self.n_tables = max(self.n_tables, len(s))
        seen: set[int] = set()
        for ti, t in enumerate(s, 1):
            self._count_table(si, ti, t, seen)
        missing = self.players - seen
        if missing:
            self.errors.append(f"session {si}: players {sorted(missing)} not seated")

    def _count_table(self, si: int, ti: int, t, seen: set[int]) -> None:
        if len(t) != 4:
            self.errors.append(f"session {si} table {ti}: {len(t)} seats")
        real = [p for p in t if not is_bye(p)]
        self.byes += len(t) - len(real)
        for p in real:
            if p in seen:
                self.errors.append(f"session {si}: player {p} seated twice")
            seen.add(p)
            self.at_table[(p, ti)] += 1
            if len(real) < len(t):
                self.with_bye[p] += 1
        if t and not is_bye(t[0]):
            self.a_seat[t[0]] += 1
        for p, q in combinations(sorted(real), 2):
            self.pair[(p, q)] += 1
            gp, gq = self.gmap.get(p), self.gmap.get(q)
            if gp is not None and gp == gq:
                self.conflicts += 1

    def metrics(self, sessions: int) -> Metrics:
        pair, a_seat = self.pair, self.a_seat
        counts = list(a_seat.values()) or [0]
        return Metrics(
            players=len(self.players),
            sessions=sessions,
            tables=self.n_tables,
            repeated_pairs=sum(c - 1 for c in pair.values() if c > 1),
            max_meetings=max(pair.values(), default=0),
            pairs_met=len(pair),
            meetings_histogram=dict(Counter(pair.values())),
            team_conflicts=self.conflicts,
            a_seat_counts=dict(a_seat),
            a_seat_spread=max(counts) - min(counts),
            table_revisits=sum(c - 1 for c in self.at_table.values() if c > 1),
            substitute_seats=self.byes,
            substitute_repeats=sum(c - 1 for c in self.with_bye.values() if c > 1),
            partition_errors=self.errors,
        )
