"""The printed standings (Appendix 7) say what the official standings selector says (signed
sheets only, Appendix 5): names in every script, each player's TP / CP / rank per session and
the sums, the teams' sums, whether they are provisional, official or final, the tie-break that
decided each tie, and the fingerprint."""

import json
from fractions import Fraction
from io import BytesIO

import pytest
from django.utils import translation
from pypdf import PdfReader

from reports.data.standings import points_text, standings_data
from reports.fingerprint import stamp
from reports.forms.standings import render_standings, session_ranges, tie_break_text
from reports.models import PrintRecord
from tests.reports.helpers import store_results
from tests.tournaments.factories import (
    PlayerFactory,
    TeamFactory,
    seated_table,
    sign_complete_sheets,
    sign_sheets,
)
from tournaments.models import Hand, TableSession, Tournament
from tournaments.selectors.standings import (
    PlayerRow,
    SessionLine,
    deciding_criterion,
    standings_compute,
)
from tournaments.services.hands import hand_record_no_win, hand_record_win
from tournaments.services.signoff import sheet_countersign

pytestmark = pytest.mark.django_db

NAMES = [
    ("Li Wei", "李伟"),
    ("Sato Yuki", "佐藤由紀"),
    ("Kim Minjun", "김민준"),
    ("Ivan Sokolov", "Иван Соколов"),
    ("Łucja Nowák", ""),
    ("Ana Brañas", ""),
    ("Bo Jensen", ""),
    ("Cai Lun", "蔡伦"),
]
# Session 1 and 2: which players (indexes of NAMES) sit at tables 1 and 2, A-D.
SEATING = {1: ([0, 1, 2, 3], [4, 5, 6, 7]), 2: ([0, 4, 1, 5], [2, 6, 3, 7])}
# Per (session, table): the winning hands (winner, discarder or None, points) before the gong.
HANDS = {
    (1, 1): [("A", "C", 8), ("B", None, 10)],
    (1, 2): [("C", "D", 12)],
    (2, 1): [("D", "A", 9), ("A", "B", 16)],
    (2, 2): [("B", "C", 8), ("B", "D", 11)],
}


def pdf_text(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(BytesIO(pdf)).pages]


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture
def played(tournament):
    """Eight players in two teams, two sessions at two tables, scored through the services;
    every sheet complete (stopped by the time limit), none signed yet."""
    tournament.entry_mode = Tournament.EntryMode.POINTS_ONLY
    tournament.save()
    teams = [TeamFactory(tournament=tournament, name=n) for n in ("Dragons", "Тигры")]
    players = [
        PlayerFactory(
            tournament=tournament,
            name=name,
            native_name=native,
            lot_number=index + 1,
            registration_number=index + 1,
            team=teams[index % 2],
        )
        for index, (name, native) in enumerate(NAMES)
    ]
    for session, tables in SEATING.items():
        for table, indexes in enumerate(tables, start=1):
            sheet = seated_table(
                tournament,
                session_number=session,
                table_number=table,
                players=[players[i] for i in indexes],
                started=True,
            )
            for winner, discarder, points in HANDS[(session, table)]:
                hand_record_win(
                    table_session=sheet, winner=winner, discarder=discarder, points=points
                )
            hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.TIME_LIMIT)
    return tournament


@pytest.fixture
def signed(played):
    """The same tournament, every sheet signed by its umpire: the official standings count
    both sessions."""
    sign_complete_sheets(played)
    return played


def sheets_of(tournament, *sessions: int) -> list[TableSession]:
    """The tournament's sheets (of these sessions if named), in table order."""
    sheets = TableSession.objects.filter(session__tournament=tournament)
    if sessions:
        sheets = sheets.filter(session__number__in=sessions)
    return list(sheets.order_by("session__number", "table__number"))


def countersign_everything(tournament):
    """The chief umpire countersigns every signed sheet: their results are final."""
    for sheet in sheets_of(tournament):
        sheet_countersign(table_session=sheet)


