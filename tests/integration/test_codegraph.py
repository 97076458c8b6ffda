"""The code-graph loader against a real Neo4j: a fresh load stores exactly the scan's records, and
incremental syncs along an edit history store exactly what a fresh load would."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest
from neo4j import ManagedTransaction

from graphdb import codegraph
from graphdb.database import Database
from graphdb.queries import names, query
from ingest import ParseSink, ScanOptions, ScanResult, scan_tree
from tests.support import fixture_cypher
from tests.unit.ingest.trees import commit_all, git, write
from tests.unit.ingest.views import FIXTURES

T = TypeVar("T")

pytestmark = pytest.mark.integration

OPTIONS = ScanOptions(workers=1)


def _stored(db: Database, repo_id: str) -> tuple[set[tuple[Any, ...]], set[tuple[Any, ...]]]:
    nodes = set()
    for row in db.rows("codegraph_read_nodes", repo_id=repo_id):
        properties = dict(row["properties"])
        properties.pop("repo_id")
        properties.pop("digest", None)
        properties.pop("parse", None)
        nodes.add((row["label"], tuple(sorted(properties.items()))))
    relationships = {
        (r["kind"], r["source"], r["target"], r["count"], r["weight"], r["confidence"])
        for r in db.rows("codegraph_read_relationships", repo_id=repo_id)
    }
    return nodes, relationships


def _expected(result: ScanResult) -> tuple[set[tuple[Any, ...]], set[tuple[Any, ...]]]:
    nodes = {
        (
            "File",
            tuple(
                sorted(
                    {
                        "id": f.id,
                        "path": f.path,
                        "language": f.language,
                        "size": f.size,
                        "sha256": f.sha256,
                        "lines": f.lines,
                    }.items()
                )
            ),
        )
        for f in result.files
    }
    nodes |= {
        (
            "Symbol",
            tuple(
                sorted(
                    {
                        "id": s.id,
                        "path": s.path,
                        "kind": s.kind,
                        "name": s.name,
                        "qualified_name": s.qualified_name,
                        "start_line": s.start_line,
                        "end_line": s.end_line,
                    }.items()
                )
            ),
        )
        for s in result.symbols
    }
    nodes |= {("Package", (("ecosystem", p.ecosystem), ("id", p.id), ("name", p.name))) for p in result.packages}
    relationships = {(e.kind, e.source, e.target, e.ref_count, e.weight, e.confidence) for e in result.edges}
    # A symbol's DEFINES is not among the scan's edges: it is stored from the symbol's file.
    relationships |= {("DEFINES", f"file::{s.path}", s.id, 1, 1.0, 1.0) for s in result.symbols}
    return nodes, relationships


def _relationship_count(result: ScanResult) -> int:
    """The relationships a load of ``result`` writes: its edges and each symbol's DEFINES."""
    return len(result.edges) + len(result.symbols)


def test_a_fresh_load_stores_exactly_the_scan(db: Database, repo_id: str) -> None:
    result = scan_tree(FIXTURES / "python", OPTIONS)
    report = codegraph.replace_repo(db, repo_id, result, batch_size=7)  # small batches: many transactions
    assert _stored(db, repo_id) == _expected(result)
    assert report.files_written == len(result.files) and report.files_deleted == 0
    assert report.relationships_written == _relationship_count(result)
    # Spot checks written from the fixture: the relative import and the guessed call.
    relationships = _stored(db, repo_id)[1]
    assert ("IMPORTS", "file::src/shop/cart.py", "file::src/shop/pricing.py", 1, 1.0, 1.0) in relationships
    assert (
        "CALLS",
        "src/shop/models/item.py::method::Item.price",
        "src/shop/money.py::function::round_money",
        1,
        0.5,
        0.5,
    ) in relationships
    repo = db.rows("codegraph_read_nodes", repo_id=repo_id)
    assert sum(1 for row in repo if row["label"] == "Package") == 2


