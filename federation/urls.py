"""The federation's addresses (config.urls includes this at the root)."""

from django.urls import path

from federation import views

PREFIX = "api/tournaments/<slug:slug>/exports/"
urlpatterns = [
    path(PREFIX + "ema.csv", views.EmaCsvApi.as_view(), name="api-export-ema-csv"),
    path(PREFIX + "ema.xlsx", views.EmaXlsxApi.as_view(), name="api-export-ema-xlsx"),
]
