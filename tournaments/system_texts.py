"""Texts the system writes into the record (issue 27): stored as a code with its parameters,
put into words when shown or printed, in the reader's language.

A history note ("Taken under review by the committee"), a late arrival's nature of the foul
("Arrived 12 minutes after the session started") or the reason a check-in voided a penalty is
kept as a code, never as words of whoever acted: an es or zh form then shows no English.

- `system_text_store(code, **params)` is the stored form: ``⟦code⟧``, or ``⟦code {json}⟧``
  with the parameters as JSON (any text: spaces, unicode, brackets, quotes; numbers stay
  numbers). It is written on one line.
- `system_text(stored)` says a stored code in the active language; any other text (what a
  person typed: a correction's reason, a foul's nature) comes back unchanged, and so does a
  code this version does not know.
- A system text that carries what a person typed ("accepted alone by the chief umpire: <his
  reason>") keeps it as a parameter, shown as typed.
- `system_text_from_words(text)` finds the code of a text written in words before issue 27 (in
  English, Spanish or Chinese), for the data migration 0012.

Every page, endpoint and printed form that shows one of these fields reads it through
`system_text` (in templates: ``{% load system_texts %}`` and ``|system_text``). A printed
form's data keeps the codes (its fingerprint is the same in any language): `reports.printing`
puts them into words just before the layout (`system_texts_in_words`).
"""

import json
import re
from dataclasses import dataclass
from functools import cache

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext, gettext_noop

OPEN, CLOSE = "\u27e6", "\u27e7"  # ⟦ ⟧: never typed by accident, never in the words
_STORED = re.compile(
    rf"\A{OPEN}(?P<code>[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*)(?: (?P<params>\{{.*\}}))?{CLOSE}\Z",
    re.DOTALL,
)
_PLACEHOLDER = re.compile(r"%\((\w+)\)s")


@dataclass(frozen=True)
class SystemText:
    """A text the system writes: its words (a msgid with named %(placeholders)s) and which of
    its parameters are whole numbers (read back as numbers from old words)."""

    msgid: str
    numbers: tuple[str, ...] = ()

    @property
    def params(self) -> tuple[str, ...]:
        return tuple(_PLACEHOLDER.findall(self.msgid))


SYSTEM_TEXTS: dict[str, SystemText] = {
    # Check-in and late arrival (rule 3.11.2): the penalty's nature, and why one is voided.
    "checkin.late": SystemText(
        gettext_noop("Arrived %(minutes)s minutes after the session started (rule 3.11.2)."),
        numbers=("minutes",),
    ),
    "checkin.absent": SystemText(
        gettext_noop("Did not come to the session: the session is lost (rule 3.11.2).")
    ),
    "checkin.time_changed": SystemText(gettext_noop("Check-in time changed")),
    "checkin.start_changed": SystemText(gettext_noop("Session start changed")),
    # Score sheets: their history.
    "sheet.session_ended": SystemText(gettext_noop("The session ended.")),
    "sheet.signed": SystemText(gettext_noop("Signed by the umpire.")),
    "sheet.countersigned": SystemText(gettext_noop("Countersigned by the chief umpire.")),
    "sheet.confirmation_withdrawn": SystemText(
        gettext_noop("Withdrawn: the sheet changed after this confirmation.")
    ),
    "hand.last_removed": SystemText(
        gettext_noop("Removed by the umpire as the last hand entered.")
    ),
    "results.recomputed_issue_25": SystemText(
        gettext_noop("Recomputed under the rules of official results (issue #25, migration 0010).")
    ),
    # Appeals (3.12): their history.
    "appeal.filed_on_paper": SystemText(
        gettext_noop("Written appeal handed in on paper, entered by the chief umpire")
    ),
    "appeal.filed_by_captain": SystemText(gettext_noop("Filed by the team's captain")),
    "appeal.filed_by_player": SystemText(gettext_noop("Filed by the player")),
    "appeal.under_review": SystemText(gettext_noop("Taken under review by the committee")),
    "appeal.upheld": SystemText(gettext_noop("Upheld: fee returned")),
    "appeal.rejected": SystemText(gettext_noop("Rejected: fee forfeited")),
    "appeal.withdrawn": SystemText(gettext_noop("Withdrawn: fee forfeited")),
    # Lots (3.5.1, Appendix 2).
    "lots.player_without_oath": SystemText(
        gettext_noop(
            "Lot drawn without the Player's Oath (Appendix 2), as the organiser confirmed."
        )
    ),
    "lots.drawn_without_oath": SystemText(
        gettext_noop(
            "Lots drawn without the Player's Oath (Appendix 2) of: %(players)s; the organiser "
            "confirmed."
        )
    ),
    # Seating (Appendix 2): a first seat without the Player's Oath.
    "seating.first_seat_without_oath": SystemText(
        gettext_noop(
            "First seat taken without the Player's Oath (Appendix 2), as the organiser confirmed."
        )
    ),
    # The score desk: who keyed a paper sheet (the chief's reason as he typed it).
    "desk.keyed_twice": SystemText(
        gettext_noop(
            "Keyed at the score desk by %(first)s and %(second)s (desk entries %(a)s, %(b)s)."
        ),
        numbers=("a", "b"),
    ),
    "desk.accepted_alone": SystemText(
        gettext_noop(
            "Keyed at the score desk by %(clerk)s (desk entry %(id)s), accepted alone by "
            "%(chief)s: %(reason)s"
        ),
        numbers=("id",),
    ),
}


