# Everything installs itself into .venv/ at the repository root; only Python 3.11 and make
# are needed on a fresh machine.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP_RUN := $(VENV)/.installed-run
STAMP_DEV := $(VENV)/.installed-dev
HOST ?= 127.0.0.1
PORT ?= 8000
DEMO_PLAYERS ?= 28
DEMO_SESSIONS ?= 8

.PHONY: demo test test-fast bench lint install install-dev lock clean

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))' 2>/dev/null || { echo "Python 3.11 is needed (PYTHON=$(PYTHON))" >&2; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The lock files pin every dependency, dependencies of dependencies too (pyproject.toml keeps
# the direct pins); `make lock` makes them again after a change of pyproject.toml.
$(STAMP_RUN): pyproject.toml requirements.lock | $(BIN)/python
	$(BIN)/python -m pip install --quiet -r requirements.lock
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $@

$(STAMP_DEV): pyproject.toml requirements-dev.lock | $(BIN)/python
	$(BIN)/python -m pip install --quiet -r requirements-dev.lock
	$(BIN)/python -m pip install --quiet --no-deps -e '.[dev]'
	touch $(STAMP_RUN) $@

install: $(STAMP_RUN)
install-dev: $(STAMP_DEV)

demo: $(STAMP_RUN)
	$(BIN)/python manage.py compile_translations
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py demo --players $(DEMO_PLAYERS) --sessions $(DEMO_SESSIONS) --seed 1 --if-missing
	$(BIN)/python manage.py demo_admin
	@echo "Open http://$(HOST):$(PORT)/admin/ and log in as admin or as one of the roles above (Ctrl-C stops the server)"
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

# On the embedded defaults (SQLite, eager Celery) the suite runs on two processes (pytest-xdist),
# each with a test database of its own. With DATABASE_URL or REDIS_URL set it runs on one: the
# tests of a real Celery worker and of gunicorn share the one broker queue, which another
# process's worker would read against another database. PYTEST_PARALLEL= runs on one anyway.
PYTEST_PARALLEL ?= $(if $(DATABASE_URL)$(REDIS_URL),,-n auto --maxprocesses=2)

test: $(STAMP_DEV)
	$(BIN)/python manage.py compile_translations
	$(BIN)/python -m pytest $(PYTEST_PARALLEL) $(PYTEST_ARGS)

# The suite without Chromium and without the slow tests (pyproject.toml's `slow` marker), for a
# quick check; the API fuzzing module is not even collected (its cases are made on collection).
test-fast: $(STAMP_DEV)
	$(BIN)/python manage.py compile_translations
	$(BIN)/python -m pytest -m "not browser and not slow" --ignore=tests/api/test_schema_fuzzing.py \
		$(PYTEST_PARALLEL) $(PYTEST_ARGS)

bench: $(STAMP_DEV)
	mkdir -p bench-results
	$(BIN)/python -m scoring bench
	$(BIN)/python -m seating bench $(SEATING_BENCH_ARGS)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py bench_tournament
# The CPU and queries of one request of each kind, in this process (no server, no load).
	$(BIN)/python manage.py bench_requests
# Live: 125 umpires on the API and 300 spectators on the public page, against gunicorn,
# PostgreSQL, Redis and Celery on loopback (DATABASE_URL / REDIS_URL, else throwaway ones).
	$(BIN)/python manage.py bench_live $(LIVE_BENCH_ARGS)
# The score desk: ten clerks saving whole paper sheets (gunicorn + PostgreSQL, as above), and
# the blank score sheets of 32 tables printed.
	$(BIN)/python manage.py bench_desk
	$(BIN)/python manage.py bench_print_blank
# The players' phones: 500 players entering, confirming and polling their tables, with the
# server gone for 60 s in the middle (gunicorn + PostgreSQL + Redis, as above).
	$(BIN)/python manage.py bench_phones
# The director's day: a 32-table session countersigned at once while 300 spectators poll
# the standings and players find their seats (gunicorn + PostgreSQL + Redis, as above).
	$(BIN)/python manage.py bench_director
# A tournament's statistics, cold and cached: in one process on the embedded defaults (or
# DATABASE_URL), no stack to start.
	$(BIN)/python manage.py bench_stats

lint: $(STAMP_DEV)
	$(BIN)/ruff check .

lock: | $(BIN)/python
	$(BIN)/python -m pip install --quiet pip-tools==7.6.2
	$(BIN)/pip-compile --quiet --strip-extras --no-emit-index-url --no-emit-find-links \
		--output-file requirements.lock pyproject.toml
	$(BIN)/pip-compile --quiet --strip-extras --no-emit-index-url --no-emit-find-links \
		--extra dev --output-file requirements-dev.lock pyproject.toml

clean:
	rm -rf $(VENV) var bench-results