@pytest.mark.parametrize("overlapped", [False, True], ids=["sync", "scan_and_sync"])
def test_structural_relationships_are_stored_without_properties(db: Database, repo_id: str, overlapped: bool) -> None:
    """DEFINES and CONTAINS are 1 / 1.0 / 1.0 by construction and stored bare (codegraph_read_relationships
    supplies the values); every other relationship keeps its count, weight and confidence."""
    _scan_and_load(db, repo_id, FIXTURES / "python", None, overlapped)
    records = db.driver.execute_query(fixture_cypher("relationship_property_keys"), repo_id=repo_id).records
    keys_by_kind: dict[str, set[tuple[str, ...]]] = {}
    for record in records:
        keys_by_kind.setdefault(record["kind"], set()).add(tuple(sorted(record["keys"])))
    assert keys_by_kind.keys() >= {"DEFINES", "CONTAINS", "IMPORTS", "CALLS", "USES_PACKAGE"}
    for kind, key_sets in keys_by_kind.items():
        expected = () if kind in ("DEFINES", "CONTAINS") else ("confidence", "count", "weight")
        assert key_sets == {expected}, kind


def _scan_and_load(
    db: Database,
    repo_id: str,
    root: Path,
    previous: ScanResult | None,
    overlapped: bool,
) -> tuple[ScanResult, codegraph.LoadReport]:
    """A scan and its sync: one after the other, or overlapped (``scan_and_sync``)."""
    if overlapped:
        return codegraph.scan_and_sync(db, repo_id, lambda sink: scan_tree(root, OPTIONS, previous, sink=sink))
    result = scan_tree(root, OPTIONS, previous)
    return result, codegraph.sync_repo(db, repo_id, result)


@pytest.mark.parametrize("overlapped", [False, True], ids=["sync_repo", "scan_and_sync"])
def test_syncing_along_an_edit_history_equals_fresh_loads(
    db: Database, repo_id: str, tmp_path: Path, overlapped: bool
) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    git(root, "init", "-q")
    write(
        root,
        {
            "pyproject.toml": '[project]\nname = "demo"\ndependencies = ["requests"]\n',
            "a.py": "import requests\n\n\ndef f():\n    return requests.get('x')\n\n\n"
            "class A:\n    def m(self):\n        return f()\n",
            "b.py": "from a import A, f\n\n\nclass B(A):\n    def n(self):\n        return f()\n",
            "c/d.ts": "import { e } from './e';\nexport function d() { return e(); }\n",
            "c/e.ts": "export function e() { return 1; }\n",
        },
    )
    commit_all(root, "initial")
    previous, first = _scan_and_load(db, repo_id, root, None, overlapped)
    assert first.files_written == len(previous.files)
    assert _stored(db, repo_id) == _expected(previous)

    edits: list[tuple[dict[str, str], list[str], set[str]]] = [
        # (files written, files deleted, files whose stored part must be rewritten)
        (
            {"a.py": "def g():\n    return 1\n\n\nclass A:\n    def m(self):\n        return g()\n"},
            [],
            {"a.py", "b.py"},
        ),  # b.py is unchanged but its call to f() no longer resolves
        ({"f.py": "def f():\n    return 2\n"}, [], {"f.py", "b.py"}),  # b's f() now a global guess
        ({}, ["c/e.ts"], {"c/d.ts"}),  # e.ts vanishes; d.ts loses its import and call
        ({"pyproject.toml": '[project]\nname = "demo"\ndependencies = []\n'}, [], {"pyproject.toml"}),
        ({}, [], set()),
    ]
    for written, deleted, rewritten in edits:
        write(root, written)
        for path in deleted:
            git(root, "rm", "-q", path)
        commit_all(root, "edit")
        current, report = _scan_and_load(db, repo_id, root, previous, overlapped)
        assert current == scan_tree(root, OPTIONS)
        assert _stored(db, repo_id) == _expected(current)
        assert report.files_written == len(rewritten), rewritten
        assert report.files_deleted == len(deleted)
        symbols = sum(1 for symbol in current.symbols if symbol.path in rewritten)
        assert report.nodes_written == len(rewritten) + len(current.packages) + symbols
        # with each rewritten symbol's DEFINES
        assert report.relationships_written == sum(1 for edge in current.edges if edge.origin in rewritten) + symbols
        previous = current
    assert {row["id"] for row in db.rows("codegraph_read_nodes", repo_id=repo_id) if row["label"] == "Package"} == set()


