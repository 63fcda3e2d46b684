"""The demo's disqualification lifted on appeal (3.11.5, 3.12.1): at the end of the last
session the chief umpire disqualifies the player then third; that player appeals in writing
within the 30 minutes, the committee upholds the appeal, and the chief umpire lifts the
disqualification naming it. The player keeps the place; the sanction stays listed, lifted."""

import datetime

from tournaments.demo import users as demo_users
from tournaments.demo.clock import at
from tournaments.history import acting_as
from tournaments.models import Player, Sanction, Tournament
from tournaments.selectors.standings import standings_compute
from tournaments.services import appeals
from tournaments.services.sanctions import sanction_record, sanction_void


def disqualification_lifted_on_appeal(
    tournament: Tournament, people: demo_users.DemoPeople
) -> None:
    last = tournament.sessions.order_by("-number").first()
    standings = standings_compute(tournament=tournament, live=True)
    player = Player.objects.get(pk=standings.players[2].player_id)
    end = last.actual_end
    with acting_as(people.chief), at(end + datetime.timedelta(minutes=2)):
        sanction = sanction_record(
            player=player,
            kind=Sanction.Kind.DISQUALIFICATION,
            reason="Reported for passing information to a team mate in the last session "
            "(3.11.6.9).",
            session=last,
            user=people.chief,
        )
    with acting_as(people.chief), at(end + datetime.timedelta(minutes=14)):
        appeal = appeals.appeal_file(
            session=last,
            player=player,
            subject="other",
            statement="I spoke to the umpire, not to my team mate: two players of the table "
            "can confirm it.",
            confirmed=True,
            filed_at=end + datetime.timedelta(minutes=12),
            user=people.chief,
        )
    with acting_as(people.committee), at(end + datetime.timedelta(minutes=20)):
        appeals.appeal_start_review(appeal=appeal, user=people.committee)
    with acting_as(people.committee), at(end + datetime.timedelta(minutes=26)):
        appeals.appeal_decide(
            appeal=appeal,
            upheld=True,
            ruling="Upheld: the disqualification is lifted.",
            reasons="The two other players of the table confirm the player spoke to the umpire.",
            user=people.committee,
        )
    with acting_as(people.chief), at(end + datetime.timedelta(minutes=28)):
        sanction_void(
            sanction=sanction,
            reason="Appeal upheld by the committee: no information was passed.",
            appeal=appeal,
            user=people.chief,
        )
