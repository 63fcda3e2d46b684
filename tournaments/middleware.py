"""The language of a request: a logged-in user's own choice wins over his browser's. And,
for the live benchmark only, the CPU time each request took."""

import time

from django.conf import settings
from django.utils import translation

from tournaments.selectors.accounts import user_language

# Pages anyone may open: there the page's own language switcher (a cookie) wins.
PUBLIC_PREFIXES = ("/t/", "/verify/")


def activate_user_language(request, user) -> None:
    """Use the user's language for this request, if he chose one."""
    language = user_language(user)
    if language:
        translation.activate(language)
        request.LANGUAGE_CODE = language


class UserLanguageMiddleware:
    """After LocaleMiddleware (cookie, then Accept-Language) and AuthenticationMiddleware."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        switched = settings.LANGUAGE_COOKIE_NAME in request.COOKIES
        if not (switched and request.path.startswith(PUBLIC_PREFIXES)):
            activate_user_language(request, request.user)
        return self.get_response(request)


class RequestCpuMiddleware:
    """The CPU time of this request's thread, in microseconds, as `X-Request-CPU`: gunicorn's
    access log of `manage.py bench_live` adds them up per kind of request (its gthread workers
    run each request on one thread). Installed only when MCR_REQUEST_CPU_HEADER is on."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        started = time.thread_time_ns()
        response = self.get_response(request)
        response["X-Request-CPU"] = str((time.thread_time_ns() - started) // 1000)
        return response
