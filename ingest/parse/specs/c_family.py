"""C and C++: function definitions (prototypes are declarations, not symbols), structs, unions,
enums, classes, base classes, calls, and ``#include`` (quoted vs angle-bracket)."""

from __future__ import annotations

from collections.abc import Iterator

import tree_sitter_c
import tree_sitter_cpp
from tree_sitter import Node

from ingest.parse.engine import LanguageSpec, text_of
from ingest.parse.model import RawImport


def _function_definitions(names: str) -> str:
    """Function definitions whose declarator is wrapped in up to two pointer/reference layers."""
    wrappers = [
        "{}",
        "(pointer_declarator declarator: {})",
        "(pointer_declarator declarator: (pointer_declarator declarator: {}))",
    ]
    if "field_identifier" in names:  # C++ also returns references
        wrappers.append("(reference_declarator {})")
    core = f"(function_declarator declarator: {names} @name)"
    return "\n".join(f"(function_definition declarator: {w.format(core)}) @def.function" for w in wrappers)


_C_FAMILY = r"""
(struct_specifier name: (type_identifier) @name body: (field_declaration_list)) @def.struct
(union_specifier name: (type_identifier) @name body: (field_declaration_list)) @def.struct
(enum_specifier name: (type_identifier) @name body: (enumerator_list)) @def.enum
(type_definition type: (struct_specifier !name body: (field_declaration_list))
                 declarator: (type_identifier) @name) @def.struct
(type_definition type: (union_specifier !name body: (field_declaration_list))
                 declarator: (type_identifier) @name) @def.struct
(type_definition type: (enum_specifier !name body: (enumerator_list)) declarator: (type_identifier) @name) @def.enum
(call_expression function: (identifier) @name) @ref.call
(call_expression function: (field_expression argument: (_) @receiver field: (field_identifier) @name)) @ref.call
(preproc_include) @import
"""

_CPP_ONLY = r"""
(class_specifier name: (type_identifier) @name body: (field_declaration_list)) @def.class
(base_class_clause [(type_identifier) (qualified_identifier) (template_type)] @ref.inherit)
(call_expression function: (qualified_identifier scope: (_) @receiver name: (identifier) @name)) @ref.call
(call_expression function: (template_function name: (identifier) @name)) @ref.call
(new_expression type: [(type_identifier) (qualified_identifier) (template_type)] @name) @ref.call
"""


def _includes(node: Node) -> Iterator[RawImport]:
    path = node.child_by_field_name("path")
    if path is None:
        return
    line = node.start_point[0] + 1
    if path.type == "system_lib_string":
        yield RawImport(text_of(path).strip("<>"), line, "system")
    elif path.type == "string_literal":
        yield RawImport(text_of(path).strip('"'), line, "")


C = LanguageSpec(
    name="c",
    grammar=tree_sitter_c.language,
    query=_function_definitions("(identifier)") + _C_FAMILY,
    import_handler=_includes,
)

CPP = LanguageSpec(
    name="cpp",
    grammar=tree_sitter_cpp.language,
    query=_function_definitions(
        "[(identifier) (field_identifier) (qualified_identifier) (destructor_name) (operator_name)]"
    )
    + _C_FAMILY
    + _CPP_ONLY,
    import_handler=_includes,
    self_names=frozenset({"this"}),
)
