"""The whole-tournament archive: export, wipe, import, export again gives the same document."""

import json

import pytest
from django.contrib.auth import get_user_model

from tests.tournaments.export_fixtures import DEMO_SLUG, corrections_described
from tournaments.archive import FORMAT, VERSION, dumps, export_tournament, import_tournament, load
from tournaments.demo.removal import demo_delete
from tournaments.demo.users import DEMO_LOGINS
from tournaments.models import Appeal, Correction, Hand, Penalty, Sanction, Tournament
from tournaments.selectors.standings import standings_as_dict, standings_compute

pytestmark = pytest.mark.django_db


def keys_of(node) -> set[str]:
    """Every key of the document, but inside the scoring core's hand JSON and fans (whose
    "id" is the fan's number in the rules, not a database id)."""
    if isinstance(node, dict):
        inner = {
            k for key, value in node.items() if key not in ("fans", "tiles") for k in keys_of(value)
        }
        return set(node) | inner
    if isinstance(node, list):
        return {k for value in node for k in keys_of(value)}
    return set()


def hands_by_key(slug: str) -> dict:
    """Every hand's fans and payments by (session, table, hand), with players by number."""
    hands = Hand.objects.filter(table_session__session__tournament__slug=slug)
    return {
        (h.table_session.session.number, h.table_session.table.number, h.number): (
            h.outcome,
            h.winner_position,
            h.discarder_position,
            h.tiles,
            h.fans,
            h.points,
            h.flowers,
            h.entered_at,
            sorted((s.position, s.player.registration_number, s.points) for s in h.scores.all()),
        )
        for h in hands.select_related("table_session__session", "table_session__table")
    }


def wipe(tournament: Tournament) -> None:
    """Delete the tournament, and the demo's users that only it referred to."""
    demo_delete(tournament)
    get_user_model().objects.filter(username__in=DEMO_LOGINS).delete()


@pytest.mark.slow  # the whole demo tournament
def test_two_exports_of_the_same_data_are_byte_identical_without_database_ids(played_demo):
    first = dumps(export_tournament(played_demo))
    assert first == dumps(export_tournament(Tournament.objects.get(slug=DEMO_SLUG)))
    document = json.loads(first)
    assert (document["format"], document["version"]) == (FORMAT, VERSION)
    # The EMA number is the federation's, not a database id.
    keys = keys_of(document) - {"ema_id"}
    assert "id" not in keys and not any(k.endswith("_id") for k in keys)
    assert any(player["ema_id"] for player in document["players"])
    # Everything the issue names is in it.
    sheet = document["score_sheets"][0]
    assert sheet["seats"] and sheet["hands"] and sheet["penalties"] and sheet["confirmations"]
    assert sheet["results"] and sheet["umpire"] and sheet["umpire_signed_at"]
    assert document["appeals"] and document["sanctions"] and document["print_records"]
    assert any(s["check_ins"] for s in document["sessions"])
    assert any(c["absent"] for s in document["sessions"] for c in s["check_ins"])
    assert any(p["voided_at"] and p["void_reason"] for p in sheet["penalties"])
    assert all(p["lot_number"] for p in document["players"] if p["status"] == "active")
    assert "王" in first or any(p["native_name"] for p in document["players"])


