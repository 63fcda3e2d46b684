"""The times typed in the admin (a session's planned start and end, its start and end, an
arrival, an appeal handed in) have the browser's date-time picker and say the format a
browser without one takes; both the picker's value and the typed form are read (issue 29)."""

import datetime

import pytest
from django.utils import timezone

from tournaments.admin.appeals import AppealFileForm
from tournaments.admin.datetime_field import LocalDateTimeField
from tournaments.admin.forms import CheckInCorrectionForm, CheckInForm
from tournaments.admin.play import SessionScheduleForm, SessionTimeForm


@pytest.mark.parametrize(
    ("form_class", "name"),
    [
        (SessionScheduleForm, "start"),
        (SessionScheduleForm, "end"),
        (SessionTimeForm, "at"),
        (CheckInForm, "arrived_at"),
        (CheckInCorrectionForm, "arrived_at"),
        (AppealFileForm, "filed_at"),
    ],
)
def test_every_time_the_admin_asks_for_has_the_picker_and_says_its_format(form_class, name):
    field = form_class.base_fields[name]
    assert isinstance(field, LocalDateTimeField)
    assert field.widget.input_type == "datetime-local"
    assert "2026-05-01 09:30" in str(field.help_text)


@pytest.mark.parametrize("typed", ["2026-05-02T10:05", "2026-05-02 10:05", "2026-05-02 10:05:00"])
def test_the_picker_s_value_and_the_typed_form_are_both_read(typed, settings):
    value = LocalDateTimeField().clean(typed)
    expected = datetime.datetime(2026, 5, 2, 10, 5)
    assert timezone.localtime(value).replace(tzinfo=None) == expected


def test_a_time_in_another_format_is_a_form_error_not_a_guess():
    form = SessionScheduleForm({"start": "02/05/2026 10h"})
    assert not form.is_valid()
    assert "start" in form.errors


def test_the_picker_shows_a_stored_time_to_the_minute():
    moment = timezone.make_aware(datetime.datetime(2026, 5, 2, 10, 0, 45))
    html = SessionScheduleForm(initial={"start": moment})["start"].as_widget()
    assert 'value="2026-05-02T10:00"' in html and 'step="60"' in html
