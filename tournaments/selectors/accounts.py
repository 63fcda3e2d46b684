"""A login's own choices, read."""

from tournaments.models import UserPreference


def user_language(user) -> str:
    """The language the login chose ("" if none: the browser decides)."""
    if not getattr(user, "is_authenticated", False):
        return ""
    return UserPreference.objects.filter(user=user).values_list("language", flat=True).first() or ""
