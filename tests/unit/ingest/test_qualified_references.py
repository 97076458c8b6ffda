"""Qualified references resolve to what they qualify: a qualifier (or an imported name) that reaches outside the
repository (``std::fmt::Debug``, ``java.util.List``, ``fmt.Println``, ``os.path.join``) never resolves to a
same-named symbol of the repository; one through a module, package or type of the repository still does."""

from __future__ import annotations

from pathlib import Path

from ingest import ScanResult
from tests.unit.ingest.trees import scan_files


def _edges(result: ScanResult, kind: str) -> set[tuple[str, str]]:
    return {(e.source, e.target) for e in result.edges if e.kind == kind}


def test_rust_std_traits_never_resolve_to_a_local_type_of_that_name(tmp_path: Path) -> None:
    # ripgrep's shape: a flag type named Debug, and std's Debug implemented everywhere.
    result = scan_files(
        tmp_path,
        {
            "Cargo.toml": '[package]\nname = "app"\n',
            "src/main.rs": "mod flags;\nmod report;\nmod plain;\nfn main() { flags::parse(); }\n",
            "src/flags.rs": "pub struct Debug;\npub struct Display;\npub fn parse() {}\n"
            "pub fn exit() {}\npub fn run() { std::process::exit(0); }\n",
            "src/report.rs": "use std::fmt;\npub struct Report;\n"
            "impl std::fmt::Debug for Report {\n"
            "    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { Ok(()) }\n}\n"
            "impl fmt::Display for Report {\n"
            "    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { Ok(()) }\n}\n",
            "src/plain.rs": "use std::fmt::Debug;\npub struct Plain;\nimpl Debug for Plain {}\n",
        },
    )
    assert _edges(result, "INHERITS") == set()
    assert _edges(result, "CALLS") == {("src/main.rs::function::main", "src/flags.rs::function::parse")}


def test_rust_paths_through_the_crate_still_resolve(tmp_path: Path) -> None:
    result = scan_files(
        tmp_path,
        {
            "Cargo.toml": '[package]\nname = "app"\n',
            "src/main.rs": "mod flags;\nmod a;\nmod b;\nmod c;\n",
            "src/flags.rs": "pub trait Debug {}\npub fn parse() {}\n",
            "src/a.rs": "pub struct A;\nimpl crate::flags::Debug for A {}\nfn go() { crate::flags::parse(); }\n",
            "src/b.rs": "use crate::flags::Debug;\npub struct B;\nimpl Debug for B {}\n",
            "src/c.rs": "use crate::flags;\npub struct C;\nimpl flags::Debug for C {}\n"
            "impl C { fn new() -> C { C } }\nfn go() { flags::parse(); C::new(); }\n",
        },
    )
    debug = "src/flags.rs::trait::Debug"
    assert _edges(result, "INHERITS") == {
        ("src/a.rs::struct::A", debug),
        ("src/b.rs::struct::B", debug),
        ("src/c.rs::struct::C", debug),
    }
    assert ("src/c.rs::function::go", "src/flags.rs::function::parse") in _edges(result, "CALLS")
    assert ("src/c.rs::function::go", "src/c.rs::method::C.new") in _edges(result, "CALLS")


def test_rust_tests_and_examples_use_their_own_crate_by_its_name(tmp_path: Path) -> None:
    # ripgrep's shape: crates/matcher/tests use grep_matcher, which another crate of the workspace depends on.
    result = scan_files(
        tmp_path,
        {
            "Cargo.toml": '[workspace]\nmembers = ["matcher", "printer"]\n',
            "matcher/Cargo.toml": '[package]\nname = "grep-matcher"\n',
            "matcher/src/lib.rs": "pub trait Matcher {}\npub struct Match;\n"
            "impl Match { pub fn new() -> Match { Match } }\n",
            "matcher/tests/util.rs": "use grep_matcher::{Match, Matcher};\npub struct Regex;\nimpl Matcher for Regex {}\n"  # noqa: E501 - file content verbatim
            "fn find() -> Match { Match::new() }\n",
            "printer/Cargo.toml": '[package]\nname = "grep-printer"\n'
            '[dependencies]\ngrep-matcher = { path = "../matcher" }\n',
            "printer/src/lib.rs": "use grep_matcher::Matcher;\n",
        },
    )
    assert ("file::matcher/tests/util.rs", "file::matcher/src/lib.rs") in _edges(result, "IMPORTS")
    assert _edges(result, "USES_PACKAGE") == set()  # the workspace's own crate is no package
    assert _edges(result, "INHERITS") == {
        ("matcher/tests/util.rs::struct::Regex", "matcher/src/lib.rs::trait::Matcher")
    }
    assert _edges(result, "CALLS") == {
        ("matcher/tests/util.rs::function::find", "matcher/src/lib.rs::method::Match.new")
    }


