"""Where a login lands once logged in, through /login/ or the admin's login, when no particular
page was asked for: each role on the page of its work (docs/public-pages.md, "Logging in").

- organisers and the chief umpire (superusers too): the dashboard of the tournament not yet
  finished when there is one, else the list of tournaments;
- the arbitration committee: the appeals;
- umpires: the umpire's home (/umpire/);
- score-desk clerks: the score desk (/desk/);
- another staff login: the admin's index; a player (or anyone else): his own pages (/me/).

A login holding several roles lands on the first of these. Who holds which role is asked of
tournaments.policies, as everywhere.
"""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.http import HttpResponseRedirect
from django.urls import reverse

from tournaments import policies
from tournaments.models import Tournament

# The score desk's page (desk/urls.py): named here, not imported, as tournaments imports no app
# built on it.
DESK_HOME = "desk-home"


def home_url(user) -> str:
    """The address of this login's home."""
    if policies.may_organise(user):
        return _tournament_home()
    if policies.may_rule_on_appeal(user):
        return reverse("admin:tournaments_appeal_changelist")
    if policies.may_use_umpire_home(user):
        return reverse("umpire-home")
    if policies.may_use_score_desk(user):
        return reverse(DESK_HOME)
    if policies.may_use_admin_lists(user):
        return reverse("admin:index")
    return reverse("player-home")


def _tournament_home() -> str:
    """The dashboard of the one tournament not finished (the event being run), else the list
    of tournaments to choose from (none, or several at once)."""
    open_ids = list(
        Tournament.objects.exclude(status=Tournament.Status.FINISHED).values_list("pk", flat=True)[
            :2
        ]
    )
    if len(open_ids) == 1:
        return reverse("admin:tournaments_tournament_dashboard", args=[open_ids[0]])
    return reverse("admin:tournaments_tournament_changelist")


class LoginView(auth_views.LoginView):
    """/login/: a page asked for (`next`) first, else the login's home."""

    template_name = "tournaments/player/login.html"

    def get_default_redirect_url(self):
        return home_url(self.request.user)


def admin_login(request):
    """The admin's login page, as the admin draws and checks it; a login that asked for no page
    but the admin's index (its form's default) lands on its home instead."""
    asked = request.POST.get("next") or request.GET.get("next") or ""
    response = admin.site.login(request)
    if (
        request.method == "POST"
        and request.user.is_authenticated
        and isinstance(response, HttpResponseRedirect)
        and asked in ("", reverse("admin:index"))
    ):
        return HttpResponseRedirect(home_url(request.user))
    return response
