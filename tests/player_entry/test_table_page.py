"""/me/table/ on a phone: the form#hand-form, the pending hand on the other phones with its
confirm and dispute buttons, and the dispute on the dashboard."""

import uuid

from player_entry.dashboard import disputes_dashboard_panel
from player_entry.models import TableEntry
from tests.player_entry.helpers import version_of
from tournaments.models import Hand


def form_post(phone, sheet, **fields):
    data = {
        "outcome": "win",
        "winner": "A",
        "discarder": "",
        "points": "16",
        "flowers": "1",
        "version": str(version_of(sheet)),
        "key": uuid.uuid4().hex,
        **fields,
    }
    return phone.post("/me/table/", data)


def test_the_page_shows_the_four_players_the_winds_and_the_hand_form(sheet, seated, phone):
    page = phone("B").get("/me/table/").content.decode()
    assert 'id="hand-form"' in page
    for position in "ABCD":
        assert seated[position].name in page
    assert "Hand 1 in play" in page


def test_a_hand_entered_on_one_phone_is_confirmed_from_another(sheet, phone):
    assert form_post(phone("A"), sheet).status_code == 302
    entry = TableEntry.objects.get()
    assert (entry.status, entry.discarder, entry.points, entry.flowers) == ("pending", "", 16, 1)
    own = phone("A").get("/me/table/").content.decode()
    assert 'data-action="withdraw"' in own and 'data-action="confirm"' not in own
    assert 'id="hand-form"' not in own  # one entry at a time
    other = phone("C").get("/me/table/").content.decode()
    assert 'data-action="confirm"' in other and 'data-action="dispute"' in other
    response = phone("C").post(f"/me/table/entries/{entry.pk}/confirm/")
    assert response.status_code == 302
    assert Hand.objects.get().winner_position == "A"
    assert "Hand 2 in play" in phone("A").get("/me/table/").content.decode()


def test_a_refused_form_keeps_what_was_typed_and_says_why(sheet, phone):
    page = form_post(phone("A"), sheet, points="3").content.decode()
    assert 'id="entry-refused"' in page and 'value="3"' in page
    assert not TableEntry.objects.exists()


def test_a_dispute_shows_at_once_on_the_dashboard(sheet, phone, rf):
    form_post(phone("A"), sheet)
    entry = TableEntry.objects.get()
    phone("B").post(f"/me/table/entries/{entry.pk}/dispute/", {"reason": "wrong winner"})
    html = disputes_dashboard_panel(rf.get("/"), sheet.session.tournament)
    assert f'data-entry="{entry.pk}"' in html and "wrong winner" in html
    assert f"/admin/player_entry/tableentry/{entry.pk}/settle/" in html


def test_the_umpires_page_of_the_sheet_shows_the_dispute_and_the_way_to_settle_it(
    sheet, phone, client, django_user_model
):
    from django.contrib.auth.models import Group
    from django.urls import reverse

    from tournaments.roles import ROLE_GROUPS, Role

    umpire = django_user_model.objects.create_user("umpire-1", password="pw-12345!", is_staff=True)
    umpire.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role.UMPIRE])[0])
    sheet.umpire = umpire
    sheet.save(update_fields=["umpire"])
    client.force_login(umpire)
    page_url = reverse("admin:tournaments_tablesession_change", args=[sheet.pk])
    assert 'id="player-entry"' not in client.get(page_url).content.decode()
    form_post(phone("A"), sheet)
    entry = TableEntry.objects.get()
    assert 'data-state="pending"' in client.get(page_url).content.decode()
    phone("B").post(f"/me/table/entries/{entry.pk}/dispute/", {"reason": "wrong winner"})
    page = client.get(page_url).content.decode()
    assert 'data-state="disputed"' in page and "wrong winner" in page
    assert f"/admin/player_entry/tableentry/{entry.pk}/settle/" in page
    settle = client.post(
        f"/admin/player_entry/tableentry/{entry.pk}/settle/",
        {"decision": "reject", "reason": "The winner was B."},
    )
    assert settle.status_code == 302
    entry.refresh_from_db()
    assert (entry.status, entry.settled_by, entry.hand) == ("settled", umpire, None)
    assert 'id="player-entry"' not in client.get(page_url).content.decode()


def test_the_winds_on_the_phone_are_in_the_players_language(phone):
    client = phone("A")
    page = client.get("/me/table/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "东" in page  # hand 1: the prevalent wind and seat A's, East
    assert ">E<" not in page


def test_the_winners_phone_shows_why_he_does_not_confirm_instead_of_the_button(sheet, phone):
    form_post(phone("A"), sheet, winner="B", discarder="C")
    winner = phone("B").get("/me/table/").content.decode()
    assert 'id="confirm-refused"' in winner and "rule 3.7.1" in winner
    assert 'data-action="confirm"' not in winner and 'data-action="dispute"' in winner
    payer = phone("C").get("/me/table/").content.decode()
    assert 'data-action="confirm"' in payer and 'id="confirm-refused"' not in payer


def test_the_winners_confirmation_posted_from_the_page_is_refused_and_he_reads_why(sheet, phone):
    form_post(phone("A"), sheet, winner="B", discarder="C")
    entry = TableEntry.objects.get()
    response = phone("B").post(f"/me/table/entries/{entry.pk}/confirm/", follow=True)
    assert "winner of a hand does not confirm it" in response.content.decode()
    entry.refresh_from_db()
    assert entry.status == "pending" and not Hand.objects.exists()


def _chief_umpire(django_user_model):
    from django.contrib.auth.models import Group

    from tournaments.roles import ROLE_GROUPS, Role

    chief = django_user_model.objects.create_user("chief-1", is_staff=True)
    chief.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role.CHIEF_UMPIRE])[0])
    return chief


def test_a_settled_dispute_shows_the_players_the_umpires_decision_and_reason(
    sheet, phone, django_user_model
):
    from player_entry.services import table_entry_settle

    form_post(phone("A"), sheet, points="10")
    entry = TableEntry.objects.get()
    phone("B").post(f"/me/table/entries/{entry.pk}/dispute/", {"reason": "It was 9 points"})
    table_entry_settle(
        user=_chief_umpire(django_user_model),
        entry_id=entry.pk,
        record=False,
        reason="The tiles make 9 points: enter it again.",
    )
    for position in "AB":
        page = phone(position).get("/me/table/").content.decode()
        assert 'data-ruling="rejected"' in page, position
        assert "The tiles make 9 points: enter it again." in page, position


def test_a_dispute_settled_as_entered_says_so_on_the_phones(sheet, phone, django_user_model):
    from player_entry.services import table_entry_settle

    form_post(phone("A"), sheet, points="10")
    entry = TableEntry.objects.get()
    phone("C").post(f"/me/table/entries/{entry.pk}/dispute/", {"reason": "Not 10"})
    table_entry_settle(
        user=_chief_umpire(django_user_model),
        entry_id=entry.pk,
        record=True,
        reason="Counted again: 10 points.",
    )
    state = phone("D").get("/me/table/state.json").json()["html"]
    assert 'data-ruling="recorded"' in state and "Counted again: 10 points." in state
