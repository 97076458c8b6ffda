"""Per-file parsing: qualified names, nesting, disambiguation, and import forms per language."""

from __future__ import annotations

import hashlib

from rooms.ingest import parse_file
from rooms.ingest.parse.model import RawImport, RawReference


def _symbols(path: str, language: str, source: str) -> list[tuple[str, str, str]]:
    return [(s.kind, s.qualified_name, s.parent) for s in parse_file(path, language, source.encode()).symbols]


def test_duplicate_qualified_names_get_a_stable_disambiguator() -> None:
    source = "if X:\n    def f(): pass\nelse:\n    def f(): pass\n\nclass C:\n    def m(self): pass\n    def m(self): pass\n" \
             "    class D:\n        def m(self): pass\n"
    assert _symbols("a.py", "python", source) == [
        ("function", "f", ""),
        ("function", "f#2", ""),
        ("class", "C", ""),
        ("method", "C.m", "C"),
        ("method", "C.m#2", "C"),
        ("class", "C.D", "C"),
        ("method", "C.D.m", "C.D"),
    ]


def test_nested_definitions_and_reference_scopes() -> None:
    parse = parse_file("a.py", "python", b"def outer():\n    def inner():\n        work()\n    inner()\n\nstart()\n")
    assert [(s.qualified_name, s.parent, s.start_line, s.end_line) for s in parse.symbols] == [
        ("outer", "", 1, 4),
        ("outer.inner", "outer", 2, 3),
    ]
    assert parse.references == (
        RawReference("call", "inner", "outer", "", 1),
        RawReference("call", "start", "", "", 1),
        RawReference("call", "work", "outer.inner", "", 1),
    )


def test_references_are_collapsed_with_counts() -> None:
    parse = parse_file("a.js", "javascript", b"function f() { g(); g(); this.h(); o.h(); }\n")
    assert parse.references == (
        RawReference("call", "g", "f", "", 2),
        RawReference("call", "h", "f", "o", 1),
        RawReference("call", "h", "f", "self", 1),
    )


def test_python_import_forms() -> None:
    parse = parse_file("p/m.py", "python", b"import a.b as c, d\nfrom .. import x\nfrom .y import (z as w, v)\nfrom q import *\n")
    assert parse.imports == (
        RawImport("a.b", 1),
        RawImport("d", 1),
        RawImport("", 2, "from", 2, ("x",)),
        RawImport("y", 3, "from", 1, ("z", "v")),
        RawImport("q", 4, "from", 0, ("*",)),
    )


def test_rust_use_trees_are_flattened() -> None:
    parse = parse_file("src/lib.rs", "rust", b"use crate::a::{b, c::D as E, self};\nuse std::{fmt, io::{self, Read}};\nmod m;\n")
    assert [(i.specifier, i.form) for i in parse.imports] == [
        ("crate::a", "use"), ("crate::a::b", "use"), ("crate::a::c::D", "use"),
        ("std::fmt", "use"), ("std::io", "use"), ("std::io::Read", "use"),
        ("m", "mod"),
    ]


def test_php_group_uses_and_namespaces() -> None:
    source = b"<?php\nnamespace App\\Http;\nuse Lib\\{A, B\\C as D};\nuse function Lib\\util\\fmt;\n"
    parse = parse_file("a.php", "php", source)
    assert parse.namespaces == ("App.Http",)
    assert [(i.specifier, i.form) for i in parse.imports] == [
        ("Lib.A", ""), ("Lib.B.C", ""), ("Lib.util.fmt", "function"),
    ]


def test_csharp_nested_namespaces_and_using_forms() -> None:
    source = b"using static A.B.C;\nusing X = A.D;\nnamespace Outer { namespace Inner { class K {} } }\n"
    parse = parse_file("a.cs", "csharp", source)
    assert parse.namespaces == ("Outer", "Outer.Inner")
    assert [(i.specifier, i.form) for i in parse.imports] == [("A.B.C", "static"), ("A.D", "alias")]
    assert [s.qualified_name for s in parse.symbols] == ["K"]


def test_owners_of_out_of_line_definitions() -> None:
    cpp = "struct A { void m(); };\nvoid A::m() { }\nA::~A() { }\n"
    assert _symbols("a.cpp", "cpp", cpp) == [
        ("struct", "A", ""),
        ("method", "A.m", "A"),
        ("method", "A.~A", "A"),
    ]
    go = "package p\ntype T struct{}\nfunc (t *T) M() {}\nfunc F() {}\n"
    assert _symbols("a.go", "go", go) == [("struct", "T", ""), ("method", "T.M", "T"), ("function", "F", "")]
    ruby = "class A::B\n  def m; end\nend\n"
    assert _symbols("a.rb", "ruby", ruby) == [("class", "A.B", ""), ("method", "A.B.m", "A.B")]


def test_tsx_is_parsed_with_the_tsx_grammar() -> None:
    parse = parse_file("a.tsx", "typescript", b"export const View = () => <Item<string> value={1} />;\nfunction Item() {}\n")
    assert [s.qualified_name for s in parse.symbols] == ["View", "Item"]
    assert not parse.issues


def test_file_facts() -> None:
    content = "# Títle\nbody".encode()  # 13 bytes: "í" takes two
    parse = parse_file("a.md", "docs", content)
    assert (parse.size, parse.lines, parse.symbols, parse.issues) == (13, 2, (), ())
    assert parse.sha256 == hashlib.sha256(content).hexdigest()
    assert parse_file("b.md", "docs", b"one\ntwo\n").lines == 2
