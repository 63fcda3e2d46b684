"""The appeals admin: who sees it, the committee's buttons, the chief umpire's paper filing,
the appeal's history."""

from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.models import Appeal, Correction
from tournaments.roles import ROLE_GROUPS, Role
from tournaments.services.appeals import appeal_file, appeal_start_review

pytestmark = pytest.mark.django_db


@pytest.fixture
def make_user(django_user_model):
    def make(username: str, role: str):
        user = django_user_model.objects.create_user(username, is_staff=role != Role.PLAYER)
        group, _created = Group.objects.get_or_create(name=ROLE_GROUPS[Role(role)])
        user.groups.add(group)
        return user

    return make


@pytest.fixture
def sheet(db):
    table_session = seated_table(TournamentFactory(name="Madrid Open"))
    session = table_session.session
    session.actual_end = datetime.now(UTC) - timedelta(minutes=5)
    session.actual_start = session.actual_end - timedelta(hours=2)
    session.save()
    return table_session


@pytest.fixture
def player(sheet, make_user):
    player = sheet.seats.get(position="A").player
    player.user = make_user("player_a", Role.PLAYER)
    player.save()
    return player


@pytest.fixture
def appeal(sheet, player):
    return appeal_file(
        session=sheet.session,
        player=player,
        subject=Appeal.Subject.OTHER,
        statement="The umpire ruled a false Hu on a valid hand.",
        confirmed=True,
        user=player.user,
    )


@pytest.fixture
def chief(make_user):
    return make_user("chief", Role.CHIEF_UMPIRE)


@pytest.fixture
def committee(make_user):
    return make_user("committee", Role.COMMITTEE)


@pytest.fixture
def umpire(make_user):
    return make_user("umpire", Role.UMPIRE)


def page_of(appeal) -> str:
    return reverse("admin:tournaments_appeal_change", args=[appeal.pk])


FILE_URL = "admin:tournaments_appeal_file"
LIST_URL = "admin:tournaments_appeal_changelist"


def text(response) -> str:
    return response.content.decode()


def test_the_committee_lists_appeals_with_their_deadline(client, committee, appeal):
    client.force_login(committee)
    response = client.get(reverse(LIST_URL))
    assert response.status_code == 200
    page = text(response)
    assert "Player A" in page and "Filed" in page and "Held" in page
    assert "Madrid Open — Session 1" in page
    assert "File an appeal" not in page  # the paper filing is the chief umpire's


def test_the_chief_umpire_lists_appeals_and_may_file_one(client, chief, appeal):
    client.force_login(chief)
    page = text(client.get(reverse(LIST_URL)))
    assert "Player A" in page
    assert reverse(FILE_URL) in page


def test_an_umpire_is_refused_every_appeal_page(client, umpire, appeal):
    client.force_login(umpire)
    assert client.get(reverse(LIST_URL)).status_code == 403
    assert client.get(page_of(appeal)).status_code == 403
    assert client.get(reverse(FILE_URL)).status_code == 403
    history = reverse("admin:tournaments_appeal_history", args=[appeal.pk])
    assert client.get(history).status_code == 403
    response = client.post(page_of(appeal), {"action": "review"})
    assert response.status_code == 403
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.FILED


def test_a_player_without_staff_access_is_sent_to_the_login(client, player, appeal):
    client.force_login(player.user)
    response = client.get(page_of(appeal))
    assert response.status_code == 302 and "login" in response.url


def test_the_committee_takes_the_appeal_under_review_then_upholds_it(client, committee, appeal):
    client.force_login(committee)
    page = text(client.get(page_of(appeal)))
    assert "Take under review" in page and "Record the ruling" not in page
    assert client.post(page_of(appeal), {"action": "review"}).status_code == 302
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.UNDER_REVIEW
    page = text(client.get(page_of(appeal)))
    assert "Record the ruling" in page
    assert "may not overturn an umpire&#x27;s ruling made according to the rules" in page
    response = client.post(
        page_of(appeal),
        {
            "action": "decide",
            "decide-outcome": "upheld",
            "decide-ruling": "The hand stands.",
            "decide-reasons": "It scores 8.",
        },
    )
    assert response.status_code == 302
    appeal.refresh_from_db()
    assert (appeal.status, appeal.fee_status) == ("upheld", "returned")
    assert appeal.ruled_by == committee
    assert "The appeal is upheld." in text(client.get(response.url))


def test_the_committee_links_a_correction_of_the_appeals_sheet(
    client, committee, chief, sheet, appeal
):
    appeal_start_review(appeal=appeal, user=committee)
    correction = Correction.objects.create(
        table_session=sheet, kind=Correction.Kind.HAND, reason="Appeal upheld", made_by=chief
    )
    client.force_login(committee)
    response = client.post(
        page_of(appeal),
        {
            "action": "decide",
            "decide-outcome": "upheld",
            "decide-ruling": "Hand 1 replaced.",
            "decide-reasons": "Miscounted.",
            "decide-correction": str(correction.pk),
        },
    )
    assert response.status_code == 302
    appeal.refresh_from_db()
    assert appeal.correction == correction


