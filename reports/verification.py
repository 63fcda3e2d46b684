"""Does a printed form still match the record? Recompute its content's fingerprint now.

When it does not, say what changed it since it was printed: the corrections made since (when,
by which role, and why to those who may read the reason), the registration corrections too (a
name, number or team that results depend on, issue #26), and otherwise the last change of the
record after the printing.
"""

from dataclasses import dataclass, field
from datetime import datetime

from django.conf import settings
from django.db.models import Q
from django.utils import translation
from django.utils.translation import gettext as _

from reports.fingerprint import content_fingerprint
from reports.models import PrintRecord
from tournaments import policies, roles
from tournaments.models import Correction, Player, RegistrationCorrection, Seat, TableSession
from tournaments.services.corrections import correction_summary
from tournaments.services.registration_corrections import registration_correction_summary
from tournaments.system_texts import system_texts_in_words


@dataclass(frozen=True)
class Change:
    at: datetime
    by: str  # the role that made it (the page is public: no names)
    what: str
    reason: str  # empty unless the viewer may read it (policies.may_read_correction_reason)
    reason_note: str = ""  # who may read a reason not shown, when not the sheet's default


@dataclass(frozen=True)
class Figure:
    """One line of the figures a fingerprint covers, to compare with the paper."""

    label: str  # the seat, or the place
    number: int | None
    name: str
    points: str  # the score (sheet) or contest points (standings)
    rank: int | None
    table_points: str


@dataclass
class Verification:
    fingerprint: str
    record: PrintRecord | None
    current_fingerprint: str = ""
    changes: list[Change] = field(default_factory=list)
    sheets_changed: int = 0
    figures: list[Figure] = field(default_factory=list)

    @property
    def known(self) -> bool:
        return self.record is not None

    @property
    def matches(self) -> bool:
        return self.known and self.current_fingerprint == self.fingerprint


def _current_payload(record: PrintRecord) -> dict:
    if record.kind == PrintRecord.Kind.SCORESHEET:
        from reports.data.scoresheet import scoresheet_data

        return scoresheet_data(table_session=record.table_session)
    from reports.data.standings import standings_data

    return standings_data(
        tournament=record.tournament, through_session=record.params.get("through_session")
    )


def _figures(record: PrintRecord, payload: dict) -> list[Figure]:
    """What the paper must show: whoever holds it compares, so that a genuine fingerprint
    copied onto altered figures is caught."""
    if record.kind == PrintRecord.Kind.SCORESHEET:
        return [
            Figure(
                label=seat["position"],
                number=seat.get("number"),
                name=seat.get("name") or "",
                points=str(seat.get("score", "")),
                rank=seat.get("rank"),
                table_points=str(seat.get("table_points") or ""),
            )
            for seat in payload.get("seats", [])
        ]
    return [
        Figure(
            label=str(player["rank"]),
            number=player.get("number"),
            name=player.get("name") or "",
            points=str(player.get("cp", "")),
            rank=player.get("rank"),
            table_points=str(player.get("tp", "")),
        )
        for player in payload.get("players", [])
    ]


def _role_name(user) -> str:
    """Corrections are the chief umpire's: the role is what a public page names."""
    return str(roles.Role.CHIEF_UMPIRE.label) if user is not None else ""


def _corrections_since(record: PrintRecord, viewer=None) -> list[Change]:
    corrections = Correction.objects.filter(made_at__gt=record.printed_at).select_related(
        "made_by", "table_session__table", "table_session__session__tournament"
    )
    if record.table_session_id:
        corrections = corrections.filter(table_session_id=record.table_session_id)
    else:
        corrections = corrections.filter(table_session__session__tournament=record.tournament)
    return [
        Change(
            at=c.made_at,
            by=_role_name(c.made_by),
            what=f"{correction_summary(c)} — {c.table_session}",
            reason=c.reason if policies.may_read_correction_reason(viewer, c) else "",
        )
        for c in corrections.order_by("made_at")
    ]


def _registration_corrections_since(record: PrintRecord, viewer=None) -> list[Change]:
    """Registration corrections made after the printing: for standings, those of the
    tournament; for a score sheet, those of the players seated at it (or who lost their seat
    there) and of their teams. Their reason is for the staff (and a sheet's players)."""
    corrections = RegistrationCorrection.objects.filter(
        tournament_id=record.tournament_id, made_at__gt=record.printed_at
    ).select_related("made_by", "player", "team")
    sheet = record.table_session
    if sheet is not None:
        seats = Seat.objects.filter(table_session_id=sheet.pk)
        players = {
            pk for pair in seats.values_list("player_id", "replaced_player_id") for pk in pair
        }
        players.discard(None)
        teams = Player.objects.filter(pk__in=players, team__isnull=False).values("team_id")
        corrections = corrections.filter(Q(player_id__in=players) | Q(team_id__in=teams))
    readable = policies.may_read_registration_correction_reason(viewer, sheet)
    note = "" if sheet is not None else _("shown to the staff")
    return [
        Change(
            at=c.made_at,
            by=_role_name(c.made_by),
            what=registration_correction_summary(c),
            reason=c.reason if readable else "",
            reason_note=note,
        )
        for c in corrections.order_by("made_at", "pk")
    ]


def _sheets_changed_since(record: PrintRecord) -> int:
    """Sheets whose record changed after the printing (hands, penalties, sign-off)."""
    history = TableSession.history.filter(history_date__gt=record.printed_at)
    if record.table_session_id:
        history = history.filter(id=record.table_session_id)
    else:
        history = history.filter(session__tournament_id=record.tournament_id)
    return history.values("id").distinct().count()


def _current_fingerprint(record: PrintRecord, payload: dict) -> str:
    """The fingerprint of the record now. Standings printed before the chief umpire's last
    countersignature (official) still match once it made them final, no figure having
    changed: a countersignature changes none. A form printed before issue 27 carries the
    texts the system wrote (a late arrival's nature) in words of its language, where the
    record now keeps their codes: it still matches when those words are the codes' words in
    a language of the site, nothing else having changed."""
    current = content_fingerprint(payload)
    if current == record.fingerprint:
        return current
    if payload.get("final") and content_fingerprint({**payload, "final": False}) == (
        record.fingerprint
    ):
        return record.fingerprint
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            in_words = system_texts_in_words(payload)
        if in_words != payload and content_fingerprint(in_words) == record.fingerprint:
            return record.fingerprint
    return current


def verification_check(*, fingerprint: str, viewer=None) -> Verification:
    record = (
        PrintRecord.objects.select_related(
            "tournament", "table_session__table", "table_session__session"
        )
        .filter(fingerprint=fingerprint)
        .first()
    )
    result = Verification(fingerprint=fingerprint, record=record)
    if record is None:
        return result
    payload = _current_payload(record)
    result.current_fingerprint = _current_fingerprint(record, payload)
    if result.matches:
        result.figures = _figures(record, payload)
    else:
        changes = _corrections_since(record, viewer)
        changes += _registration_corrections_since(record, viewer)
        result.changes = sorted(changes, key=lambda change: change.at)
        result.sheets_changed = _sheets_changed_since(record)
    return result
