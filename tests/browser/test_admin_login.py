import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def log_in(browser, live_server, username: str, password: str) -> None:
    browser.get(f"{live_server.url}/admin/login/")
    browser.find_element(By.NAME, "username").send_keys(username)
    browser.find_element(By.NAME, "password").send_keys(password)
    browser.find_element(By.CSS_SELECTOR, "input[type=submit]").click()


def wait_for_text(browser, css: str, text: str) -> None:
    WebDriverWait(browser, 15).until(
        expected_conditions.text_to_be_present_in_element((By.CSS_SELECTOR, css), text)
    )


def test_a_director_logs_in_to_the_admin_in_chromium(browser, live_server, django_user_model):
    """With no tournament yet to run, he lands on the list of tournaments (where he adds one)."""
    django_user_model.objects.create_superuser("director", "d@example.org", "Tiles-and-Winds-8")
    log_in(browser, live_server, "director", "Tiles-and-Winds-8")
    wait_for_text(browser, "#content h1", "Select tournament to change")


def test_a_wrong_password_is_refused_with_a_message(browser, live_server, django_user_model):
    django_user_model.objects.create_superuser("director", "d@example.org", "Tiles-and-Winds-8")
    log_in(browser, live_server, "director", "wrong-password")
    wait_for_text(browser, ".errornote", "Please enter the correct username and password")
