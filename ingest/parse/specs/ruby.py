"""Ruby: classes, modules, methods, superclasses and mixins, ``require``/``require_relative``."""

from __future__ import annotations

from collections.abc import Iterator

import tree_sitter_ruby
from tree_sitter import Node

from ingest.parse.engine import LanguageSpec, text_of
from ingest.parse.model import RawImport

# Calls that are declarations, imports or mixins, never a reference to a method of the repository.
_NOT_CALLS = "|".join(
    (
        "require",
        "require_relative",
        "load",
        "autoload",
        "include",
        "extend",
        "prepend",
        "attr_reader",
        "attr_writer",
        "attr_accessor",
        "private",
        "protected",
        "public",
        "module_function",
    )
)

QUERY = rf"""
(class name: [(constant) (scope_resolution)] @name) @def.class
(module name: [(constant) (scope_resolution)] @name) @def.module
(method name: (_) @name) @def.function
(singleton_method name: (_) @name) @def.method
(superclass [(constant) (scope_resolution)] @ref.inherit)
((call
   method: (identifier) @_mixin
   arguments: (argument_list [(constant) (scope_resolution)] @ref.inherit))
 (#any-of? @_mixin "include" "extend" "prepend"))
((call !receiver method: (identifier) @name) @ref.call
 (#not-match? @name "^({_NOT_CALLS})$"))
(call receiver: (_) @receiver method: (identifier) @name) @ref.call
((call method: (identifier) @_require) @import
 (#any-of? @_require "require" "require_relative" "load" "autoload"))
"""


def _requires(node: Node) -> Iterator[RawImport]:
    method = node.child_by_field_name("method")
    arguments = node.child_by_field_name("arguments")
    if method is None or arguments is None:
        return
    strings = [c for c in arguments.named_children if c.type == "string"]
    if not strings:
        return
    content = next((c for c in strings[-1].named_children if c.type == "string_content"), None)
    if content is None:  # interpolated or empty: nothing static to resolve
        return
    form = "relative" if text_of(method) == "require_relative" else ""
    yield RawImport(text_of(content), node.start_point[0] + 1, form)


SPEC = LanguageSpec(
    name="ruby",
    grammar=tree_sitter_ruby.language,
    query=QUERY,
    import_handler=_requires,
    self_names=frozenset({"self"}),
    method_containers=frozenset({"class", "module"}),
    constructor_method="new",
)
