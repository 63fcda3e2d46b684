"""Teams and players: registration through the services, withdrawal, substitutes."""

import re

from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import policies
from tournaments.admin.base import (
    add_error,
    get_or_404,
    render,
    require_director,
    require_organiser,
)
from tournaments.admin.forms import (
    PlayerAddForm,
    PlayerRegistrationCorrectionForm,
    SanctionForm,
    TeamAddForm,
    TeamRegistrationCorrectionForm,
)
from tournaments.errors import TournamentError
from tournaments.models import Player, RegistrationCorrection, Team, Tournament
from tournaments.services.registration import (
    SETTLED_PLAYER_FIELDS,
    SETTLED_TEAM_FIELDS,
    player_accept_oath,
    player_check,
    player_create,
    player_settled,
    player_update,
    player_withdraw,
    settled_refusal,
    team_check,
    team_create,
    team_settled,
    team_update,
)
from tournaments.services.registration_corrections import (
    registration_correct,
    registration_correction_summary,
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
        return self._checked_change_form(
            super().get_form(request, obj, **kwargs), settled=self.settled_fields(obj)
        )

    def _checked_change_form(self, base, settled=()):
        """On "change", the service's checks run as form validation (errors on the form). The
        settled fields are read-only; one still posted with another value (by a page opened
        before the registration settled) is refused on the form, never dropped in silence."""
        check = self.check_change

        class Form(base):
            def _post_clean(self):
                super()._post_clean()
                if self.errors:
                    return
                stale = [
                    name
                    for name in settled
                    if name not in self.fields and _posted_change(self.data, self.instance, name)
                ]
                try:
                    if stale:
                        raise settled_refusal(self.instance, stale)
                    check(self.instance)
                except TournamentError as error:
                    self.add_error(None, error.message)

        Form.__name__ = base.__name__
        return Form

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except TournamentError as error:
            # The form checked it; the save refuses only when the row settled in between (a
            # sheet signed meanwhile). The admin's transaction is rolled back: nothing written.
            messages.error(request, error.message)
            return HttpResponseRedirect(request.get_full_path())

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

    # -- a settled registration (issue #26): read-only, corrected by the chief umpire ----------

    settled_names: tuple[str, ...] = ()
    correction_form = None

    @staticmethod
    def is_settled(obj) -> bool:
        raise NotImplementedError

    def settled_fields(self, obj) -> tuple[str, ...]:
        """The fields results depend on, once they do (tournaments.services.registration);
        asked once per object and request."""
        if obj is None or obj.pk is None:
            return ()
        if not hasattr(obj, "_settled_fields"):
            obj._settled_fields = self.settled_names if self.is_settled(obj) else ()
        return obj._settled_fields

    def _correction_url_name(self) -> str:
        opts = self.model._meta
        return f"{opts.app_label}_{opts.model_name}_correct_registration"

    def get_urls(self):
        view = self.admin_site.admin_view(self.correct_registration_view)
        return [
            path(
                "<path:object_id>/correct-registration/",
                view,
                name=self._correction_url_name(),
            ),
            *super().get_urls(),
        ]

    def change_view(self, request, object_id, form_url="", extra_context=None):
        obj = self.get_object(request, unquote(object_id))
        extra = {}
        if obj is not None and policies.may_decide_sanction(request.user):
            record = reverse("admin:tournaments_sanction_add")
            extra["record_sanction_url"] = f"{record}?player={obj.pk}"
            listed = reverse("admin:tournaments_sanction_changelist")
            extra["sanctions_url"] = f"{listed}?player__id__exact={obj.pk}"
        if obj is not None and self.settled_fields(obj):
            extra["registration_settled"] = True
            if policies.may_correct_registration(request.user):
                extra["correct_registration_url"] = reverse(
                    f"admin:{self._correction_url_name()}", args=[obj.pk]
                )
        return super().change_view(request, object_id, form_url, {**(extra_context or {}), **extra})

    def correct_registration_view(self, request, object_id):
        """The chief umpire's correction of a settled registration: the settled fields, as
        they are now, and a reason (tournaments.services.registration_corrections)."""
        if not policies.may_correct_registration(request.user):
            raise PermissionDenied
        obj = get_or_404(self, request, object_id)
        subject = self.model._meta.model_name  # "player" or "team"
        form = self.correction_form(request.POST or None, **{subject: obj})
        if request.method == "POST" and form.is_valid():
            try:
                registration_correct(
                    **{subject: obj},
                    changes=form.changes(),
                    reason=form.cleaned_data["reason"],
                    user=request.user,
                )
            except TournamentError as error:
                field = getattr(error, "field", None)
                if field in form.fields:
                    form.add_error(field, error.message)
                else:
                    add_error(form, error)
            else:
                self.message_user(
                    request,
                    _("Registration of %(subject)s corrected; the reason is kept in its history.")
                    % {"subject": type(obj).objects.get(pk=obj.pk)},
                    messages.SUCCESS,
                )
                opts = self.model._meta
                return HttpResponseRedirect(
                    reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[obj.pk])
                )
        return render(
            self,
            request,
            "admin/tournaments/registration_correction.html",
            {
                "form": form,
                "corrections": [
                    (correction, registration_correction_summary(correction))
                    for correction in obj.registration_corrections.select_related(
                        "made_by", "player", "team"
                    ).order_by("-made_at", "-pk")
                ],
            },
            obj=obj,
            title=_("Correct the registration of %(subject)s") % {"subject": obj},
        )


