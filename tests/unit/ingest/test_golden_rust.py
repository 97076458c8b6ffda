"""Golden test: tests/fixtures/ingest/rust (``mod`` files and ``mod.rs``, ``use crate::``/``super::``,
impl blocks as method owners, trait impls as inheritance, Cargo dependencies vs std)."""

from __future__ import annotations

import pytest

from ingest import ScanResult
from tests.unit.ingest.views import contains, edges, files, packages, scan_fixture, symbols

LIB = "src/lib.rs"
SHAPES = "src/shapes/mod.rs"
CIRCLE = "src/shapes/circle.rs"
UTIL = "src/util.rs"


@pytest.fixture(scope="module")
def result() -> ScanResult:
    return scan_fixture("rust")


def test_files_and_symbols(result: ScanResult) -> None:
    assert files(result) == {"Cargo.toml": "config", LIB: "rust", SHAPES: "rust", CIRCLE: "rust", UTIL: "rust"}
    assert symbols(result) == {
        f"{LIB}::function::area_of",
        f"{SHAPES}::trait::Shape",
        f"{CIRCLE}::struct::Circle",
        f"{CIRCLE}::method::Circle.area",
        f"{CIRCLE}::method::Circle.pi",
        f"{CIRCLE}::method::Circle.new",
        f"{UTIL}::function::scale",
    }
    assert contains(result) == {
        (f"{CIRCLE}::struct::Circle", f"{CIRCLE}::method::Circle.area"),
        (f"{CIRCLE}::struct::Circle", f"{CIRCLE}::method::Circle.pi"),
        (f"{CIRCLE}::struct::Circle", f"{CIRCLE}::method::Circle.new"),
    }


def test_modules_and_use_paths(result: ScanResult) -> None:
    assert edges(result, "IMPORTS") == {
        (f"file::{LIB}", f"file::{SHAPES}"): 1.0,  # pub mod shapes; -> shapes/mod.rs
        (f"file::{LIB}", f"file::{UTIL}"): 1.0,  # mod util; -> util.rs
        (f"file::{LIB}", f"file::{CIRCLE}"): 1.0,  # use crate::shapes::circle::Circle
        (f"file::{SHAPES}", f"file::{CIRCLE}"): 1.0,  # pub mod circle;
        (f"file::{CIRCLE}", f"file::{SHAPES}"): 1.0,  # use super::Shape
    }
    assert edges(result, "USES_PACKAGE") == {(f"file::{LIB}", "package::cargo::serde"): 1.0}
    assert packages(result) == {"package::cargo::serde"}
    assert result.report.references["import"] == {"package": 1, "resolved": 5, "stdlib": 1, "unresolved": 1}


def test_calls_and_trait_impls(result: ScanResult) -> None:
    assert edges(result, "CALLS") == {
        (f"{LIB}::function::area_of", f"{CIRCLE}::method::Circle.area"): 1.0,  # c.area()
        (f"{LIB}::function::area_of", f"{UTIL}::function::scale"): 1.0,  # util::scale(1.0)
        (f"{CIRCLE}::method::Circle.area", f"{CIRCLE}::method::Circle.pi"): 1.0,  # Self::pi()
    }
    assert result.report.references["call"] == {"resolved": 3, "unresolved": 1}  # x.max(0.0)
    assert edges(result, "INHERITS") == {(f"{CIRCLE}::struct::Circle", f"{SHAPES}::trait::Shape"): 1.0}
