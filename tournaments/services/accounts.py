"""A login's own choices."""

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.errors import TournamentError
from tournaments.models import UserPreference


@transaction.atomic
def user_language_set(*, user, language: str) -> UserPreference:
    """The language of the login's pages and printed forms; "" leaves it to the browser."""
    if language not in ("", *(code for code, _name in settings.LANGUAGES)):
        raise TournamentError(_("Unknown language: %(code)s.") % {"code": language})
    preference, _created = UserPreference.objects.select_for_update().get_or_create(user=user)
    preference.language = language
    preference.save(update_fields=["language"])
    return preference
