"""GET /t/<slug>/live.json: what an open page asks every few seconds."""

from tests.public.helpers import win


def test_it_says_unchanged_without_any_query(client, event, django_assert_num_queries):
    first = client.get("/t/madrid/live.json?page=standings").json()
    assert first["changed"] is True and "<table" in first["html"]
    with django_assert_num_queries(0):
        again = client.get(f"/t/madrid/live.json?page=standings&v={first['version']}").json()
    assert again == {"version": first["version"], "changed": False}


def test_after_a_hand_it_gives_a_new_version_and_the_new_figures(client, event):
    _tournament, first_sheet, _second = event
    seen = client.get("/t/madrid/live.json?page=standings").json()
    win(first_sheet, points=24)
    now = client.get(f"/t/madrid/live.json?page=standings&v={seen['version']}").json()
    assert now["changed"] is True and now["version"] != seen["version"]
    assert ">48*<" in now["html"]


def test_it_serves_the_live_part_of_every_page(client, event):
    for page in ("standings", "chart", "session-1", "player-1"):
        data = client.get(f"/t/madrid/live.json?page={page}").json()
        assert data["changed"] is True and data["html"], page


def test_an_unknown_page_is_404(client, event):
    assert client.get("/t/madrid/live.json?page=nonsense").status_code == 404
    assert client.get("/t/madrid/live.json?page=session-x").status_code == 404
    assert client.get("/t/madrid/live.json?page=session-9").status_code == 404


def test_it_is_never_stored_by_a_browser_or_proxy(client, event):
    assert client.get("/t/madrid/live.json").headers["Cache-Control"] == "no-store"


def test_during_play_the_pages_move_on_at_most_once_per_render_interval(
    client, event, settings, monkeypatch
):
    import tournaments.live

    settings.PUBLIC_RENDER_SECONDS = 30
    clock = [1_000_000.0]
    monkeypatch.setattr(tournaments.live.time, "time", lambda: clock[0])
    _tournament, first_sheet, _second = event
    seen = client.get("/t/madrid/live.json?page=standings").json()
    win(first_sheet, points=24)
    clock[0] += 10
    soon = client.get(f"/t/madrid/live.json?page=standings&v={seen['version']}").json()
    assert soon == {"version": seen["version"], "changed": False}
    clock[0] += 25
    later = client.get(f"/t/madrid/live.json?page=standings&v={seen['version']}").json()
    assert later["changed"] is True and ">48*<" in later["html"]


def test_while_another_process_renders_a_new_version_the_last_copy_is_served(
    client, event, django_assert_num_queries
):
    from django.core.cache import cache

    _tournament, first_sheet, _second = event
    seen = client.get("/t/madrid/live.json?page=standings").json()
    win(first_sheet, points=24)
    lock = f"public:{_tournament.pk}:en:fragment:standings:lock"
    assert cache.add(lock, 1, 30)  # another process is rendering it
    with django_assert_num_queries(0):
        served = client.get(f"/t/madrid/live.json?page=standings&v={seen['version']}").json()
    assert served == {"version": seen["version"], "changed": False}
    cache.delete(lock)
    now = client.get(f"/t/madrid/live.json?page=standings&v={seen['version']}").json()
    assert now["changed"] is True and ">48*<" in now["html"]


def test_a_first_visit_waits_for_the_render_another_process_has_begun(client, event, monkeypatch):
    from django.core.cache import cache

    import public.views

    tournament, _first, _second = event
    lock = f"public:{tournament.pk}:en:fragment:standings:lock"
    assert cache.add(lock, 1, 30)  # another process is rendering the first copy
    finished = []

    def other_process_finishes(seconds):
        if not finished:
            finished.append(seconds)
            version = public.views.published_version(tournament.pk)
            cache.set(lock.removesuffix(":lock"), (version, "<p>rendered by the other</p>"))

    monkeypatch.setattr(public.views.time, "sleep", other_process_finishes)
    data = client.get("/t/madrid/live.json?page=standings").json()
    assert data["html"] == "<p>rendered by the other</p>" and finished


