"""The tournament's archive from the browser, as background jobs: written (kind "backup") and
restored as a new tournament (kind "restore").

The archive job (`archive_backup_run`) writes what `manage.py export_tournament` writes, as
the job's file `<slug>-<YYYYMMDD>-<HHMMSS>.json` (UTC): a tournament of 128 players and 7
sessions takes 2 to 4 s to export (6.5 MB), too long for a request. The chief umpire alone
(`policies.may_backup_tournament`) starts it; its page offers the file once it is whole.

The restore is what `manage.py import_tournament` does, started from an admin page by the
chief umpire (`policies.may_restore_tournament`) and run by a Celery worker (in-process after
the response on the embedded defaults), never inside the request:

- `archive_restore_start` checks the upload at once with the import's own functions
  (`load_bytes`: its size, at most settings.ARCHIVE_MAX_BYTES, its shape before it is parsed,
  the parse bounded, values a database stores; `check_header`: the format and a version this
  site reads), and that the new slug is free; a refusal raises TournamentError and writes
  nothing. Accepted, the file is kept under the media root
  (`archive-uploads/<random>.json`, the job's parameter "upload") and the job is queued once
  the transaction commits.
- The job (`archive_restore_run`) reads the file again (its size checked before it is read),
  gives the tournament the new slug
  (and name, when one is given; the players without their logins when asked), and imports it
  with `import_tournament`: all or nothing, every check of the command (a refused file writes
  nothing and the job fails with the import's message). The upload is deleted once the job
  has ended, whether it imported or refused the file; an unexpected error (a bug, a database
  gone) keeps it, so that the job can be retried.
"""

import datetime
import re
import uuid

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import policies, roles
from tournaments.archive import ArchiveError, dumps, export_tournament, import_tournament
from tournaments.archive.importer import check_header
from tournaments.archive.reading import load_bytes, size_check
from tournaments.errors import TournamentError
from tournaments.models import Job, Tournament
from tournaments.services.jobs import Progress, job_kind_register, job_start

UPLOAD_DIR = "archive-uploads"
_UPLOAD_NAME = re.compile(rf"{UPLOAD_DIR}/[0-9a-f]{{32}}\.json")
_PARAMS = {"upload", "slug", "name", "unlink_logins"}
STEPS = 2  # reading the file, importing it
# The import writes in one transaction and reports nothing meanwhile: this long without a
# sign of life is not a stalled job (beyond the jobs' JOB_STALL_SECONDS).
QUIET_SECONDS = 600.0


# -- the archive (kind "backup") -------------------------------------------------------------


def archive_file_name(*, tournament: Tournament, at: datetime.datetime | None = None) -> str:
    """`<slug>-<YYYYMMDD>-<HHMMSS>.json`, the time in UTC."""
    at = (at or timezone.now()).astimezone(datetime.UTC)
    return f"{tournament.slug}-{at:%Y%m%d-%H%M%S}.json"


def archive_backup_check(*, user, tournament: Tournament, params: dict) -> None:
    """Before the archive job is queued, and again when a worker starts it: the chief umpire."""
    roles.require(
        policies.may_backup_tournament(user),
        _("Only the chief umpire may download a tournament's archive."),
    )
    if params:
        raise TournamentError(
            _("Unknown parameters: %(names)s.") % {"names": ", ".join(sorted(params))}
        )


def archive_backup_run(
    *, tournament: Tournament, params: dict, progress: Progress, user=None
) -> tuple[str, bytes]:
    """The archive job: the file `export_tournament` writes, byte for byte."""
    progress(0, 1, _("Writing the archive"))
    _flush(progress)
    text = dumps(export_tournament(tournament)) + "\n"
    progress(1, 1, _("The archive is written."))
    return archive_file_name(tournament=tournament), text.encode("utf-8")


def archive_backup_start(*, tournament: Tournament, user) -> Job:
    """Queue the archive job (refused, PermissionRefused: no job)."""
    return job_start(kind=Job.Kind.BACKUP, tournament=tournament, params={}, user=user)


# -- the restore (kind "restore") ------------------------------------------------------------


class SlugTaken(ArchiveError):
    """The new tournament's slug is another tournament's."""


def archive_read(*, data: bytes) -> dict:
    """The archive's document, refused (ArchiveError) as the import command refuses it: too
    large, not an archive's shape, not UTF-8, not JSON, too deep or holding what no database
    stores (`load_bytes`), not an archive or of a version this site does not read
    (`check_header`)."""
    document = load_bytes(data)
    check_header(document)
    return document


def archive_restore_slug_check(*, slug: str) -> None:
    """The new tournament's slug must be free (the import refuses it too, with this message)."""
    if Tournament.objects.filter(slug=slug).exists():
        raise SlugTaken(_("A tournament with the slug %(slug)r exists already.") % {"slug": slug})


