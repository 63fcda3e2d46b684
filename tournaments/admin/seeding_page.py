"""The admin's page that seeds the next final session (elimination and mixed formats) and
decides a tie at its cut-off (rule 3.10.1): it shows the tie the official standings hold now
(the players sharing a place across the number advancing, and their places), the decisions
recorded, and three forms: seed the session, decide the tie by a lot drawn from a printed
seed, or record a play-off's result. The services decide (tournaments.services.seating,
tournaments.services.cut_off); a refusal is shown on its form."""

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.admin.base import add_error, get_or_404, render, require_organiser
from tournaments.admin.forms import SeedFinalForm
from tournaments.errors import TournamentError
from tournaments.selectors.cut_off import (
    cut_off_decision_line,
    cut_off_decision_of,
    cut_off_decisions,
    cut_off_tie,
    tie_points,
)
from tournaments.services.cut_off import cut_off_decide_by_lot, cut_off_decide_by_play_off
from tournaments.services.oath import FirstSeatWithoutOath
from tournaments.services.seating import seating_seed_final_session


def _finalists_field():
    return forms.IntegerField(
        label=gettext_lazy("Players advancing"),
        required=False,
        min_value=4,
        help_text=gettext_lazy("Empty: the tournament's setting."),
    )


class LotDecisionForm(forms.Form):
    seed = forms.CharField(
        label=gettext_lazy("Seed of the lot"),
        required=False,
        max_length=64,
        help_text=gettext_lazy(
            "Leave empty for a fresh random seed; it is recorded and printed, and anyone re-runs "
            "the lot from it."
        ),
    )
    finalists = _finalists_field()


class PlayOffDecisionForm(forms.Form):
    order = forms.CharField(
        label=gettext_lazy("Order of the play-off"),
        max_length=500,
        help_text=gettext_lazy("The tied players' numbers as the play-off placed them: 7, 3, 12."),
    )
    result = forms.CharField(
        label=gettext_lazy("Result of the play-off"),
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=gettext_lazy("As it will be shown with the standings, e.g. the hands' scores."),
    )
    finalists = _finalists_field()

    def clean_order(self) -> list[int]:
        parts = [part.strip() for part in self.cleaned_data["order"].replace(";", ",").split(",")]
        if not parts or not all(part.isdigit() for part in parts):
            raise ValidationError(_("Write the players' numbers separated by commas: 7, 3, 12."))
        return [int(part) for part in parts]


FORMS = {"seed": SeedFinalForm, "lot": LotDecisionForm, "play_off": PlayOffDecisionForm}


def _decide(action: str, tournament, data: dict, user):
    if action == "lot":
        return cut_off_decide_by_lot(tournament=tournament, user=user, **data)
    return cut_off_decide_by_play_off(tournament=tournament, user=user, **data)


def _act(action: str, form, tournament, request, without_oath: bool):
    """Run the form's service; a message on success, else the refusal on the form. Returns
    the players a first seat without the oath refused, if that was the refusal."""
    data = form.cleaned_data
    try:
        if action == "seed":
            session = seating_seed_final_session(
                tournament=tournament, without_oath=without_oath, user=request.user, **data
            )
            messages.success(
                request,
                _("%(t)s: session %(n)s seated from the standings.")
                % {"t": tournament, "n": session.number},
            )
        else:
            line = cut_off_decision_line(decision=_decide(action, tournament, data, request.user))
            messages.success(request, line.words)
    except FirstSeatWithoutOath as refusal:
        return refusal.players
    except TournamentError as error:
        add_error(form, error)
        return None
    return []


def _finalists_shown(form) -> int | None:
    """The number advancing the page shows the tie for: the one just posted, if any."""
    if form.is_bound and form.is_valid():
        return form.cleaned_data.get("finalists")
    return None


def seed_final_page(model_admin, request, object_id):
    """GET: the tie and the forms; POST `action` seed, lot or play_off."""
    require_organiser(request)
    tournament = get_or_404(model_admin, request, object_id)
    action = request.POST.get("action") if request.method == "POST" else None
    bound = {
        name: form_class(request.POST if name == action else None, prefix=name)
        for name, form_class in FORMS.items()
    }
    unsworn = []
    if action in bound and bound[action].is_valid():
        done = _act(action, bound[action], tournament, request, "without_oath" in request.POST)
        if done == []:
            url = reverse("admin:tournaments_tournament_seed_final", args=[tournament.pk])
            return HttpResponseRedirect(url)
        unsworn = done or []
    shown = _finalists_shown(bound[action]) if action in bound else None
    tie = cut_off_tie(tournament=tournament, finalists=shown)
    title = _("Seed next final session")
    return render(
        model_admin,
        request,
        "admin/tournaments/tournament/seed_final.html",
        {
            "forms": bound,
            "tie": tie,
            "tie_points": tie_points(tie) if tie else None,
            "decided": tie is not None and cut_off_decision_of(tournament, tie) is not None,
            "decisions": cut_off_decisions(tournament=tournament),
            "unsworn": unsworn,
            "intro": _(
                "Adds the next session of the final stage, seated by the official standings. "
                "Players sharing a place across the number advancing are never told apart by "
                "their number (rule 3.10.1): record how the tie is decided, by a lot drawn from "
                "a printed seed or by a play-off, then seed."
            ),
        },
        obj=tournament,
        title=f"{title} — {tournament}",
    )
