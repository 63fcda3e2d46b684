"""Award certificates for the leading players and teams (rule 3.5.3: "Los premios se otorgan a
los mejores equipos y los mejores jugadores"), one landscape page each, drawn without images:
a double border with corner marks, the tournament, the place, the name in every script, the
team or its members, the table and contest points, and lines for the signatures.

Rule 3.10.2's "Certificado de Grado" is a grade the World Mahjong Contest Center grants; it is
not printed here.
"""

import datetime

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph, Spacer

from reports import fonts
from reports.base import BaseRenderer, list_join
from reports.data.certificates import certificates_data

INK = colors.HexColor("#1F3A5F")
GOLD = colors.HexColor("#A67C00")

_PLACES = (
    gettext_lazy("First place"),
    gettext_lazy("Second place"),
    gettext_lazy("Third place"),
    gettext_lazy("Fourth place"),
    gettext_lazy("Fifth place"),
    gettext_lazy("Sixth place"),
    gettext_lazy("Seventh place"),
    gettext_lazy("Eighth place"),
    gettext_lazy("Ninth place"),
    gettext_lazy("Tenth place"),
)


def place_text(place: int, *, shared: bool = False) -> str:
    text = (
        str(_PLACES[place - 1]) if 1 <= place <= len(_PLACES) else _("Place %(n)s") % {"n": place}
    )
    return _("%(place)s (shared)") % {"place": text} if shared else text


def _dates(data) -> str:
    """The event's dates as the certificate's language writes them (24 de noviembre de 2026,
    2026年11月24日)."""
    start, end = (
        date_format(datetime.date.fromisoformat(day), "DATE_FORMAT") if day else ""
        for day in (data["start_date"], data["end_date"])
    )
    if start and end and start != end:
        return f"{start} – {end}"
    return start or end


class CertificateRenderer(BaseRenderer):
    title = gettext_lazy("Award certificates")
    is_landscape = True
    margin_left = 30 * mm
    margin_right = 30 * mm
    margin_top = 27 * mm
    margin_bottom = 42 * mm  # the signature lines are drawn below, at a fixed place
    font_size = 12

    def story(self, data) -> list[Flowable]:
        flowables = [
            self._line(data["tournament"], 18, color=INK, bold=True),
            Spacer(1, 1 * mm),
            self._line(" · ".join(p for p in (data["venue"], _dates(data)) if p), 11),
            Spacer(1, 9 * mm),
            self._line(_("Certificate of Award"), 36, color=INK, bold=True),
            Spacer(1, 1.5 * mm),
            self._line(
                _("Individual competition") if data["kind"] == "player" else _("Team competition"),
                13,
            ),
            Spacer(1, 8 * mm),
            self._line(place_text(data["place"], shared=data["shared"]), 26, color=GOLD, bold=True),
            Spacer(1, 4 * mm),
            self._line(_("is awarded to"), 12),
            Spacer(1, 4 * mm),
            self._line(data["name"], 30, bold=True),
        ]
        if data["native_name"]:
            flowables.append(self._line(data["native_name"], 24, bold=True))
        flowables += [Spacer(1, 2 * mm), *self._affiliation(data)]
        flowables += [
            Spacer(1, 3 * mm),
            self._line(
                _("%(tp)s table points · %(cp)s contest points")
                % {"tp": data["tp"], "cp": data["cp"]},
                13,
            ),
        ]
        if not data["final"]:
            flowables += [
                Spacer(1, 4 * mm),
                self._line(
                    (
                        _("Standings official after session %(n)s when printed.")
                        if data["state"] == "official"
                        else _("Standings provisional after session %(n)s when printed.")
                    )
                    % {"n": data["last_session"]},
                    9,
                ),
            ]
        return flowables

    def _affiliation(self, data) -> list[Flowable]:
        if data["kind"] == "team":
            names = [f"{m['name']} {m['native_name']}".strip() for m in data["members"]]
            if len(names) > 6:  # a large squad: on shared lines
                return [self._line(" · ".join(names), 11)]
            return [self._line(name, 12) for name in names]
        details = []
        if data["team"]:
            details.append(_("Team %(team)s") % {"team": data["team"]})
        if data["number"] is not None:
            details.append(_("player no. %(n)s") % {"n": data["number"]})
        return [self._line(list_join(details), 13)] if details else []

    # -- drawing ---------------------------------------------------------------------------------

    def _fitted_size(self, text: str, size: float, *, bold: bool) -> float:
        """The largest size up to `size` at which the text fits on one line."""
        plain = "".join(c for c in text if fonts.is_plain(c))
        face = self.font_bold if bold else self.font
        width = stringWidth(plain, face, size) + (len(text) - len(plain)) * size
        if width <= self.content_width:
            return size
        return max(size * self.content_width / width, 9)

    def _line(self, text: str, size: float, *, color=colors.black, bold: bool = False):
        size = self._fitted_size(text, size, bold=bold)
        style = ParagraphStyle(
            f"cert{size}",
            parent=self.styles["body"],
            fontSize=size,
            leading=size * 1.25,
            alignment=TA_CENTER,
            textColor=color,
        )
        return Paragraph(fonts.markup(text, bold=bold), style)

    def _signature_lines(self, canvas) -> None:
        """Three lines for the chief umpire, the organising committee and the date."""
        roles = [_("Chief umpire"), _("For the organising committee"), _("Date")]
        slot = self.content_width / len(roles)
        y = 30 * mm
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(0.6)
        canvas.setFillColor(colors.black)
        for index, role in enumerate(roles):
            left = self.margin_left + index * slot + 8 * mm
            right = left + slot - 16 * mm
            canvas.line(left, y, right, y)
            canvas.setFont(fonts.face_of(role), 9)
            canvas.drawCentredString((left + right) / 2, y - 4 * mm, role)

    def _canvas_maker(self):
        return Canvas  # a certificate carries no page numbers

    def _decorate(self, canvas, doc) -> None:
        """A double border with small diamonds in the corners, and the signature lines, in
        place of the running header."""
        width, height = self.page_size
        canvas.saveState()
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(3)
        canvas.rect(10 * mm, 10 * mm, width - 20 * mm, height - 20 * mm)
        canvas.setStrokeColor(GOLD)
        canvas.setLineWidth(0.8)
        canvas.rect(14 * mm, 14 * mm, width - 28 * mm, height - 28 * mm)
        canvas.setFillColor(GOLD)
        for cx in (14 * mm, width - 14 * mm):
            for cy in (14 * mm, height - 14 * mm):
                self._diamond(canvas, cx, cy)
        self._signature_lines(canvas)
        canvas.restoreState()

    @staticmethod
    def _diamond(canvas, cx: float, cy: float) -> None:
        path = canvas.beginPath()
        path.moveTo(cx, cy - 4 * mm)
        path.lineTo(cx + 4 * mm, cy)
        path.lineTo(cx, cy + 4 * mm)
        path.lineTo(cx - 4 * mm, cy)
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)


def render_certificates(*, tournament, places: int = 3) -> bytes:
    """One page per award: the players placed `places` or better, then the teams."""
    documents = certificates_data(tournament=tournament, places=places)
    renderer = CertificateRenderer()
    if not documents:
        return renderer.build(
            [
                renderer.paragraph(
                    _("%(t)s: no session is complete yet, so there is nothing to award.")
                    % {"t": tournament.name},
                    "heading",
                )
            ]
        )
    return renderer.render_many(documents)
