"""A score sheet's audit trail in sentences, in the reader's language (issue 29).

The director reads "Hand 3 replaced by chief: Draw (wall exhausted) → self-drawn win by C, 24
points; reason: …", never a field's internal name, a choice's code or a dictionary. One line
per event:

- `entry_sentence(entry)`: a row's change of the trail (`selectors.audit.sheet_audit_trail`) as
  a sentence; `entry_details(entry)`: each of its fields before and after, in words (the page
  folds them under the sentence);
- `correction_sentence(correction)` and `correction_details(correction)`: a director's
  correction (its values before and after) likewise;
- `sheet_audit_lines(table_session=…)` and `sheet_correction_lines(table_session=…)`: the
  sheet's lines, newest first. A recomputed result is not an event of its own: it is folded
  into the event that caused it (the hand, the penalty, the correction), in its details.

Fields are named by their verbose names, choices by their display values, seats by letter,
players by name, logins by username, times in the current time zone; every word goes through
gettext with named placeholders, when the line is made.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction

from django.core.exceptions import FieldDoesNotExist
from django.db import models
from django.utils import formats, timezone
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from tournaments.display import penalty_description
from tournaments.fans import fan_name
from tournaments.models import (
    Appeal,
    CheckIn,
    Correction,
    Hand,
    Penalty,
    Seat,
    Session,
    SessionResult,
    SheetConfirmation,
    TableSession,
)
from tournaments.models.play import TABLE_POINT_UNIT
from tournaments.selectors.audit import AuditEntry, Names, sheet_audit_trail
from tournaments.system_texts import system_text, system_text_store

EMPTY = "—"
# Fields that say which sheet a row belongs to: the page is that sheet's.
_CONTEXT_FIELDS = {"table_session", "session"}
# Reasons the sentence itself already says ("Score sheet signed by umpire").
_SAID_BY_THE_SENTENCE = {
    system_text_store("sheet.signed"),
    system_text_store("sheet.countersigned"),
}
# How many changes a one-line sentence names before "…" (the details have them all).
_INLINE_CHANGES = 3


@dataclass
class AuditLine:
    """One event of the trail: when, who, the sentence, and its details (folded)."""

    when: datetime
    who: str
    sentence: str
    details: list[str] = field(default_factory=list)


# -- values in words ---------------------------------------------------------------------------


def moment(value: datetime) -> str:
    """A time in the current time zone: the date as the active language writes it, the time
    to the second on 24 hours (as the trail pages show it: _audit_line.html)."""
    if timezone.is_aware(value):
        value = timezone.localtime(value)
    return (
        f"{formats.date_format(value, 'SHORT_DATE_FORMAT')} {formats.time_format(value, 'H:i:s')}"
    )


def _model_field(model, name: str):
    try:
        return model._meta.get_field(name)
    except FieldDoesNotExist:
        return None


def field_label(model, name: str) -> str:
    """A field by its verbose name ("Winner", not "winner_position")."""
    if name == "table_points_12":  # shown in points (value_in_words), not twelfths
        return capfirst(_("table points"))
    model_field = _model_field(model, name)
    if model_field is None or not hasattr(model_field, "verbose_name"):
        return capfirst(name.replace("_", " "))
    return capfirst(str(model_field.verbose_name))


def signed_points(value) -> str:
    """+8, -8, 0: a payment or a score change."""
    return f"{value:+d}" if isinstance(value, int) and value else str(value)


def seat_points(values: dict) -> str:
    """{"A": 24, "B": -8} → "A +24, B -8" (seats in order)."""
    return ", ".join(f"{seat} {signed_points(points)}" for seat, points in sorted(values.items()))


def table_points(twelfths: int) -> str:
    points = Fraction(twelfths, TABLE_POINT_UNIT)
    if points.denominator == 1:
        return str(points.numerator)
    return formats.number_format(round(float(points), 2))


def tiles_in_words(tiles: dict) -> str:
    """A hand in the shared format (docs/hand-format.md) as its tiles: its sets, its concealed
    tiles and the winning tile."""
    parts = [str(meld.get("tiles", "")) for meld in tiles.get("melds") or []]
    if tiles.get("concealed"):
        parts.append(str(tiles["concealed"]))
    text = " ".join(parts)
    if tiles.get("win_tile"):
        return _("%(tiles)s (winning tile %(tile)s)") % {"tiles": text, "tile": tiles["win_tile"]}
    return text


def fans_in_words(fans: list) -> str:
    parts = []
    for fan in fans:
        if not isinstance(fan, dict):
            parts.append(str(fan))
            continue
        text = f"{fan_name(fan.get('id'), fan.get('name', ''))} {fan.get('points', '')}"
        if fan.get("count", 1) > 1:
            text += f"×{fan['count']}"
        parts.append(text)
    return ", ".join(parts)


def _related(model_field, value) -> str | None:
    """A foreign key's id as the row it names (a player by name, a login by username)."""
    related = model_field.related_model._default_manager.filter(pk=value).first()
    if related is None:
        return None
    return str(getattr(related, "name", None) or related)


