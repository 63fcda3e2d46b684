"""Token authentication that also answers in the login's own language.

A token is read by DRF inside the view, after the middleware has chosen the language from the
browser: the user's own choice is applied here, once he is known. The token, its login and his
language are read in one query. (His roles too, as EXISTS subqueries, made one query fewer but
cost more CPU to build than the plain query of his groups they saved: issue #31.)"""

from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from tournaments.middleware import activate_user_language


class LanguageTokenAuthentication(TokenAuthentication):
    def authenticate(self, request):
        found = super().authenticate(request)
        if found is not None:
            activate_user_language(request, found[0])
        return found

    def authenticate_credentials(self, key):
        model = self.get_model()
        # DRF's own refusals, in its words (its catalogue translates them).
        try:
            token = model.objects.select_related("user__preference").get(key=key)
        except model.DoesNotExist:
            raise exceptions.AuthenticationFailed(_("Invalid token.")) from None
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return token.user, token
