"""Teams and players: registration through the services, withdrawal, substitutes."""

import re

from django.contrib import admin, messages
from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import roles
from tournaments.admin.base import render, require_director, require_organiser
from tournaments.admin.forms import PlayerAddForm, SanctionForm, TeamAddForm
from tournaments.errors import TournamentError
from tournaments.models import Player, Team, Tournament
from tournaments.services.registration import (
    player_accept_oath,
    player_check,
    player_create,
    player_update,
    player_withdraw,
    team_check,
    team_create,
    team_update,
)
from tournaments.services.sanctions import sanction_record

IMPORT_LINKS = 5  # the unfiltered player list links to the import of this many tournaments


class ServiceAddMixin:
    """On "add", the form's clean() creates the object through a service, so a refusal is a
    form error and the admin never writes on its own; the admin's own save is skipped."""

    add_form = None

    def get_form(self, request, obj=None, **kwargs):
        if obj is None and self.add_form is not None:
            kwargs["form"] = self._service_form()
            kwargs.setdefault("fields", self.add_form._meta.fields)
            return super().get_form(request, obj, **kwargs)
        return self._checked_change_form(super().get_form(request, obj, **kwargs))

    def _checked_change_form(self, base):
        """On "change", the service's checks run as form validation (errors on the form)."""
        check = self.check_change

        class Form(base):
            def _post_clean(self):
                super()._post_clean()
                if not self.errors:
                    try:
                        check(self.instance)
                    except TournamentError as error:
                        self.add_error(None, error.message)

        Form.__name__ = base.__name__
        return Form

    def _service_form(self):
        create = self.create

        class Form(self.add_form):
            def clean(self):
                cleaned = super().clean()
                if not self.errors and self.instance.pk is None:
                    try:
                        self.instance = create(cleaned)
                    except TournamentError as error:
                        self.add_error(None, error.message)
                return cleaned

        Form.__name__ = self.add_form.__name__
        return Form

    def get_fieldsets(self, request, obj=None):
        if obj is None and self.add_form is not None:
            return [(None, {"fields": list(self.add_form._meta.fields)})]
        return super().get_fieldsets(request, obj)

    def has_delete_permission(self, request, obj=None):
        # No service deletes people: players withdraw, and results keep their rows.
        return False

    def save_model(self, request, obj, form, change):
        if change:
            self.update(obj)
        # On add the service has already saved the object in the form's clean().


@admin.register(Team)
class TeamAdmin(ServiceAddMixin, admin.ModelAdmin):
    add_form = TeamAddForm
    list_display = ["name", "tournament", "country", "member_count", "captain"]
    list_filter = ["tournament"]
    search_fields = ["name", "country"]
    fields = ["tournament", "name", "country", "captain"]
    readonly_fields = []

    @staticmethod
    def check_change(team):
        team_check(team=team)

    @staticmethod
    def update(team):
        return team_update(team=team)

    @staticmethod
    def create(cleaned):
        return team_create(
            tournament=cleaned["tournament"], name=cleaned["name"], country=cleaned["country"]
        )

    def get_readonly_fields(self, request, obj=None):
        return ["tournament"] if obj else []

    @admin.display(description=gettext_lazy("members"))
    def member_count(self, obj):
        return obj.members.count()

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        field = super().formfield_for_foreignkey(db_field, request, **kwargs)
        team_id = request.resolver_match.kwargs.get("object_id") if request.resolver_match else None
        if db_field.name == "captain" and team_id:
            field.queryset = Player.objects.filter(team_id=team_id)
        return field


