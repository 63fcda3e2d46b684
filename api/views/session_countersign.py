"""API: the chief umpire countersigns every signed sheet of a session at once (Appendix 5),
through `tournaments.services.signoff.session_countersign`, which checks the role."""

from django.urls import path
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from api.common import error_responses
from api.views.sessions import session_for
from tournaments.services.signoff import SessionCountersigning, session_countersign


def _ids(help_text):
    return serializers.ListField(child=serializers.IntegerField(), help_text=help_text)


SessionCountersignOutput = inline_serializer(
    name="SessionCountersign",
    fields={
        "countersigned": serializers.IntegerField(
            help_text=gettext_lazy("how many sheets this request countersigned")
        ),
        "countersigned_sheets": _ids(gettext_lazy("the ids of the sheets it countersigned")),
        "not_signed": _ids(
            gettext_lazy("the ids of the sheets the umpire has not signed yet (left as they are)")
        ),
        "already_countersigned": _ids(
            gettext_lazy("the ids of the sheets countersigned before (final already)")
        ),
        "signed_by_you": _ids(
            gettext_lazy(
                "the ids of the signed sheets you signed as their umpire: another chief umpire "
                "countersigns them"
            )
        ),
        "held": serializers.ListField(
            child=inline_serializer(
                name="SessionCountersignHeld",
                fields={
                    "sheet": serializers.IntegerField(help_text=gettext_lazy("the sheet's id")),
                    "table": serializers.IntegerField(help_text=gettext_lazy("table number")),
                    "reasons": serializers.ListField(
                        child=serializers.CharField(),
                        help_text=gettext_lazy("the open appeals and disputes holding it"),
                    ),
                },
            ),
            help_text=gettext_lazy(
                "the signed sheets left out because of an open appeal or a disputed hand"
            ),
        ),
    },
)


def countersigning_output(done: SessionCountersigning) -> dict:
    return {
        "countersigned": len(done.countersigned),
        "countersigned_sheets": [sheet.pk for sheet in done.countersigned],
        "not_signed": [sheet.pk for sheet in done.not_signed],
        "already_countersigned": [sheet.pk for sheet in done.already_countersigned],
        "signed_by_you": [sheet.pk for sheet in done.signed_by_you],
        "held": [
            {"sheet": sheet.pk, "table": sheet.table.number, "reasons": reasons}
            for sheet, reasons in done.held.items()
        ],
    }


class SessionCountersignApi(APIView):
    """Countersign a whole session (the chief umpire)."""

    @extend_schema(
        operation_id="sessions_countersign",
        summary="Countersign every signed sheet of a session",
        request=None,
        responses={200: SessionCountersignOutput, **error_responses(400, 401, 403, 404, 409)},
    )
    def post(self, request, slug, number):
        """Countersign, in one transaction, every sheet of the session its umpire has signed:
        their results are final (Appendix 5). Left out and listed: sheets not signed yet,
        already countersigned, held by an open appeal or a disputed hand, or signed by you as
        their umpire. If one sheet is refused, none is countersigned and the error says which
        (409)."""
        session = session_for(slug, number)
        done = session_countersign(session=session, user=request.user)
        return Response(countersigning_output(done))


urlpatterns = [
    path(
        "tournaments/<slug:slug>/sessions/<int:number>/countersign/",
        SessionCountersignApi.as_view(),
        name="api-session-countersign",
    ),
]
