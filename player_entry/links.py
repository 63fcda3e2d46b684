"""A player's link as it is printed: absolute when SITE_URL is set, else the path."""

from django.conf import settings
from django.urls import reverse

from player_entry.models import PlayerLink


def link_address(link: PlayerLink) -> str:
    return settings.SITE_URL.rstrip("/") + reverse("player-entry-link", args=[link.token])
