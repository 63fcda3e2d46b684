"""The verification page tells whether a printed score sheet or standings still match the
record, and which correction changed them when they do not."""

import pytest

from tests.reports.helpers import print_sheet, printed_fingerprint, verify
from tests.tournaments.factories import PlayerFactory
from tests.tournaments.signoff_helpers import REASON, complete, hand_one
from tournaments.services.corrections import correction_hand_replace

pytestmark = pytest.mark.django_db


def test_a_freshly_printed_sheet_matches_the_record(client, locked):
    response = verify(client, print_sheet(locked))
    assert response.status_code == 200
    assert "This printed form matches the record." in response.content.decode()


def test_printing_the_same_sheet_again_gives_the_same_fingerprint(locked):
    assert print_sheet(locked) == print_sheet(locked)


def test_a_corrected_hand_makes_the_old_print_fail_and_names_the_correction(
    client,
    locked,
    people,
):
    fingerprint = print_sheet(locked)
    correction_hand_replace(
        hand=hand_one(locked),
        reason=REASON,
        winner="C",
        discarder="D",
        points=10,
        user=people.chief,
    )
    page = verify(client, fingerprint).content.decode()
    assert "This printed form no longer matches the record." in page
    # Public: that it happened, when and by which role; the reason is not for everyone.
    assert "Chief umpire" in page and people.chief.get_username() not in page
    assert REASON not in page
    assert "shown to the staff and the players of the table" in page
    client.force_login(people.chief)
    assert REASON in verify(client, fingerprint).content.decode()
    assert print_sheet(locked) != fingerprint


def test_the_reason_of_a_correction_is_shown_to_a_player_of_that_table_only(
    client,
    locked,
    people,
    django_user_model,
):
    fingerprint = print_sheet(locked)
    correction_hand_replace(
        hand=hand_one(locked),
        reason=REASON,
        winner="C",
        discarder="D",
        points=10,
        user=people.chief,
    )
    seated = locked.seats.get(position="A").player
    seated.user = django_user_model.objects.create_user("seated-player")
    seated.save(update_fields=["user"])
    client.force_login(seated.user)
    assert REASON in verify(client, fingerprint).content.decode()
    other = PlayerFactory(tournament=locked.session.tournament, registration_number=90)
    other.user = django_user_model.objects.create_user("other-player")
    other.save(update_fields=["user"])
    client.force_login(other.user)
    assert REASON not in verify(client, fingerprint).content.decode()


def test_printed_standings_stop_matching_when_a_result_is_corrected(client, locked, people):
    fingerprint = printed_fingerprint("standings", locked)
    assert "matches the record" in verify(client, fingerprint).content.decode()
    correction_hand_replace(
        hand=hand_one(locked),
        reason=REASON,
        winner="C",
        discarder="D",
        points=10,
        user=people.chief,
    )
    page = verify(client, fingerprint).content.decode()
    assert "no longer matches" in page and REASON not in page
    client.force_login(people.chief)
    assert REASON in verify(client, fingerprint).content.decode()


def test_an_unknown_fingerprint_is_not_an_official_print(client):
    response = client.get("/verify/ABCDEFGHJKLM/")
    assert response.status_code == 404
    assert "Unknown fingerprint" in response.content.decode()


def test_a_fingerprint_typed_with_dashes_and_lower_case_leads_to_its_page(client):
    response = client.get("/verify/", {"fingerprint": "abcd-efgh-jklm"})
    assert response.status_code == 302 and response["Location"] == "/verify/ABCDEFGHJKLM/"


def test_what_is_not_a_fingerprint_gets_a_clear_message(client):
    response = client.get("/verify/", {"fingerprint": "hello"})
    assert response.status_code == 400
    assert "is not a fingerprint" in response.content.decode()


def test_the_verification_page_needs_no_login(client):
    response = client.get("/verify/")
    assert response.status_code == 200
    assert "Fingerprint printed on the form" in response.content.decode()


def test_printed_standings_still_match_after_a_later_session_is_played(
    client,
    locked,
    people,
):
    from tests.tournaments.factories import seated_table

    fingerprint = printed_fingerprint("standings", locked)
    players = [seat.player for seat in locked.seats.order_by("position")]
    later = seated_table(locked.session.tournament, session_number=2, players=players, started=True)
    complete(later, user=people.chief)
    page = verify(client, fingerprint).content.decode()
    assert "This printed form matches the record." in page


def test_a_matching_sheet_shows_the_figures_to_compare_with_the_paper(client, locked):
    page = verify(client, print_sheet(locked)).content.decode()
    assert 'id="figures"' in page
    for seat in locked.seats.select_related("player"):
        assert seat.player.name in page
    for result in locked.results.all():
        assert f"<td>{result.score}</td>" in page


def test_printed_standings_still_match_after_the_last_countersignature(client, locked, people):
    """Printed official after the last session, before its sheets were countersigned: the
    countersignature makes the standings final but changes no figure."""
    from tournaments.services.signoff import sheet_countersign

    tournament = locked.session.tournament
    tournament.sessions_planned = 1  # this session is the last
    tournament.save(update_fields=["sessions_planned"])
    fingerprint = printed_fingerprint("standings", locked)
    sheet_countersign(table_session=locked, user=people.chief)
    page = verify(client, fingerprint).content.decode()
    assert "This printed form matches the record." in page
    # a figure changed after the countersignature still shows
    correction_hand_replace(
        hand=hand_one(locked),
        reason=REASON,
        winner="C",
        discarder="D",
        points=10,
        user=people.chief,
    )
    assert "no longer matches" in verify(client, fingerprint).content.decode()
