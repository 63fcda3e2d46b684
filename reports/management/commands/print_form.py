"""`manage.py print_form KIND SLUG [--session N] [--table T] [--appeal ID] [--lang L] -o FILE`.

A contract for scripts: the kinds and options are fixed; a bad argument exits non-zero with a
message and writes nothing.
"""

import os
import sys
import tempfile
from pathlib import Path

from django.conf import settings
from django.core.management.base import CommandError
from django.utils import translation
from django.utils.translation import gettext as _

from reports.printing import KIND_NAMES, PrintRequest, print_form
from tournaments.management.commands._base import TournamentCommand


class Command(TournamentCommand):
    help = _("Print a form of a tournament to a PDF (or every form to a zip with KIND all).")

    def add_arguments(self, parser):
        parser.add_argument("kind", choices=KIND_NAMES, help=_("the form to print"))
        super().add_arguments(parser)
        parser.add_argument("--session", type=int, help=_("session number"))
        parser.add_argument("--table", type=int, help=_("table number (needs --session)"))
        parser.add_argument("--appeal", type=int, help=_("appeal id (for KIND appeal)"))
        parser.add_argument(
            "--lang",
            choices=[code for code, _name in settings.LANGUAGES],
            default=settings.LANGUAGE_CODE,
            help=_("the language of the form"),
        )
        parser.add_argument(
            "-o", "--output", required=True, help=_("the file to write ('-' for stdout)")
        )

    def handle(self, *args, **options):
        self._check_output(options["output"])
        tournament = self.tournament(options["slug"])
        request = PrintRequest(
            tournament=tournament,
            session=options["session"],
            table=options["table"],
            appeal=options["appeal"],
        )
        with translation.override(options["lang"]):
            _name, content = print_form(kind=options["kind"], request=request)
        self._write(options["output"], content)

    @staticmethod
    def _check_output(output: str) -> None:
        """Before any work: a target that cannot be written is refused at once."""
        if output == "-":
            return
        target = Path(output)
        try:
            if target.is_dir():
                raise CommandError(_("%(path)s is a directory; name a file.") % {"path": target})
            if not target.parent.is_dir():
                raise CommandError(_("No such directory: %(dir)s") % {"dir": target.parent})
            # The directory must take a new file: read-only, full or not ours is refused now.
            handle, probe = tempfile.mkstemp(dir=target.parent, prefix=".print-")
            os.close(handle)
            Path(probe).unlink()
        except OSError as error:
            raise _cannot_write(target, error) from None

    def _write(self, output: str, content: bytes) -> None:
        if output == "-":
            sys.stdout.buffer.write(content)
            sys.stdout.buffer.flush()
            return
        target = Path(output)
        # Written beside the target, then moved into place: never a half-written file.
        try:
            handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=".print-")
        except OSError as error:
            raise _cannot_write(target, error) from None
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(content)
            os.chmod(temporary, 0o666 & ~_umask())  # as an ordinary new file, not mkstemp's 0600
            os.replace(temporary, target)
        except BaseException as error:
            Path(temporary).unlink(missing_ok=True)
            if isinstance(error, OSError):
                raise _cannot_write(target, error) from None
            raise
        self.stderr.write(
            _("Wrote %(path)s (%(size)s bytes)") % {"path": target, "size": len(content)}
        )


def _cannot_write(target: Path, error: OSError) -> CommandError:
    return CommandError(
        _("Cannot write %(path)s: %(reason)s. Nothing was written.")
        % {"path": target, "reason": error.strerror or error}
    )


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