def set_status(tournament, status):
    """The tournament's status as a test needs it (finished, or reopened by the chief umpire)."""
    tournament.status = status
    tournament.save(update_fields=["status"])


def printed(tournament, **options) -> tuple[dict, bytes]:
    data = standings_data(tournament=tournament, **options)
    stamped = stamp(data, kind=PrintRecord.Kind.STANDINGS, tournament_id=tournament.pk)
    return stamped, render_standings(stamped)


# -- the figures -------------------------------------------------------------------------------


def test_every_player_is_printed_in_ranking_order_with_his_name_in_every_script(signed):
    _data, pdf = printed(signed)
    text = "".join(pdf_text(pdf))
    for name, native in NAMES:
        assert name in text
        assert native in text
    ranking = [row.name for row in standings_compute(tournament=signed).players]
    assert ranking != [name for name, _native in NAMES], "ranked by the results, not by number"
    positions = [text.index(name) for name in ranking]
    assert positions == sorted(positions)


def test_each_players_session_figures_and_sums_equal_the_standings_selector(signed):
    _data, pdf = printed(signed)
    text = flat("".join(pdf_text(pdf)))
    standings = standings_compute(tournament=signed)
    assert standings.session_numbers == [1, 2]
    for row in standings.players:
        cells = []
        for line in row.sessions:
            cells += [points_text(line.table_points), str(line.score), str(line.rank)]
        cells += [points_text(row.table_points), str(row.contest_points)]
        assert " ".join(cells) in text, (row.name, cells)


def test_each_teams_session_figures_and_sums_equal_the_standings_selector(signed):
    _data, pdf = printed(signed)
    team_page = flat(pdf_text(pdf)[-1])
    teams = standings_compute(tournament=signed).teams
    assert [t.name for t in teams] and all(t.name in team_page for t in teams)
    for team in teams:
        cells = []
        for number in (1, 2):
            tp, cp = team.sessions[number]
            cells += [points_text(tp), str(cp)]
        cells += [points_text(team.table_points), str(team.contest_points)]
        assert " ".join(cells) in team_page, (team.name, cells)
    members = standings_compute(tournament=signed).teams[0].members
    assert all(member in team_page for member in members)


def test_shared_table_points_print_as_decimals():
    assert points_text(Fraction(5, 2)) == "2.5"
    assert points_text(Fraction(7, 3)) == "2.33"
    assert points_text(Fraction(4)) == "4"


# -- provisional, official or final ------------------------------------------------------------


def test_complete_but_unsigned_sheets_make_the_standings_provisional(played):
    data, pdf = printed(played)
    text = flat("".join(pdf_text(pdf)))
    assert not data["final"] and data["columns"] == []
    assert "Provisional: no session counted yet" in text
    assert "No session counted yet." in text
    for number in (1, 2):
        assert (
            f"Session {number}: 0 of 2 sheets signed; sheets not signed by their umpire are not "
            "counted." in text
        )
    live = standings_compute(tournament=played, live=True)
    assert live.session_numbers == [1, 2] and live.provisional_sessions == [1, 2]
    assert all(row.provisional for row in live.players), "counted live, as provisional"

    sign_sheets(*sheets_of(played, 1), sheets_of(played, 2)[0])
    data, pdf = printed(played)
    text = flat("".join(pdf_text(pdf)))
    assert not data["final"] and data["columns"] == [1, 2]
    assert "Provisional after session 2" in text
    assert "Sessions counted: 1–2 (of 6)." in text
    assert (
        "Session 2: 1 of 2 sheets signed; sheets not signed by their umpire are not counted."
        in text
    )
    assert "Session 1:" not in text, "every sheet of session 1 is signed"
    assert "Final standings" not in text and "Official" not in text


