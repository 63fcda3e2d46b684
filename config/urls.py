from django.contrib import admin
from django.urls import include, path

from public.views import index
from tournaments.views.landing import admin_login

urlpatterns = [
    path("", index, name="public-index"),  # also the admin's "View site"
    path("admin/login/", admin_login),  # the admin's own, each role then landing on its home
    path("admin/", admin.site.urls),
    path("api/", include("api.urls")),
    path("", include("desk.urls")),  # the score desk: /api/…/desk-entries/ and /desk/
    path("", include("tournament_stats.urls")),  # /api/…/stats/ and /t/<slug>/stats/
    path("", include("federation.urls")),  # /api/…/exports/ema.csv and ema.xlsx
    path("", include("series.urls")),  # /api/series/… and /s/<slug>/
    path("t/", include("public.urls")),
    path("", include("player_entry.urls")),  # /p/<token>/ and /me/table/ (before /me/)
    path("", include("reports.urls")),
    path("", include("tournaments.urls")),
]

# An unknown address under /api/ answers JSON in the API's error format (api/errors.py).
handler404 = "api.errors.page_not_found"
