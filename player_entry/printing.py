"""The players' links on paper (issue 28): the player-number slips, one per player with his
number, his name and the QR code of his own link, ten to an A4 page with dashed cut lines;
and the links the seat cards print as QR codes where players enter hands (registered with
reports.data.chart by PlayerEntryConfig.ready: reports never imports this app).

A player without a live link is given one when his slip or his seat card is printed, as
`manage.py player_links` does. A link is printed as `player_entry.links.link_address` makes it:
on SITE_URL. Only an absolute address is printed as a QR code: a phone cannot open a bare path
(SITE_URL set empty), so the slip says so where the code would be, and the cards leave it out.
"""

from django.conf import settings
from django.db import transaction
from django.db.models import F, Min
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from player_entry.links import link_address
from player_entry.models import PlayerLink
from player_entry.services import player_link_issue
from reports import fonts
from reports.base import BaseRenderer, qr_drawing
from reports.data.chart import game_title
from tournaments.display import start_wind, wind_name
from tournaments.models import Player, Seat, Tournament
from tournaments.selectors.chart import substitute_marks

QUIET = colors.HexColor("#666666")
CUT = colors.HexColor("#888888")


# -- the links ----------------------------------------------------------------------------------


def live_links(players) -> list[PlayerLink]:
    """Each player's live link, in the players' order, made where he has none (one query when
    every player has one)."""
    players = list(players)
    found = {
        link.player_id: link
        for link in PlayerLink.objects.filter(
            player__in=[p.pk for p in players], revoked_at__isnull=True
        )
    }
    links = []
    with transaction.atomic():  # one commit for the links made, not one each
        for player in players:
            link = found.get(player.pk) or player_link_issue(player=player)
            link.player = player  # the slip reads his name and number: no query per player
            links.append(link)
    return links


def scannable(address: str) -> bool:
    """A phone opens it from a QR code: an absolute web address, not a bare path."""
    return "://" in address


def seat_card_links(tournament: Tournament, player_ids: list[int]) -> dict[int, str]:
    """reports.data.chart's provider: the seated players' links, absolute ones only (none,
    and none made, when SITE_URL is not set, or the deployment keeps them off the cards)."""
    if not settings.PLAYER_LINKS_ON_SEAT_CARDS or not scannable(settings.SITE_URL):
        return {}
    players = tournament.players.filter(pk__in=player_ids).order_by("pk")
    addresses = {link.player_id: link_address(link) for link in live_links(players)}
    return {pk: address for pk, address in addresses.items() if scannable(address)}


# -- the slips' data ------------------------------------------------------------------------------


def _first_seats(tournament: Tournament) -> dict[int, str]:
    """player id -> where he sits in the first session of the chart ("Game One: table 5,
    seat East"); empty when no session is seated. One query, two with a chart."""
    first = Seat.objects.filter(session__tournament=tournament).aggregate(
        first=Min("session__number")
    )["first"]
    if first is None:
        return {}
    seats = Seat.objects.filter(
        session__tournament=tournament, session__number=first
    ).values_list("player_id", "position", "table_session__table__number")
    return {
        player_id: _("%(game)s: table %(table)s, seat %(wind)s")
        % {"game": game_title(first), "table": table, "wind": wind_name(start_wind(position))}
        for player_id, position, table in seats
    }


def slips_data(tournament: Tournament, links: list[PlayerLink]) -> dict:
    """One slip per link (each of a player of `tournament`), in the order given."""
    marks = (
        {m.player_id: m.mark for m in substitute_marks(tournament)}
        if any(link.player.status == Player.Status.SUBSTITUTE for link in links)
        else {}
    )
    seats = _first_seats(tournament)
    slips = []
    for link in links:
        player = link.player
        address = link_address(link)
        number = player.lot_number
        slips.append(
            {
                "number": str(number) if number is not None else marks.get(player.pk, "—"),
                "name": player.name,
                "native_name": player.native_name,
                "seat": seats.get(player.pk, ""),
                "link": address,
                "qr": address if scannable(address) else "",
            }
        )
    return {"tournament": tournament.name, "slips": slips}


def tournament_slips_data(tournament: Tournament) -> dict:
    """Every player's slip, by player number (players without one, substitutes, last);
    missing links are made."""
    players = tournament.players.order_by(
        F("lot_number").asc(nulls_last=True), "registration_number"
    )
    return slips_data(tournament, live_links(players))


