"""Go: functions, methods (qualified by receiver type), structs, interfaces, embedding, imports (with the
name an aliased import binds)."""

from __future__ import annotations

from collections.abc import Iterator

import tree_sitter_go
from tree_sitter import Node

from ingest.parse.engine import LanguageSpec, text_of
from ingest.parse.model import RawImport

QUERY = r"""
(function_declaration name: (identifier) @name) @def.function
(method_declaration
  receiver: (parameter_list (parameter_declaration type: [
    (type_identifier) @owner
    (pointer_type (type_identifier) @owner)
    (generic_type type: (type_identifier) @owner)
    (pointer_type (generic_type type: (type_identifier) @owner))]))
  name: (field_identifier) @name) @def.method
(type_spec name: (type_identifier) @name type: (struct_type)) @def.struct
(type_spec name: (type_identifier) @name type: (interface_type)) @def.interface
(field_declaration_list
 (field_declaration !name type: [(type_identifier) (qualified_type) (pointer_type)] @ref.inherit))
(interface_type (type_elem [(type_identifier) (qualified_type)] @ref.inherit))
(call_expression function: (identifier) @name) @ref.call
(call_expression function: (selector_expression operand: (_) @qualifier field: (field_identifier) @name)) @ref.call
(import_spec path: (interpreted_string_literal)) @import
(package_clause (package_identifier) @namespace)
"""


def _imports(node: Node) -> Iterator[RawImport]:
    path, name = node.child_by_field_name("path"), node.child_by_field_name("name")
    if path is not None:
        yield RawImport(text_of(path).strip('"'), path.start_point[0] + 1, names=(text_of(name),) if name else ())


SPEC = LanguageSpec(name="go", grammar=tree_sitter_go.language, query=QUERY, import_handler=_imports)