def test_every_sheet_countersigned_in_a_finished_tournament_makes_them_final(signed):
    signed.refresh_from_db()
    previous = signed.status
    set_status(signed, Tournament.Status.FINISHED)
    data, pdf = printed(signed)
    text = "".join(pdf_text(pdf))
    assert not data["final"], "signed is not enough: the chief umpire countersigns"
    assert "Official after session 2" in text
    assert "Final standings" not in text and "Provisional" not in text

    set_status(signed, previous)  # reopened: a finished tournament's sheets do not change
    countersign_everything(signed)
    set_status(signed, Tournament.Status.FINISHED)
    data, pdf = printed(signed)
    text = "".join(pdf_text(pdf))
    assert data["final"]
    assert "Final standings" in text
    assert "Provisional" not in text and "Official" not in text


def test_sessions_still_to_play_keep_them_official_not_final_even_when_all_played_are_final(
    signed,
):
    data, pdf = printed(signed)
    assert not data["final"]
    assert "Official after session 2" in "".join(pdf_text(pdf))
    countersign_everything(signed)
    signed.refresh_from_db()
    assert signed.status != Tournament.Status.FINISHED
    data, pdf = printed(signed)
    text = "".join(pdf_text(pdf))
    assert not data["final"], "the tournament has six sessions and is not finished"
    assert "Official after session 2" in text and "Final standings" not in text


def test_standings_through_session_one_show_only_that_session_and_are_not_final(signed):
    countersign_everything(signed)
    set_status(signed, Tournament.Status.FINISHED)
    assert printed(signed)[0]["final"], "the whole tournament's standings are final"
    data, pdf = printed(signed, through_session=1)
    text = "".join(pdf_text(pdf))
    assert data["columns"] == [1] and not data["final"]
    assert "Official after session 1" in text and "Final standings" not in text
    assert "Session 1" in text and "Session 2" not in text


def test_an_open_sheet_is_left_out_and_named(signed):
    players = list(signed.players.order_by("lot_number")[:4])
    open_sheet = seated_table(
        signed, session_number=3, table_number=1, players=players, started=True
    )
    hand_record_win(table_session=open_sheet, winner="A", discarder="B", points=8)
    data, pdf = printed(signed)
    text = flat("".join(pdf_text(pdf)))
    assert data["columns"] == [1, 2]
    assert "Official after session 2" in text
    assert (
        "Session 3: 0 of 1 sheets signed; sheets not signed by their umpire are not counted."
        in text
    )


# -- tie-breaks --------------------------------------------------------------------------------


@pytest.fixture
def ties(tournament):
    """Ana and Bo: equal TP, Ana more CP. Cai and Dan: equal TP and CP, Cai the better best
    session. Eve and Fay: equal on every key. Gus alone."""
    tournament.tie_breaks = ["best_session"]
    tournament.save()
    store_results(
        tournament,
        {
            "Ana Alpha": [(1, 40, 1, 4), (2, 30, 1, 4)],
            "Bo Beta": [(1, 20, 1, 4), (2, 10, 1, 4)],
            "Cai Gamma": [(1, 50, 1, 4), (2, -30, 4, 0)],
            "Dan Delta": [(1, 10, 1, 4), (2, 10, 2, 0)],
            "Eve Epsilon": [(1, 5, 2, 2), (2, 5, 2, 0)],
            "Fay Zeta": [(1, 5, 2, 2), (2, 5, 2, 0)],
            "Gus Eta": [(1, -100, 4, 0), (2, -100, 4, 0)],
        },
    )
    return tournament


def row_texts(text: str, names: list[str]) -> dict[str, str]:
    """Each player's row of the flattened page text: from his name to the next player's."""
    starts = [text.index(f" {name} ") for name in names] + [len(text)]
    return {name: text[starts[i] : starts[i + 1]] for i, name in enumerate(names)}


