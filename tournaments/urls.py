"""Pages outside the admin: logging in and out, and a player's own pages."""

from django.contrib.auth import views as auth_views
from django.urls import path

from tournaments.views import landing, language, player, umpire_home

urlpatterns = [
    path("login/", landing.LoginView.as_view(), name="login"),  # then each role to its home
    path("logout/", auth_views.LogoutView.as_view(next_page="login"), name="logout"),
    path("language/", language.choose, name="language"),
    path("language/<str:language>/", language.switch, name="language-switch"),
    path("me/", player.home, name="player-home"),
    path("me/sheet/<int:sheet_id>/", player.sheet, name="player-sheet"),
    path("me/appeal/<int:session_id>/", player.appeal, name="player-appeal"),
    path("umpire/", umpire_home.home, name="umpire-home"),
]
