"""What a login chooses for itself: the language of its pages and printed forms."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

LANGUAGE_CODES = [code for code, _name in settings.LANGUAGES]


class UserPreference(models.Model):
    """A login's language. Without one (or blank), the browser's Accept-Language decides."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="preference",
        verbose_name=_("user"),
    )
    language = models.CharField(
        _("language"), max_length=10, choices=settings.LANGUAGES, blank=True
    )

    class Meta:
        verbose_name = _("user preference")
        verbose_name_plural = _("user preferences")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(language__in=["", *LANGUAGE_CODES]),
                name="preference_language_known",
            )
        ]

    def __str__(self) -> str:
        return f"{self.user}: {self.language or '-'}"
