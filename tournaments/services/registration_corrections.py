"""Registration corrections: the chief umpire's change to a settled registration, with a reason.

Once results depend on a player's registration (his tournament is finished, or a sheet of his
is signed: `tournaments.services.registration.player_settled`), his name, native name,
registration number and team, and the name of his team, no longer change by an organiser's
edit (issue #26: a team changed after the tournament finished flipped the team standings, and
the verify page said nothing had changed). They change only here: the chief umpire, a written
reason, the values before and after kept in a `RegistrationCorrection`, the reason and the
author in the changed row's history, the live pages touched, and the verify page
(reports.verification) naming the correction to whoever holds a paper printed before.

A director may correct a registration whether or not it is settled: a correction is always
allowed, only an organiser's plain edit is refused.
"""

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import policies, roles
from tournaments.errors import TournamentError
from tournaments.live import live_touch
from tournaments.models import Player, RegistrationCorrection, Team, Tournament
from tournaments.services.penalties import change_reason
from tournaments.services.registration import (
    SETTLED_PLAYER_FIELDS,
    SETTLED_TEAM_FIELDS,
    text_problem,
    tidy_text,
)
from tournaments.texts import clean_text

REASON_MAX_LENGTH = 1000
LARGEST_NUMBER = 2**31 - 1  # a registration number or an id the database's integer holds


class _Refused(TournamentError):
    """A refusal naming the input field at fault (the API reports it as `field`)."""

    def __init__(self, message: str, *, field: str | None = None, code: str = "invalid"):
        super().__init__(message, code=code)
        self.field = field


def _reason(reason: str) -> str:
    return clean_text(
        reason,
        missing=_("A registration correction needs a written reason."),
        invisible=_(
            "The reason shows no visible character: only spaces, zero-width, control or "
            "format characters."
        ),
        field=str(_("reason")),
        max_length=REASON_MAX_LENGTH,
    )


def _team_value(team: Team | None) -> dict | None:
    """A team as a correction keeps it: its name (what the standings print) and its id."""
    return None if team is None else {"id": team.pk, "name": team.name}


def _text(model: type, name: str, value) -> str:
    if not isinstance(value, str):
        raise _Refused(
            _("The %(field)s must be a text.")
            % {"field": model._meta.get_field(name).verbose_name},
            field=name,
        )
    value = tidy_text(value)
    problem = text_problem(model, name, value)
    if problem:
        raise _Refused(problem, field=name)
    return value


def _player_name(value) -> str:
    value = _text(Player, "name", value)
    if not value:
        raise _Refused(_("A player needs a name."), field="name")
    return value


def _registration_number(player: Player, value) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= LARGEST_NUMBER:
        raise _Refused(
            _("The registration number must be a whole number from 1 to %(max)s.")
            % {"max": LARGEST_NUMBER},
            field="registration_number",
        )
    taken = Player.objects.filter(tournament_id=player.tournament_id, registration_number=value)
    other = taken.exclude(pk=player.pk).first()
    if other is not None:
        raise _Refused(
            _("Registration number %(number)s is already %(player)s's.")
            % {"number": value, "player": other.name},
            field="registration_number",
        )
    return value


def _team(player: Player, value) -> Team | None:
    """A team of the player's tournament (a Team or its id), or None: no team."""
    if value is None:
        return None
    team_id = value.pk if isinstance(value, Team) else value
    if isinstance(team_id, bool) or not isinstance(team_id, int):
        raise _Refused(_("Name the team by its id, or null for no team."), field="team")
    team = Team.objects.filter(pk=team_id).first() if 0 < team_id <= LARGEST_NUMBER else None
    if team is None or team.tournament_id != player.tournament_id:
        raise _Refused(
            _("There is no team %(id)s in this tournament.") % {"id": team_id}, field="team"
        )
    return team


def _team_name(team: Team, value) -> str:
    value = _text(Team, "name", value)
    if not value:
        raise _Refused(_("A team needs a name."), field="name")
    clash = Team.objects.filter(tournament_id=team.tournament_id, name__iexact=value)
    if clash.exclude(pk=team.pk).exists():
        raise _Refused(_("There is already a team named %(name)s.") % {"name": value}, field="name")
    return value


