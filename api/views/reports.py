"""API: printed forms as background jobs, and every job's progress and file.

- `POST /api/reports/` starts a print job exactly as the admin's print page does
  (`job_start(kind="print", params={"form": kind, …})`): the job's checker
  (`reports.jobs.print_job_check` → `reports.printing.print_validate`) refuses a role that may
  not print the form (403) and a missing or unknown session, table or appeal (400), before
  anything is queued. Answers 202 with the job.
- `GET /api/reports/{id}/`: a print job's progress and, once done, its download link (404 for
  a job of another kind).
- `GET /api/jobs/{id}/` (any kind, e.g. the seating job) and `GET /api/jobs/{id}/file/` (its
  file, 404 until it is done).

A job is seen only by who asked for it and by the chief umpire (`job_may_view`); to anyone
else it does not exist (404), as in the admin.
"""

from django.conf import settings
from django.http import FileResponse, Http404
from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from api.common import error_responses, tournament_for
from reports.printing import KIND_NAMES
from tournaments.models import Job
from tournaments.services.jobs import job_may_view, job_stalled, job_start

# -- a job as JSON ---------------------------------------------------------------------------


def job_url(job: Job) -> str:
    if job.kind == Job.Kind.PRINT:
        return f"/api/reports/{job.pk}/"
    return f"/api/jobs/{job.pk}/"


def job_file_url(job: Job) -> str | None:
    if job.status == Job.Status.DONE and job.result_file:
        return f"/api/jobs/{job.pk}/file/"
    return None


class JobOutput(serializers.Serializer):
    class Meta:
        ref_name = "Job"

    id = serializers.IntegerField(help_text=gettext_lazy("the job's id"))
    kind = serializers.ChoiceField(
        choices=Job.Kind.choices, help_text=gettext_lazy("print or seating")
    )
    tournament = serializers.CharField(
        source="tournament.slug", help_text=gettext_lazy("the tournament's slug")
    )
    params = serializers.DictField(help_text=gettext_lazy("what was asked (form, session, …)"))
    language = serializers.CharField(
        help_text=gettext_lazy("the language the job prints and writes its messages in")
    )
    requested_by = serializers.CharField(
        source="requested_by.username",
        allow_null=True,
        default=None,
        help_text=gettext_lazy("username of who asked for it"),
    )
    status = serializers.ChoiceField(
        choices=Job.Status.choices, help_text=gettext_lazy("queued, running, done or failed")
    )
    stalled = serializers.SerializerMethodField(
        help_text=gettext_lazy("running, but its process shows no sign of life (retry it)")
    )
    finished = serializers.BooleanField(help_text=gettext_lazy("done or failed: poll no more"))
    done = serializers.IntegerField(help_text=gettext_lazy("steps done"))
    total = serializers.IntegerField(help_text=gettext_lazy("steps in all (0 until known)"))
    percent = serializers.IntegerField(help_text=gettext_lazy("progress, 0 to 100"))
    message = serializers.CharField(help_text=gettext_lazy("the current step, in words"))
    error = serializers.CharField(help_text=gettext_lazy("why it failed (empty unless failed)"))
    download = serializers.SerializerMethodField(
        help_text=gettext_lazy("once done with a file: where to download it (GET), else null")
    )
    download_name = serializers.CharField(
        source="result_name", help_text=gettext_lazy("the file's name (empty until done)")
    )
    created_at = serializers.DateTimeField(help_text=gettext_lazy("when it was asked for"))
    started_at = serializers.DateTimeField(
        allow_null=True, help_text=gettext_lazy("when its last attempt started, or null")
    )
    finished_at = serializers.DateTimeField(
        allow_null=True, help_text=gettext_lazy("when it ended, or null")
    )

    def get_stalled(self, job) -> bool:
        return job_stalled(job=job)

    def get_download(self, job) -> str | None:
        return job_file_url(job)


def visible_job(user, job_id: int, *, kind: str | None = None) -> Job:
    """The job if this login may see it (its requester, the chief umpire); else 404."""
    queryset = Job.objects.select_related("tournament", "requested_by")
    if kind is not None:
        queryset = queryset.filter(kind=kind)
    job = queryset.filter(pk=job_id).first()
    if job is None or not job_may_view(user=user, job=job):
        raise Http404
    return job


# -- GET /api/jobs/{id}/ ---------------------------------------------------------------------


class JobDetailApi(APIView):
    """A background job's progress (a print batch, the seating search)."""

    @extend_schema(
        operation_id="jobs_retrieve",
        summary="Follow a job",
        responses={200: JobOutput, **error_responses(401, 404)},
    )
    def get(self, request, job_id):
        """Its status and progress; once done, `download` is the link to its file. Poll it
        (every half second or so) until `finished`. Seen by who asked for it and the chief
        umpire only."""
        job = visible_job(request.user, job_id)
        return Response(JobOutput(job).data, headers={"Cache-Control": "no-store"})


# -- GET /api/jobs/{id}/file/ ----------------------------------------------------------------


