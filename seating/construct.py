"""Algebraic constructions of schedules with no repeated pair.

The construction used here is the classical *developed base class* (a
"1-rotational" / cyclic resolvable packing): the N points are

    (x, i)  for x in Z_m and level i in 0..L-1      (point id i*m + x)
    inf_f   for f in 0..F-1                          (point id L*m + f)

with N = L*m + F.  A *base class* is a partition of the N points into blocks
of four.  Adding t (mod m) to the first coordinate of every non-fixed point
(fixed points stay put) maps the base class to another partition, so
developing it gives m partitions ("sessions").  No pair of points meets
twice among those m sessions exactly when the *differences* of the base class
are distinct:

* two points on levels i < j contribute the mixed difference (i, j, y - x);
* two points on one level i contribute the pure difference (i, +-(y - x)),
  and the difference m/2 (m even) is forbidden (it would repeat the pair);
* a fixed point with a point on level i contributes (f, i) -- so a fixed
  point's three partners lie on three different levels;
* two fixed points never share a block (they would meet in every session).

For N = 16 (m=5, L=3, F=1) this is the affine plane AG(2,4) in disguise; for
N = 3m+1 it is a 1-rotational resolvable 2-(N,4,1) design (Kirkman type).
``find_base_class`` searches for such a base class with a min-conflicts /
tabu local search in "difference space"; base classes for the tight cases are
kept as data in ``seating/data/base_classes.json`` (computed offline with this
very search and verified by ``develop`` + a pair check).
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass
from importlib import resources

Block = tuple[int, int, int, int]


@dataclass(frozen=True)
class BaseClass:
    n: int
    m: int
    levels: int
    fixed: int
    blocks: tuple[Block, ...]
    source: str = "search"
    copies: int = 1  # several base classes (n/4 blocks each) developed in turn

    @property
    def sessions(self) -> int:
        return self.m * self.copies

    def develop(self, count: int | None = None) -> list[list[Block]]:
        """The first ``count`` (default all m * copies) developed partitions."""
        per = self.n // 4
        out: list[list[Block]] = []
        for c in range(self.copies):
            out += develop(self.blocks[c * per:(c + 1) * per], self.m, self.levels, self.m)
        return out[:count or len(out)]


def develop(blocks, m: int, levels: int, count: int) -> list[list[Block]]:
    lm = levels * m
    out = []
    for t in range(count):
        sess = []
        for b in blocks:
            sess.append(
                tuple(p if p >= lm else (p // m) * m + (p % m + t) % m for p in b)
            )
        out.append(sess)
    return out


def structures(n: int, need: int) -> list[tuple[int, int, int]]:
    """Candidate (m, L, F) with L*m + F == n that could give ``need`` sessions.

    Ordered by slack: the smallest m >= need first, since more levels give
    more distinct differences to choose from.
    """
    out = []
    if n % 4 or n < 8:
        return out
    blocks = n // 4
    for m in range(max(need, 2), n // 3 + 1):
        if 3 * m > n - 1:
            break
        levels = n // m
        fixed = n - levels * m
        if levels < 3 and fixed:
            continue
        if levels < 1 or fixed > blocks:
            continue
        # each fixed point needs three partners on distinct levels
        if fixed and levels < 3:
            continue
        out.append((m, levels, fixed))
    return out


class _DiffSearch:
    def __init__(self, n: int, m: int, levels: int, fixed: int, rng: random.Random,
                 copies: int = 1):
        self.n, self.m, self.levels, self.fixed = n, m, levels, fixed
        self.copies = copies
        self.lm = levels * m
        self.rng = rng
        # key layout
        self.mixed_off = 0
        self.pure_off = levels * levels * m
        self.fix_off = self.pure_off + levels * m
        self.ff_key = self.fix_off + fixed * levels
        self.nkeys = self.ff_key + 1
        self.lvl = [p // m if p < self.lm else -1 for p in range(n)]
        self.x = [p % m if p < self.lm else p - self.lm for p in range(n)]

    def keys(self, p: int, q: int) -> tuple[int, int]:
        """(key, weight) of the pair p, q (ids modulo n: copies share keys)."""
        p, q = p % self.n, q % self.n
        lm, m = self.lm, self.m
        if p >= lm and q >= lm:
            return self.ff_key, m
        if p >= lm:
            return self.fix_off + (p - lm) * self.levels + q // m, 1
        if q >= lm:
            return self.fix_off + (q - lm) * self.levels + p // m, 1
        i, j = p // m, q // m
        x, y = p % m, q % m
        if i == j:
            d = (y - x) % m
            if 2 * d == m:
                return self.pure_off + i * m + d, 2
            d = min(d, m - d)
            return self.pure_off + i * m + d, 1
        if i > j:
            i, j, x, y = j, i, y, x
        return self.mixed_off + (i * self.levels + j) * m + (y - x) % m, 1

    def run(self, deadline: float, start: list[list[int]] | None = None):
        n0, rng = self.n, self.rng
        n = n0 * self.copies
        nb = n // 4
        if start is None:
            blocks = []
            for c in range(self.copies):
                pts = list(range(c * n0, (c + 1) * n0))
                rng.shuffle(pts)
                blocks += [pts[4 * k:4 * k + 4] for k in range(n0 // 4)]
        else:
            blocks = [list(b) for b in start]
        where = [0] * n
        for bi, b in enumerate(blocks):
            for p in b:
                where[p] = bi
        kt = [[0] * n for _ in range(n)]
        wt = [[0] * n for _ in range(n)]
        for p in range(n):
            for q in range(n):
                if p != q:
                    kt[p][q], wt[p][q] = self.keys(p, q)
        cnt = [0] * self.nkeys
        for b in blocks:
            for a in range(4):
                for c in range(a + 1, 4):
                    cnt[kt[b[a]][b[c]]] += wt[b[a]][b[c]]

        def cost_all():
            return sum(c - 1 for c in cnt if c > 1)

        cost = cost_all()
        best = cost
        best_blocks = [list(b) for b in blocks]
        tabu = [[0] * nb for _ in range(n)]
        it = 0
        stall = 0
        rnd = rng.random
        while cost > 0:
            it += 1
            if (it & 31) == 0 and time.monotonic() > deadline:
                break
            bad = set()
            for b in blocks:
                for a in range(4):
                    pa = b[a]
                    ka = kt[pa]
                    for c in range(a + 1, 4):
                        if cnt[ka[b[c]]] > 1:
                            bad.add(pa)
                            bad.add(b[c])
            if not bad:
                cost = cost_all()
                break
            bad = list(bad)
            cand = rng.sample(bad, min(len(bad), 4))
            best_d = None
            best_moves = []
            for p in cand:
                bp = where[p]
                Bp = blocks[bp]
                op = [r for r in Bp if r != p]
                kp, wp = kt[p], wt[p]
                c0 = (p // n0) * n0
                for q in range(c0, c0 + n0):
                    bq = where[q]
                    if bq == bp:
                        continue
                    oq = [r for r in blocks[bq] if r != q]
                    kq, wq = kt[q], wt[q]
                    ch = (
                        (kp[op[0]], -wp[op[0]]), (kp[op[1]], -wp[op[1]]), (kp[op[2]], -wp[op[2]]),
                        (kq[oq[0]], -wq[oq[0]]), (kq[oq[1]], -wq[oq[1]]), (kq[oq[2]], -wq[oq[2]]),
                        (kq[op[0]], wq[op[0]]), (kq[op[1]], wq[op[1]]), (kq[op[2]], wq[op[2]]),
                        (kp[oq[0]], wp[oq[0]]), (kp[oq[1]], wp[oq[1]]), (kp[oq[2]], wp[oq[2]]),
                    )
                    d = 0
                    for k, w in ch:
                        c0 = cnt[k]
                        c1 = c0 + w
                        d += (c1 - 1 if c1 > 1 else 0) - (c0 - 1 if c0 > 1 else 0)
                        cnt[k] = c1
                    for k, w in ch:
                        cnt[k] -= w
                    if (tabu[p][bq] > it or tabu[q][bp] > it) and cost + d >= best:
                        continue
                    if best_d is None or d < best_d:
                        best_d = d
                        best_moves = [(p, q)]
                    elif d == best_d:
                        best_moves.append((p, q))
            if not best_moves:
                continue
            if rnd() < 0.02:
                p = rng.choice(cand)
                q = (p // n0) * n0 + rng.randrange(n0)
                if where[q] == where[p]:
                    continue
                best_d = None
            else:
                p, q = rng.choice(best_moves)
            bp, bq = where[p], where[q]
            Bp, Bq = blocks[bp], blocks[bq]
            for r in Bp:
                if r != p:
                    cnt[kt[p][r]] -= wt[p][r]
            for r in Bq:
                if r != q:
                    cnt[kt[q][r]] -= wt[q][r]
            Bp[Bp.index(p)] = q
            Bq[Bq.index(q)] = p
            where[p], where[q] = bq, bp
            for r in Bp:
                if r != q:
                    cnt[kt[q][r]] += wt[q][r]
            for r in Bq:
                if r != p:
                    cnt[kt[p][r]] += wt[p][r]
            cost = cost + best_d if best_d is not None else cost_all()
            tabu[p][bp] = it + 2 + rng.randrange(6)
            tabu[q][bq] = it + 2 + rng.randrange(6)
            if cost < best:
                best = cost
                best_blocks = [list(b) for b in blocks]
                stall = 0
            else:
                stall += 1
                if stall > 3000:
                    stall = 0
                    blocks = [list(b) for b in best_blocks]
                    for _ in range(4):
                        a = rng.randrange(nb)
                        per = n0 // 4
                        c = (a // per) * per + rng.randrange(per)
                        if c == a:
                            continue
                        i, j = rng.randrange(4), rng.randrange(4)
                        blocks[a][i], blocks[c][j] = blocks[c][j], blocks[a][i]
                    for bi, b in enumerate(blocks):
                        for p in b:
                            where[p] = bi
                    cnt = [0] * self.nkeys
                    for b in blocks:
                        for a in range(4):
                            for c in range(a + 1, 4):
                                cnt[kt[b[a]][b[c]]] += wt[b[a]][b[c]]
                    cost = cost_all()
        if cost < best:
            best, best_blocks = cost, [list(b) for b in blocks]
        return best, best_blocks


def check_development(sessions, n: int) -> int:
    """Number of repeated meetings (beyond the first) in ``sessions``."""
    seen = set()
    rep = 0
    for s in sessions:
        got = sorted(p for b in s for p in b)
        if got != list(range(n)):
            raise ValueError("not a partition")
        for b in s:
            for a in range(4):
                for c in range(a + 1, 4):
                    k = (min(b[a], b[c]), max(b[a], b[c]))
                    if k in seen:
                        rep += 1
                    seen.add(k)
    return rep


def find_base_class(n: int, m: int, levels: int, fixed: int, *, seed: int = 0,
                    time_limit: float = 5.0) -> BaseClass | None:
    rng = random.Random(f"base:{n}:{m}:{levels}:{fixed}:{seed}")
    deadline = time.monotonic() + time_limit
    search = _DiffSearch(n, m, levels, fixed, rng)
    cost, blocks = search.run(deadline)
    if cost != 0:
        return None
    bc = BaseClass(n, m, levels, fixed, tuple(tuple(sorted(b)) for b in blocks))
    if check_development(bc.develop(), n) != 0:  # pragma: no cover - safety net
        return None
    return bc


# Known maxima below floor((N-1)/3) sessions without a repeated pair
# (8 and 12 players: counting; 20 players: the 5-4-6 social golfer instance
# has no solution).
NO_RESOLVABLE_BEYOND = {8: 1, 12: 2, 20: 5}


def _is_prime(m: int) -> bool:
    return m >= 2 and all(m % d for d in range(2, int(m ** 0.5) + 1))


_DATA_CACHE: dict | None = None


def _data_items(name: str, key: str) -> list[dict]:
    """The entries under ``key`` of the package's ``data/<name>``; none if it is missing
    or unreadable (the engine then searches instead)."""
    try:
        raw = json.loads(resources.files("seating").joinpath(f"data/{name}").read_text())
    except (FileNotFoundError, OSError, ValueError):
        return []
    return raw.get(key, [])


def _base_class(item: dict) -> BaseClass:
    return BaseClass(item["n"], item["m"], item["levels"], item["fixed"],
                     tuple(tuple(b) for b in item["blocks"]), item.get("source", ""),
                     item.get("copies", 1))


def known_base_classes() -> dict[int, list[BaseClass]]:
    global _DATA_CACHE
    if _DATA_CACHE is None:
        out: dict[int, list[BaseClass]] = {}
        for item in _data_items("base_classes.json", "base_classes"):
            bc = _base_class(item)
            try:
                ok = check_development(bc.develop(), bc.n) == 0
            except ValueError:
                ok = False
            if ok:  # never trust data blindly
                out.setdefault(bc.n, []).append(bc)
        _DATA_CACHE = out
    return _DATA_CACHE


_STORED_CACHE: list | None = None


def stored_chart(n: int, sessions: int, teams: bool):
    """(sessions, team blocks) of a stored chart past the bound, or None.

    ``data/past_bound.json`` holds charts where every pair (with teams: every
    pair of non-teammates) meets once or twice, the best possible when
    3 * sessions >= n - team size; the tabu search does not reliably find them
    (20 x 12, 20 x 10 with teams).  Re-verified when loaded.
    """
    global _STORED_CACHE
    if _STORED_CACHE is None:
        _STORED_CACHE = []
        for item in _data_items("past_bound.json", "charts"):
            bc = _base_class(item)
            team_blocks = [list(b) for b in item.get("teams") or []]
            if _covers_twice(bc.develop(), bc.n, team_blocks):
                _STORED_CACHE.append((bc, team_blocks))
    for bc, team_blocks in _STORED_CACHE:
        if bc.n == n and bc.sessions == sessions and bool(team_blocks) == teams:
            return [[list(b) for b in c] for c in bc.develop()], [list(b) for b in team_blocks]
    return None


def _covers_twice(sessions, n: int, team_blocks) -> bool:
    """Partitions; teammates never meet; every other pair meets once or twice."""
    team = list(range(n))
    if team_blocks:
        if sorted(p for b in team_blocks for p in b) != list(range(n)):
            return False
        for b in team_blocks:
            for p in b:
                team[p] = b[0]
    meet: dict = {}
    for s in sessions:
        if sorted(p for b in s for p in b) != list(range(n)):
            return False
        for b in s:
            for a in range(4):
                for c in range(a + 1, 4):
                    k = (min(b[a], b[c]), max(b[a], b[c]))
                    meet[k] = meet.get(k, 0) + 1
    others = sum(1 for p in range(n) for q in range(p + 1, n) if team[p] != team[q])
    return (len(meet) == others and max(meet.values()) <= 2
            and all(team[p] != team[q] for p, q in meet))


def base_class_for(n: int, need: int, *, seed: int = 0,
                   time_limit: float = 5.0) -> BaseClass | None:
    """A base class on n points developing into at least ``need`` sessions."""
    if n % 4 or need < 1:
        return None
    for bc in known_base_classes().get(n, []):
        if bc.sessions >= need:
            return bc
    if n in NO_RESOLVABLE_BEYOND and need > NO_RESOLVABLE_BEYOND[n]:
        return None
    deadline = time.monotonic() + time_limit
    m = (n - 1) // 3
    if 3 * m + 1 == n and m >= need and _is_prime(m):
        hs = [h for h in range(m - 1, 1, -1) if (m - 1) % h == 0 and (3 * (m - 1)) % (4 * h) == 0]
        for h in hs[:3]:
            bc = find_orbit_base_class(m, h, seed=seed, max_iters=20000)
            if bc is not None:
                return bc
    cands = structures(n, need)
    for idx, (m, levels, fixed) in enumerate(cands):
        left = deadline - time.monotonic()
        if left <= 0:
            break
        # most of the budget to the first (slackest) candidates
        share = left if idx == len(cands) - 1 else max(left / 2, 0.2)
        bc = find_base_class(n, m, levels, fixed, seed=seed, time_limit=share)
        if bc is not None:
            return bc
    return None


def _order_elements(m: int, h: int) -> int | None:
    """An element of multiplicative order h modulo a prime m."""
    for e in range(2, m):
        x, k = e, 1
        while x != 1:
            x = x * e % m
            k += 1
        if k == h:
            return e
    return None


def find_orbit_base_class(m: int, h: int, *, seed: int = 0,
                          max_iters: int = 200000) -> BaseClass | None:
    """Base class for N = 3m+1 (m prime) invariant under x -> e*x, e of order h.

    The block {inf, 0_0, 0_1, 0_2} is fixed; the other blocks come in orbits
    of size h, so only 3(m-1)/(4h) representative blocks are searched
    (multiplier / cyclotomic symmetry, as in Buratti's 1-rotational designs).
    """
    n = 3 * m + 1
    if (m - 1) % h or (3 * (m - 1)) % (4 * h):
        return None
    e = _order_elements(m, h)
    if e is None:
        return None
    rng = random.Random(f"orbit:{m}:{h}:{seed}")
    H = [1]
    for _ in range(h - 1):
        H.append(H[-1] * e % m)
    coset = {}
    reps = []
    for x in range(1, m):
        if x not in coset:
            idx = len(reps)
            reps.append(x)
            for u in H:
                coset[x * u % m] = idx
    pm_coset = {}
    for x in range(1, m):
        pm_coset[x] = min(coset[x], coset[(-x) % m])
    slots = [(reps[c], lvl) for lvl in range(3) for c in range(len(reps))]  # orbit slots
    nrep = len(slots) // 4

    def keys(state):
        out = {}
        bad = 0
        for b in state:
            orbit_ids = [(coset[x], lvl) for x, lvl in b]
            if len(set(orbit_ids)) < 4:
                bad += 4 - len(set(orbit_ids))
            for a in range(4):
                for c in range(a + 1, 4):
                    (x, i), (y, j) = b[a], b[c]
                    if i == j:
                        d = (y - x) % m
                        if d == 0:
                            bad += 5
                            continue
                        k = ("P", i, pm_coset[d])
                    else:
                        if i > j:
                            x, i, y, j = y, j, x, i
                        d = (y - x) % m
                        if d == 0:
                            bad += 5  # 0 is used by the infinity block
                            continue
                        k = ("M", i, j, coset[d])
                    out[k] = out.get(k, 0) + 1
        return bad + sum(v - 1 for v in out.values() if v > 1)

    def random_state():
        pts = [(x * H[rng.randrange(h)] % m, lvl) for x, lvl in slots]
        rng.shuffle(pts)
        return [pts[4 * k:4 * k + 4] for k in range(nrep)]

    state = random_state()
    cost = keys(state)
    it = 0
    while cost and it < max_iters:
        it += 1
        new = [list(b) for b in state]
        if rng.random() < 0.5:
            a, c = rng.sample(range(nrep), 2) if nrep > 1 else (0, 0)
            i, j = rng.randrange(4), rng.randrange(4)
            new[a][i], new[c][j] = new[c][j], new[a][i]
        else:
            a, i = rng.randrange(nrep), rng.randrange(4)
            x, lvl = new[a][i]
            new[a][i] = (x * e % m, lvl)
        nc = keys(new)
        if nc <= cost or rng.random() < 0.01:
            state, cost = new, nc
        if it % 5000 == 0 and cost:
            state = random_state()
            cost = keys(state)
    if cost:
        return None
    lm = 3 * m
    blocks = [(0, m, 2 * m, lm)]
    for b in state:
        for u in H:
            blocks.append(tuple(sorted(lvl * m + x * u % m for x, lvl in b)))
    bc = BaseClass(n, m, 3, 1, tuple(blocks), "multiplier-orbit search")
    if sorted(p for b in blocks for p in b) != list(range(n)):
        return None
    if check_development(bc.develop(), n) != 0:
        return None
    return bc

