"""How the demo's paper session is keyed at the desk (registered in DeskConfig.ready through
tournaments.demo.paper): two clerks, desk1 and desk2, key every sheet; on the first table the
second clerk mistypes a hand's points, sees the difference, and keys the sheet again."""

from django.utils.translation import gettext as _

from desk.services import DIFFER, RECORDED, desk_entry_give
from tournaments.demo.users import demo_login
from tournaments.errors import TournamentError

CLERKS = ("desk1", "desk2")


def _mistyped(paper: dict) -> dict:
    """The paper with the first win's points read wrong (a 3 for an 8, say)."""
    hands = [dict(hand) for hand in paper["hands"]]
    first_win = next(hand for hand in hands if hand["outcome"] == "win")
    first_win["points"] += 10
    return {**paper, "hands": hands}


def desk_demo_key(papers: list) -> None:
    """Key each (sheet, paper) twice; the sheets are recorded when the entries agree."""
    first, second = (demo_login(name) for name in CLERKS)
    for index, (sheet, paper) in enumerate(papers):
        desk_entry_give(table_session=sheet, **paper, user=first)
        if index == 0:
            outcome = desk_entry_give(table_session=sheet, **_mistyped(paper), user=second)
            _expect(outcome.status, DIFFER, sheet)
        outcome = desk_entry_give(table_session=sheet, **paper, user=second)
        _expect(outcome.status, RECORDED, sheet)


def _expect(status: str, expected: str, sheet) -> None:
    if status != expected:
        raise TournamentError(
            _("The demo's desk entry of %(sheet)s came out %(status)s, not %(expected)s.")
            % {"sheet": sheet, "status": status, "expected": expected}
        )
