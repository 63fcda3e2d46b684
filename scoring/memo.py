"""The engine's plain-dict memos (cheaper to consult than an ``lru_cache`` call), registered
here so that a benchmark can empty all of them and start cold."""

from __future__ import annotations

from typing import Any

# a memo is emptied when it grows past this: a long-running server stays small
MEMO_LIMIT = 1 << 16

_MEMOS: list[dict] = []


def new_memo() -> dict[Any, Any]:
    """A new, registered, empty memo."""
    return register_memo({})


def register_memo(memo: dict) -> dict:
    """Register a memo (a dict, or a dict subclass filling itself) and return it."""
    _MEMOS.append(memo)
    return memo


def clear_memos() -> None:
    """Empty every registered memo (the ``lru_cache`` ones have ``cache_clear``)."""
    for memo in _MEMOS:
        memo.clear()


def memo_sizes() -> list[int]:
    """How many entries each registered memo holds."""
    return [len(memo) for memo in _MEMOS]


class Memo(dict):
    """A registered memo of a one-argument function, read as ``memo[key]``: a hit is one
    dictionary look-up in C (cheaper than an ``lru_cache`` call), a miss computes the value.

    Unlike ``lru_cache`` nodes, entries are plain keys and values: a memo whose keys and
    values are ints or tuples of ints adds nothing for the garbage collector to walk."""

    __slots__ = ("_compute",)

    def __init__(self, compute) -> None:
        super().__init__()
        self._compute = compute
        register_memo(self)

    def __missing__(self, key):
        if len(self) > MEMO_LIMIT:
            self.clear()  # bounded in a long-running process
        self[key] = value = self._compute(key)
        return value
