"""F0c §1/§4 on the real database: the four write outcomes, no inheritance, conflicts, races."""

from __future__ import annotations

import threading

import pytest

from graphdb import store as persisted
from graphdb.database import Database
from graphdb.history import entry
from graphdb.store_writes import export_seed, read_store, write_candidate
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
    parse_seed,
    serialize_seed,
)
from rooms.store_rules import CandidateWrite, VersionConflict, WriteOutcome
from tests.integration.owner import OWNER
from tests.integration.store.ratified import ratified_with_receipts

pytestmark = pytest.mark.integration


def block(block_id: str, paths: list[str], to: list[str] = ()) -> SystemBlock:  # type: ignore[assignment]
    return SystemBlock(
        block_id=block_id,
        name=block_id.removeprefix("sb_").title(),
        purpose="",
        kind=BlockKind.SCANNED,
        state=BlockState.CANDIDATE,
        boundary_version=1,
        contract_version=1,
        membership_source=MembershipSource.PROPOSED,
        membership=[Member(path=p, role=MemberRole.PRIMARY) for p in paths],
        sockets=Sockets(outputs=[Socket(to=t) for t in to]),
        candidate_meta=CandidateMeta(
            named_by=NamedBy.HEURISTIC,
            needs_owner_naming=True,
            graph_cohesion=0.5,
            edge_sample_size=12,
            directory_support=1.0,
            coverage_ratio=1.0,
            shared_member_count=0,
        ),
    )


def candidate(repo_id: str, *blocks: SystemBlock) -> SeedFile:
    return SeedFile(
        repo=Repo(repo_id=repo_id, root="repo", source_commit="abc123"),
        skeleton=Skeleton(skeleton_id=f"sk_{repo_id}", version=1, state=SkeletonState.CANDIDATE),
        blocks=list(blocks),
    )


def test_create_then_replace_then_conflict(db: Database, repo_id: str) -> None:
    first = candidate(repo_id, block("sb_api", ["api/**"], ["sb_core"]), block("sb_core", ["core/**"]))
    created = write_candidate(db, repo_id, None, first, actor=OWNER)
    assert isinstance(created, CandidateWrite) and created.outcome is WriteOutcome.CREATED_CANDIDATE_STORE
    assert created.store.store_version == 1
    assert export_seed(db, repo_id) == serialize_seed(first)

    second = candidate(repo_id, block("sb_all", ["api/**", "core/**"]))
    replaced = write_candidate(db, repo_id, 1, second, actor=OWNER)
    assert isinstance(replaced, CandidateWrite) and replaced.outcome is WriteOutcome.REPLACED_CANDIDATE_STORE
    stored = read_store(db, repo_id)
    assert stored is not None and stored.store_version == 2
    assert [b.block_id for b in stored.blocks] == ["sb_all"], "the old blocks are gone"

    stale = write_candidate(db, repo_id, 1, first, actor=OWNER)
    assert stale == VersionConflict(expected=1, actual=2)
    absent_expected = write_candidate(db, repo_id, None, first, actor=OWNER)
    assert absent_expected == VersionConflict(expected=None, actual=2)
    assert export_seed(db, repo_id) == serialize_seed(second), "a conflict writes nothing"


def test_expected_version_on_an_absent_store_conflicts(db: Database, repo_id: str) -> None:
    refused = write_candidate(db, repo_id, 3, candidate(repo_id, block("sb_a", ["a.py"])), actor=OWNER)
    assert refused == VersionConflict(3, 0)
    assert read_store(db, repo_id) is None


def test_replacement_inherits_nothing(db: Database, repo_id: str) -> None:
    write_candidate(db, repo_id, None, candidate(repo_id, block("sb_a", ["a/**"])), actor=OWNER)
    # The builder might (wrongly) hand back earned fields: the write strips them mechanically.
    dirty = block("sb_a", ["a/**"]).model_copy(
        update={
            "membership_fingerprint": "sha256:00",
            "resolved_members": ["a/x.py"],
            "pre_archive_state": BlockState.SCANNED,
        }
    )
    write_candidate(db, repo_id, 1, candidate(repo_id, dirty), actor=OWNER)
    stored = read_store(db, repo_id)
    assert stored is not None
    only = stored.blocks[0]
    assert (only.membership_fingerprint, only.resolved_members, only.pre_archive_state, only.receipts) == (
        None,
        [],
        None,
        [],
    )
    assert stored.unmapped_files == [] and stored.unmapped_total is None and stored.candidate_revision is None


def test_ratified_store_only_gets_a_revision(db: Database, repo_id: str) -> None:
    live = ratified_with_receipts(repo_id)
    db.write(lambda tx: persisted.create(tx, live, entry("import", OWNER, "{}")))
    before = export_seed(db, repo_id)
    revision = candidate(repo_id, block("sb_new", ["x/**"]))
    wrote = write_candidate(db, repo_id, live.store_version, revision, actor=OWNER)
    assert isinstance(wrote, CandidateWrite) and wrote.outcome is WriteOutcome.WROTE_CANDIDATE_REVISION
    stored = read_store(db, repo_id)
    assert stored is not None and stored.store_version == live.store_version + 1
    assert export_seed(db, repo_id) == before, "live blocks, receipts and fingerprints untouched"
    assert stored.candidate_revision is not None
    assert serialize_seed(stored.candidate_revision) == serialize_seed(revision)
    assert (stored.unmapped_files, stored.unmapped_total) == (live.unmapped_files, live.unmapped_total)


def test_two_scans_racing_on_one_version_cannot_both_win(db: Database, repo_id: str) -> None:
    for expected in (None, 1):  # racing creators, then racing replacers
        results: list[object] = []
        barrier = threading.Barrier(2)

        def scan(name: str, barrier: threading.Barrier, results: list[object], expected: int | None) -> None:
            barrier.wait()
            written = candidate(repo_id, block(f"sb_{name}", ["a.py"]))
            results.append(write_candidate(db, repo_id, expected, written, actor=OWNER))

        threads = [threading.Thread(target=scan, args=(n, barrier, results, expected)) for n in ("left", "right")]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wins = [r for r in results if isinstance(r, CandidateWrite)]
        losses = [r for r in results if isinstance(r, VersionConflict)]
        assert len(wins) == 1 and len(losses) == 1, results
        assert losses[0].actual == wins[0].store.store_version
        stored = read_store(db, repo_id)
        assert stored is not None and stored.store_version == (1 if expected is None else 2)
        assert [b.block_id for b in stored.blocks] == [b.block_id for b in wins[0].store.blocks]


def test_round_trip_is_byte_stable(db: Database, repo_id: str) -> None:
    seed = candidate(repo_id, block("sb_ü", ["docs/ré sumé.md", "src/**"], ["sb_b"]), block("sb_b", ["b.py"]))
    write_candidate(db, repo_id, None, seed, actor=OWNER)
    text = export_seed(db, repo_id)
    assert text is not None and serialize_seed(parse_seed(text)) == text == serialize_seed(seed)
