"""The umpire rota in the admin (issue 29): a page reached from the session list ("Umpire
rota") where the chief umpire gives an umpire several tables for several sessions at once
("1-4, 7" for sessions "3-5", or "all"), through `tournaments.services.umpire_rota`, and where
the staff read the rota as it stands: tables by sessions, each cell its sheet's umpire.

The page is for those who read the rota (`policies.may_read_umpire_rota`, else 403); its form
is shown to, and its POST accepted from, the chief umpire only (`policies.may_assign_umpire`,
else 403). The session admin hooks it in with `rota_urls` and `rota_button_context`."""

import re

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournaments import policies
from tournaments.admin.base import render
from tournaments.errors import TournamentError
from tournaments.models import Tournament
from tournaments.selectors.umpire_rota import (
    rota_session_numbers,
    rota_table_numbers,
    umpire_rota,
)
from tournaments.services.umpire_rota import RotaResult, umpire_rota_assign

TEMPLATE = "admin/tournaments/session/umpire_rota.html"
FILTER = "tournament__id__exact"  # the session list's tournament filter
LARGEST_NUMBER = 32767  # table and session numbers are PositiveSmallIntegerFields
LONGEST_RANGE = 1000
LARGEST_ID = 2**31 - 1  # PostgreSQL's integer
ALL = "all"
_NUMBER = re.compile(r"\d+", re.ASCII)
_RANGE = re.compile(r"(\d+)\s*[-–]\s*(\d+)", re.ASCII)


def ranges_text(numbers: list[int]) -> str:
    """[1, 2, 3, 4, 7] → "1-4, 7" (what the form's fields accept)."""
    parts: list[str] = []
    run: list[int] = []
    for number in sorted(set(numbers)):
        if run and number == run[-1] + 1:
            run.append(number)
            continue
        if run:
            parts.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
        run = [number]
    if run:
        parts.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
    return ", ".join(parts)


class NumberRangesField(forms.CharField):
    """Numbers and ranges separated by commas ("1-4, 7"), or "all": a sorted list of whole
    numbers. `all_numbers` is what "all" means (set by the form)."""

    def __init__(self, *args, **kwargs):
        self.all_numbers: list[int] = []
        kwargs.setdefault("max_length", 500)
        super().__init__(*args, **kwargs)

    def to_python(self, value):
        text = super().to_python(value).strip()
        if not text:
            return []
        if text.lower() == ALL:
            return list(self.all_numbers)
        numbers: set[int] = set()
        for part in (p.strip() for p in text.split(",")):
            if part:  # "1-4, 7," as "1-4, 7"
                numbers |= self._part(part)
        return sorted(numbers)

    def _part(self, part: str) -> set[int]:
        if _NUMBER.fullmatch(part):
            first = last = int(part)
        elif match := _RANGE.fullmatch(part):
            first, last = int(match[1]), int(match[2])
        else:
            raise ValidationError(
                _('"%(part)s" is not a number or a range: write e.g. "1-4, 7" or "all".')
                % {"part": part[:20]},
                code="invalid",
            )
        if first < 1 or last > LARGEST_NUMBER:
            raise ValidationError(
                _("Numbers go from 1 to %(largest)s.") % {"largest": LARGEST_NUMBER}, code="range"
            )
        if first > last:
            raise ValidationError(
                _('The range "%(part)s" runs backwards: write the smaller number first.')
                % {"part": part[:20]},
                code="backwards",
            )
        if last - first >= LONGEST_RANGE:
            raise ValidationError(_("That range is too long."), code="too_long")
        return set(range(first, last + 1))


NO_UMPIRE = "none"


class UmpireRotaForm(forms.Form):
    # A choice is required: "no umpire" is chosen on purpose, never by leaving the list as is.
    umpire = forms.ChoiceField(label=gettext_lazy("Umpire"))
    tables = NumberRangesField(
        label=gettext_lazy("Tables"),
        help_text=gettext_lazy('Numbers and ranges, e.g. "1-4, 7", or "all".'),
    )
    sessions = NumberRangesField(
        label=gettext_lazy("Sessions"),
        initial=ALL,
        help_text=gettext_lazy('Numbers and ranges, e.g. "3-5", or "all" (the whole event).'),
    )

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.umpires = {
            str(user.pk): user for user in policies.assignable_umpires().order_by("username")
        }
        self.fields["umpire"].choices = [
            ("", "---------"),
            *((pk, user.get_username()) for pk, user in self.umpires.items()),
            (NO_UMPIRE, _("No umpire (take the tables away from their umpire)")),
        ]
        self.fields["tables"].all_numbers = rota_table_numbers(tournament)
        self.fields["sessions"].all_numbers = rota_session_numbers(tournament)

    def clean_umpire(self):
        """The login chosen, or None for "no umpire"."""
        chosen = self.cleaned_data["umpire"]
        return None if chosen == NO_UMPIRE else self.umpires[chosen]


