"""The phones benchmark's pieces (player_entry/bench.py, bench_load.py): a tiny run of the
phones against the test server, the queue through an outage, and the report's verdict."""

import asyncio
import random
import time

import aiohttp
import pytest

from player_entry import bench, bench_load
from player_entry.models import TableEntry
from player_entry.services import player_link_issue
from tournaments.bench_live.stats import Sample


def _plan_table(sheet, seated) -> dict:
    return {
        "sheet_id": sheet.pk,
        "table": 1,
        "tokens": {pos: player_link_issue(player=p).token for pos, p in seated.items()},
        "hands": bench._hands(random.Random(5)),
    }


def test_a_tiny_run_enters_and_confirms_hands_from_the_phones(live_server, sheet, seated):
    table = _plan_table(sheet, seated)
    cfg = bench_load.PhoneConfig(
        base_url=live_server.url,
        poll=0.2,
        cycle=0.6,
        read_min=0,
        read_max=0.05,
        outage_at=1000,
        end_at=3.0,
    )
    job = {"tables": [table], "start_at": time.time() + 1, "seed": 3}
    result = asyncio.run(bench_load._client_main(cfg, job))

    kinds = {}
    for sample in result["samples"]:
        kinds.setdefault(sample["kind"], []).append(sample["status"])
    entries, confirms = result["log"]["entries"], result["log"]["confirms"]
    # A hand entered before the phone's poll saw the last confirmation is refused (412) and
    # entered again, as the player would: each hand is then recorded once.
    hands = {entry["hand"] for entry in entries}
    assert len(hands) >= 2
    assert set(kinds["entry"]) <= {201, 412} and kinds["entry"].count(201) == len(hands)
    assert kinds["entry"].count(412) == sum(1 for entry in entries if entry.get("again"))
    assert set(kinds["poll"]) <= {200, 304} and 200 in kinds["poll"]
    assert [c["entry_status"] for c in confirms] == ["recorded"] * len(hands)
    assert result["replays"] == []  # nothing waited for the network
    recorded = TableEntry.objects.filter(table_session=sheet, status="recorded")
    assert recorded.count() == sheet.hands.count() == len(hands)
    # Neither the one who entered a hand nor its winner confirms it (3.7.1).
    assert all(e.answered_by_id != e.entered_by_id for e in recorded)
    seat_of = {seat.player_id: seat.position for seat in sheet.seats.all()}
    assert all(seat_of[e.answered_by_id] != e.winner for e in recorded)


def test_a_hand_entered_while_the_server_is_gone_is_queued_then_recorded_once(
    live_server, sheet, seated, monkeypatch
):
    """The phone's first two sends get no answer (as with the server gone); the entry stays
    queued, is sent again at the next poll, recorded, and its replay finds the same entry."""
    table = _plan_table(sheet, seated)
    real_send = bench_load.Phone._send
    gone = {"sends": 0}

    async def flaky(self, kind, method, url, **kw):
        if method == "POST" and gone["sends"] < 2:
            gone["sends"] += 1
            return 0, {}, b""
        return await real_send(self, kind, method, url, **kw)

    monkeypatch.setattr(bench_load.Phone, "_send", flaky)

    async def scenario():
        clock = bench_load.Clock(0)
        samples, replays = [], []
        async with aiohttp.ClientSession(
            live_server.url, cookie_jar=aiohttp.DummyCookieJar()
        ) as http:
            phone = bench_load.Phone(http, table["tokens"]["A"], clock, samples, replays)
            await phone.sign_in()
            item = bench_load.Item("entry", "k" * 20, body=table["hands"][1], version=0)
            done = phone.enqueue(item)
            await asyncio.sleep(0.2)
            assert not done.done() and phone.queue == [item]  # kept, in order
            await phone.flush()  # the second send: still nothing
            assert phone.queue == [item]
            await phone.poll()  # the server answers again: the poll sends the queue
            return await asyncio.wait_for(done, 5), replays

    (status, body), replays = asyncio.run(scenario())

    assert status == 201
    assert replays == [{"key": "k" * 20, "status": 200, "same_entry": True}]
    assert TableEntry.objects.filter(table_session=sheet, key="k" * 20).count() == 1
    assert body["status"] == "pending"


