"""Readable explanations: for each fan, the sets or tiles it was scored on."""

from __future__ import annotations

from .fans import FANS, fan_points, public_id
from .result import ExplanationItem, ScoreResult
from .tiles import tiles_code


def detail_text(detail: object) -> str:
    """A fan's detail as text: ``("chows", (0, 9))`` -> ``123m 123p``; a phrase as is."""
    if isinstance(detail, tuple) and len(detail) == 2 and isinstance(detail[0], str):
        kind, tiles = detail
        if kind == "chows":
            return " ".join(tiles_code((t, t + 1, t + 2)) for t in tiles)
        if kind == "pungs":
            return " ".join(tiles_code((t,) * 3) for t in tiles)
        if kind == "kongs":
            return " ".join(tiles_code((t,) * 4) for t in tiles)
        return tiles_code(tiles)
    return str(detail)


def explanation_items(items: tuple) -> list[ExplanationItem]:
    out = []
    for fan, detail in sorted(items, key=lambda it: public_id(it[0])):
        fid = public_id(fan)
        name = FANS[fid].name
        text = detail_text(detail)
        if fan != fid:
            text += f" (one melded and one concealed kong: {fan_points(fan)} points in all)"
        out.append(ExplanationItem(fid, name, text))
    return out


def render(result: ScoreResult) -> str:
    """A plain-text breakdown of a result, for ``python -m scoring explain``."""
    lines: list[str] = []
    if not result.winning:
        lines.append("Not a valid winning hand:")
        lines.extend(f"  [{e.code}] {e.message}" for e in result.errors)
        return "\n".join(lines)
    if result.shape:
        lines.append(f"Shape: {result.shape}")
    lines.append("Fans:")
    by_fan: dict[int, list[str]] = {}
    for item in result.explanation:
        by_fan.setdefault(item.fan_id, []).append(item.text)
    for f in result.fans:
        units = f" x{f.count}" if f.count > 1 else ""
        sub = f.points * f.count
        lines.append(f"  {f.id:>2} {f.name:<34} {f.points:>3}{units:<4} = {sub:>3}")
        if f.id != 81:
            for text in by_fan.get(f.id, []):
                lines.append(f"       on {text}")
    lines.append(f"Points (without flowers): {result.points}")
    lines.append(f"Flowers: {result.flowers}")
    lines.append(f"Total: {result.total}")
    if result.meets_minimum:
        lines.append("Meets the 8-point minimum.")
    else:
        lines.append("Below the 8-point minimum (flowers do not count): not a valid Hu.")
    return "\n".join(lines)
