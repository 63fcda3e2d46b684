"""The draw of the session players look for: the running session, else the next one, with each
seated player's table and starting seat. Read by the public "find your seat" page and the
projector's display of the draw (public/views.py), which keep it once per published version.

Names are matched in Python, not by the database: the same on SQLite and PostgreSQL, accents,
case and compatibility forms (full-width letters) ignored, on the name and on the name in
native script. A tournament has a few hundred players; one search costs well under a
millisecond.
"""

import unicodedata
from dataclasses import dataclass

from tournaments.display import start_wind
from tournaments.models import Seat, Session, Tournament

QUERY_MAX_LENGTH = 100  # a longer search is refused: no name is that long


def search_key(text: str) -> str:
    """`text` as searches compare it: compatibility-decomposed (NFKD), without its combining
    marks (accents), case-folded, its spaces collapsed. "José  NÚÑEZ" → "jose nunez"."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


@dataclass(frozen=True)
class DrawLine:
    """One seated player of the session: where he sits when it starts."""

    name: str
    native_name: str
    number: int | None  # his player number (none for a substitute)
    table: int
    position: str  # A..D on the score sheet
    wind: str  # E/S/W/N: the seat's wind at the session's first hand (Appendix 4)
    key: str  # search_key of his name and native name, as searches compare them


@dataclass(frozen=True)
class SessionDraw:
    number: int | None  # None: no session is running or to come
    running: bool
    lines: tuple[DrawLine, ...]  # by name, alphabetically (search_key order)


def draw_session(sessions: list[Session]) -> Session | None:
    """The session players look for their seat in: the one running (the last, if several),
    else the first not started yet; None once every session has ended."""
    running = [s for s in sessions if s.status == Session.Status.RUNNING]
    if running:
        return running[-1]
    return next((s for s in sessions if s.actual_start is None), None)


def session_draw(tournament: Tournament) -> SessionDraw:
    """Every player seated in the running (else next) session, alphabetically, with his table
    and seat. Two queries: the sessions, and the seats with their players and tables."""
    session = draw_session(list(tournament.sessions.order_by("number")))
    if session is None:
        return SessionDraw(number=None, running=False, lines=())
    rows = Seat.objects.filter(session=session).values_list(
        "player__name",
        "player__native_name",
        "player__lot_number",
        "table_session__table__number",
        "position",
    )
    lines = [
        DrawLine(
            name=name,
            native_name=native_name,
            number=number,
            table=table,
            position=position,
            wind=start_wind(position),
            key=f"{search_key(name)}\n{search_key(native_name)}",
        )
        for name, native_name, number, table, position in rows
    ]
    lines.sort(key=lambda line: (line.key, line.name, line.table, line.position))
    return SessionDraw(
        number=session.number,
        running=session.status == Session.Status.RUNNING,
        lines=tuple(lines),
    )


def find_seats(draw: SessionDraw, query: str) -> tuple[DrawLine, ...]:
    """The lines whose name or native name holds every word of `query` (part of a name:
    "jose" finds "José Núñez", "nunez jose" too; "李" finds "李明华"). An empty query
    finds nothing."""
    words = search_key(query).split()
    if not words:
        return ()
    return tuple(line for line in draw.lines if all(word in line.key for word in words))


def draw_pages(lines: tuple[DrawLine, ...], per_page: int) -> list[tuple[DrawLine, ...]]:
    """The lines cut into pages of `per_page` (one empty page when there is none)."""
    return [lines[i : i + per_page] for i in range(0, len(lines), per_page)] or [()]
