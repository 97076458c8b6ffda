"""The file-level graph the structure reasons over: undirected, weighted, optionally hub-damped."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from rooms.candidate.inputs import FileEdge


class FileGraph:
    """Undirected adjacency ``path -> {path: weight}``; self-edges and unknown paths are dropped.

    With ``hubs`` and ``hub_factor`` < 1, every edge touching a hub weighs ``hub_factor`` times as much
    (the structure's decisions use the damped graph; scores and sockets use the raw one).
    """

    def __init__(self, edges: Iterable[FileEdge], known: set[str], hubs: Iterable[str] = (), hub_factor: float = 1.0):
        hub_set = set(hubs)
        adj: dict[str, dict[str, float]] = defaultdict(dict)
        for edge in edges:
            a, b = edge.source, edge.target
            if a == b or a not in known or b not in known:
                continue
            weight = edge.weight * (hub_factor if (a in hub_set or b in hub_set) else 1.0)
            if weight <= 0:
                continue
            adj[a][b] = adj[a].get(b, 0.0) + weight
            adj[b][a] = adj[b].get(a, 0.0) + weight
        self._adj = dict(adj)

    def neighbours(self, path: str) -> dict[str, float]:
        return self._adj.get(path, {})

    def has_edges(self, path: str) -> bool:
        return bool(self._adj.get(path))

    def pair_count(self) -> int:
        """Distinct unordered file pairs joined by at least one edge."""
        return sum(len(n) for n in self._adj.values()) // 2

    def weight_to(self, path: str, files: set[str]) -> float:
        """Total weight of the edges from ``path`` to ``files``."""
        return sum(w for g, w in self.neighbours(path).items() if g in files)

    def internal(self, files: set[str]) -> float:
        """Total weight of the edges with both ends in ``files``."""
        return sum(w for f in files for g, w in self.neighbours(f).items() if g in files) / 2

    def between(self, a: set[str], b: set[str]) -> float:
        """Total weight of the edges from ``a`` to ``b`` (files in both sets count on neither side)."""
        return sum(w for f in a - b for g, w in self.neighbours(f).items() if g in b and g not in a)
