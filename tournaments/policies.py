"""Who may do what: one named, object-aware answer per action, and no other module decides a
role question.

The services enforce these answers (through `roles.require`); the admin's `has_*_permission`
and querysets, the API's querysets and checks, the player pages and the printed forms ask them
too, so every door gives the same answer (tests/test_policy_matrix.py holds admin and API to
it). What is open *now* also depends on the object's state: `tournaments.services.actions`
combines these answers with the state rules.

The roles (tournaments.roles):
- organiser: registration, lots, seating, the sessions' schedule, printing forms;
- umpire: hands, fouls, check-ins and sign-off of the sheets assigned to him, until signed;
- chief umpire (director): holds the organiser's rights too; starts and ends sessions,
  assigns umpires, countersigns, corrects, decides sanctions, links logins to players;
- arbitration committee: reads every sheet, foul and appeal, and rules on appeals (3.12.4);
- player (and a team's captain): his own results and sheets, his confirmations, his appeals;
- score desk: reads the sheets of started sessions and keys in whole paper sheets, twice, by
  two clerks (the desk app); no single hand through the umpire's doors.
"""

from django.contrib.auth import get_user_model
from django.db.models import Exists, OuterRef, Q, QuerySet

from tournaments.roles import (
    ROLE_GROUPS,
    STAFF_ROLES,
    Role,
    captain_of,
    has_role,
    is_committee,
    is_director,
    is_organiser,
    player_of,
)

# -- roles as a whole ----------------------------------------------------------------------------


def is_staff_member(user) -> bool:
    """Holds one of the staff roles that run the event (organiser, umpire, chief umpire,
    committee): they read sanctions, check-ins, exports and correction reasons. The score
    desk keys in paper sheets and nothing else (issue 27), so it is not one of them."""
    return any(has_role(user, role) for role in STAFF_ROLES if role != Role.SCORE_DESK)


def may_use_admin_lists(user) -> bool:
    """The admin's lists open to active staff logins; each list shows only the rows the login
    may read (a staff login without a role: none)."""
    return bool(user.is_active and user.is_staff)


# -- the tournament and its registration --------------------------------------------------------


def may_organise(user) -> bool:
    """Create a tournament, register players and teams, import them, withdraw a player,
    register a substitute, draw lots, seat the players, schedule sessions (the organiser; the
    chief umpire holds his rights)."""
    return is_organiser(user)


def may_run_sessions(user) -> bool:
    """Start and end a session, correct its end: the chief umpire announces the time and the
    gong (rule 3.5.6)."""
    return is_director(user)


def may_reopen_tournament(user) -> bool:
    return is_director(user)


def may_correct_registration(user) -> bool:
    """Change a player's name, number or team once results depend on it (a finished tournament
    or a signed sheet): a director's correction with a reason."""
    return is_director(user)


def may_read_registration_corrections(user) -> bool:
    """The list of registration corrections (with their reasons): the staff."""
    return may_use_admin_lists(user) and is_staff_member(user)


def may_read_registration_correction_reason(viewer, table_session=None) -> bool:
    """A registration correction's written reason, on the verify page: the staff; for a
    printed score sheet (`table_session`) also the players of that table. The public page says
    only that it happened, when and by which role."""
    if viewer is None or not viewer.is_authenticated:
        return False
    if is_staff_member(viewer):
        return True
    if table_session is None:
        return False
    return readable_sheets(viewer).filter(pk=table_session.pk).exists()


def may_link_login(user) -> bool:
    """Link a login to a player record: only the chief umpire, since an organiser linking his
    own login could confirm sheets as the player."""
    return is_director(user)


def may_act_as_player(login) -> bool:
    """A login may be linked to a player record only if it holds the role player."""
    return has_role(login, Role.PLAYER)


def may_read_player_login(user) -> bool:
    return is_organiser(user)


def may_accept_oath(user, player) -> bool:
    """The organiser records the Player's Oath (Appendix 2); the player accepts it himself."""
    return is_organiser(user) or is_the_player(user, player)


def may_read_dashboard(user) -> bool:
    return is_organiser(user) or is_committee(user)


# -- score sheets ------------------------------------------------------------------------------


def reads_every_sheet(user) -> bool:
    """The chief umpire, the organisers and the arbitration committee read every sheet."""
    return is_organiser(user) or is_committee(user)


