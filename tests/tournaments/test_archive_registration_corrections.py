"""Registration corrections in the tournament's archive ("registration_corrections"): the
player by his registration number, the team by its name, the author by his username, a team
in before/after by its name now; an export and an import keep them, and a file whose
corrections do not fit is refused whole."""

import json

import pytest
from django.contrib.auth import get_user_model

from tests.tournaments.registration_helpers import make_user, player, team, team_league
from tournaments.archive import ArchiveError, dumps, export_tournament, import_tournament, load
from tournaments.demo.removal import demo_delete
from tournaments.models import Player, RegistrationCorrection, Team, Tournament
from tournaments.roles import Role
from tournaments.services.registration_corrections import registration_correct

pytestmark = pytest.mark.django_db


@pytest.fixture
def corrected() -> Tournament:
    """The signed team league with four corrections, in this order: Bo moved from X to Y, Bo
    renamed and renumbered, team X renamed Xenon (so the first correction's "X" is the team
    now called Xenon), Dan moved out of any team."""
    tournament = team_league(signed=True)
    chief = make_user("chief", Role.CHIEF_UMPIRE)
    bo = player(tournament, "Bo")
    registration_correct(
        player=bo, changes={"team": team(tournament, "Y")}, reason="Typed wrong", user=chief
    )
    registration_correct(
        player=bo,
        changes={"name": "Bob", "registration_number": 12},
        reason="His passport says Bob",
        user=chief,
    )
    registration_correct(
        team=team(tournament, "X"), changes={"name": "Xenon"}, reason="Sponsor", user=chief
    )
    registration_correct(
        player=player(tournament, "Dan"), changes={"team": None}, reason="Plays alone", user=chief
    )
    return tournament


def described(tournament: Tournament) -> list[tuple]:
    """The corrections in the order made, each id replaced by what it names (a team by its
    name now)."""

    def values(side: dict) -> dict:
        team = side.get("team")
        if isinstance(team, dict):
            now = Team.objects.get(pk=team["id"]).name
            return {**side, "team": {"now": now, "name": team["name"]}}
        return side

    corrections = tournament.registration_corrections.select_related("player", "team", "made_by")
    return [
        (
            c.player.registration_number if c.player else None,
            c.team.name if c.team else None,
            values(c.before),
            values(c.after),
            c.reason,
            c.made_by.username,
            c.made_at,
        )
        for c in corrections.order_by("made_at", "pk")
    ]


def test_registration_corrections_export_and_import_back_with_the_same_rows(corrected):
    document = export_tournament(corrected)
    text = dumps(document)
    written = document["registration_corrections"]
    assert [(c["player"], c["team"]) for c in written] == [
        (12, None),
        (12, None),
        (None, "Xenon"),
        (4, None),
    ]
    # A team in before/after by its name now and its name then; no database id.
    assert written[0]["before"] == {"team": {"team": "Xenon", "name": "X"}}
    assert written[0]["after"] == {"team": {"team": "Y", "name": "Y"}}
    assert written[1]["after"] == {"name": "Bob", "registration_number": 12}
    assert written[3]["after"] == {"team": None}
    assert "chief" in document["users"] and written[2]["made_by"] == "chief"
    expected = described(corrected)

    demo_delete(corrected)
    assert not RegistrationCorrection.objects.exists()
    report = import_tournament(load(text))

    assert report.counts["registration_corrections"] == 4
    assert described(report.tournament) == expected
    assert dumps(export_tournament(report.tournament)) == text


def test_a_file_of_version_1_is_read_as_having_no_registration_corrections(corrected):
    document = export_tournament(corrected)
    document["tournament"]["slug"] = "league-copy"
    document["version"] = 1
    del document["registration_corrections"], document["desk_entries"]
    report = import_tournament(document)
    assert "registration_corrections" not in report.counts
    assert not report.tournament.registration_corrections.exists()


# -- refusals ---------------------------------------------------------------------------------


def counts() -> dict:
    models = [Tournament, Player, Team, RegistrationCorrection, get_user_model()]
    return {model.__name__: model.objects.count() for model in models}


@pytest.fixture
def document(corrected) -> dict:
    """The corrected league's archive under another slug."""
    document = export_tournament(corrected)
    document["tournament"]["slug"] = "league-copy"
    return document


def refused(document: dict) -> str:
    """Import `document`; assert it is refused and writes nothing; the message."""
    before = counts()
    with pytest.raises(ArchiveError) as refusal:
        import_tournament(json.loads(dumps(document)))
    assert counts() == before
    assert not Tournament.objects.filter(slug="league-copy").exists()
    return str(refusal.value.message)


def test_an_unchanged_copy_imports_its_corrections_onto_its_own_rows(document):
    copy = import_tournament(document).tournament
    moved = copy.registration_corrections.order_by("made_at").first()
    assert moved.player.tournament == copy
    assert Team.objects.get(pk=moved.before["team"]["id"]).tournament == copy
    assert described(copy) == described(Tournament.objects.exclude(pk=copy.pk).get())


@pytest.mark.parametrize(
    ("index", "key", "value", "expected"),
    [
        (0, "player", 999, "registration number 999"),
        (2, "team", "Nowhere", "no team 'Nowhere'"),
        (0, "team", "Y", "of one player or of one team"),
        (2, "team", None, "of one player or of one team"),
        (1, "made_by", "ghost", "user 'ghost'"),
        (1, "made_by", None, "made_by is missing"),
        (1, "reason", "", "reason"),
        (1, "made_at", "yesterday", "made_at"),
    ],
)
def test_a_registration_correction_naming_what_the_file_lacks_is_refused(
    document, index, key, value, expected
):
    document["registration_corrections"][index][key] = value
    message = refused(document)
    assert f"registration_corrections[{index}]" in message and expected in message


@pytest.mark.parametrize(
    ("index", "side", "values", "expected"),
    [
        (0, "before", {"team": {"team": "Nowhere", "name": "X"}}, "no team 'Nowhere'"),
        (0, "before", {"team": {"id": 1, "name": "X"}}, "before, team: team must be"),
        (0, "after", "Y", "expected an object"),
        (1, "after", {"name": "Bob", "country": "Spain"}, "does not change country"),
        (2, "after", {"team": None}, "does not change team"),
        (1, "after", {"name": "Bob"}, "the same fields"),
        (3, "before", {}, "the same fields"),
    ],
)
def test_a_registration_correction_with_values_that_do_not_fit_is_refused(
    document, index, side, values, expected
):
    document["registration_corrections"][index][side] = values
    message = refused(document)
    assert f"registration_corrections[{index}]" in message and expected in message


def test_a_file_of_version_2_without_registration_corrections_is_refused(document):
    del document["registration_corrections"]
    assert "registration_corrections is missing" in refused(document)