def _container_in_words(model, name: str, value) -> str:
    """A JSON value: a hand's tiles, points per seat, a hand's fans, else each item."""
    if isinstance(value, dict):
        if "melds" in value or "concealed" in value:
            return tiles_in_words(value)
        if all(isinstance(v, int) for v in value.values()):
            return seat_points(value)
        return "; ".join(
            f"{capfirst(str(key).replace('_', ' '))}: {value_in_words(model, '', item)}"
            for key, item in value.items()
        )
    if name == "fans" or all(isinstance(item, dict) and "points" in item for item in value):
        return fans_in_words(value)
    return ", ".join(value_in_words(model, "", item) for item in value)


def value_in_words(model, name: str, value) -> str:
    """A field's value as a reader says it: a choice's label, yes/no, a row by its name, a time
    in local time, points per seat, a hand's tiles and fans; never a dictionary or a code."""
    if value is None or value in ("", [], {}):
        return EMPTY
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    model_field = _model_field(model, name)
    choices = dict(model_field.flatchoices) if getattr(model_field, "choices", None) else {}
    if isinstance(value, str | int) and value in choices:
        return str(choices[value])
    if isinstance(model_field, models.ForeignKey) and isinstance(value, int):
        return _related(model_field, value) or str(value)
    if name == "table_points_12" and isinstance(value, int):
        return table_points(value)
    if isinstance(value, datetime):
        return moment(value)
    if isinstance(value, dict | list):
        return _container_in_words(model, name, value)
    if isinstance(value, str):
        return str(system_text(value))
    return str(value)


def field_in_words(model, name: str, value) -> str:
    """A field and its value: "Winner: A" (a row created or deleted, a correction's record)."""
    return _("%(field)s: %(value)s") % {
        "field": field_label(model, name),
        "value": value_in_words(model, name, value),
    }


def change_in_words(model, name: str, old, new) -> str:
    """One field's change: "Winner: A → C" (an empty value as a dash)."""
    return _("%(field)s: %(old)s → %(new)s") % {
        "field": field_label(model, name),
        "old": value_in_words(model, name, old),
        "new": value_in_words(model, name, new),
    }


def _row_change(entry: AuditEntry, name: str, old, new) -> str:
    """A field of a created row, of a deleted one, or changed."""
    if entry.history_type == "+":
        return field_in_words(entry.model, name, new)
    if entry.history_type == "-":
        return field_in_words(entry.model, name, old)
    return change_in_words(entry.model, name, old, new)


def hand_in_words(outcome: str, winner: str, discarder: str, points, flowers) -> str:
    """What a hand recorded: "win by C on A's discard, 24 points", "self-drawn win by C, 24
    points" (flowers included), or the outcome ("Draw (wall exhausted)")."""
    if outcome == Hand.Outcome.WIN:
        values = {
            "winner": winner,
            "discarder": discarder,
            "points": (points or 0) + (flowers or 0),
        }
        if discarder:
            return _("win by %(winner)s on %(discarder)s's discard, %(points)s points") % values
        return _("self-drawn win by %(winner)s, %(points)s points") % values
    return str(dict(Hand.Outcome.choices).get(outcome, outcome or EMPTY))


def _hand_record(record) -> str:
    return hand_in_words(
        record.outcome,
        record.winner_position,
        record.discarder_position,
        record.points,
        record.flowers,
    )