def archive_retarget(
    *, document: dict, slug: str, name: str = "", unlink_logins: bool = False
) -> dict:
    """The document with the tournament under `slug` (and `name`, if given); with
    `unlink_logins`, its players bound to no login (the import never binds one to a login
    the site has already: a director re-links them afterwards)."""
    tournament = document.get("tournament")
    if not isinstance(tournament, dict):
        return document  # the import refuses it with its own message
    retargeted = {**tournament, "slug": slug}
    if name:
        retargeted["name"] = name
    document = {**document, "tournament": retargeted}
    players = document.get("players")
    if unlink_logins and isinstance(players, list):
        document["players"] = [
            {**player, "user": None} if isinstance(player, dict) else player for player in players
        ]
    return document


def _options(params: dict) -> tuple[str, str, str, bool]:
    unknown = sorted(set(params) - _PARAMS)
    if unknown:
        raise TournamentError(_("Unknown parameters: %(names)s.") % {"names": ", ".join(unknown)})
    upload, slug = params.get("upload"), params.get("slug")
    name, unlink = params.get("name") or "", params.get("unlink_logins", False)
    if not isinstance(upload, str) or not _UPLOAD_NAME.fullmatch(upload):
        raise TournamentError(_("The job names no uploaded archive."))
    if not isinstance(slug, str) or not slug or not isinstance(name, str):
        raise TournamentError(_("The job names no slug for the restored tournament."))
    return upload, slug, name, bool(unlink)


def archive_restore_check(*, user, tournament: Tournament, params: dict) -> None:
    """Before the job is queued, and again when a worker starts or retries it: the chief
    umpire, the uploaded file still on the server, the slug still free."""
    roles.require(
        policies.may_restore_tournament(user),
        _("Only the chief umpire may restore a tournament's archive."),
    )
    upload, slug, _name, _unlink = _options(params)
    if not default_storage.exists(upload):
        raise TournamentError(
            _("The uploaded archive is no longer on the server: upload it again.")
        )
    archive_restore_slug_check(slug=slug)


def archive_restore_start(
    *,
    tournament: Tournament,
    data: bytes,
    slug: str,
    name: str = "",
    unlink_logins: bool = False,
    user,
) -> Job:
    """Check the upload and queue its restore as `slug` (a job filed under `tournament`, the
    page it was started from). Refused (TournamentError, ArchiveError for the file): nothing
    is kept, no job is created."""
    roles.require(
        policies.may_restore_tournament(user),
        _("Only the chief umpire may restore a tournament's archive."),
    )
    archive_read(data=data)
    archive_restore_slug_check(slug=slug)
    upload = default_storage.save(f"{UPLOAD_DIR}/{uuid.uuid4().hex}.json", ContentFile(data))
    params = {"upload": upload, "slug": slug, "name": name, "unlink_logins": unlink_logins}
    try:
        return job_start(kind=Job.Kind.RESTORE, tournament=tournament, params=params, user=user)
    except BaseException:  # refused, or the database failed: no file is left behind
        default_storage.delete(upload)
        raise


def archive_restore_run(
    *, tournament: Tournament, params: dict, progress: Progress, user=None
) -> None:
    """Run the restore job: read the upload, import it under the new slug (all or nothing),
    say what was restored. The tournament it was started from is not touched."""
    upload, slug, name, unlink_logins = _options(params)
    progress(0, STEPS, _("Reading the archive"))
    _flush(progress)
    try:
        size_check(default_storage.size(upload))
        with default_storage.open(upload, "rb") as handle:
            data = handle.read()
        document = archive_read(data=data)
        del data  # the document alone is kept through the import
        progress(1, STEPS, _("Importing the tournament (all or nothing)"))
        _flush(progress)
        report = import_tournament(
            archive_retarget(document=document, slug=slug, name=name, unlink_logins=unlink_logins)
        )
    except ArchiveError as error:
        default_storage.delete(upload)
        raise ArchiveError(error.message + " " + _("Nothing was imported.")) from error
    default_storage.delete(upload)
    counts = ", ".join(f"{n} {what}" for what, n in report.counts.items())
    message = _("Imported %(slug)s: %(counts)s.") % {
        "slug": report.tournament.slug,
        "counts": counts,
    }
    if report.created_users:
        message += " " + _("Users created inactive, without a password: %(names)s.") % {
            "names": ", ".join(report.created_users)
        }
    progress(STEPS, STEPS, message)


def _flush(progress: Progress) -> None:
    """Shown at once (the import that follows is long and silent), not held back by the
    job's throttle."""
    flush = getattr(progress, "flush", None)
    if flush is not None:
        flush()


def archive_jobs_register() -> None:
    """Register the archive and the restore as kinds of job (from TournamentsConfig.ready)."""
    job_kind_register(Job.Kind.BACKUP, checker=archive_backup_check, runner=archive_backup_run)
    job_kind_register(
        Job.Kind.RESTORE,
        checker=archive_restore_check,
        runner=archive_restore_run,
        quiet_seconds=lambda params: QUIET_SECONDS,
    )