def _report(request, done: RotaResult) -> None:
    """What the assignment did, in messages: the sheets given, those left out and why."""
    count = len(done.assigned)
    values = {"count": count, "changed": done.changed}
    if done.umpire is None:
        text = ngettext(
            "%(count)d score sheet left without an umpire (%(changed)d changed).",
            "%(count)d score sheets left without an umpire (%(changed)d changed).",
            count,
        )
    else:
        values["umpire"] = done.umpire.get_username()
        text = ngettext(
            "%(count)d score sheet given to %(umpire)s (%(changed)d changed).",
            "%(count)d score sheets given to %(umpire)s (%(changed)d changed).",
            count,
        )
    messages.success(request, text % values)
    if done.missing:
        by_session: dict[int, list[int]] = {}
        for session, table in done.missing:
            by_session.setdefault(session, []).append(table)
        where = "; ".join(
            _("session %(session)s: tables %(tables)s")
            % {"session": session, "tables": ranges_text(tables)}
            for session, tables in sorted(by_session.items())
        )
        messages.warning(
            request,
            _(
                "No score sheet yet (seating not generated), nothing assigned: %(where)s. "
                "Assign them again once the seating exists."
            )
            % {"where": where},
        )
    if done.locked:
        where = ", ".join(
            _("session %(session)s table %(table)s") % {"session": s, "table": t}
            for s, t, _u in done.locked
        )
        messages.warning(
            request,
            _(
                "Signed by their umpire, left as they are: %(where)s. Change a signed sheet's "
                "umpire on its score sheet page if the record is wrong."
            )
            % {"where": where},
        )


def rota_view(model_admin, request, tournament_id: int):
    """GET: the rota and (for the chief umpire) the form; POST: assign, back to the page."""
    if not (
        policies.may_use_admin_lists(request.user) and policies.may_read_umpire_rota(request.user)
    ):
        raise PermissionDenied
    if tournament_id > LARGEST_ID:  # SQLite would overflow rather than find nothing
        raise Http404(str(tournament_id))
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    may_assign = policies.may_assign_umpire(request.user)
    if request.method == "POST" and not may_assign:
        raise PermissionDenied
    form = None
    if may_assign:
        data = request.POST if request.method == "POST" else None
        form = UmpireRotaForm(data, tournament=tournament)
        if data is not None and form.is_valid():
            try:
                done = umpire_rota_assign(
                    user=request.user,
                    tournament=tournament,
                    umpire=form.cleaned_data["umpire"],
                    table_numbers=form.cleaned_data["tables"],
                    session_numbers=form.cleaned_data["sessions"],
                )
            except TournamentError as error:
                field = getattr(error, "field", None)
                form.add_error(field if field in form.fields else None, error.message)
            else:
                _report(request, done)
                return HttpResponseRedirect(request.path)
    rota = umpire_rota(tournament=tournament)
    return render(
        model_admin,
        request,
        TEMPLATE,
        {
            "tournament": tournament,
            "form": form,
            "rota": rota,
            "rows": rota.by_table(),
            "sessions_url": reverse("admin:tournaments_session_changelist")
            + f"?{FILTER}={tournament.pk}",
        },
        title=_("Umpire rota: %(tournament)s") % {"tournament": tournament},
    )


def rota_pick_view(model_admin, request):
    """The rota of the only tournament, or a list of the tournaments to choose from (the
    session list's button goes straight to the tournament it is filtered on)."""
    if not (
        policies.may_use_admin_lists(request.user) and policies.may_read_umpire_rota(request.user)
    ):
        raise PermissionDenied
    tournaments = list(Tournament.objects.order_by("-pk")[:2])
    if len(tournaments) == 1:
        return HttpResponseRedirect(_rota_url(tournaments[0].pk))
    return render(
        model_admin,
        request,
        TEMPLATE,
        {"tournaments": Tournament.objects.order_by("name")},
        title=_("Umpire rota"),
    )


def _rota_url(tournament_id: int) -> str:
    return reverse("admin:tournaments_session_umpire_rota", args=[tournament_id])


def rota_urls(model_admin) -> list:
    def view(request, tournament_id):
        return rota_view(model_admin, request, tournament_id)

    def pick(request):
        return rota_pick_view(model_admin, request)

    wrap = model_admin.admin_site.admin_view
    return [
        path("umpire-rota/", wrap(pick), name="tournaments_session_umpire_rota_pick"),
        path(
            "umpire-rota/<int:tournament_id>/",
            wrap(view),
            name="tournaments_session_umpire_rota",
        ),
    ]


def rota_button_context(request) -> dict:
    """The session list's "Umpire rota" button: to the rota of the tournament it is filtered
    on, else to the choice of tournament; none for a login that does not read the rota."""
    if not policies.may_read_umpire_rota(request.user):
        return {}
    chosen = request.GET.get(FILTER, "")
    if (
        _NUMBER.fullmatch(chosen)
        and len(chosen) < 10
        and Tournament.objects.filter(pk=int(chosen)).exists()
    ):
        return {"umpire_rota_url": _rota_url(int(chosen))}
    return {"umpire_rota_url": reverse("admin:tournaments_session_umpire_rota_pick")}
