"""C#: classes/records, structs, interfaces, enums, methods and constructors, usings, namespaces."""

from __future__ import annotations

from collections.abc import Iterator

import tree_sitter_c_sharp
from tree_sitter import Node

from ingest.parse.engine import LanguageSpec, text_of
from ingest.parse.model import RawImport

_TYPE = "[(identifier) (qualified_name) (generic_name)]"

QUERY = rf"""
(class_declaration name: (identifier) @name) @def.class
(record_declaration name: (identifier) @name) @def.class
(struct_declaration name: (identifier) @name) @def.struct
(interface_declaration name: (identifier) @name) @def.interface
(enum_declaration name: (identifier) @name) @def.enum
(method_declaration name: (identifier) @name) @def.method
(constructor_declaration name: (identifier) @name) @def.method
(base_list {_TYPE} @ref.inherit)
(invocation_expression function: (identifier) @name) @ref.call
(invocation_expression function: (generic_name (identifier) @name)) @ref.call
(invocation_expression function: (member_access_expression expression: _ @receiver name: (identifier) @name)) @ref.call
(invocation_expression function: (member_access_expression expression: _ @receiver
                                                          name: (generic_name (identifier) @name))) @ref.call
(object_creation_expression type: {_TYPE} @name) @ref.call
(using_directive) @import
(namespace_declaration name: (_) @namespace)
(file_scoped_namespace_declaration name: (_) @namespace)
"""


def _imports(node: Node) -> Iterator[RawImport]:
    alias = node.child_by_field_name("name")
    path = next(
        (
            c
            for c in node.named_children
            if c.type in ("identifier", "qualified_name") and (alias is None or c.id != alias.id)
        ),
        None,
    )
    if path is None:
        return
    kinds = {child.type for child in node.children}
    form = "static" if "static" in kinds else "alias" if alias is not None else ""
    yield RawImport(text_of(path), node.start_point[0] + 1, form)


SPEC = LanguageSpec(
    name="csharp",
    grammar=tree_sitter_c_sharp.language,
    query=QUERY,
    import_handler=_imports,
    self_names=frozenset({"this", "base"}),
)
