"""Token authentication that also answers in the login's own language.

A token is read by DRF inside the view, after the middleware has chosen the language from the
browser: the user's own choice is applied here, once he is known. The token, its login, his
language and his roles are read in one query (an umpire's request is mostly a few queries)."""

from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from tournaments.middleware import activate_user_language
from tournaments.roles import remember_roles, role_annotations


class LanguageTokenAuthentication(TokenAuthentication):
    def authenticate(self, request):
        found = super().authenticate(request)
        if found is not None:
            activate_user_language(request, found[0])
        return found

    def authenticate_credentials(self, key):
        token = (
            self.get_model()
            .objects.select_related("user__preference")
            .annotate(**role_annotations("user_id"))
            .filter(key=key)
            .first()
        )
        # DRF's own refusals, in its words (its catalogue translates them).
        if token is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        remember_roles(token.user, token)
        return token.user, token
