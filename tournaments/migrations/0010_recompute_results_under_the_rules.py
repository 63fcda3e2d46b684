"""Recompute every stored session result under the rules of issue #25 (a forfeited session is
one fixed result, a closed sheet with nothing on it is a four-way tie) and list, in the
migration's output, every result and every official standing that moved.

It runs the application's own services (not the historical models): the results are what
those services compute, and the figures it prints are the ones the pages will show.
"""

from django.db import migrations

REASON = "Recomputed under the rules of official results (issue #25, migration 0010)."


def _places(tournament):
    from tournaments.selectors.standings import points_value, standings_compute

    return {
        row.player_id: (row.name, row.rank, points_value(row.table_points), row.contest_points)
        for row in standings_compute(tournament=tournament).players
    }


def _report(tournament, changes, before, after, write):
    if not changes and before == after:
        return
    write(f"\n  {tournament.slug}: results recomputed under the rules of issue #25")
    for change in changes:
        old = "none" if change.before is None else f"{change.before[0]} ({change.before[1] / 12:g} TP)"
        new = "none" if change.after is None else f"{change.after[0]} ({change.after[1] / 12:g} TP)"
        write(f"    session {change.session} table {change.table} {change.player}: {old} -> {new}")
    for player_id, (name, rank, tp, cp) in after.items():
        if before.get(player_id) != (name, rank, tp, cp):
            _n, old_rank, old_tp, old_cp = before[player_id]
            write(
                f"    standing of {name}: place {old_rank}, {old_tp} TP, {old_cp} CP"
                f" -> place {rank}, {tp} TP, {cp} CP"
            )


def recompute(apps, schema_editor):
    from tournaments.models import Tournament
    from tournaments.services.results import tournament_results_recompute

    # Only the ids are read first: on a new database (no tournament) the application's model
    # may already have columns that later migrations add (0013's hand_entry).
    for tournament_id in Tournament.objects.order_by("pk").values_list("pk", flat=True):
        tournament = Tournament.objects.get(pk=tournament_id)
        before = _places(tournament)
        changes = tournament_results_recompute(tournament_id=tournament.pk, reason=REASON)
        _report(tournament, changes, before, _places(tournament), print)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0009_official_results_under_the_rules")]

    operations = [migrations.RunPython(recompute, migrations.RunPython.noop, elidable=True)]
