"""The live benchmark (`manage.py bench_live`, run by `make bench`): 125 umpires entering hands
through the API while 300 spectators poll the public standings, on gunicorn + PostgreSQL +
Redis + a Celery worker on loopback. See docs/benchmarks.md.

Modules: `stats` (percentiles, the report; no Django), `resend` (a request sent once more when
the server closed its connection unanswered, for these clients and the phones'; no Django),
`stack` (the throwaway PostgreSQL, Redis, gunicorn and Celery processes), `load` (the asyncio +
aiohttp clients, several processes), `prepare` (the tournament, built through the services;
runs under Django).
"""
