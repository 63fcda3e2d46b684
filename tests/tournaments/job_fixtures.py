"""Fixtures and stand-ins for the tests of background jobs (tournaments.services.jobs), for the
whole suite (registered in tests/conftest.py).

- `eager_jobs`: Celery runs tasks in-process, also in the CI pass that has a real Redis
  broker (where queued tasks would otherwise wait for a worker that the test never starts).
- `run_jobs`: eager, and the jobs queued on commit run when the `with` block ends (a test's
  transaction never commits, so the queueing callbacks are captured and run by hand).
- `fake_print`: the print kind's checker and runner replaced by a stand-in that makes a small
  file in steps and can be told to refuse, fail or record what it saw.
- `make_staff`: a staff login with a role.
"""

from contextlib import contextmanager
from dataclasses import dataclass, field

import pytest
from django.contrib.auth.models import Group
from django.utils import translation

from tests.tournaments.factories import PlayerFactory, TournamentFactory
from tournaments.errors import TournamentError
from tournaments.models import Job
from tournaments.roles import ROLE_GROUPS, Role
from tournaments.services import jobs as job_services
from tournaments.services.lots import lots_draw


@pytest.fixture
def eager_jobs(monkeypatch):
    from config.celery import app

    monkeypatch.setitem(app.conf, "task_always_eager", True)
    monkeypatch.setitem(app.conf, "task_eager_propagates", True)
    return app


@pytest.fixture
def run_jobs(eager_jobs, django_capture_on_commit_callbacks):
    @contextmanager
    def run():
        with django_capture_on_commit_callbacks(execute=True) as callbacks:
            yield callbacks

    return run


@dataclass
class FakePrint:
    """What the stand-in print runner does, and what it saw."""

    steps: int = 4
    content: bytes = b"%PDF-1.4 fake batch\n" + b"page\n" * 4
    name: str = "session-1 sheets.pdf"
    refuse: str = ""  # the checker refuses with this message
    fail_with: Exception | None = None  # the runner raises this
    during: object = None  # called as during(step, progress) while it runs
    calls: list = field(default_factory=list)
    checks: list = field(default_factory=list)
    users: list = field(default_factory=list)  # who each run was for
    languages: list = field(default_factory=list)  # the language each run printed in

    def check(self, *, user, tournament, params):
        self.checks.append((user, tournament.pk, dict(params)))
        if self.refuse:
            raise TournamentError(self.refuse)

    def run(self, *, tournament, params, progress, user=None):
        self.calls.append(dict(params))
        self.users.append(user)
        self.languages.append(translation.get_language())
        for step in range(1, self.steps + 1):
            if self.during is not None:
                self.during(step, progress)
            if self.fail_with is not None and step == self.steps:
                raise self.fail_with
            progress(step, self.steps, f"sheet {step} of {self.steps}")
        return self.name, self.content


@pytest.fixture
def fake_print(monkeypatch):
    fake = FakePrint()
    monkeypatch.setitem(job_services.JOB_KINDS, Job.Kind.PRINT, (fake.check, fake.run))
    return fake


@pytest.fixture
def make_staff(django_user_model):
    def make(username: str, role: Role | None, *, password: str | None = None):
        user = django_user_model.objects.create_user(username, password=password, is_staff=True)
        if role is not None:
            user.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[role])[0])
        return user

    return make


def lots_drawn_tournament(players: int = 8, **fields):
    """A tournament whose players have drawn lots: ready to be seated."""
    tournament = TournamentFactory(**fields)
    for n in range(1, players + 1):
        PlayerFactory(tournament=tournament, name=f"Player {n}", registration_number=n)
    lots_draw(tournament=tournament, seed="lots")
    return tournament
