"""A login's own choices, read."""

from django.contrib.auth import get_user_model

from tournaments.models import UserPreference


def user_language(user) -> str:
    """The language the login chose ("" if none: the browser decides)."""
    if not getattr(user, "is_authenticated", False):
        return ""
    cached = get_user_model().preference.related  # read with the login (select_related)?
    if cached.is_cached(user):
        preference = cached.get_cached_value(user)
        return preference.language if preference is not None else ""
    return UserPreference.objects.filter(user=user).values_list("language", flat=True).first() or ""
