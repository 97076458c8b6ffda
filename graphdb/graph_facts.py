"""What the code graph tells the rooms rules.

- `graph_facts`: for a naming packet, file languages, symbols worth naming a block after, and symbol
  counts per kind. Read once per naming run; empty (`GraphFacts().available` is false) when the
  repository has no code graph, and packets then fall back to the membership paths.
- `file_facts` / `boundary_edges`: for `Block.files`, each file's language and size, and its edges across
  the boundary of its block.
- `edit_graph`: for a candidate edit that merges or splits, the files, file-level edges, communities and
  package uses (read before the store is locked).
- `files_and_edges`: a code graph's files and file-level edges, as the clustering, the edits and the
  picture read them.

Each reads the repository's live code-graph generation (`graphdb.codegraph.generations.live_key`); a naming
packet's caller passes that key to `graph_facts` itself."""

from __future__ import annotations

import json
from sys import intern

from graphdb.codegraph.generations import live_key
from graphdb.database import Database
from rooms.candidate import ClusterParams, Fallback, FileEdge, FileInfo, PackageUse
from rooms.edit.graph import EditGraph
from rooms.naming import GraphFacts


def files_and_edges(db: Database, key: str) -> tuple[tuple[FileInfo, ...], tuple[FileEdge, ...]]:
    """The files (with their languages) and the file-level edges of the code graph whose nodes carry ``key``."""
    listed = db.columns("cluster_files", repo_id=key)
    # Every path and kind is decoded once per row that names it: each is held once, the files' and edges' alike.
    files = tuple(
        FileInfo(intern(path), language) for path, language in zip(listed["paths"], listed["languages"], strict=True)
    )
    found = db.columns("cluster_file_edges", repo_id=key)
    edges = tuple(
        FileEdge(source, intern(target), intern(kind), float(weight))
        for source, targets, kinds, weights in zip(
            map(intern, found["sources"]), found["targets"], found["kinds"], found["weights"], strict=True
        )
        for target, kind, weight in zip(targets, kinds, weights, strict=True)
    )
    return files, edges


def named_symbols(db: Database, key: str) -> list[tuple[str, str, str, float]]:
    """``(path, name, kind, weight)`` of the symbols worth naming a block after (``cluster_named_symbols``)."""
    found = db.columns("cluster_named_symbols", repo_id=key)
    columns = (found["paths"], found["names"], found["kinds"], found["weights"])
    return [(path, name, kind, float(weight)) for path, name, kind, weight in zip(*columns, strict=True)]


def graph_facts(db: Database, repo_id: str) -> GraphFacts:
    listed = db.columns("cluster_files", repo_id=repo_id)
    languages = dict(zip(listed["paths"], listed["languages"], strict=True))
    if not languages:
        return GraphFacts()
    symbols = tuple(named_symbols(db, repo_id))
    kinds = tuple(
        (str(r["path"]), str(r["kind"]), int(r["count"])) for r in db.rows("naming_symbol_kinds", repo_id=repo_id)
    )
    return GraphFacts(languages=languages, symbols=symbols, kinds=kinds)


def edit_files(db: Database, repo_id: str) -> EditGraph | None:
    """The files alone, for a batch that only moves members (a file behind a glob is narrowed out of it);
    None when the repository has no code graph."""
    files = tuple(db.columns("cluster_files", repo_id=live_key(db, repo_id))["paths"])
    return EditGraph(files=files) if files else None


def edit_graph(db: Database, repo_id: str) -> EditGraph | None:
    """What a merge or split needs from the code graph (`rooms.edit.graph`), with the levers the last scan
    used (its report); None when the repository has no code graph."""
    graph = live_key(db, repo_id)  # the nodes of the live generation carry its key
    infos, edges = files_and_edges(db, graph)
    if not infos:
        return None
    files = tuple(f.path for f in infos)
    packages = tuple(
        PackageUse(str(r["path"]), str(r["ecosystem"]), str(r["name"]))
        for r in db.rows("cluster_package_uses", repo_id=graph)
    )
    rows = db.rows("store_read_report", repo_id=repo_id)
    report = json.loads(rows[0]["report"]) if rows and rows[0]["report"] else {}
    levers = report.get("parameters") or {}
    defaults = ClusterParams()
    return EditGraph(
        files=files,
        edges=edges,
        communities=communities(db, repo_id),
        packages=packages,
        cohesion_floor=int(levers.get("cohesion_floor", defaults.cohesion_floor)),
        socket_min_weight=float(levers.get("socket_min_weight", defaults.socket_min_weight)),
        graph_scores=report.get("fallback") != Fallback.DOCS_NO_EDGE.value,
    )


def file_facts(db: Database, repo_id: str) -> dict[str, tuple[str | None, int | None]]:
    """Path -> (language, bytes) of every file of the repository's code graph (empty: no code graph)."""
    return {
        str(r["path"]): (r["language"], None if r["bytes"] is None else int(r["bytes"]))
        for r in db.rows("codegraph_file_facts", repo_id=live_key(db, repo_id))
    }


def boundary_edges(db: Database, repo_id: str, paths: list[str], members: list[str]) -> dict[str, tuple[int, int]]:
    """Path -> (edges in, edges out): how many files outside `members` (the block's files) depend on each of
    `paths`, and how many it depends on."""
    if not paths:
        return {}
    counts = {path: [0, 0] for path in paths}
    graph = live_key(db, repo_id)
    for r in db.rows("codegraph_boundary_edges", repo_id=graph, paths=paths, members=members):
        counts[str(r["path"])][0 if r["way"] == "in" else 1] = int(r["files"])
    return {path: (n_in, n_out) for path, (n_in, n_out) in counts.items()}


def communities(db: Database, repo_id: str) -> dict[str, int]:
    """Path -> the community the last scan found the file in (empty before any)."""
    return {str(r["path"]): int(r["seed"]) for r in db.rows("cluster_seeds_read", repo_id=live_key(db, repo_id))}
