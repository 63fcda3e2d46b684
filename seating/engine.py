"""Table rotation: generate a chart, or re-seat the remaining sessions.

Pipeline (all deterministic given the seed):

1. *Construction* when there is no history and N is a multiple of 4: a
   developed base class (``construct.py``; affine plane / 1-rotational
   designs, some kept as data) gives up to m sessions with no repeated pair.
   With groups, one developed class is spent as the "team class": its tables
   never meet in the chart, and the groups are packed into those tables.
   Past m sessions a relabelled second copy is stacked on top, the
   relabelling annealed to avoid pairs meeting a third time (``_relabel``).
2. Otherwise a greedy start, session by session.
3. Tabu search (``search.py``) on the remaining repeats and conflicts, until
   a lower bound is reached or the budget of evaluations (``effort``) is
   spent; an optional ``time_limit`` is only a safety net, and a chart it cut
   short says so (``info["reproducible"]`` false).
4. A seat (first dealer) balanced by augmenting paths; table numbers permuted
   within each session to avoid a player sitting at the same table twice.

Past the bound a few charts with no pair meeting more than twice are kept as
data (``data/past_bound.json``, 20 players) and used as they are.  The
search's target also counts unavoidable third meetings, and while a pair
meets more often than the counting bound on the maximum allows, the search
moves only its players (``_cost_bound``, ``level``).
"""

from __future__ import annotations

import heapq
import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .construct import base_class_for, stored_chart
from .quality import Schedule, chart_quality, is_bye, normalise
from .search import A_REPEAT, CONFLICT, Tabu, pair_cost
from .work import DEFAULT_EFFORT, EVALS_PER_SECOND, Work

BYE_GROUP = -1
# What the construction of one base class may spend: as the 0.2-10 s it had when the
# search was timed.
CONSTRUCTION_MIN = EVALS_PER_SECOND // 5
CONSTRUCTION_MAX = 10 * EVALS_PER_SECOND


class SeatingError(ValueError):
    """Bad arguments for the seating engine."""


def _rng(*parts) -> random.Random:
    return random.Random(":".join(str(p) for p in ("seating",) + parts))


# --------------------------------------------------------------------------
# public API
# --------------------------------------------------------------------------
def generate_schedule(
    *,
    players: int,
    sessions: int,
    groups: Sequence[int | None] | None = None,
    seed: int = 0,
    effort: int = DEFAULT_EFFORT,
    time_limit: float | None = None,
    history: Sequence[Sequence[Sequence[int]]] = (),
) -> Schedule:
    """Chart for players 1..N over ``sessions`` sessions.

    ``groups[i]`` is the team/club id of player i+1 (None: no group); players
    of one group never share a table when that is satisfiable.  ``history``
    are sessions already played (their meetings count in the objective); the
    result then holds only the new sessions.  Substitute seats are -1, -2,
    -3 (see ``quality.is_bye``).  ``effort`` is the search's budget of
    evaluations (``work.effort_for_seconds``); ``time_limit`` (seconds) is an
    optional safety net that, when it ends the search, makes
    ``Schedule.reproducible`` false.
    """
    if not isinstance(players, int) or players < 1:
        raise SeatingError("players must be a positive integer")
    if players < 4:
        raise SeatingError("need at least 4 players")
    if not isinstance(sessions, int) or sessions < 1:
        raise SeatingError("sessions must be a positive integer")
    if groups is not None and len(groups) != players:
        raise SeatingError(f"groups has {len(groups)} entries for {players} players")
    gmap = {i + 1: g for i, g in enumerate(groups)} if groups is not None else {}
    problem = _problem(list(range(1, players + 1)), sessions, gmap, history)
    return _solve(problem, seed=seed, work=_work(effort, time_limit))


