"""Token authentication that also answers in the login's own language.

A token is read by DRF inside the view, after the middleware has chosen the language from the
browser: the user's own choice is applied here, once he is known. The token, its login, his
language and his roles are read in one query: the roles as the names of his role groups
joined into one value by a subquery (six EXISTS, tried before, cost more CPU than the query of
his groups they saved; issue #31)."""

from django.contrib.auth.models import Group
from django.db.models import Aggregate, CharField, OuterRef, Subquery
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from tournaments.compiled_query import CompiledQuery
from tournaments.middleware import activate_user_language
from tournaments.roles import ROLE_GROUPS, remember_role_groups

# No role group's name holds it (the names are ROLE_GROUPS', checked at import).
_SEPARATOR = "|"
assert not any(_SEPARATOR in name for name in ROLE_GROUPS.values())


class _Joined(Aggregate):
    """The values joined by _SEPARATOR: GROUP_CONCAT in SQLite, STRING_AGG in PostgreSQL."""

    function = "GROUP_CONCAT"
    template = f"%(function)s(%(expressions)s, '{_SEPARATOR}')"
    output_field = CharField()

    def as_postgresql(self, compiler, connection, **extra):
        return self.as_sql(compiler, connection, function="STRING_AGG", **extra)


def _role_group_names():
    """The names of the login's role groups (only those: any other group's name could hold
    the separator), joined into one value."""
    groups = (
        Group.objects.filter(user=OuterRef("user"), name__in=ROLE_GROUPS.values())
        .order_by()
        .values("user")
        .annotate(names=_Joined("name"))
        .values("names")
    )
    return Subquery(groups, output_field=CharField())


def _token_with_roles(key: str):
    return (
        Token.objects.select_related("user__preference")
        .annotate(role_groups=_role_group_names())
        .filter(key=key)
    )


# Built and compiled once per connection: a third of the token's read was building it.
_TOKEN_WITH_ROLES = CompiledQuery(_token_with_roles, key=str)


class LanguageTokenAuthentication(TokenAuthentication):
    def authenticate(self, request):
        found = super().authenticate(request)
        if found is not None:
            activate_user_language(request, found[0])
        return found

    def authenticate_credentials(self, key):
        # DRF's own refusals, in its words (its catalogue translates them).
        token = _TOKEN_WITH_ROLES.first(key=key)
        if token is None:
            raise exceptions.AuthenticationFailed(_("Invalid token.")) from None
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        names = token.role_groups.split(_SEPARATOR) if token.role_groups else []
        remember_role_groups(token.user, names)
        return token.user, token
