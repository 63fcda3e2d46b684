"""The "Print forms" page, the print buttons of the sheet, session and appeal pages, and
printing one form at once: who may print what, checked on the server."""

from io import BytesIO

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.tournaments.admin_helpers import sheet_url
from tournaments.models import Job
from tournaments.roles import Role

pytestmark = pytest.mark.django_db


def page_url(tournament) -> str:
    return reverse("admin:tournaments_tournament_print_forms", args=[tournament.pk])


def batch_url(tournament) -> str:
    return reverse("admin:tournaments_tournament_print_batch", args=[tournament.pk])


def now_url(tournament, kind: str, **query) -> str:
    url = reverse("print-now", args=[tournament.pk, kind])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def pdf_text(content: bytes) -> str:
    return "".join(page.extract_text() for page in PdfReader(BytesIO(content)).pages)


@pytest.fixture
def chief(make_staff):
    return make_staff("chief", Role.CHIEF_UMPIRE)


@pytest.fixture
def organiser(make_staff):
    return make_staff("organiser", Role.ORGANISER)


def test_the_chief_umpire_is_offered_every_form_and_the_whole_zip(client, chief, admin_sheet):
    client.force_login(chief)
    page = client.get(page_url(admin_sheet.session.tournament)).content.decode()
    for element in (
        "print-chart",
        "print-schedule",
        "print-standings",
        "print-fouls",
        "print-certificates",
        "batch-sheets-1",
        "batch-seatcards",
        "batch-oath",
        "batch-all",
    ):
        assert f'id="{element}"' in page, element


def test_an_organiser_is_not_offered_the_whole_zip_and_may_not_start_it(
    client, organiser, admin_sheet, run_jobs
):
    client.force_login(organiser)
    tournament = admin_sheet.session.tournament
    assert 'id="batch-all"' not in client.get(page_url(tournament)).content.decode()
    with run_jobs():
        response = client.post(batch_url(tournament), {"form": "all"}, follow=True)
    assert "You may not print this form." in response.content.decode()
    assert not Job.objects.exists()


def test_an_umpire_may_not_open_the_print_page(client, umpire, admin_sheet):
    client.force_login(umpire)
    assert client.get(page_url(admin_sheet.session.tournament)).status_code == 403


def test_a_visitor_is_sent_to_log_in(client, admin_sheet):
    response = client.get(page_url(admin_sheet.session.tournament))
    assert response.status_code == 302 and "login" in response["Location"]
    response = client.get(now_url(admin_sheet.session.tournament, "standings"))
    assert response.status_code == 302 and "login" in response["Location"]


def test_a_sessions_score_sheets_print_as_a_batch_with_a_download(
    client, chief, admin_sheet, run_jobs
):
    client.force_login(chief)
    tournament = admin_sheet.session.tournament
    with run_jobs():
        response = client.post(batch_url(tournament), {"form": "scoresheet", "session": "1"})
    job = Job.objects.get()
    assert response.status_code == 302 and response["Location"].endswith(f"/job/{job.pk}/change/")
    job.refresh_from_db()
    assert job.status == Job.Status.DONE and job.done == job.total == 1
    download = client.get(reverse("admin:tournaments_job_download", args=[job.pk]))
    content = b"".join(download.streaming_content)
    assert "Table 1" in pdf_text(content)


def test_a_batch_for_a_session_that_does_not_exist_is_refused_and_nothing_queued(
    client, chief, admin_sheet, run_jobs
):
    client.force_login(chief)
    with run_jobs():
        response = client.post(
            batch_url(admin_sheet.session.tournament),
            {"form": "scoresheet", "session": "7"},
            follow=True,
        )
    assert "has no session 7" in response.content.decode()
    assert not Job.objects.exists()


def test_one_sheet_prints_at_once_from_its_page(client, chief, admin_sheet):
    client.force_login(chief)
    page = client.get(sheet_url(admin_sheet)).content.decode()
    assert 'id="print-sheet-link"' in page
    response = client.get(now_url(admin_sheet.session.tournament, "scoresheet", session=1, table=1))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert admin_sheet.seats.get(position="A").player.name in pdf_text(response.content)


