"""The Player's Oath (Appendix 2, "El Juramento del Jugador"), one page per player, to sign
at registration.

The rulebook gives the oath in Spanish, which governs; the text below is a faithful English
translation of it, paragraph by paragraph, and goes through gettext like every printed word.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from reports import fonts
from reports.base import GRID, SHADE, BaseRenderer
from reports.data.oath import oath_data

# Appendix 2, paragraph by paragraph.
OATH_PARAGRAPHS = (
    gettext_lazy(
        "I will obey all the regulations and instructions of the competition. I will never "
        "play for money during the tournament. I am in sound health, as a doctor certifies."
    ),
    gettext_lazy(
        "I am responsible for my belongings and my safety. I will pay for the loss of my "
        "belongings and for harm to my safety if it is caused by me."
    ),
    gettext_lazy(
        "I agree that my name and my photograph may be used for promotion and broadcast "
        "through television and wireless or written media, such as the report of the "
        "tournament. Photographs taken during the competition may not be used without the "
        "permission of the Committee."
    ),
    gettext_lazy(
        "Accidental injury, sudden illness and other problems due to force majeure are not "
        "grounds for an appeal. I agree that I will receive the medical service of the "
        "Competition Commission, and that it shall be paid by my insurance company or by me."
    ),
    gettext_lazy(
        "Changes of the time, venue and contents of the competition, and its cancellation, "
        "due to force majeure will follow the new arrangements of the Tournament Commission. "
        "If I cannot attend the tournament for a reason of my own, the fee paid before the "
        "tournament will be dealt with according to the Regulations of the Competition "
        "Committee."
    ),
    gettext_lazy(
        "I affirm that I am 18 years of age, so that I can understand the items above, and I "
        "acknowledge that these articles are lawful."
    ),
)
OATH_NOTE = gettext_lazy(
    "If you think it necessary to inform the Organising Commission of a particular illness "
    "or allergy, it is best to write it clearly to the reception desk of the Organising "
    "Commission."
)


class OathRenderer(BaseRenderer):
    title = gettext_lazy("The Player's Oath")
    font_size = 10.5
    margin_left = 22 * mm
    margin_right = 22 * mm
    margin_top = 20 * mm

    def header(self, data) -> tuple[str, str]:
        return data["tournament"], _("Appendix 2: the Player's Oath")

    def story(self, data) -> list[Flowable]:
        oath = ParagraphStyle(
            "oath", parent=self.styles["body"], leading=15.5, spaceAfter=7, firstLineIndent=0
        )
        flowables: list[Flowable] = [
            self.paragraph(_("The Player's Oath"), "title"),
            self.paragraph(_("Appendix 2 of the Mahjong Competition Rules"), "subtitle"),
            Spacer(1, 5 * mm),
            self._player_block(data),
            Spacer(1, 7 * mm),
        ]
        flowables += [Paragraph(markup, oath) for markup in self._oath_markup()]
        flowables += [Spacer(1, 12 * mm), self._signature_lines(), Spacer(1, 4 * mm)]
        if data["oath_accepted_at"]:
            flowables.append(
                self.paragraph(
                    _("Accepted by the player in the system on %(at)s.")
                    % {"at": data["oath_accepted_at"]["display"]},
                    "body",
                )
            )
        flowables += [
            Spacer(1, 10 * mm),
            self.paragraph(str(OATH_NOTE), "small"),
            Spacer(1, 2 * mm),
            self.paragraph(
                _(
                    'Translated from the Spanish text of the rules (Apéndice 2, "El Juramento '
                    'del Jugador"), which governs.'
                ),
                "small",
            ),
        ]
        return flowables

    def _oath_markup(self) -> list[str]:
        """The oath's paragraphs as markup, made once per document (the same on every page)."""
        if not hasattr(self, "_markup"):
            self._markup = [fonts.markup(str(text)) for text in OATH_PARAGRAPHS]
        return self._markup

    def _player_block(self, data) -> Table:
        big = ParagraphStyle("oath_name", parent=self.styles["body"], fontSize=15, leading=19)
        name = fonts.markup(data["name"], bold=True)
        if data["native_name"]:
            name += "&nbsp;&nbsp;&nbsp;" + fonts.markup(data["native_name"], bold=True)
        if data["number"] is not None:
            number = _("Player number %(n)s") % {"n": data["number"]}
        else:
            number = _("Registration no. %(n)s (player number not drawn yet)") % {
                "n": data["registration_number"]
            }
        details = [number]
        if data["team"]:
            details.append(_("Team %(team)s") % {"team": data["team"]})
        if data["country"]:
            details.append(data["country"])
        rows = [
            [self.paragraph(_("Player"), "small"), Paragraph(name, big)],
            [self.paragraph(_("Tournament"), "small"), self.paragraph(data["tournament"])],
            ["", self.paragraph(" · ".join(details))],
        ]
        label = 24 * mm
        table = Table(rows, colWidths=[label, self.content_width - label], hAlign="LEFT")
        table.setStyle(
            TableStyle(
                [
                    ("BOX", (0, 0), (-1, -1), 0.8, GRID),
                    ("BACKGROUND", (0, 0), (0, -1), SHADE),
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                    ("TOPPADDING", (0, 0), (-1, -1), 4),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 5),
                    ("LINEBELOW", (0, 0), (-1, 0), 0.4, GRID),
                ]
            )
        )
        return table

    def _signature_lines(self) -> Table:
        rows = [
            ["", "", ""],
            [
                self.paragraph(_("The player's signature")),
                "",
                self.paragraph(_("Date of signature")),
            ],
        ]
        half = (self.content_width - 12 * mm) / 2
        table = Table(
            rows,
            colWidths=[half + 10 * mm, 2 * mm, half - 12 * mm],
            rowHeights=[14 * mm, None],
            hAlign="LEFT",
        )
        table.setStyle(
            TableStyle(
                [
                    ("LINEBELOW", (0, 0), (0, 0), 0.8, GRID),
                    ("LINEBELOW", (2, 0), (2, 0), 0.8, GRID),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ]
            )
        )
        return table


def render_oath(*, tournament, players=None) -> bytes:
    """One page per registered player (or per player of `players`), in number order."""
    return OathRenderer().render_many(oath_data(tournament=tournament, players=players))
