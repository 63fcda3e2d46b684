"""The statistics' addresses (config.urls includes this at the root, before public's /t/):
the API's `/api/tournaments/<slug>/stats/` and the public page `/t/<slug>/stats/`."""

from django.urls import path

from tournament_stats import views

urlpatterns = [
    path("api/tournaments/<slug:slug>/stats/", views.StatsApi.as_view(), name="api-stats"),
    path("t/<slug:slug>/stats/", views.stats_page, name="public-stats"),
]
