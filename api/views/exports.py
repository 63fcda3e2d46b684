"""API: exports (see api/urls.py)."""

urlpatterns = []
