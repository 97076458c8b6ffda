"""Golden test: tests/fixtures/ingest/ruby (require through lib/ on the load path, require_relative,
gems from the Gemfile, ``Foo.new`` as a call to the class, superclasses and mixins)."""

from __future__ import annotations

import pytest

from ingest import ScanResult
from tests.unit.ingest.views import contains, edges, files, packages, scan_fixture, symbols

SHOP = "lib/shop.rb"
CART = "lib/shop/cart.rb"
PRICING = "lib/shop/pricing.rb"


@pytest.fixture(scope="module")
def result() -> ScanResult:
    return scan_fixture("ruby")


def test_files_and_symbols(result: ScanResult) -> None:
    assert files(result) == {"Gemfile": "config", SHOP: "ruby", CART: "ruby", PRICING: "ruby"}
    assert symbols(result) == {
        f"{SHOP}::module::Shop",
        f"{SHOP}::method::Shop.build",
        f"{CART}::module::Shop",
        f"{CART}::class::Shop.Cart",
        f"{CART}::method::Shop.Cart.total",
        f"{CART}::method::Shop.Cart.items",
        f"{CART}::class::Shop.Base",
        f"{PRICING}::module::Shop",
        f"{PRICING}::module::Shop.Pricing",
        f"{PRICING}::method::Shop.Pricing.compute",
    }
    assert contains(result) == {
        (f"{SHOP}::module::Shop", f"{SHOP}::method::Shop.build"),
        (f"{CART}::module::Shop", f"{CART}::class::Shop.Cart"),
        (f"{CART}::module::Shop", f"{CART}::class::Shop.Base"),
        (f"{CART}::class::Shop.Cart", f"{CART}::method::Shop.Cart.total"),
        (f"{CART}::class::Shop.Cart", f"{CART}::method::Shop.Cart.items"),
        (f"{PRICING}::module::Shop", f"{PRICING}::module::Shop.Pricing"),
        (f"{PRICING}::module::Shop.Pricing", f"{PRICING}::method::Shop.Pricing.compute"),
    }


def test_requires(result: ScanResult) -> None:
    assert edges(result, "IMPORTS") == {
        (f"file::{SHOP}", f"file::{CART}"): 1.0,  # require "shop/cart" (lib/ is on the load path)
        (f"file::{SHOP}", f"file::{PRICING}"): 1.0,  # require_relative "shop/pricing"
    }
    assert edges(result, "USES_PACKAGE") == {(f"file::{SHOP}", "package::gem::activesupport"): 1.0}
    assert packages(result) == {"package::gem::activesupport"}
    # json: standard library; nokogiri: not in the Gemfile.
    assert result.report.references["import"] == {"package": 1, "resolved": 2, "stdlib": 1, "unresolved": 1}


def test_calls_and_inheritance(result: ScanResult) -> None:
    assert edges(result, "CALLS") == {
        (f"{SHOP}::method::Shop.build", f"{CART}::class::Shop.Cart"): 1.0,  # Cart.new
        (f"{CART}::method::Shop.Cart.total", f"{PRICING}::method::Shop.Pricing.compute"): 0.5,  # mixed in
    }
    assert result.report.references["call"] == {"resolved": 2, "unresolved": 1}  # items.sum
    assert edges(result, "INHERITS") == {
        (f"{CART}::class::Shop.Cart", f"{CART}::class::Shop.Base"): 1.0,
        (f"{CART}::class::Shop.Cart", f"{PRICING}::module::Shop.Pricing"): 0.5,  # include Pricing
    }