def test_the_tie_break_that_decided_each_tie_is_named(ties):
    data = standings_data(tournament=ties)
    notes = {p["name"].split()[0]: p["tie_break"] for p in data["players"]}
    assert notes == {
        "Ana": {"side": "below", "decided_by": "contest_points"},
        "Bo": {"side": "above", "decided_by": "contest_points"},
        "Cai": {"side": "below", "decided_by": "best_session"},
        "Dan": {"side": "above", "decided_by": "best_session"},
        "Eve": {"side": "below", "decided_by": None},
        "Fay": {"side": "above", "decided_by": None},
        "Gus": None,
    }
    text = flat("".join(pdf_text(render_standings(data))))
    rows = row_texts(text, [p["name"] for p in data["players"]])
    expected = {
        "Ana Alpha": "equal TP: more CP",
        "Bo Beta": "equal TP: fewer CP",
        "Cai Gamma": "equal TP and CP: higher best session",
        "Dan Delta": "equal TP and CP: lower best session",
        "Eve Epsilon": "tied: shared place",
        "Fay Zeta": "tied: shared place",
    }
    sums = {p["name"]: f"{p['tp']} {p['cp']}" for p in data["players"]}
    for name, note in expected.items():
        assert f"{sums[name]} {note}" in rows[name], (name, rows[name])
    assert "equal" not in rows["Gus Eta"] and "tied" not in rows["Gus Eta"]


def test_players_equal_on_every_key_share_the_printed_place(ties):
    data = standings_data(tournament=ties)
    places = {p["name"]: p["rank"] for p in data["players"]}
    assert places["Eve Epsilon"] == places["Fay Zeta"] == 5
    text = flat("".join(pdf_text(render_standings(data))))
    assert " 5 5 Eve Epsilon " in text and " 5 6 Fay Zeta " in text  # place, number, name


def player_row(name, tp, cp, scores):
    row = PlayerRow(player_id=0, number=None, name=name, team="", status="active")
    row.table_points, row.contest_points = Fraction(tp), cp
    row.sessions = [SessionLine(n, 1, "A", s, 1, Fraction(0)) for n, s in enumerate(scores)]
    return row


def test_deciding_criterion_names_the_first_key_on_which_two_neighbours_differ():
    upper = player_row("U", 5, 30, [20, 10])
    assert deciding_criterion(upper, player_row("L", 4, 90, [90]), []) == "table_points"
    assert deciding_criterion(upper, player_row("L", 5, 20, [20]), []) == "contest_points"
    same_cp = player_row("L", 5, 30, [15, 15])
    assert deciding_criterion(upper, same_cp, ["best_session"]) == "best_session"
    assert deciding_criterion(upper, same_cp, []) is None


def test_tie_break_words():
    criteria = ["table_points", "contest_points", "best_session", "most_firsts"]
    note = {"side": "above", "decided_by": "most_firsts"}
    assert tie_break_text(note, criteria) == "equal TP, CP and best session: fewer first places"
    assert tie_break_text(None, criteria) == ""
    assert session_ranges([1, 2, 3, 5, 7, 8]) == "1–3, 5, 7–8"


# -- the paper itself ------------------------------------------------------------------------


def test_the_fingerprint_is_in_the_header_of_every_page_and_under_the_tables(played):
    data, pdf = printed(played)
    pages = pdf_text(pdf)
    assert len(pages) == 2  # the players, then the teams on a new page
    assert all(data["fingerprint"] in page for page in pages)
    assert data["verify_url"] in flat(pages[-1])


def test_the_data_is_deterministic_json_and_the_same_in_any_language(signed):
    first = standings_data(tournament=signed)
    assert first["columns"] == [1, 2], "with the figures of both sessions"
    with translation.override("de"):
        again = standings_data(tournament=signed)
    assert first == again
    assert json.loads(json.dumps(first)) == first
    assert "fingerprint" not in first


def results_for_sessions(players: int, sessions: int) -> dict:
    return {
        f"Player {i:03d}": [
            (n, (i * 37 + n * 11) % 300 - 150, 1 + (i + n) % 4, (i + n) % 5)
            for n in range(1, sessions + 1)
        ]
        for i in range(1, players + 1)
    }


def row_cells(player: dict, indexes) -> str:
    """A player's printed row from his name: team, cells of these sessions, sums."""
    cells = [player["name"], player["team"]] if player["team"] else [player["name"]]
    for index in indexes:
        cell = player["sessions"][index]
        cells.append(f"{cell['tp']} {cell['cp']} {cell['rank']}")
    return " ".join([*cells, player["tp"], str(player["cp"])])