def readable_sheets(user, queryset: QuerySet | None = None, *, players: bool = True) -> QuerySet:
    """The sheets this login may read: every one (`reads_every_sheet`), the umpire's own, and
    (unless `players=False`) a player's own tables, including one where he lost his seat."""
    from tournaments.models import TableSession

    queryset = TableSession.objects.all() if queryset is None else queryset
    if reads_every_sheet(user):
        return queryset
    allowed = Q(pk__in=[])
    if has_role(user, Role.UMPIRE):
        allowed |= Q(umpire=user)
    if has_role(user, Role.SCORE_DESK):  # the paper sheets handed in once play started
        allowed |= Q(session__actual_start__isnull=False)
    if players and user is not None and user.is_authenticated and user.is_active:
        own = TableSession.objects.filter(
            Q(seats__player__user=user) | Q(seats__replaced_player__user=user)
        ).values("pk")
        allowed |= Q(pk__in=own)
    return queryset.filter(allowed)


def may_read_sheet(user, sheet, *, players: bool = True) -> bool:
    if reads_every_sheet(user) or _is_its_umpire(user, sheet):
        return True
    return readable_sheets(user, type(sheet).objects.filter(pk=sheet.pk), players=players).exists()


def umpires_sheet(user, sheet) -> bool:
    """Enters hands, fouls and confirmations, signs: the umpire assigned to this sheet, or the
    chief umpire, who umpires every sheet."""
    return is_director(user) or _is_its_umpire(user, sheet)


def may_use_umpire_home(user) -> bool:
    """The umpire's home (/umpire/): active staff umpires and the chief umpire."""
    return may_use_admin_lists(user) and (has_role(user, Role.UMPIRE) or is_director(user))


def umpired_sheets(user, queryset: QuerySet | None = None) -> QuerySet:
    """The sheets this login umpires (`umpires_sheet`): every one for the chief umpire, his
    own for an umpire, none for anyone else."""
    from tournaments.models import TableSession

    queryset = TableSession.objects.all() if queryset is None else queryset
    if is_director(user):
        return queryset
    if has_role(user, Role.UMPIRE):
        return queryset.filter(umpire=user)
    return queryset.none()


def _is_its_umpire(user, sheet) -> bool:
    """The umpire assigned to this sheet (what `readable_sheets` lets him read, asked of the
    row in hand rather than of the database)."""
    return (
        has_role(user, Role.UMPIRE) and sheet.umpire_id is not None and sheet.umpire_id == user.pk
    )


def may_check_in(user, sheet) -> bool:
    """Arrivals: the umpire of the table, the chief umpire, or an organiser at the door."""
    return umpires_sheet(user, sheet) or is_organiser(user)


def may_confirm_for(user, sheet, player) -> bool:
    """A player confirms his own sheet; the umpire records any player's confirmation."""
    return is_the_player(user, player) or umpires_sheet(user, sheet)


def may_sign_off(user, sheet) -> bool:
    """Takes part in a sheet's sign-off: its players (their confirmations), its umpire, the
    chief umpire (countersigning)."""
    if umpires_sheet(user, sheet):
        return True
    own = readable_sheets(user, type(sheet).objects.filter(pk=sheet.pk), players=True)
    return has_role(user, Role.PLAYER) and own.exists()


def may_countersign(user) -> bool:
    return is_director(user)


def may_correct(user) -> bool:
    """A signed sheet changes only by the chief umpire's correction, with a reason."""
    return is_director(user)


def may_assign_umpire(user) -> bool:
    return is_director(user)


def assignable_umpires() -> QuerySet:
    """Who may be given a sheet: active staff umpires, chief umpires and superusers."""
    umpiring = [ROLE_GROUPS[Role.UMPIRE], ROLE_GROUPS[Role.CHIEF_UMPIRE]]
    return (
        get_user_model()
        .objects.filter(is_staff=True, is_active=True)
        .filter(Q(groups__name__in=umpiring) | Q(is_superuser=True))
        .distinct()
    )


# -- the score desk (the desk app) --------------------------------------------------------------


def may_use_score_desk(user) -> bool:
    """Key in whole paper score sheets at the score desk: a score-desk clerk, or the chief
    umpire. An umpire's single hands are not theirs (`umpires_sheet`)."""
    return has_role(user, Role.SCORE_DESK) or is_director(user)


def may_key_at_desk(user, sheet) -> bool:
    """Key in this paper sheet at the score desk: `may_use_score_desk`, the sheet's session
    started (nothing is played before, rule 3.5.6), and no play recorded on it by an umpire (a
    hand or a foul; a late arrival follows from the check-in and does not count): a sheet is
    kept either by its umpire or at the desk, never by both. (A sheet the desk recorded has its
    hands too: it is not keyed twice.)"""
    if not may_use_score_desk(user) or sheet.session.actual_start is None:
        return False
    return not sheet_has_play(sheet)


