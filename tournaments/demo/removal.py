"""Removing a demo tournament whole (`demo --replace`, the benchmarks' clean-up)."""

from django.db import transaction

from tournaments.models import (
    Appeal,
    CheckIn,
    Correction,
    Penalty,
    RegistrationCorrection,
    Sanction,
    SheetConfirmation,
    Tournament,
)


@transaction.atomic
def demo_delete(tournament: Tournament) -> None:
    """Delete a demo tournament whole (`demo --replace`). Records of a real tournament are
    protected from deletion; a demo's are removed here explicitly, newest kinds first."""
    corrections = Correction.objects.filter(table_session__session__tournament=tournament)
    corrections.update(appeal=None)  # an appeal and the correction applying it name each other
    Sanction.objects.filter(player__tournament=tournament).update(void_appeal=None)
    Appeal.objects.filter(session__tournament=tournament).delete()
    corrections.delete()
    SheetConfirmation.objects.filter(table_session__session__tournament=tournament).delete()
    Penalty.objects.filter(table_session__session__tournament=tournament).delete()
    CheckIn.objects.filter(session__tournament=tournament).delete()
    Sanction.objects.filter(player__tournament=tournament).delete()
    RegistrationCorrection.objects.filter(tournament=tournament).delete()
    tournament.delete()
