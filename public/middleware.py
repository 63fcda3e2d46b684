"""An unchanged poll of a public page, answered before the session, language, CSRF and login
middleware run: they cost most of such a poll (a millisecond of the 1.4 a poll took under
load), and it needs none of them. Anything else, or any doubt, goes on to the view."""

from django.urls import Resolver404, resolve

from public import views


class UnchangedPollMiddleware:
    """Right after SecurityMiddleware and WhiteNoise (config/settings.py)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        answer = self._unchanged(request)
        return self.get_response(request) if answer is None else answer

    @staticmethod
    def _unchanged(request):
        seen = request.GET.get("v")
        if request.method != "GET" or not seen or not request.path_info.endswith("/live.json"):
            return None
        try:
            match = resolve(request.path_info)
        except Resolver404:
            return None
        if match.url_name != "public-live":
            return None
        page = request.GET.get("page", "standings")
        return views.unchanged_poll(match.kwargs["slug"], page, seen)
