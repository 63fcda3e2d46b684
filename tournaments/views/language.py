"""Choosing the language: a switcher link on the public pages (remembered in a cookie) and a
page where a logged-in user sets his own language (kept on his login)."""

from django import forms
from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import render
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from tournaments.errors import TournamentError
from tournaments.selectors.accounts import user_language
from tournaments.services.accounts import user_language_set

LANGUAGE_CODES = tuple(code for code, _name in settings.LANGUAGES)


def _next_url(request, default: str = "/") -> str:
    """Where the choice returns: the page that sent here (`next`, else the referring page of
    this site), else the home page."""
    referer = request.headers.get("Referer", "")
    came_from = "" if request.path in referer else referer
    url = request.POST.get("next") or request.GET.get("next") or came_from or default
    safe = url_has_allowed_host_and_scheme(
        url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return url if safe else default


def _remember(response, language: str):
    """The browser's choice, read by LocaleMiddleware on every later request."""
    if language:
        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            language,
            max_age=settings.LANGUAGE_COOKIE_AGE,
            samesite="Lax",
        )
    else:
        response.delete_cookie(settings.LANGUAGE_COOKIE_NAME)
    return response


@require_GET
def switch(request, language: str):
    """`/language/<code>/?next=…`: show the pages in that language from now on (a cookie;
    nothing is written on the server, so a plain link does it)."""
    if language not in LANGUAGE_CODES:
        raise Http404
    return _remember(HttpResponseRedirect(_next_url(request)), language)


def languages_in_themselves() -> list[tuple[str, str]]:
    """Each language named in itself (English, Español, 简体中文): whoever cannot read the
    page's language still finds his own."""
    return [
        (code, capfirst(translation.get_language_info(code)["name_local"]))
        for code in LANGUAGE_CODES
    ]


class LanguageForm(forms.Form):
    language = forms.ChoiceField(
        label=gettext_lazy("Language"),
        choices=[("", gettext_lazy("As my browser asks")), *languages_in_themselves()],
        required=False,
    )


@require_http_methods(["GET", "POST"])
def choose(request):
    """`/language/`: everyone may choose; a logged-in user's choice is kept on his login and
    applies to his pages, the API and the forms he prints, on any device."""
    form = LanguageForm(request.POST or None, initial={"language": user_language(request.user)})
    if request.method == "POST" and form.is_valid():
        language = form.cleaned_data["language"]
        if request.user.is_authenticated:
            try:
                user_language_set(user=request.user, language=language)
            except TournamentError as error:
                form.add_error("language", error.message)
        if not form.errors:
            with translation.override(language or translation.get_language()):
                messages.success(request, _("The language is set."))
            return _remember(HttpResponseRedirect(_next_url(request)), language)
    return render(request, "tournaments/language.html", {"form": form, "next": _next_url(request)})
