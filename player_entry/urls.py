from django.urls import path

from player_entry import views

urlpatterns = [
    path("p/<str:token>/", views.link_open, name="player-entry-link"),
    path("me/table/", views.table, name="player-entry-table"),
    path("me/table/state.json", views.state, name="player-entry-state"),
    path("me/table/sw.js", views.service_worker, name="player-entry-worker"),
    path("me/table/entries.json", views.entries_api, name="player-entry-entries"),
    path(
        "me/table/entries/<int:entry_id>/<str:action>.json",
        views.answer_api,
        name="player-entry-answer-api",
    ),
    path(
        "me/table/entries/<int:entry_id>/<str:action>/",
        views.answer,
        name="player-entry-answer",
    ),
]
