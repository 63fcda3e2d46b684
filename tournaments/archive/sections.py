"""Sections of the archive that apps built on tournaments add (reports: "print_records").

Tournaments never imports those apps: each registers its section from its AppConfig.ready,
and the export and the import call it. A section is one key of the document, a list:

- export(tournament, keys) -> list: its rows as the archive writes them; `keys` holds the
  natural keys already read (`keys.users`: username by id, `keys.sheets`: {"session",
  "table"} by score sheet id).
- restore(archive, tournament) -> None: reads its rows back (after every row of tournaments,
  appeals included) through `archive`, the import under way (`importer._Importer`: `items`,
  `build`, `sheet`, `user`, `create`, `unique`).
- user_keys: the keys of its rows whose values are usernames (listed in the file's "users").
- since: the archive version (schema.VERSION) that first wrote it; a file of an older
  version is read as having none of its rows (restore is not called), a newer one must have
  the list.
"""

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class ArchiveSection:
    name: str
    export: Callable[..., list]
    restore: Callable[..., None]
    user_keys: tuple[str, ...] = ()
    since: int = 1


SECTIONS: dict[str, ArchiveSection] = {}


def archive_section_register(section: ArchiveSection) -> None:
    """Add a section to every export and import (an app's AppConfig.ready calls it)."""
    SECTIONS[section.name] = section