def test_many_players_and_ten_sessions_fit_side_by_side_with_repeated_headers(tournament):
    store_results(tournament, results_for_sessions(130, 10))
    data = standings_data(tournament=tournament)
    reader = PdfReader(BytesIO(render_standings(data)))
    for page in reader.pages:
        box = page.mediabox
        assert (round(float(box.width)), round(float(box.height))) == (842, 595), "A4 landscape"
    text = [page.extract_text() for page in reader.pages]
    assert len(text) >= 3
    assert all("Place" in t and "Name" in t and "Session 10" in t for t in text)
    joined = flat("".join(text))
    for player in data["players"]:
        assert row_cells(player, range(10)) in joined, player["name"]


def test_more_sessions_than_fit_split_into_bands_repeating_names_and_sums(tournament):
    store_results(tournament, results_for_sessions(24, 14))
    teams = [TeamFactory(tournament=tournament, name=f"Club {k}") for k in range(6)]
    for index, player in enumerate(tournament.players.order_by("lot_number")):
        player.team = teams[index // 4]
        player.save()
    data = standings_data(tournament=tournament)
    pages = [flat(t) for t in pdf_text(render_standings(data))]
    first = [p for p in pages if "Session 1 " in p and "Player" in p]
    second = [p for p in pages if "Session 14" in p and "Player" in p]
    assert first and second and not set(first) & set(second)
    bands = [range(0, 7), range(7, 14)]
    for page, band in zip((first[0], second[0]), bands, strict=True):
        for player in data["players"]:
            assert row_cells(player, band) in page, player["name"]
    team_pages = [p for p in pages if "Members" in p]
    assert len(team_pages) == 2, "the team table in two bands as well"
    for team in data["teams"]:
        assert all(team["name"] in p for p in team_pages)


# -- sanctions: as the players stood; a team's disqualified member ---------------------------


def disqualify(tournament, name: str, session: int | None):
    from tournaments.services.sanctions import sanction_record

    sanction_record(
        player=tournament.players.get(name=name),
        kind="disqualification",
        reason="Persisted in disobeying the umpire (3.11.6.10).",
        session=tournament.sessions.get(number=session) if session else None,
    )


def test_standings_after_a_session_show_the_players_as_they_stood_then(signed):
    """Disqualified in session 2: after session 1 he still had his place."""
    disqualify(signed, "Li Wei", 2)
    after_one = standings_data(tournament=signed, through_session=1)
    row = next(p for p in after_one["players"] if p["name"] == "Li Wei")
    assert row["rank"] is not None and row["status"] == ""
    text = flat("".join(pdf_text(render_standings(after_one))))
    assert "(disqualified)" not in text
    after_two = standings_data(tournament=signed, through_session=2)
    row = next(p for p in after_two["players"] if p["name"] == "Li Wei")
    assert row["rank"] is None and row["status"] == "disqualified"
    assert "Li Wei 李伟 (disqualified)" in flat("".join(pdf_text(render_standings(after_two))))


def test_a_disqualification_for_no_session_counts_from_when_it_was_decided(signed):
    """Decided after session 2 started (its start is recorded): not yet after session 1."""
    disqualify(signed, "Li Wei", None)
    after_one = standings_data(tournament=signed, through_session=1)
    assert next(p for p in after_one["players"] if p["name"] == "Li Wei")["rank"] is not None
    after_two = standings_data(tournament=signed, through_session=2)
    assert next(p for p in after_two["players"] if p["name"] == "Li Wei")["rank"] is None


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_a_teams_disqualified_member_is_marked_in_its_list(signed, language):
    disqualify(signed, "Li Wei", 2)
    with translation.override(language):
        pdf = render_standings(standings_data(tournament=signed))
        label = str(translation.gettext("disqualified"))
    team_page = "".join(pdf_text(pdf)[-1].split())  # (a name drawn in two faces is split)
    member = "1LiWei李伟(disqualified)" if language == "en" else f"1LiWei李伟（{label}）"
    assert member in team_page
    assert label not in team_page.replace(member, "")  # only him