def _hand_state(state: dict) -> str:
    """A correction's record of a hand (services.corrections._hand_state) in words."""
    return hand_in_words(
        state.get("outcome", ""),
        state.get("winner", ""),
        state.get("discarder", ""),
        state.get("points"),
        state.get("flowers"),
    )


# -- a row's change as a sentence --------------------------------------------------------------


def _shown_changes(entry: AuditEntry) -> list[tuple[str, object, object]]:
    return [c for c in entry.changes if c[0] not in _CONTEXT_FIELDS]


def _changes_inline(entry: AuditEntry) -> str:
    changes = [_row_change(entry, *change) for change in _shown_changes(entry)]
    text = "; ".join(changes[:_INLINE_CHANGES])
    return text + ("; …" if len(changes) > _INLINE_CHANGES else "")


def _changed(entry: AuditEntry) -> set[str]:
    return {name for name, _old, _new in entry.changes}


def _generic(entry: AuditEntry, values: dict) -> str:
    if entry.history_type == "+":
        return _("%(what)s created by %(user)s") % values
    if entry.history_type == "-":
        return _("%(what)s deleted by %(user)s") % values
    return _("%(what)s changed by %(user)s: %(changes)s") % {
        **values,
        "changes": _changes_inline(entry) or EMPTY,
    }


def _hand(entry: AuditEntry, values: dict, names: Names) -> str:
    record, before = entry.record, entry.previous
    values = {**values, "n": record.number, "what": _hand_record(record)}
    if entry.history_type == "+":
        return _("Hand %(n)s recorded by %(user)s: %(what)s") % values
    if entry.history_type == "-":
        return _("Hand %(n)s removed by %(user)s (it was: %(what)s)") % values
    changed = _changed(entry)
    if before is not None and "number" in changed:
        return _("Hand %(old)s renumbered %(n)s by %(user)s") % {**values, "old": before.number}
    recorded = {"outcome", "winner_position", "discarder_position", "points", "flowers"}
    if before is not None and changed & recorded:
        return _("Hand %(n)s replaced by %(user)s: %(before)s → %(after)s") % {
            **values,
            "before": _hand_record(before),
            "after": values["what"],
        }
    return _("Hand %(n)s changed by %(user)s: %(changes)s") % {
        **values,
        "changes": _changes_inline(entry) or EMPTY,
    }


def _penalty(entry: AuditEntry, values: dict, names: Names) -> str:
    record, before = entry.record, entry.previous
    values = {**values, "player": names.player(record.player_id)}
    if entry.history_type == "+":
        return _("Penalty to %(player)s recorded by %(user)s: %(penalty)s") % {
            **values,
            "penalty": penalty_description(record.instance),
        }
    if entry.history_type == "~" and record.voided_at and (before is None or not before.voided_at):
        return _("Penalty to %(player)s voided by %(user)s") % values
    if entry.history_type == "~":
        return _("Penalty to %(player)s changed by %(user)s: %(changes)s") % {
            **values,
            "changes": _changes_inline(entry) or EMPTY,
        }
    return _generic(entry, values)


def _sheet(entry: AuditEntry, values: dict, names: Names) -> str:
    record, before = entry.record, entry.previous
    if entry.history_type == "+":
        return _("Score sheet created by %(user)s") % values
    changed = _changed(entry)
    if entry.history_type == "~" and "status" in changed:
        status = record.status
        if status == TableSession.Status.SIGNED:
            return _("Score sheet signed by %(user)s") % values
        if status == TableSession.Status.FINAL:
            return _("Score sheet countersigned by %(user)s") % values
        if status == TableSession.Status.COMPLETE:
            return _("Score sheet complete (%(closure)s), by %(user)s") % {
                **values,
                "closure": value_in_words(TableSession, "closed_by", record.closed_by),
            }
        if status == TableSession.Status.OPEN:
            return _("Score sheet reopened by %(user)s") % values
    if entry.history_type == "~" and changed == {"umpire"} and before is not None:
        umpire = next(c for c in entry.changes if c[0] == "umpire")
        return _("Umpire of the score sheet changed by %(user)s: %(old)s → %(new)s") % {
            **values,
            "old": umpire[1] or EMPTY,
            "new": umpire[2] or EMPTY,
        }
    return _generic(entry, values)


