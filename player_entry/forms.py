"""The hand a player enters on his phone: `form#hand-form` (outcome, winner, discarder,
points, flowers), and the same fields as JSON from the phone's queue."""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Hand
from tournaments.models.play import POSITIONS

MAX_FLOWERS = 8
SEATS = [(position, position) for position in POSITIONS]


class HandEntryForm(forms.Form):
    outcome = forms.ChoiceField(
        label=gettext_lazy("Outcome"),
        choices=[
            (Hand.Outcome.WIN, gettext_lazy("Win")),
            (Hand.Outcome.DRAW, gettext_lazy("Draw (wall exhausted)")),
            (Hand.Outcome.TIME_LIMIT, gettext_lazy("Stopped by the time limit")),
        ],
        widget=forms.RadioSelect,
        initial=Hand.Outcome.WIN,
    )
    winner = forms.ChoiceField(
        label=gettext_lazy("Winner"), choices=SEATS, required=False, widget=forms.RadioSelect
    )
    discarder = forms.ChoiceField(
        label=gettext_lazy("Discarder"),
        choices=[("", gettext_lazy("Self-drawn")), *SEATS],
        required=False,
        widget=forms.RadioSelect,
    )
    points = forms.IntegerField(
        label=gettext_lazy("Points (without flowers)"), min_value=0, max_value=9999, required=False
    )
    flowers = forms.IntegerField(
        label=gettext_lazy("Flowers"), min_value=0, max_value=MAX_FLOWERS, required=False
    )
    # The version of the sheet the phone showed, and the entry's idempotency key.
    version = forms.IntegerField(min_value=0, widget=forms.HiddenInput)
    key = forms.RegexField(regex=r"^[A-Za-z0-9_-]{8,64}$", widget=forms.HiddenInput)

    def clean(self):
        data = super().clean()
        if data.get("outcome") == Hand.Outcome.WIN:
            if not data.get("winner"):
                self.add_error("winner", _("A win needs the winner's seat."))
            if data.get("points") is None:
                self.add_error("points", _("A win needs its points."))
            if data.get("winner") and data.get("winner") == data.get("discarder"):
                self.add_error("discarder", _("The winner did not discard his own winning tile."))
        elif data.get("outcome"):
            for name in ("winner", "discarder", "points"):
                if data.get(name) not in (None, ""):
                    self.add_error(
                        name, _("A draw or a time-limit stop has no winner, discarder or points.")
                    )
        return data

    def entry_data(self) -> dict:
        """The hand as the entry services take it."""
        data = self.cleaned_data
        win = data["outcome"] == Hand.Outcome.WIN
        return {
            "outcome": data["outcome"],
            "winner": data.get("winner") or None if win else None,
            "discarder": (data.get("discarder") or None) if win else None,
            "points": data.get("points") if win else None,
            "flowers": (data.get("flowers") or 0) if win else 0,
        }
