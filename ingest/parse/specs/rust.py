"""Rust: structs/enums/unions/traits, functions (methods inside ``impl``), inline and file modules,
``use`` trees expanded into one path each (a glob keeps its ``*``, an alias is the import's name), trait impls and
supertraits as inheritance. A ``path::call()`` is qualified by its path; a ``value.call()`` is not."""

from __future__ import annotations

from collections.abc import Iterator

import tree_sitter_rust
from tree_sitter import Node

from ingest.parse.engine import LanguageSpec, text_of
from ingest.parse.model import RawImport

QUERY = r"""
(struct_item name: (type_identifier) @name) @def.struct
(union_item name: (type_identifier) @name) @def.struct
(enum_item name: (type_identifier) @name) @def.enum
(trait_item name: (type_identifier) @name) @def.trait
(function_item name: (identifier) @name) @def.function
(mod_item name: (identifier) @name body: (declaration_list)) @def.module
(mod_item !body name: (identifier) @import.mod)
(impl_item type: (_) @owner) @scope.impl
(impl_item trait: (_) @ref.inherit)
(trait_item bounds: (trait_bounds [(type_identifier) (scoped_type_identifier) (generic_type)] @ref.inherit))
(call_expression function: (identifier) @name) @ref.call
(call_expression function: (field_expression value: (_) @receiver field: (field_identifier) @name)) @ref.call
(call_expression function: (scoped_identifier path: (_) @qualifier name: (identifier) @name)) @ref.call
(use_declaration argument: (_) @import)
(extern_crate_declaration name: (identifier) @import.extern)
"""


def _imports(node: Node) -> Iterator[RawImport]:
    line = node.start_point[0] + 1
    for path, alias in _expand(node, ""):
        yield RawImport(path, line, "use", names=(alias,) if alias else ())


def _expand(node: Node, prefix: str) -> Iterator[tuple[str, str]]:
    """Flatten a use tree into (path, alias): ``a::{b, c::D as E, self, f::*}`` -> a::b, (a::c::D, E), a, a::f::*."""
    kind = node.type
    if kind == "use_as_clause":
        path = node.child_by_field_name("path")
        alias = node.child_by_field_name("alias")
        if path is not None:
            for expanded, _ in _expand(path, prefix):
                yield expanded, text_of(alias) if alias is not None else ""
    elif kind == "scoped_use_list":
        path = node.child_by_field_name("path")
        inner = _join(prefix, text_of(path)) if path is not None else prefix
        listing = node.child_by_field_name("list")
        if listing is not None:
            yield from _expand(listing, inner)
    elif kind == "use_list":
        for child in node.named_children:
            yield from _expand(child, prefix)
    elif kind == "use_wildcard":  # the * stays: a glob binds no name of its own
        path = next(iter(node.named_children), None)
        yield _join(_join(prefix, text_of(path)) if path is not None else prefix, "*"), ""
    elif kind == "self":
        yield prefix, ""
    else:  # identifier, scoped_identifier, crate, super
        yield _join(prefix, text_of(node)), ""


def _join(prefix: str, path: str) -> str:
    return f"{prefix}::{path}" if prefix and path else prefix or path


SPEC = LanguageSpec(
    name="rust",
    grammar=tree_sitter_rust.language,
    query=QUERY,
    import_handler=_imports,
    self_names=frozenset({"self", "Self"}),
)
