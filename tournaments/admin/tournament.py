"""Tournament admin: settings, lots, seating chart, re-seating, final stage, standings, import."""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import policies
from tournaments.admin import seeding_page
from tournaments.admin.base import (
    add_error,
    get_or_404,
    render,
    require_director,
    require_organiser,
)
from tournaments.admin.forms import (
    CsvImportForm,
    LotsForm,
    ReseatForm,
    SeatingForm,
    SubstituteForm,
)
from tournaments.admin.jobs import job_url
from tournaments.display import (
    TOURNAMENT_RECORDS,
    TOURNAMENT_SETTINGS,
    tournament_setting_groups,
)
from tournaments.errors import TournamentError
from tournaments.models import Job, Tournament
from tournaments.models.tournament import TIE_BREAK_CHOICES
from tournaments.selectors import exports
from tournaments.selectors.cut_off import cut_off_decisions
from tournaments.selectors.fouls import record_of_fouls
from tournaments.selectors.scoresheet import first_unplayed_session
from tournaments.selectors.standings import (
    points_value,
    session_cells,
    standings_compute,
    team_session_cells,
)
from tournaments.services.jobs import job_start
from tournaments.services.lots import OathNotTaken, lots_draw
from tournaments.services.oath import FirstSeatWithoutOath
from tournaments.services.registration import player_register_substitute, players_import_csv
from tournaments.services.seating import DEFAULT_TIME_LIMIT
from tournaments.services.tournament import tournament_check_change, tournament_save


class TieBreaksWidget(forms.MultiWidget):
    """One choice per place in the order: "1st", "2nd"… (each a list of the tie-breaks)."""

    template_name = "admin/tournaments/tournament/tie_breaks_widget.html"

    def __init__(self, choices, attrs=None):
        super().__init__([forms.Select(choices=choices) for _ in TIE_BREAK_CHOICES], attrs)

    def decompress(self, value):
        value = list(value or [])
        return value + [""] * (len(TIE_BREAK_CHOICES) - len(value))


class TieBreaksField(forms.MultiValueField):
    """The further tie-breaks, chosen from a list in order (stored as the model's JSON list)."""

    def __init__(self, **kwargs):
        choices = [("", "—"), *TIE_BREAK_CHOICES.items()]
        fields = [forms.ChoiceField(choices=choices, required=False) for _ in TIE_BREAK_CHOICES]
        super().__init__(
            fields, widget=TieBreaksWidget(choices), require_all_fields=False, **kwargs
        )

    def compress(self, data_list):
        chosen = [value for value in data_list or [] if value]
        if len(set(chosen)) != len(chosen):
            raise forms.ValidationError(_("Choose each tie-break once."))
        return chosen


