"""How the pages, the API and the printed forms put a few recurring things into words, written
once: the winds (names, letters, each seat's wind at the start of a session), a score sheet's
state (not started, playing, complete, signed, final), a penalty and what it costs, and the
list of a tournament's settings.

Pure functions of values (no query); texts go through gettext when they are called, so they
come out in the language of the page or form being made.
"""

import re

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from tournaments import seating_adapter
from tournaments.models import Penalty, TableSession
from tournaments.models.play import HANDS_PER_SESSION, WIND_CHOICES
from tournaments.system_texts import system_text

# -- winds -------------------------------------------------------------------------------------

WINDS = ("E", "S", "W", "N")
# How pages and forms print a wind: its name, or its letter where space is short.
WIND_NAMES = dict(WIND_CHOICES)
WIND_LETTERS = {
    "E": pgettext_lazy("East wind, one letter", "E"),
    "S": pgettext_lazy("South wind, one letter", "S"),
    "W": pgettext_lazy("West wind, one letter", "W"),
    "N": pgettext_lazy("North wind, one letter", "N"),
}


def wind_name(code: str) -> str:
    """A wind's name ("East") from its code ("E"); an unknown code as it is."""
    return str(WIND_NAMES.get(code, code))


def wind_letter(code: str) -> str:
    """A wind's one letter ("E"), where space is short (the chart's cells)."""
    return str(WIND_LETTERS[code])


def wind_legend() -> list[dict]:
    """The four winds in order, each with its code, its letter and its name (the key of the
    chart and the seat cards)."""
    return [{"code": w, "letter": wind_letter(w), "name": wind_name(w)} for w in WINDS]


def start_wind(position: str) -> str:
    """The seat wind (E/S/W/N) of the seat at position A..D when the session starts (hand 1,
    Appendix 4): the wind the chart, the seat cards, the score sheet and the pages print."""
    return seating_adapter.seat_wind(position, 1)


# -- a score sheet's code --------------------------------------------------------------------

# What the score desk types (or scans from the QR code) to open a paper sheet: its session and
# table, "S3-T12". The letters may be left out ("3-12"), any case, any of - / space between.
SHEET_CODE = re.compile(
    r"^\s*S?\s*(?P<session>\d{1,4})\s*[-/ ]\s*T?\s*(?P<table>\d{1,5})\s*$", re.IGNORECASE
)


def sheet_code(session_number: int, table_number: int) -> str:
    """The short code printed on a sheet (with its QR code): "S3-T12" for table 12 of session
    3; unique within a tournament."""
    return f"S{session_number}-T{table_number}"


def sheet_code_parse(text: str) -> tuple[int, int] | None:
    """(session, table) from a typed or scanned sheet code, None when it is not one."""
    match = SHEET_CODE.match(text or "")
    if match is None:
        return None
    return int(match["session"]), int(match["table"])


# -- a score sheet's state -------------------------------------------------------------------

# A table's state in play order: nothing entered yet, hands being entered, complete (16 hands,
# a time-limit stop or the session's end), signed by its umpire, countersigned (final).
TABLE_STATES = ("not_started", "playing", "complete", "signed", "final")
OPEN_TABLE_STATES = ("not_started", "playing")  # an open sheet's (table_state)


def table_state(status: str, hands: int) -> str:
    """The state of a sheet of `status` (TableSession.Status) with `hands` hands entered: an
    open sheet is "playing" once it has a hand, else "not_started"; otherwise its status."""
    if status == TableSession.Status.OPEN:
        return "playing" if hands else "not_started"
    return str(status)


def table_state_label(state: str, hands: int | None = None, *, staff: bool = False) -> str:
    """A table's state in words. A playing table says how many hands it has (when `hands` is
    given): "playing, 5 hands" on the public pages, "playing, 5/16 hands" on the staff's
    dashboard (`staff`); a final sheet is "final" for the public, "countersigned" for the
    staff."""
    if state == "not_started":
        return _("not started")
    if state == "playing":
        if hands is None:
            return _("playing")
        if staff:
            return _("playing, %(hands)s/%(all)s hands") % {
                "hands": hands,
                "all": HANDS_PER_SESSION,
            }
        return ngettext("playing, %(hands)s hand", "playing, %(hands)s hands", hands) % {
            "hands": hands
        }
    if state == "complete":
        return _("complete")
    if state == "signed":
        return _("signed")
    return _("countersigned") if staff else _("final")


# -- a penalty in words --------------------------------------------------------------------------

Kind = Penalty.Kind


def _repeated_foul(penalty: Penalty) -> str:
    values = {"foul": penalty.get_foul_display(), "n": penalty.occurrence or 0}
    if penalty.amount:
        values["points"] = penalty.amount
        return (
            _("Repeated foul, %(foul)s, time %(n)s: %(points)s points to each other player")
            % values
        )
    return _("Repeated foul, %(foul)s, time %(n)s: warning") % values