def test_java_qualified_and_imported_jdk_types_never_resolve_to_a_local_class(tmp_path: Path) -> None:
    src = "src/main/java/com/acme"
    result = scan_files(
        tmp_path,
        {
            f"{src}/List.java": "package com.acme;\n"
            "public class List {\n  public static int count(Object o) { return 0; }\n}\n",
            f"{src}/Registry.java": "package com.acme;\n\nimport java.util.Objects;\n\n"
            "public class Registry extends java.util.AbstractList implements java.util.List {\n"
            "  boolean same(Object a, Object b) { return Objects.equals(a, b); }\n"
            "  boolean equals(Object a, Object b) { return false; }\n"
            "  int code() { return java.util.Objects.hash(this); }\n"
            "  int hash(Object o) { return 1; }\n"
            "  Object copy() { return new java.util.ArrayList(); }\n"
            "}\n",
            f"{src}/ArrayList.java": "package com.acme;\npublic class ArrayList {}\n",
            f"{src}/util/Lists.java": "package com.acme.util;\n\nimport java.util.List;\n\n"
            "public abstract class Lists implements List {}\n",
            f"{src}/Own.java": "package com.acme;\n\npublic class Own extends com.acme.List {\n"
            "  Object make() { return new com.acme.ArrayList(); }\n"
            "  int code() { return com.acme.List.count(this); }\n}\n",
        },
    )
    own = f"{src}/Own.java::class::Own"
    assert _edges(result, "INHERITS") == {(own, f"{src}/List.java::class::List")}
    assert _edges(result, "CALLS") == {
        (f"{src}/Own.java::method::Own.make", f"{src}/ArrayList.java::class::ArrayList"),
        (f"{src}/Own.java::method::Own.code", f"{src}/List.java::method::List.count"),
    }


def test_java_names_of_a_local_java_util_package_resolve(tmp_path: Path) -> None:
    result = scan_files(
        tmp_path,
        {
            "src/java/util/List.java": "package java.util;\npublic interface List {}\n",
            "src/app/Impl.java": "package app;\npublic abstract class Impl implements java.util.List {}\n",
        },
    )
    assert _edges(result, "INHERITS") == {
        ("src/app/Impl.java::class::Impl", "src/java/util/List.java::interface::List")
    }


def test_go_selectors_on_imported_packages_never_resolve_to_a_local_name(tmp_path: Path) -> None:
    result = scan_files(
        tmp_path,
        {
            "go.mod": "module example.com/app\n\nrequire github.com/sirupsen/logrus v1.9.3\n",
            "main.go": 'package main\n\nimport (\n\t"fmt"\n\tlog "github.com/sirupsen/logrus"\n\n'
            '\t"example.com/app/store"\n)\n\n'
            "type Stringer interface{ String() string }\n\n"
            "type Item struct {\n\tfmt.Stringer\n}\n\n"
            "func Println(a ...any) {}\n\nfunc Info(a ...any) {}\n\n"
            'func main() {\n\tfmt.Println("x")\n\tlog.Info("y")\n\tstore.Open()\n}\n\n'
            "func local() { Println() }\n",
            "other.go": 'package main\n\nimport "fmt"\n\nfunc helper() { fmt.Println("z") }\n',
            "store/store.go": "package store\n\nfunc Open() {}\n",
        },
    )
    assert _edges(result, "CALLS") == {
        ("main.go::function::main", "store/store.go::function::Open"),
        ("main.go::function::local", "main.go::function::Println"),
    }
    assert _edges(result, "INHERITS") == set()


def test_python_attributes_of_imported_modules_never_resolve_to_a_local_name(tmp_path: Path) -> None:
    result = scan_files(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/paths.py": "import os\nimport os.path as osp\n\n\ndef join(*parts):\n    return ''\n\n\n"
            "def build():\n    return os.path.join('a', 'b')\n\n\n"
            "def build_aliased():\n    return osp.join('c')\n\n\n"
            "def build_plain():\n    return join('d')\n",
            "pkg/tool.py": "from os.path import join\nfrom pkg import paths\n\n\n"
            "def run():\n    return join('a')\n\n\n"
            "def run_qualified():\n    return paths.join('b')\n",
        },
    )
    assert _edges(result, "CALLS") == {
        ("pkg/paths.py::function::build_plain", "pkg/paths.py::function::join"),
        ("pkg/tool.py::function::run_qualified", "pkg/paths.py::function::join"),  # a module of the repository
    }
