"""The seating forms read back from their PDFs: the table-rotation chart (Appendix 3), the list of
each player's table and seat by game, and the seat cards with the Appendix 4 rotation. Names in
Chinese, Japanese, Korean, Cyrillic and accented Latin are checked in the text of the PDF."""

from io import BytesIO

import pytest
from pypdf import PdfReader

from reports.forms.chart import (
    ChartRenderer,
    PlayerScheduleRenderer,
    render_chart,
    render_player_schedule,
    render_seat_cards,
)
from tests.tournaments.factories import (
    TeamFactory,
    TournamentFactory,
    seated_table,
    two_session_chart,
)
from tournaments import seating_adapter
from tournaments.models import Seat

pytestmark = pytest.mark.django_db

NAMES = [
    ("Li Minghua", "李明华"),
    ("Ivan Petrov", "Иван Петров"),
    ("José Núñez", ""),
    ("Kim Minjun", "김민준"),
    ("Zoë Łukasz", ""),
    ("Sakura Sakurai", "桜井さくら"),
    ("Chen Wei", "陈伟"),
    ("Ёжиков Пётр", ""),
]


def pages(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(BytesIO(pdf)).pages]


def squeezed(text: str) -> str:
    """The text without white space: a name drawn in several fonts is split into runs."""
    return "".join(text.split())


def tokens(text: str) -> list[str]:
    return text.split()


def contains_run(haystack: list[str], needle: list[str]) -> bool:
    size = len(needle)
    return any(haystack[i : i + size] == needle for i in range(len(haystack) - size + 1))


@pytest.fixture
def charted(db):
    """Two games of two tables, eight numbered players named in several scripts, in teams of
    two; a substitute in the last seat of game 2."""
    tournament = TournamentFactory(name="Shanghai Open", slug="shanghai-open")
    players = two_session_chart(tournament, NAMES)
    for index, player in enumerate(players):
        player.team = TeamFactory(tournament=tournament, name=f"Équipe {index} 队")
        player.save(update_fields=["team"])
    return tournament


def chart_rows(tournament) -> dict[tuple[int, int], list[str]]:
    """(game, table) -> the four labels East, South, West, North, from the Seat rows."""
    rows: dict[tuple[int, int], list[str]] = {}
    seats = Seat.objects.filter(session__tournament=tournament).select_related(
        "player", "session", "table_session__table"
    )
    for seat in sorted(seats, key=lambda s: "ESWN".index(seating_adapter.seat_wind(s.position, 1))):
        key = (seat.session.number, seat.table_session.table.number)
        label = str(seat.player.lot_number) if seat.player.lot_number else "S1"
        rows.setdefault(key, []).append(label)
    return rows


def test_the_chart_prints_every_table_s_four_numbers_game_by_game(charted):
    text = "\n".join(pages(render_chart(charted)))
    assert "Chart for Table Rotation" in text
    assert "Game One" in text and "Game Two" in text
    assert "Player Numbers" in text
    words = tokens(text)
    rows = chart_rows(charted)
    assert rows[(1, 1)] == ["1", "2", "3", "4"] and rows[(2, 2)] == ["2", "4", "6", "S1"]
    for table in (1, 2):
        # Games One and Two side by side: the table and its numbers, then the other game's.
        line = [str(table), *rows[(1, table)], str(table), *rows[(2, table)]]
        assert contains_run(words, line), line
    assert "S1 = Sub Stitute" in text  # the substitute's mark is explained


