"""The umpire's home (/umpire/, issue 29): his sheets of the running session, each with its
state and the next thing to do, big enough for a tablet; each opens the sheet's admin page.

Staff umpires and the chief umpire only (`policies.may_use_umpire_home`): an anonymous
visitor is sent to the admin's login, any other login is refused (403). What it shows is
read by tournaments.selectors.umpire_home.
"""

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import render
from django.urls import reverse_lazy
from django.utils.translation import gettext as _

from tournaments import policies
from tournaments.models.play import HANDS_PER_SESSION
from tournaments.selectors.umpire_home import umpire_home


@login_required(login_url=reverse_lazy("admin:login"))
def home(request):
    if not policies.may_use_umpire_home(request.user):
        raise PermissionDenied(_("The umpire's home is for umpires and the chief umpire."))
    return render(
        request,
        "tournaments/umpire/home.html",
        {"home": umpire_home(user=request.user), "hands_per_session": HANDS_PER_SESSION},
    )
