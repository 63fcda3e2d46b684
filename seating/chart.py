"""Text rendering of a chart in the layout of Appendix 3 (Table Rotation)."""

from __future__ import annotations

from collections.abc import Sequence

_WORDS = ("One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
          "Eleven", "Twelve", "Thirteen", "Fourteen", "Fifteen", "Sixteen", "Seventeen",
          "Eighteen", "Nineteen", "Twenty")


def game_name(k: int) -> str:
    return f"Game {_WORDS[k - 1]}" if 1 <= k <= len(_WORDS) else f"Game {k}"


def _cell(p: int) -> str:
    return "sub" if p <= 0 else str(p)


def render_chart(sessions: Sequence[Sequence[Sequence[int]]], title: str = "Table Rotation") -> str:
    """Two games side by side, one row per table: Table | A B C D."""
    width = max([len(_cell(p)) for s in sessions for t in s for p in t] + [3])
    block_w = 7 + 4 * (width + 1)
    lines = ["Chart for Table Rotation", title, ""]
    for first in range(0, len(sessions), 2):
        pair = list(range(first, min(first + 2, len(sessions))))
        lines.append("".join(game_name(k + 1).ljust(block_w + 3) for k in pair).rstrip())
        lines.append("".join(("Table  Player Numbers").ljust(block_w + 3) for _ in pair).rstrip())
        rows = max(len(sessions[k]) for k in pair)
        for r in range(rows):
            parts = []
            for k in pair:
                if r < len(sessions[k]):
                    t = sessions[k][r]
                    parts.append((f"{r + 1:>5}  " + " ".join(_cell(p).rjust(width) for p in t))
                                 .ljust(block_w + 3))
                else:
                    parts.append(" " * (block_w + 3))
            lines.append("".join(parts).rstrip())
        lines.append("")
    lines.append("Seat order A B C D; A is East in the first round. 'sub' = substitute seat.")
    return "\n".join(lines)
