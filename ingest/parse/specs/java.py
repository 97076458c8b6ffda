"""Java: classes/records, interfaces/annotations, enums, methods and constructors, imports, package."""

from __future__ import annotations

from collections.abc import Iterator

import tree_sitter_java
from tree_sitter import Node

from ingest.parse.engine import LanguageSpec, text_of
from ingest.parse.model import RawImport

_TYPE = "[(type_identifier) (scoped_type_identifier) (generic_type)]"

QUERY = rf"""
(class_declaration name: (identifier) @name) @def.class
(record_declaration name: (identifier) @name) @def.class
(interface_declaration name: (identifier) @name) @def.interface
(annotation_type_declaration name: (identifier) @name) @def.interface
(enum_declaration name: (identifier) @name) @def.enum
(method_declaration name: (identifier) @name) @def.method
(constructor_declaration name: (identifier) @name) @def.method
(superclass {_TYPE} @ref.inherit)
(super_interfaces (type_list {_TYPE} @ref.inherit))
(extends_interfaces (type_list {_TYPE} @ref.inherit))
(method_invocation !object name: (identifier) @name) @ref.call
(method_invocation object: (_) @qualifier name: (identifier) @name) @ref.call
(object_creation_expression type: {_TYPE} @name) @ref.call
(import_declaration) @import
(package_declaration [(identifier) (scoped_identifier)] @namespace)
"""


def _imports(node: Node) -> Iterator[RawImport]:
    path = next((c for c in node.named_children if c.type in ("identifier", "scoped_identifier")), None)
    if path is None:
        return
    kinds = {child.type for child in node.children}
    form = "wildcard" if "asterisk" in kinds else "static" if "static" in kinds else ""
    yield RawImport(text_of(path), node.start_point[0] + 1, form)


SPEC = LanguageSpec(
    name="java",
    grammar=tree_sitter_java.language,
    query=QUERY,
    import_handler=_imports,
    self_names=frozenset({"this", "super"}),
)
