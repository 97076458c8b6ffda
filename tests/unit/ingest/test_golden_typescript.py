"""Golden test: tests/fixtures/ingest/typescript (tsconfig paths with baseUrl, index files,
``.js`` specifiers of TypeScript files, require(), JSX component use, npm packages vs builtins)."""

from __future__ import annotations

import pytest

from ingest import ScanResult
from tests.unit.ingest.views import contains, edges, files, packages, scan_fixture, symbols

INDEX = "src/index.ts"
MAIN = "src/app/main.tsx"
UTIL = "src/util/index.ts"
HELPERS = "src/util/helpers.ts"
LEGACY = "src/legacy.js"


@pytest.fixture(scope="module")
def result() -> ScanResult:
    return scan_fixture("typescript")


def test_files(result: ScanResult) -> None:
    assert files(result) == {
        "package.json": "config",
        "tsconfig.json": "config",
        INDEX: "typescript",
        MAIN: "typescript",
        UTIL: "typescript",
        HELPERS: "typescript",
        LEGACY: "javascript",
    }


def test_symbols(result: ScanResult) -> None:
    assert symbols(result) == {
        f"{INDEX}::function::start",
        f"{MAIN}::function::App",
        f"{MAIN}::function::Panel",
        f"{UTIL}::function::format",
        f"{HELPERS}::interface::Shape",
        f"{HELPERS}::class::Base",
        f"{HELPERS}::class::Square",
        f"{HELPERS}::method::Square.area",
        f"{HELPERS}::method::Square.side",
        f"{HELPERS}::function::helper",
        f"{LEGACY}::class::Widget",
    }
    assert contains(result) == {
        (f"{HELPERS}::class::Square", f"{HELPERS}::method::Square.area"),
        (f"{HELPERS}::class::Square", f"{HELPERS}::method::Square.side"),
    }


def test_imports(result: ScanResult) -> None:
    assert edges(result, "IMPORTS") == {
        (f"file::{INDEX}", f"file::{MAIN}"): 1.0,  # "@app/main" through tsconfig paths
        (f"file::{INDEX}", f"file::{UTIL}"): 1.0,  # "./util" -> util/index.ts
        (f"file::{MAIN}", f"file::{HELPERS}"): 1.0,  # "../util/helpers.js" -> helpers.ts
        (f"file::{UTIL}", f"file::{HELPERS}"): 1.0,  # export ... from "./helpers"
        (f"file::{LEGACY}", f"file::{UTIL}"): 1.0,  # require("./util")
    }
    assert edges(result, "USES_PACKAGE") == {
        (f"file::{INDEX}", "package::npm::react"): 1.0,
        (f"file::{INDEX}", "package::npm::@scope/ui"): 1.0,  # a subpath of a scoped package
    }
    assert packages(result) == {"package::npm::react", "package::npm::@scope/ui"}
    # node:fs is a builtin; left-pad is declared nowhere.
    assert result.report.references["import"] == {"package": 2, "resolved": 5, "stdlib": 1, "unresolved": 1}


def test_calls(result: ScanResult) -> None:
    assert edges(result, "CALLS") == {
        (f"{INDEX}::function::start", f"{UTIL}::function::format"): 1.0,
        (f"{INDEX}::function::start", f"{MAIN}::function::App"): 1.0,
        (f"{MAIN}::function::App", f"{MAIN}::function::Panel"): 1.0,  # <Panel />
        (f"{MAIN}::function::Panel", f"{HELPERS}::function::helper"): 1.0,
        (f"{HELPERS}::method::Square.area", f"{HELPERS}::method::Square.side"): 1.0,  # this.side()
        (f"{HELPERS}::function::helper", f"{HELPERS}::class::Square"): 1.0,  # new Square()
        (f"{HELPERS}::function::helper", f"{HELPERS}::method::Square.area"): 1.0,
    }
    assert result.report.references["call"] == {"resolved": 7, "unresolved": 2}  # String(), require()


def test_inheritance(result: ScanResult) -> None:
    assert edges(result, "INHERITS") == {
        (f"{HELPERS}::class::Square", f"{HELPERS}::class::Base"): 1.0,
        (f"{HELPERS}::class::Square", f"{HELPERS}::interface::Shape"): 1.0,
        # util.Base: util/index.ts does not define it; the only Base in the JS/TS family is a guess.
        (f"{LEGACY}::class::Widget", f"{HELPERS}::class::Base"): 0.5,
    }
