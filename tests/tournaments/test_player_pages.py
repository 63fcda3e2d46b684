"""A player's own pages (issue 12): his results and sheets, confirming a sheet on his own
login, filing an appeal (himself, or as captain for a team's player), and the page a login
without a player record gets."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.contrib.auth.models import Group
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import timezone

from tests.tournaments.factories import PlayerFactory, TeamFactory, seated_table
from tournaments.models import Appeal, Hand, SheetConfirmation, TableSession, Tournament
from tournaments.roles import ROLE_GROUPS, Role
from tournaments.selectors.appeals import appeal_deadline, local_time
from tournaments.services.hands import hand_record_no_win, hand_record_win
from tournaments.services.sessions import session_end, session_start

pytestmark = pytest.mark.django_db

HOME = "/me/"


@pytest.fixture
def make_user(django_user_model):
    def make(username: str, role: str | None = None, password: str | None = None):
        user = django_user_model.objects.create_user(
            username, password=password, is_staff=role not in (None, Role.PLAYER)
        )
        if role is not None:
            group, _created = Group.objects.get_or_create(name=ROLE_GROUPS[Role(role)])
            user.groups.add(group)
        return user

    return make


@pytest.fixture
def sheet(tournament):
    """Session 1, table 1; points-only entry so a win needs no tiles."""
    tournament.entry_mode = Tournament.EntryMode.POINTS_ONLY
    tournament.appeal_fee = Decimal("150.00")
    tournament.appeal_currency = "EUR"
    tournament.save()
    return seated_table(tournament)


@pytest.fixture
def people(sheet, make_user):
    """A and B are team mates, C is their captain (all three in team Dragons); D plays for
    nobody. Each has his own player login."""
    seats = {seat.position: seat.player for seat in sheet.seats.all()}
    team = TeamFactory(tournament=sheet.session.tournament, name="Dragons")
    for position, player in seats.items():
        player.user = make_user(f"player_{position.lower()}", Role.PLAYER)
        player.team = team if position in "ABC" else None
        player.save()
    team.captain = seats["C"]
    team.save()
    return seats


@pytest.fixture
def complete(sheet, people):
    """Session 1 started three hours ago; A won 10 points on B's discard; then the time-limit
    stop (the time is up, rule 3.5.6): the sheet is complete, the session not yet ended."""
    session_start(session=sheet.session, at=timezone.now() - timedelta(hours=3), user=None)
    hand_record_win(table_session=sheet, winner="A", discarder="B", points=10)
    hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.TIME_LIMIT)
    sheet.refresh_from_db()
    assert sheet.status == TableSession.Status.COMPLETE
    return sheet


@pytest.fixture
def open_sheet(complete, people):
    """Session 2, same four players, one draw recorded: still open."""
    tournament = complete.session.tournament
    players = [people[p] for p in "ABCD"]
    table_session = seated_table(tournament, session_number=2, players=players)
    session_start(session=table_session.session, at=timezone.now() - timedelta(minutes=20))
    hand_record_no_win(table_session=table_session, outcome=Hand.Outcome.DRAW)
    table_session.refresh_from_db()
    return table_session


def login(client, player):
    client.force_login(player.user)
    return client


def texts(response) -> list[str]:
    return [str(message) for message in get_messages(response.wsgi_request)]


def confirm_url(table_session) -> str:
    return reverse("player-sheet", args=[table_session.pk])


def appeal_url(session) -> str:
    return reverse("player-appeal", args=[session.pk])


def appeal_post(player, **extra) -> dict:
    data = {
        "player": player.pk,
        "subject": Appeal.Subject.RESULT,
        "statement": "The umpire counted the discarder's payment twice.",
        "confirmed": "on",
    }
    data.update(extra)
    return data


def end_session(session, minutes_ago: int):
    session_end(session=session, at=timezone.now() - timedelta(minutes=minutes_ago))
    session.refresh_from_db()
    return session


def test_an_anonymous_visitor_is_sent_to_the_login_page(client, complete):
    for url in (HOME, confirm_url(complete), appeal_url(complete.session)):
        response = client.get(url)
        assert response.status_code == 302
        assert response.url == f"{reverse('login')}?next={url}"


def test_a_player_logs_in_on_the_login_page_and_lands_on_his_page(client, sheet, make_user):
    player = sheet.seats.get(position="A").player
    player.user = make_user("ana", Role.PLAYER, password="Tiles-and-Winds-88")
    player.save()
    response = client.post(
        reverse("login"), {"username": "ana", "password": "Tiles-and-Winds-88"}, follow=True
    )
    assert response.redirect_chain[-1][0] == HOME
    assert player.name in response.content.decode()
    response = client.post(reverse("logout"), follow=True)
    assert response.redirect_chain[-1][0] == reverse("login")
    assert client.get(HOME).status_code == 302


def test_a_complete_sheet_is_provisional_on_his_page_until_its_umpire_signs_it(
    client, people, complete
):
    """One meaning of provisional (Appendix 5, "Resultados son definitivos una vez firmado"):
    his page says what the standings say of the same sheet."""
    from tests.tournaments.factories import sign_sheets
    from tournaments.selectors.standings import standings_compute

    live = standings_compute(tournament=complete.session.tournament, live=True)
    (line,) = next(row for row in live.players if row.player_id == people["A"].pk).sessions
    (row,) = login(client, people["A"]).get(HOME).context["pages"][0].me.rows
    assert line.provisional is row.provisional is True
    assert '<span class="provisional">' in client.get(HOME).content.decode()
    sign_sheets(complete)
    (row,) = client.get(HOME).context["pages"][0].me.rows
    assert row.provisional is False
    assert '<span class="provisional">' not in client.get(HOME).content.decode()


def test_a_player_sees_his_results_and_the_status_of_his_sheets(client, people, open_sheet):
    response = login(client, people["A"]).get(HOME)
    assert response.status_code == 200
    (page,) = response.context["pages"]
    rows = page.me.rows
    assert [row.session.number for row in rows] == [1, 2]
    assert [row.sheet.status for row in rows] == ["complete", "open"]
    assert [row.provisional for row in rows] == [True, True]  # complete is not signed
    assert rows[0].result.score == 34  # 10 from the discarder, 8 + 8 from the others
    assert rows[0].result.rank == 1
    assert page.me.standing.provisional
    html = response.content.decode()
    assert "Complete" in html and "Open" in html and "provisional" in html
    assert f'href="{confirm_url(rows[0].sheet)}"' in html and "Check and confirm" in html
    assert not page.team  # not a captain: no team section
    assert "My team" not in html


def test_a_captain_sees_his_team_players_results(client, people, complete):
    response = login(client, people["C"]).get(HOME)
    (page,) = response.context["pages"]
    assert page.is_captain
    assert [member.player for member in page.team] == [people["A"], people["B"]]
    assert page.team[0].rows[0].result.score == 34
    assert people["D"].name not in [member.player.name for member in page.team]
    assert "My team: Dragons" in response.content.decode()


def test_the_sheet_page_shows_the_figures_before_the_confirm_button(client, people, complete):
    response = login(client, people["A"]).get(confirm_url(complete))
    html = response.content.decode()
    assert response.status_code == 200
    assert "+34" in html and "\u221218" in html  # A won 10 on B's discard
    assert html.index("+34") < html.index("Confirm this sheet")
    assert f'name="version" value="{complete.version}"' in html


def test_a_player_confirms_his_complete_sheet_on_his_own_login(client, people, complete):
    response = login(client, people["A"]).post(
        confirm_url(complete), {"version": complete.version}, follow=True
    )
    assert response.redirect_chain[-1][0] == HOME
    confirmation = SheetConfirmation.objects.get(table_session=complete)
    assert confirmation.player == people["A"]
    assert confirmation.recorded_by == people["A"].user
    assert any("You confirmed" in text for text in texts(response))
    assert "Check and confirm" not in response.content.decode()


def test_a_player_cannot_confirm_an_open_sheet(client, people, open_sheet):
    response = login(client, people["A"]).post(
        confirm_url(open_sheet), {"version": open_sheet.version}, follow=True
    )
    assert response.status_code == 200
    assert any("still open" in text for text in texts(response))
    assert not SheetConfirmation.objects.exists()


def test_a_player_cannot_confirm_or_read_another_tables_sheet(client, people, complete):
    other = seated_table(complete.session.tournament, table_number=2)
    hand_record_no_win(table_session=other, outcome=Hand.Outcome.TIME_LIMIT)
    other.refresh_from_db()
    client = login(client, people["A"])
    assert client.get(confirm_url(other)).status_code == 404
    assert client.post(confirm_url(other), {"version": other.version}).status_code == 404
    assert not SheetConfirmation.objects.exists()


def test_a_stale_version_is_refused_with_the_changed_message(client, people, complete):
    response = login(client, people["A"]).post(
        confirm_url(complete), {"version": complete.version - 1}, follow=True
    )
    assert response.status_code == 200
    assert any("changed since you opened it" in text for text in texts(response))
    assert not SheetConfirmation.objects.exists()


def test_a_post_without_the_version_confirms_nothing(client, people, complete):
    response = login(client, people["A"]).post(confirm_url(complete), {}, follow=True)
    assert any("Reload the sheet" in text for text in texts(response))
    assert not SheetConfirmation.objects.exists()


def test_a_player_files_an_appeal_against_a_hand_in_time(client, people, complete):
    session = end_session(complete.session, minutes_ago=5)
    hand = complete.hands.get(number=1)
    client = login(client, people["B"])
    page = client.get(appeal_url(session))
    assert local_time(appeal_deadline(session)) in page.content.decode()
    assert "I confirm this appeal and its fee of 150.00 EUR" in page.content.decode()
    response = client.post(
        appeal_url(session),
        appeal_post(people["B"], subject=Appeal.Subject.HAND, hand=hand.pk),
        follow=True,
    )
    assert response.redirect_chain[-1][0] == HOME
    appeal = Appeal.objects.get()
    assert (appeal.player, appeal.filed_by, appeal.hand) == (people["B"], people["B"].user, hand)
    assert not appeal.filed_as_captain
    assert appeal.fee_amount == Decimal("150.00")
    assert "counted the discarder" in response.content.decode()  # listed among his appeals


def test_an_appeal_after_the_deadline_is_refused_and_shows_the_deadline(client, people, complete):
    session = end_session(complete.session, minutes_ago=45)
    response = login(client, people["A"]).post(appeal_url(session), appeal_post(people["A"]))
    assert response.status_code == 200
    errors = response.context["form"].non_field_errors()
    assert len(errors) == 1 and errors[0].startswith("Too late")
    assert local_time(appeal_deadline(session)) in errors[0]
    assert not Appeal.objects.exists()


def test_an_appeal_without_the_confirmation_is_refused(client, people, complete):
    session = end_session(complete.session, minutes_ago=5)
    data = appeal_post(people["A"])
    del data["confirmed"]
    response = login(client, people["A"]).post(appeal_url(session), data)
    assert response.status_code == 200
    assert response.context["form"].errors["confirmed"]
    assert not Appeal.objects.exists()


def test_an_appeal_against_a_hand_must_name_the_hand(client, people, complete):
    session = end_session(complete.session, minutes_ago=5)
    data = appeal_post(people["A"], subject=Appeal.Subject.HAND)
    response = login(client, people["A"]).post(appeal_url(session), data)
    assert response.context["form"].non_field_errors() == ["Name the hand the appeal is against."]
    assert not Appeal.objects.exists()


def test_a_captain_files_an_appeal_for_a_team_player(client, people, complete):
    session = end_session(complete.session, minutes_ago=5)
    client = login(client, people["C"])
    page = client.get(appeal_url(session), {"player": people["A"].pk})
    assert page.context["concerned"] == people["A"]
    assert [p.pk for p in page.context["candidates"]] == [p.pk for p in (people[x] for x in "CAB")]
    response = client.post(appeal_url(session), appeal_post(people["A"]), follow=True)
    assert response.redirect_chain[-1][0] == HOME
    appeal = Appeal.objects.get()
    assert (appeal.player, appeal.filed_by) == (people["A"], people["C"].user)
    assert appeal.filed_as_captain


def test_a_player_who_is_not_captain_cannot_file_for_a_team_mate(client, people, complete):
    session = end_session(complete.session, minutes_ago=5)
    client = login(client, people["B"])
    assert client.get(appeal_url(session), {"player": people["A"].pk}).status_code == 404
    assert client.post(appeal_url(session), appeal_post(people["A"])).status_code == 404
    assert not Appeal.objects.exists()


def test_a_login_without_a_player_gets_the_explanatory_page(client, complete, make_user):
    client.force_login(make_user("visitor"))
    for url in (HOME, confirm_url(complete), appeal_url(complete.session)):
        response = client.get(url)
        assert response.status_code == 200
        assert "not linked to a player" in response.content.decode()
        assert "Go to the administration" not in response.content.decode()


def test_a_staff_umpire_opening_his_page_gets_the_explanatory_page(client, complete, make_user):
    client.force_login(make_user("umpire", Role.UMPIRE))
    response = client.get(HOME)
    assert response.status_code == 200
    html = response.content.decode()
    assert "not linked to a player" in html
    assert reverse("admin:index") in html


def test_a_login_playing_in_two_tournaments_sees_both(client, people, complete):
    other = PlayerFactory(name="Ana in Lyon", user=people["A"].user)
    response = login(client, people["A"]).get(HOME)
    pages = response.context["pages"]
    assert {(page.tournament, page.me.player) for page in pages} == {
        (complete.session.tournament, people["A"]),
        (other.tournament, other),
    }
    assert "Ana in Lyon" in response.content.decode()