def test_a_large_chart_breaks_into_pages_that_each_repeat_the_header():
    sessions = [
        {
            "number": n,
            "title": f"Game {n}",
            "note": "",
            "tables": [
                {"number": t, "group": "", "players": [str(4 * t - k) for k in range(3, -1, -1)]}
                for t in range(1, 126)
            ],
        }
        for n in range(1, 5)
    ]
    winds = [{"code": w, "letter": w, "name": w} for w in ("East", "South", "West", "North")]
    data = {
        "tournament": "Big",
        "winds": winds,
        "sessions": sessions,
        "substitutes": [],
        "replacement": None,
    }
    text_pages = pages(ChartRenderer().render(data))
    assert len(text_pages) > 4
    for page in text_pages:
        assert "Player Numbers" in page and "Table" in page
    words = tokens("\n".join(text_pages))
    for table in range(1, 126):
        numbers = [str(4 * table - k) for k in range(3, -1, -1)]
        # Every row whole, on one page, for both games of a pair (games 1-2 and 3-4).
        assert words.count(str(table)) >= 4
        assert contains_run(words, [str(table), *numbers, str(table), *numbers]), table


def test_the_list_by_player_gives_each_one_s_table_and_seat_with_names_in_every_script(charted):
    text_pages = pages(render_player_schedule(charted))
    text = "\n".join(text_pages)
    flat = squeezed(text)
    for name, native in NAMES:
        assert squeezed(name + native) in flat, name
    assert "Sub Stitute" in text
    words = tokens(text)
    # Player 6 (桜井さくら): table 2, South in game 1; table 2, West in game 2.
    assert contains_run(words, ["2", "S", "2", "W"])
    page = PdfReader(BytesIO(render_player_schedule(charted))).pages[0]
    assert page.mediabox.width < page.mediabox.height  # two games: A4 upright


def test_a_list_of_many_games_prints_landscape_with_the_header_on_every_page(charted):
    for number in range(3, 10):
        for table in (1, 2):
            players = [
                s.player
                for s in Seat.objects.filter(
                    session__tournament=charted,
                    session__number=1,
                    table_session__table__number=table,
                ).order_by("position")
            ]
            seated_table(charted, session_number=number, table_number=table, players=players)
    reader = PdfReader(BytesIO(render_player_schedule(charted)))
    page = reader.pages[0]
    assert page.mediabox.width > page.mediabox.height
    assert "Game 9" in page.extract_text()


def test_a_long_list_repeats_its_header_row_on_every_page():
    data = {
        "tournament": "Big",
        "sessions": [{"number": n, "title": f"Game {n}"} for n in range(1, 9)],
        "rows": [
            {
                "number": str(n),
                "name": f"Player {n} 李明华",
                "native_name": "",
                "team": "Team",
                "substitute": False,
                "cells": [{"table": n % 125 + 1, "wind": "E", "replaced": False}] * 8,
            }
            for n in range(1, 501)
        ],
    }
    text_pages = pages(PlayerScheduleRenderer().render(data))
    assert len(text_pages) > 5
    for page in text_pages:
        assert "Game 1" in page and "Game 8" in page and "Name" in page
    assert all(squeezed(f"Player {n} 李明华") in squeezed("".join(text_pages)) for n in (1, 500))


def test_a_seat_card_prints_the_four_players_and_the_appendix_4_rotation(charted):
    text_pages = pages(render_seat_cards(charted, session=2, table=2))
    assert len(text_pages) == 1
    text = text_pages[0]
    assert "Game Two" in text and "Table 2" in text
    flat = squeezed(text)
    for name, native in (NAMES[1], NAMES[3], NAMES[5]):
        assert squeezed(name + native) in flat
    assert "Sub Stitute" in text and "substitute" in text
    words = tokens(text)
    # Seats at the start: East 2 (A), South 4 (B), West 6 (C), North S1 (D).
    for wind, position, label in (
        ("East", "A", "2"),
        ("South", "B", "4"),
        ("West", "C", "6"),
        ("North", "D", "S1"),
    ):
        assert contains_run(words, [wind, position, label]), wind
    labels = {"A": "2", "B": "4", "C": "6", "D": "S1"}
    for number, rows in enumerate(
        (["A", "B", "C", "D"], ["B", "A", "D", "C"], ["C", "D", "B", "A"], ["D", "C", "A", "B"]),
        start=1,
    ):
        first_hand = (number - 1) * 4 + 1
        # The engine agrees with the appendix, and the card prints it: the dealer (■) sits East.
        engine = sorted(
            "ABCD", key=lambda p: "ESWN".index(seating_adapter.seat_wind(p, first_hand))
        )
        assert engine == rows
        cells = ["■"]
        for position in rows:
            cells += [labels[position], f"({position})"]
        assert contains_run(words, cells), number


