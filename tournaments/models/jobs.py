"""Background jobs: long work (print batches, seating generation) run by a Celery worker.

A job row is the one place its state lives: status, progress (done of total, and the current
step), the error of a failed job and the result file of a finished one. The web pages read
the row; the worker writes it (tournaments.services.jobs). The result backend of Celery is not
used: it is in-memory on the embedded defaults, and a job outlives any one worker.
"""

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.accounts import LANGUAGE_CODES

MESSAGE_LENGTH = 300


class Job(models.Model):
    class Kind(models.TextChoices):
        PRINT = "print", _("Print")
        SEATING = "seating", _("Seating chart")  # generate, or re-seat the remaining sessions
        # The tournament's archive, and restoring one as a new tournament (filed under the
        # tournament whose page started it): tournaments.services.archive_restore.
        BACKUP = "backup", _("Tournament archive")
        RESTORE = "restore", _("Archive restore")

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    FINISHED = (Status.DONE, Status.FAILED)

    # Names the job's folder of result files (`jobs/<token>/<file>`): not guessable from the id.
    token = models.UUIDField(
        default=uuid.uuid4, editable=False, unique=True, verbose_name=_("token")
    )
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    # The language of who asked: the forms are printed and the messages written in it.
    language = models.CharField(
        _("language"), max_length=10, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE
    )
    tournament = models.ForeignKey(
        "tournaments.Tournament",
        on_delete=models.CASCADE,  # output made from the records, not a record itself
        related_name="jobs",
        verbose_name=_("tournament"),
    )
    params = models.JSONField(_("parameters"), default=dict, blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("requested by"),
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.QUEUED
    )
    done = models.PositiveIntegerField(_("done"), default=0)
    total = models.PositiveIntegerField(_("total"), default=0)
    message = models.CharField(_("current step"), max_length=MESSAGE_LENGTH, blank=True)
    error = models.TextField(_("error"), blank=True)
    result_file = models.FileField(_("result file"), upload_to="jobs/", max_length=255, blank=True)
    result_name = models.CharField(_("file name"), max_length=200, blank=True)
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    # Attempts are numbered on across retries (an attempt still alive after a retry must not
    # pass for the new one); MAX_ATTEMPTS counts those made since the last retry.
    attempts_before_retry = models.PositiveSmallIntegerField(
        _("attempts before the last retry"), default=0
    )
    # The running attempt's sign of life (when claimed, then at each progress write): a job
    # running with an old one lost its process (see tournaments.services.jobs.job_stalled).
    heartbeat_at = models.DateTimeField(_("last sign of life"), null=True, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("background job")
        verbose_name_plural = _("background jobs")
        constraints = [
            models.CheckConstraint(
                condition=Q(done__lte=models.F("total")), name="job_done_le_total"
            ),
            models.CheckConstraint(condition=Q(language__in=LANGUAGE_CODES), name="job_language"),
            models.CheckConstraint(
                condition=Q(status="queued", started_at__isnull=True, finished_at__isnull=True)
                | Q(status="running", started_at__isnull=False, finished_at__isnull=True)
                | Q(status__in=["done", "failed"], finished_at__isnull=False),
                name="job_times_follow_status",
            ),
            models.CheckConstraint(
                # failed: possibly before any worker started it (the broker gave up)
                condition=Q(status__in=["queued", "failed"]) | Q(attempts__gte=1),
                name="job_started_counts_an_attempt",
            ),
            # A failed job says why; only a failed one carries an error.
            models.CheckConstraint(
                condition=(Q(status="failed") & ~Q(error="")) | (~Q(status="failed") & Q(error="")),
                name="job_error_iff_failed",
            ),
            # A file is offered only once the job is done (never half-written), and a finished
            # print job always has one.
            models.CheckConstraint(
                condition=Q(result_file="") | Q(status="done"), name="job_file_only_when_done"
            ),
            models.CheckConstraint(
                condition=~Q(kind="print", status="done") | ~Q(result_file=""),
                name="job_done_print_has_file",
            ),
            models.CheckConstraint(
                condition=(Q(result_file="") & Q(result_name=""))
                | (~Q(result_file="") & ~Q(result_name="")),
                name="job_file_has_name",
            ),
            models.CheckConstraint(
                condition=Q(kind__in=["print", "seating", "backup", "restore"]),
                name="job_kind_known",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} #{self.pk}"

    @property
    def percent(self) -> int:
        """Progress for the bar: 100 once done, else done of total (0 before it is known)."""
        if self.status == self.Status.DONE:
            return 100
        if self.total <= 0:
            return 0
        return min(100, self.done * 100 // self.total)

    @property
    def finished(self) -> bool:
        return self.status in self.FINISHED
