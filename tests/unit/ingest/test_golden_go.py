"""Golden test: tests/fixtures/ingest/go (go.mod module path -> package directory, same-package
peers, stdlib vs required modules, methods qualified by receiver, embedding)."""

from __future__ import annotations

import pytest

from ingest import ScanResult
from tests.unit.ingest.views import contains, edges, files, packages, scan_fixture, symbols

STORE = "internal/store/store.go"
SIZE = "internal/store/size.go"
STORE_TEST = "internal/store/store_test.go"


@pytest.fixture(scope="module")
def result() -> ScanResult:
    return scan_fixture("go")


def test_files_and_symbols(result: ScanResult) -> None:
    assert files(result) == {
        "go.mod": "config",
        "main.go": "go",
        "cmd.go": "go",
        STORE: "go",
        SIZE: "go",
        STORE_TEST: "go",
    }
    assert symbols(result) == {
        "main.go::function::main",
        "cmd.go::function::run",
        f"{STORE}::struct::Store",
        f"{STORE}::function::New",
        f"{STORE}::method::Store.Count",
        f"{SIZE}::struct::Base",
        f"{SIZE}::method::Store.size",  # its receiver type lives in store.go: no CONTAINS edge
        f"{STORE_TEST}::function::TestNew",
    }
    assert contains(result) == {(f"{STORE}::struct::Store", f"{STORE}::method::Store.Count")}


def test_package_import_reaches_every_non_test_file_of_the_directory(result: ScanResult) -> None:
    imports = [e for e in result.edges if e.kind == "IMPORTS"]
    assert {(e.source, e.target, e.confidence, e.weight) for e in imports} == {
        ("file::main.go", f"file::{STORE}", 1.0, 0.5),  # one statement weighs 1, shared by its 2 files
        ("file::main.go", f"file::{SIZE}", 1.0, 0.5),
    }
    assert edges(result, "USES_PACKAGE") == {("file::main.go", "package::go::github.com/google/uuid"): 1.0}
    assert packages(result) == {"package::go::github.com/google/uuid"}
    # fmt and testing are stdlib; github.com/unknown/thing is required nowhere.
    assert result.report.references["import"] == {"package": 1, "resolved": 1, "stdlib": 2, "unresolved": 1}


def test_calls_through_imports_and_package_peers(result: ScanResult) -> None:
    assert edges(result, "CALLS") == {
        ("main.go::function::main", f"{STORE}::function::New"): 1.0,  # store.New()
        ("main.go::function::main", f"{STORE}::method::Store.Count"): 1.0,  # s.Count()
        ("main.go::function::main", "cmd.go::function::run"): 1.0,  # same package, other file
        (f"{STORE}::method::Store.Count", f"{SIZE}::method::Store.size"): 1.0,
        (f"{STORE_TEST}::function::TestNew", f"{STORE}::function::New"): 1.0,
    }
    assert result.report.references["call"] == {"resolved": 5, "unresolved": 3}  # Println, NewString, len


def test_embedding_is_inheritance(result: ScanResult) -> None:
    assert edges(result, "INHERITS") == {(f"{STORE}::struct::Store", f"{SIZE}::struct::Base"): 1.0}
