"""Maximum-weight matching in a general graph (Edmonds' blossom algorithm with dual variables,
O(n³)), the tool the Swiss pairer is built on: a pure function, integer weights, no dependency.

The algorithm is Galil's formulation ("Efficient algorithms for finding maximum matching in
graphs", ACM Computing Surveys 18, 1986) in the shape of Joris van Rantwijk's public reference
implementation, which NetworkX's ``max_weight_matching`` also follows: stages that each grow
alternating trees from the free vertices over tight edges, shrink odd cycles into blossoms, and
change the duals until an augmenting path appears. Vertices are ``0 … n-1``; weights are
integers (doubled inside, so every dual stays an integer).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

Edge = tuple[int, int, int]

FREE, S, T = 0, 1, 2
BREADCRUMB = 4  # marks a blossom on the path being traced back (added to S)


def max_weight_matching(
    vertices: int, edges: Sequence[Edge], *, max_cardinality: bool = False
) -> list[int]:
    """The partner of each vertex (``-1``: unmatched) in a matching of the greatest total weight;
    with ``max_cardinality``, of the greatest weight among the matchings with the most edges.
    ``edges`` are ``(i, j, weight)`` with ``i != j`` and at most one edge per pair of vertices."""
    if not edges:
        return [-1] * vertices
    return _Matcher(vertices, edges, max_cardinality).solve()


class _Matcher:
    """One run of the algorithm; names follow the reference implementation's.

    An edge ``k`` has two endpoints, ``2k`` (its first vertex) and ``2k + 1`` (its second);
    ``p ^ 1`` is the other end. Blossoms are numbered ``n … 2n-1``, after the vertices."""

    def __init__(self, n: int, edges: Sequence[Edge], max_cardinality: bool) -> None:
        self.n = n
        self.edges = [(i, j, 2 * w) for i, j, w in edges]
        self.twice = [4 * w for _, _, w in edges]  # twice each (doubled) weight
        self.max_cardinality = max_cardinality
        self.endpoint = [v for i, j, _ in self.edges for v in (i, j)]
        self.neighbend: list[list[int]] = [[] for _ in range(n)]
        for k, (i, j, _) in enumerate(self.edges):
            if i == j or not (0 <= i < n and 0 <= j < n):
                raise ValueError(f"edge {k} ({i}, {j}) does not join two of the {n} vertices")
            self.neighbend[i].append(2 * k + 1)
            self.neighbend[j].append(2 * k)
        top = max(0, *(w for _, _, w in self.edges))
        self.mate = [-1] * n  # the remote endpoint of a vertex's matched edge
        self.label = [FREE] * (2 * n)
        self.labelend = [-1] * (2 * n)  # the endpoint through which a blossom got its label
        self.inblossom = list(range(n))  # the top-level blossom holding each vertex
        self.blossomparent = [-1] * (2 * n)
        self.blossomchilds: list[list[int]] = [[] for _ in range(2 * n)]
        self.blossombase = list(range(n)) + [-1] * n
        self.blossomendps: list[list[int]] = [[] for _ in range(2 * n)]
        self.bestedge = [-1] * (2 * n)  # least-slack edge to another S-blossom, or to a free one
        self.blossombestedges: list[list[int] | None] = [None] * (2 * n)
        self.unusedblossoms = list(range(n, 2 * n))
        self.dualvar = [top] * n + [0] * n
        self.allowedge = [False] * len(self.edges)  # tight edges, usable in the trees
        self.queue: list[int] = []

    def slack(self, k: int) -> int:
        i, j, w = self.edges[k]
        return self.dualvar[i] + self.dualvar[j] - 2 * w

    def leaves(self, b: int) -> Iterator[int]:
        if b < self.n:
            yield b
            return
        for t in self.blossomchilds[b]:
            if t < self.n:
                yield t
            else:
                yield from self.leaves(t)

    def assign_label(self, w: int, t: int, p: int) -> None:
        b = self.inblossom[w]
        self.label[w] = self.label[b] = t
        self.labelend[w] = self.labelend[b] = p
        self.bestedge[w] = self.bestedge[b] = -1
        if t == S:
            self.queue.extend(self.leaves(b))
        else:
            base = self.blossombase[b]
            self.assign_label(self.endpoint[self.mate[base]], S, self.mate[base] ^ 1)

    def scan_blossom(self, v: int, w: int) -> int:
        """Trace back from ``v`` and ``w``: the base of the new blossom they close, or ``-1``
        when the two tree roots differ (an augmenting path)."""
        path = []
        base = -1
        while v != -1 or w != -1:
            b = self.inblossom[v]
            if self.label[b] & BREADCRUMB:
                base = self.blossombase[b]
                break
            path.append(b)
            self.label[b] = S | BREADCRUMB
            if self.labelend[b] == -1:
                v = -1  # reached a root
            else:
                v = self.endpoint[self.labelend[b]]
                b = self.inblossom[v]
                v = self.endpoint[self.labelend[b]]  # through the T-blossom to the next S
            if w != -1:
                v, w = w, v
        for b in path:
            self.label[b] = S
        return base

    def add_blossom(self, base: int, k: int) -> None:
        v, w, _ = self.edges[k]
        bb, bv, bw = self.inblossom[base], self.inblossom[v], self.inblossom[w]
        b = self.unusedblossoms.pop()
        self.blossombase[b] = base
        self.blossomparent[b] = -1
        self.blossomparent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        while bv != bb:
            self.blossomparent[bv] = b
            path.append(bv)
            endps.append(self.labelend[bv])
            v = self.endpoint[self.labelend[bv]]
            bv = self.inblossom[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            self.blossomparent[bw] = b
            path.append(bw)
            endps.append(self.labelend[bw] ^ 1)
            w = self.endpoint[self.labelend[bw]]
            bw = self.inblossom[w]
        self.blossomchilds[b] = path
        self.blossomendps[b] = endps
        self.label[b] = S
        self.labelend[b] = self.labelend[bb]
        self.dualvar[b] = 0
        for leaf in self.leaves(b):
            if self.label[self.inblossom[leaf]] == T:
                self.queue.append(leaf)  # a former T-vertex is now S
            self.inblossom[leaf] = b
        bestedgeto = [-1] * (2 * self.n)
        for child in path:
            known = self.blossombestedges[child]
            if known is None:
                lists = [[p // 2 for p in self.neighbend[leaf]] for leaf in self.leaves(child)]
            else:
                lists = [known]
            for edge_list in lists:
                for e in edge_list:
                    i, j, _ = self.edges[e]
                    if self.inblossom[j] == b:
                        i, j = j, i
                    bj = self.inblossom[j]
                    if (
                        bj != b
                        and self.label[bj] == S
                        and (bestedgeto[bj] == -1 or self.slack(e) < self.slack(bestedgeto[bj]))
                    ):
                        bestedgeto[bj] = e
            self.blossombestedges[child] = None
            self.bestedge[child] = -1
        best = [e for e in bestedgeto if e != -1]
        self.blossombestedges[b] = best
        self.bestedge[b] = min(best, key=self.slack, default=-1)

    def expand_blossom(self, b: int, endstage: bool) -> None:
        for s in self.blossomchilds[b]:
            self.blossomparent[s] = -1
            if s < self.n:
                self.inblossom[s] = s
            elif endstage and self.dualvar[s] == 0:
                self.expand_blossom(s, endstage)
            else:
                for leaf in self.leaves(s):
                    self.inblossom[leaf] = s
        if not endstage and self.label[b] == T:
            self._relabel_expanded_t_blossom(b)
        self.label[b] = self.labelend[b] = -1
        self.blossomchilds[b] = []
        self.blossomendps[b] = []
        self.blossombase[b] = -1
        self.blossombestedges[b] = None
        self.bestedge[b] = -1
        self.unusedblossoms.append(b)

    def _relabel_expanded_t_blossom(self, b: int) -> None:
        """A T-blossom opened mid-stage: its sub-blossoms on the even path from where it was
        entered to its base take labels T and S, the others lose theirs."""
        childs, endps = self.blossomchilds[b], self.blossomendps[b]
        entrychild = self.inblossom[self.endpoint[self.labelend[b] ^ 1]]
        j = childs.index(entrychild)
        if j & 1:
            j -= len(childs)
            jstep, endptrick = 1, 0
        else:
            jstep, endptrick = -1, 1
        p = self.labelend[b]
        while j != 0:
            self.label[self.endpoint[p ^ 1]] = FREE
            self.label[self.endpoint[endps[j - endptrick] ^ endptrick ^ 1]] = FREE
            self.assign_label(self.endpoint[p ^ 1], T, p)
            self.allowedge[endps[j - endptrick] // 2] = True
            j += jstep
            p = endps[j - endptrick] ^ endptrick
            self.allowedge[p // 2] = True
            j += jstep
        bv = childs[j]
        self.label[self.endpoint[p ^ 1]] = self.label[bv] = T
        self.labelend[self.endpoint[p ^ 1]] = self.labelend[bv] = p
        self.bestedge[bv] = -1
        j += jstep
        while childs[j] != entrychild:
            bv = childs[j]
            if self.label[bv] == S:
                j += jstep
                continue
            reached = next((leaf for leaf in self.leaves(bv) if self.label[leaf] != FREE), None)
            if reached is not None:
                self.label[reached] = FREE
                self.label[self.endpoint[self.mate[self.blossombase[bv]]]] = FREE
                self.assign_label(reached, T, self.labelend[reached])
            j += jstep

    def augment_blossom(self, b: int, v: int) -> None:
        """Swap matched and unmatched edges inside ``b`` so that vertex ``v`` becomes its base."""
        t = v
        while self.blossomparent[t] != b:
            t = self.blossomparent[t]
        if t >= self.n:
            self.augment_blossom(t, v)
        childs, endps = self.blossomchilds[b], self.blossomendps[b]
        i = j = childs.index(t)
        if i & 1:
            j -= len(childs)
            jstep, endptrick = 1, 0
        else:
            jstep, endptrick = -1, 1
        while j != 0:
            j += jstep
            t = childs[j]
            p = endps[j - endptrick] ^ endptrick
            if t >= self.n:
                self.augment_blossom(t, self.endpoint[p])
            j += jstep
            t = childs[j]
            if t >= self.n:
                self.augment_blossom(t, self.endpoint[p ^ 1])
            self.mate[self.endpoint[p]] = p ^ 1
            self.mate[self.endpoint[p ^ 1]] = p
        self.blossomchilds[b] = childs[i:] + childs[:i]
        self.blossomendps[b] = endps[i:] + endps[:i]
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]]

    def augment_matching(self, k: int) -> None:
        v, w, _ = self.edges[k]
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
            while True:
                bs = self.inblossom[s]
                if bs >= self.n:
                    self.augment_blossom(bs, s)
                self.mate[s] = p
                if self.labelend[bs] == -1:
                    break  # reached the root
                t = self.endpoint[self.labelend[bs]]
                bt = self.inblossom[t]
                s = self.endpoint[self.labelend[bt]]
                j = self.endpoint[self.labelend[bt] ^ 1]
                if bt >= self.n:
                    self.augment_blossom(bt, j)
                self.mate[j] = self.labelend[bt]
                p = self.labelend[bt] ^ 1

    def solve(self) -> list[int]:
        n = self.n
        for _ in range(n):
            self.label = [FREE] * (2 * n)
            self.bestedge = [-1] * (2 * n)
            self.blossombestedges[n:] = [None] * n
            self.allowedge = [False] * len(self.edges)
            self.queue = []
            for v in range(n):
                if self.mate[v] == -1 and self.label[self.inblossom[v]] == FREE:
                    self.assign_label(v, S, -1)
            if not self._stage():
                break
            for b in range(n, 2 * n):
                if (
                    self.blossomparent[b] == -1
                    and self.blossombase[b] >= 0
                    and self.label[b] == S
                    and self.dualvar[b] == 0
                ):
                    self.expand_blossom(b, True)
        return [self.endpoint[p] if p >= 0 else -1 for p in self.mate]

    def _stage(self) -> bool:
        """Grow the trees until the matching is augmented (``True``) or cannot be (``False``)."""
        while True:
            if self._scan_queue():
                return True
            step = self._dual_step()
            if step is None:
                return False

    def _scan_queue(self) -> bool:
        # the hot loop: ``slack`` written out, the lists held in locals
        label, inblossom, endpoint = self.label, self.inblossom, self.endpoint
        allowedge, bestedge, dualvar = self.allowedge, self.bestedge, self.dualvar
        twice, edges = self.twice, self.edges
        while self.queue:
            v = self.queue.pop()
            dual_v = dualvar[v]
            for p in self.neighbend[v]:
                k = p >> 1
                w = endpoint[p]
                if inblossom[v] == inblossom[w]:
                    continue
                kslack = 0
                if not allowedge[k]:
                    kslack = dual_v + dualvar[w] - twice[k]
                    if kslack <= 0:
                        allowedge[k] = True
                if allowedge[k]:
                    if label[inblossom[w]] == FREE:
                        self.assign_label(w, T, p ^ 1)
                    elif label[inblossom[w]] == S:
                        base = self.scan_blossom(v, w)
                        if base >= 0:
                            self.add_blossom(base, k)
                        else:
                            self.augment_matching(k)
                            return True
                    elif label[w] == FREE:
                        label[w] = T  # reached inside a T-blossom; needed when it expands
                        self.labelend[w] = p ^ 1
                    continue
                if label[inblossom[w]] == S:
                    b = inblossom[v]
                else:
                    if label[w] != FREE:
                        continue
                    b = w
                best = bestedge[b]
                if best == -1:
                    bestedge[b] = k
                else:
                    i, j, _ = edges[best]
                    if kslack < dualvar[i] + dualvar[j] - twice[best]:
                        bestedge[b] = k
        return False

    def _dual_step(self) -> int | None:
        """Change the duals by the largest safe amount; the kind of step taken (1 ends the
        stage: ``None``), after which the queue has new work."""
        n = self.n
        label, inblossom, dualvar = self.label, self.inblossom, self.dualvar
        deltatype = -1
        delta = deltaedge = deltablossom = 0
        if not self.max_cardinality:
            deltatype, delta = 1, min(dualvar[:n])
        for v in range(n):
            if label[inblossom[v]] == FREE and self.bestedge[v] != -1:
                d = self.slack(self.bestedge[v])
                if deltatype == -1 or d < delta:
                    deltatype, delta, deltaedge = 2, d, self.bestedge[v]
        for b in range(2 * n):
            if self.blossomparent[b] == -1 and label[b] == S and self.bestedge[b] != -1:
                d = self.slack(self.bestedge[b]) // 2
                if deltatype == -1 or d < delta:
                    deltatype, delta, deltaedge = 3, d, self.bestedge[b]
        for b in range(n, 2 * n):
            if (
                self.blossombase[b] >= 0
                and self.blossomparent[b] == -1
                and label[b] == T
                and (deltatype == -1 or dualvar[b] < delta)
            ):
                deltatype, delta, deltablossom = 4, dualvar[b], b
        if deltatype == -1:
            deltatype, delta = 1, max(0, min(dualvar[:n]))
        for v in range(n):
            if label[inblossom[v]] == S:
                dualvar[v] -= delta
            elif label[inblossom[v]] == T:
                dualvar[v] += delta
        for b in range(n, 2 * n):
            if self.blossombase[b] >= 0 and self.blossomparent[b] == -1:
                if label[b] == S:
                    dualvar[b] += delta
                elif label[b] == T:
                    dualvar[b] -= delta
        if deltatype == 1:
            return None
        if deltatype == 4:
            self.expand_blossom(deltablossom, False)
        else:
            self.allowedge[deltaedge] = True
            i, j, _ = self.edges[deltaedge]
            if deltatype == 2 and label[inblossom[i]] == FREE:
                i, j = j, i
            self.queue.append(i)
        return deltatype
