"""The translation catalogues of the project (`locale/<language>/LC_MESSAGES/django.po`).

The `.po` files are in the repository; the compiled `.mo` files are not. `make demo` and
`make test` compile them with polib, so a fresh machine needs no GNU gettext.
"""

from pathlib import Path

import polib
from django.conf import settings


def catalogues(locale_dir: Path | None = None) -> list[Path]:
    """Every `.po` catalogue of the project, by language."""
    root = Path(locale_dir or settings.LOCALE_PATHS[0])
    return sorted(root.glob("*/LC_MESSAGES/*.po"))


def compile_catalogues(locale_dir: Path | None = None) -> list[Path]:
    """Write the `.mo` of every catalogue; fuzzy and untranslated entries are left out (the
    English text shows), as GNU msgfmt does. Returns the files written."""
    written = []
    for po_path in catalogues(locale_dir):
        mo_path = po_path.with_suffix(".mo")
        polib.pofile(str(po_path)).save_as_mofile(str(mo_path))
        written.append(mo_path)
    return written


# What makemessages reads (Django's keywords for xgettext), in the same notation for Babel.
KEYWORDS = {
    "_": None,
    "gettext": None,
    "gettext_lazy": None,
    "gettext_noop": None,
    "ngettext": (1, 2),
    "ngettext_lazy": (1, 2),
    "pgettext": ((1, "c"), 2),
    "pgettext_lazy": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "npgettext_lazy": ((1, "c"), 2, 3),
}
SOURCE_DIRS = (
    "api",
    "config",
    "desk",
    "federation",
    "player_entry",
    "public",
    "reports",
    "series",
    "templates",
    "tournaments",
    "tournament_stats",
)
TEMPLATE_SUFFIXES = (".html", ".txt")


def _messages_in(path: Path):
    """(context, msgid, plural or None) of every translatable string of one source file."""
    import io

    from babel.messages.extract import extract
    from django.utils.translation.template import templatize

    text = path.read_text(encoding="utf-8")
    if path.suffix in TEMPLATE_SUFFIXES:
        # templatize keeps the template's layout; Python's tokenizer wants no indentation.
        text = "\n".join(line.lstrip() for line in templatize(text, origin=str(path)).splitlines())
    found = extract("python", io.BytesIO(text.encode()), keywords=KEYWORDS)
    for _lineno, message, _comments, context in found:
        singular, plural = (message, None) if isinstance(message, str) else message[:2]
        if singular:
            yield (context or "", singular, plural)


def source_messages(base_dir: Path | None = None) -> set[tuple[str, str, str | None]]:
    """Every translatable string of the project's code and templates, as makemessages finds
    them (without GNU gettext)."""
    base = Path(base_dir or settings.BASE_DIR)
    messages = set()
    for directory in SOURCE_DIRS:
        for path in sorted((base / directory).rglob("*")):
            is_template = path.suffix in TEMPLATE_SUFFIXES and "templates" in path.parts
            if path.suffix == ".py" or is_template:
                messages.update(_messages_in(path))
    return messages


def _placeholders(text: str) -> set[str]:
    """The %-placeholders of a message (`%(name)s`, `%s`, `%d`): a translation keeps them."""
    import re

    return set(re.findall(r"%\([a-z_]+\)[sdfr]|%[sdfr]", text.replace("%%", "")))


def catalogue_problems(po_path: Path, messages: set[tuple[str, str, str | None]]) -> list[str]:
    """What keeps a catalogue from being complete: a message of the code missing from it, an
    entry fuzzy, untranslated or obsolete, a translation that drops or invents a placeholder."""
    catalogue = polib.pofile(str(po_path))
    problems = []
    entries = {}
    for entry in catalogue:
        key = (entry.msgctxt or "", entry.msgid, entry.msgid_plural or None)
        entries[key] = entry
        problems.extend(_entry_problems(entry))
    for context, msgid, _plural in sorted(messages - set(entries), key=str):
        problems.append(f"missing: {msgid!r}" + (f" (context {context!r})" if context else ""))
    return problems


def _entry_problems(entry) -> list[str]:
    label = repr(entry.msgid)
    if entry.obsolete:
        return [f"obsolete: {label}"]
    if "fuzzy" in entry.flags:
        return [f"fuzzy: {label}"]
    translations = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
    if not translations or not all(text.strip() for text in translations):
        return [f"untranslated: {label}"]
    expected = _placeholders(entry.msgid) | _placeholders(entry.msgid_plural or "")
    for text in translations:
        # A plural form for one may leave the count out ("one hand" for "%(n)s hands").
        if _placeholders(text) - expected or (
            not entry.msgid_plural and _placeholders(text) != expected
        ):
            return [f"placeholders differ: {label} -> {text!r}"]
    return []
