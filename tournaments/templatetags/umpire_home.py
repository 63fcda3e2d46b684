"""The admin's link to the umpire's home (/umpire/), for those it is for."""

from django import template

from tournaments import policies

register = template.Library()


@register.filter
def uses_umpire_home(user) -> bool:
    """`{% if request.user|uses_umpire_home %}`: staff umpires and the chief umpire."""
    return policies.may_use_umpire_home(user)
