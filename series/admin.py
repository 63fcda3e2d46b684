"""The series in the admin: the list, a series' name, slug and tournaments (through
series.services), and its *Links* page, where the organiser confirms the suggested links
(players of several tournaments with the same name) or undoes one. Organisers and the chief
umpire (`policies.may_organise`), as in the API."""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from simple_history.admin import SimpleHistoryAdmin

from series import selectors
from series.models import Series, SeriesPlayerLink
from series.services import (
    series_check_name_and_slug,
    series_create,
    series_delete,
    series_player_link,
    series_player_unlink,
    series_rename,
    series_tournaments_set,
)
from tournaments import policies
from tournaments.admin.base import get_or_404, render, report_error
from tournaments.errors import TournamentError
from tournaments.models import Player


class SeriesForm(forms.ModelForm):
    class Meta:
        model = Series
        fields = ["name", "slug", "tournaments"]

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user
        self.fields["tournaments"].required = True

    def clean(self):
        """A new series is created here, by the service, so that its refusal shows on the
        form; a change is saved by the admin's save_model and save_related, once the service's
        checks of its name and slug pass here."""
        cleaned = super().clean()
        if self.errors:
            return cleaned
        if self.instance.pk is not None:
            return self._check_rename(cleaned)
        try:
            self.instance = series_create(
                name=cleaned["name"],
                slug=cleaned["slug"],
                tournament_slugs=[t.slug for t in cleaned["tournaments"]],
                user=self.user,
            )
        except TournamentError as error:
            self.add_error(getattr(error, "field", None), error.message)
        return cleaned

    def _check_rename(self, cleaned: dict) -> dict:
        try:
            series_check_name_and_slug(
                name=cleaned["name"], slug=cleaned["slug"], series=self.instance
            )
        except TournamentError as error:
            self.add_error(getattr(error, "field", None), error.message)
        return cleaned


@admin.register(Series)
class SeriesAdmin(SimpleHistoryAdmin):
    form = SeriesForm
    list_display = ["name", "slug", "tournament_count", "created_at", "pages"]
    search_fields = ["name", "slug"]
    filter_horizontal = ["tournaments"]
    prepopulated_fields = {"slug": ["name"]}  # as the tournament's form: typed once, edited at will
    readonly_fields = ["created_by", "created_at"]

    def has_module_permission(self, request):
        return policies.may_organise(request.user)

    def has_view_permission(self, request, obj=None):
        return policies.may_organise(request.user)

    def has_add_permission(self, request):
        return policies.may_organise(request.user)

    def has_change_permission(self, request, obj=None):
        return policies.may_organise(request.user)

    def has_delete_permission(self, request, obj=None):
        return policies.may_organise(request.user)

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("tournaments")

    def get_form(self, request, obj=None, change=False, **kwargs):
        base = super().get_form(request, obj, change=change, **kwargs)

        class Form(base):
            def __init__(self, *args, **inner):
                super().__init__(*args, user=request.user, **inner)

        return Form

    @admin.display(description=gettext_lazy("tournaments"))
    def tournament_count(self, obj):
        return len(obj.tournaments.all())

    @admin.display(description=gettext_lazy("pages"))
    def pages(self, obj):
        return format_html(
            '<a href="{}">{}</a> · <a href="{}">{}</a>',
            reverse("public-series", args=[obj.slug]),
            _("Standings"),
            reverse("admin:series_series_links", args=[obj.pk]),
            _("Links"),
        )

    def save_model(self, request, obj, form, change):
        if change:
            series_rename(series=obj, name=obj.name, slug=obj.slug, user=request.user)
        # A new series: the service created it in the form's clean().

    def save_related(self, request, form, formsets, change):
        if change:
            slugs = [t.slug for t in form.cleaned_data["tournaments"]]
            series_tournaments_set(series=form.instance, tournament_slugs=slugs, user=request.user)

    def delete_model(self, request, obj):
        series_delete(series=obj, user=request.user)

    def delete_queryset(self, request, queryset):
        for series in queryset:
            series_delete(series=series, user=request.user)

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        extra = dict(extra_context or {})
        if object_id:
            extra["links_url"] = reverse("admin:series_series_links", args=[object_id])
        try:
            return super().changeform_view(request, object_id, form_url, extra)
        except TournamentError as error:
            # The form checked the input; a refusal here means the rows changed meanwhile
            # (the admin's transaction is rolled back: nothing written).
            report_error(request, error)
            return HttpResponseRedirect(request.get_full_path())

    # -- the links page ----------------------------------------------------------------------

    def get_urls(self):
        view = self.admin_site.admin_view(self.links_view)
        return [
            path("<path:object_id>/links/", view, name="series_series_links"),
            *super().get_urls(),
        ]

    def links_view(self, request, object_id):
        """The confirmed links (each undone with a button) and the suggested ones (confirmed
        by ticking the players who are one person)."""
        if not policies.may_organise(request.user):
            raise PermissionDenied
        series = get_or_404(self, request, object_id)
        if request.method == "POST":
            self._links_post(request, series)
            return HttpResponseRedirect(request.path)
        links = SeriesPlayerLink.objects.filter(series=series).select_related(
            "player", "tournament", "confirmed_by"
        )
        people: dict[int, list] = {}
        for link in links.order_by("person_id", "tournament__start_date", "pk"):
            people.setdefault(link.person_id, []).append(link)
        return render(
            self,
            request,
            "admin/series/series/links.html",
            {
                "people": list(people.values()),
                "suggestions": selectors.series_link_suggestions(series),
            },
            obj=series,
            title=_("Links between players of %(series)s") % {"series": series},
        )

    def _links_post(self, request, series) -> None:
        try:
            if "unlink" in request.POST:
                player = Player.objects.filter(pk=_whole(request.POST["unlink"])).first()
                if player is None:
                    raise TournamentError(_("No such player."))
                series_player_unlink(series=series, player=player, user=request.user)
                messages.success(request, _("%(name)s is no longer linked.") % {"name": player})
                return
            ids = [_whole(value) for value in request.POST.getlist("players")]
            players = list(Player.objects.filter(pk__in=ids))
            series_player_link(series=series, players=players, user=request.user)
            names = ", ".join(p.name for p in players)
            messages.success(request, _("Linked as one person: %(names)s.") % {"names": names})
        except TournamentError as error:
            report_error(request, error)


def _whole(value: str) -> int:
    """A posted id: a whole number, else 0 (which names no row)."""
    return int(value) if value.isascii() and value.isdigit() and len(value) < 10 else 0
