"""/t/<slug>/: public pages (no login) and the hall clock."""

from django.urls import path

from public import views

urlpatterns = [
    path("<slug:slug>/", views.standings, name="public-standings"),
    path("<slug:slug>/sessions/<int:number>/", views.session, name="public-session"),
    path("<slug:slug>/players/<int:number>/", views.player, name="public-player"),
    path("<slug:slug>/chart/", views.chart, name="public-chart"),
    path("<slug:slug>/seats/", views.seats, name="public-seats"),
    path("<slug:slug>/draw/", views.draw, name="public-draw"),
    path("<slug:slug>/live.json", views.live, name="public-live"),
    path("<slug:slug>/clock/", views.clock, name="public-clock"),
    path("<slug:slug>/clock.json", views.clock_json, name="public-clock-json"),
]
