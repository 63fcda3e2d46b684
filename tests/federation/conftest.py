"""A played tournament for the EMA export's tests (docs/federation.md).

`ema_played` ("ema-open", points only), session 1, every sheet signed and countersigned, the
tournament finished (the EMA file is final results):
table 1 (Carla Dupont, Anna Berg, ... in seats A-D): A wins 12 on B's discard, C self-draws
8, then the time limit stops play. A +20, B -36, C +40, D -24: C first, A second, D third,
B fourth. Each has an EMA id and a country.
"""

import pytest

from tests.tournaments.factories import TournamentFactory, seated_table, sign_sheets
from tournaments.models import Tournament
from tournaments.services.hands import hand_record_no_win, hand_record_win
from tournaments.services.signoff import sheet_countersign

# Seat A to D: name, EMA id, country.
IDENTITIES = [
    ("Anna Berg", "05010001", "DE"),
    ("Bruno Costa", "12010002", "PT"),
    ("Carla Dupont", "04010003", "FR"),
    ("Dmitri Egorov", "15010004", "RU"),
]


@pytest.fixture
def ema_played(db) -> Tournament:
    tournament = TournamentFactory(
        name="EMA Open", slug="ema-open", entry_mode=Tournament.EntryMode.POINTS_ONLY
    )
    sheet = seated_table(tournament, started=True)
    for seat, (name, ema_id, country) in zip(
        sheet.seats.order_by("position"), IDENTITIES, strict=True
    ):
        seat.player.name, seat.player.ema_id, seat.player.country = name, ema_id, country
        seat.player.save(update_fields=["name", "ema_id", "country"])
    hand_record_win(table_session=sheet, winner="A", discarder="B", points=12)
    hand_record_win(table_session=sheet, winner="C", discarder=None, points=8)
    hand_record_no_win(table_session=sheet, outcome="time")
    sign_sheets(sheet)
    sheet_countersign(table_session=sheet)
    # Its other planned sessions were never played: the director closed it after one.
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    tournament.refresh_from_db()
    return tournament
