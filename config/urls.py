from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("api.urls")),
    path("t/", include("public.urls")),
    path("", include("reports.urls")),
    path("", include("tournaments.urls")),
]
