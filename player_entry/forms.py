"""The hand a player enters on his phone: `form#hand-form` (outcome, winner, discarder,
points, flowers; in a tiles tournament the tiles, as the umpire's page takes them), and the
same fields as JSON from the phone's queue."""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.admin.forms import TilesHandForm
from tournaments.models import Hand
from tournaments.models.play import POSITIONS

MAX_FLOWERS = 8
SEATS = [(position, position) for position in POSITIONS]


def _outcome_field() -> forms.ChoiceField:
    return forms.ChoiceField(
        label=gettext_lazy("Outcome"),
        choices=[
            (Hand.Outcome.WIN, gettext_lazy("Win")),
            (Hand.Outcome.DRAW, gettext_lazy("Draw (wall exhausted)")),
            (Hand.Outcome.TIME_LIMIT, gettext_lazy("Stopped by the time limit")),
        ],
        widget=forms.RadioSelect,
        initial=Hand.Outcome.WIN,
    )


def _version_field() -> forms.IntegerField:
    """The version of the sheet the phone showed."""
    return forms.IntegerField(min_value=0, widget=forms.HiddenInput)


def _key_field() -> forms.RegexField:
    """The entry's idempotency key."""
    return forms.RegexField(regex=r"^[A-Za-z0-9_-]{8,64}$", widget=forms.HiddenInput)


def _no_winner_message() -> str:
    return _("A draw or a time-limit stop has no winner, discarder or points.")


class HandEntryForm(forms.Form):
    """A points-only tournament's hand."""

    outcome = _outcome_field()
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
    version = _version_field()
    key = _key_field()

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
                    self.add_error(name, _no_winner_message())
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


class TilesEntryForm(TilesHandForm):
    """A tiles tournament's hand: the outcome, the sheet's version and the key as in
    HandEntryForm; a win's winner, discarder and tiles (concealed, winning tile, melds, the
    special wins, flowers) checked by the umpire page's own form, whose `hand_json` makes the
    shared hand format (docs/hand-format.md). A draw or a time-limit stop carries no tiles:
    what the tile fields hold then is ignored. `seats`: the sheet's, as for the umpire's form."""

    outcome = _outcome_field()
    version = _version_field()
    key = _key_field()
    SHARED = ("outcome", "version", "key", "winner", "discarder")

    def __init__(self, data=None, *, seats, **kwargs):
        super().__init__(data, seats=seats, **kwargs)
        self.win = not self.is_bound or self.data.get("outcome") == Hand.Outcome.WIN
        self.fields["winner"].required = self.win
        self.fields["win_tile"].required = self.win
        self.fields["flowers"].required = False  # none when left out

    def clean(self):
        if self.win:
            return super().clean()  # the meld rows; the winner did not discard to himself
        for name in [name for name in self.errors if name not in (*self.SHARED, "__all__")]:
            del self.errors[name]  # the tile fields of a draw: ignored
        data = self.cleaned_data
        if data.get("outcome"):
            for name in ("winner", "discarder"):
                if data.get(name):
                    self.add_error(name, _no_winner_message())
        return data

    def entry_data(self) -> dict:
        """The hand as the entry services take it: a win's tiles in the shared hand format
        (`hand`); its points are the scoring core's."""
        data = self.cleaned_data
        if data["outcome"] != Hand.Outcome.WIN:
            return {
                "outcome": data["outcome"],
                "winner": None,
                "discarder": None,
                "points": None,
                "flowers": 0,
                "hand": None,
            }
        hand = self.hand_json()
        return {
            "outcome": data["outcome"],
            "winner": data["winner"],
            "discarder": data.get("discarder") or None,
            "points": None,
            "flowers": hand["flowers"],
            "hand": hand,
        }
