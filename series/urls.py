"""The series' addresses (config.urls includes this at the root): the API's `/api/series/…`
(series.api) and the public page `/s/<slug>/`."""

from django.urls import path

from series import api, views

urlpatterns = [
    *api.urlpatterns,
    path("s/<slug:slug>/", views.series_page, name="public-series"),
]
