"""Django settings, read from the environment.

Embedded defaults need nothing running: an SQLite file, eager Celery, media on disk.
`DATABASE_URL` switches to PostgreSQL, `REDIS_URL` to a real Celery broker and result
backend. `DJANGO_MODE=production` turns on the hardening `manage.py check --deploy` asks for
and requires a real secret key and allowed hosts.
"""

import datetime
import os
import secrets
import time
import warnings
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

from config.env import (
    LOOPBACK,
    ImproperlyConfiguredEnv,
    env_bool,
    env_choice,
    env_int,
    env_list,
    env_networks,
    env_str,
    env_url,
    production_secret_key_problem,
)

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("MCR_VAR_DIR", str(BASE_DIR / "var")))

MODE = env_choice("DJANGO_MODE", "development", choices=("development", "production"))
PRODUCTION = MODE == "production"

SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if PRODUCTION:
        raise ImproperlyConfiguredEnv("SECRET_KEY must be set when DJANGO_MODE=production")
    # Kept in the var directory, so that the web server, workers and commands agree on it
    # (print fingerprints are HMACs with this key) and logins survive a restart.
    _key_file = VAR_DIR / "dev-secret-key"
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    try:  # created once, atomically: processes starting together all read the same key
        _fd = os.open(_key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    else:
        with os.fdopen(_fd, "w") as _stream:
            _stream.write("dev-insecure-" + secrets.token_urlsafe(48))
    for _wait in range(50):  # another process may still be writing it
        SECRET_KEY = _key_file.read_text().strip()
        if SECRET_KEY:
            break
        time.sleep(0.1)
    else:
        raise ImproperlyConfiguredEnv(f"{_key_file} is empty: delete it, or set SECRET_KEY")
    warnings.warn(
        f"SECRET_KEY is not set: using the development key kept in {_key_file}.",
        stacklevel=1,
    )
elif PRODUCTION and (_key_problem := production_secret_key_problem(SECRET_KEY)):
    raise ImproperlyConfiguredEnv(_key_problem)

DEBUG = env_bool("DEBUG", default=not PRODUCTION)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", [] if PRODUCTION else ["localhost", "127.0.0.1", "[::1]"])
if PRODUCTION and not ALLOWED_HOSTS:
    raise ImproperlyConfiguredEnv("ALLOWED_HOSTS must be set when DJANGO_MODE=production")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
# Where the public pages are reached: printed forms carry QR codes to its verification page.
SITE_URL = env_url("SITE_URL", schemes=("http", "https")) or ""
if PRODUCTION and not SITE_URL:
    raise ImproperlyConfiguredEnv(
        "SITE_URL must be set when DJANGO_MODE=production (printed forms link to it)"
    )
SITE_URL = SITE_URL or "http://127.0.0.1:8000"

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "simple_history",
    "django_countries",
    "axes",  # failed logins throttled: see AXES_* below
    "tournaments",
    "reports",
    "api",
    "public",
    "desk",  # the score desk: paper sheets keyed twice (builds on tournaments)
    "player_entry",  # players enter their table's hands on their phones (builds on tournaments)
    "tournament_stats",  # a tournament's statistics, read-only (builds on tournaments)
    "federation",  # the EMA results export (builds on tournaments)
    "series",  # series of tournaments ranked together (builds on tournaments)
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Right after SecurityMiddleware (as whitenoise asks): /static/ is answered by the web
    # process itself, compressed and with far-future caching of the hashed names, so that a
    # deployment needs no separate web server for static files (deploy/, docs/deployment.md).
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # A poll of a public page already answered in this process needs none of what follows
    # (public/middleware.py).
    "public.middleware.EarlyPollMiddleware",
    # ... and so does an unchanged poll of a player's table (player_entry/poll_tickets.py).
    "player_entry.poll_tickets.UnchangedTablePollMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "tournaments.middleware.UserLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as axes asks: turns a locked login form's answer into a 429 (AXES_* below).
    "axes.middleware.AxesMiddleware",
]
# The benchmark's gunicorn logs each request's CPU time (manage.py bench_live): off in a
# deployment, where it would tell anyone how busy the server is.
REQUEST_CPU_HEADER = env_bool("MCR_REQUEST_CPU_HEADER", False)
if REQUEST_CPU_HEADER:
    MIDDLEWARE.insert(0, "tournaments.middleware.RequestCpuMiddleware")

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        # Project-wide overrides of other apps' templates (the admin's user links).
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

DATABASE_URL = env_url("DATABASE_URL", schemes=("postgres", "postgresql", "sqlite"))
# PostgreSQL: parameters sent apart from the SQL, and a statement run 5 times on a connection
# prepared, so that PostgreSQL parses and plans the few shapes of the umpires' queries once per
# connection, not at every hand (issue #31). 0 behind a pooler in transaction mode, which
# cannot keep a connection's prepared statements.
DB_PREPARED = env_bool("MCR_DB_PREPARED", True)
if DATABASE_URL:
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=60)}
    if DB_PREPARED and DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        DATABASES["default"]["OPTIONS"] = {
            **DATABASES["default"].get("OPTIONS", {}),
            "server_side_binding": True,
            "prepare_threshold": 5,
        }
