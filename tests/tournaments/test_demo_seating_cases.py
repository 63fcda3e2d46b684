"""The demo's seating cases (tournaments/demo/seating_cases.py): a re-seat with the umpire rota
in place, and a tie at the final's cut-off decided by a recorded lot."""

import pytest

import seating
from tournaments.demo.seating_cases import FINAL_PLAYERS, FINAL_RESERVE, build_final_stage_demo
from tournaments.demo.users import demo_people
from tournaments.models import CutOffDecision, Player, Seat, Session, TableSession, Tournament
from tournaments.selectors.cut_off import cut_off_decisions
from tournaments.selectors.standings import standings_compute

pytestmark = pytest.mark.django_db


@pytest.fixture
def final_demo() -> Tournament:
    return build_final_stage_demo(
        slug="demo-final", seed=3, people=demo_people(tables=2), time_limit=0.5
    )


def test_the_re_seat_after_a_withdrawal_keeps_the_umpire_rota(final_demo):
    withdrawn = final_demo.players.get(name=FINAL_PLAYERS[-1])
    assert withdrawn.status == Player.Status.WITHDRAWN
    assert (
        Seat.objects.filter(player=withdrawn).values_list("session__number", flat=True).get() == 1
    )
    assert Seat.objects.filter(player__name=FINAL_RESERVE, session__number__gte=2).count() == 4
    umpires = TableSession.objects.filter(session__tournament=final_demo).values_list(
        "table__number", "umpire__username"
    )
    assert set(umpires) == {(1, "umpire1"), (2, "umpire2")}


def test_the_tie_at_the_cut_off_is_decided_by_a_recorded_lot_and_seeds_the_final(final_demo):
    decision = CutOffDecision.objects.get(tournament=final_demo)
    assert (decision.method, decision.seed, decision.session_number) == ("lot", "cut-off-3", 6)
    assert decision.order == seating.lot_order(sorted(decision.order), "cut-off-3")
    final = final_demo.sessions.get(number=6)
    assert final.stage == Session.Stage.FINAL
    seated = set(final.seats.values_list("player__lot_number", flat=True))
    advancing = decision.order[: decision.finalists - decision.first_place + 1]
    left_out = decision.order[len(advancing) :]
    assert set(advancing) <= seated and not set(left_out) & seated
    tied = [r for r in standings_compute(tournament=final_demo).players if r.number in left_out]
    assert tied and all(r.rank == decision.first_place for r in tied)
    (line,) = cut_off_decisions(tournament=final_demo)
    assert "Decided by a lot drawn with the seed cut-off-3" in line.words


def test_building_it_again_replaces_it(final_demo):
    again = build_final_stage_demo(
        slug="demo-final", seed=3, people=demo_people(tables=2), time_limit=0.5
    )
    assert Tournament.objects.filter(slug="demo-final").get() == again


def test_the_cut_off_decision_round_trips_through_the_archive(final_demo):
    from tournaments.archive import export_tournament, import_tournament

    document = export_tournament(final_demo)
    (written,) = document["cut_off_decisions"]
    document["tournament"]["slug"] = "demo-final-copy"
    restored = import_tournament(document).tournament
    copy = CutOffDecision.objects.get(tournament=restored)
    original = CutOffDecision.objects.get(tournament=final_demo)
    fields = ["session_number", "finalists", "first_place", "last_place", "advancing", "order"]
    fields += ["method", "seed", "result", "decided_at", "decided_by"]
    assert [getattr(copy, f) for f in fields] == [getattr(original, f) for f in fields]
    assert written["order"] == original.order


def test_an_archived_decision_naming_a_number_not_in_the_file_is_refused(final_demo):
    from tournaments.archive import ArchiveError, export_tournament, import_tournament

    document = export_tournament(final_demo)
    document["tournament"]["slug"] = "demo-final-copy"
    document["cut_off_decisions"][0]["order"][0] = 999
    with pytest.raises(ArchiveError, match="each once"):
        import_tournament(document)
    assert not Tournament.objects.filter(slug="demo-final-copy").exists()


def test_the_public_and_the_printed_standings_say_how_the_tie_was_decided(final_demo, client):
    from io import BytesIO

    from pypdf import PdfReader

    from reports.data.standings import standings_data
    from reports.forms.standings import render_standings

    page = client.get(f"/t/{final_demo.slug}/").content.decode()
    assert "Ties at the cut-off" in page and "cut-off-3" in page
    printed = render_standings(standings_data(tournament=final_demo))
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(BytesIO(printed)).pages).split())
    assert "Decided by a lot drawn with the seed cut-off-3" in text
    assert "python -m seating lot --seed cut-off-3" in text
