"""The maximum-weight matching against brute force on small random graphs."""

from __future__ import annotations

import itertools
import random

import pytest

from companion.hub.matching import max_weight_matching


def best_by_brute_force(
    vertices: int, edges: list[tuple[int, int, int]], max_cardinality: bool
) -> tuple[int, ...]:
    """(edges, weight) of the best matching with ``max_cardinality``, else (weight,): every
    matching tried, the best matching of each set of vertices left worked out once."""
    weight = {(i, j): w for i, j, w in edges} | {(j, i): w for i, j, w in edges}
    rank = (lambda key: key) if max_cardinality else (lambda key: key[1])
    best: dict[tuple[int, ...], tuple[int, int]] = {}

    def best_of(free: tuple[int, ...]) -> tuple[int, int]:
        """(edges, weight) of the best matching of the vertices ``free``."""
        if not free:
            return (0, 0)
        if free not in best:
            first, rest = free[0], free[1:]
            options = [best_of(rest)]  # ``first`` stays unmatched
            for other in rest:
                if (first, other) in weight:
                    size, total = best_of(tuple(v for v in rest if v != other))
                    options.append((size + 1, total + weight[first, other]))
            best[free] = max(options, key=rank)
        return best[free]

    size, total = best_of(tuple(range(vertices)))
    return (size, total) if max_cardinality else (total,)


def summary(
    mate: list[int], edges: list[tuple[int, int, int]], max_cardinality: bool
) -> tuple[int, ...]:
    weight = {(i, j): w for i, j, w in edges} | {(j, i): w for i, j, w in edges}
    pairs = [(v, u) for v, u in enumerate(mate) if u > v]
    for v, u in enumerate(mate):
        assert u == -1 or (mate[u] == v and (v, u) in weight), "not a matching of the graph"
    total = sum(weight[pair] for pair in pairs)
    return (len(pairs), total) if max_cardinality else (total,)


@pytest.mark.parametrize("max_cardinality", [False, True])
def test_the_matching_is_as_heavy_as_the_heaviest_one_found_by_brute_force(max_cardinality):
    rng = random.Random(29)
    for _ in range(2000):
        vertices = rng.randint(1, 10)
        density = rng.random()
        edges = [
            (i, j, rng.randint(-3, 30) if rng.random() < 0.5 else rng.randint(0, 4))
            for i, j in itertools.combinations(range(vertices), 2)
            if rng.random() < density
        ]
        rng.shuffle(edges)
        mate = max_weight_matching(vertices, edges, max_cardinality=max_cardinality)
        assert summary(mate, edges, max_cardinality) == best_by_brute_force(
            vertices, edges, max_cardinality
        ), (vertices, edges)


# graphs built to walk the algorithm's rare paths (nested blossoms, a T-blossom relabelled as S,
# a T-blossom expanded mid-stage), after the cases of van Rantwijk's reference tests (vertices
# numbered from 1 as there), each checked against brute force
NASTY = [
    [(1, 2, 8), (1, 3, 9), (2, 3, 10), (3, 4, 7)],
    [(1, 2, 9), (1, 3, 8), (2, 3, 10), (1, 4, 5), (4, 5, 4), (1, 6, 3)],
    [(1, 2, 9), (1, 3, 9), (2, 3, 10), (2, 4, 8), (3, 5, 8), (4, 5, 10), (5, 6, 6)],
    [(1, 2, 10), (1, 7, 10), (2, 3, 12), (3, 4, 20), (3, 5, 20), (4, 5, 25), (5, 6, 10),
     (6, 7, 10), (7, 8, 8)],
    [(1, 2, 8), (1, 3, 8), (2, 3, 10), (2, 4, 12), (3, 5, 12), (4, 5, 14), (4, 6, 12),
     (5, 7, 12), (6, 7, 14), (7, 8, 12)],
    [(1, 2, 23), (1, 5, 22), (1, 6, 15), (2, 3, 25), (3, 4, 22), (4, 5, 25), (4, 8, 14),
     (5, 7, 13)],
    [(1, 2, 19), (1, 3, 20), (1, 8, 8), (2, 3, 25), (2, 4, 18), (3, 5, 18), (4, 5, 13),
     (4, 7, 7), (5, 6, 7)],
    [(1, 2, 45), (1, 5, 45), (2, 3, 50), (3, 4, 45), (4, 5, 50), (1, 6, 30), (3, 9, 35),
     (4, 8, 35), (5, 7, 26), (9, 10, 5)],
    [(1, 2, 45), (1, 5, 45), (2, 3, 50), (3, 4, 45), (4, 5, 50), (1, 6, 30), (3, 9, 35),
     (4, 8, 26), (5, 7, 40), (9, 10, 5)],
    [(1, 2, 45), (1, 5, 45), (2, 3, 50), (3, 4, 45), (4, 5, 50), (1, 6, 30), (3, 9, 35),
     (4, 8, 28), (5, 7, 26), (9, 10, 5)],
    [(1, 2, 45), (1, 7, 45), (2, 3, 50), (3, 4, 45), (4, 5, 95), (4, 6, 94), (5, 6, 94),
     (6, 7, 50), (1, 8, 30), (3, 11, 35), (5, 9, 36), (7, 10, 26), (11, 12, 5)],
    [(1, 2, 40), (1, 3, 40), (2, 3, 60), (2, 4, 55), (3, 5, 55), (4, 5, 50), (1, 8, 15),
     (5, 7, 30), (7, 6, 10), (8, 10, 10), (4, 9, 30)],
]  # fmt: skip


@pytest.mark.parametrize("max_cardinality", [False, True])
@pytest.mark.parametrize("case", range(len(NASTY)))
def test_the_reference_implementations_hard_cases(case: int, max_cardinality: bool):
    edges = [(i - 1, j - 1, w) for i, j, w in NASTY[case]]
    vertices = 1 + max(max(i, j) for i, j, _ in edges)
    mate = max_weight_matching(vertices, edges, max_cardinality=max_cardinality)
    assert summary(mate, edges, max_cardinality) == best_by_brute_force(
        vertices, edges, max_cardinality
    )


def test_the_most_edges_first_when_asked():
    # a path 0-1-2-3 whose middle edge outweighs the two ends together
    edges = [(0, 1, 2), (1, 2, 10), (2, 3, 2)]
    assert max_weight_matching(4, edges) == [-1, 2, 1, -1]
    assert max_weight_matching(4, edges, max_cardinality=True) == [1, 0, 3, 2]


def test_a_blossom_is_shrunk_and_opened_again():
    # a triangle 0-1-2 with a tail 2-3 and 0-4: only through the odd cycle are all matched
    edges = [(0, 1, 8), (1, 2, 9), (0, 2, 10), (2, 3, 7), (0, 4, 7)]
    mate = max_weight_matching(5, edges, max_cardinality=True)
    assert summary(mate, edges, True) == (2, 16)


def test_no_edges_and_bad_edges():
    assert max_weight_matching(3, []) == [-1, -1, -1]
    with pytest.raises(ValueError, match="does not join"):
        max_weight_matching(2, [(0, 0, 1)])
    with pytest.raises(ValueError, match="does not join"):
        max_weight_matching(2, [(0, 2, 1)])
