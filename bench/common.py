"""Helpers shared by the benchmarks: percentiles, timing, a database handle, a synthetic candidate."""

from __future__ import annotations

import statistics
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from graphdb.codegraph.generations import delete_repository
from graphdb.database import Database
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


def percentiles(samples_s: list[float]) -> dict[str, float]:
    ordered = sorted(samples_s)
    pick = lambda q: ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]  # noqa: E731
    return {
        "p50_ms": pick(0.50) * 1e3,
        "p95_ms": pick(0.95) * 1e3,
        "p99_ms": pick(0.99) * 1e3,
        "mean_ms": statistics.fmean(ordered) * 1e3,
        "n": len(ordered),
    }


def timed(fn: Callable[[], object], runs: int) -> list[float]:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return samples


def forget_repo(db: Database, repo_id: str) -> None:
    """Delete every node of a repository: its code graph, its store and its history."""
    delete_repository(db, repo_id)


@contextmanager
def bench_repo(db: Database, prefix: str) -> Iterator[str]:
    """A throwaway repository id whose nodes are deleted afterwards."""
    repo_id = f"{prefix}-{uuid.uuid4().hex[:8]}"
    try:
        yield repo_id
    finally:
        forget_repo(db, repo_id)


def synthetic_candidate(repo_id: str, blocks: int, files: int) -> SeedFile:
    """``blocks`` candidate blocks with ``files`` exact-path members in all, each socketed to the next."""
    per = files // blocks
    made = []
    for b in range(blocks):
        made.append(
            SystemBlock(
                block_id=f"sb_{b:03d}",
                name=f"module {b}",
                purpose="",
                kind=BlockKind.SCANNED,
                state=BlockState.CANDIDATE,
                boundary_version=1,
                contract_version=1,
                membership_source=MembershipSource.PROPOSED,
                membership=[Member(path=f"src/mod{b:03d}/file{f:04d}.py", role=MemberRole.PRIMARY) for f in range(per)],
                sockets=Sockets(outputs=[Socket(to=f"sb_{(b + 1) % blocks:03d}")]),
                candidate_meta=CandidateMeta(
                    named_by=NamedBy.HEURISTIC,
                    needs_owner_naming=True,
                    graph_cohesion=0.5,
                    edge_sample_size=100,
                    directory_support=1.0,
                    coverage_ratio=1.0,
                    shared_member_count=0,
                ),
            )
        )
    return SeedFile(
        repo=Repo(repo_id=repo_id, root=".", source_commit="bench"),
        skeleton=Skeleton(skeleton_id=f"sk_{repo_id}", version=1, state=SkeletonState.CANDIDATE),
        blocks=made,
    )
