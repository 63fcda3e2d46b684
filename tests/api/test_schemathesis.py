"""schemathesis over the whole API, as the chief umpire and as an umpire (issue #26): every
operation, every method, valid and invalid input, meets no server error (5xx) and answers no
status its schema does not document.

The database holds a demo tournament (`build_demo`: sessions played, signed, countersigned,
penalties, corrections, appeals decided, a disqualification), a tournament in play whose
sheet the umpire keeps (two hands entered, a second session not started, an open appeal), a
finished tournament (its one sheet final, a second session never played: what a finished
tournament refuses, 409, is documented too), and print jobs. Most generated path parameters,
the body's `tournament` and the sheet's `If-Match` are replaced by these objects, so that the
requests reach the services; the rest keep the generated value, for the 404s, 412s and 400s.
Each request runs in a savepoint rolled back after it: every example starts from the same
data, and one request's failure cannot spoil the next (PostgreSQL aborts a transaction on an
error).

Deterministic: examples are derandomized and no example database is kept. The test counts the
answers by status class and asserts that the requests reached the endpoints.
"""

import os
import zlib
from collections import Counter

import pytest
import schemathesis
from django.contrib.auth import get_user_model
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction
from django.utils import timezone
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import status_code_conformance

from config.wsgi import application
from tests.tournaments.factories import TournamentFactory, seated_table, sign_sheets
from tournaments.demo.builder import build_demo
from tournaments.models import Appeal, Job, TableSession, Tournament
from tournaments.services.appeals import appeal_file
from tournaments.services.hands import hand_record_no_win
from tournaments.services.signoff import sheet_countersign

CHECKS = [not_a_server_error, status_code_conformance]
# Examples per operation and login (900 requests in all, about 20 s); MCR_FUZZ_EXAMPLES=300
# for a deeper run by hand.
EXAMPLES = int(os.environ.get("MCR_FUZZ_EXAMPLES", "10"))
FUZZ = settings(
    max_examples=EXAMPLES,
    derandomize=True,
    database=None,
    deadline=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=list(HealthCheck),
)


@pytest.fixture
def world(db, settings, tmp_path, keep_the_test_connection):
    """The demo tournament and one in play; the real values each path parameter may take."""
    settings.MEDIA_ROOT = tmp_path
    build_demo(players=8, sessions=2, seed=1, slug="fuzz-demo", time_limit=1)
    demo = Tournament.objects.get(slug="fuzz-demo")
    users = {user.username: user for user in get_user_model().objects.all()}
    chief, umpire = users["chief"], users["umpire1"]

    live = TournamentFactory(slug="fuzz-live")
    sheet = seated_table(live, started=True)
    TableSession.objects.filter(pk=sheet.pk).update(umpire=umpire)
    seated_table(live, session_number=2, players=[seat.player for seat in sheet.seats.all()])
    for _ in range(2):
        hand_record_no_win(table_session=sheet, outcome="draw")
    appeal = appeal_file(
        session=sheet.session,
        player=sheet.seats.get(position="A").player,
        subject=Appeal.Subject.OTHER,
        statement="Paper appeal",
        confirmed=True,
        user=chief,
    )
    finished = finished_tournament(umpire)
    Job.objects.create(kind=Job.Kind.PRINT, tournament=demo, requested_by=chief)
    Job.objects.create(kind=Job.Kind.SEATING, tournament=live, requested_by=users["organiser"])
    now = timezone.now()
    Job.objects.create(
        kind=Job.Kind.PRINT,
        tournament=demo,
        requested_by=umpire,
        status=Job.Status.DONE,
        attempts=1,
        started_at=now,
        finished_at=now,
        result_file=default_storage.save("jobs/fuzz/fouls.pdf", ContentFile(b"%PDF-1.4\n")),
        result_name="fouls.pdf",
    )
    demo_sheets = TableSession.objects.filter(session__tournament=demo).order_by("pk")
    return {
        "chief": Token.objects.create(user=chief).key,
        "umpire": Token.objects.create(user=umpire).key,
        "path": {
            "slug": [live.slug, demo.slug, finished.slug],
            "sheet_id": [
                sheet.pk,
                demo_sheets.first().pk,
                demo_sheets.last().pk,
                TableSession.objects.get(session__tournament=finished, session__number=1).pk,
            ],
            "appeal_id": [appeal.pk, *Appeal.objects.exclude(pk=appeal.pk).values_list("pk")[:1]],
            "job_id": list(Job.objects.order_by("pk").values_list("pk", flat=True)),
            "number": [1, 2, 3],
            "registration_number": [1, 2, 5],
        },
        "tournaments": [live.slug, demo.slug, finished.slug],
    }


