"""A real headless Chromium (Debian's `chromium` and `chromedriver`) driven by Selenium."""

import contextlib
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
)


def find_binary(*names: str) -> str | None:
    for name in names:
        path = shutil.which(name)
        if path:
            return path
    return None


def _chromium(width: int, height: int, profile: str | None = None):
    """A new headless Chromium with a profile of its own (its own cookies: its own session),
    and the directory of that profile; `profile`: an earlier browser's, opened again."""
    chromium = find_binary("chromium", "chromium-browser")
    driver_path = find_binary("chromedriver")
    if not chromium or not driver_path:
        skip_or_fail("Debian's chromium and chromium-driver are not installed")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    profile = profile or tempfile.mkdtemp(prefix="mcr-chromium-")
    for flag in (*CHROMIUM_FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    driver.implicitly_wait(5)
    return driver, profile


@pytest.fixture
def browser():
    driver, profile = _chromium(1280, 1000)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture
def phones():
    """phones() → a new Chromium the size of a phone (390 px wide), its own browser session;
    phones(reopen=driver) → the same phone's browser started again after it was closed (its
    profile: cookies, IndexedDB, service worker). All quit at the end."""
    opened = []

    def open_phone(reopen=None):
        driver, profile = _chromium(390, 844, reopen.mcr_profile if reopen else None)
        # Headless Chromium keeps its window at least 500 px wide: the phone's 390 px are
        # emulated (a phone's screen, touch-sized viewport).
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True},
        )
        driver.mcr_profile = profile
        opened.append((driver, profile))
        return driver

    yield open_phone
    for driver, profile in opened:
        with contextlib.suppress(Exception):  # a phone the test closed already
            driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture
def relay(live_server):
    """The live server through a relay the test may cut (`relay.url` instead of the server's):
    the server truly unreachable, for the page and its service worker alike."""
    from tests.browser.relay import Relay

    through = Relay(live_server.url)
    yield through
    through.cut()
