"""A player's own pages: his results, his score sheets and their confirmation, his appeals;
a team's captain also reads his team's results and appeals on their behalf.

Issue 12: a player and a team's captain "read their own results, confirm their sheets, file
appeals"; a player's confirmation of his sheet may be "recorded ... by the player on his own
login" (3.9.2, Appendix 5); the player concerned or his captain appeals (3.12.1).

Who may do what is enforced by the services; these pages show a login only its own player's
sheets (404 for any other) and turn every refusal into a message on the page.
"""

from dataclasses import dataclass, field
from datetime import datetime

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Case, Q, When
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import policies, roles
from tournaments.errors import TournamentError
from tournaments.models import (
    Appeal,
    Hand,
    Penalty,
    Player,
    Seat,
    Session,
    SessionResult,
    SheetConfirmation,
    TableSession,
    Tournament,
)
from tournaments.models.play import POSITIONS
from tournaments.selectors.appeals import appeal_deadline, appeals_for, local_time
from tournaments.selectors.scoresheet import scoresheet_compute
from tournaments.selectors.standings import (
    PlayerRow,
    points_value,
    result_is_provisional,
    standings_compute,
)
from tournaments.services.actions import player_may_confirm
from tournaments.services.appeals import appeal_file, appeal_window_refusal
from tournaments.services.signoff import sheet_confirm_player
from tournaments.system_texts import system_text

TEMPLATES = "tournaments/player/"


@dataclass
class SessionRow:
    """One session of one player: where he sat, his result, his sheet's state."""

    seat: Seat
    result: SessionResult | None
    confirmed: bool
    replaced: bool  # he lost the session (late arrival) and a substitute took his seat
    now: datetime

    @property
    def session(self) -> Session:
        return self.seat.session

    @property
    def sheet(self) -> TableSession:
        return self.seat.table_session

    @property
    def provisional(self) -> bool:
        """His result here may still change: the sheet is not signed by its umpire."""
        return result_is_provisional(self.sheet.status)

    @property
    def table_points(self):
        return points_value(self.result.table_points) if self.result else None

    @property
    def can_confirm(self) -> bool:
        return not self.confirmed and not self.replaced and player_may_confirm(self.sheet)

    @property
    def appeal_deadline(self) -> str | None:
        deadline = appeal_deadline(self.session)
        return local_time(deadline) if deadline else None

    @property
    def appeal_open(self) -> bool:
        """Started, and not more than 30 minutes past its end (rule 3.12.2)."""
        return appeal_window_refusal(self.session, self.now) is None


@dataclass
class PlayerResults:
    player: Player
    standing: PlayerRow | None
    rows: list[SessionRow]

    @property
    def table_points(self):
        return points_value(self.standing.table_points) if self.standing else None


@dataclass
class TournamentPage:
    tournament: Tournament
    me: PlayerResults
    appeals: list[Appeal]
    is_captain: bool
    team: list[PlayerResults] = field(default_factory=list)
    standings_held: bool = False  # he reads his own row of the standings only


def _session_rows(players: list[Player]) -> dict[int, list[SessionRow]]:
    """Each player's sessions, in order: his seat (or the seat he lost), result, confirmation."""
    ids = [p.pk for p in players]
    rows: dict[int, list[SessionRow]] = {pk: [] for pk in ids}
    seats = (
        Seat.objects.filter(Q(player_id__in=ids) | Q(replaced_player_id__in=ids))
        .select_related("session", "table_session__table")
        .order_by("session__number")
    )
    results = {
        (r.player_id, r.session_id): r for r in SessionResult.objects.filter(player_id__in=ids)
    }
    confirmed = set(
        SheetConfirmation.objects.filter(player_id__in=ids).values_list(
            "player_id", "table_session_id"
        )
    )
    now = timezone.now()
    for seat in seats:
        for pk, replaced in ((seat.player_id, False), (seat.replaced_player_id, True)):
            if pk in rows:
                rows[pk].append(
                    SessionRow(
                        seat=seat,
                        result=results.get((pk, seat.session_id)),
                        confirmed=(pk, seat.table_session_id) in confirmed,
                        replaced=replaced,
                        now=now,
                    )
                )
    return rows