def _posted_change(data, instance, name: str) -> bool:
    """A posted value of a field the form does not hold that differs from the stored one."""
    if name not in data:
        return False
    stored = getattr(instance, instance._meta.get_field(name).attname)
    stored = "" if stored is None else str(stored).strip()
    return str(data.get(name, "")).strip() != stored


@admin.register(Team)
class TeamAdmin(ServiceAddMixin, admin.ModelAdmin):
    add_form = TeamAddForm
    list_display = ["name", "tournament", "country", "member_count", "captain"]
    list_filter = ["tournament"]
    search_fields = ["name", "country"]
    fields = ["tournament", "name", "country", "captain"]
    readonly_fields = []
    settled_names = SETTLED_TEAM_FIELDS
    correction_form = TeamRegistrationCorrectionForm
    is_settled = staticmethod(team_settled)

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
        return ["tournament", *self.settled_fields(obj)] if obj else []

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
        "ema_id",
        "club",
        "status",
        "tournament",
    ]
    list_display_links = ["name"]
    list_filter = ["tournament", "status", "team"]
    search_fields = ["name", "native_name", "country", "ema_id", "club", "team__name"]
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
        "ema_id",
        "club",
        "team",
        "user",
        "oath_accepted_at",
        "lot_drawn_by",
    ]

    ORGANISER_ACTIONS = ("action_withdraw", "action_register_substitute", "action_accept_oath")
    settled_names = SETTLED_PLAYER_FIELDS
    correction_form = PlayerRegistrationCorrectionForm
    is_settled = staticmethod(player_settled)

    def get_actions(self, request):
        # Registration is the organisers' (and the chief umpire's): others are not offered it.
        actions = super().get_actions(request)
        if not policies.may_organise(request.user):
            for name in self.ORGANISER_ACTIONS:
                actions.pop(name, None)
        if not policies.may_decide_sanction(request.user):
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
            ema_id=cleaned.get("ema_id", ""),
            club=cleaned.get("club", ""),
            team=cleaned.get("team"),
            status=cleaned["status"],
        )

    def get_readonly_fields(self, request, obj=None):
        # The login a player acts with is linked by `create_user --player`, or by the chief
        # umpire here: an organiser linking his own login could confirm sheets as the player.
        login = [] if policies.may_link_login(request.user) else ["user"]
        if obj is None:
            return login
        fixed = [
            "tournament",
            "registration_number",
            "lot_number",
            "status",
            "oath_accepted_at",
            "lot_drawn_by",
            *login,
        ]
        # A settled registration's name and team are read-only too (issue #26).
        return fixed + [name for name in self.settled_fields(obj) if name not in fixed]

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


@admin.register(RegistrationCorrection)
class RegistrationCorrectionAdmin(admin.ModelAdmin):
    """Append-only: a registration correction is itself the record of a change (the changed
    row's history carries its reason too). Written only by `registration_correct`."""

    list_display = ["made_at", "tournament", "subject", "summary", "made_by"]
    list_filter = ["tournament"]
    list_select_related = ["tournament", "player", "team", "made_by"]
    readonly_fields = [
        "tournament",
        "player",
        "team",
        "before",
        "after",
        "reason",
        "made_by",
        "made_at",
    ]

    def has_module_permission(self, request):
        return policies.may_read_registration_corrections(request.user)

    def has_view_permission(self, request, obj=None):
        return policies.may_read_registration_corrections(request.user)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(description=gettext_lazy("player or team"))
    def subject(self, obj):
        return obj.player or obj.team

    @admin.display(description=gettext_lazy("what changed"))
    def summary(self, obj):
        return registration_correction_summary(obj)
