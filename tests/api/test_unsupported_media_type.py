"""A body the API cannot read (no Content-Type, or a type no parser takes) is a 415 in the
API's error format, and every operation that takes a body documents it (found by schemathesis,
tests/api/test_schemathesis.py: a body sent without Content-Type answered an undocumented 415).
"""

import pytest
from drf_spectacular.generators import SchemaGenerator

from tests.api.helpers import assert_error
from tests.tournaments.factories import TournamentFactory
from tournaments.roles import Role


@pytest.mark.parametrize("content_type", ["", "text/plain"])
def test_a_body_the_api_cannot_read_is_a_415_with_a_message(as_role, content_type):
    tournament = TournamentFactory()
    client = as_role(Role.CHIEF_UMPIRE)
    response = client.generic(
        "POST",
        f"/api/tournaments/{tournament.slug}/lots/",
        "seed=x",
        content_type=content_type,
    )
    assert_error(response, 415, "unsupported_media_type")


def test_every_operation_that_takes_a_body_documents_the_415():
    schema = SchemaGenerator().get_schema(request=None, public=True)
    operations = [
        (f"{method.upper()} {path}", operation)
        for path, methods in schema["paths"].items()
        for method, operation in methods.items()
    ]
    with_body = [(name, operation) for name, operation in operations if "requestBody" in operation]
    assert len(with_body) >= 20
    assert [name for name, operation in with_body if "415" not in operation["responses"]] == []
    assert all(
        operation["responses"]["415"]["content"]["application/json"]["schema"]
        == {"$ref": "#/components/schemas/ErrorList"}
        for _name, operation in with_body
    )