else:
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": VAR_DIR / "db.sqlite3",
            # Several umpires save at once: a write transaction takes the lock when it begins
            # (IMMEDIATE) instead of failing on the read-to-write upgrade, waits up to 20 s
            # for it, and WAL lets readers go on while one umpire writes.
            "OPTIONS": {
                "timeout": 20,
                "transaction_mode": "IMMEDIATE",
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
            # A file (not memory) so that tests can save from several threads at once, as
            # umpires do; one per test process so that parallel runs never share it.
            "TEST": {"NAME": str(VAR_DIR / f"test-db-{os.getpid()}.sqlite3")},
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("es", _("Spanish")), ("zh-hans", _("Chinese"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(VAR_DIR / "static")))
MEDIA_URL = "media/"
MEDIA_ROOT = Path(env_str("MEDIA_ROOT", str(VAR_DIR / "media")))
# In production collectstatic writes hashed, compressed copies (whitenoise's manifest storage:
# a changed file gets a new name, so browsers may keep every file for years); in
# development and tests plain files, so that nothing needs collectstatic first.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if PRODUCTION
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}
# Development and tests: whitenoise serves the apps' static folders as they are (no
# collectstatic, nothing cached); production only what collectstatic wrote to STATIC_ROOT.
WHITENOISE_USE_FINDERS = not PRODUCTION
WHITENOISE_AUTOREFRESH = not PRODUCTION

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "api.authentication.LanguageTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    # DRF's parsers, refusing too deeply nested JSON and NUL characters (api/parsers.py).
    "DEFAULT_PARSER_CLASSES": [
        "api.parsers.JSONParser",
        "api.parsers.FormParser",
        "api.parsers.MultiPartParser",
    ],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "api.common.Pagination",
    "EXCEPTION_HANDLER": "api.errors.exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "MCR tournament API",
    "DESCRIPTION": (
        "Run a Mahjong Competition Rules tournament: registration, lots, seating, sessions, "
        "hand entry, sign-off, corrections, appeals, standings and printed forms. Every error "
        'is `{"errors": [{"code", "message", "field"}]}`. Writes to a score sheet need '
        "`If-Match` with the sheet's `ETag`."
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI's and ReDoc's files from drf-spectacular-sidecar: the docs open in a hall
    # with no internet.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "SERVE_PERMISSIONS": ["rest_framework.permissions.AllowAny"],
    "COMPONENT_SPLIT_REQUEST": True,
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "api.schema.describe_path_parameters",
        "api.schema.document_unsupported_media_type",
        "api.schema.document_web_server_refusals",
    ],
    # The seat positions A–D are one choice set wherever they appear (winner, discarder, …).
    "ENUM_NAME_OVERRIDES": {
        "PositionEnum": ["A", "B", "C", "D"],
        "TournamentStatusEnum": "tournaments.models.Tournament.Status",
        "PlayerStatusEnum": "tournaments.models.Player.Status",
        "SessionStatusEnum": "tournaments.models.Session.Status",
        "SheetStatusEnum": "tournaments.models.TableSession.Status",
        "AppealStatusEnum": "tournaments.models.Appeal.Status",
        "JobStatusEnum": "tournaments.models.Job.Status",
        "SanctionKindEnum": "tournaments.models.Sanction.Kind",
        "CutOffMethodEnum": "tournaments.models.CutOffDecision.Method",
        "SeedingMethodEnum": ["straight", "snake"],
    },
}

# How often an open public page asks whether anything changed (seconds).
PUBLIC_POLL_SECONDS = env_int("MCR_PUBLIC_POLL_SECONDS", 5, minimum=1)
# The public pages move to a new version at most this often (0: at every change); see
# tournaments/live.py.
PUBLIC_RENDER_SECONDS = env_int("MCR_PUBLIC_RENDER_SECONDS", 2, minimum=0)
# The dashboard's tables, drawn once per published version for every director, are kept this
# long at most (0: drawn at every refresh); see tournaments/admin/dashboard.py.
DASHBOARD_SHARED_SECONDS = env_int("MCR_DASHBOARD_SHARED_SECONDS", 10, minimum=0)
# While a session is played, the statistics (and a player's figures on his public page) are
# computed again at most this often (0: at every published version); exact once it ends.
# See tournament_stats/selectors.py.
STATS_REFRESH_SECONDS = env_int("MCR_STATS_REFRESH_SECONDS", 60, minimum=0)
# A player's phone asks this often whether his table changed (seconds; docs/players-entry.md).
PLAYER_TABLE_POLL_SECONDS = env_int("MCR_PLAYER_TABLE_POLL_SECONDS", 5, minimum=1)
# Openings of unknown or revoked players' links from one address in a minute, beyond which
# unknown links from it are refused for the rest of the minute (429): a guess at tokens.
PLAYER_LINK_FAILURES_PER_MINUTE = env_int("MCR_PLAYER_LINK_FAILURES_PER_MINUTE", 30, minimum=1)
# The largest tournament archive a restore reads (the restore page, its job and
# `manage.py import_tournament`), in MB: the file and the values parsed from it are held in
# memory. A tournament of 128 players and 7 sessions writes 6.5 MB (tournaments/archive/reading.py).
ARCHIVE_MAX_BYTES = env_int("MCR_ARCHIVE_MAX_MB", 64, minimum=1) * 1024 * 1024
# The players' links as QR codes on the seat cards too (docs/players-entry.md): off, since a
# card lies on the table for the four to see and one player could answer for another.
PLAYER_LINKS_ON_SEAT_CARDS = env_bool("MCR_PLAYER_LINKS_ON_SEAT_CARDS", False)