class TournamentForm(forms.ModelForm):
    tie_breaks = TieBreaksField(
        required=False,
        label=gettext_lazy("Further tie-breaks"),
        help_text=gettext_lazy(
            "Applied in this order after table points and contest points (rule 3.10.1); "
            "leave a place empty to stop there."
        ),
    )

    class Meta:
        model = Tournament
        fields = list(TOURNAMENT_SETTINGS)

    def clean(self):
        cleaned = super().clean()  # the model's own checks run after, in _post_clean
        if self.instance.pk:
            try:
                tournament_check_change(
                    tournament=self.instance,
                    changed=self.changed_data,
                    previous_status=self.initial.get("status"),
                    user=getattr(self, "request_user", None),
                )
            except TournamentError as error:
                self.add_error(None, error.message)
        return cleaned


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    form = TournamentForm
    list_display = ["name", "start_date", "venue", "format", "status", "player_count", "links"]
    list_filter = ["status", "format"]
    search_fields = ["name", "slug", "venue"]
    prepopulated_fields = {"slug": ["name"]}
    readonly_fields = list(TOURNAMENT_RECORDS)
    actions = ["action_draw_lots", "action_generate_seating"]
    fieldsets = [
        *((heading, {"fields": names}) for heading, names in tournament_setting_groups()),
        (gettext_lazy("Draws (recorded seeds)"), {"fields": list(TOURNAMENT_RECORDS)}),
    ]

    def save_model(self, request, obj, form, change):
        # Through the service: a changed tie rule recomputes every stored session result.
        tournament_save(
            tournament=obj, changed=form.changed_data if change else None, user=request.user
        )

    def get_form(self, request, obj=None, **kwargs):
        form = super().get_form(request, obj, **kwargs)
        form.request_user = request.user  # the form's checks ask who is changing what
        return form

    @admin.display(description=gettext_lazy("players"))
    def player_count(self, obj):
        return obj.players.count()

    @admin.display(description=gettext_lazy("pages"))
    def links(self, obj):
        return format_html(
            '<a href="{}">{}</a> · <a href="{}">{}</a>',
            reverse("admin:tournaments_tournament_standings", args=[obj.pk]),
            _("Standings"),
            reverse("admin:tournaments_tablesession_changelist")
            + f"?session__tournament__id__exact={obj.pk}",
            _("Score sheets"),
        ) + format_html(
            ' · <a href="{}">{}</a> · <a href="{}">{}</a>',
            reverse("admin:tournaments_tournament_seating_chart", args=[obj.pk]),
            _("Seating chart"),
            reverse("admin:tournaments_tournament_player_numbers", args=[obj.pk]),
            _("Player numbers"),
        )

    def get_urls(self):
        from tournaments.admin import archive_pages, chart_pages, dashboard, extensions, print_page

        view = self.admin_site.admin_view
        name = "tournaments_tournament_"
        return [
            path("<path:object_id>/draw-lots/", view(self.draw_lots_view), name=name + "draw_lots"),
            path("<path:object_id>/seating/", view(self.seating_view), name=name + "seating"),
            path("<path:object_id>/reseat/", view(self.reseat_view), name=name + "reseat"),
            path(
                "<path:object_id>/seed-final/",
                view(self.seed_final_view),
                name=name + "seed_final",
            ),
            path("<path:object_id>/standings/", view(self.standings_view), name=name + "standings"),
            path("<path:object_id>/fouls/", view(self.fouls_view), name=name + "fouls"),
            path(
                "<path:object_id>/export/<str:what>.<str:fmt>",
                view(self.export_view),
                name=name + "export",
            ),
            path(
                "<path:object_id>/import-players/",
                view(self.import_view),
                name=name + "import_players",
            ),
            path(
                "<path:object_id>/substitute/",
                view(self.substitute_view),
                name=name + "substitute",
            ),
            *dashboard.dashboard_urls(self),  # the event's home: status, next step, tables
            *chart_pages.chart_urls(self),  # seating chart, player numbers and their PDFs
            *print_page.print_urls(self),  # every printed form, and print batches
            *archive_pages.archive_urls(self),  # the archive: download, restore (a job)
            *extensions.registered_urls(self),  # the pages of apps built on tournaments
            *super().get_urls(),
        ]

    # -- list actions ----------------------------------------------------------------------

    def get_actions(self, request):
        # Lots and seating are the organisers' (and the chief umpire's): others are not offered.
        actions = super().get_actions(request)
        if not policies.may_organise(request.user):
            actions.pop("action_draw_lots", None)
            actions.pop("action_generate_seating", None)
        return actions

    @admin.action(description=gettext_lazy("Draw lots for player numbers"))
    def action_draw_lots(self, request, queryset):
        """Draw each tournament's lots. Where the Player's Oath is required and players have
        not taken it (Appendix 2), a confirmation page lists them per tournament and offers to
        draw without it (the draw is then noted in the history)."""
        require_organiser(request)
        without_oath = "without_oath" in request.POST
        unsworn = []
        for tournament in queryset:
            try:
                seed = lots_draw(
                    tournament=tournament, without_oath=without_oath, user=request.user
                )
            except OathNotTaken as refusal:
                unsworn.append((tournament, refusal.players))
            except TournamentError as error:
                self.message_user(request, f"{tournament}: {error.message}", messages.ERROR)
            else:
                self.message_user(request, self._lots_message(tournament, seed))
        if not unsworn:
            return None
        return render(
            self,
            request,
            "admin/tournaments/tournament/draw_lots_without_oath.html",
            {
                "unsworn": unsworn,
                "action_checkbox_name": admin.helpers.ACTION_CHECKBOX_NAME,
            },
            title=_("Draw lots without the Player's Oath?"),
        )

    @admin.action(description=gettext_lazy("Generate the seating chart"))
    def action_generate_seating(self, request, queryset):
        """A seating job per tournament (default seed and search time); one alone opens its
        job's page, several are listed with links to theirs."""
        require_organiser(request)
        started = []
        for tournament in queryset:
            try:
                job = job_start(
                    kind=Job.Kind.SEATING,
                    tournament=tournament,
                    params={"seed": "", "time_limit": DEFAULT_TIME_LIMIT},
                    user=request.user,
                )
            except TournamentError as error:
                self.message_user(request, f"{tournament}: {error.message}", messages.ERROR)
            else:
                started.append(job)
        if len(started) == 1 and len(queryset) == 1:
            return HttpResponseRedirect(job_url(started[0]))
        for job in started:
            self.message_user(
                request,
                format_html(
                    '{}: <a href="{}">{}</a>',
                    job.tournament,
                    job_url(job),
                    _("the seating chart is being generated"),
                ),
            )
        return None

    @staticmethod
    def _lots_message(tournament, seed):
        return _("%(t)s: lots drawn. Seed (print it): %(seed)s") % {"t": tournament, "seed": seed}

    # -- pages -----------------------------------------------------------------------------

    def _change_url(self, tournament):
        return reverse("admin:tournaments_tournament_change", args=[tournament.pk])

    def draw_lots_view(self, request, object_id):
        """The draw (rule 3.5.1). Where the tournament requires the Player's Oath and some
        players have not taken it (Appendix 2), the page lists them and asks to confirm:
        "Draw without the oath" draws with the same seed and drawers, noted in the history."""
        require_organiser(request)
        tournament = get_or_404(self, request, object_id)
        form = LotsForm(request.POST or None)
        unsworn = []
        if request.method == "POST" and form.is_valid():
            try:
                seed = lots_draw(
                    tournament=tournament,
                    seed=form.cleaned_data["seed"],
                    drawn_by=form.cleaned_data["drawn_by"] or None,
                    without_oath="without_oath" in request.POST,
                    user=request.user,
                )
            except OathNotTaken as refusal:
                unsworn = refusal.players
            except TournamentError as error:
                add_error(form, error)
            else:
                self.message_user(request, self._lots_message(tournament, seed), messages.SUCCESS)
                return HttpResponseRedirect(self._change_url(tournament))
        title = _("Draw lots")
        return render(
            self,
            request,
            "admin/tournaments/tournament/draw_lots.html",
            {
                "form": form,
                "intro": _(
                    "Every active player gets a number 1..N (rule 3.5.1). The seed is recorded "
                    "so anyone can re-run the draw. Refused once the seating chart exists."
                ),
                "submit_label": title,
                "unsworn": unsworn,
            },
            obj=tournament,
            title=f"{title} — {tournament}",
        )

    def _seating_job_page(self, request, object_id, *, title, intro, form_class, initial=None):
        """The seating and re-seat pages: the form starts a seating job (the search runs in
        the background) and opens its page; a refusal is shown on the form. Players who would
        take their first seat without the Player's Oath (Appendix 2) are listed, with "Seat
        without the oath" to confirm (the same seed and search time)."""
        require_organiser(request)
        tournament = get_or_404(self, request, object_id)
        form = form_class(request.POST or None, initial=initial(tournament) if initial else None)
        unsworn = []
        if request.method == "POST" and form.is_valid():
            params = form.job_params()
            if "without_oath" in request.POST:
                params["without_oath"] = True
            try:
                job = job_start(
                    kind=Job.Kind.SEATING, tournament=tournament, params=params, user=request.user
                )
            except FirstSeatWithoutOath as refusal:
                unsworn = refusal.players
            except TournamentError as error:
                add_error(form, error)
            else:
                return HttpResponseRedirect(job_url(job))
        return render(
            self,
            request,
            "admin/tournaments/tournament/action_form.html",
            {"form": form, "intro": intro, "submit_label": title, "unsworn": unsworn},
            obj=tournament,
            title=f"{title} — {tournament}",
        )

    def seating_view(self, request, object_id):
        return self._seating_job_page(
            request,
            object_id,
            title=_("Generate seating chart"),
            intro=_(
                "Draws the table-rotation chart (Appendix 3) for every qualifying session; "
                "teammates are kept apart where possible. Replaces an existing chart as long "
                "as no hand is recorded."
            ),
            form_class=SeatingForm,
        )

    def reseat_view(self, request, object_id):
        return self._seating_job_page(
            request,
            object_id,
            title=_("Re-seat remaining sessions"),
            intro=_(
                "After a withdrawal, a late entry or a substitution: sessions from the one "
                "given on are drawn again; sessions already played stay as they are. The "
                "sessions drawn again keep their scheduled times, and each table its umpire "
                "(the umpire rota stays with the table numbers): a table the new chart no "
                "longer has loses its umpire, a new table has none until the rota gives it "
                "one; the job's result lists both."
            ),
            form_class=ReseatForm,
            initial=lambda tournament: {"from_session": first_unplayed_session(tournament)},
        )

    def seed_final_view(self, request, object_id):
        """Seed the next final session; decide a tie at its cut-off (admin/seeding_page.py)."""
        return seeding_page.seed_final_page(self, request, object_id)

    def fouls_view(self, request, object_id):
        """The Record of Fouls (Appendix 6), for the tournament or one session."""
        tournament = get_or_404(self, request, object_id)
        if not policies.may_read_fouls(request.user):
            raise PermissionDenied
        sessions = list(tournament.sessions.order_by("number"))
        chosen = next((s for s in sessions if str(s.number) == request.GET.get("session")), None)
        return render(
            self,
            request,
            "admin/tournaments/tournament/fouls.html",
            {
                "rows": record_of_fouls(tournament=tournament, session=chosen),
                "sessions": sessions,
                "chosen": chosen,
            },
            obj=tournament,
            title=_("Record of Fouls — %(t)s") % {"t": tournament},
        )

    def export_view(self, request, object_id, what, fmt):
        """The standings or every hand as a CSV or JSON download (tournaments.selectors.exports):
        the official standings unless `?live=1`."""
        tournament = get_or_404(self, request, object_id)
        if what not in exports.KINDS or fmt not in exports.FORMATS:
            raise Http404(what)
        if not policies.may_export(request.user, what):
            raise PermissionDenied
        file = exports.export_file(
            tournament=tournament,
            what=what,
            fmt=fmt,
            live=request.GET.get("live") == "1",
            user=request.user,
        )
        return HttpResponse(
            file.content,
            content_type=file.content_type,
            headers={"Content-Disposition": f'attachment; filename="{file.name}"'},
        )

    def standings_view(self, request, object_id):
        tournament = get_or_404(self, request, object_id)
        if not self.has_view_permission(request, tournament):
            require_director(request)
        live = request.GET.get("official") != "1"
        standings = standings_compute(tournament=tournament, live=live)
        numbers = standings.session_numbers
        players = [
            {
                "row": row,
                "table_points": points_value(row.table_points),
                # (TP, CP, provisional) per session column
                "sessions": [
                    (cell.table_points, cell.contest_points, cell.provisional)
                    if cell
                    else (None, None, False)
                    for cell in session_cells(row, numbers)
                ],
            }
            for row in standings.players
        ]
        teams = [
            {
                "row": team,
                "table_points": points_value(team.table_points),
                "sessions": [
                    (cell.table_points, cell.contest_points) if cell else (None, None)
                    for cell in team_session_cells(team, numbers)
                ],
            }
            for team in standings.teams
        ]
        return render(
            self,
            request,
            "admin/tournaments/tournament/standings.html",
            {
                "players": players,
                "teams": teams,
                "session_numbers": numbers,
                "standings": standings,
                "cut_off_decisions": cut_off_decisions(tournament=tournament),
            },
            obj=tournament,
            title=_("Standings — %(t)s") % {"t": tournament},
        )

    def import_view(self, request, object_id):
        require_organiser(request)
        tournament = get_or_404(self, request, object_id)
        form = CsvImportForm(request.POST or None, request.FILES or None)
        report = None
        if request.method == "POST" and form.is_valid():
            dry_run = "import" not in request.POST
            try:
                report = players_import_csv(
                    tournament=tournament,
                    csv_text=form.cleaned_data["text"],
                    dry_run=dry_run,
                    user=request.user,
                )
            except TournamentError as error:
                add_error(form, error)
            else:
                if report.ok and not dry_run:
                    self.message_user(
                        request,
                        _("%(n)s players imported.") % {"n": report.created},
                        messages.SUCCESS,
                    )
                    for warning in report.warnings:
                        self.message_user(request, warning, messages.WARNING)
                    return HttpResponseRedirect(
                        reverse("admin:tournaments_player_changelist")
                        + f"?tournament__id__exact={tournament.pk}"
                    )
                # The checked text stays in the form: "Import" registers exactly what was
                # checked, without choosing the file again.
                form = CsvImportForm(initial={"csv_text": form.cleaned_data["text"]})
        return render(
            self,
            request,
            "admin/tournaments/tournament/import_players.html",
            {"form": form, "report": report},
            obj=tournament,
            title=_("Import players — %(t)s") % {"t": tournament},
        )

    def substitute_view(self, request, object_id):
        require_organiser(request)
        tournament = get_or_404(self, request, object_id)
        form = SubstituteForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            try:
                player = player_register_substitute(
                    tournament=tournament, user=request.user, **form.cleaned_data
                )
            except TournamentError as error:
                add_error(form, error)
            else:
                self.message_user(
                    request,
                    _("%(p)s registered as a substitute.") % {"p": player},
                    messages.SUCCESS,
                )
                return HttpResponseRedirect(
                    reverse("admin:tournaments_player_changelist")
                    + f"?tournament__id__exact={tournament.pk}"
                )
        return render(
            self,
            request,
            "admin/tournaments/tournament/action_form.html",
            {
                "form": form,
                "intro": _(
                    "A substitute fills empty seats of the chart and replaces withdrawn "
                    "players; he is not ranked."
                ),
                "submit_label": _("Register substitute"),
            },
            obj=tournament,
            title=_("Register a substitute — %(t)s") % {"t": tournament},
        )