def test_the_stored_parses_drive_an_incremental_scan(db: Database, repo_id: str) -> None:
    result = scan_tree(FIXTURES / "typescript", OPTIONS)
    codegraph.sync_repo(db, repo_id, result)
    stored = codegraph.stored_parses(db, repo_id)
    assert stored == result.parses
    rescan = scan_tree(FIXTURES / "typescript", OPTIONS, previous=stored)
    assert rescan == result
    assert (rescan.report.files_parsed, rescan.report.files_reused) == (0, len(result.files))


def test_an_interrupted_load_is_completed_by_the_next_sync(db: Database, repo_id: str) -> None:
    result = scan_tree(FIXTURES / "go", OPTIONS)
    codegraph.sync_repo(db, repo_id, result)
    # What an interruption leaves: a file upserted again (digest reset) and its relationships gone.
    db.execute("codegraph_clear_file_edges", **codegraph.batch_parameters(repo_id, rows=[["file::main.go", []]]))
    db.execute(
        "codegraph_upsert_files",
        **codegraph.batch_parameters(
            repo_id, rows=[codegraph.file_row(next(f for f in result.files if f.path == "main.go"))]
        ),
    )
    report = codegraph.sync_repo(db, repo_id, result)
    assert report.files_written == 1
    assert _stored(db, repo_id) == _expected(result)


class _Interrupted(Exception):
    pass


class _InterruptedAfter:
    """The database as sync_repo uses it, failing every write transaction after the first ``writes``."""

    def __init__(self, db: Database, writes: int) -> None:
        self._db = db
        self._left = writes
        self._lock = threading.Lock()
        self.interrupted = False

    def rows(self, name: str, /, **params: Any) -> list[dict[str, Any]]:
        return self._db.rows(name, **params)

    def write(self, work: Callable[[ManagedTransaction], T]) -> T:
        with self._lock:
            if self._left == 0:
                self.interrupted = True
                raise _Interrupted
            self._left -= 1
        return self._db.write(work)


def test_a_first_load_interrupted_anywhere_is_completed_by_the_next_sync(db: Database, repo_id: str) -> None:
    # A first load creates its nodes (no MERGE); whatever part of it was committed, the next sync must
    # merge it into exactly the fresh graph, and the one after must find nothing to write.
    result = scan_tree(FIXTURES / "python", OPTIONS)
    counting = _InterruptedAfter(db, -1)  # never interrupts: counts the transactions of a whole load
    codegraph.sync_repo(counting, repo_id, result, batch_size=7, workers=2)  # type: ignore[arg-type]
    transactions = -1 - counting._left
    assert transactions > 10
    for writes in range(transactions):
        codegraph.delete_code_graph(db, repo_id)
        interrupted = _InterruptedAfter(db, writes)
        with pytest.raises(_Interrupted):
            codegraph.sync_repo(interrupted, repo_id, result, batch_size=7, workers=2)  # type: ignore[arg-type]
        codegraph.sync_repo(db, repo_id, result, batch_size=7)
        assert _stored(db, repo_id) == _expected(result), writes
        stored = db.rows("codegraph_read_relationships", repo_id=repo_id)
        assert len(stored) == _relationship_count(result), writes  # once each
        assert codegraph.sync_repo(db, repo_id, result).files_written == 0, writes


