"""The candidate service: read a repository's code graph, cluster it in GDS, build the candidate.

`build_candidate(db, repo_id, params, previous=None, source_commit="")` returns the candidate
`SeedFile` and its `CandidateReport` (the verb writes them in its own transaction). Steps:

1. read the files and the file-level edges (``cluster_files``, ``cluster_file_edges``);
2. decide the declared fallback (`rooms.candidate.plan_fallback`): a tiny or no-edge repository is not
   clustered at all;
3. otherwise find the hub files and run `graphdb.clustering.cluster` (projection dropped afterwards),
   seeded (with `seed_from_previous`) from the communities the last clustering left on the files
   (``cluster_seed``), or, when there are none, from the blocks of ``previous``; the new communities
   are then remembered on the files for the next scan;
4. read package uses and the symbols worth naming (in a thread of their own, while step 3 runs on the
   server), and call the pure builder;
5. place the blocks in the picture (`rooms.picture.with_layout`: deterministic, and a block the previous
   map placed keeps its place), so the picture is computed once and never jumps between visits.

``graph`` is the key of the code graph to read (a scan's staging generation, see
``graphdb.codegraph.generations``; default ``repo_id``) and ``seeds_from`` the one whose remembered
communities seed the clustering (the live generation; default ``graph``).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from time import perf_counter

from graphdb.clustering import Assignments, cluster
from graphdb.database import Database
from graphdb.graph_facts import files_and_edges, named_symbols
from rooms.candidate import (
    CandidateInput,
    CandidateReport,
    ClusterParams,
    PackageUse,
    SymbolInfo,
    build_candidate_seed,
    complete_seeds,
    find_hubs,
    plan_fallback,
    seeds_from_previous,
)
from rooms.candidate.graph import FileGraph
from rooms.contract import SeedFile
from rooms.picture import with_layout

__all__ = ["build_candidate", "candidate_from_input", "collect_input"]


def _seeds(
    db: Database, graph: str, paths: set[str], params: ClusterParams, previous: SeedFile | None
) -> dict[str, int] | None:
    """The communities remembered from the last clustering; else the previous candidate's blocks; else none."""
    if not params.seed_from_previous:
        return None
    stored = {str(r["path"]): int(r["seed"]) for r in db.rows("cluster_seeds_read", repo_id=graph)}
    if stored:
        return complete_seeds(stored, paths)
    return seeds_from_previous(previous, paths) if previous is not None else None


def _uses_and_names(db: Database, graph: str) -> tuple[tuple[PackageUse, ...], tuple[SymbolInfo, ...]]:
    """The files' manifest-declared packages, and the symbols worth naming a block after."""
    packages = tuple(
        PackageUse(str(r["path"]), str(r["ecosystem"]), str(r["name"]))
        for r in db.rows("cluster_package_uses", repo_id=graph)
    )
    symbols = tuple(SymbolInfo(*row) for row in named_symbols(db, graph))
    return packages, symbols


def collect_input(
    db: Database,
    repo_id: str,
    params: ClusterParams,
    *,
    previous: SeedFile | None = None,
    source_commit: str = "",
    graph: str | None = None,
    seeds_from: str | None = None,
) -> tuple[CandidateInput, Assignments, dict[str, float]]:
    """Everything the builder reads: the graph, and the clustering unless a fallback makes it pointless."""
    started = perf_counter()
    graph = graph or repo_id
    files, edges = files_and_edges(db, graph)
    paths = {f.path for f in files}
    fallback = plan_fallback(files, FileGraph(edges, paths).pair_count(), params)
    read_at = perf_counter()
    assignments = Assignments()
    hubs: frozenset[str] = frozenset()
    # The projection and the algorithm run on one of the server's threads (concurrency 1): the reads that do not
    # depend on them run beside them, on another.
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="candidate-reads") as pool:
        uses = pool.submit(_uses_and_names, db, graph)
        if fallback is None:
            hubs = find_hubs(edges, sum(1 for f in files if f.is_code), params)
            seeds = _seeds(db, seeds_from or graph, paths, params, previous)
            assignments = cluster(db, graph, params, hubs=hubs, seeds=seeds)
            db.execute("cluster_seeds_write", repo_id=graph, seeds=assignments.files)
        clustered_at = perf_counter()
        packages, symbols = uses.result()
    data = CandidateInput(
        repo_id=repo_id,
        files=files,
        file_communities=assignments.files,
        symbol_votes=assignments.symbol_votes,
        edges=edges,
        packages=packages,
        symbols=symbols,
        hubs=hubs,
        clustered=fallback is None,
        source_commit=source_commit,
    )
    timings = {
        "read_graph_s": round(read_at - started + perf_counter() - clustered_at, 6),
        "cluster_s": round(clustered_at - read_at, 6),
    }
    return data, assignments, timings


def build_candidate(
    db: Database,
    repo_id: str,
    params: ClusterParams | None = None,
    *,
    previous: SeedFile | None = None,
    source_commit: str = "",
    graph: str | None = None,
    seeds_from: str | None = None,
) -> tuple[SeedFile, CandidateReport]:
    params = params or ClusterParams()
    started = perf_counter()
    collected = collect_input(
        db, repo_id, params, previous=previous, source_commit=source_commit, graph=graph, seeds_from=seeds_from
    )
    return candidate_from_input(*collected, params, previous=previous, started=started)


def candidate_from_input(
    data: CandidateInput,
    assignments: Assignments,
    timings: dict[str, float],
    params: ClusterParams,
    *,
    previous: SeedFile | None,
    started: float,
) -> tuple[SeedFile, CandidateReport]:
    """The candidate from what `collect_input` read (``started``: when the reading began, for the timings)."""
    seed, report = build_candidate_seed(data, params)
    seed = seed.model_copy(update={"blocks": with_layout(seed.blocks, previous.blocks if previous else ())})
    report.seeded = assignments.seeded
    report.projected_nodes = assignments.node_count
    report.projected_relationships = assignments.relationship_count
    report.timings = {**timings, **report.timings, "total_s": round(perf_counter() - started, 6)}
    return seed, report
