"""The printed record of an appeal (rules 3.12-3.13): what was appealed and by whom, the
times against the 30-minute deadline, the fee, the statement, the committee's ruling and its
reasons, the correction it links, the history, and signature lines for the filer, the chair
of the arbitration committee and the chief umpire.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from reports.base import (
    GRID,
    SHADE,
    BaseRenderer,
    Wrapped,
    after,
    clause_join,
    list_join,
    sentence,
    sentences,
)
from tournaments.models import Appeal, Correction, Hand, Penalty


def _label(choices, code: str) -> str:
    """A model choice's label in the active language (the code itself if unknown)."""
    try:
        return str(choices(code).label)
    except ValueError:
        return code or ""


def _wrapped(text, style: ParagraphStyle, *, bold: bool = False) -> Wrapped:
    """A paragraph keeping the line breaks of a text typed in several lines, wrapped between
    words (never inside one, a rule number or its brackets)."""
    return Wrapped([("\n".join(str(text).splitlines()), bold)], style)


def _who(player: dict | None) -> str:
    if not player:
        return ""
    text = player["name"]
    if player.get("native_name"):
        text += f" {player['native_name']}"
    details = []
    if player.get("number") is not None:
        details.append(_("no. %(n)s") % {"n": player["number"]})
    if player.get("team"):
        details.append(player["team"])
    return after(text, list_join(details)) if details else text


def _when(moment: dict | None) -> str:
    return moment["display"] if moment else ""


def _deltas(deltas: dict) -> str:
    return list_join(f"{p} {v:+d}" for p, v in sorted(deltas.items()) if isinstance(v, int))


def _seat(position: str, player: dict | None) -> str:
    return f"{position} ({player['name']})" if player else position


def hand_text(hand: dict) -> str:
    outcome = hand["outcome"]
    if outcome == Hand.Outcome.WIN:
        winner = _seat(hand["winner"], hand.get("winner_player"))
        if hand["discarder"]:
            how = _("won by %(winner)s off %(discarder)s") % {
                "winner": winner,
                "discarder": _seat(hand["discarder"], hand.get("discarder_player")),
            }
        else:
            how = _("won by %(winner)s, self-drawn") % {"winner": winner}
        points = _("%(points)s points") % {"points": hand["points"]}
        if hand["flowers"]:
            points += " " + _("+ %(n)s flowers") % {"n": hand["flowers"]}
        how = f"{how}, {points}"
    else:
        how = _label(Hand.Outcome, outcome).lower()
    return _("Hand %(n)s: %(how)s") % {"n": hand["number"], "how": how}


def penalty_text(penalty: dict) -> str:
    """The penalty as the umpire recorded it (a repeated foul's time and what it cost, as on
    the score sheet and the Record of Fouls), who and in which hand, why, and its voiding."""
    parts = [
        penalty.get("description") or _label(Penalty.Kind, penalty["kind"]),
        _("player %(who)s") % {"who": _who(penalty["player"])},
    ]
    if penalty["hand"]:
        parts.append(_("hand %(n)s") % {"n": penalty["hand"]})
    texts = [
        sentence(clause_join(parts)),
        _("Nature of the foul: %(reason)s.") % {"reason": penalty["reason"].rstrip(".")},
    ]
    if penalty["deltas"]:
        texts.append(_("Point changes: %(list)s.") % {"list": _deltas(penalty["deltas"])})
    if penalty["voided_at"]:
        texts.append(
            _("Voided %(at)s: %(reason)s")
            % {"at": _when(penalty["voided_at"]), "reason": penalty["void_reason"]}
        )
    return sentences(*texts)


def _hand_state_text(state: dict, seats: dict) -> str:
    if not state:
        return "—"
    if state.get("outcome") == Hand.Outcome.WIN:
        hand = {
            **state,
            "winner_player": {"name": seats.get(state.get("winner"), "")}
            if seats.get(state.get("winner"))
            else None,
            "discarder_player": {"name": seats.get(state.get("discarder"), "")}
            if seats.get(state.get("discarder"))
            else None,
        }
        text = hand_text(hand)
    else:
        text = hand_text({"number": state.get("number", "?"), "outcome": state.get("outcome")})
    scores = state.get("scores") or {}
    if scores:
        text += "; " + _deltas(scores)
    return text


