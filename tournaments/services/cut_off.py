"""A tie at the final's cut-off is decided, never by the player number (rule 3.10.1).

Seeding a final session (`tournaments.services.seating.seating_seed_final_session`) takes the
players advancing from the official standings through `cut_off_ranking`: where players sharing
a place straddle the number advancing, it refuses (CutOffTied, 409, naming the tied players
and their places) until the organiser records how the tie is decided, by
`cut_off_decide_by_lot` (a lot drawn from a printed seed anyone can re-run) or
`cut_off_decide_by_play_off` (the play-off's result and its order); the seeding then takes
the tied players in that order. The tie itself is read by `tournaments.selectors.cut_off`.
"""

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import policies, roles, seating_adapter
from tournaments.errors import TournamentError
from tournaments.live import live_touch
from tournaments.models import CutOffDecision, TableSession, Tournament
from tournaments.selectors.cut_off import (
    CutOffTie,
    cut_off_decision_of,
    cut_off_tie_in,
    next_final_session,
    seeding_candidates,
    tie_points,
)
from tournaments.selectors.standings import standings_compute
from tournaments.services.registration import text_problem


class CutOffTied(TournamentError):
    """Seeding refused: players share a place across the cut-off and no decision of that tie
    is recorded. `tie` is it (`tournaments.selectors.cut_off.CutOffTie`)."""

    field = "cut_off"  # the API's error names what to record

    def __init__(self, tie: CutOffTie):
        self.tie = tie
        message = ngettext(
            "Places %(first)s to %(last)s are tied at the cut-off of session %(session)s "
            "(%(finalists)s players advancing), equal on table points (%(tp)s) and contest "
            "points (%(cp)s), rule 3.10.1: %(players)s; %(n)s of them advances. Record how the "
            "tie is decided (a play-off's result, or a lot drawn from a printed seed), then "
            "seed again.",
            "Places %(first)s to %(last)s are tied at the cut-off of session %(session)s "
            "(%(finalists)s players advancing), equal on table points (%(tp)s) and contest "
            "points (%(cp)s), rule 3.10.1: %(players)s; %(n)s of them advance. Record how the "
            "tie is decided (a play-off's result, or a lot drawn from a printed seed), then "
            "seed again.",
            tie.advancing,
        ) % {
            "first": tie.first_place,
            "last": tie.last_place,
            "session": tie.session,
            "finalists": tie.finalists,
            "tp": tie_points(tie),
            "cp": tie.contest_points,
            "players": ", ".join(str(p) for p in tie.players),
            "n": tie.advancing,
        }
        super().__init__(message, code="invalid_state")


class CutOffInputRefused(TournamentError):
    """A decision's input is refused (`field`: seed, result or order); nothing recorded."""

    def __init__(self, message: str, *, field: str):
        super().__init__(message)
        self.field = field


def _check_organiser(user) -> None:
    if user is not None:
        roles.require(
            policies.may_organise(user),
            _("Only an organiser seeds the final stage and records how a tie is decided."),
        )


def _check_every_sheet_signed(tournament: Tournament) -> None:
    """The final stage is seeded from official standings, which count signed sheets only
    (Appendix 5): refuse while a sheet of an earlier session is not signed, naming it."""
    unsigned = TableSession.objects.filter(session__tournament=tournament).exclude(
        status__in=(TableSession.Status.SIGNED, TableSession.Status.FINAL)
    )
    names = [
        _("session %(session)s table %(table)s") % {"session": s, "table": t}
        for s, t in unsigned.order_by("session__number", "table__number").values_list(
            "session__number", "table__number"
        )
    ]
    if names:
        raise TournamentError(
            _(
                "The final stage is seeded from official standings, which count signed sheets "
                "only; not signed yet: %(sheets)s."
            )
            % {"sheets": ", ".join(names)},
            code="invalid_state",
        )


def final_session_to_seed(tournament: Tournament, finalists: int | None) -> tuple[int, int]:
    """The number of the final session a seeding adds and how many players advance to it;
    refused for a round robin, without a number advancing (a multiple of four), once every
    session exists, and while a sheet is not signed."""
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        raise TournamentError(_("A round-robin tournament has no seeded final stage."))
    count = finalists or tournament.finalists
    if not count or count % 4:
        raise TournamentError(_("Set the number of players advancing (a multiple of four)."))
    number = next_final_session(tournament)
    if number > tournament.sessions_planned:
        raise TournamentError(
            _("All %(n)s sessions already exist.") % {"n": tournament.sessions_planned}
        )
    _check_every_sheet_signed(tournament)
    return number, count


