"""The Redis cache keeps one client per connection pool (config/cache.py): Django's own builds a
new one for every operation."""

import os

import pytest
from django.core.cache.backends.redis import RedisCache

from config.cache import ReusingRedisCache


def test_every_operation_of_a_thread_uses_the_same_client():
    cache = ReusingRedisCache("redis://127.0.0.1:1/0", {})  # no connection is opened here
    first = cache._cache.get_client("a", write=True)
    assert cache._cache.get_client("b", write=False) is first
    assert first.connection_pool is cache._cache._get_connection_pool(True)


def test_django_s_own_cache_builds_a_client_per_operation():
    """What the subclass is for: if Django starts reusing its client, drop config/cache.py."""
    cache = RedisCache("redis://127.0.0.1:1/0", {})
    assert cache._cache.get_client("a") is not cache._cache.get_client("a")


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="REDIS_URL is not set")
def test_values_go_to_redis_and_come_back_through_the_reused_client():
    cache = ReusingRedisCache(os.environ["REDIS_URL"], {"KEY_PREFIX": "test-reuse"})
    cache.set("answer", {"points": 8}, 30)
    assert cache.get_many(["answer", "missing"]) == {"answer": {"points": 8}}
    assert cache.add("answer", 1, 30) is False
    cache.delete("answer")
    assert cache.get("answer") is None