def _seat(entry: AuditEntry, values: dict, names: Names) -> str:
    record, before = entry.record, entry.previous
    values = {**values, "player": names.player(record.player_id), "seat": record.position}
    if entry.history_type == "+":
        return _("%(player)s seated at %(seat)s by %(user)s") % values
    if entry.history_type == "~" and _changed(entry) == {"position"} and before is not None:
        return _("%(player)s moved from seat %(old)s to %(seat)s by %(user)s") % {
            **values,
            "old": before.position,
        }
    return _generic(entry, values)


def _check_in(entry: AuditEntry, values: dict, names: Names) -> str:
    record = entry.record
    values = {**values, "player": names.player(record.player_id)}
    if entry.history_type == "+" and record.absent:
        return _("%(player)s recorded absent by %(user)s") % values
    if entry.history_type == "+" and record.arrived_at:
        return _("%(player)s checked in at %(time)s, recorded by %(user)s") % {
            **values,
            "time": moment(record.arrived_at),
        }
    return _generic(entry, values)


def _confirmation(entry: AuditEntry, values: dict, names: Names) -> str:
    values = {**values, "player": names.player(entry.record.player_id)}
    if entry.history_type == "+":
        return _("%(player)s confirmed the score sheet, recorded by %(user)s") % values
    if entry.history_type == "-":
        return _("Confirmation by %(player)s withdrawn") % values
    return _generic(entry, values)


def _appeal(entry: AuditEntry, values: dict, names: Names) -> str:
    record = entry.record
    values = {**values, "id": record.id, "player": names.player(record.player_id)}
    if entry.history_type == "+":
        return _("Appeal %(id)s of %(player)s filed, recorded by %(user)s") % values
    if entry.history_type == "~" and "status" in _changed(entry):
        return _("Appeal %(id)s of %(player)s: %(status)s, by %(user)s") % {
            **values,
            "status": value_in_words(Appeal, "status", record.status),
        }
    return _generic(entry, values)


_SENTENCES = {
    Hand: _hand,
    Penalty: _penalty,
    TableSession: _sheet,
    Seat: _seat,
    CheckIn: _check_in,
    SheetConfirmation: _confirmation,
    Appeal: _appeal,
}


def with_reason(sentence: str, reason: str) -> str:
    if not reason:
        return sentence
    return _("%(sentence)s; reason: %(reason)s") % {"sentence": sentence, "reason": reason}


def _reason(entry: AuditEntry) -> str:
    """The reason the trail gives (a correction's, a void's, the system's), unless the sentence
    says it already; a penalty voided at the table keeps its reason on the penalty."""
    stored = getattr(entry.record, "history_change_reason", "") or ""
    if stored in _SAID_BY_THE_SENTENCE:
        return ""
    void_reason = getattr(entry.record, "void_reason", "") if entry.model is Penalty else ""
    if not entry.reason and entry.history_type == "~" and void_reason:
        return str(system_text(void_reason))
    return entry.reason


def entry_sentence(entry: AuditEntry, names: Names | None = None) -> str:
    """The sentence of one row's change, with its author and reason."""
    values = {"what": entry.what, "user": entry.who}
    describe = _SENTENCES.get(entry.model)
    if describe is not None and entry.record is not None:
        names = names or Names(_tournament_id(entry))
        sentence = describe(entry, values, names)
    else:
        sentence = _generic(entry, values)
    return with_reason(sentence, _reason(entry))


def _tournament_id(entry: AuditEntry) -> int | None:
    """The tournament of a trail's row (its sheet's; a check-in's session's)."""
    record = entry.record
    if entry.model is CheckIn:
        return (
            Session.objects.filter(pk=record.session_id)
            .values_list("tournament_id", flat=True)
            .first()
        )
    sheet_id = record.id if entry.model is TableSession else record.table_session_id
    return (
        TableSession.objects.filter(pk=sheet_id)
        .values_list("session__tournament_id", flat=True)
        .first()
    )


def entry_details(entry: AuditEntry) -> list[str]:
    """Each field the change wrote, before and after, in words."""
    return [_row_change(entry, *change) for change in _shown_changes(entry)]