def system_text_store(code: str, **params) -> str:
    """The stored form of a system text: its code and parameters, in no language. Refuses an
    unknown code or parameters that are not the text's own (a bug, not a user's error)."""
    entry = SYSTEM_TEXTS.get(code)
    if entry is None:
        raise ValueError(f"unknown system text: {code!r}")
    if set(params) != set(entry.params):
        raise ValueError(f"system text {code!r} takes {sorted(entry.params)}, not {sorted(params)}")
    if not params:
        return f"{OPEN}{code}{CLOSE}"
    values = json.dumps(params, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return f"{OPEN}{code} {values}{CLOSE}"


def system_text_parse(stored) -> tuple[str, dict] | None:
    """(code, parameters) of a stored system text; None for anything else (typed text)."""
    if not isinstance(stored, str) or not stored.startswith(OPEN):
        return None
    match = _STORED.match(stored)
    if match is None:
        return None
    params = {}
    if match["params"]:
        try:
            params = json.loads(match["params"])
        except ValueError:
            return None
        if not isinstance(params, dict):
            return None
    return match["code"], params


def is_system_text(text) -> bool:
    return system_text_parse(text) is not None


def system_text(stored):
    """A stored system text in words of the active language; typed text (and anything that
    is not a string: None, a number) unchanged."""
    parsed = system_text_parse(stored)
    if parsed is None:
        return stored
    code, params = parsed
    entry = SYSTEM_TEXTS.get(code)
    if entry is None:  # written by a later version: shown as stored rather than lost
        return stored
    for words in (gettext(entry.msgid), entry.msgid):  # a broken translation: the English
        try:
            return words % params if entry.params else words
        except (KeyError, ValueError, TypeError):
            continue
    return stored


def system_texts_in_words(value):
    """`value` (a form's data: dicts, lists, strings, numbers) with every stored system text in
    words of the active language. The data a fingerprint covers keeps the codes, the same in
    any language; the printed page is laid out from this (reports.printing)."""
    if isinstance(value, dict):
        return {key: system_texts_in_words(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(system_texts_in_words(item) for item in value)
    if isinstance(value, str) and value.startswith(OPEN):  # a sheet's 800 figures: not parsed
        return system_text(value)
    return value


# -- texts written in words before issue 27 (data migration 0012) ----------------------------


def _pattern(words: str) -> re.Pattern:
    """The words of a msgid with each %(name)s a group: the whole text must match."""
    parts = _PLACEHOLDER.split(words)
    regex = "".join(
        re.escape(part) if index % 2 == 0 else f"(?P<{part}>.+?)"
        for index, part in enumerate(parts)
    )
    return re.compile(rf"\A{regex}\Z", re.DOTALL)


@cache
def _patterns(language: str) -> list[tuple[str, re.Pattern]]:
    with translation.override(language):
        return [(code, _pattern(gettext(entry.msgid))) for code, entry in SYSTEM_TEXTS.items()]


def _languages() -> list[str]:
    codes = [code for code, _name in settings.LANGUAGES]
    return ["en", *(code for code in codes if code != "en")]


def system_text_from_words(text) -> str | None:
    """The stored form of a system text written in words (English, or a language of the
    site), parameters read back from them; None when the text is no system text (typed by a
    person) or is already stored as a code."""
    if not isinstance(text, str) or not text or is_system_text(text):
        return None
    for language in _languages():
        for code, pattern in _patterns(language):
            match = pattern.match(text)
            if match is None:
                continue
            entry = SYSTEM_TEXTS[code]
            params = {
                name: int(value) if name in entry.numbers and value.isdigit() else value
                for name, value in match.groupdict().items()
            }
            return system_text_store(code, **params)
    return None


def system_text_in_words(stored, language: str = "en"):
    """A stored system text in words of `language` (the reverse of the migration)."""
    with translation.override(language):
        return system_text(stored)
