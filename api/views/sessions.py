"""API: sessions (see api/urls.py)."""

urlpatterns = []
