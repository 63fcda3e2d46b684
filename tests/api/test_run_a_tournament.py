"""A client that knows only /api/schema/ runs a small tournament end to end over the API.

The superuser makes the logins (organiser, chief umpire, two umpires, the arbitration
committee, a player) and links the player's login to his registration, as in the admin; every
other step goes through the API, each login with its own token: register 8 players, draw
lots, seat them (a job), assign the umpires, check in, start session 1, enter 16 hands at each
of the 2 tables, confirm, sign and countersign, end the session, read the standings, file and
rule an appeal, print the standings and download the PDF.

Every request names an operation of the schema (its path template and method), so the test
fails if the client would have to know a path the schema does not publish.
"""

import pytest
from django.contrib.auth.models import Group
from rest_framework.test import APIClient

from tests.api.sheet_helpers import PURE_STRAIGHT
from tournaments.models import Player
from tournaments.roles import ROLE_GROUPS, Role

pytestmark = pytest.mark.django_db

PASSWORD = "a long enough password"
SLUG = "api-open"


class SchemaClient:
    """Calls operations by their path template, after checking the schema publishes them."""

    def __init__(self, schema: dict, token: str | None = None):
        self.paths = schema["paths"]
        self.client = APIClient()
        if token:
            self.client.credentials(HTTP_AUTHORIZATION=f"Token {token}")

    def __call__(self, method: str, template: str, body=None, *, expect: int, **headers):
        assert template in self.paths, f"{template} is not in the schema"
        assert method.lower() in self.paths[template], f"{method} {template} is not in the schema"
        path = template
        for name, value in headers.pop("path", {}).items():
            path = path.replace("{" + name + "}", str(value))
        extra = {f"HTTP_{k.upper().replace('-', '_')}": v for k, v in headers.items()}
        if method == "GET":
            response = self.client.get(path, body or {}, **extra)
        else:
            response = getattr(self.client, method.lower())(path, body, format="json", **extra)
        assert response.status_code == expect, (method, path, response.status_code, _text(response))
        return response


def _text(response) -> str:
    if getattr(response, "streaming", False):
        return "<file>"
    return response.content[:600].decode(errors="replace")


@pytest.fixture
def logins(django_user_model):
    """The superuser's part: a login per role, with a password."""
    made = {}
    for name, role in [
        ("organiser", Role.ORGANISER),
        ("chief", Role.CHIEF_UMPIRE),
        ("umpire1", Role.UMPIRE),
        ("umpire2", Role.UMPIRE),
        ("committee", Role.COMMITTEE),
        ("player", Role.PLAYER),
    ]:
        user = django_user_model.objects.create_user(
            name, password=PASSWORD, is_staff=role != Role.PLAYER
        )
        user.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[role])[0])
        made[name] = user
    return made