def sheet_has_play(sheet) -> bool:
    """A hand or a foul is recorded on the sheet (late arrivals, which follow from the
    check-in, aside)."""
    from tournaments.models import Hand, Penalty

    if Hand.objects.filter(table_session_id=sheet.pk).exists():
        return True
    fouls = Penalty.objects.filter(table_session_id=sheet.pk)
    return fouls.exclude(kind=Penalty.Kind.LATE_ARRIVAL).exists()


def may_accept_desk_entry(user) -> bool:
    """Record a sheet from one desk entry alone, with a reason (no second entry agrees): the
    chief umpire."""
    return is_director(user)


def may_read_desk_entries(user, sheet) -> bool:
    """The desk entries of a sheet: the score desk and the chief umpire, and those who read
    every sheet (organisers, the committee)."""
    if not may_read_sheet(user, sheet, players=False):
        return False
    return may_use_score_desk(user) or reads_every_sheet(user)


def may_read_other_clerks_entries(user) -> bool:
    """What another clerk keyed, before it is recorded: not a clerk (he would copy it rather
    than read the paper), but the chief umpire and those who read every sheet."""
    return reads_every_sheet(user)


def visible_sheet_rows(user, queryset: QuerySet, sheet_path: str = "table_session") -> QuerySet:
    """Rows hanging off a sheet (hands, penalties, confirmations, results, corrections) that
    this login may read as staff: all for those reading every sheet, an umpire's own."""
    if reads_every_sheet(user):
        return queryset
    sheets = readable_sheets(user, players=False).values("pk")
    return queryset.filter(**{f"{sheet_path}__in": sheets})


def visible_check_ins(user, queryset: QuerySet) -> QuerySet:
    """Check-ins this login may read as staff: all, or those of players of the umpire's own
    tables in that session."""
    from tournaments.models import Seat

    if reads_every_sheet(user):
        return queryset
    sheets = readable_sheets(user, players=False).values("pk")
    seated = Seat.objects.filter(table_session__in=sheets, session=OuterRef("session")).filter(
        Q(player=OuterRef("player")) | Q(replaced_player=OuterRef("player"))
    )
    return queryset.filter(Exists(seated))


# -- fouls, sanctions, appeals -----------------------------------------------------------------


def may_read_fouls(user) -> bool:
    """The Record of Fouls (Appendix 6): the chief umpire, organisers and the committee."""
    return reads_every_sheet(user)


def may_read_sanctions(user) -> bool:
    return is_staff_member(user)


def may_decide_sanction(user) -> bool:
    return is_director(user)


def may_read_every_appeal(user) -> bool:
    return is_committee(user) or is_director(user)


def may_rule_on_appeal(user) -> bool:
    """Only the arbitration committee rules (3.12.4)."""
    return is_committee(user)


def appeal_capacity(user, player) -> str | None:
    """How this login may file an appeal for this player: "player", "captain", "paper" (the
    chief umpire entering a written appeal handed in on paper) or None (3.12.1)."""
    if is_the_player(user, player):
        return "player"
    if captain_of(user, player):
        return "captain"
    if appeal_files_on_paper(user):
        return "paper"
    return None


def appeal_files_on_paper(user) -> bool:
    """The chief umpire enters a written appeal (or withdrawal) handed in on paper."""
    return is_director(user)


def may_withdraw_appeal(user, appeal) -> bool:
    """Whoever filed it, the player concerned, his captain, or the chief umpire."""
    filed_it = user.is_active and appeal.filed_by_id == user.pk
    return filed_it or is_director(user) or is_appellant(user, appeal.player)


def is_appellant(user, player) -> bool:
    """The player himself or his team's captain."""
    return is_the_player(user, player) or captain_of(user, player)


def is_captain(user, player) -> bool:
    return captain_of(user, player)


# -- the standings ---------------------------------------------------------------------------------


def may_read_standings(user, tournament, player=None) -> bool:
    """The tournament's standings (rule 3.10), which the director may hold back until he
    publishes them (`Tournament.standings_public`): once published, everyone (the public
    pages ask with `user=None`). While held, the staff who run the event; a player reads his
    own row only (`player`: the row asked for, his own), on his own page. The API's
    standings, their downloads (standings.csv and .json, the EMA files), the public pages,
    the statistics, the series and the players' own pages all ask this."""
    if tournament.standings_public:
        return True
    if user is None or not user.is_authenticated or not user.is_active:
        return False
    if is_staff_member(user):
        return True
    return player is not None and is_the_player(user, player)


