"""A printed form in the language asked for: `print_form --lang`, and print jobs in the
language of who asked (or the one the API names)."""

import pytest
from django.core.management import CommandError, call_command
from django.utils import translation

from tests.tournaments.factories import TournamentFactory
from tournaments.errors import TournamentError
from tournaments.models import Job
from tournaments.roles import Role
from tournaments.services.jobs import job_start


def test_print_form_refuses_an_unknown_language_and_writes_nothing(db, tmp_path):
    TournamentFactory(slug="madrid")
    target = tmp_path / "chart.pdf"
    with pytest.raises(CommandError):
        call_command("print_form", "chart", "madrid", "--lang", "fr", "-o", str(target))
    assert not target.exists()


def test_print_form_prints_in_the_language_asked(db, tmp_path, monkeypatch):
    import reports.management.commands.print_form as command

    TournamentFactory(slug="madrid")
    seen = []

    def spy(*, kind, request):
        seen.append(translation.get_language())
        return "x.pdf", b"%PDF-1.4"

    monkeypatch.setattr(command, "print_form", spy)
    call_command("print_form", "chart", "madrid", "--lang", "zh-hans", "-o", str(tmp_path / "x"))
    assert seen == ["zh-hans"]


def test_a_print_job_takes_the_language_of_who_asked_and_runs_in_it(
    db, fake_print, run_jobs, make_staff
):
    tournament = TournamentFactory()
    chief = make_staff("chief", Role.CHIEF_UMPIRE)
    with run_jobs(), translation.override("es"):
        job = job_start(
            kind=Job.Kind.PRINT, tournament=tournament, params={"form": "chart"}, user=chief
        )
    assert Job.objects.get(pk=job.pk).language == "es"
    assert fake_print.languages == ["es"]


def test_a_print_job_refuses_an_unknown_language_and_creates_nothing(db, make_staff):
    tournament = TournamentFactory()
    with pytest.raises(TournamentError):
        job_start(
            kind=Job.Kind.PRINT,
            tournament=tournament,
            params={"form": "chart"},
            user=make_staff("chief", Role.CHIEF_UMPIRE),
            language="fr",
        )
    assert not Job.objects.exists()
