"""Per-file parsing: qualified names, nesting, disambiguation, and import forms per language."""

from __future__ import annotations

import hashlib

from ingest import parse_file
from ingest.parse.model import RawImport, RawReference


def _symbols(path: str, language: str, source: str) -> list[tuple[str, str, str]]:
    return [(s.kind, s.qualified_name, s.parent) for s in parse_file(path, language, source.encode()).symbols]


def test_duplicate_qualified_names_get_a_stable_disambiguator() -> None:
    source = (
        "if X:\n    def f(): pass\nelse:\n    def f(): pass\n\n"
        "class C:\n    def m(self): pass\n    def m(self): pass\n"
        "    class D:\n        def m(self): pass\n"
    )
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
    parse = parse_file(
        "p/m.py", "python", b"import a.b as c, d\nfrom .. import x\nfrom .y import (z as w, v)\nfrom q import *\n"
    )
    assert parse.imports == (
        RawImport("a.b", 1, "as", 0, ("c",)),  # the name it binds
        RawImport("d", 1),
        RawImport("", 2, "from", 2, ("x",)),
        RawImport("y", 3, "from", 1, ("z", "v")),
        RawImport("q", 4, "from", 0, ("*",)),
    )


def test_rust_use_trees_are_flattened() -> None:
    parse = parse_file(
        "src/lib.rs", "rust", b"use crate::a::{b, c::D as E, self, f::*};\nuse std::{fmt, io::{self, Read}};\nmod m;\n"
    )
    assert [(i.specifier, i.form, i.names) for i in parse.imports] == [
        ("crate::a", "use", ()),
        ("crate::a::b", "use", ()),
        ("crate::a::c::D", "use", ("E",)),
        ("crate::a::f::*", "use", ()),  # a glob binds no name of its own
        ("std::fmt", "use", ()),
        ("std::io", "use", ()),
        ("std::io::Read", "use", ()),
        ("m", "mod", ()),
    ]


def test_php_group_uses_and_namespaces() -> None:
    source = b"<?php\nnamespace App\\Http;\nuse Lib\\{A, B\\C as D};\nuse function Lib\\util\\fmt;\n"
    parse = parse_file("a.php", "php", source)
    assert parse.namespaces == ("App.Http",)
    assert [(i.specifier, i.form) for i in parse.imports] == [
        ("Lib.A", ""),
        ("Lib.B.C", ""),
        ("Lib.util.fmt", "function"),
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
    parse = parse_file(
        "a.tsx", "typescript", b"export const View = () => <Item<string> value={1} />;\nfunction Item() {}\n"
    )
    assert [s.qualified_name for s in parse.symbols] == ["View", "Item"]
    assert not parse.issues


def test_file_facts() -> None:
    content = "# Títle\nbody".encode()  # 13 bytes: "í" takes two
    parse = parse_file("a.md", "docs", content)
    assert (parse.size, parse.lines, parse.symbols, parse.issues) == (13, 2, (), ())
    assert parse.sha256 == hashlib.sha256(content).hexdigest()
    assert parse_file("b.md", "docs", b"one\ntwo\n").lines == 2


def test_the_name_memos_give_what_a_fresh_split_gives_and_start_again_when_full(monkeypatch) -> None:
    from ingest.parse import engine

    sources = [
        ("a.py", "python", b"class A(Base):\n    def m(self):\n        self.go(); other.run(); x().y(); A.make()\n"),
        ("b.rb", "ruby", b"class B < Base\n  def m\n    Foo.new; self.go; obj.run\n  end\nend\n"),
        ("c.cpp", "cpp", b"void ns::A::m() { this->go(); p->run(); ns::f(); }\n"),
    ]
    fresh = []
    for path, language, source in sources:
        engine._PARTS.clear()
        engine._RECEIVERS.clear()
        fresh.append(parse_file(path, language, source))
    monkeypatch.setattr(engine, "_MEMO_LIMIT", 2)  # every few names, both memos start again
    for _ in range(2):  # the second time round, every text is in a memo (or was, before it started again)
        assert [parse_file(path, language, source) for path, language, source in sources] == fresh
        assert len(engine._PARTS) <= 2 and len(engine._RECEIVERS) <= 2
