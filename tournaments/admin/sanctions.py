"""Sanctions on a player (3.11.1, 3.11.4-5, 3.11.6.10) and their lifting on appeal (3.12.1):
recorded from the sanctions list, from a player's page, or for several players at once (the
player list's action); lifted from the list. Every write goes through
tournaments.services.sanctions."""

from django import forms
from django.contrib import admin, messages
from django.http import HttpResponseRedirect
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import policies
from tournaments.admin.base import add_error, get_or_404, render, require_director
from tournaments.admin.forms import ReasonField, SanctionForm
from tournaments.admin.play import ReadOnlyAdmin
from tournaments.errors import TournamentError
from tournaments.models import Appeal, Player, Sanction
from tournaments.services.sanctions import sanction_record, sanction_void


class SanctionLiftForm(forms.Form):
    """Why the sanction is lifted, and the appeal that lifted it, if one did."""

    appeal = forms.ModelChoiceField(
        label=gettext_lazy("Appeal that lifts it"), queryset=Appeal.objects.none(), required=False
    )
    reason = ReasonField()

    def __init__(self, *args, sanction: Sanction, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["appeal"].queryset = Appeal.objects.filter(
            player_id=sanction.player_id
        ).exclude(status__in=(Appeal.Status.REJECTED, Appeal.Status.WITHDRAWN))


@admin.register(Sanction)
class SanctionAdmin(ReadOnlyAdmin):
    list_display = [
        "player",
        "kind",
        "session",
        "reason",
        "decided_by",
        "decided_at",
        "state",
        "lift_link",
    ]
    list_filter = ["player__tournament", "kind"]
    list_select_related = ["player", "session", "decided_by"]

    def has_add_permission(self, request):
        return policies.may_decide_sanction(request.user)

    def lookup_allowed(self, lookup, value, request=None):
        # A player's page links to his sanctions.
        return lookup == "player__id__exact" or super().lookup_allowed(lookup, value, request)

    @admin.display(description=gettext_lazy("In force"))
    def state(self, obj):
        if obj.voided:
            return _("Lifted: %(reason)s") % {"reason": obj.void_reason}
        return _("In force")

    @admin.display(description="")
    def lift_link(self, obj):
        if obj.voided:
            return ""
        url = reverse("admin:tournaments_sanction_lift", args=[obj.pk])
        return format_html('<a href="{}" class="lift-sanction">{}</a>', url, _("Lift"))

    def get_list_display(self, request):
        shown = list(super().get_list_display(request))
        if not policies.may_decide_sanction(request.user):
            shown.remove("lift_link")
        return shown

    def get_urls(self):
        return [
            path(
                "<path:object_id>/lift/",
                self.admin_site.admin_view(self.lift_view),
                name="tournaments_sanction_lift",
            ),
            *super().get_urls(),
        ]

    def add_view(self, request, form_url="", extra_context=None):
        """Record a sanction on one player: the one `?player=` names, else chosen here."""
        require_director(request)
        player = _player_asked(request)
        form = SanctionRecordForm(request.POST or None, player=player)
        if request.method == "POST" and form.is_valid():
            try:
                sanction_record(**form.sanction(), user=request.user)
            except TournamentError as error:
                add_error(form, error)
            else:
                self.message_user(
                    request,
                    _("Sanction recorded for %(p)s.") % {"p": form.sanction()["player"]},
                    messages.SUCCESS,
                )
                return HttpResponseRedirect(reverse("admin:tournaments_sanction_changelist"))
        return render(
            self,
            request,
            "admin/tournaments/sanction/record.html",
            {"form": form, "player": player},
            title=_("Record a sanction"),
        )

    def lift_view(self, request, object_id):
        """The chief umpire lifts a sanction with a reason, naming the appeal if one did."""
        require_director(request)
        sanction = get_or_404(self, request, object_id)
        form = SanctionLiftForm(request.POST or None, sanction=sanction)
        if request.method == "POST" and form.is_valid():
            try:
                sanction_void(
                    sanction=sanction,
                    reason=form.cleaned_data["reason"],
                    appeal=form.cleaned_data["appeal"],
                    user=request.user,
                )
            except TournamentError as error:
                add_error(form, error)
            else:
                self.message_user(
                    request,
                    _("Sanction lifted: %(s)s. The reason is kept in its history.")
                    % {"s": sanction},
                    messages.SUCCESS,
                )
                return HttpResponseRedirect(reverse("admin:tournaments_sanction_changelist"))
        return render(
            self,
            request,
            "admin/tournaments/sanction/lift.html",
            {"form": form, "sanction": sanction},
            obj=sanction,
            title=_("Lift a sanction"),
        )


def _player_asked(request) -> Player | None:
    value = request.GET.get("player", "")
    if not value.isdigit():
        return None
    return Player.objects.select_related("tournament").filter(pk=int(value)).first()


class SanctionRecordForm(SanctionForm):
    """`SanctionForm` for one player: given, or chosen among every tournament's players."""

    player = forms.ModelChoiceField(
        label=gettext_lazy("Player"), queryset=Player.objects.none(), required=True
    )
    field_order = ["player", "kind", "session", "reason"]

    def __init__(self, *args, player: Player | None, **kwargs):
        super().__init__(*args, tournament=player.tournament if player else None, **kwargs)
        if player is not None:
            self.fields["player"].queryset = Player.objects.filter(pk=player.pk)
            self.fields["player"].initial = player.pk
        else:
            self.fields["player"].queryset = Player.objects.select_related("tournament").order_by(
                "tournament__name", "lot_number", "registration_number"
            )
            self.fields["player"].label_from_instance = _player_label

    def clean(self):
        cleaned = super().clean()
        player, session = cleaned.get("player"), cleaned.get("session")
        if (
            player is not None
            and session is not None
            and session.tournament_id != (player.tournament_id)
        ):
            self.add_error("session", _("That session belongs to another tournament."))
        return cleaned

    def sanction(self) -> dict:
        data = self.cleaned_data
        return {
            "player": data["player"],
            "kind": data["kind"],
            "reason": data["reason"],
            "session": data["session"],
        }


def _player_label(player: Player) -> str:
    return f"{player.tournament.name} — {player}"
