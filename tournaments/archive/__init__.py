"""The whole tournament as one versioned JSON document, and back (backup and transfer).

`export_tournament(tournament)` → a JSON-ready dict; `dumps(document)` its canonical text;
`load_bytes(data)` (or `load(text)`) + `import_tournament(document)` restore it into a
database without that slug. See `export` for what is (and is not) exported, `reading` for how
a file is read (bounded, before anything is built) and `importer` for how an import checks.
"""

from tournaments.archive.export import export_tournament
from tournaments.archive.importer import ImportReport, import_tournament
from tournaments.archive.reading import load, load_bytes
from tournaments.archive.schema import FORMAT, VERSION, ArchiveError, dumps

__all__ = [
    "FORMAT",
    "VERSION",
    "ArchiveError",
    "ImportReport",
    "dumps",
    "export_tournament",
    "import_tournament",
    "load",
    "load_bytes",
]
