"""Background jobs in the admin: the list, one job's page with its progress bar, the JSON its
script polls, the download of its file and the retry of a failed one.

A job is seen only by who asked for it, the chief umpire (director) and superusers; to anyone
else it does not exist (404). Other pages start jobs through `start_job_and_redirect` and
link to them with `job_url`.
"""

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import (
    FileResponse,
    Http404,
    HttpResponseNotAllowed,
    HttpResponseRedirect,
    JsonResponse,
)
from django.urls import NoReverseMatch, path, reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import policies
from tournaments.admin.base import get_or_404, render, report_error
from tournaments.errors import TournamentError
from tournaments.models import Job, Tournament
from tournaments.services.jobs import job_may_view, job_retry, job_stalled, job_start

POLL_MILLISECONDS = 500


def job_url(job: Job) -> str:
    """The job's page in the admin (progress bar, then the download or the error)."""
    return reverse("admin:tournaments_job_change", args=[job.pk])


def _back_url(request, tournament: Tournament) -> str:
    referer = request.META.get("HTTP_REFERER", "")
    if referer and url_has_allowed_host_and_scheme(
        referer, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return referer
    return reverse("admin:tournaments_tournament_change", args=[tournament.pk])


def start_job_and_redirect(
    request,
    *,
    kind: str,
    tournament: Tournament,
    params: dict,
    error_url: str | None = None,
    language: str | None = None,
):
    """For a page's "Print …" (or other) button that POSTs: start the job and go to its page.

    A refusal (bad parameters, a role that may not) becomes an error message and a redirect
    back to `error_url` (default: the page the button was on, else the tournament). The job
    writes in `language` (default: the page's).
    """
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    try:
        job = job_start(
            kind=kind, tournament=tournament, params=params, user=request.user, language=language
        )
    except TournamentError as error:
        report_error(request, error)
        return HttpResponseRedirect(error_url or _back_url(request, tournament))
    return HttpResponseRedirect(job_url(job))


def job_status(job: Job) -> dict:
    """What the job's page shows, as its script reads it. A stalled job (running, but its
    process gone) is still "running" and may be retried."""
    download = None
    if job.status == Job.Status.DONE and job.result_file:
        download = reverse("admin:tournaments_job_download", args=[job.pk])
    stalled = job_stalled(job=job)
    return {
        "id": job.pk,
        "kind": job.kind,
        "status": job.status,
        "status_label": _("Stalled") if stalled else job.get_status_display(),
        "stalled": stalled,
        "done": job.done,
        "total": job.total,
        "percent": job.percent,
        "message": job.message,
        "error": job.error,
        "finished": job.finished,
        "download_url": download,
        "download_name": job.result_name or None,
    }


@admin.register(Job)
class JobAdmin(admin.ModelAdmin):
    list_display = ["__str__", "tournament", "requested_by", "status", "progress", "created_at"]
    list_filter = ["status", "kind", "tournament"]
    list_select_related = ["tournament", "requested_by"]
    date_hierarchy = "created_at"

    # -- permissions: read-only; one's own jobs, or every job for the chief umpire ----------

    def has_module_permission(self, request):
        return policies.may_use_jobs(request.user)

    def has_view_permission(self, request, obj=None):
        if not policies.may_use_jobs(request.user):
            return False
        return obj is None or job_may_view(user=request.user, job=obj)

    def has_add_permission(self, request):
        return False  # jobs are started by the pages' buttons

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def get_queryset(self, request):
        return policies.visible_jobs(request.user, super().get_queryset(request))

    @admin.display(description=gettext_lazy("progress"))
    def progress(self, obj):
        return f"{obj.percent}% ({obj.done}/{obj.total})"

    # -- pages -----------------------------------------------------------------------------

    def get_urls(self):
        view = self.admin_site.admin_view
        name = "tournaments_job_"
        return [
            path("<path:object_id>/status/", view(self.status_view), name=name + "status"),
            path("<path:object_id>/download/", view(self.download_view), name=name + "download"),
            path("<path:object_id>/retry/", view(self.retry_view), name=name + "retry"),
            *super().get_urls(),
        ]

    def _job(self, request, object_id) -> Job:
        """The job if this user may see it; 403 without a staff role, 404 for other jobs."""
        if not policies.may_use_jobs(request.user):
            raise PermissionDenied
        queryset = self.get_queryset(request).select_related("tournament", "requested_by")
        return get_or_404(self, request, object_id, queryset)

    def change_view(self, request, object_id, form_url="", extra_context=None):
        job = self._job(request, object_id)
        return render(
            self,
            request,
            "admin/tournaments/job/detail.html",
            {
                "job": job,
                "status": job_status(job),
                "status_url": reverse("admin:tournaments_job_status", args=[job.pk]),
                "retry_url": reverse("admin:tournaments_job_retry", args=[job.pk]),
                "result_url": _result_url(job),
                "tournament_url": reverse(
                    "admin:tournaments_tournament_change", args=[job.tournament_id]
                ),
                "poll_milliseconds": POLL_MILLISECONDS,
            },
            title=f"{job} — {job.tournament}",
        )

    def status_view(self, request, object_id):
        job = self._job(request, object_id)
        return JsonResponse(job_status(job), headers={"Cache-Control": "no-store"})

    def download_view(self, request, object_id):
        job = self._job(request, object_id)
        if job.status != Job.Status.DONE or not job.result_file:
            raise Http404(_("This job has no file to download."))
        try:
            handle = job.result_file.open("rb")
        except FileNotFoundError:
            raise Http404(_("The job's file is no longer on the server.")) from None
        if job.kind == Job.Kind.BACKUP:  # the whole tournament's records: logged
            from tournaments.admin.archive_pages import archive_download_log

            archive_download_log(request, job)
        return FileResponse(handle, as_attachment=True, filename=job.result_name)

    def retry_view(self, request, object_id):
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        job = self._job(request, object_id)
        try:
            job = job_retry(job=job, user=request.user)
        except TournamentError as error:
            report_error(request, error)
        else:
            job.refresh_from_db()  # run already when eager: its page shows how it ended
            if job.status != Job.Status.FAILED:
                messages.success(request, _("The job was queued again."))
        return HttpResponseRedirect(job_url(job))


def _result_url(job: Job) -> str | None:
    """Where a finished job's result is seen when it is not a file (the seating chart, the
    restored tournament)."""
    if job.kind == Job.Kind.RESTORE:
        from tournaments.admin.archive_pages import archive_restored_url

        return archive_restored_url(job)
    if job.kind != Job.Kind.SEATING:
        return None
    try:
        return reverse("admin:tournaments_tournament_seating_chart", args=[job.tournament_id])
    except NoReverseMatch:
        return reverse("admin:tournaments_tournament_change", args=[job.tournament_id])
