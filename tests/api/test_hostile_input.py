"""No server error on hostile input: what no client of ours sends is refused in the API's error
format (`{"errors": [{"code", "message", "field"}]}`), before it reaches the database, and
changes nothing. The same answers on SQLite and PostgreSQL (CI runs both)."""

import pytest
from rest_framework.test import APIClient

from tests.api.helpers import assert_error
from tests.api.sheet_helpers import PURE_STRAIGHT, fresh, if_match, url
from tournaments.models import Tournament
from tournaments.roles import Role

HUGE = "99999999999999999999"  # past any integer column: SQLite's OverflowError
DEEP_BODIES = {"arrays": "[" * 100_000, "objects": '{"a":' * 100_000}


@pytest.fixture
def hostile(chief):
    """The chief umpire's client, seeing a server error as a 500 rather than raising it."""
    chief.raise_request_exception = False
    return chief


# -- an address the API does not have --------------------------------------------------------


def test_an_address_the_api_does_not_have_is_a_json_404_whatever_the_method(anonymous):
    for method, path in [
        ("get", "/api/nope/"),
        ("post", "/api/tournaments/x/nope/"),
        ("put", "/api/score-sheets/1/nope/"),
        ("patch", "/api/nope"),
        ("delete", "/api/appeals/not-a-number/"),
    ]:
        response = getattr(anonymous, method)(path)
        assert response["Content-Type"] == "application/json", path
        errors = assert_error(response, 404, code="not_found")
        assert errors[0]["message"].startswith("The API has no such address"), path
    # Elsewhere Django's page as before; a missing final slash is still added (APPEND_SLASH).
    page = anonymous.get("/nope/")
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")
    assert anonymous.get("/api/tournaments").status_code == 301


# -- JSON nested too deep --------------------------------------------------------------------


@pytest.mark.parametrize("shape", DEEP_BODIES)
def test_deeply_nested_json_is_a_400_on_every_kind_of_endpoint_and_changes_nothing(
    shape, hostile, sheet
):
    body = DEEP_BODIES[shape]
    slug = sheet.session.tournament.slug
    writes = [
        ("post", "/api/tournaments/", {}),
        ("patch", f"/api/tournaments/{slug}/", {}),
        ("post", f"/api/tournaments/{slug}/players/", {}),
        ("post", url(sheet, "hands/"), if_match(sheet)),
        ("post", url(sheet, "corrections/"), if_match(sheet)),
        ("post", "/api/reports/", {}),
    ]
    tournaments, version = Tournament.objects.count(), fresh(sheet).version
    for method, path, headers in writes:
        response = getattr(hostile, method)(path, body, content_type="application/json", **headers)
        errors = assert_error(response, 400, code="too_deep")
        assert errors[0]["message"] == "The JSON is nested more than 64 levels deep.", path
    assert (Tournament.objects.count(), fresh(sheet).version) == (tournaments, version)


def test_json_is_refused_past_64_levels_of_nesting_not_for_brackets_inside_strings(as_role):
    client: APIClient = as_role(Role.ORGANISER)

    def nested(levels: int) -> str:
        return '{"name": ' + "[" * (levels - 1) + "]" * (levels - 1) + ', "slug": "deep"}'

    read = client.post("/api/tournaments/", nested(64), content_type="application/json")
    assert_error(read, 400, field="name")  # the serializer's refusal: the JSON was read
    deep = client.post("/api/tournaments/", nested(65), content_type="application/json")
    assert_error(deep, 400, code="too_deep")
    venue = 'Hall \\"' + "[" * 70 + '{"\\ ' + "]" * 3  # escapes, quotes, brackets
    body = {"name": "Open [2025] {spring}", "slug": "open-spring", "venue": venue}
    response = client.post("/api/tournaments/", body, format="json")
    assert response.status_code == 201, response.content
    assert Tournament.objects.get(slug="open-spring").venue == venue


