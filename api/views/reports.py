"""API: reports (see api/urls.py)."""

urlpatterns = []