def test_a_client_of_the_schema_runs_a_tournament(logins, run_jobs, media):
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert schema.status_code == 200
    schema = schema.json()
    anonymous = SchemaClient(schema)

    # -- log in: a token per login ------------------------------------------------------
    api = {}
    for name in logins:
        token = anonymous(
            "POST", "/api/auth/token/", {"username": name, "password": PASSWORD}, expect=200
        ).json()["token"]
        api[name] = SchemaClient(schema, token)
    slug = {"slug": SLUG}

    # -- register --------------------------------------------------------------------------
    api["organiser"]("POST", "/api/tournaments/", {"name": "API Open", "slug": SLUG}, expect=201)
    for n in range(1, 9):
        api["organiser"](
            "POST",
            "/api/tournaments/{slug}/players/",
            {"name": f"Player {n}"},
            path=slug,
            expect=201,
        )
    players = api["organiser"](
        "GET", "/api/tournaments/{slug}/players/", path=slug, expect=200
    ).json()["results"]
    assert len(players) == 8

    # -- lots and seating ------------------------------------------------------------------
    # A new tournament requires the Player's Oath (Appendix 2); nobody took it here, so the
    # organiser confirms the draw without it.
    refused = api["organiser"](
        "POST", "/api/tournaments/{slug}/lots/", {"seed": "lots"}, path=slug, expect=409
    )
    assert refused.json()["errors"][0]["field"] == "without_oath"
    api["organiser"](
        "POST",
        "/api/tournaments/{slug}/lots/",
        {"seed": "lots", "without_oath": True},
        path=slug,
        expect=200,
    )
    # Their first seats ask it again, and the organiser confirms seating them without it.
    refused = api["organiser"](
        "POST", "/api/tournaments/{slug}/seating/", {"seed": "chart"}, path=slug, expect=409
    )
    assert refused.json()["errors"][0]["field"] == "without_oath"
    with run_jobs():
        started = api["organiser"](
            "POST",
            "/api/tournaments/{slug}/seating/",
            {"seed": "chart", "time_limit": 0.5, "without_oath": True},
            path=slug,
            expect=202,
        ).json()
    job = api["organiser"](
        "GET", "/api/jobs/{job_id}/", path={"job_id": started["job"]}, expect=200
    )
    assert job.json()["status"] == "done", job.json()

    sessions = api["chief"]("GET", "/api/tournaments/{slug}/sessions/", path=slug, expect=200)
    assert sessions.json()["count"] >= 6

    sheets = api["chief"](
        "GET", "/api/score-sheets/", {"tournament": SLUG, "session": 1}, expect=200
    ).json()["results"]
    assert [s["table"] for s in sheets] == [1, 2]

    # -- the superuser links the player's login to the player in seat A of table 1 ----------
    name_a = sheets[0]["players"]["A"]
    player_a = next(p for p in players if p["name"] == name_a)
    Player.objects.filter(pk=player_a["id"]).update(user=logins["player"])

    # -- umpires, check-ins, start ---------------------------------------------------------
    umpire_of = {}
    for sheet, umpire in zip(sheets, ["umpire1", "umpire2"], strict=True):
        where = {"sheet_id": sheet["id"]}
        read = api["chief"]("GET", "/api/score-sheets/{sheet_id}/", path=where, expect=200)
        api["chief"](
            "PATCH",
            "/api/score-sheets/{sheet_id}/",
            {"umpire": umpire},
            path=where,
            expect=200,
            if_match=read["ETag"],
        )
        umpire_of[sheet["id"]] = umpire
    for sheet in sheets:
        for name in sheet["players"].values():
            player = next(p for p in players if p["name"] == name)
            api[umpire_of[sheet["id"]]](
                "POST",
                "/api/tournaments/{slug}/sessions/{number}/check-ins/",
                {"player": player["id"]},
                path={**slug, "number": 1},
                expect=201,
            )
    api["chief"](
        "POST",
        "/api/tournaments/{slug}/sessions/{number}/start/",
        {},
        path={**slug, "number": 1},
        expect=200,
    )

    # -- 16 hands at each table ------------------------------------------------------------
    for sheet in sheets:
        umpire = api[umpire_of[sheet["id"]]]
        where = {"sheet_id": sheet["id"]}
        etag = umpire("GET", "/api/score-sheets/{sheet_id}/", path=where, expect=200)["ETag"]
        for number in range(1, 17):
            if number == 1:
                body = {"outcome": "win", "winner": "A", "discarder": "B", "hand": PURE_STRAIGHT}
            elif number == 2:
                body = {"outcome": "win", "winner": "C", "discarder": None, "hand": PURE_STRAIGHT}
            else:
                body = {"outcome": "draw"}
            entered = umpire(
                "POST",
                "/api/score-sheets/{sheet_id}/hands/",
                body,
                path=where,
                expect=201,
                if_match=etag,
            )
            etag = entered["ETag"]
        read = umpire("GET", "/api/score-sheets/{sheet_id}/", path=where, expect=200).json()
        assert len(read["hands"]) == 16
        assert read["hands"][0]["points"] >= 8

        # -- confirmations (the player himself at table 1), sign, countersign ----------------
        for position in "ABCD":
            confirmer = api["player"] if sheet is sheets[0] and position == "A" else umpire
            etag = confirmer(
                "POST",
                "/api/score-sheets/{sheet_id}/sign/",
                {"position": position},
                path=where,
                expect=200,
                if_match=etag,
            )["ETag"]
        etag = umpire(
            "POST", "/api/score-sheets/{sheet_id}/sign/", {}, path=where, expect=200, if_match=etag
        )["ETag"]
        final = api["chief"](
            "POST", "/api/score-sheets/{sheet_id}/sign/", {}, path=where, expect=200, if_match=etag
        )
        assert final.json()["signoff"]["status"] == "final", final.json()

    api["chief"](
        "POST",
        "/api/tournaments/{slug}/sessions/{number}/end/",
        {},
        path={**slug, "number": 1},
        expect=200,
    )

    # -- standings ---------------------------------------------------------------------------
    standings = api["player"]("GET", "/api/tournaments/{slug}/standings/", path=slug, expect=200)
    standings = standings.json()
    assert standings["sessions_counted"] == [1]
    assert standings["provisional"] is False
    assert len(standings["players"]) == 8

    # -- an appeal: the player files, the committee rules ---------------------------------------
    appeal = api["player"](
        "POST",
        "/api/tournaments/{slug}/appeals/",
        {
            "session": 1,
            "subject": "hand",
            "hand": 1,
            "statement": "Hand 1 was scored without my flower.",
            "confirmed": True,
        },
        path=slug,
        expect=201,
    ).json()
    assert appeal["player"]["id"] == player_a["id"]
    ruled = api["committee"](
        "POST",
        "/api/appeals/{appeal_id}/ruling/",
        {"upheld": False, "ruling": "The score stands.", "reasons": "The flower was counted."},
        path={"appeal_id": appeal["id"]},
        expect=200,
    ).json()
    assert (ruled["status"], ruled["fee_status"]) == ("rejected", "forfeited")
    mine = api["player"](
        "GET", "/api/appeals/{appeal_id}/", path={"appeal_id": appeal["id"]}, expect=200
    )
    assert mine.json()["ruling"] == "The score stands."

    # -- print the standings and download the PDF ---------------------------------------------
    with run_jobs():
        report = api["organiser"](
            "POST", "/api/reports/", {"tournament": SLUG, "kind": "standings"}, expect=202
        ).json()
    progress = api["organiser"](
        "GET", "/api/reports/{job_id}/", path={"job_id": report["job"]}, expect=200
    ).json()
    assert progress["status"] == "done", progress
    pdf = api["organiser"](
        "GET", "/api/jobs/{job_id}/file/", path={"job_id": report["job"]}, expect=200
    )
    assert b"".join(pdf.streaming_content).startswith(b"%PDF")
