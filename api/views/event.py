"""API: event (see api/urls.py)."""

urlpatterns = []