def _false_hu(penalty: Penalty) -> str:
    values = {"points": penalty.amount, "n": penalty.hand_number}
    if penalty.invalid_claim:
        return (
            _(
                "False Hu on an invalid claim: %(points)s points to each other player, "
                "dead hand in hand %(n)s"
            )
            % values
        )
    return _("False Hu: %(points)s points to each other player, dead hand in hand %(n)s") % values


def _revealed_tile(penalty: Penalty) -> str:
    victim = penalty.victim.name if penalty.victim_id else "?"
    return _("Revealed another player's tile: %(points)s points to %(victim)s") % {
        "points": penalty.amount,
        "victim": victim,
    }


def _late_arrival(penalty: Penalty) -> str:
    values = {"minutes": penalty.minutes_late, "points": penalty.amount}
    if penalty.minutes_late is None:  # a no-show (3.11.2): no arrival, no minutes
        return _("Did not come: the session is lost")
    if penalty.forfeited:
        return _("Late arrival, %(minutes)s minutes: the session is lost") % values
    return _("Late arrival, %(minutes)s minutes: %(points)s points deducted") % values


_PENALTY_TEXTS = {
    Kind.WARNING: lambda penalty: _("Warning"),
    Kind.DEDUCTION: lambda penalty: (
        _("Points deducted (to nobody): %(points)s points") % {"points": penalty.amount}
    ),
    Kind.REPEATED_FOUL: _repeated_foul,
    Kind.FALSE_HU: _false_hu,
    Kind.EXPOSED_HAND: lambda penalty: (
        _("Exposed hand: %(points)s points to each other player") % {"points": penalty.amount}
    ),
    Kind.REVEALED_TILE: _revealed_tile,
    Kind.DEAD_HAND: lambda penalty: (
        _("Dead hand in hand %(n)s (loses the right to win it)") % {"n": penalty.hand_number}
    ),
    Kind.LATE_ARRIVAL: _late_arrival,
}


def penalty_description(penalty: Penalty, *, void: bool = True) -> str:
    """What the penalty is and what it costs, in words (the Record of Fouls' "penalty"), and
    when voided, why (unless `void` is false: a form that says it apart).

    Points are always followed by the word "points", so a number is never read as the
    player's number (bug 7).
    """
    describe = _PENALTY_TEXTS.get(penalty.kind)
    text = describe(penalty) if describe else str(penalty.get_kind_display())
    if void and penalty.voided_at is not None:
        text = _("%(text)s (void: %(reason)s)") % {
            "text": text,
            "reason": system_text(penalty.void_reason),
        }
    return text


def penalty_summary(penalty: Penalty) -> str:
    """One readable line for a confirmation message, e.g. "Points deducted (to nobody):
    15 points — Søren Nørgaard" (the player by name, never by number next to the points)."""
    return _("%(penalty)s — %(player)s") % {
        "penalty": penalty_description(penalty),
        "player": penalty.player.name,
    }


# -- a tournament's settings ---------------------------------------------------------------------

# Every setting of a tournament, in the order the API and the admin's form have them, each with
# the heading the admin groups it under (None: the first group, without a heading).
_REGISTRATION = gettext_lazy("Registration")
_PLAY = gettext_lazy("Play")
_RANKING = gettext_lazy("Ranking")
_APPEALS = gettext_lazy("Appeals")
_PUBLIC = gettext_lazy("Public pages")
_SETTINGS = (
    ("name", None),
    ("slug", None),
    ("start_date", None),
    ("end_date", None),
    ("venue", None),
    ("status", None),
    ("format", _PLAY),
    ("sessions_planned", _PLAY),
    ("session_minutes", _PLAY),
    ("entry_mode", _PLAY),
    ("hand_entry", _PLAY),
    ("qualifying_sessions", _PLAY),
    ("finalists", _PLAY),
    ("carry_over_points", _PLAY),
    ("tie_rule", _RANKING),
    ("tie_breaks", _RANKING),
    ("forfeit_contest_points", _RANKING),
    ("team_counts_disqualified", _RANKING),
    ("oath_required", _REGISTRATION),
    ("appeal_fee", _APPEALS),
    ("appeal_currency", _APPEALS),
    ("standings_public", _PUBLIC),
)
TOURNAMENT_SETTINGS = [name for name, _group in _SETTINGS]
# What the tournament records of its draws (not settings: read only).
TOURNAMENT_RECORDS = ["lots_seed", "seating_seed", "created_at"]


def tournament_setting_groups() -> list[tuple[object, list[str]]]:
    """The settings by heading, in the order the admin shows them: (heading, setting names)."""
    groups: list[tuple[object, list[str]]] = []
    for heading in (None, _REGISTRATION, _PLAY, _RANKING, _APPEALS, _PUBLIC):
        groups.append((heading, [name for name, group in _SETTINGS if group is heading]))
    return groups