def selected_slips_data(links) -> list[dict]:
    """The slips of the players of the selected links, one document per tournament: each
    player's live link (a revoked one selected prints the link that replaced it)."""
    player_ids = {link.player_id for link in links}
    players = (
        Player.objects.filter(pk__in=player_ids)
        .select_related("tournament")
        .order_by(
            "tournament__name",
            "tournament_id",
            F("lot_number").asc(nulls_last=True),
            "registration_number",
        )
    )
    by_tournament: dict[int, list[Player]] = {}
    for player in players:
        by_tournament.setdefault(player.tournament_id, []).append(player)
    return [
        slips_data(group[0].tournament, live_links(group)) for group in by_tournament.values()
    ]


# -- the slips' layout ----------------------------------------------------------------------------


def _draw_text(canvas, x, y, text, size, *, bold=False, width=None, align="left"):
    """One line at baseline y in the faces that draw its characters (a CJK name beside Latin),
    made smaller if wider than `width`, never wrapped."""
    runs = []
    for face, chunk in fonts.runs(text):
        runs.append((f"{face}-Bold" if bold else face, chunk))
    total = sum(stringWidth(chunk, face, size) for face, chunk in runs)
    if width and total > width:
        size, total = size * width / total, width
    if align == "center":
        x -= total / 2
    elif align == "right":
        x -= total
    for face, chunk in runs:
        canvas.setFont(face, size)
        canvas.drawString(x, y, chunk)
        x += stringWidth(chunk, face, size)


def _width(text: str, size: float, *, bold: bool = False) -> float:
    return sum(
        stringWidth(chunk, f"{face}-Bold" if bold else face, size)
        for face, chunk in fonts.runs(text)
    )


def _name_lines(name: str, room: float, size: float = 11) -> list[tuple[str, float]]:
    """A name on one line at `size`; too long, on two lines between words, as large as they
    fit (at least 8 points: beyond that `_draw_text` shrinks them further)."""
    if _width(name, size, bold=True) <= room or " " not in name.strip():
        return [(name, size)]
    words = name.split()
    best = None
    for cut in range(1, len(words)):
        lines = (" ".join(words[:cut]), " ".join(words[cut:]))
        wider = max(_width(line, size, bold=True) for line in lines)
        if best is None or wider < best[0]:
            best = (wider, lines)
    wider, lines = best
    fitted = max(8, min(size, size * room / wider))
    return [(line, fitted) for line in lines]