def test_a_ruling_without_reasons_is_shown_back_with_the_error(client, committee, appeal):
    appeal_start_review(appeal=appeal, user=committee)
    client.force_login(committee)
    response = client.post(
        page_of(appeal),
        {"action": "decide", "decide-outcome": "rejected", "decide-ruling": "No."},
    )
    assert response.status_code == 200
    assert "Give the reasons for the ruling." in text(response)
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.UNDER_REVIEW


def test_the_chief_umpire_may_not_rule_on_an_appeal(client, chief, committee, appeal):
    appeal_start_review(appeal=appeal, user=committee)
    client.force_login(chief)
    assert "Record the ruling" not in text(client.get(page_of(appeal)))
    response = client.post(
        page_of(appeal),
        {
            "action": "decide",
            "decide-outcome": "rejected",
            "decide-ruling": "No.",
            "decide-reasons": "None.",
        },
    )
    assert response.status_code == 403
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.UNDER_REVIEW


def test_the_chief_umpire_withdraws_an_appeal_and_the_fee_is_forfeited(client, chief, appeal):
    client.force_login(chief)
    assert "Withdraw the appeal" in text(client.get(page_of(appeal)))
    response = client.post(page_of(appeal), {"action": "withdraw"})
    assert response.status_code == 302
    appeal.refresh_from_db()
    assert (appeal.status, appeal.fee_status) == ("withdrawn", "forfeited")
    response = client.post(page_of(appeal), {"action": "withdraw"})
    assert "can no longer be withdrawn" in text(client.get(response.url))


def test_the_history_shows_who_changed_the_appeal_and_why(client, committee, appeal):
    appeal_start_review(appeal=appeal, user=committee)
    client.force_login(committee)
    response = client.get(reverse("admin:tournaments_appeal_history", args=[appeal.pk]))
    assert response.status_code == 200
    page = text(response)
    assert "Filed by the player" in page and "Taken under review by the committee" in page
    assert "player_a" in page and "committee" in page
    assert "Filed" in page and "Under review" in page


def test_an_old_version_of_the_appeal_cannot_be_restored(client, committee, appeal):
    appeal_start_review(appeal=appeal, user=committee)
    first = appeal.history.last()
    url = reverse("admin:tournaments_appeal_simple_history", args=[appeal.pk, first.history_id])
    client.force_login(committee)
    assert client.get(url).status_code == 200
    assert client.post(url, {"status": "filed"}).status_code == 403
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.UNDER_REVIEW


def test_the_chief_umpire_enters_a_paper_appeal(client, chief, sheet, player):
    client.force_login(chief)
    url = reverse(FILE_URL)
    assert "Session concerned" in text(client.get(url))
    step_two = f"{url}?session={sheet.session.pk}"
    page = text(client.get(step_two))
    assert "Player A" in page and "Appeals about this session are accepted until" in page
    handed_in = sheet.session.actual_end + timedelta(minutes=2)
    data = {
        "player": str(player.pk),
        "subject": "other",
        "statement": "Written appeal against the ruling on hand 4.",
        "filed_at": handed_in.strftime("%Y-%m-%d %H:%M:%S"),
        "confirmed": "on",
    }
    response = client.post(step_two, data)
    assert response.status_code == 302
    appeal = Appeal.objects.get()
    assert (appeal.player, appeal.filed_by, appeal.filed_at) == (
        player,
        chief,
        handed_in.replace(microsecond=0),
    )
    assert "handed in on paper" in text(client.get(response.url))


def test_a_late_paper_appeal_is_refused_with_its_deadline(client, chief, sheet, player, settings):
    settings.TIME_ZONE = "UTC"
    client.force_login(chief)
    session = sheet.session
    session.actual_end = datetime(2024, 5, 1, 10, 0, tzinfo=UTC)
    session.actual_start = session.actual_end - timedelta(hours=2)
    session.save()
    response = client.post(
        f"{reverse(FILE_URL)}?session={session.pk}",
        {
            "player": str(player.pk),
            "subject": "result",
            "statement": "Late.",
            "filed_at": "2024-05-01 10:31:00",
            "confirmed": "on",
        },
    )
    assert response.status_code == 200
    assert "Too late" in text(response) and "May 1, 2024, 10:30" in text(response)
    assert not Appeal.objects.exists()


def test_the_committee_may_not_enter_a_paper_appeal(client, committee, sheet):
    client.force_login(committee)
    assert client.get(reverse(FILE_URL)).status_code == 403


def test_the_admin_index_lists_appeals_for_the_committee_but_not_for_an_umpire(
    client, committee, umpire
):
    appeals_link = reverse(LIST_URL)
    client.force_login(committee)
    assert appeals_link in text(client.get(reverse("admin:index")))
    client.force_login(umpire)
    assert appeals_link not in text(client.get(reverse("admin:index")))


def test_the_committee_prints_the_appeal_record_from_its_page(client, appeal, committee):
    client.force_login(committee)
    page = text(client.get(page_of(appeal)))
    assert 'id="print-appeal-link"' in page
    url = reverse("print-now", args=[appeal.session.tournament_id, "appeal"])
    response = client.get(f"{url}?appeal={appeal.pk}")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"


def test_an_umpire_may_not_print_an_appeal_record(client, appeal, umpire):
    client.force_login(umpire)
    url = reverse("print-now", args=[appeal.session.tournament_id, "appeal"])
    assert client.get(f"{url}?appeal={appeal.pk}").status_code == 403
