"""The project's own catalogues are complete: every user-facing text of the code and the
templates is in the Spanish and the Chinese catalogue, translated, not fuzzy, with its
placeholders kept (tournaments.translations.catalogue_problems)."""

from pathlib import Path

import pytest
from django.conf import settings

from tournaments.translations import catalogue_problems, source_messages

LOCALE = Path(settings.BASE_DIR) / "locale"


@pytest.fixture(scope="module")
def messages():
    found = source_messages()
    assert len(found) > 1500  # the scan sees the project's texts
    return found


@pytest.mark.parametrize("language", ["es", "zh_Hans"])
def test_the_catalogue_translates_every_text_of_the_code(language, messages):
    problems = catalogue_problems(LOCALE / language / "LC_MESSAGES" / "django.po", messages)
    assert problems == [], "\n".join(problems[:40])
