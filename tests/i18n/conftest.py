import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def empty_cache():
    """Public pages are cached under the tournament's id: no copy from another test."""
    cache.clear()
    yield
    cache.clear()
