"""The demo's session played on paper (issue 27): its tables have no umpire entering hands;
the players fill in the paper score sheet, and after the gong the score desk keys each sheet
twice. The umpire of each table then signs it, as at a real event.

Tournaments never imports the desk: the desk registers how it keys a paper
(`demo_paper_keyer_register`, from its AppConfig.ready). Without a keyer (the desk app not
installed) the demo plays that session at the tablets like the others.
"""

from collections.abc import Callable

from tournaments import scoring_adapter
from tournaments.models import Hand, TableSession

# The session keyed at the desk: the third, the first day's afternoon.
PAPER_SESSION = 3

# keyer(papers): record each (sheet, paper) pair, a paper being the desk's entry body
# ({"hands": [...], "penalties": [...], "confirmed": [...]}).
PaperKeyer = Callable[[list[tuple[TableSession, dict]]], None]
_KEYERS: list[PaperKeyer] = []


def demo_paper_keyer_register(keyer: PaperKeyer) -> None:
    """The way the demo's paper session is keyed (the desk's AppConfig.ready; once)."""
    if keyer not in _KEYERS:
        _KEYERS.append(keyer)


def demo_paper_keyer() -> PaperKeyer | None:
    return _KEYERS[-1] if _KEYERS else None


def paper_of(plan: list) -> dict:
    """What the players wrote on the paper for the planned hands (builder.PlannedHand): each
    win's points and flowers (the scoring core's count of its tiles, which the players made at
    the table), the fouls in the Record of Fouls, and the four signatures."""
    hands, penalties = [], []
    for hand in plan:
        for position, kind, details in hand.fouls:
            penalties.append(
                {"offender": position, "kind": kind, "hand_number": hand.number, **details}
            )
        if hand.outcome != Hand.Outcome.WIN:
            hands.append({"outcome": hand.outcome})
            continue
        hands.append(
            {
                "outcome": hand.outcome,
                "winner": hand.winner,
                "discarder": hand.discarder,
                "points": scoring_adapter.hand_points(hand.tiles),
                "flowers": hand.tiles["flowers"],
            }
        )
    return {"hands": hands, "penalties": penalties, "confirmed": ["A", "B", "C", "D"]}
