"""Django's Redis cache, with one Redis client per connection pool instead of one per call.

Django's RedisCacheClient builds a new `redis.Redis` for every cache operation, and each
construction rebuilds the client's table of response callbacks: 17% of the CPU of a
spectator's unchanged poll (issue #31). A `redis.Redis` is safe to share between threads (it
takes a connection from its pool for each command), so one per pool is kept.
"""

from django.core.cache.backends.redis import RedisCache, RedisCacheClient


class ReusingRedisCacheClient(RedisCacheClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class ReusingRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ReusingRedisCacheClient