# -- NUL characters (PostgreSQL refuses them in text) ---------------------------------------


def test_a_nul_character_in_the_hand_s_json_is_a_400_naming_the_field(umpire, sheet):
    def post_hand(hand):
        body = {"outcome": "win", "winner": "A", "discarder": "B", "hand": hand}
        return umpire.post(url(sheet, "hands/"), body, format="json", **if_match(sheet))

    response = post_hand({**PURE_STRAIGHT, "concealed": "123456789m234p5p\x00"})
    assert_error(response, 400, code="null_characters_not_allowed", field="hand.concealed")
    melds = [{"kind": "chow", "tiles": "123m\x00"}]
    response = post_hand({**PURE_STRAIGHT, "melds": melds})
    assert_error(response, 400, code="null_characters_not_allowed", field="hand.melds.0.tiles")
    response = post_hand({**PURE_STRAIGHT, "flowers\x00": 1})  # in a key: its object is named
    assert_error(response, 400, code="null_characters_not_allowed", field="hand")
    assert fresh(sheet).version == sheet.version and not sheet.hands.exists()


def test_a_nul_character_in_a_name_looked_up_is_a_400_naming_the_field(hostile, sheet):
    response = hostile.patch(url(sheet), {"umpire": "umpire\x00"}, format="json", **if_match(sheet))
    assert_error(response, 400, code="null_characters_not_allowed", field="umpire")
    assert fresh(sheet).umpire_id == sheet.umpire_id


def test_a_nul_character_in_a_form_body_or_a_query_parameter_is_a_400_naming_it(
    umpire, hostile, sheet
):
    body = {"outcome": "win", "winner": "A", "discarder": "B", "hand.concealed": "1m\x00"}
    response = umpire.post(url(sheet, "hands/"), body, **if_match(sheet))  # multipart
    assert_error(response, 400, code="null_characters_not_allowed", field="hand.concealed")
    response = umpire.post(
        url(sheet, "hands/"),
        "outcome=draw&note%00=1",
        content_type="application/x-www-form-urlencoded",
        **if_match(sheet),
    )
    assert_error(response, 400, code="null_characters_not_allowed")
    assert not sheet.hands.exists()
    # Query parameters: the serializers' and filters' own text fields refuse NUL.
    response = hostile.get("/api/score-sheets/", {"umpire": "umpire\x00"})
    assert_error(response, 400, code="null_characters_not_allowed", field="umpire")
    slug = sheet.session.tournament.slug
    response = hostile.get(f"/api/tournaments/{slug}/players/", {"status": "active\x00"})
    assert_error(response, 400, field="status")


# -- integers out of range -------------------------------------------------------------------


def test_an_out_of_range_integer_in_any_filter_is_a_400_naming_it(hostile, sheet):
    slug = sheet.session.tournament.slug
    filters = [
        ("/api/score-sheets/", "table", {"tournament": slug}),
        ("/api/score-sheets/", "session", {"tournament": slug}),
        (f"/api/tournaments/{slug}/players/", "team", {}),
        (f"/api/tournaments/{slug}/appeals/", "player", {}),
        (f"/api/tournaments/{slug}/appeals/", "session", {}),
        (f"/api/tournaments/{slug}/standings/", "through_session", {}),
    ]
    for path, name, others in filters:
        for value in (HUGE, "-" + HUGE, "2147483648", "1e30"):
            response = hostile.get(path, {**others, name: value})
            errors = assert_error(response, 400, field=name)
            assert errors[0]["code"] in {"max_value", "min_value", "invalid"}, (name, value)
        assert hostile.get(path, {**others, name: "1"}).status_code == 200, name
    # A number in range still finds what it names.
    response = hostile.get("/api/score-sheets/", {"session": "1", "table": "1"})
    assert [found["id"] for found in response.json()["results"]] == [sheet.pk]
    assert hostile.get("/api/score-sheets/", {"table": "2"}).json()["count"] == 0