def reseat_remaining(
    *,
    played: Sequence[Sequence[Sequence[int]]],
    active_players: Sequence[int],
    remaining_sessions: int,
    groups: Mapping[int, int | None] | None = None,
    seed: int = 0,
    effort: int = DEFAULT_EFFORT,
    time_limit: float | None = None,
) -> Schedule:
    """Chart for the remaining sessions after a change of players.

    ``played`` are the sessions already played (player numbers, byes <= 0);
    ``active_players`` are the players seated from now on (withdrawn players
    left out, late entries or substitutes added under new numbers).  Only the
    remaining sessions are returned; meetings, A seats and table numbers of
    the played sessions count in the objective.  ``metrics`` covers the whole
    chart (played + remaining) restricted to active players' meetings;
    ``info["metrics_remaining"]`` covers the new sessions alone.  ``effort``
    and ``time_limit`` as for ``generate_schedule``.
    """
    active = [int(p) for p in active_players]
    if len(set(active)) != len(active):
        raise SeatingError("active_players has duplicates")
    if any(p <= 0 for p in active):
        raise SeatingError("player numbers must be positive")
    if len(active) < 4:
        raise SeatingError("need at least 4 active players")
    if not isinstance(remaining_sessions, int) or remaining_sessions < 1:
        raise SeatingError("remaining_sessions must be a positive integer")
    gmap = {int(k): v for k, v in (groups or {}).items()}
    problem = _problem(sorted(active), remaining_sessions, gmap, played)
    return _solve(problem, seed=seed, work=_work(effort, time_limit))


def _work(effort, time_limit) -> Work:
    if isinstance(effort, bool) or not isinstance(effort, int) or effort < 1:
        raise SeatingError("effort must be a positive number of evaluations")
    if time_limit is not None and not (isinstance(time_limit, int | float) and time_limit > 0):
        raise SeatingError("time_limit must be a positive number of seconds, or None")
    return Work(budget=effort, time_limit=time_limit)


