"""A real headless Chromium (Debian's `chromium` and `chromedriver`) driven by Selenium."""

import shutil
import tempfile

import pytest

from tests.services import skip_or_fail

CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
    "--window-size=1280,1000",
)


def find_binary(*names: str) -> str | None:
    for name in names:
        path = shutil.which(name)
        if path:
            return path
    return None


@pytest.fixture
def browser():
    chromium = find_binary("chromium", "chromium-browser")
    driver_path = find_binary("chromedriver")
    if not chromium or not driver_path:
        skip_or_fail("Debian's chromium and chromium-driver are not installed")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    profile = tempfile.mkdtemp(prefix="mcr-chromium-")
    for flag in (*CHROMIUM_FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    driver.implicitly_wait(5)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