def _result_line(entry: AuditEntry) -> str:
    """A result recomputed by the event it is folded into."""
    changes = [
        _row_change(entry, name, old, new)
        for name, old, new in _shown_changes(entry)
        if name != "player"  # the result's own: "Result of …"
    ]
    return _("%(what)s: %(changes)s") % {"what": entry.what, "changes": "; ".join(changes)}


# -- the sheet's trail -------------------------------------------------------------------------


def sheet_audit_lines(*, table_session: TableSession) -> list[AuditLine]:
    """The sheet's trail in sentences, newest first, one line per event; a recomputed result
    in the details of the event before it (the write that recomputed it)."""
    names = Names(table_session.session.tournament_id)
    entries = sorted(
        sheet_audit_trail(table_session=table_session, names=names), key=lambda e: e.when
    )
    lines: list[AuditLine] = []
    for entry in entries:
        if entry.model is SessionResult and lines:
            lines[-1].details.append(_result_line(entry))
            continue
        sentence = entry_sentence(entry, names)
        details = entry_details(entry)
        if entry.reason and entry.reason not in sentence:  # one the sentence says otherwise
            details.append(
                _("%(field)s: %(value)s") % {"field": _("Reason"), "value": entry.reason}
            )
        lines.append(AuditLine(when=entry.when, who=entry.who, sentence=sentence, details=details))
    lines.reverse()
    return lines


# -- a correction ------------------------------------------------------------------------------


def _check_in_state(state: dict) -> str:
    if not state.get("checked_in"):
        return _("not checked in")
    if state.get("absent"):
        return _("absent")
    arrived = state.get("arrived_at")
    if arrived:
        return _("arrived at %(time)s") % {"time": moment(datetime.fromisoformat(arrived))}
    return _("checked in")


def _penalty_of(state: dict) -> Penalty | None:
    pk = (state or {}).get("penalty")
    if pk is None:
        return None
    return Penalty.objects.select_related("player", "victim").filter(pk=pk).first()


def correction_sentence(correction: Correction, names: Names | None = None) -> str:
    """A correction in one sentence, with its author and reason: "Hand 3 replaced by chief:
    Draw (wall exhausted) → win by C, 24 points; reason: …"."""
    before, after = correction.before or {}, correction.after or {}
    values = {"user": str(correction.made_by)}
    kind = correction.kind
    Kind = Correction.Kind
    if kind == Kind.HAND:
        sentence = _("Hand %(n)s replaced by %(user)s: %(before)s → %(after)s") % {
            **values,
            "n": after.get("number", before.get("number")),
            "before": _hand_state(before),
            "after": _hand_state(after),
        }
    elif kind == Kind.HAND_REMOVED:
        sentence = _("Hand %(n)s removed by %(user)s (it was: %(what)s)") % {
            **values,
            "n": after.get("removed", before.get("number")),
            "what": _hand_state(before),
        }
    elif kind in (Kind.PENALTY, Kind.PENALTY_VOID):
        penalty = _penalty_of(after if kind == Kind.PENALTY else before)
        values["player"] = penalty.player.name if penalty is not None else EMPTY
        if kind == Kind.PENALTY_VOID:
            sentence = _("Penalty to %(player)s voided by %(user)s") % values
        else:
            sentence = _("Penalty to %(player)s added by %(user)s: %(penalty)s") % {
                **values,
                "penalty": penalty_description(penalty) if penalty is not None else EMPTY,
            }
    elif kind == Kind.SEAT:
        first, second = (sorted(before) + ["", ""])[:2]
        sentence = _("Seats %(first)s and %(second)s swapped by %(user)s") % {
            **values,
            "first": first,
            "second": second,
        }
    elif kind == Kind.CHECK_IN:
        names = names or _NamesWhenAsked(correction.table_session.session.tournament_id)
        sentence = _("Check-in of %(player)s changed by %(user)s: %(before)s → %(after)s") % {
            **values,
            "player": names.player(after.get("player", before.get("player"))),
            "before": _check_in_state(before),
            "after": _check_in_state(after),
        }
    else:
        sentence = _("%(what)s by %(user)s") % {**values, "what": correction.get_kind_display()}
    return with_reason(sentence, correction.reason)


