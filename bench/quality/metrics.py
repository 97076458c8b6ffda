"""Agreement between two partitions of the same files: MoJoFM and the adjusted Rand index.

A partition is ``{file: cluster label}``; only files present in both are compared.

MoJoFM (Wen & Tzerpos 2004) of a computed partition A against the truth B:
``100 * (1 - mno(A, B) / max mno(any A, B))``, where mno(A, B) is the least number of Move and Join
operations turning A into B (Wen & Tzerpos 2003): tag every cluster of A with the truth clusters it
shares the most files with; moves = the files outside each cluster's tag; joins = clusters of A minus the
number of distinct truth clusters the tags can cover — a maximum bipartite matching between clusters of A
and truth clusters over the tag edges. The maximum over all A is ``n - g`` with g grown over the truth
cluster sizes in ascending order (g += 1 while g < size).

ARI (Hubert & Arabie 1985): the Rand index corrected for chance, from the contingency table of the two
partitions.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Hashable, Mapping
from math import comb


def _common(a: Mapping[str, Hashable], b: Mapping[str, Hashable]) -> list[str]:
    return sorted(set(a) & set(b))


def _max_matching(edges: Mapping[int, list[Hashable]]) -> int:
    """Size of a maximum matching of a bipartite graph given as left -> [right] (augmenting paths)."""
    owner: dict[Hashable, int] = {}

    def augment(left: int, seen: set[Hashable]) -> bool:
        for right in edges[left]:
            if right in seen:
                continue
            seen.add(right)
            if right not in owner or augment(owner[right], seen):
                owner[right] = left
                return True
        return False

    return sum(1 for left in edges if augment(left, set()))


def mno(computed: Mapping[str, Hashable], truth: Mapping[str, Hashable]) -> int:
    files = _common(computed, truth)
    clusters: dict[Hashable, list[str]] = defaultdict(list)
    for f in files:
        clusters[computed[f]].append(f)
    moves = 0
    tags: dict[int, list[Hashable]] = {}
    for index, members in enumerate(clusters.values()):
        overlap = Counter(truth[f] for f in members)
        best = max(overlap.values())
        moves += len(members) - best
        tags[index] = sorted((label for label, n in overlap.items() if n == best), key=repr)
    return moves + len(clusters) - _max_matching(tags)


def max_mno(truth: Mapping[str, Hashable], files: list[str]) -> int:
    sizes = sorted(Counter(truth[f] for f in files).values())
    groups = 0
    for size in sizes:
        if groups < size:
            groups += 1
    return len(files) - groups


def mojofm(computed: Mapping[str, Hashable], truth: Mapping[str, Hashable]) -> float:
    files = _common(computed, truth)
    worst = max_mno(truth, files)
    if worst == 0:
        return 100.0
    return 100.0 * (1.0 - mno(computed, truth) / worst)


def ari(computed: Mapping[str, Hashable], truth: Mapping[str, Hashable]) -> float:
    files = _common(computed, truth)
    n = len(files)
    if n < 2:
        return 1.0
    table = Counter((computed[f], truth[f]) for f in files)
    rows = Counter(computed[f] for f in files)
    cols = Counter(truth[f] for f in files)
    index = sum(comb(c, 2) for c in table.values())
    row_pairs = sum(comb(c, 2) for c in rows.values())
    col_pairs = sum(comb(c, 2) for c in cols.values())
    expected = row_pairs * col_pairs / comb(n, 2)
    maximum = (row_pairs + col_pairs) / 2
    if maximum == expected:
        return 1.0
    return (index - expected) / (maximum - expected)
