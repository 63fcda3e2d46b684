"""Token authentication that also answers in the login's own language.

A token is read by DRF inside the view, after the middleware has chosen the language from the
browser: the user's own choice is applied here, once he is known."""

from rest_framework.authentication import TokenAuthentication

from tournaments.middleware import activate_user_language


class LanguageTokenAuthentication(TokenAuthentication):
    def authenticate(self, request):
        found = super().authenticate(request)
        if found is not None:
            activate_user_language(request, found[0])
        return found