def _standings(tournament: Tournament, count: int):
    """The official standings' rows, refused when fewer than `count` players may advance."""
    rows = standings_compute(tournament=tournament).players
    candidates = len(seeding_candidates(rows))
    if candidates < count:
        raise TournamentError(_("Only %(n)s players can advance.") % {"n": candidates})
    return rows


def cut_off_ranking(*, tournament: Tournament, count: int, session: int) -> list[int]:
    """The numbers of the `count` players advancing to final session `session`, in seeding
    order: the official standings, a tie across the cut-off in the order its recorded decision
    gives (CutOffTied while none is recorded)."""
    rows = _standings(tournament, count)
    numbers = [row.number for row in seeding_candidates(rows)]
    tie = cut_off_tie_in(rows, finalists=count, session=session)
    if tie is not None:
        decision = cut_off_decision_of(tournament, tie)
        if decision is None:
            raise CutOffTied(tie)
        numbers[tie.start : tie.start + len(tie.players)] = decision.order
    return numbers[:count]


def _tie_to_decide(tournament: Tournament, finalists: int | None) -> CutOffTie:
    number, count = final_session_to_seed(tournament, finalists)
    tie = cut_off_tie_in(_standings(tournament, count), finalists=count, session=number)
    if tie is None:
        raise TournamentError(
            _(
                "No players share a place across the cut-off of session %(session)s "
                "(%(finalists)s players advancing): there is no tie to decide."
            )
            % {"session": number, "finalists": count},
            code="invalid_state",
        )
    decided = cut_off_decision_of(tournament, tie)
    if decided is not None:
        raise TournamentError(
            _("This tie is already decided (%(how)s); a decision is recorded once.")
            % {"how": decided.get_method_display()},
            code="invalid_state",
        )
    return tie


def _record(tie: CutOffTie, tournament: Tournament, user, **how) -> CutOffDecision:
    decision = CutOffDecision.objects.create(
        tournament=tournament,
        session_number=tie.session,
        finalists=tie.finalists,
        first_place=tie.first_place,
        last_place=tie.last_place,
        advancing=tie.advancing,
        decided_by=user,
        **how,
    )
    live_touch(tournament.pk)
    return decision


def _text(value: str, field: str, missing: str) -> str:
    value = (value or "").strip()
    problem = text_problem(CutOffDecision, field, value)
    if problem:
        raise CutOffInputRefused(problem, field=field)
    if not value:
        raise CutOffInputRefused(missing, field=field)
    return value


@transaction.atomic
def cut_off_decide_by_lot(
    *, tournament: Tournament, seed: str | None = None, finalists: int | None = None, user=None
) -> CutOffDecision:
    """Decide the tie at the cut-off of the next final session by lot: the tied players'
    numbers in the order the seed draws them (`seating.lot_order`, the draw of lots' own
    algorithm), the seed recorded to be printed and re-run by anyone. No seed: a fresh one."""
    _check_organiser(user)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    tie = _tie_to_decide(tournament, finalists)
    seed = (seed or "").strip() or seating_adapter.new_seed()
    seed = _text(seed, "seed", _("Give the lot's seed."))
    order = seating_adapter.lot_order(tie.numbers, seed)
    return _record(tie, tournament, user, method=CutOffDecision.Method.LOT, seed=seed, order=order)


@transaction.atomic
def cut_off_decide_by_play_off(
    *,
    tournament: Tournament,
    order: list[int],
    result: str,
    finalists: int | None = None,
    user=None,
) -> CutOffDecision:
    """Record the play-off that decided the tie at the cut-off of the next final session: its
    result as the organiser writes it, and the tied players' numbers in the order it placed
    them (each of them once)."""
    _check_organiser(user)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    tie = _tie_to_decide(tournament, finalists)
    result = _text(result, "result", _("Write the play-off's result."))
    if sorted(order) != sorted(tie.numbers) or len(set(order)) != len(order):
        raise CutOffInputRefused(
            _(
                "Give the tied players' numbers, each once, in the order the play-off placed "
                "them: %(numbers)s."
            )
            % {"numbers": ", ".join(str(n) for n in tie.numbers)},
            field="order",
        )
    return _record(
        tie, tournament, user, method=CutOffDecision.Method.PLAY_OFF, result=result, order=order
    )