class SlipSheet(Flowable):
    """A page of slips, `columns` by `rows`, each framed by dashed cut lines."""

    def __init__(self, slips: list[dict], renderer: "SlipsRenderer"):
        super().__init__()
        self.slips, self.r = slips, renderer

    def wrap(self, avail_width, avail_height):
        # The whole of a page's frame, whatever is left of it: the next sheet takes a new page.
        self.width, self.height = self.r.sheet_size
        return self.width, self.height

    @property
    def slip_width(self) -> float:
        return self.width / self.r.columns

    @property
    def slip_height(self) -> float:
        return self.height / self.r.rows

    def draw(self):
        canvas = self.canv
        for index, slip in enumerate(self.slips):
            row, column = divmod(index, self.r.columns)
            x = column * self.slip_width
            y = self.height - (row + 1) * self.slip_height
            canvas.saveState()
            canvas.translate(x, y)
            self._slip(slip)
            canvas.restoreState()
        self._cut_lines(len(self.slips))

    def _cut_lines(self, count: int) -> None:
        """Dashed lines around every slip of the sheet, each shared edge drawn once."""
        canvas, columns = self.canv, self.r.columns
        w, h, top = self.slip_width, self.slip_height, self.height
        rows = -(-count // columns)

        def filled(row: int) -> int:
            return max(0, min(count - row * columns, columns)) if 0 <= row < rows else 0

        canvas.saveState()
        canvas.setStrokeColor(CUT)
        canvas.setLineWidth(0.4)
        canvas.setDash(3, 2)
        for row in range(rows + 1):
            across = max(filled(row - 1), filled(row))
            canvas.line(0, top - row * h, across * w, top - row * h)
        for row in range(rows):
            for column in range(filled(row) + 1):
                canvas.line(column * w, top - row * h, column * w, top - (row + 1) * h)
        canvas.restoreState()

    def _slip(self, slip: dict) -> None:
        canvas, r = self.canv, self.r
        w, h, pad = self.slip_width, self.slip_height, r.padding
        top = h - pad
        inner = w - 2 * pad
        # the tournament, across the top
        canvas.setFillColor(QUIET)
        _draw_text(canvas, pad, top - 7, slip["tournament"], 7.5, width=inner)
        # the code at the right, under it
        code_top = top - 10
        code_x = w - pad - r.code_size
        if slip["qr"]:
            canvas.setFillColor(colors.black)
            qr_drawing(slip["qr"], r.code_size).drawOn(canvas, code_x, code_top - r.code_size)
        else:
            self._no_code(code_x, code_top - r.code_size)
        # the number, the name and where he sits first, at the left
        room = inner - r.code_size - 2 * mm
        canvas.setFillColor(QUIET)
        y = code_top - 8
        _draw_text(canvas, pad, y, _("Player number"), 7.5, width=room)
        canvas.setFillColor(colors.black)
        y -= r.number_size * 0.92
        _draw_text(canvas, pad, y, slip["number"], r.number_size, bold=True, width=room)
        for line, size in _name_lines(slip["name"], room):
            y -= size + 4
            _draw_text(canvas, pad, y, line, size, bold=True, width=room)
        if slip["native_name"]:
            y -= 13
            _draw_text(canvas, pad, y, slip["native_name"], 11, width=room)
        if slip["seat"]:
            y -= 12
            _draw_text(canvas, pad, y, slip["seat"], 8, width=room)
        # what to do with it, and the link itself, along the bottom under the code
        bottom = pad
        canvas.setFillColor(colors.black)
        _draw_text(canvas, pad, bottom + 9, self._instruction(slip), 8, bold=True, width=inner)
        canvas.setFillColor(QUIET)
        _draw_text(canvas, w - pad, bottom, slip["link"], 6.5, width=inner, align="right")

    @staticmethod
    def _instruction(slip: dict) -> str:
        if slip["qr"]:
            return _("Scan the code to open your table on your phone.")
        return _("Your link to your table (the site's address is missing):")

    def _no_code(self, x: float, y: float) -> None:
        """Where the code would be when the link is a bare path (no SITE_URL)."""
        canvas, size = self.canv, self.r.code_size
        canvas.saveState()
        canvas.setStrokeColor(CUT)
        canvas.setDash(2, 2)
        canvas.rect(x, y, size, size, stroke=1, fill=0)
        canvas.setFillColor(QUIET)
        lines = _("No QR code:\nthe site's address\n(SITE_URL) is not set.").splitlines()
        for index, line in enumerate(lines):
            baseline = y + size / 2 + 6 - index * 8
            middle = x + size / 2
            _draw_text(canvas, middle, baseline, line, 6.5, width=size - 4 * mm, align="center")
        canvas.restoreState()


class SlipsRenderer(BaseRenderer):
    """Ten slips to an A4 page (two across, five down), about 93 × 53 mm each: a business
    card's size, the QR code 26 mm wide."""

    title = gettext_lazy("Player-number slips")
    margin_left = 10 * mm
    margin_right = 10 * mm
    margin_top = 14 * mm
    margin_bottom = 12 * mm
    columns = 2
    rows = 5
    padding = 4 * mm
    code_size = 26 * mm
    number_size = 30

    @property
    def sheet_size(self) -> tuple[float, float]:
        """The frame of a page inside its paddings (ReportLab's Frame: 6 points a side)."""
        width, height = self.page_size
        return (
            width - self.margin_left - self.margin_right - 12,
            height - self.margin_top - self.margin_bottom - 12,
        )

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    def story(self, data: dict) -> list[Flowable]:
        slips = [{"tournament": data["tournament"], **slip} for slip in data["slips"]]
        if not slips:
            return [
                self.paragraph(self.title, "title", bold=True),
                self.paragraph(_("No player is registered yet.")),
            ]
        return [
            SlipSheet(slips[start : start + self.per_page], self)
            for start in range(0, len(slips), self.per_page)
        ]


def render_slips(documents: list[dict]) -> bytes:
    """One PDF of the slips of each document (a tournament's), each from a new page."""
    return SlipsRenderer().render_many(documents)
