"""Forms of the admin: they only collect and check input; services do the writing."""

import re

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _
from django_countries import countries

from tournaments import policies, scoring_adapter
from tournaments.admin.datetime_field import LocalDateTimeField
from tournaments.models import Appeal, Penalty, Player, Team
from tournaments.models.play import HANDS_PER_SESSION, MAX_FLOWERS
from tournaments.system_texts import system_text
from tournaments.tile_faces import tile_svg

MELD_ROWS = 4
MELD_TYPES = [("", "—"), ("chow", _("Chow")), ("pung", _("Pung")), ("kong", _("Kong"))]
# The tiles' names in the interface's language; codes, order and parsing are the engine's.
SUIT_NAMES = {
    "m": _("Characters"),
    "p": _("Dots"),
    "s": _("Bamboo"),
}
HONOR_NAMES = {
    "1z": _("East"),
    "2z": _("South"),
    "3z": _("West"),
    "4z": _("North"),
    "5z": _("White"),
    "6z": _("Green"),
    "7z": _("Red"),
}


def all_tiles() -> list[dict]:
    """The 34 tiles for the picker: code, readable label, its face (SVG), grouped by suit."""
    return [
        {
            "code": code,
            "label": HONOR_NAMES.get(code) or f"{code[0]} {SUIT_NAMES[code[1]]}",
            "suit": code[1],
            "svg": tile_svg(code),
        }
        for code in scoring_adapter.tile_codes()
    ]


def parse_tiles(text: str) -> list[str]:
    """`123m 4p4p` -> ['1m', '2m', '3m', '4p', '4p']; unreadable tiles are a ValidationError."""
    try:
        return scoring_adapter.read_tiles(text)
    except scoring_adapter.TileTextError:
        raise ValidationError(
            _(
                "Cannot read the tiles %(text)s: write digits then a suit letter m, p, s or z, "
                "e.g. 123m456p11z."
            ),
            params={"text": text},
            code="tile_syntax",
        ) from None


def compact_tiles(tiles: list[str]) -> str:
    """['1m', '3m', '2m', '1z'] -> '123m1z' (suits m, p, s, z; ranks sorted)."""
    return scoring_adapter.tiles_text(tiles)


class TileField(forms.CharField):
    """Tile notation, normalised to the compact form."""

    def __init__(self, *, max_tiles: int, **kwargs):
        self.max_tiles = max_tiles
        kwargs.setdefault("required", False)
        attrs = {
            "class": "tile-field",
            "data-max-tiles": str(max_tiles),
            "autocomplete": "off",
            "autocapitalize": "off",
            "spellcheck": "false",
        }
        kwargs.setdefault("widget", forms.TextInput(attrs=attrs))
        super().__init__(**kwargs)

    def clean(self, value):
        value = super().clean(value)
        tiles = parse_tiles(value)
        if len(tiles) > self.max_tiles:
            raise ValidationError(
                _("At most %(n)s tiles here; %(count)s were given."),
                params={"n": self.max_tiles, "count": len(tiles)},
                code="too_many_tiles",
            )
        return compact_tiles(tiles)


def _seat_choices(seats) -> list[tuple[str, str]]:
    return [(s.position, f"{s.position} — {s.player.name}") for s in seats]


class _SheetForm(forms.Form):
    def __init__(self, *args, seats, **kwargs):
        super().__init__(*args, **kwargs)
        self.seats = list(seats)


