"""Gunicorn settings for the web service (`gunicorn -c deploy/gunicorn.conf.py config.wsgi`).

Every value can be changed from the environment without editing this file; a command-line
option (`--workers 3`) overrides both.

Sizing: gunicorn's rule of thumb is 2 x cores + 1 worker processes. Each worker runs
GUNICORN_THREADS threads, so one machine answers workers x threads requests at once, and
holds up to that many PostgreSQL connections (connections are kept for 60 s between requests,
CONN_MAX_AGE in config/settings.py). The public pages poll a small JSON answer every few
seconds (no long-lived connections), so sync workers with threads suffice.
"""

import multiprocessing
import os

from config import env

# This machine only, where the reverse proxy runs; the image binds every interface of its
# container (GUNICORN_BIND in deploy/Dockerfile), which compose publishes to no one.
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
worker_class = "gthread"
# A request that takes longer than this (a stuck database, say) has its worker restarted.
# Long work (seating, print batches) runs on the Celery workers, never in a request.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "60"))
graceful_timeout = 30
keepalive = 5
# Recycle each worker now and then (jittered so that they do not all restart together).
max_requests = 5000
max_requests_jitter = 500
# What is read of a request (gunicorn's defaults, written out): the longest request line
# (method, address, query string; longer: 414), the longest header line and the most header
# lines (more: 431), answered before Django sees the request. The API's schema documents both
# answers with these figures (api/schema.py, REQUEST_LINE_LIMIT and the two after it): change
# both files together.
limit_request_line = 4094
limit_request_field_size = 8190
limit_request_fields = 100

accesslog = "-"
errorlog = "-"
# Who, what, status, bytes, milliseconds and which worker process answered.
access_log_format = '%(h)s %(t)s "%(r)s" %(s)s %(b)s %(M)sms pid=%(p)s'

# TLS ends at the reverse proxy in front (compose.yaml: caddy). Its X-Forwarded-Proto is
# believed from the trusted proxies only (MCR_TRUSTED_PROXIES, as the settings read it for
# X-Forwarded-For): anyone else who reaches this port could say that plain http was https.
forwarded_allow_ips = ",".join(
    str(network) for network in env.env_networks("MCR_TRUSTED_PROXIES", env.LOOPBACK)
)
# Gunicorn's control socket lives in the home directory by default; not needed here.
control_socket_disable = True