def _tournament_page(user, tournament: Tournament, me: Player) -> TournamentPage:
    is_captain = policies.is_captain(user, me)
    members = [me]
    if is_captain:
        members += list(
            me.team.members.exclude(pk=me.pk).order_by("lot_number", "registration_number")
        )
    rows = _session_rows(members)
    standings = _readable_rows(user, tournament, members)
    results = [PlayerResults(p, standings.get(p.pk), rows[p.pk]) for p in members]
    return TournamentPage(
        tournament=tournament,
        me=results[0],
        appeals=list(appeals_for(tournament=tournament, user=user)),
        is_captain=is_captain,
        team=results[1:],
        standings_held=not policies.may_read_standings(user, tournament),
    )


def _readable_rows(user, tournament: Tournament, members: list[Player]) -> dict[int, PlayerRow]:
    """The live standings' rows of these players that this login may read, by player id:
    while the director holds the standings back, his own only (may_read_standings)."""
    readable = {p.pk for p in members if policies.may_read_standings(user, tournament, player=p)}
    if not readable:
        return {}
    live = standings_compute(tournament=tournament, live=True)
    return {row.player_id: row for row in live.players if row.player_id in readable}


def _no_player(request, tournament: Tournament | None = None) -> HttpResponse:
    """A login without a player record (an umpire, an organiser...): say so, with a way on."""
    return render(request, TEMPLATES + "no_player.html", {"tournament": tournament})


@login_required
def home(request):
    """Every tournament in which this login is a player: results, sheets, appeals."""
    tournaments = Tournament.objects.filter(players__user=request.user).distinct()
    pages = []
    for tournament in tournaments.order_by("-start_date", "name"):
        me = roles.player_of(request.user, tournament)
        if me is not None:
            pages.append(_tournament_page(request.user, tournament, me))
    if not pages:
        return _no_player(request)
    return render(request, TEMPLATES + "home.html", {"pages": pages})


def _own_sheet(user, sheet_id: int) -> tuple[TableSession, Player | None, bool]:
    """The sheet, the login's player in its tournament, and whether he sits at it himself.
    404 for a sheet he neither sat at nor lost his seat at."""
    sheet = get_object_or_404(
        TableSession.objects.select_related("session__tournament", "table"), pk=sheet_id
    )
    me = roles.player_of(user, sheet.session.tournament)
    if me is None:
        return sheet, None, False
    seat = sheet.seats.filter(Q(player=me) | Q(replaced_player=me)).first()
    if seat is None:
        raise Http404(_("You did not play at this table."))
    return sheet, me, seat.player_id == me.pk


@login_required
def sheet(request, sheet_id: int):
    """Read one of his own score sheets; confirm it once complete (3.9.2, Appendix 5)."""
    table_session, me, seated = _own_sheet(request.user, sheet_id)
    if me is None:
        return _no_player(request, table_session.session.tournament)
    if request.method == "POST":
        return _confirm(request, table_session, me)
    computed = scoresheet_compute(table_session=table_session)
    confirmed = any(s.player.pk == me.pk and s.confirmation for s in computed.seats)
    return render(
        request,
        TEMPLATES + "sheet.html",
        {
            "table_session": table_session,
            "me": me,
            **_sheet_table(computed, me),
            "can_confirm": seated and not confirmed and player_may_confirm(table_session),
            "confirmed": confirmed,
        },
    )


def _signed(value: int | None) -> str:
    if value is None:
        return ""
    return f"+{value}" if value > 0 else str(value).replace("-", "\u2212")


def _hand_summary(hand: Hand) -> str:
    if hand.outcome != Hand.Outcome.WIN:
        return hand.get_outcome_display()
    if hand.self_drawn:
        text = _("%(winner)s self-drawn, %(points)s")
    else:
        text = _("%(winner)s on %(discarder)s's discard, %(points)s")
    return text % {
        "winner": hand.winner_position,
        "discarder": hand.discarder_position,
        "points": hand.total,
    }


