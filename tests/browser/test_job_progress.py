"""End to end in a real Chromium: a director starts a background job in the admin, its page
follows the progress bar to 100% by itself (polling), then offers the download.

Jobs run here on a thread of the test process, as a worker would run them: the job's page is
served before the job ends. The print batch is the real one (a session's score sheets),
started from the "Print forms" page's button and slowed down so that the page can be seen
between 0 and 100%.
"""

import threading
import time

import pytest
from django.contrib.auth.models import Group
from django.db import connections, transaction
from pypdf import PdfReader
from selenium.webdriver.common.by import By

from tests.browser.helpers import log_in, wait, wait_for_text
from tests.tournaments.factories import TournamentFactory, seated_table
from tests.tournaments.job_fixtures import lots_drawn_tournament
from tournaments.models import Job, Session
from tournaments.roles import ROLE_GROUPS, Role
from tournaments.services import jobs as job_services
from tournaments.services.jobs import job_run

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "Job-Progress-Pass-2006"


@pytest.fixture
def director(django_user_model):
    user = django_user_model.objects.create_user("chief", password=PASSWORD, is_staff=True)
    user.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role.CHIEF_UMPIRE])[0])
    return user


@pytest.fixture
def worker_thread(monkeypatch):
    """Queued jobs run on a thread once their transaction commits (not inside the request)."""
    threads: list[threading.Thread] = []

    def run(job_id: int) -> None:
        try:
            job_run(job_id=job_id)
        finally:
            connections.close_all()  # this thread's connections only

    def enqueue(job: Job) -> None:
        def start() -> None:
            thread = threading.Thread(target=run, args=(job.pk,), daemon=True)
            threads.append(thread)
            thread.start()

        transaction.on_commit(start)

    monkeypatch.setattr(job_services, "_enqueue", enqueue)
    yield threads
    for thread in threads:
        thread.join(timeout=60)


@pytest.fixture
def slow_print(monkeypatch):
    """The real print batch, held before its first sheet until `go`, then a sheet per 0.3 s."""
    from reports.jobs import print_job_check, print_job_run

    go = threading.Event()

    def run(*, tournament, params, progress, user=None):
        def slowly(done, total, message):
            if done == 1:
                assert go.wait(timeout=60), "the test never let the batch go"
            time.sleep(0.3)
            progress(done, total, message)

        return print_job_run(tournament=tournament, params=params, progress=slowly, user=user)

    monkeypatch.setitem(job_services.JOB_KINDS, Job.Kind.PRINT, (print_job_check, run))
    return go


def downloads_to(browser, folder) -> None:
    browser.execute_cdp_cmd(
        "Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(folder)}
    )


def wait_for_file(folder, name: str, timeout: float = 30):
    deadline = time.monotonic() + timeout
    target = folder / name
    while time.monotonic() < deadline:
        partial = list(folder.glob("*.crdownload"))
        if target.exists() and not partial:
            return target
        time.sleep(0.1)
    pytest.fail(f"{name} was not downloaded; the folder has {list(folder.iterdir())}")


def test_a_director_generates_the_seating_chart_and_follows_its_job_to_the_end(
    browser, live_server, director, worker_thread
):
    tournament = lots_drawn_tournament(16, name="Busan Open")
    log_in(browser, live_server, "chief", PASSWORD)
    browser.get(f"{live_server.url}/admin/tournaments/tournament/{tournament.pk}/seating/")
    browser.find_element(By.NAME, "seed").send_keys("browser-chart")
    time_limit = browser.find_element(By.NAME, "time_limit")
    time_limit.clear()
    time_limit.send_keys("1")
    browser.find_element(By.CSS_SELECTOR, "input[type=submit]").click()
    wait_for_text(browser, "#job-percent", "100%")
    wait_for_text(browser, "#job-status", "Done")
    wait_for_text(browser, "#job-message", "Seed (print it): browser-chart")
    assert browser.find_element(By.ID, "job-progress").get_attribute("value") == "100"
    assert browser.find_element(By.ID, "job-result").is_displayed()
    assert not browser.find_element(By.ID, "job-error").is_displayed()
    assert Session.objects.filter(tournament=tournament).count() == 6


def test_a_director_watches_a_print_batch_reach_100_percent_and_downloads_it(
    browser, live_server, director, worker_thread, slow_print, tmp_path
):
    go = slow_print
    tournament = TournamentFactory(name="Osaka Open", slug="osaka-open")
    tables = 6
    for number in range(1, tables + 1):
        seated_table(tournament, table_number=number)
    log_in(browser, live_server, "chief", PASSWORD)
    downloads_to(browser, tmp_path)
    browser.get(f"{live_server.url}/admin/tournaments/tournament/{tournament.pk}/print/")
    browser.find_element(By.ID, "batch-sheets-1").click()
    wait_for_text(browser, "#job-status", "Running")
    assert browser.find_element(By.ID, "job-percent").text == "0%"
    assert not browser.find_element(By.ID, "job-download").is_displayed()
    browser.execute_script("window.samePage = true;")  # gone if the page were reloaded

    go.set()
    seen = set()

    def finished(driver):
        seen.add(driver.find_element(By.ID, "job-percent").text)
        return driver.find_element(By.ID, "job-status").text == "Done"

    wait(browser).until(finished)
    assert browser.find_element(By.ID, "job-percent").text == "100%"
    assert browser.find_element(By.ID, "job-progress").get_attribute("value") == "100"
    assert browser.execute_script("return window.samePage === true;")
    assert seen - {"0%", "100%"}, f"no progress between 0 and 100% was shown: {seen}"
    link = browser.find_element(By.ID, "job-download-link")
    assert link.is_displayed() and "osaka-open-scoresheet-s1.pdf" in link.text

    link.click()
    downloaded = wait_for_file(tmp_path, "osaka-open-scoresheet-s1.pdf")
    reader = PdfReader(downloaded)
    assert len(reader.pages) == tables
    assert "Table 6" in "".join(page.extract_text() for page in reader.pages)
