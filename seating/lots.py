"""Drawing lots: registered players -> player numbers, verifiable.

Algorithm (stable across Python versions and platforms):

    key(id) = SHA-256( "mcr-lots-v1" + "\\x1f" + str(seed) + "\\x1f" + str(id) )
    order the registration ids by (key, str(id)) ascending
    the k-th id in that order (k = 1, 2, ...) receives player number k

Only ``hashlib.sha256`` and string formatting are involved, so anyone can
re-run the draw from the printed seed (see ``verify_lots``), in any
language.  Ids are compared through ``str(id)``; two ids with the same string
form are rejected.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping, Sequence

ALGORITHM = "mcr-lots-v1"


def new_seed() -> str:
    """A fresh random seed to print before the draw (32 hex digits)."""
    return secrets.token_hex(16)


def _key(seed: str | int, reg_id) -> str:
    data = f"{ALGORITHM}\x1f{seed}\x1f{reg_id}".encode()
    return hashlib.sha256(data).hexdigest()


def draw_lots(registration_ids: Sequence[int | str], seed: str | int) -> dict:
    """{registration id: player number 1..N} from the seed."""
    ids = list(registration_ids)
    if len({str(i) for i in ids}) != len(ids):
        raise ValueError("registration ids must be distinct")
    if seed is None or str(seed) == "":
        raise ValueError("a seed is required (use new_seed())")
    order = sorted(ids, key=lambda i: (_key(seed, i), str(i)))
    return {reg: k for k, reg in enumerate(order, 1)}


def lot_order(ids: Sequence[int | str], seed: str | int) -> list:
    """The ids in the order the draw gives them (its number 1 first): how a lot decides a tie
    among players, re-run by anyone from the printed seed (``python -m seating lot``)."""
    lots = draw_lots(ids, seed)
    return sorted(lots, key=lots.__getitem__)


def verify_lots(registration_ids: Sequence[int | str], seed: str | int,
                lots: Mapping) -> bool:
    """True if ``lots`` is exactly the draw for these ids and seed."""
    return dict(lots) == draw_lots(registration_ids, seed)
