"""Tabu search over table compositions with incremental pair-count deltas.

Internal ids: real players 0..n-1, substitute seats n..n+b-1.  All
substitute seats share one *count id* (``n``) so that "player p sat with a
substitute" is one counter, and a player sitting with a substitute twice costs
like a repeated pair.  Substitute seats form one group, so two of them never
share a table while that is avoidable.

Cost of a chart (integers, lexicographic in spirit):

* same-group pair at a table: ``CONFLICT`` per meeting (hard constraint);
* otherwise a pair meeting c times: ``f(c) = A*(c-1) + B*(c-1)*(c-2)//2``
  for c >= 2 (B < A: a repeat costs more than making one pair meet a third
  time instead of two pairs meeting twice, so fewer repeats always win, then
  a lower maximum).

Move: swap two players of different tables in one session.  Each iteration
looks at players in a costly pair (conflict-directed), evaluates every swap
with them in O(1) pair look-ups, and takes the best non-tabu one (aspiration
when it beats the best chart).  Stagnation triggers a kick from the best.

The search stops on its share of the evaluations of a ``Work`` budget or on the
lower bound, so it is deterministic for a given seed; only the optional
wall-clock safety net of ``Work`` can end it earlier (``stopped_by == "time_limit"``).
"""

from __future__ import annotations

import random

from .work import Work

A_REPEAT = 20
B_THIRD = 15
CONFLICT = 1000


def pair_cost(c: int) -> int:
    if c <= 1:
        return 0
    return A_REPEAT * (c - 1) + B_THIRD * (c - 1) * (c - 2) // 2


