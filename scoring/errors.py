"""The engine's error family.

Every refusal of a hand is a :class:`HandError` with a machine ``code`` and a ``message`` an
umpire can act on (it names the tile, the meld or the field that is wrong). ``params`` holds
the same facts as data (a ``reason`` where one code has several), so that an interface can
say it in its own language.
"""

from __future__ import annotations


class HandError(Exception):
    """Base of every error the engine raises for a bad or non-winning hand."""

    code = "invalid_hand"

    def __init__(self, message: str, code: str | None = None,
                 params: dict | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.params = params or {}
        if code is not None:
            self.code = code

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code!r}, message={self.message!r})"


class InputError(HandError):
    """The input is not a hand in the format of hand-format.md (type, field, JSON)."""

    code = "bad_input"


class TileError(InputError):
    """A tile (or a run of tiles) cannot be read."""

    code = "bad_tile"


class MeldError(HandError):
    """A declared meld is not a chow, pung or kong."""

    code = "bad_meld"


class TileCountError(HandError):
    """The hand does not have 14 tiles (kongs counted as 3)."""

    code = "tile_count"


class FiveCopiesError(HandError):
    """More than four copies of one tile."""

    code = "five_copies"


class ContradictionError(HandError):
    """The flags of the hand contradict each other or the tiles."""

    code = "contradiction"


class NotWinningError(HandError):
    """The 14 tiles do not form any winning shape."""

    code = "not_winning"
