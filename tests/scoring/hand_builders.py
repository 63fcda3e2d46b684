"""Compact hand builders shared by the fan tests."""


def make(concealed, win, melds=(), **fields):
    """A hand dict: melds as (type, tiles[, concealed]) tuples; East seat, South round."""
    data = {"melds": [{"type": m[0], "tiles": m[1], "concealed": len(m) > 2 and m[2]}
                      for m in melds],
            "concealed": concealed, "win_tile": win, "seat_wind": "E", "prevalent_wind": "S"}
    data.update(fields)
    return data


def fans(result):
    """The scored fans as {id: count}; fails if the hand was refused."""
    assert result.winning, result.errors
    return {f.id: f.count for f in result.fans}
