"""The tournament's archive in the browser (issue 29, "the director's day"): the chief umpire
downloads the archive `manage.py export_tournament` writes, and restores one as a new
tournament, as `manage.py import_tournament` does (docs/deployment.md, "Backups").

- Archive page (GET): what the archive holds, the button that makes it, the archives and
  restores started here.
- Make the archive (POST): a background job (a 128-player tournament takes 2 to 4 s to
  export, too long for a request) whose page offers the file `<slug>-<UTC date and
  time>.json`, JSON in UTF-8, once whole; each download of it is written to the admin's action
  log (LogEntry) of the tournament (`archive_download_log`, from the job's download).
- Restore (GET, POST): the file, the new slug (and name); checked at once with the import's
  own functions (tournaments.services.archive_restore), then imported by a background job
  whose page shows its progress and, once done, the link to the restored tournament.

Chief umpire only (`policies.may_backup_tournament`, `policies.may_restore_tournament`): any
other login gets 403, a visitor the login page.
"""

from django import forms
from django.contrib.admin.models import CHANGE, LogEntry
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseNotAllowed, HttpResponseRedirect
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import policies
from tournaments.admin.base import add_error, get_or_404, render
from tournaments.admin.jobs import job_url
from tournaments.archive import VERSION, ArchiveError
from tournaments.archive.reading import max_megabytes, size_check
from tournaments.errors import TournamentError
from tournaments.models import Job, Tournament
from tournaments.services.archive_restore import (
    SlugTaken,
    archive_backup_start,
    archive_restore_slug_check,
    archive_restore_start,
)

URL_PREFIX = "tournaments_tournament_"
TEMPLATES = "admin/tournaments/tournament/"
RECENT_JOBS = 10


