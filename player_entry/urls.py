from django.urls import path

from player_entry import umpire_views, views

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
    # The umpire's score-sheet page through a dropped network: its queue's endpoint and the
    # service worker that keeps the page (docs/players-entry.md).
    path(
        "umpire/sheets/<int:table_session_id>/hands.json",
        umpire_views.hands_api,
        name="umpire-queue-hands",
    ),
    path("umpire/sw.js", umpire_views.service_worker, name="umpire-queue-worker"),
]