def correction_text(correction: dict) -> str:
    """What the correction changed, in words."""
    kind, before, after = correction["kind"], correction["before"], correction["after"]
    seats = correction.get("seats", {})
    if kind in (Correction.Kind.HAND, Correction.Kind.HAND_REMOVED):
        text = _("Before: %(state)s.") % {"state": _hand_state_text(before, seats)}
        if kind == Correction.Kind.HAND:
            text += " " + _("After: %(state)s.") % {"state": _hand_state_text(after, seats)}
        return text
    if kind == Correction.Kind.PENALTY_VOID:
        return _("Penalty voided: %(kind)s. Its point changes (%(deltas)s) no longer count.") % {
            "kind": _label(Penalty.Kind, before.get("kind", "")),
            "deltas": _deltas(before.get("deltas") or {}) or "—",
        }
    if kind == Correction.Kind.SEAT:
        return clause_join(
            _("seat %(p)s: %(before)s, now %(after)s")
            % {"p": p, "before": before[p], "after": after.get(p, "")}
            for p in before
        )
    return _("Before: %(before)s. After: %(after)s.") % {"before": before, "after": after}


class AppealRenderer(BaseRenderer):
    title = gettext_lazy("Appeal record")
    font_size = 9
    label_width = 30 * mm

    def header(self, data) -> tuple[str, str]:
        return data["tournament"], _("%(title)s no. %(id)s") % {
            "title": self.title,
            "id": data["appeal_id"],
        }

    def story(self, data) -> list[Flowable]:
        sections = [
            self._section(_("The appeal"), self._appeal_rows(data)),
            self._text_section(_("Statement and grounds of the appeal"), data["statement"]),
            [
                *self._section(
                    _("Ruling of the arbitration committee (3.12.4, 3.13)"),
                    self._ruling_rows(data),
                ),
                Spacer(1, 1 * mm),
                self.paragraph(
                    _(
                        "Rule 3.13.3: the committee may judge and verify, but may not overturn "
                        "an umpire's ruling made according to the rules."
                    ),
                    "small",
                ),
            ],
            self._correction(data),
            self._history(data),
        ]
        sections = [section for section in sections if section]
        # The signatures sign the record: they stay on the page of its last section.
        last = KeepTogether([*sections.pop(), Spacer(1, 3 * mm), *self._signatures(data)])
        return [
            self.paragraph(_("Appeal record no. %(id)s") % {"id": data["appeal_id"]}, "title"),
            self.paragraph(
                _(
                    "Appeal against an umpire's ruling (rules 3.12–3.13). Filed in writing within "
                    "30 minutes after the end of the session concerned; the fee is returned if the "
                    "appeal is upheld and forfeited otherwise (3.12.2)."
                ),
                "subtitle",
            ),
            Spacer(1, 3 * mm),
            *(flowable for section in sections for flowable in section),
            last,
        ]

    # -- sections --------------------------------------------------------------------------------

    def _value(self, text) -> Wrapped:
        return _wrapped(text, self.styles["cell"])

    def _section(self, title: str, rows: list) -> list[Flowable]:
        """Label and value rows; a row that is a list of two (label, value) pairs puts them
        side by side, so that short facts take half a line each."""
        label, half = self.label_width, self.content_width / 2
        widths = [label, half - label, label, half - label]
        cells, style = [], []
        for index, row in enumerate(rows):
            if isinstance(row, list):
                (l1, v1), (l2, v2) = row
                cells.append([self._value(l1), self._value(v1), self._value(l2), self._value(v2)])
                style.append(("BACKGROUND", (2, index), (2, index), SHADE))
            else:
                cells.append([self._value(row[0]), self._value(row[1]), "", ""])
                style.append(("SPAN", (1, index), (3, index)))
        table = Table(cells, colWidths=widths, hAlign="LEFT")
        table.setStyle(
            TableStyle(
                [
                    ("GRID", (0, 0), (-1, -1), 0.4, GRID),
                    ("BACKGROUND", (0, 0), (0, -1), SHADE),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("TOPPADDING", (0, 0), (-1, -1), 2),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
                    *style,
                ]
            )
        )
        return [self.paragraph(title, "heading"), table]

    def _text_section(self, title: str, text: str) -> list[Flowable]:
        box = Table([[self._value(text)]], colWidths=[self.content_width], hAlign="LEFT")
        box.setStyle(
            TableStyle(
                [
                    ("BOX", (0, 0), (-1, -1), 0.6, GRID),
                    ("TOPPADDING", (0, 0), (-1, -1), 4),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 6),
                    ("LEFTPADDING", (0, 0), (-1, -1), 5),
                ]
            )
        )
        return [self.paragraph(title, "heading"), box]

    def _appeal_rows(self, data) -> list:
        where = [_("Session %(s)s") % {"s": data["session"]}]
        if data["table"] is not None:
            where.append(_("table %(t)s") % {"t": data["table"]})
        where = list_join(where)
        against = _label(Appeal.Subject, data["subject"])
        what = hand_text(data["hand"]) if data["hand"] else ""
        if data["penalty"]:
            what = penalty_text(data["penalty"])
        if what:
            against = _("%(subject)s: %(what)s") % {"subject": against, "what": what}
        filer = data["filer"]
        if filer["capacity"] == "captain":
            filed_by = _("The team's captain: %(who)s") % {"who": _who(filer["player"]) or "—"}
        else:
            filed_by = _("The player concerned")
        if data["on_paper"]:
            recorded = _(
                "Written appeal handed in on paper, entered by the chief umpire (%(name)s); he "
                "certified that it is signed."
            ) % {"name": data["recorded_by"]}
        else:
            recorded = _("Filed in the system by %(name)s on his own login.") % {
                "name": data["recorded_by"]
            }
        confirmed = _("Yes") if data["confirmed_by_filer"] else _("No")
        return [
            [(_("Tournament"), data["tournament"]), (_("Session, table"), where)],
            (_("Against"), against),
            [(_("Player concerned"), _who(data["player"])), (_("Filed by (3.12.1)"), filed_by)],
            [(_("Recorded"), recorded), (_("Signed by the filer (3.12.3)"), confirmed)],
            *self._timing_rows(data),
        ]

    def _timing_rows(self, data) -> list:
        if data["deadline"]:
            deadline = _("%(at)s (30 minutes after the session's end, %(end)s)") % {
                "at": _when(data["deadline"]),
                "end": _when(data["session_end"]),
            }
        else:
            deadline = _("30 minutes after the session ends (its end is not recorded yet)")
        if not data["in_time"]:
            verdict = _("LATE: filed after the deadline")
        elif data["minutes_after_end"] is None:
            verdict = _("In time: the session was still running")
        elif data["minutes_after_end"] < 0:
            verdict = _("In time: filed during the session")
        else:
            verdict = _("In time: %(n)s minutes after the session's end") % {
                "n": data["minutes_after_end"]
            }
        fee = data["fee"]
        fee_text = _("%(amount)s %(currency)s: %(status)s") % {
            "amount": fee["amount"],
            "currency": fee["currency"],
            "status": _label(Appeal.FeeStatus, fee["status"]).lower(),
        }
        return [
            [(_("Filed at"), _when(data["filed_at"])), (_("Deadline (3.12.2)"), deadline)],
            [(_("In time?"), verdict), (_("Fee (3.12.2)"), fee_text)],
        ]

    def _ruling_rows(self, data) -> list:
        status = data["status"]
        decision = _label(Appeal.Status, status)
        if status in Appeal.OPEN_STATUSES:
            decision += " — " + _("no ruling yet")
        if status == Appeal.Status.WITHDRAWN:
            by = (
                _("Withdrawn"),
                _("%(at)s by %(name)s")
                % {
                    "at": _when(data["ruled_at"]),
                    "name": data["withdrawn_by"] or "—",
                },
            )
        else:
            by = (
                _("Ruled by"),
                _("%(name)s, %(at)s") % {"name": data["ruled_by"], "at": _when(data["ruled_at"])}
                if data["ruled_by"]
                else "—",
            )
        return [
            [(_("Decision"), decision), by],
            (_("Ruling"), data["ruling"] or "—"),
            (_("Reasons"), data["reasons"] or "—"),
        ]

    def _correction(self, data) -> list[Flowable]:
        correction = data["correction"]
        if not correction:
            return []
        made_by = _("%(name)s (chief umpire), %(at)s") % {
            "name": correction["made_by"],
            "at": _when(correction["made_at"]),
        }
        rows = [
            [(_("Kind"), _label(Correction.Kind, correction["kind"])), (_("Made by"), made_by)],
            (_("What changed"), correction_text(correction)),
            (_("Reason"), correction["reason"]),
        ]
        return self._section(_("Correction of the score sheet made on the ruling"), rows)

    def _history(self, data) -> list[Flowable]:
        if not data["history"]:
            return []
        style = ParagraphStyle("history", parent=self.styles["cell"], fontSize=8, leading=9.5)

        def cell(text: str) -> Wrapped:
            return _wrapped(text, style)

        rows = [
            [cell(_("When")), cell(_("Who")), cell(_("Status")), cell(_("Fee")), cell(_("Note"))]
        ]
        for entry in data["history"]:
            rows.append(
                [
                    cell(entry["at"]["display"]),
                    cell(entry["by"]),
                    cell(_label(Appeal.Status, entry["status"])),
                    cell(_label(Appeal.FeeStatus, entry["fee_status"])),
                    cell(entry["reason"]),
                ]
            )
        widths = [30 * mm, 26 * mm, 22 * mm, 38 * mm]
        widths.append(self.content_width - sum(widths))
        table_style = self.grid_style(header_rows=1, font_size=8) + [
            ("VALIGN", (0, 0), (-1, -1), "TOP")
        ]
        return [self.paragraph(_("History"), "heading"), self.table(rows, widths, table_style)]

    # -- signatures ------------------------------------------------------------------------------

    def _signature_cell(self, name: str, note: str) -> list[Flowable]:
        small = self.styles["small"]
        return [
            _wrapped(_("Name: %(name)s") % {"name": name or "_" * 30}, small),
            _wrapped(note, small) if note else Spacer(1, 8.5),
            Spacer(1, 10 * mm),
            Paragraph("_" * 38, small),
            _wrapped(_("Signature"), small),
            Spacer(1, 3 * mm),
            _wrapped(_("Date and time: %(line)s") % {"line": "_" * 20}, small),
        ]

    def _signatures(self, data) -> list[Flowable]:
        filer = data["filer"]
        filer_name = (filer["player"] or {}).get("name", "")
        filer_role = (
            _("The team's captain (3.12.3)")
            if filer["capacity"] == "captain"
            else _("The player (3.12.3)")
        )
        chair_note = (
            _("Ruled in the system: %(at)s") % {"at": _when(data["ruled_at"])}
            if data["ruled_by"]
            else ""
        )
        roles = [filer_role, _("Chair of the arbitration committee"), _("Chief umpire")]
        cells = [
            self._signature_cell(
                filer_name, _("Appeal filed: %(at)s") % {"at": _when(data["filed_at"])}
            ),
            self._signature_cell(data["ruled_by"], chair_note),
            self._signature_cell(data["chief_umpire"], ""),
        ]
        third = self.content_width / 3
        head = [_wrapped(role, self.styles["cell"], bold=True) for role in roles]
        table = Table([head, cells], colWidths=[third] * 3, hAlign="LEFT")
        table.setStyle(
            TableStyle(
                [
                    ("BOX", (0, 0), (-1, -1), 0.6, GRID),
                    ("INNERGRID", (0, 0), (-1, -1), 0.4, GRID),
                    ("BACKGROUND", (0, 0), (-1, 0), SHADE),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("TOPPADDING", (0, 0), (-1, -1), 3),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 5),
                    ("LEFTPADDING", (0, 0), (-1, -1), 6),
                ]
            )
        )
        return [self.paragraph(_("Signatures"), "heading"), table]


def render_appeal(data: dict) -> bytes:
    return AppealRenderer().render(data)
