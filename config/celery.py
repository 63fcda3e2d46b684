"""The Celery application. Eager (in-process) unless REDIS_URL names a real broker."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("mcr")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# Every worker queues again the jobs whose worker died (named, not imported: Django is set up
# by the time a worker builds its steps).
app.steps["worker"].add("tournaments.tasks:StalledJobsCheck")
