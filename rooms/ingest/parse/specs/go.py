"""Go: functions, methods (qualified by receiver type), structs, interfaces, embedding, imports."""

from __future__ import annotations

import tree_sitter_go

from rooms.ingest.parse.engine import LanguageSpec

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
(field_declaration_list (field_declaration !name type: [(type_identifier) (qualified_type) (pointer_type)] @ref.inherit))
(interface_type (type_elem [(type_identifier) (qualified_type)] @ref.inherit))
(call_expression function: (identifier) @name) @ref.call
(call_expression function: (selector_expression operand: (_) @receiver field: (field_identifier) @name)) @ref.call
(import_spec path: (interpreted_string_literal) @import.spec)
(package_clause (package_identifier) @namespace)
"""

SPEC = LanguageSpec(name="go", grammar=tree_sitter_go.language, query=QUERY)