def _check_fields(changes: dict, allowed: tuple[str, ...]) -> None:
    if not isinstance(changes, dict):
        raise _Refused(_("Say which fields change, and to what."))
    unknown = sorted(str(name) for name in changes if name not in allowed)
    if unknown:
        raise _Refused(
            _("Only %(allowed)s are corrected here, not %(fields)s.")
            % {"allowed": ", ".join(allowed), "fields": ", ".join(unknown)},
            field=unknown[0],
        )


def _player_changes(player: Player, changes: dict) -> tuple[dict, dict]:
    """Apply the changes to the locked row; the fields' values before and after (those that
    change only)."""
    before, after = {}, {}
    for name in SETTLED_PLAYER_FIELDS:
        if name not in changes:
            continue
        value = changes[name]
        if name == "team":
            team = _team(player, value)
            if (team.pk if team else None) != player.team_id:
                before[name], after[name] = _team_value(player.team), _team_value(team)
                player.team = team
            continue
        if name == "name":
            value = _player_name(value)
        elif name == "native_name":
            value = _text(Player, name, value)
        elif value != player.registration_number:  # the number: checked only if it changes
            value = _registration_number(player, value)
        if value != getattr(player, name):
            before[name], after[name] = getattr(player, name), value
            setattr(player, name, value)
    return before, after


def _team_changes(team: Team, changes: dict) -> tuple[dict, dict]:
    before, after = {}, {}
    if "name" in changes:
        name = _team_name(team, changes["name"])
        if name != team.name:
            before["name"], after["name"] = team.name, name
            team.name = name
    return before, after


@transaction.atomic
def registration_correct(
    *,
    player: Player | None = None,
    team: Team | None = None,
    changes: dict,
    reason: str,
    user,
) -> RegistrationCorrection:
    """The chief umpire corrects a player's name, native name, registration number or team
    (`player`), or a team's name (`team`), with a written reason; the changes name only those
    fields (`{"team": <Team, its id, or None>}` for a team). Refused: another role (403), a
    reason that shows nothing, an unknown field, a registration number another player has, a
    team of another tournament, a team name taken (in any case), and a change to nothing."""
    roles.require(
        policies.may_correct_registration(user),
        _("Only the chief umpire corrects a registration once results depend on it."),
    )
    if (player is None) == (team is None):
        raise _Refused(_("A registration correction is of one player or of one team."))
    reason = _reason(reason)
    tournament_id = (player or team).tournament_id
    # The tournament first, as registration does: a number corrected and a new player's number
    # are serialised (tournaments.services.registration._lock_tournament).
    Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    if player is not None:
        _check_fields(changes, SETTLED_PLAYER_FIELDS)
        locked = Player.objects.select_for_update(of=("self",))  # not the nullable team join
        row = locked.select_related("team").get(pk=player.pk)
        before, after = _player_changes(row, changes)
    else:
        _check_fields(changes, SETTLED_TEAM_FIELDS)
        row = Team.objects.select_for_update().get(pk=team.pk)
        before, after = _team_changes(row, changes)
    if not after:
        raise _Refused(_("The correction changes nothing: the registration already says that."))
    row._change_reason = change_reason(reason)
    row._history_user = user
    row.save()
    correction = RegistrationCorrection.objects.create(
        tournament_id=tournament_id,
        player=row if player is not None else None,
        team=row if team is not None else None,
        before=before,
        after=after,
        reason=reason,
        made_by=user,
    )
    live_touch(tournament_id)
    return correction


def _shown(value) -> str:
    if isinstance(value, dict):
        return str(value.get("name", ""))
    if value is None or value == "":
        return "—"
    return str(value)


def registration_correction_summary(correction: RegistrationCorrection) -> str:
    """One line naming what changed, e.g. `Registration of 3 Ana corrected: team: Dragons →
    Tigers`; a public page may show it (the reason is not in it)."""
    model = Player if correction.player_id else Team
    parts = [
        _("%(field)s: %(before)s → %(after)s")
        % {
            "field": model._meta.get_field(name).verbose_name,
            "before": _shown(correction.before.get(name)),
            "after": _shown(value),
        }
        for name, value in correction.after.items()
    ]
    if correction.player_id:
        subject = _("Registration of %(player)s corrected") % {"player": correction.player}
    else:
        subject = _("Team %(team)s corrected") % {"team": correction.team}
    return f"{subject}: {'; '.join(parts)}"
