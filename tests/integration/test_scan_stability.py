"""Scanning is deterministic, and a rescan after a small edit keeps files in blocks with the same ids."""

from __future__ import annotations

from pathlib import Path

import pytest

from graphdb.database import Database
from graphdb.scan import scan
from graphdb.store_writes import export_seed
from rooms.contract import SeedFile
from rooms.reconcile import resolve_members
from rooms.store_rules import CandidateWrite
from tests.support import write_python_repo
from tests.integration.owner import OWNER

pytestmark = pytest.mark.integration

MODULES = ("billing", "catalog", "shipping", "accounts", "reports")


def block_of(candidate: SeedFile, files: list[str]) -> dict[str, str]:
    listing = sorted(files)
    file_set = frozenset(listing)
    return {path: block.block_id for block in candidate.blocks for path in resolve_members(block, listing, file_set)}


def test_same_tree_twice_gives_the_same_seed(db: Database, repo_id: str, tmp_path: Path) -> None:
    write_python_repo(tmp_path, MODULES, files_per_module=14)
    first = scan(db, tmp_path, repo_id, None, naming="heuristic", actor=OWNER)
    seed_one = export_seed(db, repo_id)
    second = scan(db, tmp_path, repo_id, 1, naming="heuristic", actor=OWNER)
    assert isinstance(first.write, CandidateWrite) and isinstance(second.write, CandidateWrite)
    assert export_seed(db, repo_id) == seed_one
    assert len(first.candidate.blocks) == len(MODULES), "the planted modules are recovered"


def test_a_small_edit_keeps_block_ids(db: Database, repo_id: str, tmp_path: Path) -> None:
    write_python_repo(tmp_path, MODULES, files_per_module=14)
    before = scan(db, tmp_path, repo_id, None, naming="heuristic", actor=OWNER)
    edited = tmp_path / "src" / "billing" / "part3.py"
    edited.write_text(edited.read_text() + "\nfrom catalog import part2\n\ndef extra():\n    return part2\n")
    (tmp_path / "src" / "billing" / "part14.py").write_text("from billing import part1\n")
    after = scan(db, tmp_path, repo_id, 1, naming="heuristic", actor=OWNER)
    files_before = [f.path for f in before.ingest.result.files]
    old, new = block_of(before.candidate, files_before), block_of(after.candidate, files_before)
    kept = sum(1 for path, block in old.items() if new.get(path) == block)
    assert kept / len(old) >= 0.95, f"{kept}/{len(old)} files kept their block id"
