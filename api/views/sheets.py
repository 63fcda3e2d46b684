"""API: sheets (see api/urls.py)."""

urlpatterns = []