class JobFileApi(APIView):
    """The file a finished job made (a PDF, or a zip of every form)."""

    @extend_schema(
        operation_id="jobs_file",
        summary="Download a job's file",
        responses={
            (200, "application/pdf"): OpenApiResponse(
                OpenApiTypes.BINARY, description=gettext_lazy("the printed form")
            ),
            (200, "application/zip"): OpenApiResponse(
                OpenApiTypes.BINARY, description=gettext_lazy("every form (kind `all`)")
            ),
            **error_responses(401, 404),
        },
    )
    def get(self, request, job_id):
        """The file as an attachment; 404 until the job is done (and for a job without a
        file, such as the seating)."""
        job = visible_job(request.user, job_id)
        if job.status != Job.Status.DONE or not job.result_file:
            raise Http404(_("This job has no file to download."))
        try:
            handle = job.result_file.open("rb")
        except FileNotFoundError:
            raise Http404(_("The job's file is no longer on the server.")) from None
        return FileResponse(handle, as_attachment=True, filename=job.result_name)


# -- POST /api/reports/ ----------------------------------------------------------------------


class ReportStartOutput(serializers.Serializer):
    class Meta:
        ref_name = "ReportStartOutput"

    job = serializers.IntegerField(help_text=gettext_lazy("the job's id"))
    status = serializers.ChoiceField(
        choices=Job.Status.choices, help_text=gettext_lazy("queued, running, done or failed")
    )
    url = serializers.CharField(help_text=gettext_lazy("where to follow the job (GET)"))


class ReportListApi(APIView):
    """Print a form: a background job makes the PDF."""

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "ReportInput"

        tournament = serializers.SlugField(help_text=gettext_lazy("the tournament's slug"))
        kind = serializers.ChoiceField(
            choices=KIND_NAMES,
            help_text=gettext_lazy(
                "the form: scoresheet (needs session), fouls, standings, chart, schedule, "
                "seatcards, appeal (needs appeal), oath, certificates, or all (a zip of every "
                "form, the chief umpire only)"
            ),
        )
        session = serializers.IntegerField(
            required=False,
            allow_null=True,
            default=None,
            min_value=1,
            max_value=10**9,
            help_text=gettext_lazy(
                "session number: the score sheets' session; standings through it; fouls, seat "
                "cards of it"
            ),
        )
        table = serializers.IntegerField(
            required=False,
            allow_null=True,
            default=None,
            min_value=1,
            max_value=10**9,
            help_text=gettext_lazy("table number within the session (needs session)"),
        )
        appeal = serializers.IntegerField(
            required=False,
            allow_null=True,
            default=None,
            min_value=1,
            max_value=2**31 - 1,
            help_text=gettext_lazy("the appeal's id (kind appeal)"),
        )
        language = serializers.ChoiceField(
            choices=settings.LANGUAGES,
            required=False,
            allow_null=True,
            default=None,
            help_text=gettext_lazy(
                "the form's language: en, es or zh-hans (default: the login's own language, "
                "else the request's Accept-Language)"
            ),
        )

    @extend_schema(
        operation_id="reports_create",
        summary="Print a form",
        request=InputSerializer,
        responses={202: ReportStartOutput, **error_responses(400, 401, 403, 404)},
    )
    def post(self, request):
        """Queue the printing of a form; answers at once (202) with the job to follow at
        `url`. Organisers and the chief umpire print every form; appeal records also the
        arbitration committee; `all` the chief umpire only. A missing or unknown session,
        table or appeal is refused before anything is queued."""
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        tournament = tournament_for(data["tournament"])
        params = {"form": data["kind"]}
        params.update({name: data[name] for name in ("session", "table", "appeal") if data[name]})
        job = job_start(
            kind=Job.Kind.PRINT,
            tournament=tournament,
            params=params,
            user=request.user,
            language=data["language"],
        )
        output = {"job": job.pk, "status": job.status, "url": job_url(job)}
        return Response(
            ReportStartOutput(output).data,
            status=status.HTTP_202_ACCEPTED,
            headers={"Location": job_url(job)},
        )


# -- GET /api/reports/{id}/ ------------------------------------------------------------------


class ReportDetailApi(APIView):
    """A print job's progress and its download link."""

    @extend_schema(
        operation_id="reports_retrieve",
        summary="Follow a print job",
        responses={200: JobOutput, **error_responses(401, 404)},
    )
    def get(self, request, job_id):
        """As `GET /api/jobs/{id}/`, for print jobs only (404 for another kind): once done,
        `download` is the link to the PDF."""
        job = visible_job(request.user, job_id, kind=Job.Kind.PRINT)
        return Response(JobOutput(job).data, headers={"Cache-Control": "no-store"})


urlpatterns = [
    path("reports/", ReportListApi.as_view(), name="api-reports"),
    path("reports/<int:job_id>/", ReportDetailApi.as_view(), name="api-report"),
    path("jobs/<int:job_id>/", JobDetailApi.as_view(), name="api-job"),
    path("jobs/<int:job_id>/file/", JobFileApi.as_view(), name="api-job-file"),
]
