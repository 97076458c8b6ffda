"""JavaScript/JSX and TypeScript/TSX: one shared query core plus the TypeScript-only forms."""

from __future__ import annotations

import tree_sitter_javascript
import tree_sitter_typescript

from ingest.parse.engine import LanguageSpec

_COMMON = r"""
(class_declaration name: (_) @name) @def.class
(function_declaration name: (identifier) @name) @def.function
(generator_function_declaration name: (identifier) @name) @def.function
(method_definition name: (_) @name) @def.method
(variable_declarator
  name: (identifier) @name
  value: [(arrow_function) (function_expression) (generator_function)]) @def.function
(call_expression function: (identifier) @name) @ref.call
(call_expression function: (member_expression object: (_) @receiver property: (property_identifier) @name)) @ref.call
(new_expression constructor: (identifier) @name) @ref.call
(new_expression constructor: (member_expression object: (_) @receiver property: (property_identifier) @name)) @ref.call
(import_statement source: (string (string_fragment) @import.spec))
(export_statement source: (string (string_fragment) @import.spec))
((call_expression
   function: (identifier) @_require
   arguments: (arguments . (string (string_fragment) @import.spec)))
 (#eq? @_require "require"))
(call_expression function: (import) arguments: (arguments . (string (string_fragment) @import.spec)))
"""

# JSX elements named like components (capitalised) are uses of those components.
_JSX = r"""
((jsx_self_closing_element name: (identifier) @name) @ref.call (#match? @name "^[A-Z]"))
((jsx_opening_element name: (identifier) @name) @ref.call (#match? @name "^[A-Z]"))
"""

_JAVASCRIPT_ONLY = r"""
(field_definition property: (property_identifier) @name value: [(arrow_function) (function_expression)]) @def.method
(class_heritage [(identifier) (member_expression)] @ref.inherit)
"""

_TYPESCRIPT_ONLY = r"""
(public_field_definition name: (property_identifier) @name value: [(arrow_function) (function_expression)]) @def.method
(abstract_class_declaration name: (_) @name) @def.class
(interface_declaration name: (_) @name) @def.interface
(enum_declaration name: (_) @name) @def.enum
(internal_module name: (identifier) @name) @def.module
(extends_clause value: [(identifier) (member_expression)] @ref.inherit)
(implements_clause [(type_identifier) (nested_type_identifier) (generic_type)] @ref.inherit)
(extends_type_clause type: [(type_identifier) (nested_type_identifier) (generic_type)] @ref.inherit)
(import_require_clause source: (string (string_fragment) @import.spec))
"""

_SELF = frozenset({"this", "super"})

JAVASCRIPT = LanguageSpec(
    name="javascript",
    grammar=tree_sitter_javascript.language,
    query=_COMMON + _JSX + _JAVASCRIPT_ONLY,
    self_names=_SELF,
)

TYPESCRIPT = LanguageSpec(
    name="typescript",
    grammar=tree_sitter_typescript.language_typescript,
    query=_COMMON + _TYPESCRIPT_ONLY,
    self_names=_SELF,
)

TSX = LanguageSpec(
    name="tsx",
    grammar=tree_sitter_typescript.language_tsx,
    query=_COMMON + _JSX + _TYPESCRIPT_ONLY,
    self_names=_SELF,
)
