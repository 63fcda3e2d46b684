"""API: appeals (see api/urls.py)."""

urlpatterns = []
