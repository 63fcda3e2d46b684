"""The result of scoring a hand, in the JSON shape of ``hand-format.md``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

MINIMUM_POINTS = 8  # rule 3.9.1.1: at least 8 points, flowers not counted


@dataclass(frozen=True, slots=True)
class FanScore:
    """One fan scored: rulebook number, English name, points per unit, how many units."""

    id: int
    name: str
    points: int
    count: int = 1

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "points": self.points, "count": self.count}


@dataclass(frozen=True, slots=True)
class Issue:
    """Why a hand was refused: a machine code and a message an umpire can act on."""

    code: str
    message: str
    # the facts of the message as data (scoring.errors.HandError.params); not in to_dict
    params: dict = field(default_factory=dict, compare=False)

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


@dataclass(frozen=True, slots=True)
class ExplanationItem:
    """Which sets or tiles one fan was scored on."""

    fan_id: int
    name: str
    text: str

    def __iter__(self):  # so an item unpacks as (fan id, name, text)
        return iter((self.fan_id, self.name, self.text))


@dataclass(slots=True)
class ScoreResult:
    """The score of one hand. ``explanation`` and ``shape`` are not part of
    :meth:`to_dict`."""

    winning: bool
    fans: list[FanScore] = field(default_factory=list)
    points: int = 0
    flowers: int = 0
    total: int = 0
    meets_minimum: bool = False
    errors: list[Issue] = field(default_factory=list)
    # what each unit of the fans was scored on, (fan, detail) (see scoring.combine.Item)
    raw_items: tuple = field(default=(), repr=False, compare=False)
    # the reading chosen (scoring.combine.Scored), its text made when first asked
    raw_shape: Any = field(default=None, repr=False, compare=False)

    @property
    def explanation(self) -> list[ExplanationItem]:
        """For each fan unit, which sets or tiles it was scored on."""
        from .explain import explanation_items

        return explanation_items(self.raw_items)

    @property
    def shape(self) -> str:
        """The winning shape and decomposition chosen, e.g. ``four sets and a pair: ...``."""
        return self.raw_shape.shape_text() if self.raw_shape is not None else ""

    def to_dict(self) -> dict[str, Any]:
        """Exactly the result object of hand-format.md (no explanation)."""
        return {
            "winning": self.winning,
            "fans": [f.to_dict() for f in self.fans],
            "points": self.points,
            "flowers": self.flowers,
            "total": self.total,
            "meets_minimum": self.meets_minimum,
            "errors": [e.to_dict() for e in self.errors],
        }

    @classmethod
    def refused(cls, code: str, message: str, params: dict | None = None) -> ScoreResult:
        return cls(winning=False, errors=[Issue(code, message, params or {})])
