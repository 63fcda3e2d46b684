"""The score desk's addresses (config.urls includes this at the root): its API under /api/
(desk/api.py) and its keyboard page /desk/ (desk/views.py)."""

from django.urls import include, path

from desk import views
from desk.api import urlpatterns as api_urlpatterns

page_urlpatterns = [
    path("", views.desk_home, name="desk-home"),
    path("<slug:slug>/", views.desk_keyboard, name="desk-keyboard"),
]

urlpatterns = [
    path("api/", include(api_urlpatterns)),
    path("desk/", include(page_urlpatterns)),
]