def _sheet_table(computed, me: Player) -> dict:
    """The read-only sheet as rows of cells, the login's own column marked (Appendix 5)."""
    seats = computed.seats
    mine = [seat.player.pk == me.pk for seat in seats]

    def cells(values) -> list[tuple[str, bool]]:
        return list(zip(values, mine, strict=True))

    hands = [
        {
            "number": row.number,
            "summary": _hand_summary(row.hand),
            "cells": cells(_signed(row.deltas.get(seat.position, 0)) for seat in seats),
        }
        for row in computed.rows
        if row.hand is not None
    ]
    by_position = [seat.position for seat in seats]
    penalties = [
        {
            "line": line,
            "cells": cells(
                _signed(delta) if delta else ""
                for position, delta in zip(POSITIONS, line.deltas, strict=True)
                if position in by_position
            ),
        }
        for line in computed.penalties
    ]
    table_points = [
        points_value(seat.table_points) if seat.table_points is not None else "—" for seat in seats
    ]
    totals = [
        (_("Hands"), cells(_signed(seat.total - seat.penalties) for seat in seats)),
        (_("Penalties"), cells(_signed(seat.penalties) for seat in seats)),
    ]
    return {
        "seats": list(zip(seats, mine, strict=True)),
        "hands": hands,
        "penalties": penalties,
        "totals": totals,
        "total": cells(_signed(seat.total) for seat in seats),
        "ranks": cells(seat.rank or "—" for seat in seats),
        "table_points": cells(table_points),
        "hands_entered": computed.hands_entered,
    }


def _confirm(request, table_session: TableSession, me: Player) -> HttpResponse:
    try:
        version = int(request.POST["version"])
    except (KeyError, ValueError):
        messages.error(request, _("Reload the sheet and check it before confirming."))
        return redirect("player-sheet", sheet_id=table_session.pk)
    try:
        sheet_confirm_player(
            table_session=table_session,
            player=me,
            expected_version=version,
            user=request.user,
        )
    except TournamentError as error:
        messages.error(request, error.message)
        return redirect("player-sheet", sheet_id=table_session.pk)
    messages.success(request, _("You confirmed %(sheet)s.") % {"sheet": table_session})
    return redirect("player-home")


class AppealForm(forms.Form):
    """An appeal in writing, confirmed by the filer with its fee (rules 3.12.2-3.12.3)."""

    subject = forms.ChoiceField(
        label=gettext_lazy("Against"), choices=Appeal.Subject.choices, widget=forms.RadioSelect
    )
    hand = forms.TypedChoiceField(
        label=gettext_lazy("Hand (for an appeal against a hand)"),
        coerce=int,
        required=False,
        empty_value=None,
    )
    penalty = forms.TypedChoiceField(
        label=gettext_lazy("Penalty (for an appeal against a penalty)"),
        coerce=int,
        required=False,
        empty_value=None,
    )
    statement = forms.CharField(
        label=gettext_lazy("Your appeal: which ruling, and why it is wrong"),
        widget=forms.Textarea(attrs={"rows": 6}),
    )
    confirmed = forms.BooleanField(required=True)

    def __init__(self, *args, sheet: TableSession, tournament: Tournament, **kwargs):
        super().__init__(*args, label_suffix="", **kwargs)
        names = {seat.position: seat.player.name for seat in sheet.seats.select_related("player")}
        self.hands = {hand.pk: hand for hand in sheet.hands.order_by("number")}
        self.penalties = {
            penalty.pk: penalty for penalty in sheet.penalties.select_related("player")
        }
        self.fields["hand"].choices = [("", "—")] + [
            (pk, _hand_label(hand, names)) for pk, hand in self.hands.items()
        ]
        self.fields["penalty"].choices = [("", "—")] + [
            (pk, _penalty_label(penalty)) for pk, penalty in self.penalties.items()
        ]
        self.fields["confirmed"].label = _(
            "I confirm this appeal and its fee of %(amount)s %(currency)s"
        ) % {"amount": tournament.appeal_fee, "currency": tournament.appeal_currency}


