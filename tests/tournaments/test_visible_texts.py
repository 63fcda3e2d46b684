"""Texts people type must show something (issue #26): names, reasons, statements and rulings
made only of zero-width, bidirectional-override or control characters are refused; statements,
rulings and penalty remarks have length limits; a player has at most 3 appeals open at once."""

from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth.models import Group

from tests.tournaments.factories import seated_table
from tournaments.errors import TournamentError
from tournaments.models import Appeal, Penalty, Sanction
from tournaments.roles import ROLE_GROUPS, Role
from tournaments.services.appeals import (
    MAX_OPEN_APPEALS,
    appeal_decide,
    appeal_file,
    appeal_start_review,
    appeal_withdraw,
)
from tournaments.services.penalties import REMARKS_MAX_LENGTH, penalty_record
from tournaments.services.registration import player_create, players_import_csv, team_create
from tournaments.services.sanctions import sanction_record
from tournaments.texts import clean_text, has_visible_text, visible_text

pytestmark = pytest.mark.django_db

INVISIBLE = {
    "zero-width only": "\u200b\u200c\u200d\ufeff",
    "RTL override only": "\u202e",
    "RTL override and zero-width": "\u202e\u200b\u202c",
    "control characters": "\x01\x07\x1b",
    "spaces and a lone combining mark": "  \u0301 ",
    "Hangul filler": "\u3164",
}
VISIBLE = {
    "accents": "José Núñez-Öztürk",
    "CJK": "王小明",
    "Hangul": "김민준",
    "Cyrillic": "Дмитрий Иванов",
    "RTL override inside letters": "Ali \u202eHasan\u202c Ali",
    "zero-width joiner inside": "Ana\u200dMaría",
}


# -- the shared check ------------------------------------------------------------------------


@pytest.mark.parametrize("text", INVISIBLE.values(), ids=INVISIBLE.keys())
def test_invisible_texts_show_nothing(text):
    assert not has_visible_text(text)
    assert visible_text(text) == ""
    with pytest.raises(TournamentError, match="^Say something.$"):
        clean_text(text, missing="Say something.", field="text")


@pytest.mark.parametrize("text", VISIBLE.values(), ids=VISIBLE.keys())
def test_real_text_is_kept_as_typed_inside(text):
    assert has_visible_text(text)
    assert clean_text(f"  {text}\u200b ", missing="x", field="text") == text


def test_an_rtl_override_around_letters_is_accepted_and_dropped_from_the_ends():
    assert has_visible_text("\u202eAli\u202c")
    assert clean_text("\u202eAli\u202c", missing="x", field="name") == "Ali"


def test_clean_text_refuses_nul_and_length_naming_the_field():
    with pytest.raises(TournamentError, match="statement contains a NUL"):
        clean_text("ab\x00", missing="x", field="statement")
    with pytest.raises(TournamentError, match=r"statement is longer than 5 characters \(6\)"):
        clean_text("abcdef", missing="x", field="statement", max_length=5)
    assert clean_text("abcde", missing="x", field="statement", max_length=5) == "abcde"


# -- registration ----------------------------------------------------------------------------


@pytest.mark.parametrize("text", INVISIBLE.values(), ids=INVISIBLE.keys())
@pytest.mark.parametrize("field", ["name", "native_name", "club", "country"])
def test_player_create_refuses_a_text_that_shows_nothing(tournament, field, text):
    details = {"name": "Ana", field: text}
    refusal = "visible character|needs a name|not a country of ISO 3166-1"
    with pytest.raises(TournamentError, match=refusal):
        player_create(tournament=tournament, **details)
    assert tournament.players.count() == 0


@pytest.mark.parametrize("text", INVISIBLE.values(), ids=INVISIBLE.keys())
def test_team_create_refuses_a_name_that_shows_nothing(tournament, text):
    with pytest.raises(TournamentError, match="visible character|needs a name"):
        team_create(tournament=tournament, name=text)
    with pytest.raises(TournamentError, match="visible character"):
        team_create(tournament=tournament, name="Dragons", country="\u202e")
    assert tournament.teams.count() == 0


@pytest.mark.parametrize("text", VISIBLE.values(), ids=VISIBLE.keys())
def test_names_in_any_script_are_registered(tournament, text):
    player = player_create(tournament=tournament, name=text, native_name=text, club=text)
    assert player.name == text == player.native_name == player.club
    assert team_create(tournament=tournament, name=text).name == text


def test_invisible_characters_around_a_name_are_dropped(tournament):
    player = player_create(tournament=tournament, name="\u202e Ana \u200b", club="\ufeffMadrid")
    assert (player.name, player.club) == ("Ana", "Madrid")


def test_csv_import_row_with_an_invisible_name_is_a_row_error_and_nothing_is_written(
    tournament,
):
    csv_text = "name,club\nAna,Madrid\n\u202e\u200b,Tokyo\n김민준,\u200b\n"
    report = players_import_csv(tournament=tournament, csv_text=csv_text, dry_run=False)
    assert not report.ok
    assert any(e.startswith("line 3:") and "visible character" in e for e in report.errors)
    assert any(e.startswith("line 4:") and "club" in e for e in report.errors)
    assert tournament.players.count() == 0


