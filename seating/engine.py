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
   a lower bound is reached or the iteration budget (derived from
   ``time_limit``) runs out; wall clock is only a safety net.
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

from .construct import base_class_for, stored_chart
from .quality import Schedule, chart_quality, is_bye, normalise
from .search import A_REPEAT, CONFLICT, Tabu, pair_cost

BYE_GROUP = -1
EVALS_PER_SECOND = 100_000


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
    time_limit: float = 30.0,
    history: Sequence[Sequence[Sequence[int]]] = (),
) -> Schedule:
    """Chart for players 1..N over ``sessions`` sessions.

    ``groups[i]`` is the team/club id of player i+1 (None: no group); players
    of one group never share a table when that is satisfiable.  ``history``
    are sessions already played (their meetings count in the objective); the
    result then holds only the new sessions.  Substitute seats are -1, -2,
    -3 (see ``quality.is_bye``).
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
    return _solve(
        active=list(range(1, players + 1)),
        n_sessions=sessions,
        gmap=gmap,
        seed=seed,
        time_limit=time_limit,
        played=history,
    )


def reseat_remaining(
    *,
    played: Sequence[Sequence[Sequence[int]]],
    active_players: Sequence[int],
    remaining_sessions: int,
    groups: Mapping[int, int | None] | None = None,
    seed: int = 0,
    time_limit: float = 30.0,
) -> Schedule:
    """Chart for the remaining sessions after a change of players.

    ``played`` are the sessions already played (player numbers, byes <= 0);
    ``active_players`` are the players seated from now on (withdrawn players
    left out, late entries or substitutes added under new numbers).  Only the
    remaining sessions are returned; meetings, A seats and table numbers of
    the played sessions count in the objective.  ``metrics`` covers the whole
    chart (played + remaining) restricted to active players' meetings;
    ``info["metrics_remaining"]`` covers the new sessions alone.
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
    return _solve(
        active=sorted(active),
        n_sessions=remaining_sessions,
        gmap=gmap,
        seed=seed,
        time_limit=time_limit,
        played=played,
    )


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


