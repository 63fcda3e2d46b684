"""A poll of a public page that this process can answer from what it already holds, answered
before the session, language, CSRF and login middleware: they cost most of such a poll (a
millisecond of the 1.4 an unchanged poll took under load), and it needs none of them. During
play most polls see a new version, so the changed answer (the body already sent to another
reader of that version) is given here too. Anything else, or any doubt, goes on to the view."""

from django.urls import Resolver404, resolve

from public import views


class EarlyPollMiddleware:
    """Right after SecurityMiddleware and WhiteNoise (config/settings.py)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        answer = self._answered(request)
        return self.get_response(request) if answer is None else answer

    @staticmethod
    def _answered(request):
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
        return views.poll_answered_early(request, match.kwargs["slug"], page, seen)