def test_csv_import_takes_names_in_any_script(tournament):
    csv_text = "name,native_name\n" + "".join(f"{t},{t}\n" for t in VISIBLE.values())
    report = players_import_csv(tournament=tournament, csv_text=csv_text, dry_run=False)
    assert report.ok, report.errors
    assert sorted(tournament.players.values_list("name", flat=True)) == sorted(VISIBLE.values())


# -- penalties and sanctions -----------------------------------------------------------------


@pytest.mark.parametrize("text", INVISIBLE.values(), ids=INVISIBLE.keys())
def test_penalty_and_sanction_reasons_that_show_nothing_are_refused(table_session, text):
    player = table_session.seats.get(position="A").player
    with pytest.raises(TournamentError, match="Describe the foul"):
        penalty_record(
            table_session=table_session, player=player, kind=Penalty.Kind.WARNING, reason=text
        )
    with pytest.raises(TournamentError, match="reason for the sanction"):
        sanction_record(player=player, kind=Sanction.Kind.WARNING, reason=text)
    assert not Penalty.objects.exists() and not Sanction.objects.exists()


def test_penalty_remarks_have_a_limit(table_session):
    player = table_session.seats.get(position="A").player
    kwargs = {"table_session": table_session, "player": player, "kind": Penalty.Kind.WARNING}
    with pytest.raises(TournamentError, match="remarks is longer than 1000 characters"):
        penalty_record(reason="Noise", remarks="r" * (REMARKS_MAX_LENGTH + 1), **kwargs)
    assert not Penalty.objects.exists()
    penalty = penalty_record(reason="Noise", remarks="r" * REMARKS_MAX_LENGTH, **kwargs)
    assert len(penalty.remarks) == REMARKS_MAX_LENGTH


# -- appeals ---------------------------------------------------------------------------------


def _user(django_user_model, username: str, role: str):
    user = django_user_model.objects.create_user(username, is_staff=True)
    group, _created = Group.objects.get_or_create(name=ROLE_GROUPS[Role(role)])
    user.groups.add(group)
    return user


@pytest.fixture
def ended_session(tournament):
    sheet = seated_table(tournament)
    session = sheet.session
    end = datetime.now(UTC) - timedelta(minutes=5)
    session.actual_start = end - timedelta(hours=2)
    session.actual_end = end
    session.save()
    return session


@pytest.fixture
def chief(django_user_model):
    return _user(django_user_model, "chief", Role.CHIEF_UMPIRE)


@pytest.fixture
def committee(django_user_model):
    return _user(django_user_model, "committee", Role.COMMITTEE)


def _file(session, player, chief, statement="The umpire ruled wrongly.") -> Appeal:
    return appeal_file(
        session=session,
        player=player,
        subject=Appeal.Subject.OTHER,
        statement=statement,
        confirmed=True,
        user=chief,
    )


def _player(session, position="A"):
    return session.seats.get(position=position).player


@pytest.mark.parametrize("text", INVISIBLE.values(), ids=INVISIBLE.keys())
def test_an_appeal_statement_that_shows_nothing_is_refused(ended_session, chief, text):
    with pytest.raises(TournamentError, match="Write the appeal"):
        _file(ended_session, _player(ended_session), chief, statement=text)
    assert not Appeal.objects.exists()


def test_an_appeal_statement_has_a_limit(ended_session, chief):
    player = _player(ended_session)
    with pytest.raises(TournamentError, match="statement is longer than 2000 characters"):
        _file(ended_session, player, chief, statement="s" * 2001)
    assert not Appeal.objects.exists()
    assert _file(ended_session, player, chief, statement="Дмитрий 王 김 é" * 100).pk


@pytest.mark.parametrize("field", ["ruling", "reasons"])
def test_a_ruling_and_its_reasons_must_show_something_and_have_a_limit(
    ended_session, chief, committee, field
):
    appeal = appeal_start_review(
        appeal=_file(ended_session, _player(ended_session), chief), user=committee
    )
    for bad, message in [("\u202e\u200b", "ruling|reasons"), ("x" * 2001, "longer than 2000")]:
        texts = {"ruling": "Rejected.", "reasons": "Per 3.13.3.", field: bad}
        with pytest.raises(TournamentError, match=message):
            appeal_decide(appeal=appeal, upheld=False, user=committee, **texts)
        appeal.refresh_from_db()
        assert appeal.status == Appeal.Status.UNDER_REVIEW and appeal.ruling == ""
    decided = appeal_decide(
        appeal=appeal,
        upheld=False,
        ruling="Rechazada: 王",
        reasons="Правило 3.13.3",
        user=committee,
    )
    assert decided.status == Appeal.Status.REJECTED


def test_a_fourth_open_appeal_is_refused_until_one_is_closed(ended_session, chief, committee):
    player = _player(ended_session)
    appeals = [_file(ended_session, player, chief) for _ in range(MAX_OPEN_APPEALS)]
    appeal_start_review(appeal=appeals[0], user=committee)  # under review is still open
    with pytest.raises(TournamentError, match="3 open appeals") as refused:
        _file(ended_session, player, chief)
    assert refused.value.code == "invalid_state"
    assert Appeal.objects.filter(player=player).count() == MAX_OPEN_APPEALS
    # Another player is not concerned; a withdrawn appeal frees a place.
    assert _file(ended_session, _player(ended_session, "B"), chief).pk
    appeal_withdraw(appeal=appeals[1], user=chief)
    assert _file(ended_session, player, chief).status == Appeal.Status.FILED
