"""The score sheet page: each POST action of the sheet calls one service.

Every form on the page carries the sheet's version as the user saw it; a write against a
sheet changed since is refused by the service ("this sheet changed since you opened it").
"""

from django.contrib import messages
from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import policies, seating_adapter
from tournaments.admin.base import add_error, render, report_error
from tournaments.admin.extensions import sheet_panels_html
from tournaments.admin.forms import (
    CheckInCorrectionForm,
    CheckInForm,
    HandCorrectionForm,
    HandRemovalForm,
    PenaltyCorrectionForm,
    PenaltyForm,
    PointsHandForm,
    SubstituteSeatForm,
    SwapSeatsForm,
    TilesHandForm,
    VoidPenaltyCorrectionForm,
    VoidPenaltyForm,
    all_tiles,
)
from tournaments.display import wind_name
from tournaments.errors import TournamentError
from tournaments.fans import fan_name
from tournaments.models import Appeal, Hand, Player, TableSession, Tournament
from tournaments.models.play import POSITIONS
from tournaments.selectors import eligibility
from tournaments.selectors.audit_sentences import sheet_correction_lines
from tournaments.selectors.scoresheet import scoresheet_compute
from tournaments.selectors.session_time import time_limit_message, time_limit_passed
from tournaments.selectors.standings import points_value
from tournaments.services import corrections, signoff
from tournaments.services.actions import sheet_actions
from tournaments.services.hands import hand_preview, hand_record_no_win, hand_record_win
from tournaments.services.sheets import SheetChanged, sheet_is_locked


def posted_int(request, name: str) -> int | None:
    try:
        return int(request.POST[name])
    except (KeyError, ValueError):
        return None


def hand_label(number: int) -> str:
    """ "Hand 5 — South round, dealer B": the winds come from the hand number (Appendix 4)."""
    winds = seating_adapter.hand_winds(number)
    return _("Hand %(n)s — %(wind)s round, dealer %(dealer)s") % {
        "n": number,
        "wind": wind_name(winds.prevalent_wind),
        "dealer": winds.dealer_position,
    }


def preview_context(preview, sheet) -> dict:
    names = {seat.position: seat.player.name for seat in sheet.seats}
    return {
        "preview": preview,
        "explanation": preview.explanation,
        "seat_wind": wind_name(preview.winner_seat_wind),
        "prevalent_wind": wind_name(preview.prevalent_wind),
        "fans": [
            {
                **fan,
                "name": fan_name(fan.get("id"), fan.get("name", "")),
                "subtotal": fan["points"] * fan.get("count", 1),
            }
            for fan in preview.fans
        ],
        "payments": [
            (position, names.get(position, ""), preview.payments.get(position, 0))
            for position in POSITIONS
        ],
    }


