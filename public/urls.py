"""/t/<slug>/: public pages (no login) and the hall clock."""

urlpatterns = []
