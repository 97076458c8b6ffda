"""A realistic candidate for the load bench, generated from a seed number (same number, same map).

Unlike ``bench.common.synthetic_candidate`` (equal blocks, one file each), this looks like a scan's output:
blocks of uneven size under a handful of top-level areas, test and docs members beside the primary ones,
a few globs, seams (a path shared by two neighbouring blocks), residue nobody claims, one to three sockets
per block and varied candidate meta, about half the blocks still waiting for an owner's name.
"""

from __future__ import annotations

import random

from rooms.contract import (
    BlockKind,
    BlockState,
    CandidateMeta,
    Member,
    MemberRole,
    MembershipSource,
    NamedBy,
    Repo,
    SeedFile,
    Skeleton,
    SkeletonState,
    Socket,
    Sockets,
    SystemBlock,
)

AREAS = ("api", "core", "storage", "ui", "jobs", "auth", "billing", "search", "infra", "tools")
WORDS = (
    "models",
    "views",
    "routes",
    "cache",
    "client",
    "schema",
    "tasks",
    "utils",
    "events",
    "config",
    "parser",
    "render",
    "store",
    "worker",
    "export",
    "import",
    "metrics",
    "hooks",
    "forms",
    "queue",
)


def block_id(index: int) -> str:
    return f"sb_{index:03d}"


def _sizes(rng: random.Random, blocks: int, members: int) -> list[int]:
    """``blocks`` sizes, each at least 1, summing to ``members``, skewed like real modules (a few big ones)."""
    weights = [rng.paretovariate(1.6) for _ in range(blocks)]
    spare = members - blocks
    sizes = [1 + int(spare * w / sum(weights)) for w in weights]
    largest = sorted(range(blocks), key=lambda b: -weights[b])
    for i in range(members - sum(sizes)):  # rounding leftovers, to the largest blocks first
        sizes[largest[i % blocks]] += 1
    return sizes


def _members(rng: random.Random, area: str, module: str, size: int) -> list[Member]:
    made: list[Member] = []
    for f in range(size):
        roll = rng.random()
        if roll < 0.15:
            made.append(Member(path=f"tests/{area}/{module}/test_{f:03d}.py", role=MemberRole.TEST))
        elif roll < 0.20:
            made.append(Member(path=f"docs/{area}/{module}/page_{f:03d}.md", role=MemberRole.DOCS))
        else:
            made.append(Member(path=f"src/{area}/{module}/file_{f:03d}.py", role=MemberRole.PRIMARY))
    if rng.random() < 0.1:
        made.append(Member(path=f"src/{area}/{module}/generated/**", role=MemberRole.GENERATED))
    return made


def realistic_candidate(repo_id: str, blocks: int = 60, members: int = 400, seed: int = 7) -> SeedFile:
    """A candidate map of ``blocks`` blocks holding about ``members`` member paths (plus seams and globs)."""
    if blocks < 2 or members < blocks:
        raise ValueError("need at least 2 blocks and one member per block")
    rng = random.Random(seed)
    sizes = _sizes(rng, blocks, members)
    made: list[SystemBlock] = []
    for b, size in enumerate(sizes):
        area, module = AREAS[b % len(AREAS)], f"{rng.choice(WORDS)}{b:03d}"
        others = [o for o in range(blocks) if o != b]
        outputs = [Socket(to=block_id(o)) for o in sorted(rng.sample(others, k=min(len(others), rng.randint(1, 3))))]
        edges = rng.randint(5, 400)
        named = rng.random() < 0.5
        made.append(
            SystemBlock(
                block_id=block_id(b),
                name=f"{area} {module}",
                purpose=f"The {module} part of {area}." if named else "",
                kind=BlockKind.SCANNED,
                state=BlockState.CANDIDATE,
                boundary_version=1,
                contract_version=1,
                membership_source=MembershipSource.PROPOSED,
                membership=_members(rng, area, module, size),
                sockets=Sockets(outputs=outputs),
                candidate_meta=CandidateMeta(
                    named_by=NamedBy.RUNNER if named else NamedBy.HEURISTIC,
                    needs_owner_naming=not named,
                    graph_cohesion=None if edges < 20 else round(rng.uniform(0.2, 0.95), 3),
                    edge_sample_size=edges,
                    directory_support=round(rng.uniform(0.4, 1.0), 3),
                    coverage_ratio=round(rng.uniform(0.6, 1.0), 3),
                    shared_member_count=0,
                ),
            )
        )
    # Seams: one shared path between each of a few neighbouring pairs.
    for s in range(max(1, blocks // 12)):
        path = f"src/shared/common_{s:02d}.py"
        for b in (2 * s, 2 * s + 1):
            block = made[b]
            meta = block.candidate_meta
            assert meta is not None
            made[b] = block.model_copy(
                update={
                    "membership": [*block.membership, Member(path=path, role=MemberRole.SHARED)],
                    "candidate_meta": meta.model_copy(update={"shared_member_count": meta.shared_member_count + 1}),
                }
            )
    # Residue: files no block claims, reported by the last few blocks' scan.
    for r in range(max(1, members // 15)):
        b = blocks - 1 - r % min(blocks, 4)
        made[b] = made[b].model_copy(
            update={"unmapped_residue": [*made[b].unmapped_residue, f"scripts/tool_{r:03d}.sh"]}
        )
    return SeedFile(
        repo=Repo(repo_id=repo_id, root=".", source_commit=f"bench-load-{seed}"),
        skeleton=Skeleton(skeleton_id=f"sk_{repo_id}", version=1, state=SkeletonState.CANDIDATE),
        blocks=made,
    )
