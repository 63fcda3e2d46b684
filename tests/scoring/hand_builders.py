"""Compact hand builders shared by the fan tests."""


def make(concealed, win, melds=(), **fields):
    """A hand dict: melds as (type, tiles[, concealed]) tuples; East seat, South round."""
    data = {
        "melds": [{"type": m[0], "tiles": m[1], "concealed": len(m) > 2 and m[2]} for m in melds],
        "concealed": concealed,
        "win_tile": win,
        "seat_wind": "E",
        "prevalent_wind": "S",
    }
    data.update(fields)
    return data


def full_hand(concealed, win, melds=(), **fields):
    """:func:`make` with every field of the spec's JSON given: no flag set, East seat and
    round, no flowers (for tests of parsing, where a missing field means something)."""
    return make(
        concealed,
        win,
        melds,
        **{
            "self_drawn": False,
            "last_tile": False,
            "last_wall_tile": False,
            "kong_replacement": False,
            "robbing_kong": False,
            "prevalent_wind": "E",
            "flowers": 0,
            **fields,
        },
    )


def fans(result):
    """The scored fans as {id: count}; fails if the hand was refused."""
    assert result.winning, result.errors
    return {f.id: f.count for f in result.fans}
