"""Helpers of the browser tests: waiting for a page, and logging in through the admin's login."""

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait


def wait(browser):
    # While a posted page replaces the old one, Chromium may answer for an element of the old
    # document with a stale-element or "node does not belong to the document" error: retry.
    return WebDriverWait(browser, 20, ignored_exceptions=(WebDriverException,))


def wait_for_text(browser, css: str, text: str) -> None:
    wait(browser).until(
        expected_conditions.text_to_be_present_in_element((By.CSS_SELECTOR, css), text)
    )


def log_in(browser, live_server, username: str, password: str) -> None:
    browser.get(f"{live_server.url}/admin/login/")
    browser.find_element(By.NAME, "username").send_keys(username)
    browser.find_element(By.NAME, "password").send_keys(password)
    browser.find_element(By.CSS_SELECTOR, "input[type=submit]").click()
    logged_in(browser)


def logged_in(browser) -> None:
    """The login page left for the login's home (each role its own: tournaments.views.landing),
    that page loaded."""
    wait(browser).until(
        lambda b: (
            "/login/" not in b.current_url
            and b.execute_script("return document.readyState") == "complete"
        )
    )


def role_groups_with_their_permissions() -> None:
    """A transactional test empties every table after it, the role groups' permissions (a
    data migration's) too: the next test makes them again as the migration does."""
    import importlib
    from types import SimpleNamespace

    from django.apps import apps
    from django.db import connection

    roles = importlib.import_module("tournaments.migrations.0003_roles")
    roles.create_groups(apps, SimpleNamespace(connection=connection))


def page_overflow(browser) -> int:
    """How far the page runs past the right edge of its window, in px (0 or less: it fits)."""
    return browser.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )


# For the table `arguments[0]`: whether its box scrolls sideways, and, for each row of its
# body, the texts of the cells `arguments[1]` (nth-child numbers) that are not wholly on the
# screen (left of 0, right of the window) or not wholly within the table's box.
CELLS_IN_VIEW = """
const table = document.querySelector(arguments[0]);
const box = table.parentElement, b = box.getBoundingClientRect();
const width = document.documentElement.clientWidth;
const out = [];
let rows = 0;
for (const tr of table.querySelectorAll("tbody tr")) {
  rows += 1;
  for (const n of arguments[1]) {
    const cell = tr.querySelector(`:scope > :nth-child(${n})`);
    const r = cell.getBoundingClientRect();
    const shown = r.width > 0 && r.height > 0 && r.left >= 0 && r.right <= width + 0.5
      && r.left >= b.left - 0.5 && r.right <= b.right + 0.5;
    const text = cell.textContent.trim();
    if (!shown) out.push(`row ${rows} cell ${n}: ${text} at ${r.left}-${r.right}`);
  }
}
return {rows: rows, boxScrolls: box.scrollWidth > box.clientWidth + 0.5, out: out};
"""


def cells_out_of_view(browser, table: str, columns: list[int]) -> dict:
    """Which cells of `columns` (1-based) of every body row of `table` one would have to scroll
    to see (see CELLS_IN_VIEW)."""
    return browser.execute_script(CELLS_IN_VIEW, table, columns)
