"""Failed logins are throttled (django-axes, configured in config/settings.py).

After `AXES_FAILURE_LIMIT` failed logins for one username, or from one address, each new login
of that username or from that address is refused for `AXES_COOLOFF_TIME` (counted from the last
failure, so trying on while locked keeps the lock): the admin's login form and `/login/` answer
429 with a page saying when to try again (`lockout_response`, axes' `AXES_LOCKOUT_CALLABLE`),
`POST /api/auth/token/` answers 429 in the API's error format (api/views/auth.py); both send
`Retry-After`. A director unlocks a login at once with `manage.py axes_reset_username NAME`
(or an address with `manage.py axes_reset_ip ADDRESS`).
"""

import ipaddress
import math

from axes.helpers import get_cool_off
from django.shortcuts import render
from django.utils.translation import ngettext


def retry_after_seconds(request=None) -> int:
    """How long the login stays locked: the whole cool-off, since the refused attempt itself
    counts as a failure and starts it again."""
    cool_off = get_cool_off(request)
    return int(cool_off.total_seconds()) if cool_off else 0


def lockout_message(seconds: int) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    return ngettext(
        "Too many failed logins with this username or from this address: logging in is "
        "blocked. Try again in %(minutes)s minute, or ask a director to unlock your login.",
        "Too many failed logins with this username or from this address: logging in is "
        "blocked. Try again in %(minutes)s minutes, or ask a director to unlock your login.",
        minutes,
    ) % {"minutes": minutes}


def lockout_response(request, original_response=None, credentials=None):
    """AXES_LOCKOUT_CALLABLE: the answer of a locked login form (the admin's or `/login/`):
    429 Too Many Requests, `Retry-After` in seconds and the reason, in the user's language."""
    seconds = retry_after_seconds(request)
    response = render(
        request,
        "tournaments/login_locked.html",
        {"message": lockout_message(seconds), "login_url": request.get_full_path()},
        status=429,
    )
    response["Retry-After"] = str(seconds)
    return response


def client_ip_behind_proxy(request) -> str | None:
    """AXES_CLIENT_IP_CALLABLE in production, where an HTTPS reverse proxy stands in front of
    gunicorn (deploy/compose.yaml's Caddy): the address that connected to the proxy is the last
    one of `X-Forwarded-For` (the proxy appends it; anything before it is what the client sent
    and may be made up). Without the header, or with something that is not an address in it,
    the address that connected to gunicorn."""
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    last = forwarded.split(",")[-1].strip()
    try:
        return str(ipaddress.ip_address(last))
    except ValueError:
        return request.META.get("REMOTE_ADDR")