@admin.register(Player)
class PlayerAdmin(ServiceAddMixin, admin.ModelAdmin):
    add_form = PlayerAddForm
    list_display = [
        "lot_number",
        "registration_number",
        "name",
        "native_name",
        "team",
        "country",
        "club",
        "status",
        "tournament",
    ]
    list_display_links = ["name"]
    list_filter = ["tournament", "status", "team"]
    search_fields = ["name", "native_name", "country", "club", "team__name"]
    list_select_related = ["team", "tournament"]
    actions = [
        "action_withdraw",
        "action_register_substitute",
        "action_accept_oath",
        "action_sanction",
    ]
    fields = [
        "tournament",
        "registration_number",
        "lot_number",
        "status",
        "name",
        "native_name",
        "country",
        "club",
        "team",
        "user",
        "oath_accepted_at",
        "lot_drawn_by",
    ]

    ORGANISER_ACTIONS = ("action_withdraw", "action_register_substitute", "action_accept_oath")

    def get_actions(self, request):
        # Registration is the organisers' (and the chief umpire's): others are not offered it.
        actions = super().get_actions(request)
        if not roles.is_organiser(request.user):
            for name in self.ORGANISER_ACTIONS:
                actions.pop(name, None)
        if not roles.is_director(request.user):
            actions.pop("action_sanction", None)
        return actions

    def changelist_view(self, request, extra_context=None):
        # Filtered on one tournament: offer its CSV import and substitute pages.
        tournament_id = request.GET.get("tournament__id__exact", "")
        filtered = int(tournament_id) if re.fullmatch(r"[0-9]+", tournament_id) else None
        extra = {
            "filtered_tournament": filtered,
            # Unfiltered: an import link for each tournament still registering players.
            "importing_tournaments": []
            if filtered
            else list(
                Tournament.objects.exclude(status=Tournament.Status.FINISHED)
                .order_by("-start_date", "-pk")
                .values("pk", "name")[:IMPORT_LINKS]
            ),
        }
        return super().changelist_view(request, {**(extra_context or {}), **extra})

    @staticmethod
    def check_change(player):
        player_check(player=player)

    @staticmethod
    def update(player):
        return player_update(player=player)

    @staticmethod
    def create(cleaned):
        return player_create(
            tournament=cleaned["tournament"],
            name=cleaned["name"],
            native_name=cleaned.get("native_name", ""),
            country=cleaned.get("country", ""),
            club=cleaned.get("club", ""),
            team=cleaned.get("team"),
            status=cleaned["status"],
        )

    def get_readonly_fields(self, request, obj=None):
        # The login a player acts with is linked by `create_user --player`, or by the chief
        # umpire here: an organiser linking his own login could confirm sheets as the player.
        login = [] if roles.is_director(request.user) else ["user"]
        if obj is None:
            return login
        return [
            "tournament",
            "registration_number",
            "lot_number",
            "status",
            "oath_accepted_at",
            "lot_drawn_by",
            *login,
        ]

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        field = super().formfield_for_foreignkey(db_field, request, **kwargs)
        player_id = (
            request.resolver_match.kwargs.get("object_id") if request.resolver_match else None
        )
        if db_field.name == "team" and player_id:
            player = Player.objects.filter(pk=player_id).only("tournament_id").first()
            if player is not None:
                field.queryset = Team.objects.filter(tournament_id=player.tournament_id)
        return field

    @admin.action(description=gettext_lazy("Withdraw the selected players"))
    def action_withdraw(self, request, queryset):
        require_organiser(request)
        done = 0
        for player in queryset:
            try:
                player_withdraw(player=player, user=request.user)
            except TournamentError as error:
                self.message_user(request, error.message, messages.ERROR)
            else:
                done += 1
        if done:
            self.message_user(
                request,
                _(
                    "%(n)s player(s) withdrawn. Re-seat the remaining sessions from the tournament "
                    "page."
                )
                % {"n": done},
                messages.SUCCESS,
            )

    @admin.action(description=gettext_lazy("Record a sanction (chief umpire)"))
    def action_sanction(self, request, queryset):
        require_director(request)
        tournaments = set(queryset.values_list("tournament_id", flat=True))
        if len(tournaments) != 1:
            self.message_user(request, _("Choose players of one tournament."), messages.ERROR)
            return None
        tournament = queryset.first().tournament
        form = SanctionForm(
            request.POST if "apply" in request.POST else None, tournament=tournament
        )
        if form.is_valid():
            for player in queryset:
                try:
                    sanction_record(
                        player=player,
                        kind=form.cleaned_data["kind"],
                        reason=form.cleaned_data["reason"],
                        session=form.cleaned_data["session"],
                        user=request.user,
                    )
                except TournamentError as error:
                    self.message_user(request, f"{player}: {error.message}", messages.ERROR)
                else:
                    self.message_user(request, _("Sanction recorded for %(p)s.") % {"p": player})
            return None
        return render(
            self,
            request,
            "admin/tournaments/player/sanction.html",
            {
                "form": form,
                "queryset": queryset,
                "action_checkbox_name": admin.helpers.ACTION_CHECKBOX_NAME,
            },
            title=_("Record a sanction"),
        )

    @admin.action(description=gettext_lazy("Record the Player's Oath as accepted now"))
    def action_accept_oath(self, request, queryset):
        require_organiser(request)
        done = 0
        for player in queryset:
            try:
                player_accept_oath(player=player, user=request.user)
            except TournamentError as error:
                self.message_user(request, f"{player}: {error.message}", messages.ERROR)
            else:
                done += 1
        if done:
            self.message_user(
                request,
                _("Player's Oath recorded for %(n)s player(s); an earlier time is kept.")
                % {"n": done},
                messages.SUCCESS,
            )

    @admin.action(description=gettext_lazy("Register a substitute (for their tournament)"))
    def action_register_substitute(self, request, queryset):
        require_organiser(request)
        tournaments = set(queryset.values_list("tournament_id", flat=True))
        if len(tournaments) != 1:
            self.message_user(
                request, _("Select players of one tournament only."), messages.WARNING
            )
            return None
        return HttpResponseRedirect(
            reverse("admin:tournaments_tournament_substitute", args=[tournaments.pop()])
        )
