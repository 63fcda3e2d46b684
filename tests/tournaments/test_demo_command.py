import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tournaments.models import Hand, Player, SessionResult, Tournament
from tournaments.selectors.standings import standings_compute


def run_demo(capsys, *args: str) -> list[str]:
    call_command("demo", *args)
    return capsys.readouterr().out.strip().splitlines()


@pytest.mark.django_db
def test_the_demo_builds_a_whole_tournament_and_prints_its_slug_last(capsys):
    lines = run_demo(capsys, "--players", "18", "--sessions", "6", "--seed", "3")
    tournament = Tournament.objects.get(slug=lines[-1])
    assert tournament.players.filter(status=Player.Status.ACTIVE).count() == 18
    assert tournament.players.filter(status=Player.Status.SUBSTITUTE).count() == 2
    assert tournament.sessions.count() == 6
    # Every table of every session has a result for its four players.
    assert SessionResult.objects.filter(session__tournament=tournament).count() == 6 * 20
    wins = Hand.objects.filter(
        table_session__session__tournament=tournament, outcome=Hand.Outcome.WIN
    )
    assert wins.count() > 100
    assert all(hand.points >= 8 and hand.fans for hand in wins)
    rows = standings_compute(tournament=tournament).players
    assert len(rows) == 18 and rows[0].rank == 1


@pytest.mark.django_db
def test_the_demo_is_deterministic_for_a_seed(capsys):
    first = run_demo(capsys, "--players", "8", "--sessions", "6", "--seed", "5", "--slug", "a")
    second = run_demo(capsys, "--players", "8", "--sessions", "6", "--seed", "5", "--slug", "b")
    summary = [line for line in first if line.startswith("Demo tournament:")]
    assert summary and summary == [line for line in second if line.startswith("Demo tournament:")]

    def scores(slug):
        return list(
            SessionResult.objects.filter(session__tournament__slug=slug)
            .order_by("session__number", "player__lot_number")
            .values_list("player__lot_number", "score")
        )

    assert scores("a") == scores("b")


@pytest.mark.django_db
def test_the_demo_refuses_to_overwrite_an_existing_tournament(capsys):
    run_demo(capsys, "--players", "8", "--sessions", "6", "--slug", "same")
    with pytest.raises(CommandError, match="use --replace or --if-missing"):
        call_command("demo", "--players", "8", "--sessions", "6", "--slug", "same")
    assert (
        run_demo(capsys, "--players", "8", "--sessions", "6", "--slug", "same", "--if-missing")[-1]
        == "same"
    )


@pytest.mark.django_db
def test_the_demo_refuses_fewer_than_six_sessions():
    with pytest.raises(CommandError, match="at least six sessions"):
        call_command("demo", "--players", "8", "--sessions", "4")


@pytest.mark.django_db
def test_the_demo_replaces_a_played_tournament_when_asked(capsys):
    run_demo(capsys, "--players", "8", "--sessions", "6", "--slug", "again")
    first = Tournament.objects.get(slug="again").pk
    assert (
        run_demo(capsys, "--players", "8", "--sessions", "6", "--slug", "again", "--replace")[-1]
        == "again"
    )
    assert Tournament.objects.get(slug="again").pk != first
    assert not Player.objects.filter(tournament_id=first).exists()
