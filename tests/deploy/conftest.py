"""Fixtures of the deployment tests."""

from tests.deploy.gunicorn_fixtures import event_server  # noqa: F401
