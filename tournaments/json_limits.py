"""JSON from outside (an API request's body, an archive file) nested deeper than anything of
ours is refused before it is decoded.

Python's decoder recurses once per level of arrays and objects: a body of 100,000 `[` exhausts
the interpreter's stack (RecursionError, a server error) instead of being refused. Our deepest
document, a tournament archive, nests about ten levels; MAX_DEPTH leaves ample room.
"""

import json
import re

from django.utils.translation import gettext as _

MAX_DEPTH = 64
# What decides the depth: brackets, and the quotes and escapes that say whether a bracket is
# inside a string.
_SIGNIFICANT = re.compile(r'[\[\]{}"\\]')


class JSONTooDeep(ValueError):
    """The text nests arrays and objects more than MAX_DEPTH levels deep."""

    def __init__(self):
        super().__init__(
            _("The JSON is nested more than %(depth)s levels deep.") % {"depth": MAX_DEPTH}
        )


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether arrays and objects nest more than `limit` levels in `text`: one pass over its
    brackets, quotes and backslashes (brackets inside strings do not count), and none at all
    when the text has too few brackets to be that deep. Malformed JSON is the decoder's to
    refuse; this only answers for its depth."""
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    in_string = False
    escaped_at = -1
    for match in _SIGNIFICANT.finditer(text):
        position, char = match.start(), match.group()
        if position == escaped_at:
            continue
        if in_string:
            if char == "\\":
                escaped_at = position + 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                return True
        elif char in "]}":
            depth -= 1
    return False


def check_depth(text: str) -> None:
    """JSONTooDeep when `text` nests more than MAX_DEPTH levels."""
    if too_deep(text):
        raise JSONTooDeep()


def loads(text: str, **kwargs):
    """json.loads, refusing JSON nested more than MAX_DEPTH levels with JSONTooDeep."""
    check_depth(text)
    try:
        return json.loads(text, **kwargs)
    except RecursionError:  # not within MAX_DEPTH; the last guard all the same
        raise JSONTooDeep() from None
