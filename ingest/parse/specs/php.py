"""PHP: classes, interfaces, traits, enums, functions and methods, ``use`` of namespaces and traits,
``require``/``include`` of paths, namespace declarations. Namespaces are stored dotted (``App.Models``)."""

from __future__ import annotations

from collections.abc import Iterator

import tree_sitter_php
from tree_sitter import Node

from ingest.parse.engine import LanguageSpec, text_of
from ingest.parse.model import RawImport

_NAME = "[(name) (qualified_name)]"

QUERY = rf"""
(class_declaration name: (name) @name) @def.class
(interface_declaration name: (name) @name) @def.interface
(trait_declaration name: (name) @name) @def.trait
(enum_declaration name: (name) @name) @def.enum
(function_definition name: (name) @name) @def.function
(method_declaration name: (name) @name) @def.method
(base_clause {_NAME} @ref.inherit)
(class_interface_clause {_NAME} @ref.inherit)
(declaration_list (use_declaration {_NAME} @ref.inherit))
(function_call_expression function: {_NAME} @name) @ref.call
(member_call_expression object: (_) @receiver name: (name) @name) @ref.call
(nullsafe_member_call_expression object: (_) @receiver name: (name) @name) @ref.call
(scoped_call_expression scope: (_) @receiver name: (name) @name) @ref.call
(object_creation_expression {_NAME} @name) @ref.call
(namespace_use_declaration) @import
(require_expression) @import
(require_once_expression) @import
(include_expression) @import
(include_once_expression) @import
(namespace_definition name: (namespace_name) @namespace)
"""


def _imports(node: Node) -> Iterator[RawImport]:
    line = node.start_point[0] + 1
    if node.type != "namespace_use_declaration":
        literal = _last_string(node)
        if literal:
            yield RawImport(literal, line, "path")
        return
    group_prefix = ""
    for child in node.named_children:
        if child.type == "namespace_name":  # ``use A\B\{C, D}``
            group_prefix = text_of(child)
        elif child.type == "namespace_use_clause":
            yield RawImport(_dotted(_clause_path(child)), line, _clause_form(child))
        elif child.type == "namespace_use_group":
            for clause in child.named_children:
                if clause.type == "namespace_use_clause":
                    yield RawImport(_dotted(f"{group_prefix}\\{_clause_path(clause)}"), line, _clause_form(clause))


def _clause_form(clause: Node) -> str:
    """ "function" or "const" for ``use function``/``use const``; "" for classes and namespaces."""
    kind = clause.child_by_field_name("type")
    return text_of(kind) if kind is not None else ""


def _clause_path(clause: Node) -> str:
    alias = clause.child_by_field_name("alias")
    for child in clause.named_children:
        if child.type in ("qualified_name", "name") and (alias is None or child.id != alias.id):
            return text_of(child)
    return ""


def _last_string(node: Node) -> str:
    """The static part of ``require __DIR__ . '/x.php'``: the last string literal inside."""
    found = ""
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type in ("string_content", "string_value"):
            found = found or text_of(current)
        stack.extend(current.named_children)
    return found


def _dotted(path: str) -> str:
    return ".".join(part for part in path.split("\\") if part)


SPEC = LanguageSpec(
    name="php",
    grammar=tree_sitter_php.language_php,
    query=QUERY,
    import_handler=_imports,
    self_names=frozenset({"$this", "self", "static", "parent"}),
)
