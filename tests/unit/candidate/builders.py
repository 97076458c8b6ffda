"""Hand-built builder inputs, small enough to state every expected block by hand."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise

from rooms.candidate import (
    CandidateInput,
    CandidateReport,
    ClusterParams,
    FileEdge,
    FileInfo,
    PackageUse,
    SymbolVote,
    build_candidate_seed,
)
from rooms.contract import SeedFile, SystemBlock

# No fallback gets in the way of the small graphs below unless a test asks for one, and their directories
# are small enough to state by hand: any of them may split, none is too small to stand alone.
PARAMS = ClusterParams(
    tiny_repo_files=0,
    no_edge_min_pairs=0,
    no_edge_ratio=0.0,
    flat_min_files=2,
    min_directory_files=1,
    min_group_files=1,
)

_LANGUAGES = {
    ".py": "python",
    ".ts": "typescript",
    ".go": "go",
    ".java": "java",
    ".c": "c",
    ".h": "c",
    ".md": "docs",
    ".toml": "config",
    ".xml": "config",
    ".png": "other",
    ".sh": "shell",
}


def language(path: str) -> str:
    return next((lang for ext, lang in _LANGUAGES.items() if path.endswith(ext)), "other")


def graph(
    files: dict[str, int | None],
    edges: Iterable[tuple] = (),
    *,
    votes: Iterable[tuple[str, int, float]] = (),
    packages: Iterable[tuple[str, str]] = (),
    hubs: Iterable[str] = (),
    repo_id: str = "repo_t",
) -> CandidateInput:
    """``files``: path -> own community (None: no node of its own). ``edges``: (source, target, weight[, kind])."""
    return CandidateInput(
        repo_id=repo_id,
        files=tuple(FileInfo(p, language(p)) for p in files),
        file_communities={p: c for p, c in files.items() if c is not None},
        symbol_votes=tuple(SymbolVote(p, c, w) for p, c, w in votes),
        edges=tuple(FileEdge(e[0], e[1], e[3] if len(e) > 3 else "IMPORTS", e[2]) for e in edges),
        packages=tuple(PackageUse(p, "pypi", name) for p, name in packages),
        hubs=frozenset(hubs),
        source_commit="c0ffee",
    )


def build(
    data: CandidateInput, params: ClusterParams = PARAMS, **overrides: object
) -> tuple[SeedFile, CandidateReport]:
    return build_candidate_seed(data, params.model_copy(update=overrides) if overrides else params)


def block_of(seed: SeedFile, path: str) -> SystemBlock:
    """The block listing ``path`` exactly or under one of its globs (exactly one must)."""
    found = [
        b
        for b in seed.blocks
        if any(m.path == path or (m.path.endswith("/**") and path.startswith(m.path[:-2])) for m in b.membership)
    ]
    assert len(found) == 1, (path, [b.block_id for b in found])
    return found[0]


def entries(block: SystemBlock) -> list[str]:
    return [m.path for m in block.membership]


def layout(seed: SeedFile) -> set[frozenset[str]]:
    """The blocks as sets of membership entries (order-free, id-free)."""
    return {frozenset(entries(b)) for b in seed.blocks}


def clique(paths: list[str], weight: float = 1.0) -> list[tuple[str, str, float]]:
    return [(a, b, weight) for i, a in enumerate(paths) for b in paths[i + 1 :]]


def chain(paths: list[str], weight: float = 1.0) -> list[tuple[str, str, float]]:
    return [(a, b, weight) for a, b in pairwise(paths)]
