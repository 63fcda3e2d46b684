"""The API's documentation draws itself from the server's own files (issue 29): Swagger UI at
/api/docs/ lists the operations, ReDoc at /api/redoc/ too."""

import pytest
from selenium.webdriver.common.by import By

from tests.browser.helpers import wait

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(
    ("path", "operation"),
    [("/api/docs/", ".opblock"), ("/api/redoc/", "[data-section-id^='tag/']")],
)
def test_the_api_docs_draw_their_operations(browser, live_server, path, operation):
    browser.get(live_server.url + path)
    wait(browser).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, operation)) > 5)
    # The machine running the tests may have no internet either: a file fetched from another
    # host fails here. ReDoc's bundle draws its maker's small logo in the menu's footer from
    # its own site: that image alone may be missing, the page works without it.
    failed = [
        entry["message"]
        for entry in browser.get_log("browser")
        if entry["level"] == "SEVERE"
        and "favicon" not in entry["message"]
        and "cdn.redoc.ly/redoc/logo-mini.svg" not in entry["message"]
    ]
    assert failed == []