class ArchiveRestoreForm(forms.Form):
    archive = forms.FileField(label=gettext_lazy("Archive file"))
    slug = forms.SlugField(
        label=gettext_lazy("New slug"),
        max_length=Tournament._meta.get_field("slug").max_length,
        help_text=gettext_lazy("The restored tournament's slug: one no tournament has."),
    )
    name = forms.CharField(
        label=gettext_lazy("New name"),
        max_length=Tournament._meta.get_field("name").max_length,
        required=False,
        help_text=gettext_lazy("Empty: the name the archive gives."),
    )
    unlink_logins = forms.BooleanField(
        label=gettext_lazy("Restore the players without their logins"),
        required=False,
        help_text=gettext_lazy(
            "The import never binds a player to a login this site has already (a copy "
            "restored on the site that wrote it would take its players' logins over): tick "
            "this to restore such an archive, then re-link the logins."
        ),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["archive"].help_text = _(
            "A JSON file written by the archive's download or by export_tournament, at most "
            "%(size)s MB."
        ) % {"size": max_megabytes()}

    def clean_archive(self):
        upload = self.cleaned_data["archive"]
        try:
            size_check(upload.size)
        except ArchiveError as error:
            raise forms.ValidationError(error.message) from None
        return upload

    def clean_slug(self):
        slug = self.cleaned_data["slug"]
        try:
            archive_restore_slug_check(slug=slug)
        except ArchiveError as error:
            raise forms.ValidationError(error.message) from None
        return slug


def _tournament(model_admin, request, object_id, allowed) -> Tournament:
    """The tournament, once the role is checked (403 before anything is looked up)."""
    if not allowed(request.user):
        raise PermissionDenied
    return get_or_404(model_admin, request, object_id)


def _jobs(tournament: Tournament, kind: str) -> list:
    jobs = (
        Job.objects.filter(tournament=tournament, kind=kind)
        .select_related("requested_by")
        .order_by("-created_at", "-pk")[:RECENT_JOBS]
    )
    return [(job, job_url(job)) for job in jobs]


def archive_page_view(model_admin, request, object_id):
    tournament = _tournament(model_admin, request, object_id, policies.may_backup_tournament)
    return render(
        model_admin,
        request,
        TEMPLATES + "archive.html",
        {
            "tournament": tournament,
            "version": VERSION,
            "backup_url": reverse("admin:" + URL_PREFIX + "archive_backup", args=[tournament.pk]),
            "restore_url": reverse("admin:" + URL_PREFIX + "archive_restore", args=[tournament.pk]),
            "may_restore": policies.may_restore_tournament(request.user),
            "backup_jobs": _jobs(tournament, Job.Kind.BACKUP),
            "jobs": _jobs(tournament, Job.Kind.RESTORE),
        },
        obj=tournament,
        title=_("Archive — %(t)s") % {"t": tournament},
    )


def archive_backup_view(model_admin, request, object_id):
    """POST: start the archive job and go to its page (the file is offered there)."""
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    tournament = _tournament(model_admin, request, object_id, policies.may_backup_tournament)
    return HttpResponseRedirect(
        job_url(archive_backup_start(tournament=tournament, user=request.user))
    )


def archive_download_log(request, job: Job) -> None:
    """A download of an archive job's file, in the admin's action log of its tournament."""
    LogEntry.objects.log_actions(
        user_id=request.user.pk,
        queryset=[job.tournament],
        action_flag=CHANGE,
        change_message=_("Downloaded the archive %(file)s.") % {"file": job.result_name},
        single_object=True,
    )


def archive_restore_view(model_admin, request, object_id):
    """GET: the form. POST: checked at once; accepted, the job's page; refused, the form with
    its errors (nothing kept, no job)."""
    tournament = _tournament(model_admin, request, object_id, policies.may_restore_tournament)
    posted = request.method == "POST"
    form = ArchiveRestoreForm(request.POST, request.FILES) if posted else ArchiveRestoreForm()
    if posted and form.is_valid():
        data = form.cleaned_data
        try:
            job = archive_restore_start(
                tournament=tournament,
                data=data["archive"].read(),
                slug=data["slug"],
                name=data["name"],
                unlink_logins=data["unlink_logins"],
                user=request.user,
            )
        except SlugTaken as error:
            form.add_error("slug", error.message)
        except ArchiveError as error:
            form.add_error("archive", error.message)
        except TournamentError as error:
            add_error(form, error)
        else:
            return HttpResponseRedirect(job_url(job))
    return render(
        model_admin,
        request,
        TEMPLATES + "archive_restore.html",
        {
            "tournament": tournament,
            "form": form,
            "archive_url": reverse("admin:" + URL_PREFIX + "archive", args=[tournament.pk]),
            "jobs": _jobs(tournament, Job.Kind.RESTORE),
        },
        obj=tournament,
        title=_("Restore an archive as a new tournament"),
    )


def archive_restored_view(model_admin, request, object_id, job_id):
    """A finished restore job's tournament (the job's page links here before it exists)."""
    if not policies.may_restore_tournament(request.user):
        raise PermissionDenied
    if not str(object_id).isdigit():
        raise Http404(str(object_id))
    job = (
        Job.objects.filter(pk=job_id, kind=Job.Kind.RESTORE, tournament_id=object_id)
        .select_related("requested_by")
        .first()
    )
    if job is None or not policies.may_view_job(request.user, job):
        raise Http404(str(job_id))
    restored = Tournament.objects.filter(slug=(job.params or {}).get("slug", "")).first()
    if job.status != Job.Status.DONE or restored is None:
        raise Http404(_("The restored tournament is not there (yet)."))
    return HttpResponseRedirect(reverse("admin:tournaments_tournament_change", args=[restored.pk]))


def archive_restored_url(job: Job) -> str:
    """The link a restore job's page offers once it is done."""
    return reverse("admin:" + URL_PREFIX + "archive_restored", args=[job.tournament_id, job.pk])


def archive_urls(model_admin) -> list:
    def page(view):
        def handler(request, *args, **kwargs):
            return view(model_admin, request, *args, **kwargs)

        return model_admin.admin_site.admin_view(handler)

    return [
        path("<path:object_id>/archive/", page(archive_page_view), name=URL_PREFIX + "archive"),
        path(
            "<path:object_id>/archive/backup/",
            page(archive_backup_view),
            name=URL_PREFIX + "archive_backup",
        ),
        path(
            "<path:object_id>/archive/restore/",
            page(archive_restore_view),
            name=URL_PREFIX + "archive_restore",
        ),
        path(
            "<path:object_id>/archive/restored/<int:job_id>/",
            page(archive_restored_view),
            name=URL_PREFIX + "archive_restored",
        ),
    ]