# --------------------------------------------------------------------------
# solver
# --------------------------------------------------------------------------
def _lower_bound(n, n_tables, n_sessions, gid, cnt) -> int:
    """Lower bound on new repeated meetings (pairs and player-substitute)."""
    byes = 4 * n_tables - n
    # real-real pairs per session (a table with a substitute has 3 pairs)
    total_new = (6 * n_tables - 3 * byes) * n_sessions
    free_pairs = 0
    per_player = 0
    for p in range(n):
        avail = sum(1 for q in range(n) if q != p and gid[p] != gid[q] and cnt[p][q] == 0)
        free_pairs += avail
        if not byes:
            per_player += max(0, 3 * n_sessions - avail)
    lb = max(0, total_new - free_pairs // 2, (per_player + 1) // 2)
    if byes:
        # each substitute seat puts three players next to a substitute
        fresh = sum(1 for p in range(n) if cnt[p][n] == 0)
        lb += max(0, 3 * byes * n_sessions - fresh)
    return lb


def _cost_bound(n, n_sessions, gid, cnt):
    """(lower bound on the search cost, lower bound on the largest pair count).

    Each player spreads 3 meetings per session over the others; pair_cost is
    convex, so the cheapest spread for one player is greedy (always the
    partner whose next meeting costs least), and every pair is counted by
    both its players.  This sees unavoidable third meetings (16 x 12 with
    teams: every pair meets three times), which ``_lower_bound`` does not.
    Only without substitutes (then every player has exactly 3 per session).
    """
    total = 0
    top = 1
    for p in range(n):
        heap = []
        for q in range(n):
            if q != p:
                c = cnt[p][q]
                step = CONFLICT if gid[p] == gid[q] else pair_cost(c + 1) - pair_cost(c)
                heap.append((step, c, q))
        heapq.heapify(heap)
        for _ in range(3 * n_sessions):
            step, c, q = heapq.heappop(heap)
            total += step
            c += 1
            if gid[p] != gid[q]:
                top = max(top, c)
                step = pair_cost(c + 1) - pair_cost(c)
            heapq.heappush(heap, (step, c, q))
    return (total + 1) // 2, top


@dataclass
class _Problem:
    """The chart to find, in the search's ids: players 0..n-1 (``active[i]`` is player i's
    number), substitute seats n..n+byes-1; ``gid`` their group ids (ungrouped players get
    their own); ``hist`` the meetings of the sessions played (row and column n: with a
    substitute), ``a_hist`` their A seats, ``visits_hist`` (player, table index) -> visits."""

    active: list[int]
    n_sessions: int
    gmap: dict
    played: tuple
    gid: list[int]
    has_groups: bool
    hist: list[list[int]]
    a_hist: list[int]
    visits_hist: dict[tuple[int, int], int]

    @property
    def n(self) -> int:
        return len(self.active)

    @property
    def n_tables(self) -> int:
        return -(-self.n // 4)

    @property
    def byes(self) -> int:
        return 4 * self.n_tables - self.n


def _problem(active, n_sessions, gmap, played) -> _Problem:
    played = normalise(played)
    n = len(active)
    gid, has_groups = _group_ids(active, gmap)
    index = {p: i for i, p in enumerate(active)}
    problem = _Problem(
        active=active, n_sessions=n_sessions, gmap=gmap, played=played, gid=gid,
        has_groups=has_groups, hist=[[0] * (n + 1) for _ in range(n + 1)], a_hist=[0] * n,
        visits_hist={},
    )
    problem.gid += [BYE_GROUP] * problem.byes
    for sess in played:
        for ti, table in enumerate(sess):
            _count_played_table(problem, index, ti, table)
    return problem


def _group_ids(active, gmap) -> tuple[list[int], bool]:
    names: dict = {}
    gid = []
    for i, p in enumerate(active):
        g = gmap.get(p)
        gid.append(-10 - i if g is None else names.setdefault(g, len(names)))
    return gid, bool(names)


def _count_played_table(problem: _Problem, index, ti: int, table) -> None:
    hist, n = problem.hist, problem.n
    ids = [index[p] for p in table if p in index]
    with_bye = any(is_bye(p) for p in table)
    for a, pa in enumerate(ids):
        problem.visits_hist[(pa, ti)] = problem.visits_hist.get((pa, ti), 0) + 1
        if with_bye:
            hist[pa][n] += 1
            hist[n][pa] += 1
        for pb in ids[a + 1:]:
            hist[pa][pb] += 1
            hist[pb][pa] += 1
    if table and table[0] in index:
        problem.a_hist[index[table[0]]] += 1


def _solve(problem: _Problem, *, seed: int, work: Work) -> Schedule:
    t0 = time.monotonic()  # reported only: no decision depends on the clock
    rng = _rng(seed, problem.n, problem.n_sessions, len(problem.played))
    info: dict = {"method": "greedy+tabu"}
    start, exact = _start(problem, seed, rng, work, info)
    target, level = _target(problem, info)
    if 0 < exact < problem.n_sessions:
        tabu, cost, stopped = _search_past_bound(problem, start, exact, seed, rng, work,
                                                 target, level, info)
    else:
        tabu = _tabu(problem, start, rng)
        cost, stopped = tabu.run(target=target, max_evals=work.left(), work=work, level=level)
    info.update(
        stopped_by="time_limit" if work.cut_short else stopped,
        search_cost=cost,
        conflict_weight=CONFLICT,
        effort=work.budget,
        evaluations=work.spent,
        reproducible=not work.cut_short,
    )
    sessions = _balance_a_seat(tabu.sessions, problem.n, problem.a_hist, rng)
    sessions = _number_tables(sessions, problem.n, problem.visits_hist, rng)
    schedule = _schedule(problem, sessions, info)
    info["seconds"] = round(time.monotonic() - t0, 3)
    return schedule


def _start(problem: _Problem, seed, rng, work: Work, info: dict):
    """(first chart, how many of its sessions are exact): a stored chart, a construction,
    or a greedy chart."""
    n, gid = problem.n, problem.gid
    if not problem.played and not problem.byes:
        start = _stored(n, problem.n_sessions, gid, problem.has_groups, rng)
        if start is not None:
            info["method"] = "stored chart (data/past_bound.json)"
            return start, 0
        start, method, exact = _construct(problem, seed, rng, work)
        if start is not None:
            info["method"] = method
            return start, exact
    return _greedy(n, problem.byes, problem.n_sessions, gid, problem.hist, rng), 0


def _target(problem: _Problem, info: dict) -> tuple[int, int]:
    """(the search cost that cannot be beaten, the least possible largest pair count)."""
    lb = _lower_bound(problem.n, problem.n_tables, problem.n_sessions, problem.gid,
                      problem.hist)
    info["lower_bound_repeats"] = lb
    if problem.byes:
        return A_REPEAT * lb, 1
    cost_lb, level = _cost_bound(problem.n, problem.n_sessions, problem.gid, problem.hist)
    info["lower_bound_max"] = level
    return max(A_REPEAT * lb, cost_lb), level


def _tabu(problem: _Problem, sessions, rng) -> Tabu:
    return Tabu(n=problem.n, byes=problem.byes, sessions=sessions, gid=problem.gid,
                hist=problem.hist, rng=rng)


def _search_past_bound(problem: _Problem, start, exact, seed, rng, work: Work, target,
                       level, info):
    """Past the bound: (a) fit the extra sessions around the exact part, over several
    variants (base class seed / relabelling of the extra copy), then improve everything;
    (b) a greedy start + tabu. Keep the better: the exact part is sometimes a trap (20 x 6).
    Returns (tabu, cost, stopped_by)."""
    tabu, variants = _best_variant(problem, start, exact, seed, rng, work, target, level)
    info["variants_tried"] = variants
    cost, stopped = tabu.run(target=target, max_evals=work.budget // 4, work=work, level=level)
    if cost <= target:
        return tabu, cost, stopped
    greedy = _greedy(problem.n, problem.byes, problem.n_sessions, problem.gid, problem.hist,
                     rng)
    other = _tabu(problem, greedy, rng)
    cost_b, stopped_b = other.run(target=target, max_evals=work.budget // 2, work=work,
                                  level=level)
    if cost_b < cost:
        info["method"] += " -> greedy+tabu (better)"
        return other, cost_b, stopped_b
    return tabu, cost, stopped


def _best_variant(problem: _Problem, start, exact, seed, rng, work: Work, target, level):
    """(the tabu of the best variant after a short search with its exact part frozen,
    how many variants were tried)."""
    share = work.budget // 4
    per = max(2000, share // 8)
    tabu = _tabu(problem, start, rng)
    best_cost, best_tabu = None, tabu
    variant = 0
    while share > 0 and work.left() and not work.out_of_time():
        if variant:
            alt, _, exact_alt = _construct(problem, seed, rng, work, variant=variant)
            if alt is None or exact_alt != exact:
                break
            tabu = _tabu(problem, alt, rng)
        cost, _ = tabu.run(target=target, max_evals=min(per, share), work=work, frozen=exact,
                           level=level)
        share -= per
        if best_cost is None or cost < best_cost:
            best_cost, best_tabu = cost, tabu
        if cost <= target:
            break
        variant += 1
    return best_tabu, variant + 1


def _schedule(problem: _Problem, sessions_int, info: dict) -> Schedule:
    """The chart in player numbers (substitute seats -1, -2, ... per session), measured."""
    out = []
    for sess in sessions_int:
        numbered = []
        byes = 0
        for table in sess:
            row = []
            for p in table:
                if p < problem.n:
                    row.append(problem.active[p])
                else:
                    byes += 1
                    row.append(-byes)
            numbered.append(tuple(row))
        out.append(tuple(numbered))
    chart = tuple(out)
    if not problem.played:
        return Schedule(sessions=chart, metrics=chart_quality(chart, problem.gmap), info=info)
    info["metrics_remaining"] = chart_quality(chart, problem.gmap).to_dict()
    whole = chart_quality(list(problem.played) + list(chart), problem.gmap)
    return Schedule(sessions=chart, metrics=whole, info=info)


def _construct(problem: _Problem, seed, rng, work: Work, variant=0):
    """(sessions, method, exact sessions) from a developed base class; (None, None, 0)
    when none is available."""
    n, n_sessions, gid, has_groups = (problem.n, problem.n_sessions, problem.gid,
                                      problem.has_groups)
    rmax = (n - 1) // 3
    need = min(n_sessions + (1 if has_groups else 0), rmax)
    bc = None
    for want in range(need, 0, -1):
        share = work.share(0.3, at_least=CONSTRUCTION_MIN)
        bc = base_class_for(n, want, seed=seed + 7919 * variant, work=work,
                            max_evals=min(share, CONSTRUCTION_MAX))
        if bc is not None or not work.left() or work.out_of_time():
            break
    if bc is None:
        return None, None, 0
    classes = [[list(b) for b in c] for c in bc.develop()]
    team_class = classes[0] if has_groups else None
    pool = classes[1:] if has_groups else classes
    chart = list(pool[:n_sessions])
    exact = len(chart)
    copy = 1
    while len(chart) < n_sessions:
        extra = (pool or classes)[:n_sessions - len(chart)]
        perm = _relabel(n, chart, extra, team_class, _rng(seed, "copy", copy, variant))
        copy += 1
        chart += [[[perm[p] for p in b] for b in c] for c in extra]
    # label design points with players
    label = _labels(n, gid, team_class or classes[0], has_groups)
    if has_groups:
        label = _improve_labels(n, gid, chart, label, rng)
    sessions = [[[label[p] for p in b] for b in c] for c in chart]
    origin = "data" if bc.source.startswith("computed offline") else (bc.source or "search")
    copies = f",copies={bc.copies}" if bc.copies > 1 else ""
    method = f"construction(m={bc.m},L={bc.levels},F={bc.fixed}{copies},{origin})"
    return sessions, method, exact


def _stored(n, n_sessions, gid, has_groups, rng):
    """A stored chart past the bound, labelled; None unless the groups are its teams."""
    found = stored_chart(n, n_sessions, has_groups)
    if found is None:
        return None
    chart, team_blocks = found
    # a seeded relabelling (pair counts unchanged), so seeds give different charts
    rng.shuffle(team_blocks)
    for b in team_blocks:
        rng.shuffle(b)
    label = _labels(n, gid, team_blocks, True) if has_groups else rng.sample(range(n), n)
    if has_groups and any(len({gid[label[p]] for p in b}) > 1 for b in team_blocks):
        return None
    return [[[label[p] for p in b] for b in c] for c in chart]


def _meeting_matrix(n, classes):
    """``m[x][y]``: how often points x and y share a block in ``classes``."""
    meet = [[0] * n for _ in range(n)]
    for c in classes:
        for b in c:
            for x in b:
                row = meet[x]
                for y in b:
                    if x != y:
                        row[y] += 1
    return meet


def _relabel(n, chart, extra, team_class, rng):
    """Relabelling of a stacked copy (``extra`` classes) on top of ``chart``.

    A random relabelling makes some pairs meet three times where two suffice
    (24 x 12 with teams: two copies of the 6 exact sessions); annealing on
    swaps of two points, scored by the search's pair cost, usually finds one
    with no such pair.  With groups, team-class blocks map onto team-class
    blocks (and the team class itself is not copied), so teammates still
    never meet.
    """
    blocks = [list(b) for b in team_class] if team_class else None
    block_of = [0] * n
    for bi, b in enumerate(blocks or ()):
        for x in b:
            block_of[x] = bi
    relabel = _Relabelling(n, chart, extra, _first_relabelling(n, blocks, rng))
    cost = 0
    best, best_perm = 0, relabel.perm[:]
    iters = min(40 * n * len(extra), 2_000_000 // n)  # a swap costs O(n)
    for it in range(iters):
        a, b = rng.randrange(n), rng.randrange(n)
        if a == b:
            continue
        if blocks and block_of[a] != block_of[b]:
            moves = list(zip(blocks[block_of[a]], blocks[block_of[b]], strict=True))
        else:
            moves = [(a, b)]
        d = sum(relabel.swap(x, y) for x, y in moves)
        temp = 8.0 * (1 - it / iters) + 0.5
        if d > 0 and rng.random() >= math.exp(-d / temp):
            for x, y in reversed(moves):
                relabel.swap(x, y)
            continue
        cost += d
        if cost < best:
            best, best_perm = cost, relabel.perm[:]
    return best_perm


def _first_relabelling(n, blocks, rng) -> list[int]:
    """A random relabelling; with team-class ``blocks``, blocks go onto blocks."""
    if not blocks:
        perm = list(range(n))
        rng.shuffle(perm)
        return perm
    images = [list(b) for b in blocks]
    rng.shuffle(images)
    perm = [0] * n
    for b, img in zip(blocks, images, strict=True):
        rng.shuffle(img)
        for x, y in zip(b, img, strict=True):
            perm[x] = y
    return perm


class _Relabelling:
    """A relabelling ``perm`` of the extra copy, and the pair cost it changes."""

    def __init__(self, n, chart, extra, perm):
        self.n, self.perm = n, perm
        self.base, self.extra = _meeting_matrix(n, chart), _meeting_matrix(n, extra)
        self.cost = [pair_cost(c) for c in range(len(chart) + len(extra) + 1)]

    def swap(self, a, b) -> int:
        """Swap the images of a and b; the change of cost."""
        perm, f = self.perm, self.cost
        u, v = perm[a], perm[b]
        bu, bv, ma, mb = self.base[u], self.base[v], self.extra[a], self.extra[b]
        d = 0
        for x in range(self.n):
            if ma[x] != mb[x] and x != a and x != b:
                px = perm[x]
                d += (f[bv[px] + ma[x]] - f[bu[px] + ma[x]]
                      + f[bu[px] + mb[x]] - f[bv[px] + mb[x]])
        perm[a], perm[b] = v, u
        return d


def _labels(n, gid, team_class, has_groups):
    """Map design point -> player, packing groups into the team-class tables."""
    if not has_groups:
        return list(range(n))
    groups: dict[int, list[int]] = {}
    for p in range(n):
        groups.setdefault(gid[p], []).append(p)
    real = sorted((g for g in groups.values() if len(g) > 1), key=lambda g: (-len(g), g[0]))
    singles = [g[0] for g in groups.values() if len(g) == 1]
    blocks = [list(b) for b in team_class]
    free = [4] * len(blocks)
    assign: list[list[int]] = [[] for _ in blocks]
    leftovers: list[int] = []
    for g in real:
        members = list(g)
        while members:
            # first block with room for as many as possible
            bi = max(range(len(blocks)), key=lambda i: (min(free[i], len(members)), -i))
            take = min(free[bi], len(members))
            if take == 0:
                leftovers += members
                break
            assign[bi] += members[:take]
            free[bi] -= take
            members = members[take:]
    rest = singles + leftovers
    for bi in range(len(blocks)):
        while free[bi]:
            assign[bi].append(rest.pop(0))
            free[bi] -= 1
    label = [0] * n
    for b, who in zip(blocks, assign, strict=True):
        for point, player in zip(b, who, strict=True):
            label[point] = player
    return label


class _GroupSeparation:
    """Design points labelled with players, and the meetings of teammates it gives."""

    def __init__(self, n, gid, chart, label):
        self.n, self.gid = n, gid
        self.meet = _meeting_matrix(n, chart)
        self.point = [0] * n
        for pt, player in enumerate(label):
            self.point[player] = pt
        self.mates: dict[int, list[int]] = {}
        for p in range(n):
            self.mates.setdefault(gid[p], []).append(p)

    def conflicts(self, p, pt, skip=-1) -> int:
        """Meetings of player p with his teammates (but ``skip``) if p sat on point pt."""
        row, point = self.meet[pt], self.point
        return sum(row[point[q]] for q in self.mates[self.gid[p]] if q != p and q != skip)

    def in_conflict(self) -> list[int]:
        return [p for p in range(self.n)
                if len(self.mates[self.gid[p]]) > 1 and self.conflicts(p, self.point[p])]

    def best_partner(self, p):
        """The player whose point p should take (the largest drop of conflicts), or None."""
        point, gid = self.point, self.gid
        current = self.conflicts(p, point[p])
        if not current:
            return None
        best, best_q = 0, None
        for q in range(self.n):
            if q == p or gid[q] == gid[p]:
                continue
            a, b = point[p], point[q]
            d = (self.conflicts(p, b, q) - current) + (self.conflicts(q, a, p)
                                                       - self.conflicts(q, b))
            if d < best:
                best, best_q = d, q
        return best_q

    def labels(self) -> list[int]:
        out = [0] * self.n
        for player, pt in enumerate(self.point):
            out[pt] = player
        return out


def _improve_labels(n, gid, chart, label, rng, rounds=30):
    """Swap players between design points to separate groups (fewest conflicts)."""
    state = _GroupSeparation(n, gid, chart, label)
    for _ in range(rounds):
        bad = state.in_conflict()
        if not bad:
            break
        rng.shuffle(bad)
        improved = False
        for p in bad:
            q = state.best_partner(p)
            if q is not None:
                state.point[p], state.point[q] = state.point[q], state.point[p]
                improved = True
        if not improved:
            break
    return state.labels()


def _greedy(n, byes, n_sessions, gid, hist, rng):
    total = n + byes
    cid = [p if p < n else n for p in range(total)]
    cnt = [row[:] for row in hist]
    n_tables = total // 4
    sessions = []
    for _ in range(n_sessions):
        people = list(range(n))
        rng.shuffle(people)
        bye_ids = list(range(n, total))
        tables = []
        for _ in range(n_tables):
            table = [bye_ids.pop()] if bye_ids else [people.pop()]
            while len(table) < 4:
                left = people + bye_ids
                pool = left if len(left) <= 40 else rng.sample(left, 40)
                best, best_c = None, None
                for q in pool:
                    c = 0
                    cq = cid[q]
                    for x in table:
                        if gid[x] == gid[q]:
                            c += CONFLICT
                        else:
                            c += cnt[cid[x]][cq] * A_REPEAT
                    if best_c is None or c < best_c:
                        best, best_c = q, c
                (people if best < n else bye_ids).remove(best)
                table.append(best)
            tables.append(table)
        for t in tables:
            for a in range(4):
                for b in range(a + 1, 4):
                    ca, cb = cid[t[a]], cid[t[b]]
                    if ca != cb:
                        cnt[ca][cb] += 1
                        cnt[cb][ca] += 1
        sessions.append(tables)
    return sessions


def _balance_a_seat(sessions, n, a_hist, rng):
    """Choose the A seat of each table so A counts differ by at most one."""
    count = a_hist[:]
    seat_a = _greedy_a_seats(sessions, n, count, rng)
    tables_of = _tables_of(sessions, n)
    for _ in range(20 * n):
        hi = max(count)
        if hi - min(count) <= 1 or not _move_one_a_seat(hi, count, seat_a, sessions,
                                                        tables_of, n):
            break
    return [[[seat_a[s][ti]] + [p for p in t if p != seat_a[s][ti]] for ti, t in enumerate(sess)]
            for s, sess in enumerate(sessions)]


def _greedy_a_seats(sessions, n, count, rng):
    """seat_a[s][ti]: at each table, the player with the fewest A seats so far."""
    seat_a = []
    for sess in sessions:
        row = []
        for t in sess:
            real = [p for p in t if p < n]
            best = min(real, key=lambda p: (count[p], rng.random()))
            count[best] += 1
            row.append(best)
        seat_a.append(row)
    return seat_a


def _tables_of(sessions, n):
    """tables_of[p]: the (session, table index) where player p sits."""
    tables_of = [[] for _ in range(n)]
    for s, sess in enumerate(sessions):
        for ti, t in enumerate(sess):
            for p in t:
                if p < n:
                    tables_of[p].append((s, ti))
    return tables_of


def _move_one_a_seat(hi, count, seat_a, sessions, tables_of, n) -> bool:
    """Move one A seat from a player at the maximum ``hi`` to one at ``hi - 2`` or below,
    along a chain of tables; False when no chain exists."""
    for src in [p for p in range(n) if count[p] == hi]:
        path = _path_to_fewer_a(src, hi, count, seat_a, sessions, tables_of, n)
        if path is None:
            continue
        prev, found = path
        q = found
        while prev[q] is not None:
            p, s, ti = prev[q]
            seat_a[s][ti] = q
            q = p
        count[src] -= 1
        count[found] += 1
        return True
    return False


def _path_to_fewer_a(src, hi, count, seat_a, sessions, tables_of, n):
    """Breadth-first over players (p -> q when p holds A at a table where q sits) from
    ``src`` to a player with at most ``hi - 2`` A seats: (predecessors, that player), or
    None."""
    prev = {src: None}
    queue = [src]
    while queue:
        nxt = []
        for p in queue:
            for s, ti in tables_of[p]:
                if seat_a[s][ti] != p:
                    continue
                for q in sessions[s][ti]:
                    if q < n and q not in prev:
                        prev[q] = (p, s, ti)
                        if count[q] <= hi - 2:
                            return prev, q
                        nxt.append(q)
        queue = nxt
    return None


def _number_tables(sessions, n, visits_hist, rng):
    """Permute tables within each session to avoid repeated table numbers."""
    n_tables = len(sessions[0])
    visits = [[0] * n_tables for _ in range(n)]
    for (p, ti), c in visits_hist.items():
        if ti < n_tables:
            visits[p][ti] += c
    order = [_greedy_numbers(sess, n, visits, rng) for sess in sessions]
    if n_tables > 1 and _revisits(visits) > _least_revisits(visits, n_tables):
        order = _anneal_numbers(sessions, n, visits, order, rng)
    out = []
    for s, sess in enumerate(sessions):
        row = [None] * n_tables
        for ti, t in enumerate(sess):
            row[order[s][ti]] = t
        out.append(row)
    return out


def _revisits(visits) -> int:
    return sum(c - 1 for row in visits for c in row if c > 1)


def _least_revisits(visits, n_tables: int) -> int:
    """No numbering does better: a player seated more often than there are tables revisits
    one at least that many times more (swaps move a player's visits, never their sum)."""
    return sum(max(0, sum(row) - n_tables) for row in visits)


def _greedy_numbers(sess, n, visits, rng):
    """The numbers of one session's tables (in a random order of tables, the free number
    its players have visited least), counted into ``visits``."""
    n_tables = len(sess)
    slots = list(range(n_tables))
    tabs = list(range(n_tables))
    rng.shuffle(tabs)
    assign = [0] * n_tables
    for ti in tabs:
        k = min(slots, key=lambda k: (sum(visits[p][k] for p in sess[ti] if p < n), k))
        slots.remove(k)
        assign[ti] = k
    for ti, t in enumerate(sess):
        for p in t:
            if p < n:
                visits[p][assign[ti]] += 1
    return assign


def _anneal_numbers(sessions, n, visits, order, rng):
    """Simulated annealing on swaps of two tables' numbers in one session; the best
    numbering found."""
    n_tables = len(sessions[0])
    cost = _revisits(visits)
    floor = _least_revisits(visits, n_tables)
    best_cost, best_order = cost, [row[:] for row in order]
    iters = min(60000, 3000 * len(sessions) * n_tables)
    temp0, temp1 = 0.8, 0.02
    for it in range(iters):
        s = rng.randrange(len(sessions))
        a = rng.randrange(n_tables)
        b = rng.randrange(n_tables - 1)
        if b >= a:
            b += 1
        d = _swap_numbers_delta(sessions[s], order[s], a, b, n, visits)
        if d > 0:
            temp = temp0 * (temp1 / temp0) ** (it / iters)
            if rng.random() >= math.exp(-d / temp):
                continue
        _swap_numbers(sessions[s], order[s], a, b, n, visits)
        cost += d
        if cost < best_cost:
            best_cost, best_order = cost, [row[:] for row in order]
            if cost == floor:  # the best is kept from here on: stopping changes nothing
                break
    return best_order


def _swap_numbers_delta(sess, assign, a, b, n, visits) -> int:
    """Change of revisits if tables a and b of a session swapped numbers."""
    ka, kb = assign[a], assign[b]
    d = 0
    for p in sess[a]:
        if p < n:
            d += (visits[p][kb] >= 1) - (visits[p][ka] >= 2)
    for p in sess[b]:
        if p < n:
            d += (visits[p][ka] >= 1) - (visits[p][kb] >= 2)
    return d


def _swap_numbers(sess, assign, a, b, n, visits) -> None:
    ka, kb = assign[a], assign[b]
    for p in sess[a]:
        if p < n:
            visits[p][ka] -= 1
            visits[p][kb] += 1
    for p in sess[b]:
        if p < n:
            visits[p][kb] -= 1
            visits[p][ka] += 1
    assign[a], assign[b] = kb, ka