def test_the_phases_split_the_samples_at_the_outage_and_the_return():
    samples = [
        Sample("poll", 1.0, 10, 304),
        Sample("entry", 59.9, 20, 201),
        Sample("poll", 60.0, 1, 0),
        Sample("poll", 70.0, 900, 200),
    ]
    phases = bench.phases(samples, outage_at=60, back_at=70)
    assert phases["steady"]["poll"]["count"] == 1 and phases["steady"]["entry"]["count"] == 1
    assert phases["outage"]["poll"]["statuses"] == {"0": 1}
    assert phases["recovery"]["poll"]["p95_ms"] == 900


def test_the_queued_hands_gather_every_key_a_hand_was_sent_under():
    log = {
        "entries": [
            {"hand": "1-3", "key": "a", "at": 10.0},
            {"hand": "2-5", "key": "b", "at": 61.0},
            {"hand": "2-5", "key": "c", "at": 75.0, "again": True},
            {"hand": "3-1", "key": "d", "at": 80.0},
        ]
    }
    assert bench.queued_hands(log, outage_at=60, back_at=70) == {"2-5": ["b", "c"]}


def _left(**changes) -> dict:
    left = {
        "hands_recorded": 10,
        "entries_recorded": 10,
        "hands_recorded_by_two_entries": 0,
        "hands_queued": 2,
        "hands_queued_not_recorded": [],
        "hands_queued_recorded_twice": [],
        "hands_queued_recorded_once": 2,
    }
    return {**left, **changes}


def _steady(p95: float = 50.0, errors: int = 0) -> dict:
    figures = {"p95_ms": p95, "error_count": errors}
    return {"entry": figures, "confirm": figures, "poll": {"p95_ms": 20.0, "error_count": 0}}


def _drill(left: dict, replays=2, found=2) -> dict:
    log = {"entries": [], "confirms": []}
    replays = [{"same_entry": index < found} for index in range(replays)]
    return bench.drill_summary(log, replays, left, outage_at=60, back_at=70)


@pytest.mark.parametrize(
    "left, steady, replays, ok",
    [
        (_left(), _steady(), (2, 2), True),
        (_left(hands_queued_recorded_once=1, hands_queued_not_recorded=["2-5"]),
         _steady(), (2, 2), False),
        (_left(hands_recorded=11), _steady(), (2, 2), False),
        (_left(hands_recorded_by_two_entries=1), _steady(), (2, 2), False),
        (_left(), _steady(), (2, 1), False),
        (_left(hands_queued=0, hands_queued_recorded_once=0), _steady(), (0, 0), False),
        (_left(), _steady(p95=301), (2, 2), False),
        (_left(), _steady(errors=1), (2, 2), False),
    ],
)  # fmt: skip
def test_the_verdict_holds_every_goal(left, steady, replays, ok):
    drill = _drill(left, *replays)
    checks = bench.verdict(steady, drill, left)
    assert all(check["ok"] for check in checks.values()) is ok


def test_the_plan_hands_are_valid_for_the_phones_form():
    from player_entry.forms import HandEntryForm

    for hand in bench._hands(random.Random(9)):
        form = HandEntryForm({**hand, "version": 0, "key": "x" * 10})
        assert form.is_valid(), form.errors


def test_the_command_refuses_a_number_of_players_that_is_not_a_multiple_of_four():
    from django.core.management import call_command
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="multiple of 4"):
        call_command("bench_phones", "--players", "10")


def test_a_request_on_a_connection_the_server_closed_is_sent_again_once_as_a_browser_does(
    monkeypatch,
):
    tries = []

    async def closed_then_answered(self, method, url, **kw):
        tries.append(url)
        if len(tries) == 1:
            raise aiohttp.ServerDisconnectedError()
        return 304, {}, b""

    async def always_closed(self, method, url, **kw):
        tries.append(url)
        raise aiohttp.ServerDisconnectedError()

    async def two_polls():
        samples = []
        phone = bench_load.Phone(None, "token", bench_load.Clock(0), samples, [])
        monkeypatch.setattr(bench_load.Phone, "_exchange", closed_then_answered)
        first = await phone._send("poll", "GET", "/me/table/state.json")
        monkeypatch.setattr(bench_load.Phone, "_exchange", always_closed)
        second = await phone._send("poll", "GET", "/me/table/state.json")
        return first[0], second[0], phone.resends, [s.status for s in samples]

    first, second, resends, statuses = asyncio.run(two_polls())

    assert (first, second) == (304, 0)  # sent again once, never twice
    assert len(tries) == 4 and resends == 2 and statuses == [304, 0]
