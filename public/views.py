"""Public pages of a tournament under /t/<slug>/: live standings, each session's tables, a
player's page, the seating chart and the hall clock. No login; nothing private.

Every page and every poll is served from the cache under the tournament's live version
(tournaments/live.py): a poll costs two small cache reads and no query; a write makes a new
version and the next poll renders the page once for everyone. Each process keeps the copy
of the version it serves, compressed once, so that hundreds of polls do not fetch and encode
the same 150 KB again. The pages poll instead of holding a connection open (server-sent
events): see docs/public-pages.md.

While the director holds the standings back (the public may not read them:
tournaments.policies.may_read_standings), the standings page and the players' pages show a
notice instead of them, and the players' pages and the sessions' tables hold their scores and
table points (the standings could be added up from them): the version those pages serve then
carries a mark of its own, and their parts are kept under names of their own, so that
publishing (or withdrawing) them shows at the next request and no copy of the other state is
ever served.
"""

import gzip
import hashlib
import json
import re
import time
from dataclasses import astuple, dataclass

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.http import Http404, HttpResponse, HttpResponseNotModified, JsonResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from public import selectors
from tournaments.live import published_version
from tournaments.models import Session, Tournament
from tournaments.selectors.chart import chart_stamp, seating_chart
from tournaments.selectors.cut_off import cut_off_decision_sentence, cut_off_decisions_public
from tournaments.selectors.draw import QUERY_MAX_LENGTH, draw_pages, find_seats, session_draw
from tournaments.selectors.tournament_info import tournament_info
from tournaments.shared_compute import computed_once, kept_per_version

PAGE_TIMEOUT = 6 * 3600  # a safety net only: keys change with every version
RENDER_LOCK_TIMEOUT = 30  # a process that died while rendering holds the lock no longer
RENDER_WAIT = 5  # seconds a request waits for another's first render before rendering itself
SLUG_TIMEOUT = 60
# The chart is read again at least this often even if its stamp has not moved: a write whose
# history row took a lower id than one already committed (two writers at once on PostgreSQL)
# would otherwise stay unseen until the next change.
CHART_RECHECK_SECONDS = 60
WARNING_MINUTES = 15  # rule 3.5.6: the players are told when a quarter of an hour remains


# This process's copies of what it serves, by name: (version, value). Names hold no version,
# so there is one copy per page and language, replaced when the version moves on.
_LOCAL: dict[str, tuple] = {}


def _local(name: str, version: str, make):
    """The value `make` gives for this version, made once per version in this process."""
    return kept_per_version(_LOCAL, name, version, make)


@dataclass(frozen=True)
class Body:
    """A response body as it is sent: plain, and compressed once for the clients that take
    gzip (a phone on the hall's Wi-Fi fetches the standings in 20 KB instead of 150)."""

    plain: bytes
    gzipped: bytes

    @classmethod
    def of(cls, text: str) -> "Body":
        plain = text.encode()
        return cls(plain, gzip.compress(plain, compresslevel=6, mtime=0))


def _response(request, body: Body, content_type: str) -> HttpResponse:
    takes_gzip = "gzip" in request.headers.get("Accept-Encoding", "")
    response = HttpResponse(body.gzipped if takes_gzip else body.plain, content_type=content_type)
    if takes_gzip:
        response["Content-Encoding"] = "gzip"
    patch_vary_headers(response, ["Accept-Encoding"])
    return response


def _info_key(slug: str) -> str:
    return f"public:slug:{slug}"


def _tournament_info(slug: str) -> dict:
    """id, name, slug and whether the standings are published, of the tournament (cached: a
    poll does not query for it); 404. `tournament_info_refresh` stores it again as soon as a
    change of the tournament commits; `add`, not `set`: a request that read the row before
    that commit never puts its older copy back over the fresh one."""
    key = _info_key(slug)
    info = cache.get(key)
    if info is None:
        info = tournament_info(slug) or {}
        cache.add(key, info, SLUG_TIMEOUT)
    if not info:
        raise Http404
    return info


def tournament_info_refresh(sender, instance, **kwargs) -> None:
    """After a tournament is saved or deleted (signals connected in public/apps.py): its
    cached info is read again once the change commits, so that publishing or withdrawing the
    standings shows at the very next request, not a minute later."""
    slug = instance.slug

    def store():
        cache.set(_info_key(slug), tournament_info(slug) or {}, SLUG_TIMEOUT)

    transaction.on_commit(store, robust=True)