@pytest.mark.slow  # the whole demo tournament
def test_the_demo_tournament_round_trips_field_by_field(played_demo):
    document = export_tournament(played_demo)
    text = dumps(document)
    # A correction's database ids are written as natural keys (and read back as ids).
    by_kind = {c["kind"]: c for sheet in document["score_sheets"] for c in sheet["corrections"]}
    void, swap = by_kind["penalty_void"], by_kind["seat"]
    numbered = {p["number"]: p for p in document["score_sheets"][0]["penalties"]}
    assert numbered[void["before"]["penalty"]]["kind"] == "exposed_hand"
    assert set(swap["before"].values()) <= {p["registration_number"] for p in document["players"]}
    standings = standings_as_dict(standings_compute(tournament=played_demo))
    hands = hands_by_key(DEMO_SLUG)
    voided = Penalty.objects.filter(
        table_session__session__tournament=played_demo, voided_at__isnull=False
    ).values_list("recorded_at", "voided_at", "void_reason", "deltas")
    voided = list(voided)
    appeals = list(Appeal.objects.order_by("filed_at").values_list("status", "ruling", "ruled_at"))
    corrections = list(
        Correction.objects.order_by("made_at").values_list("kind", "reason", "made_at")
    )
    # The demo adds a penalty and removes a hand after signing (their ids written as keys).
    assert {"penalty", "hand_removed"} <= set(by_kind)
    added = by_kind["penalty"]["after"]
    sheet = next(s for s in document["score_sheets"] if by_kind["penalty"] in s["corrections"])
    assert {p["number"]: p["player"] for p in sheet["penalties"]}[added["penalty"]] == added[
        "player"
    ]
    described = corrections_described(DEMO_SLUG)
    wipe(played_demo)
    assert not Tournament.objects.filter(slug=DEMO_SLUG).exists()

    report = import_tournament(load(text))

    assert sorted(report.created_users) == sorted(
        DEMO_LOGINS.keys() & set(json.loads(text)["users"])
    )
    restored = Tournament.objects.get(slug=DEMO_SLUG)
    assert dumps(export_tournament(restored)) == text
    assert standings_as_dict(standings_compute(tournament=restored)) == standings
    assert hands_by_key(DEMO_SLUG) == hands
    assert (
        list(
            Penalty.objects.filter(
                table_session__session__tournament=restored, voided_at__isnull=False
            ).values_list("recorded_at", "voided_at", "void_reason", "deltas")
        )
        == voided
    )
    assert (
        list(Appeal.objects.order_by("filed_at").values_list("status", "ruling", "ruled_at"))
        == appeals
    )
    assert (
        list(Correction.objects.order_by("made_at").values_list("kind", "reason", "made_at"))
        == corrections
    )
    # The fixture's criticism, the disqualification the demo lifts on appeal, and the player
    # it disqualifies.
    sanctions = Sanction.objects.filter(player__tournament=restored)
    assert sanctions.count() == 3
    lifted = sanctions.get(voided_at__isnull=False)
    assert lifted.void_appeal.statement.startswith("I spoke to the umpire")
    assert lifted.voided_by.username == "chief" and lifted.void_reason
    assert corrections_described(DEMO_SLUG) == described
    restored_void = Correction.objects.get(kind="penalty_void")
    assert Penalty.objects.get(pk=restored_void.before["penalty"]).kind == "exposed_hand"
    swapped = restored.players.filter(registration_number__in=swap["before"].values())
    assert set(Correction.objects.get(kind="seat").before.values()) == set(
        swapped.values_list("pk", flat=True)
    )


def test_users_missing_from_the_database_are_created_inactive_without_a_password(small_played):
    umpire = get_user_model().objects.create_user("ump-small", password="x")
    sheet = Hand.objects.first().table_session
    sheet.umpire = umpire
    sheet.save()
    text = dumps(export_tournament(small_played))
    demo_delete(small_played)
    umpire.delete()
    report = import_tournament(load(text))
    assert report.created_users == ["ump-small"]
    created = get_user_model().objects.get(username="ump-small")
    assert not created.is_active and not created.has_usable_password()
    assert dumps(export_tournament(report.tournament)) == text


def test_an_existing_user_is_reused_as_he_is(small_played):
    umpire = get_user_model().objects.create_user("ump-kept", password="secret-pass")
    sheet = Hand.objects.first().table_session
    sheet.umpire = umpire
    sheet.save()
    text = dumps(export_tournament(small_played))
    demo_delete(small_played)
    report = import_tournament(load(text))
    assert report.created_users == []
    umpire.refresh_from_db()
    assert umpire.is_active and umpire.check_password("secret-pass")