def test_a_client_that_takes_gzip_gets_the_same_answer_compressed(client, event):
    import gzip
    import json

    plain = client.get("/t/madrid/live.json?page=standings")
    packed = client.get("/t/madrid/live.json?page=standings", HTTP_ACCEPT_ENCODING="gzip, br")
    assert packed["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed["Vary"]
    assert "Content-Encoding" not in plain
    assert json.loads(gzip.decompress(packed.content)) == plain.json()


def test_a_poll_of_the_version_this_process_has_does_not_fetch_the_page_again(
    client, event, monkeypatch
):
    from django.core.cache import cache

    client.get("/t/madrid/live.json?page=standings")
    fetched = []
    real_get = cache.get
    monkeypatch.setattr(
        cache, "get", lambda key, *a, **k: fetched.append(key) or real_get(key, *a, **k)
    )
    data = client.get("/t/madrid/live.json?page=standings&v=older").json()
    assert data["changed"] is True and ">" in data["html"]
    assert not [key for key in fetched if "fragment" in key or "standings" in key]


def test_the_process_that_renders_a_new_version_does_not_load_the_older_copy(
    client, event, monkeypatch
):
    """Its version is read on its own: the 500-player standings took 11 ms to unpickle."""
    from django.core.cache import cache

    import public.views

    _tournament, first_sheet, _second = event
    seen = client.get("/t/madrid/live.json?page=standings").json()
    win(first_sheet, points=24)
    public.views._LOCAL.clear()  # as in another process, or after its copy was dropped
    fetched = []
    real_get = cache.get
    monkeypatch.setattr(
        cache, "get", lambda key, *a, **k: fetched.append(key) or real_get(key, *a, **k)
    )
    now = client.get(f"/t/madrid/live.json?page=standings&v={seen['version']}").json()
    assert now["changed"] is True and ">48*<" in now["html"]
    loaded = [key for key in fetched if key.endswith(("standings-data", "fragment:standings"))]
    assert loaded == [] and any(key.endswith("standings-data:v") for key in fetched)


def _standings_computed(monkeypatch) -> list[int]:
    """The tournaments whose standings this process computes from now on, in order."""
    import public.views

    computed = []
    real_compute = public.views.selectors.live_standings
    monkeypatch.setattr(
        public.views.selectors,
        "live_standings",
        lambda t: computed.append(t.pk) or real_compute(t),
    )
    return computed


def test_while_another_process_computes_the_standings_the_page_shows_the_last_version(
    client, event, monkeypatch
):
    """Never older figures under the new version, and never the standings computed twice: the
    page stays at the version of the last standings until the other process has stored the
    new ones."""
    from django.core.cache import cache

    tournament, first_sheet, _second = event
    seen = client.get("/t/madrid/live.json?page=standings").json()
    win(first_sheet, points=24)
    computed = _standings_computed(monkeypatch)
    lock = f"public:{tournament.pk}:en:standings-data:lock"
    assert cache.add(lock, 1, 30)  # another process is computing the new standings
    served = client.get(f"/t/madrid/live.json?page=standings&v={seen['version']}").json()
    assert served == {"version": seen["version"], "changed": False} and computed == []
    cache.delete(lock)  # it died, or stored them: the next request has the new version
    now = client.get(f"/t/madrid/live.json?page=standings&v={seen['version']}").json()
    assert now["changed"] is True and ">48*<" in now["html"] and computed == [tournament.pk]


def test_every_web_process_shows_a_change_within_five_seconds(client, event, settings, monkeypatch):
    """Each process keeps its own copy of what it serves (`_LOCAL`); two processes, each with
    the page of the old version, both serve the hand 5 s later under the default delay."""
    import public.views
    import tournaments.live

    settings.PUBLIC_RENDER_SECONDS = 2
    clock = [1_000_000.0]
    monkeypatch.setattr(tournaments.live.time, "time", lambda: clock[0])
    _tournament, first_sheet, _second = event
    processes = [{}, {}]
    seen = []
    for local in processes:
        monkeypatch.setattr(public.views, "_LOCAL", local)
        seen.append(client.get("/t/madrid/live.json?page=standings").json())
    win(first_sheet, points=24)
    clock[0] += 5
    for local, before in zip(processes, seen, strict=True):
        monkeypatch.setattr(public.views, "_LOCAL", local)
        now = client.get(f"/t/madrid/live.json?page=standings&v={before['version']}").json()
        assert now["changed"] is True and ">48*<" in now["html"]


def test_a_players_page_is_built_from_the_players_figures_not_the_whole_standings(
    client, event, monkeypatch
):
    """Per version one process reads the whole standings for the players' pages; a process
    building another player's page then fetches only the players' figures."""
    from django.core.cache import cache

    import public.views

    _tournament, first_sheet, _second = event
    one, two = (first_sheet.seats.get(position=p).player.lot_number for p in "AB")
    win(first_sheet, points=24)
    client.get(f"/t/madrid/live.json?page=player-{one}")  # another process, first
    monkeypatch.setattr(public.views, "_LOCAL", {})  # this one has nothing of this version
    fetched = []
    real_get = cache.get
    monkeypatch.setattr(
        cache, "get", lambda key, *a, **k: fetched.append(key) or real_get(key, *a, **k)
    )
    now = client.get(f"/t/madrid/live.json?page=player-{two}").json()
    assert now["changed"] is True and "-32 CP" in now["html"]  # B paid the 24 and 8
    assert any(key.endswith(":player-figures") for key in fetched)
    assert not any(key.endswith(":standings-data") for key in fetched)


def test_a_players_page_shows_the_last_figures_under_their_version_while_others_compute(
    client, event, monkeypatch
):
    from django.core.cache import cache

    import public.views

    tournament, first_sheet, _second = event
    player = first_sheet.seats.get(position="A").player
    page = f"player-{player.lot_number}"
    seen = client.get(f"/t/madrid/live.json?page={page}").json()
    win(first_sheet, points=24)
    public.views._LOCAL.clear()  # another web process
    computed = _standings_computed(monkeypatch)
    lock = f"public:{tournament.pk}:en:standings-data:lock"
    assert cache.add(lock, 1, 30)  # a third process is computing the new standings
    html = client.get(f"/t/madrid/players/{player.lot_number}/")
    assert html["ETag"].startswith(f'"{seen["version"]}-') and computed == []
    assert seen["html"] in html.content.decode()  # the last copy whole, not a mix of two
    polled = client.get(f"/t/madrid/live.json?page={page}&v={seen['version']}").json()
    assert polled == {"version": seen["version"], "changed": False}
    cache.delete(lock)
    now = client.get(f"/t/madrid/live.json?page={page}&v={seen['version']}").json()
    assert now["changed"] is True and now["html"] != seen["html"] and "48 CP" in now["html"]


def test_a_players_first_visit_while_others_compute_the_standings_computes_them(client, event):
    """No copy to serve: the page is built at the version asked, never from older figures."""
    from django.core.cache import cache

    tournament, first_sheet, _second = event
    player = first_sheet.seats.get(position="A").player
    client.get("/t/madrid/live.json?page=standings")  # the standings' last copy
    win(first_sheet, points=24)
    lock = f"public:{tournament.pk}:en:standings-data:lock"
    assert cache.add(lock, 1, 30)  # another process is computing the new standings
    now = client.get(f"/t/madrid/live.json?page=player-{player.lot_number}").json()
    assert now["changed"] is True and "48 CP" in now["html"]
    cache.delete(lock)


def test_a_part_built_from_an_older_copy_is_not_kept_the_last_copy_is_served():
    """The shared copy is always the newest built, whole: a part built from another's older
    copy is neither stored nor served; the first copy of a part is built at the version."""
    from django.core.cache import cache

    import public.views

    key = "public:0:en:test-part"
    cache.delete_many([key, f"{key}:v"])

    def built_from_an_older_copy(exact):
        return ("v3", "exact") if exact else ("v1", None)

    first = public.views._shared_render(key, "v3", built_from_an_older_copy)
    assert first == ("v3", "exact") and cache.get(f"{key}:v") == "v3"
    cache.set_many({key: ("v2", "last"), f"{key}:v": "v2"})
    served = public.views._shared_render(key, "v4", built_from_an_older_copy)
    assert served == ("v2", "last")
    assert cache.get(key) == ("v2", "last") and cache.get(f"{key}:v") == "v2"


def test_an_unchanged_poll_is_answered_before_the_session_and_login_middleware(
    client, event, monkeypatch
):
    from django.contrib.sessions.middleware import SessionMiddleware

    seen = client.get("/t/madrid/live.json?page=session-1").json()

    def refuse(self, request):
        raise AssertionError("the session middleware ran")

    monkeypatch.setattr(SessionMiddleware, "process_request", refuse)
    again = client.get(f"/t/madrid/live.json?page=session-1&v={seen['version']}")
    assert again.json() == {"version": seen["version"], "changed": False}
    assert again.headers["Cache-Control"] == "no-store"
    # a reader of an older version gets the body this process sent of the current one
    older = client.get("/t/madrid/live.json?page=session-1&v=older").json()
    assert older["changed"] is True and older["version"] == seen["version"]


def test_a_page_never_served_at_the_current_version_is_left_to_the_view(client, event):
    """The early answer is only for a page this process has served: a session that does not
    exist is 404 even with the current version."""
    seen = client.get("/t/madrid/live.json?page=standings").json()
    assert client.get(f"/t/madrid/live.json?page=session-9&v={seen['version']}").status_code == 404
    chart = client.get("/t/madrid/live.json?page=chart").json()
    assert client.get(f"/t/madrid/live.json?page=chart&v={chart['version']}").json() == {
        "version": chart["version"],
        "changed": False,
    }


def test_a_changed_answer_is_compressed_once_for_every_web_process(client, event, monkeypatch):
    """The first process to answer a version compresses its body; another process (a
    `_LOCAL` of its own) serves those very bytes, gzipped and plain, without compressing."""
    import gzip

    import public.views

    _tournament, first_sheet, _second = event
    win(first_sheet, points=24)
    first = client.get("/t/madrid/live.json?page=standings", HTTP_ACCEPT_ENCODING="gzip")
    compressed = []
    real_compress = gzip.compress
    monkeypatch.setattr(
        gzip, "compress", lambda data, *a, **k: compressed.append(1) or real_compress(data, *a, **k)
    )
    monkeypatch.setattr(public.views, "_LOCAL", {})  # another process
    zipped = client.get("/t/madrid/live.json?page=standings", HTTP_ACCEPT_ENCODING="gzip")
    plain = client.get("/t/madrid/live.json?page=standings")
    assert compressed == []
    assert zipped["Content-Encoding"] == "gzip" and zipped.content == first.content
    assert plain.json() == public.views.json.loads(gzip.decompress(zipped.content))
    assert ">48*<" in plain.json()["html"]


def test_a_pages_body_is_shared_by_the_processes_version_by_version(client, event, monkeypatch):
    """A process serves the standings page of the version it finds, and the next version's
    page once a hand moved the version on (the body is kept under the version's name)."""
    import public.views

    _tournament, first_sheet, _second = event
    before = client.get("/t/madrid/").content.decode()
    win(first_sheet, points=24)
    monkeypatch.setattr(public.views, "_LOCAL", {})  # another process
    after = client.get("/t/madrid/").content.decode()
    assert ">48*<" in after and ">48*<" not in before
