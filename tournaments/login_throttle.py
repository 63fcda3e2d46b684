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
from django.conf import settings
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


def client_ip(request) -> str | None:
    """The address of the client that sent `request` (axes' AXES_CLIENT_IP_CALLABLE, and what
    the personal links' failures are counted under): the address that connected, unless it is
    one of the trusted reverse proxies (settings.TRUSTED_PROXIES, MCR_TRUSTED_PROXIES); then
    the address that proxy appended last to `X-Forwarded-For`, and so on leftwards while that
    one is a trusted proxy too. Whatever stands further left was sent by the client and may be
    made up, as may the whole header of a client that connects directly: believed from anyone,
    a new made-up address per request would escape every count. An entry that is not an
    address ends the walk at the last trusted hop."""
    connected = request.META.get("REMOTE_ADDR")
    address = _address(connected)
    if address is None:
        return connected
    hops = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
    for hop in reversed(hops):
        if not _trusted_proxy(address):
            break
        forwarded = _address(hop)
        if forwarded is None:
            break
        address = forwarded
    return str(address)


def _address(text: str | None) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address((text or "").strip())
    except ValueError:
        return None


def _trusted_proxy(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    return any(address in network for network in settings.TRUSTED_PROXIES)
