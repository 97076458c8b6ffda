"""The candidate builder: plain graph data in, a candidate seed and its report out (F0c §2-§3).

`build_candidate_seed(data, params)`:
1. picks the declared fallback (tiny, docs/no-edge) or builds the structure's units with the file claims (§2a, §2b);
2. gives every unit a stable id (`rooms.candidate.ids`) and its membership entries (globs at ≥ 90 %);
3. computes what each block resolves to, the residue (no misc block: it stays residue, counted exactly,
   each file listed on the nearest block), sockets (§2d), meta components (§3b) and heuristic labels;
4. returns a `SeedFile` with ``skeleton.state = candidate``, every block ``candidate`` / ``proposed`` /
   ``scanned``, versions 1, no receipts, and a `CandidateReport`.
The same input always gives the same seed (ids, order, entries); only the report's timings vary.
"""

from __future__ import annotations

import posixpath
from collections import Counter, defaultdict
from time import perf_counter

from rooms.candidate.claims import Claims, file_claims
from rooms.candidate.fallbacks import directory_extension_units, is_single_directory, plan_fallback, tiny_units
from rooms.candidate.graph import FileGraph
from rooms.candidate.ids import block_ids, skeleton_id
from rooms.candidate.inputs import CandidateInput, FileInfo
from rooms.candidate.membership import entries_for, own_code, residue_home, resolve, subtree_counts
from rooms.candidate.meta import block_meta
from rooms.candidate.params import ClusterParams
from rooms.candidate.report import CandidateReport, Fallback, Seam, SuggestedSplit
from rooms.candidate.sockets import external_sockets, internal_sockets
from rooms.candidate.structure import Structure
from rooms.candidate.units import Unit
from rooms.contract import (
    BlockKind,
    BlockState,
    MembershipSource,
    Repo,
    SeedFile,
    Skeleton,
    SkeletonState,
    Sockets,
    SystemBlock,
)
from rooms.naming import LabelInput, names_for, purpose_for

_ALGORITHM_BY_FALLBACK = {
    Fallback.TINY_REPO: "top-level directories",
    Fallback.DOCS_NO_EDGE: "directory + extension",
}


def _units(
    files: list[FileInfo], claims: Claims, damped: FileGraph, fallback: Fallback | None, params: ClusterParams
) -> list[Unit]:
    if fallback is Fallback.TINY_REPO:
        return tiny_units(files, damped)
    if fallback is Fallback.DOCS_NO_EDGE:
        return directory_extension_units(files, params.min_block_size)
    return Structure(files, claims, damped, params).run()


def build_candidate_seed(data: CandidateInput, params: ClusterParams | None = None) -> tuple[SeedFile, CandidateReport]:
    params = params or ClusterParams()
    started = perf_counter()
    files = sorted({f.path: f for f in data.files}.values(), key=lambda f: f.path)
    infos = {f.path: f for f in files}
    paths = [f.path for f in files]
    known = set(paths)
    raw = FileGraph(data.edges, known)
    damped = FileGraph(data.edges, known, data.hubs, params.hub_factor)
    fallback = plan_fallback(files, raw.pair_count(), params)
    clustered = data.clustered and fallback is None
    claims = file_claims(paths, data.file_communities, data.symbol_votes) if clustered else Claims({})
    found = _units(files, claims, damped, fallback, params)
    if fallback is None and is_single_directory(files):
        fallback = Fallback.SINGLE_DIRECTORY
    structured = perf_counter()

    units = sorted((u for u in found if u.files), key=lambda u: (u.anchor, u.tag, min(u.files)))
    ids = block_ids(units)
    owners = Counter(p for u in units for p in u.files)
    shared = {p for p, n in owners.items() if n > 1}
    subtree = subtree_counts(paths)
    entries = {
        block_id: entries_for(u.files, u.files & shared, infos, subtree, params.glob_threshold)
        for block_id, u in zip(ids, units, strict=True)
    }
    members = resolve(entries, paths)
    mapped = set().union(*members.values()) if members else set()
    residue = sorted(known - mapped)

    per_directory = Counter(posixpath.dirname(p) for p in paths)
    inputs = internal_sockets(members, data.edges, params.socket_min_weight)
    external = external_sockets(members, data.packages)
    symbols_by_path: dict[str, list[tuple[str, str, float]]] = defaultdict(list)
    for symbol in data.symbols:
        symbols_by_path[symbol.path].append((symbol.name, symbol.kind, symbol.weight))
    labels = [
        LabelInput(
            anchor=u.anchor,
            tag=u.label,
            languages=[infos[p].language for p in sorted(members[block_id])],
            symbols=[s for p in own_code(members[block_id]) for s in symbols_by_path.get(p, ())],
            root_name=data.repo_id,
        )
        for block_id, u in zip(ids, units, strict=True)
    ]
    names = names_for(labels)
    anchors = {block_id: u.anchor for block_id, u in zip(ids, units, strict=True)}
    sizes = {block_id: len(members[block_id]) for block_id in ids}
    homes: dict[str, list[str]] = {block_id: [] for block_id in ids}
    if ids:
        for path in residue:
            homes[residue_home(path, anchors, sizes)].append(path)

    blocks = []
    for index, block_id in enumerate(ids):
        resolved = members[block_id]
        blocks.append(
            SystemBlock(
                block_id=block_id,
                name=names[index],
                purpose=purpose_for(labels[index], len(resolved)),
                kind=BlockKind.SCANNED,
                state=BlockState.CANDIDATE,
                boundary_version=1,
                contract_version=1,
                membership_source=MembershipSource.PROPOSED,
                membership=entries[block_id],
                sockets=Sockets(
                    inputs=inputs[block_id].inputs, outputs=inputs[block_id].outputs, external=external[block_id]
                ),
                unmapped_residue=homes[block_id],
                candidate_meta=block_meta(
                    resolved,
                    entries[block_id],
                    raw,
                    claims,
                    per_directory,
                    cohesion_floor=params.cohesion_floor,
                    graph_scores=fallback is not Fallback.DOCS_NO_EDGE,
                ),
            )
        )
    seed = SeedFile(
        repo=Repo(repo_id=data.repo_id, root=data.root, source_commit=data.source_commit),
        skeleton=Skeleton(skeleton_id=skeleton_id(data.repo_id), version=1, state=SkeletonState.CANDIDATE),
        blocks=blocks,
    )
    seams = [
        Seam(path=p, block_ids=[b for b, u in zip(ids, units, strict=True) if p in u.files]) for p in sorted(shared)
    ]
    splits = [SuggestedSplit(block_id=b, directories=list(u.finer)) for b, u in zip(ids, units, strict=True) if u.finer]
    report = CandidateReport(
        fallback=fallback,
        algorithm=params.algorithm if fallback is None else _ALGORITHM_BY_FALLBACK.get(fallback, params.algorithm),
        parameters=params.model_dump(mode="json"),
        block_count=len(blocks),
        file_count=len(paths),
        multi_owner_seams=seams,
        residue_count=len(residue),
        residue_first=residue[: params.residue_sample],
        hubs=sorted(data.hubs & known) if clustered else [],
        edge_sample_size=raw.pair_count(),
        suggested_splits=splits,
        timings={"structure_s": round(structured - started, 6), "assemble_s": round(perf_counter() - structured, 6)},
    )
    return seed, report
