"""Seeded sessions for final stages: seat by current ranking.

``straight``: ranks 1-4 at table 1, 5-8 at table 2, ...
``snake``: the ranking is cut into four bands of T players (T tables); band
1 goes to tables 1..T in order, band 2 to tables T..1, band 3 to 1..T, band 4
to T..1, so each table gets one player of each band and the band sums are
balanced.  Within a table the better-ranked player takes seat A.
"""

from __future__ import annotations

from collections.abc import Sequence


def seeded_session(ranking: Sequence[int], *, method: str = "straight"):
    """One session (tuple of tables in seat order A..D) from a ranking."""
    players = [int(p) for p in ranking]
    if len(players) % 4 or not players:
        raise ValueError("ranking must list a positive multiple of 4 players")
    if len(set(players)) != len(players):
        raise ValueError("ranking has duplicate players")
    n_tables = len(players) // 4
    if method == "straight":
        return tuple(tuple(players[4 * t:4 * t + 4]) for t in range(n_tables))
    if method == "snake":
        tables: list[list[int]] = [[] for _ in range(n_tables)]
        for band in range(4):
            members = players[band * n_tables:(band + 1) * n_tables]
            order = range(n_tables) if band % 2 == 0 else range(n_tables - 1, -1, -1)
            for t, p in zip(order, members, strict=True):
                tables[t].append(p)
        return tuple(tuple(t) for t in tables)
    raise ValueError(f"unknown method {method!r} (use 'straight' or 'snake')")
