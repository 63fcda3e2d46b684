"""Offline search that produced the developed charts of ``seating/data/past_bound.json``
(20 x 12, and 20 x 10 with teams of 4): every pair meets once or twice.

A copy of the difference search of ``seating.construct._DiffSearch`` with the penalty of a
difference used ``c`` times changed from ``max(0, c - 1)`` to ``max(0, c - 2) + [c == 0]``
(each difference once or twice, and every one used), ``copies`` base classes sharing the
counts, and (with ``teams``) mixed difference 0 forbidden so that the points with the same
x never meet. Not run by the tests; the package re-verifies the stored output when loading.

Run: ``python tools/find_past_bound.py n m levels fixed copies seconds [seed] [teams]``,
e.g. ``20 4 5 0 3 60 1`` (20 x 12) and ``20 5 4 0 2 60 0 teams`` (20 x 10 with teams).
"""

import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from seating.construct import BaseClass

FORBID = set()


def pen(c, k=None):
    if k in FORBID:
        return 2 * c
    return c - 2 if c > 2 else (1 if c == 0 else 0)


class DS2:
    def __init__(
        self, n: int, m: int, levels: int, fixed: int, rng: random.Random, copies: int = 1
    ):
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
                blocks += [pts[4 * k : 4 * k + 4] for k in range(n0 // 4)]
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

        valid = sorted({kt[p][q] for p in range(n0) for q in range(n0) if p != q})

        def cost_all():
            return sum(pen(cnt[k], k) for k in valid)

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
                        if cnt[ka[b[c]]] > 2 or ka[b[c]] in FORBID:
                            bad.add(pa)
                            bad.add(b[c])
            if not bad:
                bad = set(range(n))
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
                        (kp[op[0]], -wp[op[0]]),
                        (kp[op[1]], -wp[op[1]]),
                        (kp[op[2]], -wp[op[2]]),
                        (kq[oq[0]], -wq[oq[0]]),
                        (kq[oq[1]], -wq[oq[1]]),
                        (kq[oq[2]], -wq[oq[2]]),
                        (kq[op[0]], wq[op[0]]),
                        (kq[op[1]], wq[op[1]]),
                        (kq[op[2]], wq[op[2]]),
                        (kp[oq[0]], wp[oq[0]]),
                        (kp[oq[1]], wp[oq[1]]),
                        (kp[oq[2]], wp[oq[2]]),
                    )
                    d = 0
                    for k, w in ch:
                        c0 = cnt[k]
                        c1 = c0 + w
                        d += pen(c1, k) - pen(c0, k)
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


if __name__ == "__main__":
    n, m, L, F, copies, secs = map(int, sys.argv[1:7])
    seed = int(sys.argv[7]) if len(sys.argv) > 7 else 0
    t0 = time.time()
    ds = DS2(n, m, L, F, random.Random(seed), copies=copies)
    teams = len(sys.argv) > 8
    if teams:  # teams = columns {(i, x)}: mixed difference 0 forbidden
        for i in range(L):
            for j in range(i + 1, L):
                FORBID.add(ds.mixed_off + (i * L + j) * m + 0)
    cost, blocks = ds.run(time.monotonic() + secs)
    print("cost", cost, round(time.time() - t0, 1))
    if cost == 0:
        blocks = [[p % n for p in b] for b in blocks]
        bc = BaseClass(n, m, L, F, tuple(tuple(sorted(b)) for b in blocks), copies=copies)
        ses = bc.develop()
        from collections import Counter

        c = Counter()
        for s_ in ses:
            assert sorted(p for b in s_ for p in b) == list(range(n))
            for b in s_:
                for i in range(4):
                    for j in range(i + 1, 4):
                        c[frozenset((b[i], b[j]))] += 1
        print(len(ses), sorted(Counter(c.values()).items()), len(c))
        if teams:
            print("teammate meetings", sum(v for k, v in c.items() if len({p % m for p in k}) == 1))
        print(json.dumps([list(b) for b in bc.blocks]))