def finished_tournament(umpire) -> Tournament:
    """A finished tournament: session 1 played, its sheet (the umpire's) final; session 2
    seated but never started (its start is refused as the tournament is finished)."""
    finished = TournamentFactory(slug="fuzz-finished", entry_mode="points")
    sheet = seated_table(finished, started=True)
    seated_table(finished, session_number=2, players=[seat.player for seat in sheet.seats.all()])
    TableSession.objects.filter(pk=sheet.pk).update(umpire=umpire)
    for _ in range(16):
        hand_record_no_win(table_session=sheet, outcome="draw")
    sign_sheets(sheet)
    sheet_countersign(table_session=sheet)
    Tournament.objects.filter(pk=finished.pk).update(status=Tournament.Status.FINISHED)
    return finished


def chosen(value, choices: list):
    """One of `choices`, or the generated value itself one time in (len + 1): a deterministic
    choice, from the checksum of the generated value."""
    index = zlib.crc32(repr(value).encode()) % (len(choices) + 1)
    return choices[index] if index < len(choices) else value


def use_real_objects(case, world: dict) -> None:
    for name, value in (case.path_parameters or {}).items():
        if name in world["path"]:
            case.path_parameters[name] = chosen(value, world["path"][name])
    if isinstance(case.body, dict) and "tournament" in case.body:
        case.body["tournament"] = chosen(case.body["tournament"], world["tournaments"])
    sheet_id = (case.path_parameters or {}).get("sheet_id")
    if case.headers and "If-Match" in case.headers and isinstance(sheet_id, int):
        version = TableSession.objects.filter(pk=sheet_id).values_list("version", flat=True)
        if version and zlib.crc32(repr(case.headers["If-Match"]).encode()) % 4:
            case.headers["If-Match"] = f'"{sheet_id}-{version[0]}"'


class Tally:
    """What one login's requests got: answers by status class, calls by operation, and the
    operations that answered a 2xx at least once."""

    def __init__(self):
        self.classes, self.calls, self.answered = Counter(), Counter(), set()


def fuzz(operation, world: dict, login: str, tally: Tally) -> None:
    """EXAMPLES requests to one operation, valid and invalid ones; raises on the first failed
    check (no shrinking)."""
    headers = {"Authorization": f"Token {world[login]}"}
    cases = st.one_of(
        operation.as_strategy(generation_mode=GenerationMode.POSITIVE),
        operation.as_strategy(generation_mode=GenerationMode.NEGATIVE),
    )

    @FUZZ
    @given(case=cases)
    def run(case):
        use_real_objects(case, world)
        with transaction.atomic():
            response = case.call(headers=headers)
            transaction.set_rollback(True)
        tally.classes[f"{response.status_code // 100}xx"] += 1
        tally.calls[operation.label] += 1
        if response.status_code < 300:
            tally.answered.add(operation.label)
        case.validate_response(response, checks=CHECKS, headers=headers)

    run()


@pytest.mark.slow  # in `make test`, not in the quick `make test-fast`
def test_no_server_error_and_no_undocumented_status(world):
    generated = SchemaGenerator().get_schema(request=None, public=True)
    schema = schemathesis.openapi.from_dict(generated)
    schema.app = application
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 45
    failures, tallies = [], {"chief": Tally(), "umpire": Tally()}
    for login, tally in tallies.items():
        for operation in operations:
            try:
                fuzz(operation, world, login, tally)
            except (Exception, BaseExceptionGroup) as error:  # schemathesis' FailureGroup too
                failures.append(f"as {login}, {operation.label}: {error}")
    assert failures == [], "\n\n".join(failures)

    # The requests really reached the endpoints: every operation was called; a good share of
    # the answers are successes (past the authentication, the lookups and the validation, into
    # the services), most of the others refusals of bad input (4xx). The umpire reads and
    # writes one sheet of the three a sheet's address may name, so fewer of his pass: 19-20 %
    # run alone, 14.2-14.6 % under xdist once the tournament's schema had one more setting
    # (its generated examples moved); the chief umpire's about 30 %.
    for login, tally in tallies.items():
        classes, total = tally.classes, tally.classes.total()
        assert all(tally.calls[operation.label] for operation in operations), login
        assert total >= len(operations) * EXAMPLES // 2, (login, classes)
        assert classes.keys() <= {"2xx", "4xx"}, (login, classes)
        share = {"chief": 0.15, "umpire": 0.12}[login]
        assert classes["2xx"] >= total * share and classes["4xx"] >= total * 0.5, (login, classes)
        answered = {"chief": 25, "umpire": 15}[login]
        assert len(tally.answered) >= answered, (login, sorted(tally.answered))
