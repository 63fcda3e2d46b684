from django.urls import path

from reports import views

urlpatterns = [
    path("verify/", views.verify, name="verify-form"),
    path("verify/<str:code>/", views.verify, name="verify-print"),
    path("print/<int:tournament_id>/<str:kind>/", views.print_now, name="print-now"),
]