def test_an_umpire_is_not_offered_nor_given_the_printed_sheet(client, umpire, admin_sheet):
    client.force_login(umpire)
    assert 'id="print-sheet-link"' not in client.get(sheet_url(admin_sheet)).content.decode()
    response = client.get(now_url(admin_sheet.session.tournament, "scoresheet", session=1, table=1))
    assert response.status_code == 403


def test_a_bad_number_gets_a_message_not_an_error_page(client, chief, admin_sheet):
    client.force_login(chief)
    tournament = admin_sheet.session.tournament
    response = client.get(now_url(tournament, "scoresheet", session="x"))
    assert response.status_code == 400 and "must be a number" in response.content.decode()
    response = client.get(now_url(tournament, "scoresheet", session=1, table=9))
    assert response.status_code == 400 and "has no table 9" in response.content.decode()
    assert client.get(now_url(tournament, "menu")).status_code == 404


def test_the_session_page_offers_its_score_sheets_batch(client, chief, admin_sheet):
    client.force_login(chief)
    url = reverse("admin:tournaments_session_change", args=[admin_sheet.session.pk])
    assert 'id="print-session-sheets"' in client.get(url).content.decode()


@pytest.mark.parametrize("value", ["²", "١", "-1", "1e3"])
def test_a_number_in_another_form_gets_a_message_not_an_error_page(
    client, chief, admin_sheet, value
):
    client.force_login(chief)
    tournament = admin_sheet.session.tournament
    response = client.get(reverse("print-now", args=[tournament.pk, "fouls"]), {"session": value})
    assert response.status_code == 400 and "must be a number" in response.content.decode()
    response = client.post(batch_url(tournament), {"form": "scoresheet", "session": value})
    assert response.status_code == 302 and not Job.objects.exists()


@pytest.mark.parametrize(
    "kind, query",
    [("scoresheet", {"session": 1}), ("seatcards", {}), ("oath", {})],
)
def test_a_batch_is_not_made_inside_a_web_request(client, chief, admin_sheet, kind, query):
    client.force_login(chief)
    url = reverse("print-now", args=[admin_sheet.session.tournament.pk, kind])
    response = client.get(url, query)
    assert response.status_code == 400 and "Print forms page" in response.content.decode()


# -- the language a form is printed in ----------------------------------------------------


def test_the_print_page_offers_each_language_and_its_buttons_carry_the_one_chosen(
    client, chief, admin_sheet
):
    client.force_login(chief)
    page = client.get(page_url(admin_sheet.session.tournament) + "?lang=es").content.decode()
    for code in ("en", "es", "zh-hans"):
        assert f'<option value="{code}"' in page
    assert '<option value="es" selected>' in page
    assert "chart/?lang=es" in page
    assert 'name="language" value="es"' in page


def test_a_form_printed_at_once_speaks_the_language_chosen(client, chief, admin_sheet):
    client.force_login(chief)
    response = client.get(now_url(admin_sheet.session.tournament, "standings", lang="zh-hans"))
    assert response.status_code == 200
    assert "排名" in pdf_text(response.content)


def test_a_form_printed_in_an_unknown_language_is_refused(client, chief, admin_sheet):
    client.force_login(chief)
    response = client.get(now_url(admin_sheet.session.tournament, "standings", lang="fr"))
    assert response.status_code == 400
    assert "Unknown language: fr" in response.content.decode()


def test_a_batch_is_printed_in_the_language_chosen(
    client, chief, admin_sheet, fake_print, run_jobs
):
    client.force_login(chief)
    with run_jobs():
        client.post(
            batch_url(admin_sheet.session.tournament), {"form": "oath", "language": "zh-hans"}
        )
    job = Job.objects.get()
    assert job.language == "zh-hans" and fake_print.languages == ["zh-hans"]


def test_a_batch_in_an_unknown_language_is_refused_and_starts_nothing(client, chief, admin_sheet):
    client.force_login(chief)
    client.post(batch_url(admin_sheet.session.tournament), {"form": "oath", "language": "fr"})
    assert not Job.objects.exists()