def _hand_label(hand: Hand, names: dict[str, str]) -> str:
    if hand.outcome != Hand.Outcome.WIN:
        return _("Hand %(number)s: %(outcome)s") % {
            "number": hand.number,
            "outcome": hand.get_outcome_display(),
        }
    if hand.self_drawn:
        text = _("Hand %(number)s: %(winner)s won self-drawn, %(points)s points")
    else:
        text = _("Hand %(number)s: %(winner)s won on %(discarder)s's discard, %(points)s points")
    return text % {
        "number": hand.number,
        "winner": names.get(hand.winner_position, hand.winner_position),
        "discarder": names.get(hand.discarder_position, hand.discarder_position),
        "points": hand.total,
    }


def _penalty_label(penalty: Penalty) -> str:
    text = f"{penalty} — {system_text(penalty.reason)}"
    if penalty.hand_number:
        text = _("Hand %(number)s: %(penalty)s") % {"number": penalty.hand_number, "penalty": text}
    if penalty.voided:
        text = _("%(penalty)s (voided)") % {"penalty": text}
    return text


def _appeal_candidates(user, me: Player, session: Session) -> list[Player]:
    """Whom this login may appeal for in this session: himself, and his team's players when
    he is their captain (3.12.1); only those who played in it (or lost their seat in it)."""
    played = Seat.objects.filter(session=session)
    played_ids = set(played.values_list("player_id", flat=True)) | set(
        played.exclude(replaced_player=None).values_list("replaced_player_id", flat=True)
    )
    people = [me]
    if policies.is_captain(user, me):
        people += list(
            me.team.members.exclude(pk=me.pk).order_by("lot_number", "registration_number")
        )
    return [p for p in people if p.pk in played_ids]


def _sheet_of(session: Session, player: Player) -> TableSession:
    # His own seat first; else the seat he lost to a substitute.
    seat = (
        Seat.objects.filter(session=session)
        .filter(Q(player=player) | Q(replaced_player=player))
        .select_related("table_session__table", "table_session__session")
        .order_by(Case(When(player=player, then=0), default=1))
        .first()
    )
    if seat is None:
        raise Http404
    return seat.table_session


@login_required
def appeal(request, session_id: int):
    """File an appeal about a session, for himself or, as captain, for a team's player."""
    session = get_object_or_404(Session.objects.select_related("tournament"), pk=session_id)
    tournament = session.tournament
    me = roles.player_of(request.user, tournament)
    if me is None:
        return _no_player(request, tournament)
    candidates = {p.pk: p for p in _appeal_candidates(request.user, me, session)}
    if not candidates:
        messages.error(
            request,
            _("Neither you nor a player of your team played in %(session)s.")
            % {"session": session},
        )
        return redirect("player-home")
    data = request.POST if request.method == "POST" else request.GET
    try:
        chosen = int(data.get("player") or next(iter(candidates)))
    except ValueError as error:
        raise Http404 from error
    concerned = candidates.get(chosen)
    if concerned is None:  # not his own, nor (as captain) his team's: nothing to show
        raise Http404(_("You may appeal only for yourself, or as captain for your team."))
    table_session = _sheet_of(session, concerned)
    form = AppealForm(
        request.POST if request.method == "POST" else None,
        sheet=table_session,
        tournament=tournament,
    )
    if request.method == "POST" and form.is_valid():
        try:
            filed = appeal_file(
                session=session,
                player=concerned,
                subject=form.cleaned_data["subject"],
                statement=form.cleaned_data["statement"],
                confirmed=form.cleaned_data["confirmed"],
                hand=form.hands.get(form.cleaned_data["hand"]),
                penalty=form.penalties.get(form.cleaned_data["penalty"]),
                user=request.user,
            )
        except TournamentError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request,
                _("Your appeal about %(session)s was filed at %(time)s.")
                % {"session": session, "time": local_time(filed.filed_at)},
            )
            return redirect("player-home")
    deadline = appeal_deadline(session)
    return render(
        request,
        TEMPLATES + "appeal.html",
        {
            "session": session,
            "tournament": tournament,
            "table_session": table_session,
            "concerned": concerned,
            "candidates": list(candidates.values()),
            "form": form,
            "deadline": local_time(deadline) if deadline else None,
            "deadline_passed": deadline is not None and timezone.now() > deadline,
        },
    )
