"""A players' entry's tiles in its templates: `{{ entry.tiles|tiles_text }}` (in short, for
the entry's text wherever it shows)."""

from django import template

from player_entry.selectors import hand_tiles_text

register = template.Library()


@register.filter
def tiles_text(tiles) -> str:
    return hand_tiles_text(tiles if isinstance(tiles, dict) else None)