class WinnerFields(_SheetForm):
    """Winner and how he won (self-drawn or the discarder)."""

    winner = forms.ChoiceField(label=_("Winner"), widget=forms.RadioSelect)
    discarder = forms.ChoiceField(
        label=_("How won"), widget=forms.RadioSelect, required=False, initial=""
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["winner"].choices = _seat_choices(self.seats)
        self.fields["discarder"].choices = [("", _("Self-drawn"))] + [
            (s.position, _("Discard by %(who)s") % {"who": f"{s.position} — {s.player.name}"})
            for s in self.seats
        ]

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("winner") and cleaned.get("winner") == cleaned.get("discarder"):
            self.add_error("discarder", _("The winner cannot have discarded his own winning tile."))
        return cleaned

    def service_kwargs(self) -> dict:
        return {
            "winner": self.cleaned_data["winner"],
            "discarder": self.cleaned_data.get("discarder") or None,
        }


class TilesHandForm(WinnerFields):
    """A winning hand entered as tiles; builds the shared hand format (hand-format.md)."""

    concealed = TileField(max_tiles=13, label=_("Concealed tiles (without the winning tile)"))
    win_tile = TileField(max_tiles=1, label=_("Winning tile"), required=True)
    last_tile = forms.BooleanField(label=_("Last tile of its kind"), required=False)
    last_wall_tile = forms.BooleanField(label=_("Last tile of the wall"), required=False)
    kong_replacement = forms.BooleanField(label=_("Replacement tile after a kong"), required=False)
    robbing_kong = forms.BooleanField(label=_("Robbing a kong"), required=False)
    flowers = forms.IntegerField(label=_("Flowers"), min_value=0, max_value=MAX_FLOWERS, initial=0)
    FLAGS = ("last_tile", "last_wall_tile", "kong_replacement", "robbing_kong")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for index in range(1, MELD_ROWS + 1):
            self.fields[f"meld{index}_type"] = forms.ChoiceField(
                label=_("Meld %(n)s") % {"n": index}, choices=MELD_TYPES, required=False
            )
            self.fields[f"meld{index}_tiles"] = TileField(
                max_tiles=4, label=_("Tiles of meld %(n)s") % {"n": index}
            )
            self.fields[f"meld{index}_concealed"] = forms.BooleanField(
                label=_("Concealed kong"), required=False
            )

    def meld_rows(self) -> list[dict]:
        return [
            {
                "index": index,
                "type": self[f"meld{index}_type"],
                "tiles": self[f"meld{index}_tiles"],
                "concealed": self[f"meld{index}_concealed"],
            }
            for index in range(1, MELD_ROWS + 1)
        ]

    def flag_fields(self):
        return [self[name] for name in self.FLAGS]

    def clean(self):
        cleaned = super().clean()
        for index in range(1, MELD_ROWS + 1):
            kind = cleaned.get(f"meld{index}_type")
            tiles = cleaned.get(f"meld{index}_tiles")
            if tiles and not kind:
                self.add_error(f"meld{index}_type", _("Choose chow, pung or kong for these tiles."))
            elif kind and not tiles and f"meld{index}_tiles" not in self.errors:
                self.add_error(f"meld{index}_tiles", _("Enter the tiles of this meld."))
        return cleaned

    def hand_json(self) -> dict:
        data = self.cleaned_data
        melds = [
            scoring_adapter.EnteredMeld(
                kind=data[f"meld{index}_type"],
                tiles=data[f"meld{index}_tiles"],
                concealed=bool(data.get(f"meld{index}_concealed")),
            )
            for index in range(1, MELD_ROWS + 1)
            if data.get(f"meld{index}_type")
        ]
        return scoring_adapter.entered_hand(
            concealed=data.get("concealed") or "",
            win_tile=data["win_tile"],
            melds=melds,
            flowers=data.get("flowers") or 0,
            flags={flag: data.get(flag) for flag in self.FLAGS},
        )

    def service_kwargs(self) -> dict:
        return {**super().service_kwargs(), "tiles": self.hand_json()}


class PointsHandForm(WinnerFields):
    """A winning hand entered as points only (tournaments with entry mode "points")."""

    points = forms.IntegerField(label=_("Points (without flowers)"), min_value=0)
    flowers = forms.IntegerField(label=_("Flowers"), min_value=0, max_value=MAX_FLOWERS, initial=0)

    def service_kwargs(self) -> dict:
        return {
            **super().service_kwargs(),
            "points": self.cleaned_data["points"],
            "flowers": self.cleaned_data.get("flowers") or 0,
        }


class PenaltyForm(_SheetForm):
    """A foul at the table (3.11); the points follow from the kind and the record."""

    player = forms.ChoiceField(label=_("Player"))
    kind = forms.ChoiceField(
        label=_("Kind"),
        choices=[c for c in Penalty.Kind.choices if c[0] != Penalty.Kind.LATE_ARRIVAL],
        help_text=_("Late arrival follows from the check-in time: record the arrival below."),
    )
    foul = forms.ChoiceField(
        label=_("Repeated foul"),
        choices=[("", "—"), *Penalty.Foul.choices],
        required=False,
        help_text=_("Each kind has its own scale: a warning, then 5, 10, 20... to each player."),
    )
    amount = forms.IntegerField(
        label=_("Points"),
        required=False,
        min_value=0,
        help_text=_(
            "A deduction: 5, 10, 20, 30, 40, 50 or 60. A revealed tile: 5 to 60 to that player."
        ),
    )
    victim = forms.ChoiceField(label=_("Whose tile was revealed"), required=False)
    invalid_claim = forms.BooleanField(
        label=_("Invalid hand on a discard (False Hu paying 20 to each)"), required=False
    )
    hand_number = forms.IntegerField(
        label=_("Hand"), required=False, min_value=1, max_value=HANDS_PER_SESSION
    )
    reason = forms.CharField(label=_("Nature of the foul"), max_length=300)
    remarks = forms.CharField(
        label=_("Remarks"), required=False, widget=forms.Textarea(attrs={"rows": 2})
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = _seat_choices(self.seats)
        self.fields["victim"].choices = [("", "—"), *_seat_choices(self.seats)]

    def _player(self, position: str) -> Player | None:
        return next((s.player for s in self.seats if s.position == position), None)

    def player_object(self) -> Player:
        return self._player(self.cleaned_data["player"])

    def clean(self):
        cleaned = super().clean()
        kind = cleaned.get("kind")
        if kind == Penalty.Kind.DEDUCTION and cleaned.get("amount") is None:
            self.add_error("amount", _("Enter the points deducted."))
        if kind == Penalty.Kind.REPEATED_FOUL and not cleaned.get("foul"):
            self.add_error("foul", _("Choose which foul was repeated."))
        if kind == Penalty.Kind.REVEALED_TILE and not cleaned.get("victim"):
            self.add_error("victim", _("Choose whose tile was revealed."))
        return cleaned

    def service_kwargs(self) -> dict:
        data = self.cleaned_data
        kind = data["kind"]
        return {
            "player": self.player_object(),
            "kind": kind,
            "reason": data["reason"],
            "foul": (data.get("foul") or "") if kind == Penalty.Kind.REPEATED_FOUL else "",
            "amount": data.get("amount"),
            "victim": self._player(data.get("victim") or ""),
            "invalid_claim": bool(data.get("invalid_claim")),
            "hand_number": data.get("hand_number"),
            "remarks": data.get("remarks") or "",
        }


class SeedForm(forms.Form):
    seed = forms.CharField(
        label=_("Seed"),
        required=False,
        max_length=64,
        help_text=_("Leave empty for a fresh random seed; it is recorded and printed."),
    )


class LotsForm(SeedForm):
    drawn_by = forms.CharField(
        label=_("Lots drawn for absent players"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_(
            "One line per absent player: registration number, colon, the name of the person "
            "the organising committee named to draw for him (rule 3.5.1), e.g. 12: Ana García."
        ),
    )

    def clean_drawn_by(self) -> dict[int, str]:
        drawers: dict[int, str] = {}
        for line in (self.cleaned_data.get("drawn_by") or "").splitlines():
            if not line.strip():
                continue
            number, sep, name = line.partition(":")
            if not sep or not re.fullmatch(r"[0-9]+", number.strip()) or not name.strip():
                raise ValidationError(
                    _("Write each line as NUMBER: NAME, e.g. 12: Ana García (got %(line)s)."),
                    params={"line": line.strip()},
                )
            if int(number) in drawers:
                raise ValidationError(_("Player %(n)s is named twice."), params={"n": int(number)})
            drawers[int(number)] = name.strip()
        return drawers


class SeatingForm(SeedForm):
    time_limit = forms.FloatField(
        label=_("Search time (seconds)"),
        initial=20,
        min_value=0.5,
        max_value=300,
        help_text=_(
            "How long the engine looks for a better chart; it runs in the background and "
            "its page shows the progress."
        ),
    )

    def job_params(self) -> dict:
        """The parameters of the seating job (tournaments.services.seating, seating_job_*)."""
        data = self.cleaned_data
        return {"seed": data.get("seed") or "", "time_limit": data["time_limit"]}


class ReseatForm(SeatingForm):
    from_session = forms.IntegerField(label=_("Re-seat from session"), min_value=1)

    def job_params(self) -> dict:
        return {**super().job_params(), "from_session": self.cleaned_data["from_session"]}


class SeedFinalForm(forms.Form):
    method = forms.ChoiceField(
        label=_("Seeding"),
        choices=[
            ("straight", _("Straight: the top four at table 1, the next four at table 2, …")),
            ("snake", _("Snake: players spread over the tables in bands")),
        ],
    )
    finalists = forms.IntegerField(
        label=_("Players advancing"),
        required=False,
        min_value=4,
        help_text=_("Empty: the tournament's setting."),
    )


class CsvImportForm(forms.Form):
    csv_file = forms.FileField(label=_("CSV file"), required=False)
    csv_text = forms.CharField(
        label=_("…or paste the CSV here"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 12, "cols": 80}),
        help_text=_(
            "Header line: name, native_name, country, club, team, ema_id (only name required). "
            "The country is an ISO 3166-1 code (ES) or its English name; the EMA number has "
            "8 digits."
        ),
    )

    def clean(self):
        cleaned = super().clean()
        upload = cleaned.get("csv_file")
        if upload:
            raw = upload.read()
            try:
                cleaned["text"] = raw.decode("utf-8-sig")
            except UnicodeDecodeError as error:
                raise ValidationError(
                    _(
                        "The file is not UTF-8 text (byte %(byte)s cannot be read); save it as "
                        "CSV in UTF-8 and upload it again."
                    ),
                    params={"byte": error.start + 1},
                    code="not_utf8",
                ) from None
        else:
            cleaned["text"] = cleaned.get("csv_text") or ""
        if not cleaned["text"].strip():
            raise ValidationError(_("Upload a CSV file or paste its text."))
        return cleaned


class SubstituteForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    native_name = forms.CharField(label=_("Name in native script"), max_length=120, required=False)
    country = forms.ChoiceField(
        label=_("Country"), choices=lambda: [("", "---------"), *countries], required=False
    )
    ema_id = forms.RegexField(
        label=_("EMA number"),
        regex=r"^[0-9]{8}\Z",
        required=False,
        error_messages={"invalid": _("An EMA number has 8 digits.")},
    )
    club = forms.CharField(label=_("Club"), max_length=120, required=False)


class UmpireForm(forms.Form):
    umpire = forms.ModelChoiceField(label=_("Umpire"), queryset=None, required=False)

    def __init__(self, *args, **kwargs):

        super().__init__(*args, **kwargs)
        self.fields["umpire"].queryset = policies.assignable_umpires().order_by("username")


class TeamAddForm(forms.ModelForm):
    """Adding a team goes through team_create (duplicate names refused there)."""

    class Meta:
        model = Team
        fields = ["tournament", "name", "country"]


class PlayerAddForm(forms.ModelForm):
    status = forms.ChoiceField(
        label=_("Status"),
        choices=[
            (Player.Status.ACTIVE, Player.Status.ACTIVE.label),
            (Player.Status.SUBSTITUTE, Player.Status.SUBSTITUTE.label),
        ],
    )

    class Meta:
        model = Player
        fields = [
            "tournament",
            "name",
            "native_name",
            "country",
            "ema_id",
            "club",
            "team",
            "status",
        ]

    def clean(self):
        cleaned = super().clean()
        team, tournament = cleaned.get("team"), cleaned.get("tournament")
        if team and tournament and team.tournament_id != tournament.pk:
            self.add_error("team", _("This team belongs to another tournament."))
        return cleaned


__all__ = [
    "MELD_ROWS",
    "CsvImportForm",
    "PenaltyForm",
    "PlayerAddForm",
    "PointsHandForm",
    "ReseatForm",
    "SeedFinalForm",
    "SeatingForm",
    "SeedForm",
    "SubstituteForm",
    "TeamAddForm",
    "TilesHandForm",
    "UmpireForm",
    "all_tiles",
    "compact_tiles",
    "parse_tiles",
]


class CheckInForm(_SheetForm):
    player = forms.ChoiceField(label=_("Player"))
    arrived_at = LocalDateTimeField(
        label=_("Arrived at"),
        required=False,
        help_text=_("Empty: now. Late arrival is measured from the session's start (3.11.2)."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = _seat_choices(self.seats)

    def player_object(self) -> Player:
        position = self.cleaned_data["player"]
        return next(s.player for s in self.seats if s.position == position)


class ReasonField(forms.CharField):
    def __init__(self, **kwargs):
        kwargs.setdefault("label", _("Reason"))
        kwargs.setdefault("widget", forms.Textarea(attrs={"rows": 2}))
        super().__init__(max_length=2000, **kwargs)


class VoidPenaltyForm(forms.Form):
    penalty = forms.ChoiceField(label=_("Penalty"))
    reason = ReasonField()

    def __init__(self, *args, penalties, **kwargs):
        super().__init__(*args, **kwargs)
        self.penalties = {str(p.pk): p for p in penalties if p.voided_at is None}
        self.fields["penalty"].choices = [
            (pk, f"{p.get_kind_display()} — {p.player} ({system_text(p.reason)})")
            for pk, p in self.penalties.items()
        ]

    def penalty_object(self):
        return self.penalties[self.cleaned_data["penalty"]]


# -- the chief umpire's corrections of a signed sheet ----------------------------------------


class _CorrectionForm(forms.Form):
    """What every correction asks last: its reason (required) and the appeal it applies, if
    one (an appeal of this sheet that was not rejected or withdrawn; the service checks it)."""

    reason = ReasonField()
    appeal = forms.ModelChoiceField(
        label=_("Appeal it applies"), queryset=Appeal.objects.none(), required=False
    )

    def __init__(self, *args, appeals=None, **kwargs):
        super().__init__(*args, **kwargs)
        if appeals is not None:
            self.fields["appeal"].queryset = appeals
        last = ("reason", "appeal")
        self.order_fields([name for name in self.fields if name not in last] + list(last))

    def correction_kwargs(self) -> dict:
        return {"reason": self.cleaned_data["reason"], "appeal": self.cleaned_data.get("appeal")}


class VoidPenaltyCorrectionForm(_CorrectionForm, VoidPenaltyForm):
    """Void a penalty of a signed sheet (a correction)."""


class SwapSeatsForm(_CorrectionForm, _SheetForm):
    first = forms.ChoiceField(label=_("Seat"))
    second = forms.ChoiceField(label=_("with seat"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["first"].choices = _seat_choices(self.seats)
        self.fields["second"].choices = _seat_choices(self.seats)


class HandCorrectionForm(_CorrectionForm):
    number = forms.IntegerField(label=_("Hand"), min_value=1, max_value=HANDS_PER_SESSION)
    outcome = forms.ChoiceField(
        label=_("Outcome"), choices=[("win", _("Win")), ("draw", _("Draw (wall exhausted)"))]
    )


class HandRemovalForm(_CorrectionForm):
    """Remove a hand: the later hands move down one number and are rescored (Appendix 4)."""

    number = forms.IntegerField(
        label=_("Hand"),
        min_value=1,
        max_value=HANDS_PER_SESSION,
        help_text=_(
            "The later hands move down one number each and are rescored with that number's "
            "winds and dealer (Appendix 4)."
        ),
    )


class PenaltyCorrectionForm(_CorrectionForm, PenaltyForm):
    """A foul added to a signed sheet: the fields of the umpire's penalty form, its nature
    apart from the correction's reason."""

    nature = forms.CharField(label=_("Nature of the foul"), max_length=300)

    def service_kwargs(self) -> dict:
        return {
            **super().service_kwargs(),
            "nature": self.cleaned_data["nature"],
            **self.correction_kwargs(),
        }


class CheckInCorrectionForm(_CorrectionForm, _SheetForm):
    """A player's arrival changed, or recorded as a no-show; his late-arrival penalty follows
    (rule 3.11.2)."""

    player = forms.ChoiceField(label=_("Player"))
    arrived_at = LocalDateTimeField(label=_("Arrived at"), required=False)
    absent = forms.BooleanField(label=_("absent (did not come)"), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = _seat_choices(self.seats)

    def clean(self):
        cleaned = super().clean()
        absent, arrived_at = cleaned.get("absent"), cleaned.get("arrived_at")
        if absent and arrived_at is not None:
            message = _("A player who did not come has no arrival time: give one or the other.")
            self.add_error("arrived_at", message)
        elif not absent and arrived_at is None and "arrived_at" not in self.errors:
            self.add_error("arrived_at", _("Give the date and time the player arrived."))
        return cleaned

    def service_kwargs(self) -> dict:
        position = self.cleaned_data["player"]
        return {
            "player": next(s.player for s in self.seats if s.position == position),
            "arrived_at": self.cleaned_data.get("arrived_at"),
            "absent": bool(self.cleaned_data.get("absent")),
            **self.correction_kwargs(),
        }


class SubstituteSeatForm(_SheetForm):
    """A registered substitute takes the seat of a player who lost the session (3.11.2)."""

    player = forms.ChoiceField(label=_("Player replaced (lost the session, or disqualified)"))
    substitute = forms.ChoiceField(label=_("Substitute"))
    reason = ReasonField()
    without_oath = forms.BooleanField(
        label=_("Seat him without the Player's Oath"),
        required=False,
        help_text=_(
            "Only if his first seat is refused for the oath (Appendix 2): an organiser or the "
            "chief umpire confirms; noted in his history."
        ),
    )

    def __init__(self, *args, substitutes, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = _seat_choices(self.seats)
        self.substitutes = {str(p.pk): p for p in substitutes}
        self.fields["substitute"].choices = [(pk, p.name) for pk, p in self.substitutes.items()]

    def service_kwargs(self) -> dict:
        position = self.cleaned_data["player"]
        return {
            "player": next(s.player for s in self.seats if s.position == position),
            "substitute": self.substitutes[self.cleaned_data["substitute"]],
            "reason": self.cleaned_data["reason"],
            "without_oath": self.cleaned_data["without_oath"],
        }


class SanctionForm(forms.Form):
    """A sanction on a player (3.11.1, 3.11.4-5, 3.11.6.10), decided by the chief umpire."""

    kind = forms.ChoiceField(label=_("Sanction"), choices=[])
    session = forms.ModelChoiceField(label=_("Session concerned"), queryset=None, required=False)
    reason = ReasonField()

    def __init__(self, *args, tournament, **kwargs):
        from tournaments.models import Sanction, Session

        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = Sanction.Kind.choices
        if tournament is not None:
            self.fields["session"].queryset = tournament.sessions.order_by("number")
        else:  # the player is chosen on the same form: the session is checked against him
            self.fields["session"].queryset = Session.objects.select_related("tournament").order_by(
                "tournament__name", "number"
            )


# -- the chief umpire's correction of a settled registration -------------------------------


class PlayerRegistrationCorrectionForm(forms.Form):
    """A settled player's name, native name, number and team, pre-filled, and the reason
    (tournaments.services.registration_corrections)."""

    name = forms.CharField(label=_("Name"), max_length=120)
    native_name = forms.CharField(label=_("Name in native script"), max_length=120, required=False)
    registration_number = forms.IntegerField(label=_("Registration number"), min_value=1)
    team = forms.ModelChoiceField(label=_("Team"), queryset=Team.objects.none(), required=False)
    reason = ReasonField()

    def __init__(self, *args, player: Player, **kwargs):
        kwargs.setdefault(
            "initial",
            {
                "name": player.name,
                "native_name": player.native_name,
                "registration_number": player.registration_number,
                "team": player.team_id,
            },
        )
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = Team.objects.filter(tournament_id=player.tournament_id)

    def changes(self) -> dict:
        fields = ("name", "native_name", "registration_number", "team")
        return {name: self.cleaned_data[name] for name in fields}


class TeamRegistrationCorrectionForm(forms.Form):
    """A settled team's name, pre-filled, and the reason."""

    name = forms.CharField(label=_("Name"), max_length=120)
    reason = ReasonField()

    def __init__(self, *args, team: Team, **kwargs):
        kwargs.setdefault("initial", {"name": team.name})
        super().__init__(*args, **kwargs)

    def changes(self) -> dict:
        return {"name": self.cleaned_data["name"]}
