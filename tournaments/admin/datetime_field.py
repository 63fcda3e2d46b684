"""The times an umpire or a director types (a session's start and end, an arrival, an appeal
handed in): the browser's date-time picker, and the format said for a browser without one."""

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

# What the picker posts (and shows): the local date and time to the minute.
PICKER_FORMAT = "%Y-%m-%dT%H:%M"
FORMAT_HINT = _("Local time, as 2026-05-01 09:30.")


class PickerDateTimeInput(forms.DateTimeInput):
    input_type = "datetime-local"

    def __init__(self, attrs=None):
        super().__init__(attrs={"step": 60, **(attrs or {})}, format=PICKER_FORMAT)


class LocalDateTimeField(forms.DateTimeField):
    """A DateTimeField with the picker; its help text ends with the format it takes (the
    picker's, or 2026-05-01 09:30 typed by hand: both are read)."""

    widget = PickerDateTimeInput

    def __init__(self, *, help_text="", **kwargs):
        hint = format_lazy("{} {}", help_text, FORMAT_HINT) if help_text else FORMAT_HINT
        super().__init__(help_text=hint, **kwargs)
