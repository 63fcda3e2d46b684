"""``{% load system_texts %}``: ``{{ value|system_text }}`` says a stored system text (a history
note, a late arrival's nature) in the page's language; typed text is shown as typed."""

from django import template

from tournaments.system_texts import system_text as _system_text

register = template.Library()


@register.filter
def system_text(value):
    return _system_text(value)