def test_seat_cards_print_two_tables_to_a_page(charted):
    every = pages(render_seat_cards(charted))
    assert len(every) == 2  # four cards
    assert "Game One" in every[0] and "Table 1" in every[0] and "Table 2" in every[0]
    assert "Game Two" in every[1]
    one_session = pages(render_seat_cards(charted, session=1))
    assert len(one_session) == 1 and "Game Two" not in one_session[0]


def test_a_tournament_without_a_chart_prints_forms_that_say_so(tournament):
    assert "There is no seating chart yet" in pages(render_chart(tournament))[0]
    assert "There is no seating chart yet" in pages(render_player_schedule(tournament))[0]
    assert "No table is seated" in pages(render_seat_cards(tournament))[0]


def page_fonts(pdf: bytes) -> set[str]:
    fonts = set()
    for page in PdfReader(BytesIO(pdf)).pages:
        for font in page["/Resources"]["/Font"].values():
            fonts.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
    return fonts


@pytest.mark.parametrize("form", ["chart", "schedule", "seatcards"])
def test_chinese_and_korean_names_are_drawn_in_fonts_that_have_their_glyphs(charted, form):
    """Text extraction alone would pass with empty boxes; the faces used must be the CJK ones
    (reports.fonts; tests/reports/test_fonts_render.py shows they draw real glyphs)."""
    if form == "chart":
        # The chart prints numbers; its legend names the substitute, here in Chinese.
        charted.players.filter(name="Sub Stitute").update(native_name="替补")
        pdf = render_chart(charted)
    elif form == "schedule":
        pdf = render_player_schedule(charted)
    else:
        pdf = render_seat_cards(charted)
    fonts = page_fonts(pdf)
    assert "NotoSansSC-Regular" in fonts
    if form != "chart":
        assert "NotoSansKR-Regular" in fonts


def vertical_rules(pdf: bytes) -> list[tuple[float, float, float]]:
    """Every stroked vertical line of the first page: (x, y from, y to), in the coordinates
    of the table that draws it (from its left edge)."""
    from pypdf.generic import ContentStream

    reader = PdfReader(BytesIO(pdf))
    operations = ContentStream(reader.pages[0].get_contents(), reader).operations
    rules, point = [], None
    for operands, operator in operations:
        if operator in (b"m", b"l"):
            here = tuple(float(v) for v in operands)
            if operator == b"l" and point is not None and abs(point[0] - here[0]) < 0.01:
                rules.append((here[0], min(point[1], here[1]), max(point[1], here[1])))
            point = here
    return rules


def test_the_charts_legend_explains_a_replacement_of_the_chart_itself(charted):
    """Player 8's seat in game 2 is the substitute's: the legend's example is that one."""
    last = Seat.objects.get(session__number=2, table_session__table__number=2, position="D")
    last.replaced_player = charted.players.get(lot_number=8)
    last.save(update_fields=["replaced_player"])
    text = " ".join("\n".join(pages(render_chart(charted))).split())
    assert "S1 (8)" in text
    assert "“S1 (8)”: substitute S1 in the seat of player 8, who lost the game." in text
    assert "(12)" not in text


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_schedule_rules_each_table_number_off_its_seat(charted, language):
    """ "1 O" (table 1, West in Spanish) read as table 10: a rule stands between them."""
    from django.utils import translation

    with translation.override(language):
        pdf = render_player_schedule(charted)
        renderer = PlayerScheduleRenderer()
    left = renderer.number_column + renderer._name_column(2) + renderer.team_column
    for game in range(2):
        between = left + game * (renderer.table_column + renderer.wind_column)
        between += renderer.table_column
        rules = [rule for rule in vertical_rules(pdf) if abs(rule[0] - between) < 0.5]
        assert rules and max(top - foot for _x, foot, top in rules) > 8 * 10, game