# The cache holds the public pages, keyed on each tournament's live version (public/live.py):
# Redis when REDIS_URL is set (shared by every web process), else this process's memory.
if env_url("REDIS_URL", schemes=("redis", "rediss")):
    CACHES = {
        "default": {
            "BACKEND": "config.cache.ReusingRedisCache",
            "LOCATION": env_url("REDIS_URL", schemes=("redis", "rediss")),
            "KEY_PREFIX": "mcr",
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Celery: eager in-process tasks unless a real Redis broker is configured. Eager, a job that a
# web request queues runs once the request's response is sent (config/wsgi.py).
REDIS_URL = env_url("REDIS_URL", schemes=("redis", "rediss"))
if REDIS_URL:
    CELERY_BROKER_URL = REDIS_URL
    CELERY_RESULT_BACKEND = REDIS_URL
    CELERY_TASK_ALWAYS_EAGER = False
else:
    CELERY_BROKER_URL = "memory://"
    CELERY_RESULT_BACKEND = "cache+memory://"
    CELERY_TASK_ALWAYS_EAGER = True
    CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
# A message taken by a worker that dies (killed, machine lost) goes back to the queue once it
# has been unacknowledged this long: longer than the longest job (a seating search is 300 s at
# most), short enough not to wait long for a killed worker's job. Workers look for such
# messages when they start and every 10 s.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env_int("MCR_CELERY_VISIBILITY_TIMEOUT", 3600, minimum=1),
    "unacked_restore_interval": 10,
    "unacked_restore_throttle": 1,
}
# A running job whose sign of life (written at each progress report) is older than this, beyond
# what its kind is silent on purpose, lost its process: every worker looks for such jobs this
# often and queues them again (tournaments.services.jobs.job_requeue_stalled), so that a killed
# worker's job goes on within minutes rather than after the visibility timeout above.
# docs/deployment.md says how long a print job is ever silent.
JOB_STALL_SECONDS = env_int("MCR_JOB_STALL_SECONDS", 120, minimum=1)
JOB_STALL_CHECK_SECONDS = env_int("MCR_JOB_STALL_CHECK_SECONDS", 30, minimum=1)
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TRACK_STARTED = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

# The reverse proxies in front of gunicorn (addresses or networks): only a request that comes
# from one of them is believed about the client's address (X-Forwarded-For: login throttling,
# the personal links' limit, tournaments/login_throttle.client_ip) and about HTTPS
# (X-Forwarded-Proto: gunicorn reads the same variable into its forwarded_allow_ips and sets
# the request's scheme from it, deploy/gunicorn.conf.py). Anyone else could make both up.
TRUSTED_PROXIES = env_networks("MCR_TRUSTED_PROXIES", LOOPBACK)

if PRODUCTION:
    # No SECURE_PROXY_SSL_HEADER: Django would believe X-Forwarded-Proto from any address;
    # gunicorn believes it from TRUSTED_PROXIES only, and the scheme it sets is the one used.
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000, minimum=0)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}
SIMPLE_HISTORY_REVERT_DISABLED = True  # history is read-only: changes go through the services
# A correction's reason is the director's whole text, not a 100-character summary.
SIMPLE_HISTORY_HISTORY_CHANGE_REASON_USE_TEXT_FIELD = True
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "player-home"

# Failed logins are throttled (django-axes; tournaments/login_throttle.py, docs/deployment.md):
# after 10 failures for one username, or from one address, within 15 minutes (counted from the
# last failure), every login of that username or from that address is refused with 429 and
# Retry-After: the admin, /login/ and POST /api/auth/token/. The attempts are kept in the
# database (axes' tables). A director unlocks with `manage.py axes_reset_username NAME`.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # refuses a locked login before the password check
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 10
AXES_COOLOFF_TIME = datetime.timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]  # either one locks
# A success resets nothing: else a login of one's own from the same address would wipe the
# failures counted against that address.
AXES_RESET_ON_SUCCESS = False
AXES_LOCKOUT_CALLABLE = "tournaments.login_throttle.lockout_response"
AXES_VERBOSE = False  # no "AXES: BEGIN …" line at the start of every command and process
# Behind the HTTPS proxy every request comes from the proxy: the client's address is the one the
# proxy adds to X-Forwarded-For, believed from TRUSTED_PROXIES only.
AXES_CLIENT_IP_CALLABLE = "tournaments.login_throttle.client_ip"