class Tabu:
    def __init__(self, *, n: int, byes: int, sessions: list[list[list[int]]],
                 gid: list[int], hist: list[list[int]], rng: random.Random):
        self.n = n
        self.total = n + byes
        self.sessions = sessions
        self.gid = gid
        self.cid = [p if p < n else n for p in range(self.total)]
        self.rng = rng
        # conflicting players examined per iteration (about 20000 swap evaluations)
        self.n_candidates = max(3, 20000 // self.total)
        self.iterations = 0
        self.evaluations = 0
        self.cnt = [row[:] for row in hist]
        for s in sessions:
            for t in s:
                self._add_table(t, 1)
        maxc = 3 * len(sessions) + max((max(r) for r in hist), default=0) + 3
        self.inc = [pair_cost(c + 1) - pair_cost(c) for c in range(maxc + 2)]
        self.dec = [0] + [pair_cost(c - 1) - pair_cost(c) for c in range(1, maxc + 2)]
        self.where = []
        for s in sessions:
            w = [0] * self.total
            for ti, t in enumerate(s):
                for p in t:
                    w[p] = ti
            self.where.append(w)

    # -- bookkeeping -------------------------------------------------------
    def _add_table(self, t, sign):
        cid, cnt = self.cid, self.cnt
        for a in range(4):
            ca = cid[t[a]]
            for b in range(a + 1, 4):
                cb = cid[t[b]]
                if ca == cb:
                    continue
                cnt[ca][cb] += sign
                cnt[cb][ca] += sign

    def cost_of_table_pairs(self):
        """Full cost (recomputed from counts)."""
        gid, cid, cnt = self.gid, self.cid, self.cnt
        total = 0
        seen = set()
        for s in self.sessions:
            for t in s:
                for a in range(4):
                    for b in range(a + 1, 4):
                        p, q = t[a], t[b]
                        if gid[p] == gid[q]:
                            total += CONFLICT
                        else:
                            key = (min(cid[p], cid[q]), max(cid[p], cid[q]))
                            seen.add(key)
        for ca, cb in seen:
            total += pair_cost(cnt[ca][cb])
        return total

    def delta(self, s: int, p: int, q: int) -> int:
        w = self.where[s]
        tp, tq = self.sessions[s][w[p]], self.sessions[s][w[q]]
        gid, cnt = self.gid, self.cnt
        n = self.n
        if self.total > n:
            return self._delta_byes(tp, tq, p, q)
        inc, dec = self.inc, self.dec
        gp, gq = gid[p], gid[q]
        rp, rq = cnt[p], cnt[q]
        d = 0
        for x in tp:
            if x == p:
                continue
            gx = gid[x]
            if gp == gx:
                d -= CONFLICT
            else:
                d += dec[rp[x]]
            if gq == gx:
                d += CONFLICT
            else:
                d += inc[rq[x]]
        for y in tq:
            if y == q:
                continue
            gy = gid[y]
            if gq == gy:
                d -= CONFLICT
            else:
                d += dec[rq[y]]
            if gp == gy:
                d += CONFLICT
            else:
                d += inc[rp[y]]
        return d

    def _delta_byes(self, tp, tq, p, q):
        """Delta when substitute seats exist (count ids go through ``cid``)."""
        n = self.n
        if sum(1 for x in tp if x >= n) + sum(1 for y in tq if y >= n) >= 2:
            return self._delta_exact(tp, tq, p, q)  # a count cell may be touched twice
        gid, cid, cnt, inc, dec = self.gid, self.cid, self.cnt, self.inc, self.dec
        gp, gq = gid[p], gid[q]
        rp, rq = cnt[cid[p]], cnt[cid[q]]
        d = 0
        for x in tp:
            if x == p:
                continue
            gx, cx = gid[x], cid[x]
            d += -CONFLICT if gp == gx else dec[rp[cx]]
            d += CONFLICT if gq == gx else inc[rq[cx]]
        for y in tq:
            if y == q:
                continue
            gy, cy = gid[y], cid[y]
            d += -CONFLICT if gq == gy else dec[rq[cy]]
            d += CONFLICT if gp == gy else inc[rp[cy]]
        return d

    def _delta_exact(self, tp, tq, p, q):
        gid, cid, cnt = self.gid, self.cid, self.cnt
        changes = []
        for x in tp:
            if x != p:
                changes.append((p, x, -1))
                changes.append((q, x, 1))
        for y in tq:
            if y != q:
                changes.append((q, y, -1))
                changes.append((p, y, 1))
        d = 0
        applied = []
        for a, b, sg in changes:
            if gid[a] == gid[b]:
                d += sg * CONFLICT
                continue
            ca, cb = cid[a], cid[b]
            if ca == cb:
                continue
            c0 = cnt[ca][cb]
            d += pair_cost(c0 + sg) - pair_cost(c0)
            cnt[ca][cb] += sg
            cnt[cb][ca] += sg
            applied.append((ca, cb, sg))
        for ca, cb, sg in applied:
            cnt[ca][cb] -= sg
            cnt[cb][ca] -= sg
        return d

    def apply(self, s: int, p: int, q: int):
        w = self.where[s]
        sess = self.sessions[s]
        tp, tq = sess[w[p]], sess[w[q]]
        self._add_table(tp, -1)
        self._add_table(tq, -1)
        tp[tp.index(p)] = q
        tq[tq.index(q)] = p
        w[p], w[q] = w[q], w[p]
        self._add_table(tp, 1)
        self._add_table(tq, 1)

    def bad_players(self, level: int = 1):
        """(session, player) pairs that sit in a pair met more than ``level`` times."""
        gid, cid, cnt = self.gid, self.cid, self.cnt
        out = []
        for s, sess in enumerate(self.sessions):
            for t in sess:
                for a in range(4):
                    pa = t[a]
                    for b in range(a + 1, 4):
                        pb = t[b]
                        if gid[pa] == gid[pb]:
                            out.append((s, pa))
                            out.append((s, pb))
                        else:
                            ca, cb = cid[pa], cid[pb]
                            if ca != cb and cnt[ca][cb] > level:
                                out.append((s, pa))
                                out.append((s, pb))
        return out

    # -- main loop ------------------------------------------------------------
    def run(self, *, target: int, max_evals: int, work: Work, frozen: int = 0,
            level: int = 1):
        """Improve sessions[frozen:] in place, spending at most ``max_evals`` evaluations of
        ``work``; returns (best_cost, stopped_by).

        ``level``: a lower bound on the largest pair count; while some pair
        exceeds it, only its players are moved (past the bound nearly every
        player sits in a repeated pair, and looking at all of them is slow).
        """
        cost = self.cost_of_table_pairs()
        best = cost
        best_sessions = [[t[:] for t in s] for s in self.sessions]
        if cost <= target:
            return cost, "lower_bound"
        tabu: dict = {}
        it = stall = 0
        stopped = "budget"
        stall_limit = 400 + 20 * self.total
        cap = self.evaluations + min(max_evals, work.left())
        while self.evaluations < cap:
            it += 1
            self.iterations += 1
            if (it & 15) == 0 and work.out_of_time():
                stopped = "time_limit"
                break
            bad = self._players_to_move(frozen, level)
            if not bad:
                break
            best_d, moves = self._best_moves(bad, tabu, it, cost, best, work)
            if not moves:
                continue
            s, p, q = moves[self.rng.randrange(len(moves))]
            w = self.where[s]
            tabu[(s, p, w[p])] = it + 5 + self.rng.randrange(10)
            tabu[(s, q, w[q])] = it + 5 + self.rng.randrange(10)
            self.apply(s, p, q)
            cost += best_d
            if cost < best:
                best, stall = cost, 0
                best_sessions = [[t[:] for t in ss] for ss in self.sessions]
                if cost <= target:
                    stopped = "lower_bound"
                    break
                continue
            stall += 1
            if stall > stall_limit:
                stall = 0
                cost = self._kick(best_sessions, frozen)
                tabu.clear()
        self._load(best_sessions)
        return best, stopped

    def _players_to_move(self, frozen: int, level: int):
        """(session, player) in a pair above ``level`` (else above 1), sessions from
        ``frozen`` on, in order."""
        bad = [(s, p) for s, p in set(self.bad_players(level)) if s >= frozen]
        if not bad and level > 1:
            bad = [(s, p) for s, p in set(self.bad_players()) if s >= frozen]
        bad.sort()
        return bad

    def _best_moves(self, bad, tabu, it: int, cost: int, best: int, work: Work):
        """(cost change, the swaps reaching it) of the best non-tabu swaps of a sample of
        ``bad`` (a tabu swap counts when it beats the best chart)."""
        cand = self.rng.sample(bad, min(len(bad), self.n_candidates))
        best_d = None
        moves = []
        for s, p in cand:
            w = self.where[s]
            tp = w[p]
            self.evaluations += self.total
            work.spend(self.total)
            for q in range(self.total):
                if w[q] == tp:
                    continue
                d = self.delta(s, p, q)
                is_tabu = tabu.get((s, p, w[q]), 0) > it or tabu.get((s, q, tp), 0) > it
                if is_tabu and cost + d >= best:
                    continue
                if best_d is None or d < best_d:
                    best_d = d
                    moves = [(s, p, q)]
                elif d == best_d:
                    moves.append((s, p, q))
        return best_d, moves

    def _kick(self, best_sessions, frozen: int) -> int:
        """Back to the best chart with a few random swaps; its cost."""
        rng = self.rng
        self._load(best_sessions)
        for _ in range(2 + rng.randrange(4)):
            s = rng.randrange(frozen, len(self.sessions))
            sess = self.sessions[s]
            a, b = rng.sample(range(len(sess)), 2)
            p = sess[a][rng.randrange(4)]
            q = sess[b][rng.randrange(4)]
            self.apply(s, p, q)
        return self.cost_of_table_pairs()

    def _load(self, sessions):
        for s, sess in enumerate(sessions):
            cur = self.sessions[s]
            for t in cur:
                self._add_table(t, -1)
            for ti, t in enumerate(sess):
                cur[ti] = t[:]
                self._add_table(cur[ti], 1)
                for p in t:
                    self.where[s][p] = ti