def _standings_shown(info: dict) -> bool:
    return info.get("standings_public", True)


def _version(info: dict) -> str:
    """The version a page of this tournament shows: the published one, marked while the
    standings are not published (then every key, ETag and poll of the pages differs from
    those of the published standings)."""
    version = published_version(info["pk"])
    return version if _standings_shown(info) else f"{version}.u"


def _shows_standings(page: str) -> bool:
    """The pages that show standings or what they are added up from: the standings, a
    player's rank, totals and results, each table's scores and table points of a session."""
    return page == "standings" or page.startswith(("player-", "session-"))


def _part_name(info: dict, page: str) -> str:
    """The name under which a page's live part is kept: its own name while the standings are
    not published, so that a copy of one state is never served in the other (`_rendered`
    serves the last copy while another process renders)."""
    name = f"fragment:{page}"
    if _shows_standings(page) and not _standings_shown(info):
        return f"{name}:unpublished"
    return name


def _shared_body(info: dict, version: str, name: str, build) -> Body:
    """The body of what `build` gives (text) for this version, encoded and compressed once for
    every web process: each process used to compress the 1,000-player standings itself at
    every version, a twentieth of their CPU in the live benchmark (issue #31)."""
    plain, gzipped = _cached(info, version, f"body:{name}", lambda: astuple(Body.of(build())))
    return Body(plain, gzipped)


def _cached(info: dict, version: str, name: str, build):
    """What `build` gives for this version, built once per version (for every process)."""
    key = f"public:{info['pk']}:{version}:{translation.get_language()}:{name}"
    value = cache.get(key)
    if value is None:
        value = build()
        cache.set(key, value, PAGE_TIMEOUT)
    return value


def _part_key(tournament_pk: int, language: str, name: str) -> str:
    """The name of a page part's copy, in this process (_LOCAL) and in the shared cache."""
    return f"public:{tournament_pk}:{language}:{name}"


def _rendered(info: dict, version: str, name: str, build) -> tuple[str, object]:
    """(the version it shows, what `build` gives) for this page part, built by one process
    at a time: while one renders a new version, the others serve the last copy instead of
    rendering it too (hundreds of polls arrive together just after a change)."""
    return _rendered_shown(info, version, name, lambda exact: (version, build()))


def _rendered_shown(info: dict, version: str, name: str, build) -> tuple[str, object]:
    """As `_rendered`, for a part built from another: `build(exact)` gives (the version it
    shows, the value). Unless `exact`, it may give an older version than asked, when another
    process is still computing the part it is built from: this part's last copy is then
    served as it is, under its own version, and the next request builds it again. Before, a
    process building a player's page at a new version computed the standings itself while
    another was computing them, most of the public pages' slowest requests (issue #31)."""
    key = _part_key(info["pk"], translation.get_language(), name)
    entry = _LOCAL.get(key)
    if entry is not None and entry[0] == version:
        return entry
    entry = _shared_render(key, version, build)
    _LOCAL[key] = entry
    return entry


def _shared_render(key: str, version: str, build) -> tuple[str, object]:
    """The shared copy is (version, value) under `key`, and its version alone under `key:v`:
    a process learns that the copy is older without loading it (the 500-player standings
    took 11 ms to unpickle, for nothing, at each new version). Only a copy of the version
    asked is stored, so the shared copy is always the newest built, never a mix of parts of
    two versions. While one process renders, the others serve the last copy, or wait
    (RENDER_WAIT) for the very first render rather than render it too
    (tournaments/shared_compute.py)."""

    def fresh():
        if cache.get(f"{key}:v") == version:
            entry = cache.get(key)
            if entry is not None and entry[0] == version:
                return entry
        return None

    def compute() -> tuple[str, object]:
        entry = build(False)
        if entry[0] == version:
            return entry
        last = cache.get(key)  # what the others serve meanwhile; the first copy is exact
        return last if last is not None else build(True)

    def store(entry: tuple[str, object]) -> None:
        if entry[0] == version:
            cache.set_many({key: entry, f"{key}:v": version}, PAGE_TIMEOUT)

    return computed_once(
        key,
        compute,
        fresh=fresh,
        fetch=lambda: cache.get(key),
        store=store,
        lock_seconds=RENDER_LOCK_TIMEOUT,
        wait_seconds=RENDER_WAIT,
        serve_last=True,
    )