# -- exports, printed forms, jobs, the verify page ------------------------------------------------


def may_export(user, what: str) -> bool:
    """Staff download the standings and the hands (an umpire only his tables' hands); a player
    the standings only."""
    if is_staff_member(user):
        return True
    return what == "standings" and has_role(user, Role.PLAYER)


def may_print(user, kind: str) -> bool:
    """Organisers and the chief umpire print the forms (`kind` names one; reports.printing
    knows which exist); the Record of Fouls and appeal records also the committee; the
    whole-tournament bundle ("all") only the chief umpire. `user=None` is the system's
    operator at the command line."""
    if user is None:
        return True
    if kind == "all":
        return is_director(user)
    if kind == "appeal":
        return may_read_every_appeal(user)
    if kind == "fouls":
        return may_read_fouls(user)
    return is_organiser(user)


def may_use_jobs(user) -> bool:
    return may_use_admin_lists(user) and is_staff_member(user)


def may_view_job(user, job) -> bool:
    """Who asked for it, and the chief umpire, see, download and retry a job."""
    if user is None or not user.is_active or not user.is_authenticated:
        return False
    return job.requested_by_id == user.pk or is_director(user)


def visible_jobs(user, queryset: QuerySet) -> QuerySet:
    return queryset if is_director(user) else queryset.filter(requested_by=user)


def may_read_correction_reason(viewer, correction) -> bool:
    """A correction's written reason is for the staff and the players of that table; the public
    page says only that it happened, when and by which role."""
    if viewer is None or not viewer.is_authenticated:
        return False
    if is_staff_member(viewer):
        return True
    return readable_sheets(viewer).filter(pk=correction.table_session_id).exists()


def is_the_player(user, player) -> bool:
    """This login is the player's own (linked to his record)."""
    own = player_of(user, player.tournament)
    return own is not None and own.pk == player.pk


# -- players entering their own table (the player_entry app) -------------------------------------


def players_enter_hands(tournament) -> bool:
    """The tournament lets the players of a table enter its hands on their phones (its
    `hand_entry` setting: players, or both): points, or the tiles where they are recorded."""
    return tournament.hand_entry in ("players", "both")


def umpire_enters_hands(user, sheet) -> bool:
    """Enters the hands of this sheet through the umpire's doors: its umpire, unless the
    tournament has its players enter them (`hand_entry` players: then he settles their
    disputes, `may_settle_entry`), points or tiles alike, since the phones enter the tiles with
    the same picker; the chief umpire always."""
    if is_director(user):
        return True
    players_only = sheet.session.tournament.hand_entry == "players"
    return umpires_sheet(user, sheet) and not players_only


def may_enter_at_table(player, sheet) -> bool:
    """A player enters, confirms or disputes a hand of this sheet: the tournament lets players
    enter, and it is his table in the running session (the latest started where he holds a
    seat now, not one he lost to a substitute): an older session's sheet is the umpire's."""
    from tournaments.models import Seat

    if not players_enter_hands(sheet.session.tournament) or player.tournament_id is None:
        return False
    running = (
        Seat.objects.filter(player_id=player.pk, session__actual_start__isnull=False)
        .order_by("-session__number")
        .values_list("table_session_id", flat=True)
        .first()
    )
    return running == sheet.pk


def may_settle_entry(user, sheet) -> bool:
    """Settles a disputed entry of this sheet (records it, or rejects it): its umpire or the
    chief umpire, as for every hand of the sheet."""
    return umpires_sheet(user, sheet)


def may_manage_player_links(user) -> bool:
    """Lists, prints and revokes the players' personal links: the organisers (the chief
    umpire among them)."""
    return is_organiser(user)


# -- the umpire rota (issue 29) -------------------------------------------------------------------


def may_read_umpire_rota(user) -> bool:
    """Which umpire keeps which table in each session: the staff who run the event
    (organisers, umpires, chief umpires, the committee); the chief umpire alone assigns them
    (`may_assign_umpire`)."""
    return is_staff_member(user)


# -- the tournament's archive in the browser (issue 29) -------------------------------------------


def may_backup_tournament(user) -> bool:
    """Download the whole tournament's archive (every record, personal data included, the
    file `export_tournament` writes): the chief umpire (superusers too)."""
    return is_director(user)


def may_restore_tournament(user) -> bool:
    """Restore an archive as a new tournament from the browser (what `import_tournament`
    does): the chief umpire (superusers too)."""
    return is_director(user)
