"""Filters of the find-your-seat page and the projector's draw."""

from django import template

from tournaments.display import wind_name

register = template.Library()


@register.filter
def wind(code: str) -> str:
    """A seat's wind by name ("East") in the page's language, from its code ("E")."""
    return wind_name(code)