def _tournament(info: dict) -> Tournament:
    return get_object_or_404(Tournament, pk=info["pk"])


# -- the live parts of each page: (template, context builder) by page name ------------------


# Each takes the tournament, what the page shows of the standings (None: not computed, or
# held) and whether the public may read the standings (`_standings_shown`).


def _standings_context(tournament: Tournament, standings, shown: bool) -> dict:
    shown = shown and standings is not None
    return {
        "tournament": tournament,
        "standings": standings,
        "standings_public": shown,
        # How ties at a final's cut-off were decided (3.10.1), with the standings they explain.
        "cut_off_decisions": [
            cut_off_decision_sentence(decision)
            for decision in (cut_off_decisions_public(tournament=tournament) if shown else [])
        ],
    }


def _session_context(tournament: Tournament, _standings, shown: bool, number: int) -> dict:
    """While the standings are held, every table's scores and table points are held too: the
    standings could be added up from them."""
    return {
        "tournament": tournament,
        "session": selectors.public_session(tournament, number, figures=shown),
        "standings_public": shown,
    }


def _player_context(tournament: Tournament, figures, shown: bool, number: int) -> dict:
    """`figures` None: the standings are held, the page shows none of them, nor his
    sessions' scores and table points."""
    return {
        "tournament": tournament,
        "player": selectors.public_player(tournament, number, figures or {}, results_shown=shown),
        "standings_public": shown and figures is not None,
    }


def _chart_context(tournament: Tournament, _standings, _shown: bool = True) -> dict:
    return {"tournament": tournament, "chart": seating_chart(tournament=tournament)}


def _page_parts(page: str):
    """(fragment template, context builder taking the tournament, title) of a page name:
    "standings", "chart", "session-N" or "player-N"; 404 for anything else."""
    kind, _sep, number = page.partition("-")
    if kind == "standings" and not number:
        return "public/_standings.html", _standings_context, _("Standings")
    if kind == "chart" and not number:
        return "public/_chart.html", _chart_context, _("Seating chart")
    if number.isascii() and number.isdigit() and int(number) < 100_000:
        n = int(number)
        if kind == "session":
            return (
                "public/_session.html",
                lambda t, standings, shown: _session_context(t, standings, shown, n),
                _("Session %(number)s") % {"number": n},
            )
        if kind == "player":
            return (
                "public/_player.html",
                lambda t, standings, shown: _player_context(t, standings, shown, n),
                _("Player %(number)s") % {"number": n},
            )
    raise Http404


def _standings(
    info: dict, version: str, tournament: Tournament, *, exact: bool = True
) -> tuple[str, object]:
    """(the version they show, the live standings), computed once per version and shared by
    the standings page and every player's page. While another process computes this
    version's, they are the last copy's, of an older version, unless `exact`: then this
    process computes them too."""
    shown, standings = _rendered(
        info, version, "standings-data", lambda: selectors.live_standings(tournament)
    )
    if exact and shown != version:
        return version, selectors.live_standings(tournament)
    return shown, standings


