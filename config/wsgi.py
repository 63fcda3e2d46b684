import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

# Without a broker (no REDIS_URL, Celery eager) a job a request queues runs after its response.
from tournaments.services.jobs import jobs_after_response  # noqa: E402 (needs Django set up)

application = jobs_after_response(application)