class SheetPage:
    """One request on one score sheet: its forms, the action posted, the page."""

    def __init__(self, model_admin, request, table_session: TableSession):
        self.model_admin, self.request, self.table_session = model_admin, request, table_session
        self.user = request.user
        self.sheet = scoresheet_compute(table_session=table_session)
        self.tournament = table_session.session.tournament
        self.points_mode = self.tournament.entry_mode == Tournament.EntryMode.POINTS_ONLY
        self.action = request.POST.get("action") if request.method == "POST" else None
        self.version = posted_int(request, "version") if request.method == "POST" else None
        self.preview = None
        self.confirm_no_win = None  # a draw or time-limit stop waiting for "Yes, record it"
        seats = self.sheet.seats
        hand_class = PointsHandForm if self.points_mode else TilesHandForm
        self.hand_form = hand_class(self._data("preview", "save"), seats=seats, prefix="hand")
        self.penalty_form = PenaltyForm(
            self._data("penalty"),
            seats=seats,
            prefix="penalty",
            initial={"hand_number": self.sheet.hands_entered or None},
        )
        # Players are expected at the start: the arrival time defaults to the session's
        # recorded start; "Arrived now" records the time of the tap (3.11.2).
        self.checkin_form = CheckInForm(
            self._data("checkin", "checkin_now", "checkin_absent"),
            seats=seats,
            prefix="checkin",
            initial={"arrived_at": self._local(table_session.session.actual_start)},
        )
        # Once signed, voiding a penalty is a correction: it asks for the appeal it applies too.
        appeals = {"appeals": self._appeals()}
        locked = sheet_is_locked(self.table_session)
        void_options = appeals if locked else {}
        void_class = VoidPenaltyCorrectionForm if locked else VoidPenaltyForm
        self.void_form = void_class(
            self._data("void_penalty"),
            penalties=[line.penalty for line in self.sheet.penalties],
            prefix="void",
            **void_options,
        )
        self.swap_form = SwapSeatsForm(
            self._data("swap_seats"), seats=seats, prefix="swap", **appeals
        )
        self.fix_form = HandCorrectionForm(self._data("fix_hand"), prefix="fix", **appeals)
        self.fix_hand_form = hand_class(self._data("fix_hand"), seats=seats, prefix="fixhand")
        self.remove_form = HandRemovalForm(self._data("remove_hand"), prefix="remove", **appeals)
        self.add_penalty_form = PenaltyCorrectionForm(
            self._data("add_penalty"), seats=seats, prefix="addpenalty", **appeals
        )
        self.fix_checkin_form = CheckInCorrectionForm(
            self._data("fix_checkin"), seats=seats, prefix="fixcheckin", **appeals
        )
        self.substitute_form = SubstituteSeatForm(
            self._data("substitute"),
            seats=seats,
            substitutes=self._free_substitutes() if self._someone_lost() else [],
            prefix="sub",
        )

    @staticmethod
    def _local(moment):
        return timezone.localtime(moment) if moment is not None else None

    def _appeals(self):
        """The appeals of this sheet a correction may apply (not rejected nor withdrawn)."""
        closed = (Appeal.Status.REJECTED, Appeal.Status.WITHDRAWN)
        return Appeal.objects.filter(table_session=self.table_session).exclude(status__in=closed)

    def _someone_lost(self) -> bool:
        """A seat a substitute may take: its player lost the session (3.11.2), or is
        disqualified or excluded (3.11.4-5)."""
        if any(line.forfeited and not line.penalty.voided for line in self.sheet.penalties):
            return True
        seated = Player.objects.filter(pk__in=[seat.player.pk for seat in self.sheet.seats])
        return eligibility.barred_players(seated).exists()

    def _free_substitutes(self) -> list:
        seated = self.table_session.session.seats.values("player_id")
        return list(
            self.tournament.players.filter(status=Player.Status.SUBSTITUTE)
            .exclude(pk__in=seated)
            .order_by("registration_number")
        )

    def _data(self, *actions):
        return self.request.POST if self.action in actions else None

    def _sheet_url(self) -> str:
        return reverse("admin:tournaments_tablesession_change", args=[self.table_session.pk])

    def _done(self, message: str):
        messages.success(self.request, message)
        return HttpResponseRedirect(self._sheet_url())

    def _refused(self, error: TournamentError, form=None):
        # A refusal of the sheet's state or of the user's role concerns no field of the form
        # (which the page may no longer show): it is a message on the sheet.
        if form is None or error.code in ("locked", "forbidden", "conflict"):
            report_error(self.request, error)
            return HttpResponseRedirect(self._sheet_url())
        add_error(form, error)
        return None

    # -- actions ---------------------------------------------------------------------------

    def handle(self, action: str):
        if action and action != "preview" and self.version is None:
            return self._refused(SheetChanged())
        handler = {
            "preview": self.hand,
            "save": self.hand,
            Hand.Outcome.DRAW: self.no_win,
            Hand.Outcome.TIME_LIMIT: self.no_win,
            "penalty": self.penalty,
            "checkin": self.checkin,
            "checkin_now": self.checkin,
            "checkin_absent": self.checkin,
            "confirm": self.confirm,
            "sign": self.sign,
            "countersign": self.countersign,
            "void_penalty": self.void_penalty,
            "swap_seats": self.swap_seats,
            "fix_hand": self.fix_hand,
            "remove_hand": self.remove_hand,
            "add_penalty": self.add_penalty,
            "fix_checkin": self.fix_checkin,
            "substitute": self.substitute,
        }.get(action)
        return handler() if handler else None

    def hand(self):
        if not self.hand_form.is_valid():
            return None
        kwargs = self.hand_form.service_kwargs()
        try:
            if self.action == "preview":
                self.preview = hand_preview(table_session=self.table_session, **kwargs)
                return None
            hand = hand_record_win(
                table_session=self.table_session,
                expected_version=self.version,
                user=self.user,
                **kwargs,
            )
        except TournamentError as error:
            return self._refused(error, self.hand_form)
        return self._done(
            _("Hand %(n)s recorded: %(who)s wins %(total)s points.")
            % {"n": hand.number, "who": hand.winner_position, "total": hand.total}
        )

    def no_win(self):
        if self.request.POST.get("confirm") != "yes":
            # One tap on "Draw" or "Time limit" asks first: the page shows what it would record.
            self.confirm_no_win = Hand.Outcome(self.action)
            return None
        try:
            hand = hand_record_no_win(
                table_session=self.table_session,
                outcome=self.action,
                expected_version=self.version,
                user=self.user,
            )
        except TournamentError as error:
            return self._refused(error)
        return self._done(
            _("Hand %(n)s recorded: %(outcome)s.")
            % {"n": hand.number, "outcome": hand.get_outcome_display()}
        )

    def penalty(self):
        from tournaments.services.penalties import penalty_record, penalty_summary

        if not self.penalty_form.is_valid():
            return None
        try:
            penalty = penalty_record(
                table_session=self.table_session,
                expected_version=self.version,
                user=self.user,
                **self.penalty_form.service_kwargs(),
            )
        except TournamentError as error:
            return self._refused(error, self.penalty_form)
        return self._done(_("Penalty recorded: %(p)s.") % {"p": penalty_summary(penalty)})

    def checkin(self):
        from tournaments.services.checkin import checkin_record

        if not self.checkin_form.is_valid():
            return None
        player = self.checkin_form.player_object()
        absent = self.action == "checkin_absent"
        arrived_at = self.checkin_form.cleaned_data["arrived_at"]
        if absent:
            arrived_at = None  # a no-show has no arrival time (3.11.2)
        elif self.action == "checkin_now" or arrived_at is None:
            arrived_at = timezone.now()
        try:
            checkin_record(
                session=self.table_session.session,
                player=player,
                arrived_at=arrived_at,
                absent=absent,
                expected_version=self.version,
                user=self.user,
            )
        except TournamentError as error:
            return self._refused(error, self.checkin_form)
        if absent:
            return self._done(
                _("%(p)s did not come: the session is lost and the seat is free for a substitute.")
                % {"p": player}
            )
        return self._done(_("Arrival of %(p)s recorded.") % {"p": player})

    def substitute(self):
        from tournaments.services.checkin import seat_replace_with_substitute

        if not self.substitute_form.is_valid():
            return None
        kwargs = self.substitute_form.service_kwargs()
        try:
            seat_replace_with_substitute(
                table_session=self.table_session,
                expected_version=self.version,
                user=self.user,
                **kwargs,
            )
        except TournamentError as error:
            return self._refused(error, self.substitute_form)
        return self._done(
            _("%(sub)s takes the seat of %(player)s.")
            % {"sub": kwargs["substitute"], "player": kwargs["player"]}
        )

    def confirm(self):
        seat = next(
            (s for s in self.sheet.seats if s.position == self.request.POST.get("seat")), None
        )
        if seat is None:
            return self._refused(TournamentError(_("Choose a seat of this table.")))
        try:
            signoff.sheet_confirm_player(
                table_session=self.table_session,
                player=seat.player,
                expected_version=self.version,
                user=self.user,
            )
        except TournamentError as error:
            return self._refused(error)
        return self._done(_("%(p)s confirmed the sheet.") % {"p": seat.player})

    def sign(self):
        try:
            signoff.sheet_sign(
                table_session=self.table_session, expected_version=self.version, user=self.user
            )
        except TournamentError as error:
            return self._refused(error)
        return self._done(_("The sheet is signed and locked."))

    def countersign(self):
        try:
            signoff.sheet_countersign(
                table_session=self.table_session, expected_version=self.version, user=self.user
            )
        except TournamentError as error:
            return self._refused(error)
        return self._done(_("The sheet is countersigned: its results are final."))

    def void_penalty(self):
        """Before the umpire signs, he voids a penalty himself; after, only a correction."""
        from tournaments.services.penalties import penalty_void

        if not self.void_form.is_valid():
            return None
        locked = sheet_is_locked(self.table_session)
        service = corrections.correction_penalty_void if locked else penalty_void
        options = {"appeal": self.void_form.cleaned_data.get("appeal")} if locked else {}
        try:
            service(
                penalty=self.void_form.penalty_object(),
                reason=self.void_form.cleaned_data["reason"],
                expected_version=self.version,
                user=self.user,
                **options,
            )
        except TournamentError as error:
            return self._refused(error, self.void_form)
        if locked:
            return self._done(_("Correction recorded: the penalty is void."))
        return self._done(_("The penalty is void; it stays on the Record of Fouls."))

    def _time_warning(self) -> str:
        """The time limit passed and the session runs on (3.5.6): the gong is the chief
        umpire's, the page only says so."""
        minutes = time_limit_passed(self.table_session.session, timezone.now())
        return time_limit_message(minutes) if minutes is not None else ""

    def _print_url(self) -> str | None:
        """This sheet as the official printed form (Appendix 5), for those who print."""
        if not policies.may_print(self.request.user, "scoresheet"):
            return None
        sheet = self.table_session
        url = reverse("print-now", args=[self.tournament.pk, "scoresheet"])
        return f"{url}?session={sheet.session.number}&table={sheet.table.number}"

    def swap_seats(self):
        if not self.swap_form.is_valid():
            return None
        data = self.swap_form.cleaned_data
        try:
            corrections.correction_seats_swap(
                table_session=self.table_session,
                first=data["first"],
                second=data["second"],
                expected_version=self.version,
                user=self.user,
                **self.swap_form.correction_kwargs(),
            )
        except TournamentError as error:
            return self._refused(error, self.swap_form)
        return self._done(_("Correction recorded: seats swapped."))

    def fix_hand(self):
        if not self.fix_form.is_valid():
            return None
        data = self.fix_form.cleaned_data
        hand = self.table_session.hands.filter(number=data["number"]).first()
        if hand is None:
            self.fix_form.add_error("number", _("This sheet has no such hand."))
            return None
        kwargs = {}
        if data["outcome"] == Hand.Outcome.WIN:
            if not self.fix_hand_form.is_valid():
                return None
            kwargs = self.fix_hand_form.service_kwargs()
        try:
            corrections.correction_hand_replace(
                hand=hand,
                outcome=data["outcome"],
                expected_version=self.version,
                user=self.user,
                **self.fix_form.correction_kwargs(),
                **kwargs,
            )
        except TournamentError as error:
            return self._refused(error, self.fix_form)
        return self._done(_("Correction recorded: hand %(n)s replaced.") % {"n": hand.number})

    def remove_hand(self):
        if not self.remove_form.is_valid():
            return None
        try:
            correction = corrections.correction_hand_remove(
                table_session=self.table_session,
                number=self.remove_form.cleaned_data["number"],
                expected_version=self.version,
                user=self.user,
                **self.remove_form.correction_kwargs(),
            )
        except TournamentError as error:
            return self._refused(error, self.remove_form)
        return self._done(
            _("Correction recorded: %(what)s")
            % {"what": corrections.correction_summary(correction)}
        )

    def add_penalty(self):
        from tournaments.services.penalties import penalty_summary

        if not self.add_penalty_form.is_valid():
            return None
        try:
            correction = corrections.correction_penalty_add(
                table_session=self.table_session,
                expected_version=self.version,
                user=self.user,
                **self.add_penalty_form.service_kwargs(),
            )
        except TournamentError as error:
            return self._refused(error, self.add_penalty_form)
        penalty = self.table_session.penalties.get(pk=correction.after["penalty"])
        return self._done(_("Correction recorded: %(what)s") % {"what": penalty_summary(penalty)})

    def fix_checkin(self):
        if not self.fix_checkin_form.is_valid():
            return None
        try:
            corrections.correction_check_in(
                table_session=self.table_session,
                expected_version=self.version,
                user=self.user,
                **self.fix_checkin_form.service_kwargs(),
            )
        except TournamentError as error:
            return self._refused(error, self.fix_checkin_form)
        return self._done(_("Correction recorded: the check-in is changed."))

    # -- the page --------------------------------------------------------------------------

    def render(self):
        sheet, user = self.sheet, self.user
        status = self.table_session.status
        return render(
            self.model_admin,
            self.request,
            "admin/tournaments/tablesession/scoresheet.html",
            {
                "sheet": sheet,
                "tournament": self.tournament,
                "positions": POSITIONS,
                "hand_form": self.hand_form,
                "points_mode": self.points_mode,
                "penalty_form": self.penalty_form,
                "checkin_form": self.checkin_form,
                "substitute_form": self.substitute_form if self._someone_lost() else None,
                "void_form": self.void_form,
                "swap_form": self.swap_form,
                "fix_hand_form": self.fix_hand_form,
                "correction_forms": [
                    (self.fix_form, "fix_hand", _("Replace a hand")),
                    (self.remove_form, "remove_hand", _("Remove a hand")),
                    (self.add_penalty_form, "add_penalty", _("Add a penalty")),
                    (self.void_form, "void_penalty", _("Void a penalty")),
                    (self.fix_checkin_form, "fix_checkin", _("Change a check-in")),
                    (self.swap_form, "swap_seats", _("Swap two players' seats")),
                ],
                "corrections": sheet_correction_lines(
                    table_session=self.table_session, corrections=sheet.corrections
                ),
                "version": self.table_session.version,
                "session_started": self.table_session.session.actual_start is not None,
                "time_warning": self._time_warning(),
                "is_open": status == TableSession.Status.OPEN,
                "is_locked": sheet_is_locked(self.table_session),
                "print_url": self._print_url(),
                "actions": sheet_actions(user=user, sheet=self.table_session),
                "panels_html": sheet_panels_html(self.request, self.table_session),
                "finished": self.tournament.status == Tournament.Status.FINISHED,
                "preview": preview_context(self.preview, sheet) if self.preview else None,
                "next_label": hand_label(sheet.next_number) if sheet.next_number else "",
                "confirm_no_win": self.confirm_no_win,
                "tiles": all_tiles(),
                "has_change_permission": True,
                "results": [
                    (seat, points_value(seat.table_points) if seat.table_points is not None else "")
                    for seat in sheet.seats
                ],
            },
            obj=self.table_session,
            title=_("Score sheet — %(sheet)s") % {"sheet": self.table_session},
        )