def _solve(*, active, n_sessions, gmap, seed, time_limit, played) -> Schedule:
    t0 = time.monotonic()
    deadline = t0 + max(0.4, 0.85 * float(time_limit))  # leave time for post-processing
    n = len(active)
    n_tables = -(-n // 4)
    byes = 4 * n_tables - n
    index = {p: i for i, p in enumerate(active)}
    # groups -> internal group ids; ungrouped players get their own id
    gnames: dict = {}
    gid = []
    for i, p in enumerate(active):
        g = gmap.get(p)
        if g is None:
            gid.append(-10 - i)
        else:
            gid.append(gnames.setdefault(g, len(gnames)))
    gid += [BYE_GROUP] * byes
    has_groups = bool(gnames)

    played = normalise(played)
    hist = [[0] * (n + 1) for _ in range(n + 1)]
    a_hist = [0] * n
    visits_hist: dict[tuple[int, int], int] = {}
    for sess in played:
        for ti, t in enumerate(sess):
            ids = [index[p] for p in t if p in index]
            nb = sum(1 for p in t if is_bye(p))
            for a in range(len(ids)):
                visits_hist[(ids[a], ti)] = visits_hist.get((ids[a], ti), 0) + 1
                if nb:
                    hist[ids[a]][n] += 1
                    hist[n][ids[a]] += 1
                for b in range(a + 1, len(ids)):
                    hist[ids[a]][ids[b]] += 1
                    hist[ids[b]][ids[a]] += 1
            if t and t[0] in index:
                a_hist[index[t[0]]] += 1

    rng = _rng(seed, n, n_sessions, len(played))
    info: dict = {"method": "greedy+tabu"}

    start = None
    exact = 0
    if not played and not byes:
        start = _stored(n, n_sessions, gid, has_groups, rng)
        if start is not None:
            info["method"] = "stored chart (data/past_bound.json)"
        else:
            start, method, exact = _construct(n, n_sessions, gid, has_groups, seed, rng,
                                              deadline)
            if start is not None:
                info["method"] = method
    if start is None:
        start = _greedy(n, byes, n_sessions, gid, hist, rng)

    lb = _lower_bound(n, n_tables, n_sessions, gid, hist)
    info["lower_bound_repeats"] = lb
    tabu = Tabu(n=n, byes=byes, sessions=start, gid=gid, hist=hist, rng=rng)
    target = A_REPEAT * lb
    level = 1
    if not byes:
        cost_lb, level = _cost_bound(n, n_sessions, gid, hist)
        target = max(target, cost_lb)
        info["lower_bound_max"] = level
    # deterministic budget in swap evaluations (~100k per second of time
    # limit: about half of what this machine does, so the wall clock is only a
    # safety net and the same seed gives the same chart)
    budget = int(max(0.1, float(time_limit)) * EVALS_PER_SECOND)
    if 0 < exact < n_sessions:
        # past the bound.  (a) fit the extra sessions around the exact part,
        # over several variants (base class seed / relabelling of the extra
        # copy), then improve everything; (b) greedy start + tabu.  Keep the
        # better: the exact part is sometimes a trap (20 x 6).
        now = time.monotonic()
        half = now + (deadline - now) / 2
        share = budget // 4
        per = max(2000, share // 8)
        best_cost, best_tabu = None, None
        variant = 0
        while share > 0 and time.monotonic() < half:
            if variant:
                alt, _, ex2 = _construct(n, n_sessions, gid, has_groups, seed, rng, half,
                                         variant=variant)
                if alt is None or ex2 != exact:
                    break
                tabu = Tabu(n=n, byes=byes, sessions=alt, gid=gid, hist=hist, rng=rng)
            c, _ = tabu.run(target=target, max_evals=min(per, share), deadline=half,
                            frozen=exact, level=level)
            share -= per
            if best_cost is None or c < best_cost:
                best_cost, best_tabu = c, tabu
            if c <= target:
                break
            variant += 1
        info["variants_tried"] = variant + 1
        tabu = best_tabu
        cost, stopped = tabu.run(target=target, max_evals=budget // 4, deadline=half,
                                  level=level)
        if cost > target:
            other = Tabu(n=n, byes=byes, sessions=_greedy(n, byes, n_sessions, gid, hist, rng),
                         gid=gid, hist=hist, rng=rng)
            cost_b, stopped_b = other.run(target=target, max_evals=budget // 2,
                                          deadline=deadline, level=level)
            if cost_b < cost:
                tabu, cost, stopped = other, cost_b, stopped_b
                info["method"] += " -> greedy+tabu (better)"
    else:
        cost, stopped = tabu.run(target=target, max_evals=budget, deadline=deadline,
                                 level=level)
    info["stopped_by"] = stopped
    info["search_cost"] = cost
    info["conflict_weight"] = CONFLICT
    sessions_int = tabu.sessions

    sessions_int = _balance_a_seat(sessions_int, n, a_hist, rng)
    sessions_int = _number_tables(sessions_int, n, visits_hist, rng)

    out = []
    for sess in sessions_int:
        s_out = []
        bye_no = 0
        for t in sess:
            row = []
            for p in t:
                if p < n:
                    row.append(active[p])
                else:
                    bye_no += 1
                    row.append(-bye_no)
            s_out.append(tuple(row))
        out.append(tuple(s_out))
    out_t = tuple(out)
    if played:
        whole = chart_quality(list(played) + list(out_t), gmap)
        info["metrics_remaining"] = chart_quality(out_t, gmap).to_dict()
        metrics = whole
    else:
        metrics = chart_quality(out_t, gmap)
    info["seconds"] = round(time.monotonic() - t0, 3)
    return Schedule(sessions=out_t, metrics=metrics, info=info)


def _construct(n, n_sessions, gid, has_groups, seed, rng, deadline, variant=0):
    """Start from a developed base class; None when none is available."""
    rmax = (n - 1) // 3
    need = min(n_sessions + (1 if has_groups else 0), rmax)
    bc = None
    for want in range(need, 0, -1):
        budget = max(0.2, min(10.0, (deadline - time.monotonic()) * 0.3))
        bc = base_class_for(n, want, seed=seed + 7919 * variant, time_limit=budget)
        if bc is not None or time.monotonic() > deadline:
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
    base, mc = _meeting_matrix(n, chart), _meeting_matrix(n, extra)
    f = [pair_cost(c) for c in range(len(chart) + len(extra) + 1)]
    if team_class:
        blocks = [list(b) for b in team_class]
        block_of = [0] * n
        for bi, b in enumerate(blocks):
            for x in b:
                block_of[x] = bi
        images = [list(b) for b in blocks]
        rng.shuffle(images)
        perm = [0] * n
        for b, img in zip(blocks, images, strict=True):
            rng.shuffle(img)
            for x, y in zip(b, img, strict=True):
                perm[x] = y
    else:
        perm = list(range(n))
        rng.shuffle(perm)

    def swap(a, b):  # cost change when the images of a and b swap, then swap
        u, v = perm[a], perm[b]
        bu, bv, ma, mb = base[u], base[v], mc[a], mc[b]
        d = 0
        for x in range(n):
            if ma[x] != mb[x] and x != a and x != b:
                px = perm[x]
                d += (f[bv[px] + ma[x]] - f[bu[px] + ma[x]]
                      + f[bu[px] + mb[x]] - f[bv[px] + mb[x]])
        perm[a], perm[b] = v, u
        return d

    cost = 0
    best, best_perm = 0, perm[:]
    iters = min(40 * n * len(extra), 2_000_000 // n)  # a swap costs O(n)
    for it in range(iters):
        a, b = rng.randrange(n), rng.randrange(n)
        if a == b:
            continue
        if team_class and block_of[a] != block_of[b]:
            moves = list(zip(blocks[block_of[a]], blocks[block_of[b]], strict=True))
        else:
            moves = [(a, b)]
        d = sum(swap(x, y) for x, y in moves)
        temp = 8.0 * (1 - it / iters) + 0.5
        if d > 0 and rng.random() >= math.exp(-d / temp):
            for x, y in reversed(moves):
                swap(x, y)
            continue
        cost += d
        if cost < best:
            best, best_perm = cost, perm[:]
    return best_perm


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


def _improve_labels(n, gid, chart, label, rng, rounds=30):
    """Swap players between design points to separate groups (fewest conflicts)."""
    meet = _meeting_matrix(n, chart)
    point = [0] * n
    for pt, player in enumerate(label):
        point[player] = pt
    mates: dict[int, list[int]] = {}
    for p in range(n):
        mates.setdefault(gid[p], []).append(p)

    def conf(p, pt, skip=-1):
        row = meet[pt]
        return sum(row[point[q]] for q in mates[gid[p]] if q != p and q != skip)

    for _ in range(rounds):
        bad = [p for p in range(n) if len(mates[gid[p]]) > 1 and conf(p, point[p])]
        if not bad:
            break
        rng.shuffle(bad)
        improved = False
        for p in bad:
            cur_p = conf(p, point[p])
            if not cur_p:
                continue
            best, best_q = 0, None
            for q in range(n):
                if q == p or gid[q] == gid[p]:
                    continue
                a, b = point[p], point[q]
                d = (conf(p, b, q) - cur_p) + (conf(q, a, p) - conf(q, b))
                if d < best:
                    best, best_q = d, q
            if best_q is not None:
                q = best_q
                point[p], point[q] = point[q], point[p]
                improved = True
        if not improved:
            break
    out = [0] * n
    for player, pt in enumerate(point):
        out[pt] = player
    return out


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
    seat_a = []  # (s, ti) -> player
    for sess in sessions:
        row = []
        for t in sess:
            real = [p for p in t if p < n]
            best = min(real, key=lambda p: (count[p], rng.random()))
            count[best] += 1
            row.append(best)
        seat_a.append(row)
    # augmenting paths: move one A from a player at the max count to one at
    # (max - 2) or below, through a chain of tables
    tables_of = [[] for _ in range(n)]
    for s, sess in enumerate(sessions):
        for ti, t in enumerate(sess):
            for p in t:
                if p < n:
                    tables_of[p].append((s, ti))
    for _ in range(20 * n):
        hi = max(count)
        lo = min(count)
        if hi - lo <= 1:
            break
        improved = False
        for src in [p for p in range(n) if count[p] == hi]:
            # BFS over players: p -> q if p holds A at a table where q sits
            prev = {src: None}
            queue = [src]
            found = None
            while queue and found is None:
                nxt = []
                for p in queue:
                    for s, ti in tables_of[p]:
                        if seat_a[s][ti] != p:
                            continue
                        for q in sessions[s][ti]:
                            if q < n and q not in prev:
                                prev[q] = (p, s, ti)
                                if count[q] <= hi - 2:
                                    found = q
                                    break
                                nxt.append(q)
                        if found is not None:
                            break
                    if found is not None:
                        break
                queue = nxt
            if found is None:
                continue
            q = found
            while prev[q] is not None:
                p, s, ti = prev[q]
                seat_a[s][ti] = q
                q = p
            count[src] -= 1
            count[found] += 1
            improved = True
            break
        if not improved:
            break
    out = []
    for s, sess in enumerate(sessions):
        row = []
        for ti, t in enumerate(sess):
            a = seat_a[s][ti]
            others = [p for p in t if p != a]
            row.append([a] + others)
        out.append(row)
    return out


def _number_tables(sessions, n, visits_hist, rng):
    """Permute tables within each session to avoid repeated table numbers."""
    n_tables = len(sessions[0])
    visits = [[0] * n_tables for _ in range(n)]
    for (p, ti), c in visits_hist.items():
        if ti < n_tables:
            visits[p][ti] += c
    order = [list(range(n_tables)) for _ in sessions]

    def table_cost(t, k):
        return sum(visits[p][k] for p in t if p < n)

    # greedy, session by session
    for s, sess in enumerate(sessions):
        slots = list(range(n_tables))
        tabs = list(range(n_tables))
        rng.shuffle(tabs)
        assign = [0] * n_tables
        for ti in tabs:
            k = min(slots, key=lambda k: (table_cost(sess[ti], k), k))
            slots.remove(k)
            assign[ti] = k
        order[s] = assign
        for ti, t in enumerate(sess):
            for p in t:
                if p < n:
                    visits[p][assign[ti]] += 1
    # simulated annealing: swap the numbers of two tables in one session
    def revisits():
        return sum(c - 1 for row in visits for c in row if c > 1)

    cost = revisits()
    if n_tables > 1 and cost:
        import math

        best_cost, best_order = cost, [row[:] for row in order]
        iters = min(60000, 3000 * len(sessions) * n_tables)
        temp0, temp1 = 0.8, 0.02
        rand = rng.random
        n_sess = len(sessions)
        for it in range(iters):
            s = rng.randrange(n_sess)
            sess = sessions[s]
            a = rng.randrange(n_tables)
            b = rng.randrange(n_tables - 1)
            if b >= a:
                b += 1
            asg = order[s]
            ka, kb = asg[a], asg[b]
            ta, tb = sess[a], sess[b]
            d = 0
            for p in ta:
                if p < n:
                    v = visits[p]
                    d += (v[kb] >= 1) - (v[ka] >= 2)
            for p in tb:
                if p < n:
                    v = visits[p]
                    d += (v[ka] >= 1) - (v[kb] >= 2)
            if d > 0:
                temp = temp0 * (temp1 / temp0) ** (it / iters)
                if rand() >= math.exp(-d / temp):
                    continue
            for p in ta:
                if p < n:
                    visits[p][ka] -= 1
                    visits[p][kb] += 1
            for p in tb:
                if p < n:
                    visits[p][kb] -= 1
                    visits[p][ka] += 1
            asg[a], asg[b] = kb, ka
            cost += d
            if cost < best_cost:
                best_cost, best_order = cost, [row[:] for row in order]
                if cost == 0:
                    break
        order = best_order
    out = []
    for s, sess in enumerate(sessions):
        row = [None] * n_tables
        for ti, t in enumerate(sess):
            row[order[s][ti]] = t
        out.append(row)
    return out
