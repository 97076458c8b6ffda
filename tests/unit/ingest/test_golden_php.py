"""Golden test: tests/fixtures/ingest/php (composer PSR-4 autoload roots, require_once with
__DIR__, namespace peers, composer packages by vendor name)."""

from __future__ import annotations

import pytest

from ingest import ScanResult
from tests.unit.ingest.views import contains, edges, files, packages, scan_fixture, symbols

CART = "src/Cart.php"
MODEL = "src/Model.php"
CALCULATOR = "src/Pricing/Calculator.php"
HELPERS = "src/helpers.php"


@pytest.fixture(scope="module")
def result() -> ScanResult:
    return scan_fixture("php")


def test_files_and_symbols(result: ScanResult) -> None:
    assert files(result) == {"composer.json": "config", CART: "php", MODEL: "php", CALCULATOR: "php", HELPERS: "php"}
    assert symbols(result) == {
        f"{CART}::class::Cart",
        f"{CART}::method::Cart.total",
        f"{CART}::method::Cart.items",
        f"{CART}::method::Cart.count",
        f"{MODEL}::class::Model",
        f"{CALCULATOR}::class::Calculator",
        f"{CALCULATOR}::method::Calculator.sum",
        f"{HELPERS}::function::log_line",
    }
    assert contains(result) == {
        (f"{CART}::class::Cart", f"{CART}::method::Cart.total"),
        (f"{CART}::class::Cart", f"{CART}::method::Cart.items"),
        (f"{CART}::class::Cart", f"{CART}::method::Cart.count"),
        (f"{CALCULATOR}::class::Calculator", f"{CALCULATOR}::method::Calculator.sum"),
    }


def test_uses_and_includes(result: ScanResult) -> None:
    assert edges(result, "IMPORTS") == {
        (f"file::{CART}", f"file::{CALCULATOR}"): 1.0,  # use Acme\Shop\Pricing\Calculator (PSR-4: src/)
        (f"file::{CART}", f"file::{HELPERS}"): 1.0,  # require_once __DIR__ . '/helpers.php'
    }
    assert edges(result, "USES_PACKAGE") == {(f"file::{CART}", "package::composer::monolog/monolog"): 1.0}
    assert packages(result) == {"package::composer::monolog/monolog"}
    assert result.report.references["import"] == {"package": 1, "resolved": 2, "unresolved": 1}  # Symfony


def test_calls_and_inheritance(result: ScanResult) -> None:
    assert edges(result, "CALLS") == {
        (f"{CART}::method::Cart.total", f"{CALCULATOR}::class::Calculator"): 1.0,  # new Calculator()
        (f"{CART}::method::Cart.total", f"{HELPERS}::function::log_line"): 1.0,
        (f"{CART}::method::Cart.total", f"{CALCULATOR}::method::Calculator.sum"): 1.0,  # $calc->sum()
        (f"{CART}::method::Cart.total", f"{CART}::method::Cart.items"): 1.0,  # $this->items()
    }
    assert result.report.references["call"] == {"resolved": 4, "unresolved": 1}  # array_sum
    assert edges(result, "INHERITS") == {(f"{CART}::class::Cart", f"{MODEL}::class::Model"): 1.0}
    assert result.report.references["inherit"] == {"resolved": 1, "unresolved": 1}  # \Countable
