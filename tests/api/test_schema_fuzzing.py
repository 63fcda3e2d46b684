"""schemathesis, fuzzing every operation of the OpenAPI schema through the WSGI application on
a small seeded tournament, meets no server error (5xx) and no response outside the schema —
once anonymous, once with a superuser's token.

Most generated path parameters are replaced by the seeded objects (the tournament's slug, its
sheet, appeal, job) so that the bodies reach the services; about one in four keeps the
generated value, to cover the 404s. Examples are derandomized: every run makes the same
requests.

The schemas are loaded and the cases made when the module is collected (a few seconds), so
`make test-fast`, which leaves the fuzzing out, does not collect this module at all.
"""

import zlib

import pytest
import schemathesis
from django.utils import timezone
from hypothesis import HealthCheck, Phase, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.config import SchemathesisConfig
from schemathesis.specs.openapi.checks import response_schema_conformance, status_code_conformance

from config.wsgi import application
from tests.api.openapi_schema import generated_schema
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.models import Appeal, Job, Session
from tournaments.services.appeals import appeal_file

CHECKS = [not_a_server_error, status_code_conformance, response_schema_conformance]


def fuzzing_schema(*, coverage: bool):
    """The schema for schemathesis, calling the WSGI application in-process. `coverage`: also
    the coverage phase (every boundary and every kind of invalid value of each parameter,
    deterministic), besides `max_examples` random examples."""
    config = SchemathesisConfig.from_dict({"phases": {"coverage": {"enabled": coverage}}})
    loaded = schemathesis.openapi.from_dict(generated_schema()[0], config=config)
    loaded.app = application
    return loaded


anonymous_schema = fuzzing_schema(coverage=False)  # every operation answers 401 (or 200)
superuser_schema = fuzzing_schema(coverage=True)


@pytest.fixture
def seeded(db, django_user_model, keep_the_test_connection):
    """A tournament with session 1 running at one seated table, an appeal and a print job;
    a superuser's token. Returns the real values of the path parameters."""
    chief = django_user_model.objects.create_superuser("fuzz", password=None)
    tournament = TournamentFactory(slug="fuzz")
    sheet = seated_table(tournament)
    Session.objects.filter(pk=sheet.session_id).update(actual_start=timezone.now())
    appeal = appeal_file(
        session=sheet.session,
        player=sheet.seats.get(position="A").player,
        subject=Appeal.Subject.OTHER,
        statement="Paper appeal",
        confirmed=True,
        user=chief,
    )
    job = Job.objects.create(kind=Job.Kind.PRINT, tournament=tournament, requested_by=chief)
    return {
        "token": Token.objects.create(user=chief).key,
        "path": {
            "slug": tournament.slug,
            "sheet_id": sheet.pk,
            "appeal_id": appeal.pk,
            "job_id": job.pk,
            "number": 1,
        },
    }


def use_seeded_objects(case, real: dict) -> None:
    """Replace three generated path parameters in four by the seeded objects (a deterministic
    choice: the checksum of the generated value)."""
    for name, value in (case.path_parameters or {}).items():
        if name in real and zlib.crc32(repr(value).encode()) % 4:
            case.path_parameters[name] = real[name]


FUZZ = {
    "derandomize": True,
    "database": None,
    "deadline": None,
    "phases": [Phase.explicit, Phase.generate],
    "suppress_health_check": list(HealthCheck),
}


# The fuzzing runs in `make test`, not in the quick `make test-fast`.
@pytest.mark.slow
@anonymous_schema.parametrize()
@settings(max_examples=3, **FUZZ)
def test_anonymous_requests_meet_no_server_error(case, seeded):
    use_seeded_objects(case, seeded["path"])
    case.call_and_validate(checks=CHECKS)


@pytest.mark.slow
@superuser_schema.parametrize()
@settings(max_examples=5, **FUZZ)
def test_a_superusers_requests_meet_no_server_error(case, seeded):
    use_seeded_objects(case, seeded["path"])
    case.call_and_validate(
        headers={"Authorization": f"Token {seeded['token']}"},
        checks=CHECKS,
    )
