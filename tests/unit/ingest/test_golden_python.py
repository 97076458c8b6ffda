"""Golden test: tests/fixtures/ingest/python (src layout, relative imports, script-dir imports,
packages declared in pyproject vs local modules, stdlib, unresolved and ambiguous names)."""

from __future__ import annotations

import pytest

from ingest import ScanResult
from tests.unit.ingest.views import FIXTURES, contains, edges, files, packages, scan_fixture, symbols

CART = "src/shop/cart.py"
PRICING = "src/shop/pricing.py"
MONEY = "src/shop/money.py"
ITEM = "src/shop/models/item.py"
CLI = "src/shop/cli.py"
INIT = "src/shop/__init__.py"
CHECK = "tests/check_cart.py"
HELPERS = "tests/helpers.py"


@pytest.fixture(scope="module")
def result() -> ScanResult:
    return scan_fixture("python")


def test_files_and_languages(result: ScanResult) -> None:
    assert files(result) == {
        "README.md": "docs",
        "pyproject.toml": "config",
        INIT: "python",
        CART: "python",
        CLI: "python",
        MONEY: "python",
        PRICING: "python",
        "src/shop/models/__init__.py": "python",
        ITEM: "python",
        CHECK: "python",
        HELPERS: "python",
    }


def test_symbols(result: ScanResult) -> None:
    assert symbols(result) == {
        f"{CART}::class::Cart",
        f"{CART}::method::Cart.__init__",
        f"{CART}::method::Cart.add",
        f"{CART}::method::Cart.recalculate",
        f"{PRICING}::function::total",
        f"{PRICING}::function::price_of",
        f"{PRICING}::function::helper",
        f"{MONEY}::function::round_money",
        f"{MONEY}::function::helper",
        f"{ITEM}::class::Priced",
        f"{ITEM}::method::Priced.price",
        f"{ITEM}::class::Item",
        f"{ITEM}::method::Item.__init__",
        f"{ITEM}::method::Item.price",
        f"{CLI}::function::main",
        f"{CHECK}::function::check_add",
        f"{HELPERS}::function::make_cart",
    }
    assert contains(result) == {
        (f"{CART}::class::Cart", f"{CART}::method::Cart.__init__"),
        (f"{CART}::class::Cart", f"{CART}::method::Cart.add"),
        (f"{CART}::class::Cart", f"{CART}::method::Cart.recalculate"),
        (f"{ITEM}::class::Priced", f"{ITEM}::method::Priced.price"),
        (f"{ITEM}::class::Item", f"{ITEM}::method::Item.__init__"),
        (f"{ITEM}::class::Item", f"{ITEM}::method::Item.price"),
    }
    # A symbol's DEFINES is its path: not among the edge records, and counted by the report.
    assert edges(result, "DEFINES") == {} and result.report.edges_by_kind["DEFINES"] == len(result.symbols) == 17


def test_imports_resolve_relative_src_layout_and_script_dir(result: ScanResult) -> None:
    assert edges(result, "IMPORTS") == {
        (f"file::{INIT}", f"file::{CART}"): 1.0,  # from .cart import Cart
        (f"file::{CART}", f"file::{PRICING}"): 1.0,  # from .pricing import total, TAX
        (f"file::{CART}", f"file::{ITEM}"): 1.0,  # from shop.models.item import Item (src/ root)
        (f"file::{CLI}", f"file::{CART}"): 1.0,  # from shop import cart (a submodule)
        (f"file::{CLI}", f"file::{ITEM}"): 1.0,  # from .models import item
        (f"file::{CHECK}", f"file::{HELPERS}"): 1.0,  # from helpers import ... (script directory)
        (f"file::{CHECK}", f"file::{CART}"): 1.0,
        (f"file::{HELPERS}", f"file::{CART}"): 1.0,
    }


def test_declared_packages_vs_stdlib_vs_unresolved(result: ScanResult) -> None:
    assert edges(result, "USES_PACKAGE") == {
        (f"file::{CART}", "package::pypi::pyyaml"): 1.0,  # import yaml, declared as PyYAML
        (f"file::{CLI}", "package::pypi::requests"): 1.0,
    }
    assert packages(result) == {"package::pypi::pyyaml", "package::pypi::requests"}
    # os is stdlib; not_declared_anywhere is neither local nor declared.
    assert result.report.references["import"] == {"package": 2, "resolved": 8, "stdlib": 1, "unresolved": 1}


def test_calls_resolve_by_scope(result: ScanResult) -> None:
    assert edges(result, "CALLS") == {
        (f"{CART}::method::Cart.add", f"{CART}::method::Cart.recalculate"): 1.0,  # self.recalculate()
        (f"{CART}::method::Cart.recalculate", f"{PRICING}::function::total"): 1.0,  # imported name
        (f"{PRICING}::function::total", f"{PRICING}::function::price_of"): 1.0,  # same file
        (f"{ITEM}::method::Item.price", f"{MONEY}::function::round_money"): 0.5,  # unique global guess
        (f"{CLI}::function::main", f"{CART}::class::Cart"): 1.0,  # cart.Cart()
        (f"{CLI}::function::main", f"{CART}::method::Cart.add"): 1.0,  # basket.add(...)
        (f"{CLI}::function::main", f"{ITEM}::class::Item"): 1.0,  # item_module.Item(3)
        (f"{CHECK}::function::check_add", f"{HELPERS}::function::make_cart"): 1.0,
        (f"{HELPERS}::function::make_cart", f"{CART}::class::Cart"): 1.0,
    }
    # helper() in cli.py has two global candidates: dropped, never guessed.
    # Unresolved: append (on self.items), sum, item.price (receiver unknown), requests.get, isinstance, round.
    assert result.report.references["call"] == {"ambiguous": 1, "resolved": 9, "unresolved": 6}


def test_inheritance(result: ScanResult) -> None:
    assert edges(result, "INHERITS") == {(f"{ITEM}::class::Item", f"{ITEM}::class::Priced"): 1.0}


def test_records_carry_content_facts(result: ScanResult) -> None:
    record = next(f for f in result.files if f.path == PRICING)
    assert record.id == f"file::{PRICING}"
    assert record.lines == 13
    assert record.size == len((FIXTURES / "python" / PRICING).read_bytes())
    empty = next(f for f in result.files if f.path == "src/shop/models/__init__.py")
    assert (empty.size, empty.lines) == (0, 0)
    symbol = next(s for s in result.symbols if s.id == f"{PRICING}::function::total")
    assert (symbol.name, symbol.qualified_name, symbol.start_line, symbol.end_line) == ("total", "total", 4, 5)
