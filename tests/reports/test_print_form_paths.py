"""`print_form -o FILE` to a place it cannot write exits 1 with a message naming the path,
before any work, and never leaves a half-written file."""

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

import reports.management.commands.print_form as print_form_command

ROOT = Path(__file__).resolve().parents[2]
# sysfs takes no new file, not even from root (who writes in a chmod-ed directory anyway).
READ_ONLY_DIRECTORY = Path("/sys")


def print_form(output: Path, tmp_path: Path) -> subprocess.CompletedProcess:
    """The command as a script runs it; the output is checked before the tournament is read,
    so no database is needed."""
    env = {**os.environ, "MCR_VAR_DIR": str(tmp_path / "var")}
    return subprocess.run(
        [sys.executable, "manage.py", "print_form", "chart", "any-slug", "-o", str(output)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.slow  # starts print_form as a command
@pytest.mark.parametrize(
    ("where", "message"),
    [
        ("missing", "No such directory: {parent}"),
        ("directory", "{output} is a directory; name a file."),
        ("read-only", "Cannot write {output}: "),
    ],
)
def test_an_output_it_cannot_write_exits_1_with_a_message_and_writes_nothing(
    where, message, tmp_path
):
    output = {
        "missing": tmp_path / "no-such-folder" / "chart.pdf",
        "directory": tmp_path,
        "read-only": READ_ONLY_DIRECTORY / "mcr-chart.pdf",
    }[where]
    assert output.parent.is_dir() or where == "missing"
    result = print_form(output, tmp_path)
    assert result.returncode == 1, result.stderr
    assert message.format(output=output, parent=output.parent) in result.stderr, result.stderr
    assert "Traceback" not in result.stderr, result.stderr
    if where != "directory":
        assert not output.exists()


@pytest.mark.django_db
def test_a_write_that_fails_midway_is_refused_with_a_message_and_leaves_no_file(
    table_session, tmp_path, monkeypatch
):
    def disk_full(source, target):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    output = tmp_path / "chart.pdf"
    slug = table_session.session.tournament.slug
    monkeypatch.setattr(print_form_command.os, "replace", disk_full)
    with pytest.raises(CommandError) as refused:
        call_command("print_form", "chart", slug, "-o", str(output))
    assert str(refused.value) == (
        f"Cannot write {output}: No space left on device. Nothing was written."
    )
    assert list(tmp_path.iterdir()) == []  # neither the file nor its temporary copy
