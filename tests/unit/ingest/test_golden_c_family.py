"""Golden tests: tests/fixtures/ingest/c and .../cpp (quoted includes relative to the file, include/
directories, angle includes of repository headers, directory-suffix matches, system headers;
calls into other translation units as unique guesses; C++ out-of-class methods and bases)."""

from __future__ import annotations

import pytest

from ingest import ScanResult
from tests.unit.ingest.views import contains, edges, files, scan_fixture, symbols


@pytest.fixture(scope="module")
def c_result() -> ScanResult:
    return scan_fixture("c")


@pytest.fixture(scope="module")
def cpp_result() -> ScanResult:
    return scan_fixture("cpp")


def test_c_files_and_symbols(c_result: ScanResult) -> None:
    assert files(c_result) == {
        "include/mylib/api.h": "c",  # no C++ source in the tree: headers are C
        "src/api.c": "c",
        "src/internal.h": "c",
        "src/main.c": "c",
        "lib/util/strings.h": "c",
        "lib/util/strings.c": "c",
    }
    # Prototypes are declarations, not symbols.
    assert symbols(c_result) == {
        "include/mylib/api.h::struct::point",
        "src/api.c::function::add",
        "src/internal.h::function::clamp",
        "src/main.c::function::main",
        "lib/util/strings.c::function::str_len",
    }


def test_c_includes(c_result: ScanResult) -> None:
    assert edges(c_result, "IMPORTS") == {
        ("file::src/api.c", "file::include/mylib/api.h"): 1.0,  # "mylib/api.h" via include/
        ("file::src/api.c", "file::src/internal.h"): 1.0,  # beside the including file
        ("file::src/main.c", "file::include/mylib/api.h"): 1.0,  # <mylib/api.h> is ours too
        ("file::src/main.c", "file::lib/util/strings.h"): 1.0,  # "util/strings.h": the directory holding it
        ("file::lib/util/strings.c", "file::lib/util/strings.h"): 1.0,
    }
    assert c_result.report.references["import"] == {"resolved": 5, "stdlib": 1, "unresolved": 1}
    assert c_result.packages == ()


def test_c_calls(c_result: ScanResult) -> None:
    assert edges(c_result, "CALLS") == {
        ("src/api.c::function::add", "src/internal.h::function::clamp"): 1.0,
        # The headers main.c includes only declare these: the unique definitions are guesses.
        ("src/main.c::function::main", "src/api.c::function::add"): 0.5,
        ("src/main.c::function::main", "lib/util/strings.c::function::str_len"): 0.5,
    }
    assert c_result.report.references["call"] == {"resolved": 3, "unresolved": 1}  # printf


def test_cpp(cpp_result: ScanResult) -> None:
    assert files(cpp_result) == {
        "include/engine/shape.hpp": "cpp",
        "src/circle.hpp": "cpp",
        "src/circle.cpp": "cpp",
        "src/main.cpp": "cpp",
    }
    assert symbols(cpp_result) == {
        "include/engine/shape.hpp::class::Shape",
        "src/circle.hpp::class::Circle",
        "src/circle.cpp::function::square",
        "src/circle.cpp::method::Circle.Circle",  # Circle::Circle defined out of class
        "src/circle.cpp::method::Circle.area",
        "src/main.cpp::function::main",
    }
    assert contains(cpp_result) == set()  # the class is declared in the header, not here
    assert edges(cpp_result, "IMPORTS") == {
        ("file::src/circle.hpp", "file::include/engine/shape.hpp"): 1.0,
        ("file::src/circle.cpp", "file::src/circle.hpp"): 1.0,
        ("file::src/main.cpp", "file::src/circle.hpp"): 1.0,
    }
    assert cpp_result.report.references["import"] == {"resolved": 3, "stdlib": 1}  # <cmath>
    assert edges(cpp_result, "CALLS") == {
        ("src/circle.cpp::method::Circle.area", "src/circle.cpp::function::square"): 1.0
    }
    # c.area() in main.cpp: circle.hpp only declares area; a receiver call is never guessed globally.
    assert cpp_result.report.references["call"] == {"resolved": 1, "unresolved": 1}
    assert edges(cpp_result, "INHERITS") == {
        ("src/circle.hpp::class::Circle", "include/engine/shape.hpp::class::Shape"): 1.0,
    }
