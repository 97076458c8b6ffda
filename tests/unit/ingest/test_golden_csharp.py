"""Golden test: tests/fixtures/ingest/csharp (usings of namespaces and file-scoped namespaces,
namespace peers, NuGet packages by id prefix, an ambiguous member call left unresolved)."""

from __future__ import annotations

import pytest

from ingest import ScanResult
from tests.unit.ingest.views import contains, edges, files, packages, scan_fixture, symbols

PROGRAM = "src/Program.cs"
HELPERS = "src/Helpers.cs"
ORDER = "src/Models/Order.cs"
ENTITY = "src/Models/Entity.cs"


@pytest.fixture(scope="module")
def result() -> ScanResult:
    return scan_fixture("csharp")


def test_files_and_symbols(result: ScanResult) -> None:
    assert files(result) == {
        "App.csproj": "config",
        PROGRAM: "csharp",
        HELPERS: "csharp",
        ORDER: "csharp",
        ENTITY: "csharp",
    }
    assert symbols(result) == {
        f"{PROGRAM}::class::Program",
        f"{PROGRAM}::method::Program.Main",
        f"{HELPERS}::class::Helpers",
        f"{HELPERS}::method::Helpers.Log",
        f"{ORDER}::class::Order",
        f"{ORDER}::method::Order.Total",
        f"{ORDER}::method::Order.Sum",
        f"{ENTITY}::class::Entity",
        f"{ENTITY}::interface::IPriced",
        f"{ENTITY}::method::IPriced.Total",
    }
    assert contains(result) == {
        (f"{PROGRAM}::class::Program", f"{PROGRAM}::method::Program.Main"),
        (f"{HELPERS}::class::Helpers", f"{HELPERS}::method::Helpers.Log"),
        (f"{ORDER}::class::Order", f"{ORDER}::method::Order.Total"),
        (f"{ORDER}::class::Order", f"{ORDER}::method::Order.Sum"),
        (f"{ENTITY}::interface::IPriced", f"{ENTITY}::method::IPriced.Total"),
    }


def test_usings(result: ScanResult) -> None:
    imports = {(e.source, e.target): (e.confidence, e.weight) for e in result.edges if e.kind == "IMPORTS"}
    assert imports == {  # using Acme.Models: both files declaring the namespace
        (f"file::{PROGRAM}", f"file::{ENTITY}"): (1.0, 0.5),
        (f"file::{PROGRAM}", f"file::{ORDER}"): (1.0, 0.5),
    }
    assert edges(result, "USES_PACKAGE") == {(f"file::{PROGRAM}", "package::nuget::Newtonsoft.Json"): 1.0}
    assert packages(result) == {"package::nuget::Newtonsoft.Json"}
    assert result.report.references["import"] == {"package": 1, "resolved": 1, "stdlib": 1, "unresolved": 1}


def test_calls_and_inheritance(result: ScanResult) -> None:
    assert edges(result, "CALLS") == {
        (f"{PROGRAM}::method::Program.Main", f"{ORDER}::class::Order"): 1.0,
        (f"{PROGRAM}::method::Program.Main", f"{HELPERS}::method::Helpers.Log"): 1.0,  # namespace peer
        (f"{ORDER}::method::Order.Total", f"{ORDER}::method::Order.Sum"): 1.0,
    }
    # order.Total() matches Order.Total and IPriced.Total: ambiguous, dropped. Console.WriteLine: unresolved.
    assert result.report.references["call"] == {"ambiguous": 1, "resolved": 3, "unresolved": 1}
    assert edges(result, "INHERITS") == {
        (f"{ORDER}::class::Order", f"{ENTITY}::class::Entity"): 1.0,
        (f"{ORDER}::class::Order", f"{ENTITY}::interface::IPriced"): 1.0,
    }
