"""/api/: each area of the API keeps its routes in its own module under api/views/."""

from django.urls import include, path
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerView,
)

from api.views import (
    appeals,
    auth,
    event,
    exports,
    player_login,
    registration_corrections,
    reports,
    sanctions,
    seeding,
    session_countersign,
    sessions,
    sheets,
    umpire_rota,
)

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path(
        "redoc/",
        SpectacularRedocView.as_view(url_name="api-schema", template_name="api/redoc.html"),
        name="api-redoc",
    ),
    path("", include(auth.urlpatterns)),
    path("", include(event.urlpatterns)),
    path("", include(player_login.urlpatterns)),
    path("", include(registration_corrections.urlpatterns)),
    path("", include(sanctions.urlpatterns)),
    path("", include(sessions.urlpatterns)),
    path("", include(session_countersign.urlpatterns)),
    path("", include(sheets.urlpatterns)),
    path("", include(umpire_rota.urlpatterns)),
    path("", include(seeding.urlpatterns)),
    path("", include(appeals.urlpatterns)),
    path("", include(reports.urlpatterns)),
    path("", include(exports.urlpatterns)),
]
