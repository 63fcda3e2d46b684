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
from dataclasses import dataclass
from importlib import resources

from .work import EVALS_PER_SECOND, Work

Block = tuple[int, int, int, int]
MIN_SHARE = EVALS_PER_SECOND // 5  # the least a candidate structure is searched with


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


@dataclass(frozen=True)
class DifferencePenalty:
    """What a difference used ``c`` times costs in the search.

    The package's: each difference at most once (``c - 1`` beyond one), which gives sessions
    with no repeated pair. The offline search of the past-bound charts
    (``tools/find_past_bound.py``) allows two uses, wants every difference used, and forbids
    some keys (teammates).
    """

    most: int = 1
    each_needed: bool = False
    forbidden: frozenset[int] = frozenset()

    def cost(self, count: int) -> int:
        if count > self.most:
            return count - self.most
        return 1 if self.each_needed and count == 0 else 0

    def forbidden_cost(self, count: int) -> int:
        return 2 * count


class DifferenceSearch:
    """Min-conflicts / tabu search for a base class with the differences ``penalty`` wants.

    Points are ``copies`` sets of n ids (copy c holds c*n .. c*n + n - 1); a move swaps two
    points of one copy between blocks; the keys of a pair (its difference) are shared by
    the copies. The search spends one evaluation per swap it scores, from ``work``.
    """

    KICK_AFTER = 3000  # moves without a new best before a kick from the best

    def __init__(self, n: int, m: int, levels: int, fixed: int, rng: random.Random,
                 copies: int = 1, penalty: DifferencePenalty | None = None):
        self.n, self.m, self.levels, self.fixed = n, m, levels, fixed
        self.copies = copies
        self.lm = levels * m
        self.rng = rng
        self.penalty = penalty or DifferencePenalty()
        # key layout
        self.mixed_off = 0
        self.pure_off = levels * levels * m
        self.fix_off = self.pure_off + levels * m
        self.ff_key = self.fix_off + fixed * levels
        self.nkeys = self.ff_key + 1

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

    # -- state -------------------------------------------------------------------------
    def _setup(self, start: list[list[int]] | None) -> None:
        points = self.n * self.copies
        if start is None:
            start = []
            for c in range(self.copies):
                pts = list(range(c * self.n, (c + 1) * self.n))
                self.rng.shuffle(pts)
                start += [pts[4 * k:4 * k + 4] for k in range(self.n // 4)]
        self.kt = [[0] * points for _ in range(points)]
        self.wt = [[0] * points for _ in range(points)]
        for p in range(points):
            for q in range(points):
                if p != q:
                    self.kt[p][q], self.wt[p][q] = self.keys(p, q)
        self.used_keys = sorted({self.kt[p][q] for p in range(self.n) for q in range(self.n)
                                 if p != q})
        self._load([list(b) for b in start])
        most = sum(self.cnt) + 2
        normal = [self.penalty.cost(c) for c in range(most)]
        forbidden = [self.penalty.forbidden_cost(c) for c in range(most)]
        self.pen = [forbidden if k in self.penalty.forbidden else normal
                    for k in range(self.nkeys)]
        self.tabu = [[0] * len(self.blocks) for _ in range(points)]

    def _load(self, blocks: list[list[int]]) -> None:
        self.blocks = blocks
        self.where = [0] * (self.n * self.copies)
        for bi, b in enumerate(blocks):
            for p in b:
                self.where[p] = bi
        self.cnt = [0] * self.nkeys
        for b in blocks:
            for a in range(4):
                for c in range(a + 1, 4):
                    self.cnt[self.kt[b[a]][b[c]]] += self.wt[b[a]][b[c]]

    def cost(self) -> int:
        return sum(self.pen[k][self.cnt[k]] for k in self.used_keys)

    def _overused(self) -> list[int]:
        """The points in a pair whose key costs more than the penalty allows, in order."""
        most, forbidden, cnt, kt = self.penalty.most, self.penalty.forbidden, self.cnt, self.kt
        bad = set()
        for b in self.blocks:
            for a in range(4):
                ka = kt[b[a]]
                for c in range(a + 1, 4):
                    k = ka[b[c]]
                    if cnt[k] > most or k in forbidden:
                        bad.add(b[a])
                        bad.add(b[c])
        return sorted(bad)

    # -- moves -------------------------------------------------------------------------
    def _delta(self, p: int, q: int) -> int:
        """Cost change if p and q swapped blocks."""
        kt, wt, cnt, pen = self.kt, self.wt, self.cnt, self.pen
        kp, wp, kq, wq = kt[p], wt[p], kt[q], wt[q]
        op = [r for r in self.blocks[self.where[p]] if r != p]
        oq = [r for r in self.blocks[self.where[q]] if r != q]
        changes = [(kp[r], -wp[r]) for r in op] + [(kq[r], -wq[r]) for r in oq]
        changes += [(kq[r], wq[r]) for r in op] + [(kp[r], wp[r]) for r in oq]
        d = 0
        for k, w in changes:
            c0 = cnt[k]
            d += pen[k][c0 + w] - pen[k][c0]
            cnt[k] = c0 + w
        for k, w in changes:
            cnt[k] -= w
        return d

    def _best_swaps(self, candidates, it: int, cost: int, best: int, work: Work):
        """The best-scoring swaps of the candidates (tabu unless they beat the best)."""
        best_d, moves = None, []
        for p in candidates:
            bp = self.where[p]
            first = (p // self.n) * self.n
            work.spend(self.n)
            for q in range(first, first + self.n):
                bq = self.where[q]
                if bq == bp:
                    continue
                d = self._delta(p, q)
                if (self.tabu[p][bq] > it or self.tabu[q][bp] > it) and cost + d >= best:
                    continue
                if best_d is None or d < best_d:
                    best_d, moves = d, [(p, q)]
                elif d == best_d:
                    moves.append((p, q))
        return best_d, moves

    def _swap(self, p: int, q: int) -> None:
        kt, wt, cnt = self.kt, self.wt, self.cnt
        bp, bq = self.where[p], self.where[q]
        block_p, block_q = self.blocks[bp], self.blocks[bq]
        for x, block in ((p, block_p), (q, block_q)):
            for r in block:
                if r != x:
                    cnt[kt[x][r]] -= wt[x][r]
        block_p[block_p.index(p)] = q
        block_q[block_q.index(q)] = p
        self.where[p], self.where[q] = bq, bp
        for x, block in ((q, block_p), (p, block_q)):
            for r in block:
                if r != x:
                    cnt[kt[x][r]] += wt[x][r]

    def _kick(self, best_blocks) -> None:
        """Back to the best blocks, with a few random swaps within copies."""
        blocks = [list(b) for b in best_blocks]
        per = self.n // 4
        for _ in range(4):
            a = self.rng.randrange(len(blocks))
            c = (a // per) * per + self.rng.randrange(per)
            if c == a:
                continue
            i, j = self.rng.randrange(4), self.rng.randrange(4)
            blocks[a][i], blocks[c][j] = blocks[c][j], blocks[a][i]
        self._load(blocks)

    def _next_move(self, it: int, cost: int, best: int, work: Work):
        """(p, q, cost change or None when unknown) of the next swap, or None."""
        rng = self.rng
        bad = self._overused()
        if not bad:
            bad = list(range(self.n * self.copies))
        candidates = rng.sample(bad, min(len(bad), 4))
        best_d, moves = self._best_swaps(candidates, it, cost, best, work)
        if not moves:
            return None
        if rng.random() < 0.02:  # a random walk step now and then
            p = rng.choice(candidates)
            q = (p // self.n) * self.n + rng.randrange(self.n)
            return None if self.where[q] == self.where[p] else (p, q, None)
        p, q = rng.choice(moves)
        return p, q, best_d

    # -- the search ----------------------------------------------------------------------
    def run(self, work: Work, max_evals: int, start: list[list[int]] | None = None):
        """(best cost, its blocks) after at most ``max_evals`` evaluations of ``work``."""
        self._setup(start)
        cap = work.spent + min(max_evals, work.left())
        cost = best = self.cost()
        best_blocks = [list(b) for b in self.blocks]
        it = stall = 0
        while cost > 0 and work.spent < cap:
            it += 1
            if (it & 31) == 0 and work.out_of_time():
                break
            move = self._next_move(it, cost, best, work)
            if move is None:
                continue
            p, q, d = move
            bp, bq = self.where[p], self.where[q]
            self._swap(p, q)
            cost = cost + d if d is not None else self.cost()
            self.tabu[p][bp] = it + 2 + self.rng.randrange(6)
            self.tabu[q][bq] = it + 2 + self.rng.randrange(6)
            if cost < best:
                best, best_blocks, stall = cost, [list(b) for b in self.blocks], 0
                continue
            stall += 1
            if stall > self.KICK_AFTER:
                stall = 0
                self._kick(best_blocks)
                cost = self.cost()
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
                    work: Work, max_evals: int) -> BaseClass | None:
    """A base class with distinct differences, searched with at most ``max_evals``."""
    rng = random.Random(f"base:{n}:{m}:{levels}:{fixed}:{seed}")
    search = DifferenceSearch(n, m, levels, fixed, rng)
    cost, blocks = search.run(work, max_evals)
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


def base_class_for(n: int, need: int, *, seed: int = 0, work: Work,
                   max_evals: int) -> BaseClass | None:
    """A base class on n points developing into at least ``need`` sessions, from the data
    or searched with at most ``max_evals`` evaluations of ``work``."""
    if n % 4 or need < 1:
        return None
    for bc in known_base_classes().get(n, []):
        if bc.sessions >= need:
            return bc
    if n in NO_RESOLVABLE_BEYOND and need > NO_RESOLVABLE_BEYOND[n]:
        return None
    cap = work.spent + min(max_evals, work.left())
    m = (n - 1) // 3
    if 3 * m + 1 == n and m >= need and _is_prime(m):
        hs = [h for h in range(m - 1, 1, -1) if (m - 1) % h == 0 and (3 * (m - 1)) % (4 * h) == 0]
        for h in hs[:3]:
            bc = find_orbit_base_class(m, h, seed=seed, max_iters=20000)
            if bc is not None:
                return bc
    cands = structures(n, need)
    for idx, (m, levels, fixed) in enumerate(cands):
        left = cap - work.spent
        if left <= 0 or work.out_of_time():
            break
        # most of the budget to the first (slackest) candidates
        share = left if idx == len(cands) - 1 else max(left // 2, MIN_SHARE)
        bc = find_base_class(n, m, levels, fixed, seed=seed, work=work, max_evals=share)
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
    if (m - 1) % h or (3 * (m - 1)) % (4 * h):
        return None
    e = _order_elements(m, h)
    if e is None:
        return None
    search = _OrbitSearch(m, h, e, random.Random(f"orbit:{m}:{h}:{seed}"))
    state, cost = search.run(max_iters)
    return search.base_class(state) if cost == 0 else None


class _OrbitSearch:
    """Representative blocks of (x, level) points, one per orbit of x -> e*x."""

    def __init__(self, m: int, h: int, e: int, rng: random.Random):
        self.m, self.h, self.e, self.rng = m, h, e, rng
        self.H = [1]
        for _ in range(h - 1):
            self.H.append(self.H[-1] * e % m)
        self.coset: dict[int, int] = {}
        reps: list[int] = []
        for x in range(1, m):
            if x not in self.coset:
                reps.append(x)
                for u in self.H:
                    self.coset[x * u % m] = len(reps) - 1
        self.pm_coset = {x: min(self.coset[x], self.coset[(-x) % m]) for x in range(1, m)}
        self.slots = [(reps[c], lvl) for lvl in range(3) for c in range(len(reps))]
        self.nrep = len(self.slots) // 4

    def cost(self, state) -> int:
        """Repeated difference orbits, plus penalties for a point orbit used twice in a
        block and for the difference 0."""
        used: dict = {}
        bad = 0
        for b in state:
            orbits = {(self.coset[x], lvl) for x, lvl in b}
            bad += 4 - len(orbits)
            for a in range(4):
                for c in range(a + 1, 4):
                    key = self._key(b[a], b[c])
                    if key is None:
                        bad += 5  # 0 is used by the infinity block
                    else:
                        used[key] = used.get(key, 0) + 1
        return bad + sum(v - 1 for v in used.values() if v > 1)

    def _key(self, first, second):
        (x, i), (y, j) = first, second
        if i > j:
            x, i, y, j = y, j, x, i
        d = (y - x) % self.m
        if d == 0:
            return None
        if i == j:
            return ("P", i, self.pm_coset[d])
        return ("M", i, j, self.coset[d])

    def random_state(self):
        rng, m = self.rng, self.m
        pts = [(x * self.H[rng.randrange(self.h)] % m, lvl) for x, lvl in self.slots]
        rng.shuffle(pts)
        return [pts[4 * k:4 * k + 4] for k in range(self.nrep)]

    def neighbour(self, state):
        """Swap two points of two blocks, or multiply one point by e."""
        rng = self.rng
        new = [list(b) for b in state]
        if rng.random() < 0.5:
            a, c = rng.sample(range(self.nrep), 2) if self.nrep > 1 else (0, 0)
            i, j = rng.randrange(4), rng.randrange(4)
            new[a][i], new[c][j] = new[c][j], new[a][i]
        else:
            a, i = rng.randrange(self.nrep), rng.randrange(4)
            x, lvl = new[a][i]
            new[a][i] = (x * self.e % self.m, lvl)
        return new

    def run(self, max_iters: int):
        state = self.random_state()
        cost = self.cost(state)
        it = 0
        while cost and it < max_iters:
            it += 1
            new = self.neighbour(state)
            new_cost = self.cost(new)
            if new_cost <= cost or self.rng.random() < 0.01:
                state, cost = new, new_cost
            if it % 5000 == 0 and cost:
                state = self.random_state()
                cost = self.cost(state)
        return state, cost

    def base_class(self, state) -> BaseClass | None:
        m = self.m
        n, lm = 3 * m + 1, 3 * m
        blocks = [(0, m, 2 * m, lm)]
        for b in state:
            for u in self.H:
                blocks.append(tuple(sorted(lvl * m + x * u % m for x, lvl in b)))
        bc = BaseClass(n, m, 3, 1, tuple(blocks), "multiplier-orbit search")
        if sorted(p for b in blocks for p in b) != list(range(n)):
            return None
        if check_development(bc.develop(), n) != 0:
            return None
        return bc