def _player_figures(
    info: dict, version: str, tournament: Tournament, *, exact: bool = True
) -> tuple[str, object]:
    """(the version they show, every player's figures), for the players' pages: a process
    building a player's page fetches these, not the whole standings. As `_standings`, an
    older version (and no figures) unless `exact`."""

    def build(exact_figures: bool):
        shown, standings = _standings(info, version, tournament, exact=exact_figures)
        if shown != version:
            return shown, None  # not built: the last copy is served (_shared_render)
        return shown, selectors.player_figures(standings)

    shown, figures = _rendered_shown(info, version, "player-figures", build)
    if exact and shown != version:  # another process holds the figures' lock: not waited for
        return build(True)
    return shown, figures


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def _chart_html(info: dict) -> tuple[str, str]:
    """(its own version, HTML) of the seating chart. The chart of a 500-player event is
    thousands of rows, and it does not change during play: it is read and rendered only when
    its stamp moves (a seat, a player or a session written), and its version is a digest of
    what it shows, so a page that has it never fetches it again for a hand played."""
    recheck = int(time.time() // CHART_RECHECK_SECONDS)
    key = (
        f"public:{info['pk']}:{translation.get_language()}:chart:{chart_stamp()}:{recheck}:"
        f"{_digest(info['name'])}"
    )
    found = cache.get(key)
    if found is None:
        values = _chart_context(_tournament(info), None)
        html = render_to_string("public/_chart.html", values)
        found = ("c" + _digest(info["name"] + html), html)
        cache.set(key, found, PAGE_TIMEOUT)
    return found


def _fragment(info: dict, version: str, page: str) -> tuple[str, str]:
    """(version shown, HTML) of a page's live part. The chart's version is its own (see
    `_chart_html`); every other page shows the tournament's."""
    if page == "chart":
        _shown, (chart_version, html) = _rendered(
            info, version, "fragment:chart", lambda: _chart_html(info)
        )
        return chart_version, html
    template, context, _title = _page_parts(page)
    shown = _standings_shown(info)

    def build(exact: bool):
        tournament = _tournament(info)
        standings = None  # what the page shows of the standings (None: not published)
        version_shown = version
        if page == "standings" and shown:
            version_shown, standings = _standings(info, version, tournament, exact=exact)
        elif page.startswith("player-") and shown:
            version_shown, standings = _player_figures(info, version, tournament, exact=exact)
        if version_shown != version:
            return version_shown, None  # not built: the last copy is served (_shared_render)
        values = context(tournament, standings, shown)
        if page.startswith("session-"):
            return version_shown, _rendered_when_changed(info, page, template, values)
        return version_shown, render_to_string(template, values)

    return _rendered_shown(info, version, _part_name(info, page), build)


def _rendered_when_changed(info: dict, page: str, template: str, values: dict) -> str:
    """A session's tables change less often than the tournament's version (every hand at any
    table moves it on): their HTML is kept under a digest of what they show, read again for
    each version (a few queries) but rendered only when it changed."""
    shown = {name: value for name, value in values.items() if name != "tournament"}
    # The frozen dataclasses' repr holds every value they show, and costs an eighth of
    # asdict + JSON (as much as the drawing itself, since the tables are drawn in Python).
    digest = hashlib.blake2b(repr([info["slug"], shown]).encode(), digest_size=16).hexdigest()
    key = f"public:{info['pk']}:{translation.get_language()}:html:{page}:{digest}"
    html = cache.get(key)
    if html is None:
        html = render_to_string(template, values)
        cache.set(key, html, PAGE_TIMEOUT)
    return html


def _sessions_nav(info: dict, version: str) -> list[int]:
    def build():
        numbers = Session.objects.filter(tournament_id=info["pk"]).values_list("number", flat=True)
        return json.dumps(sorted(numbers))

    return json.loads(_cached(info, version, "sessions", build))


def _page(request, slug: str, page: str) -> HttpResponse:
    info = _tournament_info(slug)
    _template, _context, title = _page_parts(page)
    version, fragment = _fragment(info, _version(info), page)
    etag = f'"{version}-{translation.get_language()}-{page}"'
    if request.headers.get("If-None-Match") == etag:
        return HttpResponseNotModified()

    def build():
        return render_to_string(
            "public/page.html",
            {
                "info": info,
                "title": title,
                "page": page,
                "version": version,
                "fragment": fragment,
                "sessions": _sessions_nav(info, version),
                "current_session": int(page[8:]) if page.startswith("session-") else None,
                "poll_seconds": settings.PUBLIC_POLL_SECONDS,
                "path": request.path,
            },
            request=None,
        )

    name = f"page:{page}"
    lang = translation.get_language()
    body = _local(
        f"{info['pk']}:{lang}:{name}", version, lambda: _shared_body(info, version, name, build)
    )
    response = _response(request, body, "text/html; charset=utf-8")
    response["ETag"] = etag
    response["Cache-Control"] = "public, max-age=0, must-revalidate"
    return response


@require_GET
def index(request):
    """`/`: every tournament's public pages (the admin's "View site")."""
    tournaments = Tournament.objects.order_by("-start_date", "-pk").values(
        "slug", "name", "start_date", "venue"
    )
    return HttpResponse(
        render_to_string("public/index.html", {"tournaments": tournaments}, request=request)
    )


@require_GET
def standings(request, slug: str):
    return _page(request, slug, "standings")


@require_GET
def session(request, slug: str, number: int):
    return _page(request, slug, f"session-{number}")


@require_GET
def player(request, slug: str, number: int):
    return _page(request, slug, f"player-{number}")


@require_GET
def chart(request, slug: str):
    return _page(request, slug, "chart")


# -- find your seat, and the draw on the hall's projector ------------------------------------

DRAW_ROWS = 15  # rows of each of the projector's two columns
DRAW_PAGE_SECONDS = 12  # the projector turns to the next page after this long


def _draw(info: dict, version: str):
    """(the version it shows, the running or next session's draw), read once per version and
    kept by each process: a search costs no query while nothing changes. While another process
    reads a new version, the last copy is served under its own version."""
    return _rendered(info, version, "draw-data", lambda: session_draw(_tournament(info)))


def _not_modified(request, etag: str) -> bool:
    return request.headers.get("If-None-Match") == etag


def _revalidated(response: HttpResponse, etag: str) -> HttpResponse:
    response["ETag"] = etag
    response["Cache-Control"] = "public, max-age=0, must-revalidate"
    return response


@require_GET
def seats(request, slug: str):
    """`?q=part of a name`: each matching player's table and seat in the running (else next)
    session; accents and case ignored, native names too. A query over 100 characters: 400."""
    info = _tournament_info(slug)
    query = request.GET.get("q", "").strip()
    lang = translation.get_language()
    version, current = _draw(info, published_version(info["pk"]))
    too_long = len(query) > QUERY_MAX_LENGTH
    etag = f'"{version}-{lang}-seats-{_digest(query)}"'
    if not too_long and _not_modified(request, etag):
        return HttpResponseNotModified()
    html = render_to_string(
        "public/seats.html",
        {
            "info": info,
            "title": _("Find your seat"),
            "page": "seats",
            "sessions": _sessions_nav(info, version),
            "draw": current,
            "query": query,
            "too_long": too_long,
            "max_length": QUERY_MAX_LENGTH,
            "found": () if too_long else find_seats(current, query),
            "path": request.get_full_path(),
        },
    )
    if too_long:
        response = HttpResponse(html, status=400)
        response["Cache-Control"] = "no-store"
        return response
    return _revalidated(HttpResponse(html), etag)


def _draw_page_number(raw: str | None, count: int) -> int:
    """The page `?page=` asks for, within 1..count (1 for anything else)."""
    number = int(raw) if raw and raw.isascii() and raw.isdigit() and len(raw) < 6 else 1
    return min(max(number, 1), count)


@require_GET
def draw(request, slug: str):
    """The projector's display of the draw: every player of the running (else next) session
    alphabetically with his table and seat, in large type, turning its pages by itself (a
    small script; `?page=` and a refresh without it)."""
    info = _tournament_info(slug)
    lang = translation.get_language()
    version, current = _draw(info, published_version(info["pk"]))
    pages = draw_pages(current.lines, 2 * DRAW_ROWS)
    number = _draw_page_number(request.GET.get("page"), len(pages))
    etag = f'"{version}-{lang}-draw-{number}"'
    if _not_modified(request, etag):
        return HttpResponseNotModified()

    def build():
        return render_to_string(
            "public/draw.html",
            {
                "info": info,
                "draw": current,
                "pages": [
                    {
                        "number": i,
                        "columns": [c for c in (lines[:DRAW_ROWS], lines[DRAW_ROWS:]) if c],
                    }
                    for i, lines in enumerate(pages, start=1)
                ],
                "count": len(pages),
                "current": number,
                "next": number % len(pages) + 1,
                "seconds": DRAW_PAGE_SECONDS,
            },
        )

    name = f"draw:{number}"
    body = _local(
        f"{info['pk']}:{lang}:{name}", version, lambda: _shared_body(info, version, name, build)
    )
    return _revalidated(_response(request, body, "text/html; charset=utf-8"), etag)


# The pages whose version is the tournament's (the chart's is its own, in each language).
_TOURNAMENT_VERSIONED = re.compile(r"standings|(session|player)-[0-9]{1,5}")


def _unchanged(version: str) -> JsonResponse:
    response = JsonResponse({"version": version, "changed": False})
    response["Cache-Control"] = "no-store"
    return response


def _poll_name(info: dict, page: str) -> str:
    """A poll's changed answer's name: the page and whether it shows the standings."""
    state = "published" if _standings_shown(info) else "unpublished"
    return f"poll:{page}:{state}"


def _poll_body_key(info: dict, language: str, page: str) -> str:
    return f"{info['pk']}:{language}:{_poll_name(info, page)}"


def poll_answered_early(request, slug: str, page: str, seen: str) -> HttpResponse | None:
    """The answer to a poll of a page that shows the published version, given before the
    session, language, CSRF and login middleware (public/middleware.py), when this process
    already has it: unchanged, if it has served that page at that version (so the page
    exists); changed, if it has the very body it sent another reader of this version in the
    request's language. No query, two cache reads. None for anything the view must answer (a
    version not yet served here, the chart, an unknown tournament, a logged-in reader, whose
    language is his own)."""
    if not _TOURNAMENT_VERSIONED.fullmatch(page) or settings.SESSION_COOKIE_NAME in request.COOKIES:
        return None
    try:
        info = _tournament_info(slug)
    except Http404:
        return None
    version = _version(info)
    if seen == version:
        served = (
            _LOCAL.get(_part_key(info["pk"], language, _part_name(info, page)))
            for language, _name in settings.LANGUAGES
        )
        if any(entry is not None and entry[0] == seen for entry in served):
            return _unchanged(seen)
        return None
    # The language LocaleMiddleware would choose: the switcher's cookie, else the browser's.
    language = translation.get_language_from_request(request)
    entry = _LOCAL.get(_poll_body_key(info, language, page))
    if entry is None or entry[0] != version:
        return None
    response = _changed_response(request, entry[1])
    response["Content-Language"] = language
    patch_vary_headers(response, ["Accept-Language"])
    return response


def _changed_response(request, body: Body) -> HttpResponse:
    response = _response(request, body, "application/json")
    response["Cache-Control"] = "no-store"
    return response


@require_GET
def live(request, slug: str):
    """The poll of a page: `?page=<name>&v=<version it shows>` → unchanged, or the new
    version and its live part."""
    info = _tournament_info(slug)
    page = request.GET.get("page", "standings")
    _page_parts(page)  # 404 for an unknown page
    version, fragment = _fragment(info, _version(info), page)
    if request.GET.get("v") == version:
        return _unchanged(version)
    answer = {
        "version": version,
        "changed": True,
        "html": fragment,
        "standings_public": _standings_shown(info),
    }
    body = _local(
        _poll_body_key(info, translation.get_language(), page),
        version,
        lambda: _shared_body(info, version, _poll_name(info, page), lambda: json.dumps(answer)),
    )
    return _changed_response(request, body)


# -- the hall clock ---------------------------------------------------------------------


@require_GET
def clock(request, slug: str):
    info = _tournament_info(slug)
    response = HttpResponse(
        render_to_string("public/clock.html", {"info": info, "warning_minutes": WARNING_MINUTES})
    )
    response["Cache-Control"] = "no-cache"
    return response


def _clock_session(info: dict, version: str) -> str:
    def build():
        tournament = _tournament(info)
        current = selectors.current_session(tournament)
        if current is None:
            return json.dumps(None)
        return json.dumps(
            {
                "number": current.number,
                "start": current.actual_start.isoformat() if current.actual_start else None,
                "end": current.actual_end.isoformat() if current.actual_end else None,
                "scheduled_start": (
                    current.scheduled_start.isoformat() if current.scheduled_start else None
                ),
                "minutes": tournament.session_minutes,
                # Its last sheet countersigned: the clock says the event is over, not "stop
                # playing" under the last session's end.
                "tournament_finished": tournament.status == Tournament.Status.FINISHED,
            }
        )

    return _cached(info, version, "clock", build)


@require_GET
def clock_json(request, slug: str):
    """The session the clock shows, and the server's time to correct the screen's clock."""
    info = _tournament_info(slug)
    version = published_version(info["pk"])
    response = JsonResponse(
        {
            "version": version,
            "now": timezone.now().isoformat(),
            "warning_minutes": WARNING_MINUTES,
            "session": json.loads(_clock_session(info, version)),
        }
    )
    response["Cache-Control"] = "no-store"
    return response
