"""Golden test: tests/fixtures/ingest/java (package declarations, type imports, wildcard and static
imports, same-package peers, constructors vs ``new``, Maven dependencies by groupId)."""

from __future__ import annotations

import pytest

from ingest import ScanResult
from tests.unit.ingest.views import contains, edges, files, packages, scan_fixture, symbols

ROOT = "src/main/java/com/acme"
APP = f"{ROOT}/app/App.java"
BASE = f"{ROOT}/app/Base.java"
ORDER = f"{ROOT}/model/Order.java"
ENTITY = f"{ROOT}/model/Entity.java"
STRINGS = f"{ROOT}/util/Strings.java"


@pytest.fixture(scope="module")
def result() -> ScanResult:
    return scan_fixture("java")


def test_files_and_symbols(result: ScanResult) -> None:
    assert files(result) == {
        "pom.xml": "config",
        APP: "java",
        BASE: "java",
        ORDER: "java",
        ENTITY: "java",
        STRINGS: "java",
    }
    assert symbols(result) == {
        f"{APP}::class::App",
        f"{APP}::method::App.run",
        f"{APP}::method::App.helper",
        f"{BASE}::class::Base",
        f"{ORDER}::class::Order",
        f"{ORDER}::method::Order.Order",
        f"{ORDER}::method::Order.describe",
        f"{ENTITY}::class::Entity",
        f"{STRINGS}::class::Strings",
        f"{STRINGS}::method::Strings.shout",
        f"{STRINGS}::method::Strings.trim",
    }
    assert contains(result) == {
        (f"{APP}::class::App", f"{APP}::method::App.run"),
        (f"{APP}::class::App", f"{APP}::method::App.helper"),
        (f"{ORDER}::class::Order", f"{ORDER}::method::Order.Order"),
        (f"{ORDER}::class::Order", f"{ORDER}::method::Order.describe"),
        (f"{STRINGS}::class::Strings", f"{STRINGS}::method::Strings.shout"),
        (f"{STRINGS}::class::Strings", f"{STRINGS}::method::Strings.trim"),
    }


def test_imports(result: ScanResult) -> None:
    imports = {(e.source, e.target): (e.ref_count, e.weight) for e in result.edges if e.kind == "IMPORTS"}
    assert imports == {
        (f"file::{APP}", f"file::{ORDER}"): (1, 0.5),  # import com.acme.model.*
        (f"file::{APP}", f"file::{ENTITY}"): (1, 0.5),
        (f"file::{APP}", f"file::{STRINGS}"): (2, 2.0),  # the type import and the static member import
    }
    assert edges(result, "USES_PACKAGE") == {
        (f"file::{APP}", "package::maven::org.junit.jupiter:junit-jupiter-api"): 1.0,
    }
    assert packages(result) == {"package::maven::org.junit.jupiter:junit-jupiter-api"}
    assert result.report.references["import"] == {"package": 1, "resolved": 3, "stdlib": 1}  # java.util.List


def test_calls_and_inheritance(result: ScanResult) -> None:
    assert edges(result, "CALLS") == {
        (f"{APP}::method::App.run", f"{ORDER}::class::Order"): 1.0,  # new Order(): the class, not its constructor
        (f"{APP}::method::App.run", f"{STRINGS}::method::Strings.shout"): 1.0,  # static import
        (f"{APP}::method::App.run", f"{ORDER}::method::Order.describe"): 1.0,
        (f"{APP}::method::App.run", f"{APP}::method::App.helper"): 1.0,
        (f"{APP}::method::App.run", f"{STRINGS}::method::Strings.trim"): 1.0,
    }
    assert result.report.references["call"] == {"resolved": 5, "unresolved": 1}  # s.toUpperCase()
    assert edges(result, "INHERITS") == {
        (f"{APP}::class::App", f"{BASE}::class::Base"): 1.0,  # same package, no import needed
        (f"{ORDER}::class::Order", f"{ENTITY}::class::Entity"): 1.0,
    }
    assert result.report.references["inherit"] == {"resolved": 2, "unresolved": 1}  # Runnable
