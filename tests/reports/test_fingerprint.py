"""The fingerprint of a printed form: an HMAC of exactly what it prints."""

import re

import pytest
from django.test import override_settings

from reports.fingerprint import content_fingerprint, normalise, stamp_many, verify_url
from reports.models import PrintRecord

PAYLOAD = {"table": 3, "rows": [[1, -8, 24]], "names": ["李明", "Ёж"]}


def test_the_same_content_always_has_the_same_fingerprint():
    assert content_fingerprint(PAYLOAD) == content_fingerprint(dict(reversed(PAYLOAD.items())))


def test_a_fingerprint_is_three_groups_of_four_base32_characters():
    assert re.fullmatch(r"[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}", content_fingerprint(PAYLOAD))


def test_changing_one_printed_figure_changes_the_fingerprint():
    changed = {**PAYLOAD, "rows": [[1, -8, 25]]}
    assert content_fingerprint(changed) != content_fingerprint(PAYLOAD)


def test_without_the_servers_key_nobody_can_make_the_fingerprint():
    with override_settings(SECRET_KEY="another-key-" + "x" * 40):
        other = content_fingerprint(PAYLOAD)
    assert other != content_fingerprint(PAYLOAD)


@pytest.mark.parametrize(
    "typed", ["abcd-efgh-jklm", "ABCD EFGH JKLM", " abcdefghjklm ", "ABCD-EFGH-JKLM"]
)
def test_a_fingerprint_typed_from_paper_is_read_in_any_case_and_spacing(typed):
    assert normalise(typed) == "ABCD-EFGH-JKLM"


@pytest.mark.parametrize("typed", ["", "ABCD-EFGH", "ABCD-EFGH-JKLM-N", "<script>"])
def test_what_is_not_twelve_letters_and_digits_is_not_a_fingerprint(typed):
    assert normalise(typed) == ""


@override_settings(SITE_URL="https://scores.example.org/")
def test_the_verification_address_is_on_the_public_site():
    assert verify_url("ABCD-EFGH-JKLM") == "https://scores.example.org/verify/ABCDEFGHJKLM/"


def test_printing_the_same_content_twice_keeps_one_record_of_its_first_printing(tournament):
    first = stamp_many([PAYLOAD], kind="standings", tournament_id=tournament.pk)[0]
    again = stamp_many([PAYLOAD], kind="standings", tournament_id=tournament.pk)[0]
    assert first["fingerprint"] == again["fingerprint"]
    assert first["verify_url"].endswith(first["fingerprint"].replace("-", "") + "/")
    assert PrintRecord.objects.filter(fingerprint=first["fingerprint"]).count() == 1


def test_zero_one_and_eight_typed_from_paper_are_read_as_o_i_and_b():
    """Base 32 has no 0, 1 nor 8: typed for the O, I and B they look like, they are read
    as those letters."""
    assert normalise("0OO0-1II1-8BB8") == "OOOO-IIII-BBBB"
    assert normalise("a8cd efgh jk1m") == "ABCD-EFGH-JKIM"


def test_the_verify_page_reads_a_fingerprint_typed_with_a_zero_for_an_o(client, db):
    response = client.get("/verify/", {"fingerprint": "k30f-7zpa-m2xd"})
    assert response.status_code == 302 and response["Location"] == "/verify/K3OF7ZPAM2XD/"
    response = client.get("/verify/K30F7ZPAM2XD/")  # typed into the address too
    assert response.status_code == 404 and "Unknown fingerprint" in response.content.decode()
    assert "K3OF-7ZPA-M2XD" in response.content.decode()