def _hand_states(before: dict, after: dict, names: Names) -> list[str]:
    details = []
    for label, state in ((_("Before"), before), (_("After"), after)):
        text = _hand_state(state)
        if state.get("tiles"):
            text = _("%(hand)s: %(tiles)s") % {
                "hand": text,
                "tiles": tiles_in_words(state["tiles"]),
            }
        if state.get("scores"):
            text = _("%(hand)s; payments %(scores)s") % {
                "hand": text,
                "scores": seat_points(state["scores"]),
            }
        details.append(_("%(field)s: %(value)s") % {"field": label, "value": text})
    return details


def _penalty_details(state: dict) -> list[str]:
    details = []
    penalty = _penalty_of(state)
    if penalty is not None:
        details.append(penalty_description(penalty))
    if state.get("deltas"):
        details.append(field_in_words(Penalty, "deltas", state["deltas"]))
    return details


def _seat_details(before: dict, after: dict, names: Names) -> list[str]:
    return [
        _("%(field)s: %(old)s → %(new)s")
        % {"field": seat, "old": names.player(before[seat]), "new": names.player(after.get(seat))}
        for seat in sorted(before)
    ]


def _check_in_details(before: dict, after: dict, names: Names) -> list[str]:
    details = []
    for label, state in ((_("Before"), before), (_("After"), after)):
        late = state.get("late_penalty")
        text = _check_in_state(state)
        if late:
            text = _("%(check_in)s; late arrival penalty %(points)s points") % {
                "check_in": text,
                "points": late.get("points"),
            }
        details.append(_("%(field)s: %(value)s") % {"field": label, "value": text})
    return details


def _renumbered_details(after: dict) -> list[str]:
    """The hands a removal moved down one number each, rescored at their new number."""
    return [
        _("Hand %(old)s became hand %(new)s: %(before)s → %(after)s")
        % {
            "old": line.get("from"),
            "new": (line.get("after") or {}).get("number"),
            "before": seat_points((line.get("before") or {}).get("scores") or {}) or EMPTY,
            "after": seat_points((line.get("after") or {}).get("scores") or {}) or EMPTY,
        }
        for line in after.get("renumbered") or []
    ]


def correction_details(correction: Correction, names: Names | None = None) -> list[str]:
    """What the correction kept, in words: its kind, the appeal it applies, the values before
    and after."""
    before, after = correction.before or {}, correction.after or {}
    names = names or _NamesWhenAsked(correction.table_session.session.tournament_id)
    Kind = Correction.Kind
    details = [field_in_words(Correction, "kind", correction.kind)]
    if correction.appeal_id:
        details.append(field_in_words(Correction, "appeal", str(correction.appeal)))
    if correction.kind == Kind.HAND:
        details += _hand_states(before, after, names)
    elif correction.kind == Kind.HAND_REMOVED:
        details += _renumbered_details(after)
    elif correction.kind == Kind.PENALTY:
        details += _penalty_details(after)
    elif correction.kind == Kind.PENALTY_VOID:
        details += _penalty_details(before)
    elif correction.kind == Kind.SEAT:
        details += _seat_details(before, after, names)
    elif correction.kind == Kind.CHECK_IN:
        details += _check_in_details(before, after, names)
    return details


class _NamesWhenAsked:
    """The players' names, read only if a correction names a player by id (a check-in's, a
    seat's): most corrections name none."""

    def __init__(self, tournament_id: int):
        self.tournament_id = tournament_id
        self.names = None

    def player(self, player_id) -> str:
        if self.names is None:
            self.names = Names(self.tournament_id)
        return self.names.player(player_id)


def sheet_correction_lines(
    *, table_session: TableSession, corrections: Iterable[Correction] | None = None
) -> list[AuditLine]:
    """The sheet's corrections in sentences, newest first (`corrections`: the sheet's, when
    the caller has read them)."""
    names = _NamesWhenAsked(table_session.session.tournament_id)
    if corrections is None:
        corrections = table_session.corrections.select_related("made_by", "appeal__player")
    corrections = sorted(corrections, key=lambda c: (c.made_at, c.pk), reverse=True)
    return [
        AuditLine(
            when=c.made_at,
            who=str(c.made_by),
            sentence=correction_sentence(c, names),
            details=correction_details(c, names),
        )
        for c in corrections
    ]
