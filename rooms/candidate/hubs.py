"""Hub files: used by so large a share of the repository that their edges say little about modules."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from rooms.candidate.inputs import FileEdge
from rooms.candidate.params import ClusterParams


def fan_in(edges: Iterable[FileEdge]) -> dict[str, int]:
    """How many distinct other files use each file."""
    users: dict[str, set[str]] = defaultdict(set)
    for edge in edges:
        if edge.source != edge.target:
            users[edge.target].add(edge.source)
    return {path: len(sources) for path, sources in users.items()}


def find_hubs(edges: Iterable[FileEdge], code_files: int, params: ClusterParams) -> frozenset[str]:
    """Files used by at least ``hub_share`` of the code files and by at least ``hub_min_files`` files."""
    threshold = max(params.hub_min_files, params.hub_share * code_files)
    return frozenset(path for path, count in fan_in(edges).items() if count >= threshold)