def test_a_node_in_the_way_of_a_first_load_is_merged(
    db: Database, repo_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A symbol whose file has no node (what an interrupted repository delete can leave): creating it again
    # fails on its key, and the load starts over merging every node.
    result = scan_tree(FIXTURES / "python", OPTIONS)
    symbol = next(s for s in result.symbols if s.kind == "function")
    db.driver.execute_query(
        fixture_cypher("code_graph"),
        repo_id=repo_id,
        files=[],
        packages=[],
        edges=[],
        symbols=[[symbol.path, symbol.kind, symbol.qualified_name]],
        database_=db.database,
    )
    passes: list[bool] = []
    sync = codegraph.sync._sync

    def spy(*args: Any, create: bool, **kwargs: Any) -> codegraph.LoadReport:
        passes.append(create)
        return sync(*args, create=create, **kwargs)

    monkeypatch.setattr(codegraph.sync, "_sync", spy)
    report = codegraph.sync_repo(db, repo_id, result, batch_size=7)
    assert passes == [True, False]
    assert _stored(db, repo_id) == _expected(result)
    assert report.files_written == len(result.files)
    assert report.relationships_written == _relationship_count(result)


def test_deleting_a_code_graph_leaves_other_repositories_alone(db: Database, repo_id: str) -> None:
    result = scan_tree(FIXTURES / "rust", OPTIONS)
    other = f"{repo_id}-other"
    try:
        codegraph.sync_repo(db, repo_id, result)
        codegraph.sync_repo(db, other, result)
        deleted = codegraph.delete_code_graph(db, other)
        assert deleted == len(result.files) + len(result.symbols) + len(result.packages)
        assert _stored(db, other) == (set(), set())
        assert _stored(db, repo_id) == _expected(result)
    finally:
        while db.execute("repo_delete_batch", repo_id=other, batch_size=10_000)[0]["deleted"]:
            pass


def test_awkward_paths_and_names_come_back_as_written(db: Database, repo_id: str, tmp_path: Path) -> None:
    # Quotes, backslashes, commas, spaces and non-ASCII in paths and names.
    root = tmp_path / "odd"
    write(
        root,
        {
            'quo"te/a,b.py': "def f():\n    return 1\n",
            "back\\slash/ünï cödé.py": "from quo import x\n\n\nclass Kläss:\n    def m(self):\n        return f()\n",
            'end\\/"\\".py': "def g():\n    return 2\n",
            "plain.md": "# doc\n",
        },
    )
    result = scan_tree(root, ScanOptions(workers=1, use_git=False))
    assert {f.path for f in result.files} >= {'quo"te/a,b.py', "back\\slash/ünï cödé.py", 'end\\/"\\".py'}
    codegraph.sync_repo(db, repo_id, result, workers=2)
    assert _stored(db, repo_id) == _expected(result)


def _everything(db: Database, repo_id: str) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """Every node with all its properties (parse JSON and digest too), and every relationship."""
    nodes = [
        (row["label"], row["id"], sorted((k, v) for k, v in row["properties"].items() if k != "repo_id"))
        for row in db.rows("codegraph_read_nodes", repo_id=repo_id)
    ]
    return nodes, [tuple(row.values()) for row in db.rows("codegraph_read_relationships", repo_id=repo_id)]


def _poll(check: Callable[[], bool]) -> bool:
    deadline = time.monotonic() + 60
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


class _CreatesDoneBeforeResolution:
    """A sink that holds resolution back until every file is stored, as a large tree's parse does (its
    creates end while the parse goes on): then resolved relationships are written during the scan."""

    def __init__(self, sink: ParseSink, db: Database, repo_id: str, interrupted: Callable[[], bool] = bool) -> None:
        self._sink, self._db, self._repo_id, self._interrupted = sink, db, repo_id, interrupted
        self.files = 0

    def parsed(self, *args: Any) -> None:
        self.files += 1
        self._sink.parsed(*args)

    def all_parsed(self) -> None:
        self._sink.all_parsed()
        digests = codegraph.batch_parameters(self._repo_id)
        assert _poll(
            lambda: self._interrupted() or len(self._db.rows("codegraph_file_digests", **digests)) == self.files
        )

    def resolved(self, edges: Any) -> None:
        self._sink.resolved(edges)


def test_a_load_overlapped_with_its_scan_writes_during_the_scan_what_sync_repo_writes(
    db: Database, repo_id: str
) -> None:
    other = f"{repo_id}-plain"
    root = FIXTURES / "python"
    during: list[bool] = []

    def scan(sink: ParseSink) -> ScanResult:
        result = scan_tree(root, OPTIONS, sink=_CreatesDoneBeforeResolution(sink, db, repo_id))
        # Still inside the scan: what is stored now was written while it ran.
        during.append(
            _poll(
                lambda: any(row["kind"] == "CALLS" for row in db.rows("codegraph_read_relationships", repo_id=repo_id))
            )
        )
        return result

    try:
        result, report = codegraph.scan_and_sync(db, repo_id, scan, batch_size=7)
        assert during == [True]
        plain = codegraph.sync_repo(db, other, result)
        assert _everything(db, repo_id) == _everything(db, other)
        assert _stored(db, repo_id) == _expected(result)
        assert (report.files_written, report.nodes_written, report.relationships_written) == (
            plain.files_written,
            plain.nodes_written,
            plain.relationships_written,
        )
        assert codegraph.sync_repo(db, repo_id, result).files_written == 0
    finally:
        while db.execute("repo_delete_batch", repo_id=other, batch_size=10_000)[0]["deleted"]:
            pass


def test_an_overlapped_first_load_interrupted_anywhere_is_completed_by_the_next(db: Database, repo_id: str) -> None:
    # The writes during the scan (files, then relationships as they resolve) leave null digests like any
    # others: whatever part was committed, the next load (overlapped too) completes exactly the fresh graph.
    root = FIXTURES / "python"
    result = scan_tree(root, OPTIONS)

    def load(database: Any) -> codegraph.LoadReport:
        def interrupted() -> bool:
            return bool(getattr(database, "interrupted", False))

        return codegraph.scan_and_sync(
            database,
            repo_id,
            lambda sink: scan_tree(root, OPTIONS, sink=_CreatesDoneBeforeResolution(sink, db, repo_id, interrupted)),
            batch_size=7,
            workers=2,
        )[1]

    counting = _InterruptedAfter(db, -1)
    load(counting)
    transactions = -1 - counting._left
    assert transactions > 10
    for writes in range(transactions):
        codegraph.delete_code_graph(db, repo_id)
        with pytest.raises(_Interrupted):
            load(_InterruptedAfter(db, writes))
        load(db)
        assert _stored(db, repo_id) == _expected(result), writes
        assert len(db.rows("codegraph_read_relationships", repo_id=repo_id)) == _relationship_count(result), writes
        assert codegraph.sync_repo(db, repo_id, result).files_written == 0, writes


def test_a_node_in_the_way_of_an_overlapped_load_is_merged(db: Database, repo_id: str) -> None:
    result = scan_tree(FIXTURES / "python", OPTIONS)
    symbol = next(s for s in result.symbols if s.kind == "function")
    db.driver.execute_query(
        fixture_cypher("code_graph"),
        repo_id=repo_id,
        files=[],
        packages=[],
        edges=[],
        symbols=[[symbol.path, symbol.kind, symbol.qualified_name]],
        database_=db.database,
    )
    _, report = codegraph.scan_and_sync(
        db, repo_id, lambda sink: scan_tree(FIXTURES / "python", OPTIONS, sink=sink), batch_size=7
    )
    assert _stored(db, repo_id) == _expected(result)
    assert report.files_written == len(result.files)
    assert codegraph.sync_repo(db, repo_id, result).files_written == 0


def test_a_scan_that_fails_after_writing_began_fails_the_load_and_the_next_completes(
    db: Database, repo_id: str
) -> None:
    root = FIXTURES / "python"

    def failing(sink: ParseSink) -> ScanResult:
        scan_tree(root, OPTIONS, sink=sink)
        raise _Interrupted

    with pytest.raises(_Interrupted):
        codegraph.scan_and_sync(db, repo_id, failing, batch_size=7)
    result, _ = codegraph.scan_and_sync(db, repo_id, lambda sink: scan_tree(root, OPTIONS, sink=sink))
    assert _stored(db, repo_id) == _expected(result)
    assert codegraph.sync_repo(db, repo_id, result).files_written == 0


def _cached_plans(db: Database) -> int:
    """Empties the database's query caches: how many executable plans they held."""
    message = db.driver.execute_query(fixture_cypher("clear_query_caches"), database_=db.database).records[0][0]
    count = re.search(r"\d+", message)  # "… cleared of 16 queries." or "Query cache already empty."
    return int(count.group()) if count else 0


def _modules(count: int, version: int) -> dict[str, str]:
    """A package of ``count`` modules beside its base: each imports the base and a third-party package,
    subclasses the base and calls it, so every relationship statement has a row per module."""
    files = {
        "pyproject.toml": '[project]\nname = "demo"\ndependencies = ["requests"]\n',
        "pkg/__init__.py": "",
        "pkg/base.py": "class Base:\n    def run(self):\n        return 1\n\n\ndef helper():\n    return 2\n",
    }
    for index in range(count):
        files[f"pkg/m{index}.py"] = (
            f"import requests\nfrom pkg.base import Base, helper\n\n\nclass C{index}(Base):\n"
            f"    def run(self):\n        return helper() + {version}\n"
        )
    return files


def _load_history(db: Database, repo_id: str, root: Path, modules: int) -> None:
    """A first load of ``modules`` modules (creates), then two syncs that rewrite every module (merges, lookups of
    the unchanged base), the first also deleting one: one after its scan, one overlapped with it."""
    options = ScanOptions(workers=1, use_git=False)
    write(root, _modules(modules, 1))
    first = scan_tree(root, options)
    codegraph.sync_repo(db, repo_id, first)
    write(root, _modules(modules, 2))
    (root / "pkg" / "m0.py").unlink()
    second = scan_tree(root, options, first)
    assert codegraph.sync_repo(db, repo_id, second).files_written == modules - 1
    write(root, _modules(modules, 3))
    codegraph.scan_and_sync(db, repo_id, lambda sink: scan_tree(root, options, second, sink=sink))


def test_a_load_plans_its_statements_once_whatever_the_sizes_of_its_batches_and_repository_id(
    db: Database, repo_id: str, tmp_path: Path
) -> None:
    # Neo4j keys a cached plan by the parameters' types and, for a list or a string, by the power of ten over
    # its length: a small repository's first load after a large one's planned all its statements again.
    small, again, large = f"{repo_id}-s", f"{repo_id}-t", f"{repo_id}-{'l' * 100}"
    try:
        _cached_plans(db)
        _load_history(db, small, tmp_path / "small", 3)
        plans = _cached_plans(db)
        assert plans >= 10  # the load's ten statements were planned and cached: a count of none would prove nothing
        _load_history(db, again, tmp_path / "again", 3)
        _load_history(db, large, tmp_path / "large", 150)  # batches of 150 rows and more, a longer id
        assert _cached_plans(db) == plans
    finally:
        for loaded in (small, again, large):
            while db.execute("repo_delete_batch", repo_id=loaded, batch_size=10_000)[0]["deleted"]:
                pass


_SCANS = {
    "AllNodesScan",
    "NodeByLabelScan",
    "NodeIndexScan",
    "DirectedRelationshipTypeScan",
    "UndirectedRelationshipTypeScan",
    "DirectedAllRelationshipsScan",
    "UndirectedAllRelationshipsScan",
}


def _operators(plan: dict[str, Any]) -> list[str]:
    return [plan["operatorType"].split("@")[0], *(op for child in plan.get("children", []) for op in _operators(child))]


def test_a_load_keeps_the_plans_of_its_statements_and_they_scan_nothing(db: Database) -> None:
    # Each statement of a load is planned once and kept (CYPHER replan=skip), however the graph's statistics
    # move: so its plan must find every node by a key's index, a hinted index or element id (the hints and the
    # id seeks do not depend on statistics; planned here afresh under this database's).
    loader = [name for name in names() if name.startswith("codegraph_") and "$batch." in query(name)]
    assert len(loader) >= 10
    batch = {
        "repo_id": "r",
        "rows": [],
        "ids": [],
        "keep": [],
        "files": [],
        "symbols": [],
        "relationships": 0,
        "packages": 0,
        "contains": [],
        "imports": [],
        "calls": [],
        "inherits": [],
        "uses_package": [],
    }
    for name in loader:
        text = query(name)
        assert "\nCYPHER replan=skip\n" in f"\n{text}\n", name
        explained = text.replace("CYPHER replan=skip", "CYPHER replan=force EXPLAIN", 1)
        plan = db.driver.execute_query(explained, batch=batch, database_=db.database).summary.plan
        operators = _operators(plan)
        assert not _SCANS.intersection(operators), (name, operators)
        assert any("Seek" in op for op in operators) or "Create" in operators, (name, operators)
