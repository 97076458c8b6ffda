"""Where a file belongs before any graph: build modules per ecosystem, headers with sources, mirrored tests."""

from __future__ import annotations

import pytest

from rooms.candidate.homes import companion_modules, home_directories, module_of, module_roots
from rooms.candidate.membership import is_example_path, serves_the_code

ECOSYSTEMS = {
    "cargo workspace": (
        ["Cargo.toml", "crates/cli/Cargo.toml", "crates/cli/src/lib.rs", "crates/core/main.rs"],
        {"crates/cli/src": "crates/cli", "crates/core": ""},
    ),
    "maven multi-module": (
        ["pom.xml", "core/pom.xml", "core/src/main/java/a/A.java", "web/pom.xml", "web/src/main/java/b/B.java"],
        {"core/src/main/java/a": "core", "web/src/main/java/b": "web"},
    ),
    "gradle": (["settings.gradle", "svc/build.gradle.kts", "svc/src/main/kotlin/S.kt"], {"svc/src/main/kotlin": "svc"}),
    "npm workspaces": (
        ["package.json", "packages/ui/package.json", "packages/ui/src/x.ts", "tools/y.ts"],
        {"packages/ui/src": "packages/ui", "tools": ""},
    ),
    "go module": (["go.mod", "internal/http/server.go", "cmd/tool/main.go"], {"internal/http": "", "cmd/tool": ""}),
    "python": (
        ["pyproject.toml", "pkg/__init__.py", "plugins/x/setup.py", "plugins/x/x/core.py"],
        {"pkg": "", "plugins/x/x": "plugins/x"},
    ),
    "cmake": (
        ["CMakeLists.txt", "server/CMakeLists.txt", "server/main.cpp", "common/utils.cpp"],
        {"server": "server", "common": ""},
    ),
    "visual studio": (
        ["hyperdbg/hprdbgctrl/hprdbgctrl.vcxproj", "hyperdbg/hprdbgctrl/code/app.cpp", "misc/x.c"],
        {"hyperdbg/hprdbgctrl/code": "hyperdbg/hprdbgctrl", "misc": None},
    ),
}


@pytest.mark.parametrize("ecosystem", sorted(ECOSYSTEMS))
def test_the_deepest_build_manifest_above_a_directory_is_its_module(ecosystem: str) -> None:
    paths, expected = ECOSYSTEMS[ecosystem]
    roots = module_roots(paths)
    assert {directory: module_of(directory, roots) for directory in expected} == expected


def test_companion_modules_go_with_the_module_they_are_named_after() -> None:
    modules = dict.fromkeys(
        [
            "orders",
            "orders-api",
            "orders_client",
            "orders.contracts",
            "billing",
            "billingx",
            "apps/web",
            "apps/web-e2e",
            "web-api",
        ],
        1,
    )
    assert companion_modules(modules) == {
        "orders-api": "orders",
        "orders_client": "orders",
        "orders.contracts": "orders",
        "apps/web-e2e": "apps/web",
    }


def test_headers_pair_with_their_sources_and_include_trees_with_their_mirror() -> None:
    homes = home_directories(
        [
            "include/audio/fft.h",
            "src/dsp/fft.c",  # public header: pairs across trees
            "include/vector/vec.h",
            "src/vector/ops.c",  # no same-stem source: the mirror
            "Core/Include/Engine/Render.hpp",
            "Core/Src/Render/Render.cpp",
            "client/stream.hpp",
            "server/stream.cpp",
            "client/player.cpp",  # beside sources: own tree only
            "lib/only.h",
        ]
    )
    assert homes["include/audio/fft.h"] == "src/dsp"
    assert homes["include/vector/vec.h"] == "src/vector"
    assert homes["Core/Include/Engine/Render.hpp"] == "Core/Src/Render"
    assert homes["client/stream.hpp"] == "client"
    assert homes["lib/only.h"] == "lib"


def test_a_mirrored_test_tree_lives_with_the_package_it_tests() -> None:
    homes = home_directories(
        [
            "svc/src/main/java/p/A.java",
            "svc/src/test/java/p/ATest.java",
            "svc/src/integration-test/java/p/AIT.java",
            "svc/src/test/java/q/Lonely.java",
        ]
    )
    assert homes["svc/src/test/java/p/ATest.java"] == "svc/src/main/java/p"
    assert homes["svc/src/integration-test/java/p/AIT.java"] == "svc/src/main/java/p"
    assert homes["svc/src/test/java/q/Lonely.java"] == "svc/src/test/java/q"  # no such package: stays


def test_examples_are_example_trees_not_packages_named_example() -> None:
    assert is_example_path("examples/mvc/index.js") and is_example_path("example/main.go")
    assert is_example_path("lib/samples/demo.py")
    assert not is_example_path("core/src/main/java/com/example/Widget.java")
    assert serves_the_code("benches/parse.rs") and serves_the_code("tests/test_x.py")
    assert not serves_the_code("src/benchmarking.py")
