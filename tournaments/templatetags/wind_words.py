"""``{% load wind_words %}``: ``{{ code|wind_letter }}`` prints a stored wind (E, S, W, N) as
its letter in the page's language (E S O N in Spanish, 东 南 西 北 in Chinese),
``{{ code|wind_name }}`` as its name; the stored value stays the letter."""

from django import template

from tournaments.display import WIND_LETTERS
from tournaments.display import wind_name as _wind_name

register = template.Library()


@register.filter
def wind_letter(code):
    """A wind's one letter in the active language; an unknown value as it is."""
    letter = WIND_LETTERS.get(code)
    return str(letter) if letter is not None else code


@register.filter
def wind_name(code):
    return _wind_name(code)
