"""Texts people type (names, reasons, statements, rulings): what counts as visible.

A text a reader would see nothing of is refused where a text is required: empty, only spaces,
line and paragraph separators, control characters, format characters (zero-width spaces and
joiners, the soft hyphen, bidirectional marks and overrides such as U+202E), private-use or
unassigned characters, combining marks with nothing to combine with, or blank fillers (Hangul
fillers, the blank Braille pattern). Real text that contains such characters next to letters,
digits, punctuation or symbols is accepted as typed.
"""

import unicodedata

from django.utils.translation import gettext as _

from tournaments.errors import TournamentError

# Characters that print as nothing although Unicode calls them letters or symbols (fillers).
BLANK_GLYPHS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def _invisible(char: str) -> bool:
    """Spaces, line and paragraph separators, control, format (zero-width, bidirectional),
    private-use and unassigned characters, and the blank fillers: nothing a reader sees."""
    return unicodedata.category(char)[0] in "CZ" or char in BLANK_GLYPHS


def _shows(char: str) -> bool:
    """A letter, digit, punctuation mark or symbol that prints (a combining mark needs one)."""
    return unicodedata.category(char)[0] in "LNPS" and char not in BLANK_GLYPHS


def has_visible_text(text) -> bool:
    """The text shows at least one character a reader can see."""
    return any(_shows(char) for char in str(text or ""))


def shows_nothing(text) -> bool:
    """Typed (more than spaces) but showing nothing a reader can see: refused where typed,
    also in an optional text (a venue, a club), which would otherwise print as a blank."""
    text = str(text or "")
    return bool(text.strip()) and not has_visible_text(text)


def shows_nothing_message(field) -> str:
    """The refusal of a text that shows nothing, naming its field."""
    return _(
        "The %(field)s shows no visible character: only spaces, zero-width, control or "
        "format characters."
    ) % {"field": field}


def visible_text(text) -> str:
    """`text` without the invisible characters around it (a NUL character stays, to be
    refused); "" when nothing a reader can see is left (only spaces, zero-width, control or
    format characters, or combining marks alone)."""
    text = str(text or "")
    if not has_visible_text(text):
        return ""
    start, end = 0, len(text)
    # A NUL character is not stripped: it is refused (PostgreSQL stores none).
    while start < end and _invisible(text[start]) and text[start] != "\x00":
        start += 1
    while end > start and _invisible(text[end - 1]) and text[end - 1] != "\x00":
        end -= 1
    return text[start:end]


def clean_text(
    text,
    *,
    missing: str,
    field: str,
    max_length: int | None = None,
    invisible: str | None = None,
) -> str:
    """A required text without the invisible characters around it, or TournamentError:
    `missing` when it is empty, `invisible` (default `missing`) when it shows nothing, and a
    message naming `field` when it holds a NUL character (PostgreSQL stores none) or is longer
    than `max_length`."""
    raw = str(text or "")
    cleaned = visible_text(raw)
    if not cleaned:
        raise TournamentError(invisible if raw.strip() and invisible else missing)
    return check_text(cleaned, field=field, max_length=max_length)


def check_text(text: str, *, field: str, max_length: int | None = None) -> str:
    """`text` itself, refused when it holds what no database stores (a NUL character, a lone
    surrogate) or is longer than `max_length`."""
    if "\x00" in text:
        raise TournamentError(
            _("The %(field)s contains a NUL character (\\x00).") % {"field": field}
        )
    _refuse_lone_surrogate(text, field)
    if max_length is not None and len(text) > max_length:
        raise TournamentError(
            _("The %(field)s is longer than %(max)s characters (%(length)s).")
            % {"field": field, "max": max_length, "length": len(text)}
        )
    return text


def _refuse_lone_surrogate(text: str, field: str) -> None:
    """A lone surrogate (U+D800 to U+DFFF, what JSON's `\\ud800` decodes to) is half of a
    character: UTF-8 has no bytes for it, so neither database stores it."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise TournamentError(
            _(
                "The %(field)s contains U+%(code)04X, half of a character (a lone surrogate): "
                "type it again."
            )
            % {"field": field, "code": ord(text[error.start])}
        ) from None
